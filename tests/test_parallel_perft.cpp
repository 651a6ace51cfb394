// parallel_perft against the engines' own single-thread perft: the same total for any thread
// count, per-root counts that add up to it and equal a perft below each root move, and the
// root position left as it was.
#include <gtest/gtest.h>

#include <string>

#include "runtime/parallel_perft.hpp"
#include "runtime/registry.hpp"
#include "tests/effort.hpp"

namespace {

using namespace fairy;

struct Case {
  const char* variant;
  const char* fen;  // empty: the start position
  int depth;
  bool turns;
};

class ParallelPerft : public ::testing::TestWithParam<Case> {};

TEST_P(ParallelPerft, EqualsTheEnginesOwnPerftOnAnyThreadCount) {
  const Case& c = GetParam();
  const auto engine = find_compiled(c.variant)->engine();
  Position pos(engine->variant());
  if (*c.fen) pos.set_fen(c.fen);
  else pos.set_start();
  const std::string fen = pos.fen();
  const std::uint64_t want = c.turns ? engine->perft_turns(pos, c.depth) : engine->perft(pos, c.depth);
  for (unsigned threads : {1u, 2u, 3u, 7u}) {
    const PerftResult r = parallel_perft(*engine, pos, {c.depth, c.turns, threads, {}, {}});
    EXPECT_EQ(r.nodes, want) << threads << " threads";
    std::uint64_t sum = 0;
    for (const auto& root : r.roots) {
      EXPECT_TRUE(root.complete);
      sum += root.nodes;
    }
    EXPECT_EQ(sum, r.nodes);
    EXPECT_EQ(pos.fen(), fen);
  }
  if (c.turns) return;
  // Per root move: a perft below it.
  const PerftResult r = parallel_perft(*engine, pos, {c.depth, false, 2, {}, {}});
  MoveList moves;
  engine->legal_moves(pos, moves);
  ASSERT_EQ(r.roots.size(), moves.size);
  for (std::size_t i = 0; i < r.roots.size(); ++i) {
    EXPECT_EQ(r.roots[i].move, moves[i]);
    pos.make(moves[i]);
    EXPECT_EQ(r.roots[i].nodes, c.depth == 1 ? 1 : engine->perft(pos, c.depth - 1));
    pos.unmake();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Variants, ParallelPerft,
    ::testing::Values(Case{"chess", "", 4, false}, Case{"chess", "", 1, false},
                      Case{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, false},
                      Case{"chess", "7k/8/8/8/8/8/6PP/5r1K w - - 0 1", 3, false},  // checkmated
                      // sandbox's mailbox module is its slowest: under the sanitizers, where this
                      // case took 12 s at depth 3, a ply less (the threads see the same work items)
                      Case{"sandbox", "", test::effort(3, 2), false}, Case{"universal", "", 3, false},
                      Case{"universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}", 3, false},
                      Case{"universal", "", 2, true}, Case{"extramove", "", 4, false},
                      Case{"extramove", "", 2, true}, Case{"obento", "", 2, false}),
    [](const auto& info) { return std::string(info.param.variant) + "_" + std::to_string(info.index); });

}  // namespace
