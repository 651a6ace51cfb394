// Perft: count the leaf nodes of the legal move tree, bulk-counted at depth 1.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "runtime/movegen.hpp"

namespace fairy {

// Deeper than any perft anyone has finished (chess's record is 15), and shallow enough for
// the stack: DEPTH plies (or turns) of move lists.
constexpr int kMaxPerftDepth = 20;

// Set (from a SIGINT handler) to end a running perft at once: the loops below stop at their
// next move at depth 2 or more, and the counts returned are then partial. One load per move
// above the bulk-counted last ply: nothing measurable. Atomic, because perft threads
// (runtime/parallel_perft.hpp) read it while the handler may run on another thread; lock-free,
// so a signal handler may set it.
inline std::atomic<bool> perft_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Perft over the full legal move list (for variants with special_legality: compulsory
// captures, barred checks, game ends while moves remain).
template <class R>
std::uint64_t perft_legal(Position& pos, const R& rules, int depth) {
  MoveList list;
  generate_legal(pos, rules, list);
  if (depth == 1) return std::uint64_t(list.size);
  std::uint64_t nodes = 0;
  for (const Move& m : list) {
    if (perft_interrupted) break;
    pos.make(m);
    nodes += perft_legal(pos, rules, depth - 1);
    pos.unmake();
  }
  return nodes;
}

template <class R>
std::uint64_t perft(Position& pos, const R& rules, int depth) {
  if (depth <= 0) return 1;
  if (pos.variant().special_legality) return perft_legal(pos, rules, depth);
  MoveList list;
  rules.generate(pos, list);
  std::uint64_t nodes = 0;
  const QuickLegality quick(pos, rules);
  if (depth == 1) {  // bulk counting: the legal moves, none made
    for (const Move& m : list) nodes += is_legal(pos, rules, quick, m);
    return nodes;
  }
  for (const Move& m : list) {
    if (perft_interrupted) break;
    if (quick.surely_legal(pos, m) || quick.legal_when_lifted(pos, rules, m))
      pos.make(m);
    else if (!make_if_legal(pos, rules, m))
      continue;
    nodes += perft(pos, rules, depth - 1);
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
  play_moves(pos, rules, list);
  std::uint64_t nodes = 0;
  for (const Move& m : list) {
    if (turns >= 2 && perft_interrupted) break;
    pos.make(m);
    const bool turn_ended = pos.phase() == 0;
    nodes += turn_ended && turns == 1 ? 1 : perft_turns(pos, rules, turns - (turn_ended ? 1 : 0));
    pos.unmake();
  }
  return nodes;
}

// Per-root-move counts, in the order play lists the moves (play_moves); count(pos, depth)
// counts below each root move. When interrupted, the last count is partial.
template <class R, class Count>
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, const R& rules, int depth, Count count) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList list;
  play_moves(pos, rules, list);
  for (const Move& m : list) {
    if (perft_interrupted) break;
    pos.make(m);
    out.emplace_back(m, depth <= 1 ? 1 : count(pos, depth - 1));
    pos.unmake();
  }
  return out;
}


}  // namespace fairy
