// Makruk's, Cambodian and ASEAN counting rules as Fairy-Stockfish implements them (its countingRule
// MAKRUK_COUNTING, CAMBODIAN_COUNTING and ASEAN_COUNTING, Position::count_limit and the end of
// Position::do_move; makruk and cambodian differ in data only, CountingRule): once no pawn is left and a side
// is weaker (the pieces' honour) or both are down to few pieces (the board's honour), the side
// counts moves; when the count passes its limit the game is drawn. The FEN carries the limit in
// the e.p. field and the count in the halfmove field, as Fairy-Stockfish writes them.
#pragma once

#include "runtime/types.hpp"

namespace fairy {

class Position;

// Plies: `limit` 0 = no count running.
struct Counting {
  int limit = 0;
  int ply = 0;
  friend bool operator==(const Counting&, const Counting&) = default;
};

// The counting limit in moves for `side` (0: it does not count), in position pos.
int count_limit(const Position& pos, Color side);

// The count after a move: pos is the position after it (the mover is ~side to move), before
// the count as it stood before the move; captured_pawn / capture_or_promotion describe the move.
Counting next_counting(const Position& pos, Counting before, bool captured_pawn, bool capture_or_promotion);

}  // namespace fairy
