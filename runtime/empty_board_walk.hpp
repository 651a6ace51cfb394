// Walking a path forwards on an empty board: the one definition of where its routes go when no
// piece stops or screens them, the board's size alone ending a slide. Relative to the square
// the walk starts on, so it serves every square of the board at once. VariantInfo asks it
// whether two routes of a piece can end alike (may_repeat), and the attack routes
// (runtime/attack_routes.hpp) where a locust capture's route goes on.
// (runtime/path_walk.hpp walks paths on a board with pieces; runtime/back_walk.hpp backwards.)
#pragma once

#include <algorithm>
#include <cstddef>

#include "runtime/geometry.hpp"
#include "runtime/program.hpp"

namespace fairy {

// What a walk does after a step (see walk_empty_board).
enum class EmptyBoardStep {
  Pass,    // on with this leg's next step
  Onward,  // the next leg begins here (then this leg's next step)
  Stop,    // the whole walk ends: walk_empty_board returns true
};

// Walks leg k of a path's legs `legs` (its Path::legs, or a PathDesc's used_legs()) and the legs
// after it from (x, y), relative to where the path began; `before`: the steps the leg before made
// (0: unknown). A leg makes 1 to its range steps (an unlimited one as many as the board allows); a
// same-length leg (XBetza i in a later leg) makes exactly `before` when `exact_lengths` and
// `before` is known, else as an unlimited one would. After each step on the board, visit(k, x, y,
// n, whole) says what next: n is the step count, whole whether the leg may end here (false only for
// a same-length leg short of its count). Returns whether a visit stopped the walk.
template <class Legs, class Visit>
constexpr bool walk_empty_board(const Legs& legs, std::size_t k, int x, int y, int before, bool exact_lengths, const Geometry& g,
                                const Visit& visit) {
  const Leg& leg = legs[k];
  const bool same_length = (leg.flags & kSameLength) && exact_lengths && before > 0;
  const int board = std::max(g.files, g.ranks);
  const int limit = same_length ? before : (leg.flags & kSameLength) ? board : leg.range ? leg.range : board;
  for (int n = 1; n <= limit; ++n) {
    int dx = 0, dy = 0;
    leg_step(leg, n - 1, &dx, &dy);
    x += dx;
    y += dy;
    if (x <= -g.files || x >= g.files || y <= -g.ranks || y >= g.ranks) return false;
    switch (visit(k, x, y, n, !same_length || n == limit)) {
      case EmptyBoardStep::Stop:
        return true;
      case EmptyBoardStep::Onward:
        if (k + 1 < legs.size() && walk_empty_board(legs, k + 1, x, y, n, exact_lengths, g, visit)) return true;
        break;
      case EmptyBoardStep::Pass:
        break;
    }
  }
  return false;
}

}  // namespace fairy
