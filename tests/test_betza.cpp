// XBetza parser and compiler: every feature and every error, with expected vectors derived by
// hand from the notation (docs/xbetza.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "generator/betza/betza.hpp"
#include "runtime/atoms.hpp"

namespace {

using fairy::Color;
using fairygen::betza::compile;
using fairygen::betza::Error;
using fairygen::betza::parse;
using Vec = std::pair<int, int>;

// The first-leg vectors of every path, for White.
std::set<Vec> first_vectors(const std::string& betza) {
  std::set<Vec> out;
  for (const auto& p : compile(betza, fairy::White).paths) out.insert({p.legs[0].dx, p.legs[0].dy});
  return out;
}

int path_count(const std::string& betza) { return int(compile(betza, fairy::White).paths.size()); }

// The column an error is reported at (0 when there is none).
int error_column(const std::string& betza) {
  try {
    compile(betza, fairy::White);
  } catch (const Error& e) {
    return e.column;
  }
  return 0;
}

std::string error_text(const std::string& betza) {
  try {
    compile(betza, fairy::White);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(BetzaAtoms, VectorCounts) {
  // Orthogonal and diagonal atoms have 4 vectors, oblique ones 8.
  for (const char* a : {"W", "F", "D", "A", "H", "G"}) EXPECT_EQ(path_count(a), 4) << a;
  for (const char* a : {"N", "C", "Z"}) EXPECT_EQ(path_count(a), 8) << a;
  EXPECT_EQ(first_vectors("C"), (std::set<Vec>{{3, 1}, {1, 3}, {-1, 3}, {-3, 1}, {-3, -1}, {-1, -3}, {1, -3}, {3, -1}}));
}

TEST(BetzaAtoms, ShorthandsExpand) {
  EXPECT_EQ(path_count("K"), 8);
  EXPECT_EQ(first_vectors("K"), first_vectors("WF"));
  const auto q = compile("Q", fairy::White);
  EXPECT_EQ(q.paths.size(), 8u);
  for (const auto& p : q.paths) EXPECT_EQ(p.legs[0].range, 0) << "Q slides";
  EXPECT_EQ(compile("R", fairy::White).paths.size(), 4u);
  EXPECT_EQ(compile("B", fairy::White).paths[0].legs[0].dx * compile("B", fairy::White).paths[0].legs[0].dx, 1);
}


// Generated tables name a run of paths by its atom (runtime/atoms.hpp, along_each(like, atoms::N)):
// each name stands for the vectors the compiler gives that atom, in its order; K's and Q's are
// W's then F's; atoms::opposite turns each one round.
TEST(BetzaAtoms, NamedVectorsAreTheCompilersInItsOrder) {
  for (const char letter : fairy::kNamedAtoms) {
    std::vector<std::array<int, 2>> compiled;
    for (const auto& p : compile(std::string(1, letter), fairy::White).paths) compiled.push_back({p.legs[0].dx, p.legs[0].dy});
    const fairy::AtomVectors named = fairy::named_vectors(letter);
    const std::vector<std::array<int, 2>> expected(named.vector.begin(), named.vector.begin() + named.count);
    EXPECT_EQ(compiled, expected) << letter;
  }
  std::vector<std::array<int, 2>> queen;
  for (const auto& p : compile("Q", fairy::White).paths) queen.push_back({p.legs[0].dx, p.legs[0].dy});
  const std::vector<std::array<int, 2>> k(fairy::atoms::K.begin(), fairy::atoms::K.end());
  EXPECT_EQ(queen, k);
  static_assert(fairy::atoms::N.size() == 8 && fairy::atoms::N[0] == std::array<int, 2>{-1, 2});
  static_assert(fairy::atoms::opposite(fairy::atoms::W)[0] == std::array<int, 2>{0, -1});
}
TEST(BetzaRanges, DigitsZeroAndDoubling) {
  EXPECT_EQ(compile("W3", fairy::White).paths[0].legs[0].range, 3);
  EXPECT_EQ(compile("N0", fairy::White).paths[0].legs[0].range, 0);
  EXPECT_EQ(compile("NN", fairy::White).paths[0].legs[0].range, 0);
  EXPECT_EQ(compile("Q3", fairy::White).paths[0].legs[0].range, 3);
  EXPECT_EQ(compile("N", fairy::White).paths[0].legs[0].range, 1);
}

TEST(BetzaDirections, Orthogonal) {
  EXPECT_EQ(first_vectors("fW"), (std::set<Vec>{{0, 1}}));
  EXPECT_EQ(first_vectors("fsW"), (std::set<Vec>{{0, 1}, {1, 0}, {-1, 0}}));
  EXPECT_EQ(first_vectors("vW"), (std::set<Vec>{{0, 1}, {0, -1}}));
  EXPECT_EQ(first_vectors("sW"), (std::set<Vec>{{1, 0}, {-1, 0}}));
  EXPECT_EQ(first_vectors("bD"), (std::set<Vec>{{0, -2}}));
  // On orthogonal atoms letters add up, pairs included: frW is forward and right.
  EXPECT_EQ(first_vectors("frW"), (std::set<Vec>{{0, 1}, {1, 0}}));
}

TEST(BetzaDirections, Diagonal) {
  EXPECT_EQ(first_vectors("fF"), (std::set<Vec>{{1, 1}, {-1, 1}}));
  EXPECT_EQ(first_vectors("frF"), (std::set<Vec>{{1, 1}}));
  EXPECT_EQ(first_vectors("lF"), (std::set<Vec>{{-1, 1}, {-1, -1}}));
  EXPECT_EQ(first_vectors("bA"), (std::set<Vec>{{2, -2}, {-2, -2}}));
}

// H. G. Muller's quick reference: single letters name the long leg, pairs the short then the
// long leg, h the half-plane.
TEST(BetzaDirections, Oblique) {
  EXPECT_EQ(first_vectors("fN"), (std::set<Vec>{{1, 2}, {-1, 2}})) << "the Shogi knight";
  EXPECT_EQ(first_vectors("ffN"), (std::set<Vec>{{1, 2}, {-1, 2}}));
  EXPECT_EQ(first_vectors("lN"), (std::set<Vec>{{-2, 1}, {-2, -1}}));
  EXPECT_EQ(first_vectors("fsN"), (std::set<Vec>{{2, 1}, {-2, 1}}));
  EXPECT_EQ(first_vectors("lvN"), (std::set<Vec>{{-1, 2}, {-1, -2}}));
  EXPECT_EQ(first_vectors("frN"), (std::set<Vec>{{2, 1}}));
  EXPECT_EQ(first_vectors("rfN"), (std::set<Vec>{{1, 2}}));
  EXPECT_EQ(first_vectors("lbN"), (std::set<Vec>{{-1, -2}}));
  EXPECT_EQ(first_vectors("vN"), (std::set<Vec>{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));
  EXPECT_EQ(first_vectors("sN"), (std::set<Vec>{{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(first_vectors("fhN"), (std::set<Vec>{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
  EXPECT_EQ(first_vectors("rhN"), (std::set<Vec>{{1, 2}, {2, 1}, {2, -1}, {1, -2}}));
  EXPECT_EQ(first_vectors("fhC"), (std::set<Vec>{{1, 3}, {-1, 3}, {3, 1}, {-3, 1}}));
}

TEST(BetzaModalities, SkiSlider) {
  // jR: the first square is passed whatever stands there, the slide starts on the second.
  const auto p = compile("jR", fairy::White).paths[0];
  ASSERT_EQ(p.legs.size(), 2u);
  EXPECT_EQ(p.legs[0].mode, fairy::kMove | fairy::kHop);
  EXPECT_EQ(p.legs[1].range, 0);
  EXPECT_EQ(compile("jB3", fairy::White).paths[0].legs[1].range, 2);
}

TEST(BetzaDirections, BlackIsMirroredInRank) {
  const auto white = compile("frN", fairy::White), black = compile("frN", fairy::Black);
  EXPECT_EQ(black.paths[0].legs[0].dx, white.paths[0].legs[0].dx);
  EXPECT_EQ(black.paths[0].legs[0].dy, -white.paths[0].legs[0].dy);
}

// Black's program is White's mirrored leg by leg (runtime/program.hpp's mirrored, which a
// generated module applies to White's tables at compile time): crooked legs' second vector and
// circular legs' turning sense too, and multi-leg, hopping, inducing and lame paths.
TEST(BetzaDirections, BlacksProgramIsWhitesMirrored) {
  for (const char* betza : {"frN", "zB", "qN", "Q3ADcafK", "maifsbsRmaifsbsB", "mRcpR", "xafcR", "fmWfceFifmnD", "lfN", "rbzW"}) {
    const auto white = compile(betza, fairy::White), black = compile(betza, fairy::Black);
    ASSERT_EQ(white.paths.size(), black.paths.size()) << betza;
    for (std::size_t i = 0; i < white.paths.size(); ++i) {
      ASSERT_EQ(white.paths[i].legs.size(), black.paths[i].legs.size()) << betza;
      for (std::size_t k = 0; k < white.paths[i].legs.size(); ++k)
        EXPECT_EQ(fairy::mirrored(white.paths[i].legs[k]), black.paths[i].legs[k]) << betza << " path " << i << " leg " << k;
    }
  }
  static_assert(fairy::mirrored(fairy::Leg{.dx = 1, .dy = 2, .flags = fairy::kCircle, .dx2 = 1}) ==
                fairy::Leg{.dx = 1, .dy = -2, .flags = fairy::kCircle, .dx2 = -1});
  static_assert(fairy::mirrored(fairy::Leg{.dx = 1, .dy = 1, .flags = fairy::kZigzag, .dx2 = 1, .dy2 = -1}) ==
                fairy::Leg{.dx = 1, .dy = -1, .flags = fairy::kZigzag, .dx2 = 1, .dy2 = 1});
}

TEST(BetzaModalities, ModeBits) {
  EXPECT_EQ(compile("mW", fairy::White).paths[0].legs[0].mode, fairy::kMove);
  EXPECT_EQ(compile("cW", fairy::White).paths[0].legs[0].mode, fairy::kCapture);
  EXPECT_EQ(compile("dW", fairy::White).paths[0].legs[0].mode, fairy::kFriend);
  EXPECT_EQ(compile("ceF", fairy::White).paths[0].legs[0].mode, fairy::kCapture | fairy::kEnPassant);
  EXPECT_EQ(compile("W", fairy::White).paths[0].legs[0].mode, fairy::kMove | fairy::kCapture);
  EXPECT_TRUE(compile("iW", fairy::White).paths[0].virgin_only);
  EXPECT_FALSE(compile("W", fairy::White).paths[0].virgin_only);
}

TEST(BetzaModalities, LameLeaps) {
  // nD: a step that must be empty, then a second step the same way.
  const auto d = compile("fmnD", fairy::White);
  ASSERT_EQ(d.paths.size(), 1u);
  ASSERT_EQ(d.paths[0].legs.size(), 2u);
  EXPECT_EQ(d.paths[0].legs[0], (fairy::Leg{0, 1, 1, fairy::kMove}));
  EXPECT_EQ(d.paths[0].legs[1], (fairy::Leg{0, 1, 1, fairy::kMove}));
  // nN: the orthogonal step first (Xiangqi horse), then the diagonal one.
  for (const auto& p : compile("nN", fairy::White).paths) {
    ASSERT_EQ(p.legs.size(), 2u);
    EXPECT_TRUE(p.legs[0].dx == 0 || p.legs[0].dy == 0);
    EXPECT_TRUE(p.legs[1].dx != 0 && p.legs[1].dy != 0);
  }
}

TEST(BetzaModalities, HoppersAndGrasshopper) {
  const auto p = compile("pR", fairy::White).paths[0];
  ASSERT_EQ(p.legs.size(), 2u);
  EXPECT_EQ(p.legs[0].mode, fairy::kHop);
  EXPECT_EQ(p.legs[1].range, 0);
  const auto g = compile("gQ", fairy::White).paths[0];
  EXPECT_EQ(g.legs[1].range, 1) << "a grasshopper lands right behind the screen";
}

TEST(BetzaMultiLeg, GriffonTurnsFortyFiveDegreesAndSlides) {
  // FyafsF: F, then at 45 degrees (orthogonal) as a slider: per diagonal two continuations.
  const auto prog = compile("FyafsF", fairy::White);
  int bent = 0;
  for (const auto& p : prog.paths) {
    if (p.legs.size() != 2) continue;
    ++bent;
    EXPECT_EQ(p.legs[1].range, 0);
    EXPECT_TRUE(p.legs[1].dx == 0 || p.legs[1].dy == 0);
    // Outward: the continuation shares one component with the first step.
    EXPECT_TRUE(p.legs[1].dx == p.legs[0].dx || p.legs[1].dy == p.legs[0].dy);
  }
  EXPECT_EQ(bent, 8);
}

TEST(BetzaMultiLeg, LocustCaptureThenStraightOn) {
  const auto prog = compile("cafK", fairy::White);
  ASSERT_EQ(prog.paths.size(), 8u);
  for (const auto& p : prog.paths) {
    EXPECT_EQ(p.legs[0].mode, fairy::kCapture);
    EXPECT_EQ(p.legs[1].dx, p.legs[0].dx);
    EXPECT_EQ(p.legs[1].dy, p.legs[0].dy);
  }
}

TEST(BetzaMultiLeg, UnspecifiedLaterDirectionIsAnyButBack) {
  int two_leg = 0;
  for (const auto& p : compile("aN", fairy::White).paths) {
    ASSERT_EQ(p.legs.size(), 2u);
    ++two_leg;
    EXPECT_FALSE(p.legs[1].dx == -p.legs[0].dx && p.legs[1].dy == -p.legs[0].dy);
  }
  EXPECT_EQ(two_leg, 8 * 7);
}

// mp on a leg before the last glues legs: the waypoint may be empty or occupied, so mpafsW is
// an unblockable knight (8 two-leg paths ending on the 8 knight squares).
TEST(BetzaMultiLeg, MpGluesLegsIntoAnUnblockableLeap) {
  const auto prog = compile("mpafsW", fairy::White);
  std::set<Vec> ends;
  for (const auto& p : prog.paths) {
    ASSERT_EQ(p.legs.size(), 2u);
    EXPECT_EQ(p.legs[0].mode, fairy::kMove | fairy::kHop);
    ends.insert({p.legs[0].dx + p.legs[1].dx, p.legs[0].dy + p.legs[1].dy});
  }
  EXPECT_EQ(ends, first_vectors("N"));
}

TEST(BetzaMultiLeg, SameLengthUnloadInduce) {
  const auto x = compile("xaifmB", fairy::White).paths[0];
  EXPECT_TRUE(x.legs[0].flags & fairy::kInduce);
  EXPECT_TRUE(x.legs[1].flags & fairy::kSameLength);
  EXPECT_EQ(x.legs[1].mode, fairy::kMove);
  const auto u = compile("udQ", fairy::White).paths[0];
  EXPECT_TRUE(u.legs[0].flags & fairy::kUnload);
  EXPECT_TRUE(u.legs[0].mode & fairy::kFriend);
}

TEST(BetzaCrookedCircular, ZigzagAndRose) {
  const auto z = compile("zB", fairy::White);
  EXPECT_EQ(z.paths.size(), 8u) << "4 diagonals x 2 turning sides";
  for (const auto& p : z.paths) {
    EXPECT_TRUE(p.legs[0].flags & fairy::kZigzag);
    EXPECT_EQ(p.legs[0].dx * p.legs[0].dx2 + p.legs[0].dy * p.legs[0].dy2, 0) << "turns by 90 degrees";
  }
  const auto q = compile("qN", fairy::White);
  EXPECT_EQ(q.paths.size(), 16u);
  EXPECT_EQ(q.paths[0].legs[0].range, 7);
}

TEST(BetzaBrackets, OptionalAndForcedContinuation) {
  // [F?R]: the F step alone (4) plus F then R outward (2 per diagonal).
  EXPECT_EQ(path_count("[F?R]"), 4 + 8);
  EXPECT_EQ(path_count("[F-R]"), 8);
  // v[F?R]: every leg filtered by v: the rook continuation is vertical only.
  for (const auto& p : compile("v[F?R]", fairy::White).paths)
    if (p.legs.size() == 2) { EXPECT_EQ(p.legs[1].dx, 0); }
  EXPECT_EQ(path_count("v[F?R]"), 4 + 4);
}

TEST(BetzaCastling, DistanceFromO) {
  EXPECT_EQ(fairygen::betza::castling_steps(parse("KisO3")), 3);
  EXPECT_EQ(fairygen::betza::castling_steps(parse("K")), 0);
  EXPECT_EQ(path_count("KisO3"), 8) << "O adds no path";
}

// Every error names its column (1-based).
struct ErrorCase {
  const char* betza;
  int column;
  const char* says;
};

class BetzaErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(BetzaErrors, ColumnAndMessage) {
  const ErrorCase& c = GetParam();
  EXPECT_EQ(error_column(c.betza), c.column) << c.betza;
  EXPECT_NE(error_text(c.betza).find(c.says), std::string::npos) << c.betza << ": " << error_text(c.betza);
}

INSTANTIATE_TEST_SUITE_P(
    All, BetzaErrors,
    ::testing::Values(ErrorCase{"", 1, "empty"}, ErrorCase{"Wk", 2, "unknown XBetza modifier 'k'"},
                      ErrorCase{"jW", 2, "plain slider"}, ErrorCase{"hN", 2, "needs a direction"}, ErrorCase{"oR", 1, "not supported yet"},
                      ErrorCase{"NX", 2, "unknown XBetza atom 'X'"}, ErrorCase{"J", 1, "ambiguous"},
                      ErrorCase{"WL", 2, "ambiguous"}, ErrorCase{"3W", 1, "unexpected character '3'"},
                      ErrorCase{"W!", 2, "unexpected character '!'"}, ErrorCase{"Nfm", 2, "no atom"},
                      ErrorCase{"W123", 4, "range too long"}, ErrorCase{"nR", 2, "lame"},
                      ErrorCase{"pgR", 3, "'p' and 'g'"},
                      ErrorCase{"[F?R", 1, "without ']'"},
                      ErrorCase{"F]", 2, "without '['"}, ErrorCase{"[F R]", 3, "expected '?' or '-'"},
                      ErrorCase{"O", 1, "needs a distance"}, ErrorCase{"qW", 2, "oblique"},
                      ErrorCase{"zN", 2, "orthogonal or diagonal"}, ErrorCase{"uQ", 2, "needs 'd'"},
                      ErrorCase{"yW", 2, "before the last"}, ErrorCase{"eaW", 3, "last leg only"},
                      ErrorCase{"caxaK", 5, "no 'c' before the last leg"}, ErrorCase{"xaeW", 4, "(induction)"}, ErrorCase{"O0", 1, "needs a distance"}));

}  // namespace
