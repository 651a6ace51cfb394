// Where an attack test looks: the squares, relative to the one captured on, whose contents a
// backward walk (runtime/back_walk.hpp) may read on an empty board of files x ranks, whatever
// stands on them, and for a locust capture those the rest of its path reads going on from the
// target. Only a change on one of them can change what the walk finds, so after a move an attack
// test runs only the walks whose routes pass a square the move left or entered. The one
// definition of an attack route: the interpreter's (for_attack_routes, VariantInfo::aligned) and
// the generated attack tests' route tables, built at compile time (runtime/back_walk.hpp:
// kAttackRoutes), instantiate it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "runtime/back_legs.hpp"
#include "runtime/empty_board_walk.hpp"
#include "runtime/geometry.hpp"
#include "runtime/program.hpp"

namespace fairy {

// The (leg, square) pairs a route walk has been at: each is walked on from once, which keeps a
// walk linear in legs x board instead of exponential in legs.
class RouteMarks {
 public:
  // Whether leg k has not been at (x, y) before (and marks it).
  constexpr bool first_visit(std::size_t k, int x, int y) {
    const std::size_t id = (k * std::size_t(kHeight) + std::size_t(y + kMaxRanks)) * std::size_t(kWidth) + std::size_t(x + kMaxFiles);
    const std::uint64_t bit = std::uint64_t(1) << (id % 64);
    if (bits_[id / 64] & bit) return false;
    bits_[id / 64] |= bit;
    return true;
  }

 private:
  static constexpr int kWidth = 2 * kMaxFiles + 1, kHeight = 2 * kMaxRanks + 1;
  std::array<std::uint64_t, (std::size_t(kMaxLegs) * kWidth * kHeight + 63) / 64> bits_{};
};

// Calls square(x, y) for each square walk w may read, walked back from (0, 0) on an empty files x
// ranks board: each leg as far as its range or the board goes (a same-length leg as any length
// its range allows), the leg before it from each square where it may have begun.
template <class Visit>
constexpr void for_back_walk_squares(const BackWalk& w, int files, int ranks, const Visit& square) {
  RouteMarks marks;
  const auto leg_from = [&](const auto& self, std::size_t k, int x, int y) -> void {
    const BackLeg& leg = w.legs[k];
    const int limit = leg.range ? leg.range : std::max(files, ranks);
    for (int j = 1, r = 0; j <= limit; ++j, r = r + 1 == leg.period ? 0 : r + 1) {
      x += leg.steps[std::size_t(r)].x;
      y += leg.steps[std::size_t(r)].y;
      if (x <= -files || x >= files || y <= -ranks || y >= ranks) return;
      square(x, y);
      if (k + 1 < std::size_t(w.leg_count) && ((leg.starts >> r) & 1) && marks.first_visit(k + 1, x, y)) self(self, k + 1, x, y);
    }
  };
  leg_from(leg_from, 0, 0, 0);
}

// Calls square(x, y) for each square the legs `legs` from leg `first` on (a locust capture's rest,
// legs a Path's or a PathDesc's used_legs()) may pass, walked forwards from (0, 0) on an empty
// files x ranks board (walk_empty_board; a same-length leg as any length).
template <class Legs, class Visit>
constexpr void for_rest_squares(const Legs& legs, std::size_t first, int files, int ranks, const Visit& square) {
  if (first >= legs.size()) return;
  RouteMarks marks;
  walk_empty_board(legs, first, 0, 0, 0, false, Geometry{files, ranks}, [&](std::size_t k, int x, int y, int, bool) {
    square(x, y);
    return k + 1 < legs.size() && marks.first_visit(k + 1, x, y) ? EmptyBoardStep::Onward : EmptyBoardStep::Pass;
  });
}

// Calls square(x, y) with every square, relative to the square captured on, of every route of
// `path` (a Path of one colour's program) that captures with leg `capture` (any capturing leg when
// capture < 0): those of each of its backward walks (back_walks), and after a locust capture those
// of the rest of the path.
template <class Visit>
void for_attack_routes(const Path& path, const Geometry& g, int capture, const Visit& square) {
  for (std::size_t k = 0; k < path.legs.size(); ++k) {
    if (!(path.legs[k].mode & kCapture) || (capture >= 0 && std::size_t(capture) != k)) continue;
    for (const BackWalk& w : back_walks(path, k, 0)) for_back_walk_squares(w, g.files, g.ranks, square);
    for_rest_squares(path.legs, k + 1, g.files, g.ranks, square);
  }
}

// A generated attack test's route table on a Files x Ranks mailbox: bit b of row [kSpan + d]
// (word b / 64) says whether the test's walk b may read the square at mailbox offset d from the
// target (offsets of two squares may alias: that only runs a walk more), kSpan being the largest
// offset between two squares. Built at compile time (runtime/back_walk.hpp's attacks_back).
template <int Files, int Ranks, std::size_t Words>
struct RouteTable {
  static constexpr Geometry kGeometry{Files, Ranks};
  static constexpr int kSpan = (Ranks - 1) * kGeometry.stride() + Files - 1;
  std::array<std::array<std::uint64_t, Words>, 2 * kSpan + 1> rows{};

  // Marks the squares of walk w as walk `bit`'s; a locust capture's rest is legs `rest` from
  // leg `first` on.
  template <class RestLegs>
  constexpr void mark(std::size_t bit, const BackWalk& w, const RestLegs& rest, std::size_t first) {
    const auto square = [&](int x, int y) { rows[std::size_t(kSpan + kGeometry.offset(x, y))][bit / 64] |= std::uint64_t(1) << (bit % 64); };
    for_back_walk_squares(w, Files, Ranks, square);
    if (w.locust) for_rest_squares(rest, first, Files, Ranks, square);
  }
  // The route bits of the walks that may read square a or b (either of them), seen from target s.
  constexpr std::uint64_t via(Square a, Square b, Square s, std::size_t word) const {
    return rows[std::size_t(kSpan + a - s)][word] | rows[std::size_t(kSpan + b - s)][word];
  }
};

}  // namespace fairy
