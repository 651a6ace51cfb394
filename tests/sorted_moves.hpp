// A move list in a fixed order, for tests that pick moves: the order a position generates them in
// follows its piece lists, which change with whatever was made and taken back on it (legality
// tests, perfts: unmake puts pieces back, not in their places in the lists).
#pragma once

#include <algorithm>
#include <tuple>
#include <vector>

#include "runtime/types.hpp"

namespace fairy {

inline std::vector<Move> sorted_moves(const MoveList& list) {
  std::vector<Move> out(list.begin(), list.end());
  std::sort(out.begin(), out.end(), [](const Move& a, const Move& b) {
    return std::tie(a.from, a.to, a.aux1, a.aux2, a.kind, a.promo, a.gate) <
           std::tie(b.from, b.to, b.aux1, b.aux2, b.kind, b.promo, b.gate);
  });
  return out;
}

}  // namespace fairy
