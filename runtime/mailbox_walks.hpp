// The plainest paths of the generated mailbox move generators (generator/emit/mailbox.cpp): one leg
// along each of `rays` (mailbox offsets, as vec<Us, Stride> gives them), a leap or an unlimited
// slide ending on an empty square (Modes has kMove) or on an enemy, which it captures (kCapture);
// or a hop, a slide to a screen and on beyond it. A line of generated code for all the rays of a
// piece, each ray walked by runtime/path_walk.hpp's walk_leg, the one definition of walking a
// path, with its leg a compile-time constant (RayLegs): inlined and unrolled, each ray is a
// constant again, as in code written a ray at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "runtime/hot_inline.hpp"
#include "runtime/path_walk.hpp"
#include "runtime/position.hpp"
#include "runtime/program.hpp"
#include "runtime/types.hpp"

namespace fairy {

// The mailbox offset of the vector (dx, dy) on a board of mailbox stride Stride, dy counting
// ranks forwards for colour C.
template <Color C, int Stride>
constexpr int vec(int dx, int dy) {
  return dx + (C == White ? dy : -dy) * Stride;
}

// The legs of a path along one ray, for walk_leg: one leg of mode Modes and range Range (1 a
// leap, 0 a slide); with Hop, first a slide to a screen it hops (Leg mode kHop), then that leg.
template <int Modes, int Range, bool Hop>
struct RayLegs {
  int ray;  // the mailbox offset of every step
  template <std::size_t K>
  using Index = std::integral_constant<std::size_t, K>;

  template <std::size_t K>
  static constexpr Leg leg(Index<K>) {
    if constexpr (Hop && K == 0) return Leg{.range = 0, .mode = kHop};
    else return Leg{.range = Range, .mode = Modes};
  }
  template <std::size_t K>
  static constexpr bool last(Index<K>) { return !Hop || K == 1; }
  template <std::size_t K>
  FAIRY_HOT_INLINE int step(Index<K>, int) const { return ray; }
  template <std::size_t K, class Next>
  FAIRY_HOT_INLINE static bool then(Index<K>, const Next& next, Square at, const WalkState& w) {
    if constexpr (Hop && K == 0) return next(Index<1>{}, at, w);
    else return false;
  }
};

// The moves along each of `rays` of a piece of colour Us on `from` (RayLegs), into list.
template <Color Us, int Modes, int Range, bool Hop, std::uint64_t NoHopOver, std::uint64_t NoCapture, std::size_t N>
FAIRY_HOT_INLINE inline void ray_moves(const Position& pos, Square from, const int (&rays)[N], MoveList& list) {
  static_assert(Modes && !(Modes & ~(kMove | kCapture)), "moves and captures only");
  const auto add = [&list](const Move& m) {
    list.push(m);
    return false;
  };
  const WalkRules rules{Us, NoHopOver, NoCapture};
  FAIRY_UNROLL
  for (const int ray : rays) walk_from(pos, from, RayLegs<Modes, Range, Hop>{ray}, rules, add);
}

template <Color Us, int Modes, std::size_t N>
FAIRY_HOT_INLINE inline void leap_moves(const Position& pos, Square from, const int (&rays)[N], MoveList& list) {
  ray_moves<Us, Modes, 1, false, 0, 0>(pos, from, rays, list);
}

template <Color Us, int Modes, std::size_t N>
FAIRY_HOT_INLINE inline void slide_moves(const Position& pos, Square from, const int (&rays)[N], MoveList& list) {
  ray_moves<Us, Modes, 0, false, 0, 0>(pos, from, rays, list);
}

// A hop (Xiangqi's Cannon, `mRcpR`'s second half): along each ray to the first piece that it may
// hop over (any but the NoHopOver types), then on along the same ray as slide_moves goes, Modes
// being the second leg's (no capture of the NoCapture types).
template <Color Us, int Modes, std::uint64_t NoHopOver, std::uint64_t NoCapture, std::size_t N>
FAIRY_HOT_INLINE inline void hop_moves(const Position& pos, Square from, const int (&rays)[N], MoveList& list) {
  ray_moves<Us, Modes, 0, true, NoHopOver, NoCapture>(pos, from, rays, list);
}

}  // namespace fairy
