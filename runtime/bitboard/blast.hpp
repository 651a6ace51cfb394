// Where a capture explodes (explode:, atomic; Position::explode): the capturer and the captured
// piece go, and with them every piece on the 8 squares around the square captured on (the e.p.
// square for an e.p. capture) but those of the spared types. Make (make.hpp) removes them, the
// legality filter (explosions.hpp) looks at what they would be before it makes anything.
#pragma once

#include "runtime/bitboard/board.hpp"
#include "runtime/bitboard/pieces.hpp"

namespace fairy::bitboard {

template <class D>
struct Blast {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;

  // around[s]: the (up to 8) squares next to s.
  static constexpr SquareTable<G> around = [] {
    SquareTable<G> out{};
    for (int s = 0; s < G::squares; ++s)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if (const int t = G::step(s, dx, dy); (dx || dy) && t >= 0) set_square(out[s], t);
    return out;
  }();

  static bool next_to(int a, int b) { return bool(around[a] & bit<B>(b)); }

  // The pieces of either side around `at` that a capture there blows up, given the occupied
  // squares (the capturer and the captured piece come on top).
  static B around_capture(const Board<D>& b, int at, B occupied) {
    constexpr TypeSet spared = D::rules.explosions.spared;
    return around[at] & occupied & ~(b.template of_types<spared>(White) | b.template of_types<spared>(Black));
  }
};

}  // namespace fairy::bitboard
