// The kernel's slider lookup (runtime/bitboard/sliders.hpp: PEXT gathers a line's occupancy, a
// table gives the squares attacked, PDEP scatters them back) on a machine that has BMI2 but runs
// PEXT in microcode, where the catalogue's modules slide by rays (CMakeLists.txt): test-only
// variants (tests/pext_lines.yaml), compiled for BMI2, keep the code that other machines run
// tested here. Lines of 8, 10 and 12 squares, in words of one, two and three 64-bit lanes; perft,
// the legal moves and the attacks agree with the interpreter along random games.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runtime/bitboard/sliders.hpp"
#include "runtime/registry.hpp"
#include "tests/kernel_check.hpp"

namespace {

using namespace fairy;

// The variants' modules look their slides up (tests/CMakeLists.txt compiles them and this file
// for BMI2; their lines are of 12 squares at most); a change that sent them back to rays would
// leave nothing here to test.
static_assert(bitboard::kHaveBmi2 && bitboard::kMaxLookupLine >= 12, "tests/CMakeLists.txt compiles pext_line_tests for BMI2");

std::vector<test::KernelVariant> line_variants() {
  return {{"lines8"}, {"lines10"}, {"lines12"}};
}

TEST(PextLines, EveryTestVariantIsCompiled) { EXPECT_EQ(compiled_variants().size(), line_variants().size()); }

// Open lines at the root: a pin along a file and one along a diagonal, a check from afar, castling
// across squares a slider hits, a virgin triple step beside a slider's line.
std::vector<std::string> special_positions(const std::string& key) {
  if (key == "lines8") return {"4k3/8/8/8/4q3/4R3/4K3/8 w - - 0 1", "q3k3/8/8/8/8/5N2/8/R3K2R w KQ - 0 1"};
  if (key == "lines10") return {"r4k3r/10/10/1b8/10/10/3V6/R4K3R w KQkq - 0 1", "5k4/10/10/10/10/10/10/q4KN3 w - - 0 1"};
  if (key == "lines12")
    return {"r4k5r/12/12/12/12/12/12/12/12/12/12/R4K5R w KQkq - 0 1", "5k6/12/12/12/12/12/12/12/12/1b10/4P7/5K6 w - - 0 1"};
  return {};
}

class PextLinesAgree : public ::testing::TestWithParam<test::KernelVariant> {};

TEST_P(PextLinesAgree, WithTheInterpreterAlongRandomGames) {
  const test::KernelVariant& v = GetParam();
  EXPECT_GE(test::expect_kernel_agrees(v, PEXT_LINES_SPEC, special_positions(v.key), 3, 32), 50);
}

INSTANTIATE_TEST_SUITE_P(Lines, PextLinesAgree, ::testing::ValuesIn(line_variants()),
                         [](const auto& info) { return info.param.key; });

}  // namespace
