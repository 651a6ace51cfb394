// The bitboard kernel on test-only variants (tests/kernel_shapes.yaml) that between them use
// every shape of move it runs: limited, one-way, move-only and capture-only slides, i-leaps of
// royal and of other pieces, lame leaps, pawns with two e.p. squares, virgin slides (ifmW3), bent
// slides (v[F?R], [D?B], [W?B3], capture-only [W?cR]) that check and pin, hoppers (cpR, cpB,
// cpQ, gQ, a limited cpR2) that check while screens step onto and off their lines, a King's
// first-move jumps with safe passage, a Troll promoting by its steps only, boards of 100, 121, 144
// (three 64-bit lanes) and 256 squares (four lanes, slides by rays), a variant without a royal
// piece, pieces in hand beside hoppers and bent pieces, turns of two moves, promotions that are
// moves of their own, and n-check. Perft, the legal moves and the attacks agree with the
// interpreter along random games.
#include <gtest/gtest.h>

#include <cstdio>

#include "generator/model/coverage.hpp"
#include "huge.hpp"
#include "runtime/bitboard/pieces.hpp"
#include "runtime/registry.hpp"
#include "tests/effort.hpp"
#include "tests/kernel_check.hpp"

namespace {

using namespace fairy;

std::vector<test::KernelVariant> shape_variants() {
  return {{"shapes"}, {"wide"},  {"nonroyal"}, {"lanes"},    {"huge"},   {"hoppers"}, {"passage"},
          {"drops"},  {"turns"}, {"in_place"}, {"checks"}, {"facing"}, {"confined"}};
}

// Which of the 16x16 pieces are counted at the leaves along their folded lines
// (PieceMoves::counts_by_lines), each target once: slides of limited range, and moves apart from
// captures, are; a Rook that steps back along its file, and a Queen whose leaps (and bent paths)
// start on its diagonals, keep target sets. The random games below test both against the
// interpreter.
using Huge = gen::v_huge::Kernel;
static_assert(Huge::pieces[1].name == "short_queen" && Huge::pieces[6].name == "forward" && Huge::pieces[7].name == "mover" &&
              Huge::pieces[9].name == "bent_queen");
static_assert(bitboard::PieceMoves<Huge, 1, White>::counts_by_lines && bitboard::PieceMoves<Huge, 7, Black>::counts_by_lines);
static_assert(!bitboard::PieceMoves<Huge, 6, White>::counts_by_lines && !bitboard::PieceMoves<Huge, 9, White>::counts_by_lines);

TEST(KernelShapes, EveryTestVariantIsCovered) {
  EXPECT_EQ(compiled_variants().size(), shape_variants().size());
  for (const CompiledVariant& v : compiled_variants()) {
    const auto coverage = fairygen::model::kernel_coverage(v.info());
    EXPECT_TRUE(coverage.covered) << v.key << ": " << coverage.reason;
  }
}

// Positions that put the shapes to work at the root: a pin by a Queen of range 3 (and none
// from farther away), a capture-only bishop line pinning and checking, a one-way rook, unmoved
// pieces on and off their start squares, a triple step leaving two e.p. squares.
std::vector<std::string> special_positions(const std::string& key) {
  if (key == "shapes")
    return {"4k3/8/8/8/4q3/4R3/4K3/8 w - - 0 1", "4k3/8/8/4q3/8/4R3/4K3/8 w - - 0 1",
            "4k3/8/8/8/1v6/8/3P4/4K3 w - - 0 1", "4k3/4f3/8/8/8/8/4R3/R3K2R w KQ - 0 1",
            "r3k2r/pppp1ppp/8/8/8/8/PPPPPPPP/RJ2K1JR b KQkq - 0 1", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"};
  if (key == "wide")
    return {"5k5/11/11/11/11/11/2p8/11/3P7/11/5K5 w - - 0 1", "r4k4r/11/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1",
            "5k5/1P9/11/11/11/11/11/11/11/11/5K5 w - - 0 1"};
  // Bent checks by a Ship (F, then along the file), an Osprey (D, then diagonally), a limited
  // [W?B3] from near and from too far, a capture-only [W?cR]; a Rook on a Ship's turning square
  // and on its slide; a triple step beside an enemy Pawn; castling three steps.
  if (key == "lanes")
    return {"11k/12/12/12/12/12/12/4s7/12/R11/12/5K6 w - - 0 1", "11k/12/12/12/12/12/12/4s7/5R6/12/12/5K6 w - - 0 1",
            "11k/12/12/12/12/12/12/4s7/12/5R6/12/5K6 w - - 0 1", "11k/12/12/12/12/12/12/12/3y8/12/12/5K6 w - - 0 1",
            "11k/12/12/12/12/12/12/12/12/5t6/12/2K9 w - - 0 1", "11k/12/12/12/12/12/12/5t6/12/12/12/1K10 w - - 0 1",
            "11k/12/12/12/12/12/12/6x5/12/12/R11/6K5 w - - 0 1", "11k/12/12/12/12/12/3p8/12/12/4P7/12/5K6 w - - 0 1",
            "12/r4k4r1/12/12/12/12/12/12/12/12/R4K4R1/12 w KQkq - 0 1"};
  // On 16x16 also a Sorceress's check over a Pawn along a diagonal and along an anti-diagonal,
  // and one of ours that screens the King on its file; a Queen with bent paths (steps onto its
  // diagonals, then outwards), in the open and hemmed in by Pawns.
  if (key == "huge")
    return {"15k/16/16/16/16/16/16/16/4s11/16/16/16/16/16/16/5K10 w - - 0 1",
            "15k/16/16/16/16/16/16/16/16/16/10o5/16/16/7P8/16/5K10 w - - 0 1",
            "15k/16/16/16/16/16/16/16/16/16/o15/16/16/3P12/16/5K10 w - - 0 1",
            "15k/16/16/16/16/16/16/16/5o10/16/16/16/16/5P10/16/5K10 w - - 0 1",
            "15k/16/16/16/16/16/16/16/7W8/16/16/16/16/16/16/5K10 w - - 0 1",
            "15k/16/16/16/16/16/16/7p8/6pWp7/7p8/16/16/16/16/16/5K10 w - - 0 1"};
  // A Cannon's check over a Pawn; a Rook that is the Cannon's screen-to-be (a black Pawn
  // screens it) and may not leave the file; an open line a Rook may not step onto; an Archer's
  // diagonal check and a Grasshopper beside its screen; a Grasshopper's check; a cpR2 too far
  // (Pawn e4) and near enough (Pawn e3); castling across a square a Cannon hits over a Pawn; a
  // Sorceress checking Black over a Pawn; a Rook stepping along a cpR2's line into its range
  // (one screen, no check yet); two screens of ours on an Archer's diagonal (either leaving
  // lets it hop); three screens on a Cannon's file (no single move opens it).
  if (key == "hoppers")
    return {"9k/10/10/4c5/10/R9/10/4P5/10/4K5 w - - 0 1", "9k/10/4c5/10/10/4p5/10/4R5/10/4K5 w - - 0 1",
            "9k/10/4c5/10/10/10/1R8/10/V9/4K5 w - - 0 1", "9k/10/10/10/5v4/10/10/2P7/10/K2G6 w - - 0 1",
            "9k/10/10/10/10/10/7O2/4g5/4P5/4K5 w - - 0 1", "9k/10/10/10/4h5/10/4P5/10/10/4K5 w - - 0 1",
            "9k/10/10/10/4h5/10/10/4P5/10/4K5 w - - 0 1", "9k/5c4/10/10/10/5P4/10/10/10/R3K4R w KQ - 0 1",
            "4k5/10/4p5/1r8/10/10/10/10/4O5/9K b - - 0 1", "9k/10/10/10/4h5/10/4R5/10/10/4K5 w - - 0 1",
            "9k/10/10/10/10/10/7v2/6R3/5P4/4K5 w - - 0 1", "9k/4c5/10/10/4p5/10/10/4P5/4R5/4K5 w - - 0 1"};
  // King jumps: beside a Rook's file (a route through f2 refused, one through e2 not); in check
  // by a Cannon (no jumps); past a square a Cannon hits over a Pawn; with the diagonal route
  // attacked by a Bishop. Trolls: an H-leap to the last rank that stays a Troll, steps and a
  // capture that promote; Black's King jumping beside a Troll.
  if (key == "passage")
    return {"5r2k/9/9/9/9/9/9/9/4K4 w K - 0 1",  "8k/4c4/9/9/4P4/9/9/9/4K4 w K - 0 1",
            "k8/9/3c5/9/9/9/3P5/9/4K4 w K - 0 1", "8k/9/9/9/b8/9/9/9/4K4 w K - 0 1",
            "1n7/2T6/9/3T5/9/9/9/9/k7K w - - 0 1", "4k4/1t7/9/6T2/9/9/9/9/4KQ3 b k - 0 1"};
  // Drops against a Cannon's check over a Pawn (blocking before the screen or beyond it), onto
  // its open line (a screen: refused), against a Ship's bent check (on its turning square or its
  // slide); Black to drop against a Cannon's check with a Knight or a Pawn.
  if (key == "drops")
    return {"4c2k/8/8/8/4p3/8/8/4K3[NP] w - - 0 1", "4c2k/8/8/8/8/8/8/4K3[NP] w - - 0 1",
            "7k/8/8/8/3s4/8/8/4K3[NP] w - - 0 1", "4k3/8/8/4P3/8/8/8/3KC3[np] b - - 0 1"};
  // Turns: castling at a later move; a double step whose e.p. square Black may take after a
  // pass (or not, after a later move).
  if (key == "turns")
    return {"r3k2r/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQkq - 0 5 2:a3", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 5"};
  // In place: a Pawn pinned on its file; one shielding the black King from a Rook; White with
  // its two Ferzes already (only the Man); Black's Pawn on its 4th rank.
  if (key == "in_place")
    return {"3rk3/8/8/3P4/8/8/8/3K4 w - - 0 1", "4k3/8/4P3/8/8/8/8/K3R3 w - - 0 1", "4k3/8/8/3P4/8/8/FF6/4K3 w - - 0 1",
            "4k3/8/8/8/4p3/8/8/R3K3 b - - 0 1"};
  // Checks: White one check from winning (castling gives one: the game ends); a Cannon's check
  // over a Pawn that Black may give last.
  if (key == "checks") return {"5k2/8/8/8/8/8/8/R3K3 w Q - 1+2 0 1", "4k3/4c3/8/8/8/8/4P3/R3K3 b Q - 2+1 0 1"};
  // The flying general: a Pawn and a Horse alone between the Kings (pinned to the file), a King
  // kept off the other's file, a Janggi Cannon's check over a Rook that a dropped Cannon blocks
  // beyond the screen (no Cannon is its victim), and White's Cannon between them on the file.
  // Confined pieces: the black King beside the white Man across the border (rank 6: no attack)
  // and on the Bishop's diagonal beyond it; a black Rook in its palace whose file holds the
  // white King outside it (no check); a white Rook that may not leave its palace.
  if (key == "confined")
    return {"9/9/9/4k4/3M5/9/6B2/9/4K4 b - - 0 1", "4k4/9/3r5/9/9/9/9/9/3K5 w - - 0 1",
            "4k4/9/9/9/9/9/9/3R5/5K3 w - - 0 1"};
  if (key == "facing")
    return {"4k4/9/9/4p4/9/9/9/9/4K4[Cc] w - - 0 1", "4k4/9/9/9/4H4/9/9/9/4K4[] w - - 0 1",
            "3k5/9/9/9/9/9/9/9/4K4[Cc] w - - 0 1", "4k4/9/4c4/9/9/9/4R4/9/4K4[C] w - - 0 1",
            "4k4/4c4/9/9/9/9/9/4C4/4K4[c] w - - 0 1"};
  return {};
}

class KernelShapesAgree : public ::testing::TestWithParam<test::KernelVariant> {};

TEST_P(KernelShapesAgree, WithTheInterpreterAlongRandomGames) {
  const test::KernelVariant& v = GetParam();
  test::KernelReach reach;
  // Under the sanitizers (the only suite that runs these in CI, where their variants are at -O0)
  // one game a start on the 12x12 board with three lanes, whose bitboard operations at -O0 made
  // it half of this test's time there (22 of 45 s); still ten starts (the start position and
  // nine written ones) of up to 24 plies.
  const int games = v.key == "lanes" ? test::effort(3, 1) : 3;
  EXPECT_GE(test::expect_kernel_agrees(v, KERNEL_SHAPES_SPEC, special_positions(v.key), games, 24, &reach), 50);
  // The games must have played into checks with a piece in hand and captured into hands
  // (seeded: 7 and 69 when written).
  if (v.key == "drops") {
    EXPECT_GE(reach.checks_with_hand, 5);
    EXPECT_GE(reach.captures_into_hand, 30);
  }
  // Later moves of turns, promotions in place and games won by checks (seeded: 108, 21 and 5).
  if (v.key == "turns") {
    EXPECT_GE(reach.later_moves, 20);
  }
  if (v.key == "in_place") {
    EXPECT_GE(reach.in_place_promotions, 10);
  }
  if (v.key == "checks") {
    EXPECT_GE(reach.checks_won, 2);
  }
  // The flying general: positions where one piece stands between the Kings on a line, and
  // captures into the hands (Cannons among them, dropped as no screen).
  if (v.key == "facing") {
    EXPECT_GE(reach.one_between_royals, 10);
    EXPECT_GE(reach.captures_into_hand, 20);
    std::printf("facing: %d positions with one piece between the Kings, %d captures into a hand\n", reach.one_between_royals,
                reach.captures_into_hand);
  }
  if (v.key == "turns" || v.key == "in_place" || v.key == "checks")
    std::printf("%s: %d later moves, %d positions with promotions in place, %d games won by checks\n", v.key.c_str(),
                reach.later_moves, reach.in_place_promotions, reach.checks_won);
}

INSTANTIATE_TEST_SUITE_P(Shapes, KernelShapesAgree, ::testing::ValuesIn(shape_variants()),
                         [](const auto& info) { return info.param.key; });

}  // namespace
