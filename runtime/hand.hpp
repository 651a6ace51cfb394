// Pieces in hand (VariantInfo::hands: crazyhouse, shogi, seirawan): drops as moves of their own
// and gating, shared
// by generated modules and the interpreter. Captures into the hand and demotion are in
// Position::make; the FEN's "[...]" in Position's FEN code.
#pragma once

#include "runtime/movegen.hpp"

namespace fairy {

// Whether a drop keeps the side's pieces of each opposite_colours type able to stand half on each
// square colour (Fairy-Stockfish's dropOppositeColoredBishop, as it counts): a drop of such a
// piece may not put more than half of them, rounded up, on one colour; any other drop must leave
// enough of them on the board or empty squares of their drop ranks on each colour for half of
// them, rounded down.
inline bool drop_keeps_colours(const Position& pos, const Move& m) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  const auto colour = [&g](Square s) { return (g.file_of(s) + g.rank_of(s)) & 1; };
  const int dropped = m.promo - 1;
  for (int t = 0; t < int(v.pieces.size()); ++t) {
    if (!(v.hands.opposite_colours >> t & 1)) continue;
    const int total = pos.count(us, t) + pos.in_hand(us, t);
    std::array<int, 2> placed{}, room{};
    const Square* squares = pos.piece_squares(us);
    for (int i = 0; i < pos.piece_total(us); ++i)
      if (type_of(pos.at(squares[i])) == t) ++placed[colour(squares[i])];
    if (t == dropped) {
      if (placed[colour(m.to)] + 1 > (total + 1) / 2) return false;
      continue;
    }
    const unsigned ranks = v.hands.drop_ranks[t];
    for (int relative = 0; relative < g.ranks; ++relative) {
      if (!(ranks >> relative & 1)) continue;
      const int r = us == White ? relative : g.ranks - 1 - relative;
      for (int f = 0; f < g.files; ++f) {
        const Square s = g.square(f, r);
        if (pos.at(s) == kEmpty && s != m.to) ++room[colour(s)];
      }
    }
    for (int c : {0, 1})
      if (placed[c] + room[c] < total / 2) return false;
  }
  return true;
}

// Adds every drop from the side to move's hand: each type it holds, on each empty square of its
// drop ranks, except on a file holding an unpromoted piece of that type of the side (no_doubled),
// where the piece could never move again (no_dead_drops) and where opposite_colours forbids it;
// with drop_promoted, also as its promoted type (Move::promo - 1 is the type dropped; the hand
// loses VariantInfo::hand_type of it).
inline void generate_hand_drops(const Position& pos, MoveList& list) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  for (int t = 0; t < int(v.pieces.size()); ++t) {
    if (!pos.in_hand(us, t)) continue;
    std::uint32_t blocked_files = 0;
    if (v.hands.no_doubled >> t & 1) {
      const Square* squares = pos.piece_squares(us);
      for (int i = 0; i < pos.piece_total(us); ++i)
        if (type_of(pos.at(squares[i])) == t) blocked_files |= 1u << g.file_of(squares[i]);
    }
    const unsigned ranks = v.hands.drop_ranks[t];
    for (int relative = 0; relative < g.ranks; ++relative) {
      if (!(ranks >> relative & 1)) continue;
      const int r = us == White ? relative : g.ranks - 1 - relative;
      for (int f = 0; f < g.files; ++f) {
        const Square s = g.square(f, r);
        if (pos.at(s) != kEmpty || (blocked_files >> f & 1)) continue;
        for (const int dropped : {t, v.drop_face[t]}) {  // the piece, and its promoted face (drop_promoted)
          if (dropped < 0 || (v.hands.no_dead_drops && v.is_dead(us, dropped, s))) continue;
          const Move drop{kNoSquare, s, kNoSquare, kNoSquare, MoveKind::Drop, std::uint8_t(dropped + 1)};
          if (v.hands.opposite_colours && !drop_keeps_colours(pos, drop)) continue;
          list.push(drop);
        }
      }
    }
  }
}

// Gating (hands: {gating: true}, seirawan): every move of a piece that leaves a square with a
// gating right may also bring each type the side holds onto that square; castling may gate onto
// the royal piece's square or the partner's, unless the other piece lands there.
inline void add_gating_moves(const Position& pos, MoveList& list) {
  const VariantInfo& v = pos.variant();
  const Color us = pos.side_to_move();
  const int moves = list.size;
  for (int i = 0; i < moves; ++i) {
    const Move m = list.moves[i];
    if (m.from == kNoSquare || m.kind == MoveKind::Swap) continue;
    for (const bool at_partner : {false, true}) {
      if (at_partner && m.kind != MoveKind::Castling) break;
      const Square s = at_partner ? m.aux1 : m.from;
      if (!pos.is_gate(us, s) || (m.kind == MoveKind::Castling && (s == m.to || s == m.aux2))) continue;
      for (int t = 0; t < int(v.pieces.size()); ++t) {
        if (!pos.in_hand(us, t)) continue;
        Move gated = m;
        gated.gate = std::uint8_t((t + 1) | (at_partner ? kGateAtPartner : 0));
        list.push(gated);
      }
    }
  }
}

// Makes a drop from the hand if it leaves the side's royal piece safe (a drop may block a check).
template <class R>
bool make_drop_if_legal(Position& pos, const R& rules, const Move& m) {
  const Color us = pos.side_to_move();
  pos.make(m);
  const Square royal = pos.royal(us);
  if (royal != kNoSquare && rules.attacked(pos, royal, ~us)) {
    pos.unmake();
    return false;
  }
  return true;
}

// A drop cannot expose the royal piece when it was not in check, unless an enemy piece's route
// can turn on the square dropped on (a hopper's new screen: QuickLegality::turns_at); then, in
// check, and when the piece dropped is royal (placement: it may not land where it is attacked, as
// in Fairy-Stockfish), the drop is made and tested.
template <class R>
bool hand_drop_is_legal(Position& pos, const R& rules, const QuickLegality& quick, const Move& m) {
  if (quick.not_in_check() && !quick.turns_at(m.to) && !pos.variant().pieces[m.promo - 1].royal) return true;
  if (!make_drop_if_legal(pos, rules, m)) return false;
  pos.unmake();
  return true;
}

}  // namespace fairy
