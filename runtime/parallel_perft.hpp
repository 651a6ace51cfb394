// Perft on several threads: the tree is cut two plies below the root (root move x first reply)
// into work items that threads take in turn, each on its own copy of the position, through any
// Engine (a generated module, its bitboard kernel, or the interpreter). The counts equal one
// thread's: every item is counted by the engine's own perft below its two moves.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "runtime/engine.hpp"

namespace fairy {

// More threads than this is a typo, not a machine.
constexpr unsigned kMaxPerftThreads = 1024;

// What a running perft has done so far (for a progress line).
struct PerftProgress {
  std::size_t roots_done = 0, roots = 0;  // root moves whose whole subtree is counted
  std::uint64_t nodes = 0;                // in the finished work items
};

struct PerftResult {
  // One count per legal root move, in generation order (as --divide prints them), and whether
  // it is complete (false only after an interruption).
  struct Root {
    Move move;
    std::uint64_t nodes = 0;
    bool complete = true;
  };
  std::vector<Root> roots;
  std::uint64_t nodes = 0;  // the sum, partial when interrupted
};

struct ParallelPerftOptions {
  int depth = 1;
  bool turns = false;  // depth counts whole turns (Engine::perft_turns), not moves
  unsigned threads = 1;
  // Called on the calling thread every `interval` while the workers run (not at all if empty).
  std::function<void(const PerftProgress&)> progress;
  std::chrono::milliseconds interval{1000};
};

// Counts perft from `root` (left unchanged). Ends early, with partial counts, when
// perft_interrupted is set.
PerftResult parallel_perft(const Engine& engine, const Position& root, const ParallelPerftOptions& options);

}  // namespace fairy
