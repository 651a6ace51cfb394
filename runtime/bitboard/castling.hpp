// Castling as generate_castling in runtime/movegen.hpp has it, tabulated at compile time for
// every file of the royal piece and of its partner on the same rank: the royal piece lands on
// the landing file of the partner's side (CastlingRule::landing_file), the partner next to it on
// the side it came from; every square between the two and both landing squares must be empty
// (but for the two pieces). The masks are for the first rank; shifting by rank * files moves
// them to any other.
#pragma once

#include <algorithm>
#include <array>

#include "runtime/bitboard/variant.hpp"

namespace fairy::bitboard {

template <class D>
struct Castling {
  using G = typename Variant<D>::G;
  using B = typename G::B;

  struct Rule {
    bool possible = false;  // the royal piece's landing square is on the board
    B empty = 0;            // must hold no other piece
    B crossed = 0;          // squares strictly between the royal piece's two squares
    int king_to = 0, partner_to = 0;  // files
  };

  // rules[royal file][partner file]
  static constexpr auto rules = [] {
    std::array<std::array<Rule, G::files>, G::files> out{};
    for (int kf = 0; kf < G::files; ++kf)
      for (int pf = 0; pf < G::files; ++pf) {
        if (pf == kf) continue;
        const int dir = pf > kf ? 1 : -1, kto = D::rules.castling.landing_file(dir), rto = kto - dir;
        if (kto < 0) continue;
        Rule& r = out[kf][pf];
        r.possible = true;
        r.king_to = kto;
        r.partner_to = rto;
        for (int f = std::min({kf, pf, kto, rto}); f <= std::max({kf, pf, kto, rto}); ++f)
          if (f != kf && f != pf) set_square(r.empty, f);
        const int way = kto > kf ? 1 : -1;  // the royal piece may move away from its partner
        for (int f = kf + way; f * way < kto * way; f += way) set_square(r.crossed, f);
      }
    return out;
  }();
};

}  // namespace fairy::bitboard
