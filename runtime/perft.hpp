// Perft: count the leaf nodes of the legal move tree, bulk-counted at depth 1.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "runtime/movegen.hpp"

namespace fairy {

template <class R>
std::uint64_t perft(Position& pos, const R& rules, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  rules.generate(pos, list);
  std::uint64_t nodes = 0;
  const QuickLegality quick(pos, rules);
  for (const Move& m : list) {
    if (quick.surely_legal(pos, m)) {
      if (depth == 1) {
        ++nodes;
        continue;
      }
      pos.make(m);
    } else if (!make_if_legal(pos, rules, m)) {
      continue;
    }
    nodes += depth == 1 ? 1 : perft(pos, rules, depth - 1);
    pos.unmake();
  }
  return nodes;
}

// Perft counting whole turns instead of moves (for variants whose turns have several moves):
// the leaves are the positions after `turns` completed turns.
template <class R>
std::uint64_t perft_turns(Position& pos, const R& rules, int turns) {
  if (turns <= 0) return 1;
  MoveList list;
  generate_legal(pos, rules, list);
  std::uint64_t nodes = 0;
  for (const Move& m : list) {
    pos.make(m);
    const bool turn_ended = pos.phase() == 0;
    nodes += turn_ended && turns == 1 ? 1 : perft_turns(pos, rules, turns - (turn_ended ? 1 : 0));
    pos.unmake();
  }
  return nodes;
}

// Per-root-move counts, in generation order; count(pos, depth) counts below each root move.
template <class R, class Count>
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, const R& rules, int depth, Count count) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList list;
  generate_legal(pos, rules, list);
  for (const Move& m : list) {
    pos.make(m);
    out.emplace_back(m, depth <= 1 ? 1 : count(pos, depth - 1));
    pos.unmake();
  }
  return out;
}


}  // namespace fairy
