#include "runtime/counting.hpp"

#include "runtime/position.hpp"

namespace fairy {

namespace {

int pieces_of(const Position& pos, Color c, int type) { return type < 0 ? 0 : pos.count(c, type); }

}  // namespace

int count_limit(const Position& pos, Color side) {
  const CountingRule& r = pos.variant().ends.counting;
  const Color them = ~side;
  const int pawns = pieces_of(pos, White, r.pawn) + pieces_of(pos, Black, r.pawn);
  const int own = pos.piece_total(side);
  if (r.asean) {
    if (pawns || own > 1) return 0;
    if (pieces_of(pos, them, r.rook)) return 16;
    if (pieces_of(pos, them, r.khon)) return 44;
    if (pieces_of(pos, them, r.knight)) return 64;
    return 0;
  }
  if (pos.piece_total(them) == 1 || (r.board_pieces && own > r.board_pieces) || (pawns && !r.board_with_pawns)) return 0;
  if (own > 1) return r.limits[0];  // the board's honour
  if (pawns) return 0;
  // The pieces' honour: by what the stronger side has.
  const int rooks = pieces_of(pos, them, r.rook), khons = pieces_of(pos, them, r.khon);
  if (rooks > 1) return r.limits[1];
  if (rooks == 1) return r.limits[2];
  if (khons > 1) return r.limits[3];
  if (pieces_of(pos, them, r.knight) > 1) return r.limits[4];
  if (khons == 1) return r.limits[5];
  return r.limits[6];
}

Counting next_counting(const Position& pos, Counting c, bool captured_pawn, bool capture_or_promotion) {
  const CountingRule& r = pos.variant().ends.counting;
  const Color stm = pos.side_to_move(), mover = ~stm;
  if (c.limit) ++c.ply;
  const int pawns = pieces_of(pos, White, r.pawn) + pieces_of(pos, Black, r.pawn);
  // The mover, bare, took the last pawn: it counts from here.
  if (captured_pawn && !r.asean && pos.piece_total(mover) == 1 && !pawns)
    if (const int moves = count_limit(pos, mover)) c = {2 * moves, 2 * (pos.piece_total(White) + pos.piece_total(Black)) - 1};
  // The side to move starts counting (again, when a capture or promotion leaves it bare).
  if (!c.limit || (capture_or_promotion && pos.piece_total(stm) == 1))
    if (const int moves = count_limit(pos, stm))
      c = {2 * moves, r.asean || pos.piece_total(stm) > 1 ? 0 : 2 * (pos.piece_total(White) + pos.piece_total(Black))};
  return c;
}

}  // namespace fairy
