// The YAML loader and the model stage: every error names file:line:column and what is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "tests/spec_error.hpp"

namespace {

using fairygen::spec::SpecError;

// A minimal valid spec; tests replace one line to break it.
const std::string kGood = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  rook: {letter: R, betza: R}
variants:
  mini:
    board: {files: 5, ranks: 5}
    pieces: [king, rook]
    start: k4/5/5/5/R3K w - - 0 1
    castling: {king_steps: 2, partner: rook}
    perft:
      - {fen: start, counts: [12], source: "hand count: rook 4 up + 3 right... see test"}
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// Loads and builds; returns the error text ("" when it is fine).
std::string error_of(const std::string& yaml) {
  try {
    const auto file = fairygen::spec::load_string(yaml, "v.yaml");
    fairygen::model::build_all(file);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "";
}

TEST(Spec, GoodFileLoads) {
  const auto file = fairygen::spec::load_string(kGood, "v.yaml");
  ASSERT_EQ(file.variants.size(), 1u);
  const auto v = fairygen::model::build(file, file.variants[0]);
  EXPECT_EQ(v.info.pieces.size(), 2u);
  EXPECT_TRUE(v.info.castling.enabled);
  EXPECT_EQ(v.info.geo.files, 5);
}

struct SpecErrorCase {
  const char* name;
  const char* from;
  const char* to;
  const char* where;  // file:line:column
  const char* says;
};

class SpecErrors : public ::testing::TestWithParam<SpecErrorCase> {};

TEST_P(SpecErrors, NamesLineColumnAndProblem) {
  const auto& c = GetParam();
  const std::string text = error_of(replace(kGood, c.from, c.to));
  EXPECT_EQ(text.rfind(std::string(c.where) + ": error: ", 0), 0u) << c.name << ": " << text;
  EXPECT_NE(text.find(c.says), std::string::npos) << c.name << ": " << text;
}

INSTANTIATE_TEST_SUITE_P(
    All, SpecErrors,
    ::testing::Values(
        SpecErrorCase{"malformed_yaml", "{letter: R, betza: R}", "{letter: R, betza: R", "v.yaml:4:9", "end of map flow not found"},
        SpecErrorCase{"unknown_top_key", "variants:", "variantz:", "v.yaml:4:1", "unknown key 'variantz'"},
        SpecErrorCase{"misspelt_piece_key", "{letter: R, betza: R}", "{letter: R, betsa: R}", "v.yaml:3:21",
                      "unknown key 'betsa'"},
        SpecErrorCase{"bad_letter", "{letter: R, betza: R}", "{letter: rr, betza: R}", "v.yaml:3:18",
                      "one upper-case letter"},
        SpecErrorCase{"files_not_a_number", "files: 5", "files: five", "v.yaml:6:20", "whole number"},
        SpecErrorCase{"files_out_of_range", "files: 5", "files: 17", "v.yaml:6:20", "from 1 to 16"},
        SpecErrorCase{"missing_start", "    start: k4/5/5/5/R3K w - - 0 1\n", "", "v.yaml:6:5", "needs 'start'"},
        SpecErrorCase{"unknown_piece", "pieces: [king, rook]", "pieces: [king, rock]", "v.yaml:7:20",
                      "unknown piece 'rock'"},
        SpecErrorCase{"duplicate_letter", "{letter: R, betza: R}", "{letter: K, betza: R}", "v.yaml:7:20",
                      "letter K is used by both"},
        SpecErrorCase{"bad_betza_points_into_string", "{letter: R, betza: R}", "{letter: R, betza: RkW}",
                      "v.yaml:3:29", "unknown XBetza modifier 'k'"},
        SpecErrorCase{"bad_start_fen_points_into_string", "start: k4/5/5/5/R3K", "start: k4/5/5/5/R3X",
                      "v.yaml:8:23", "unknown piece letter 'X'"},
        SpecErrorCase{"perft_without_source", ", source: \"hand count: rook 4 up + 3 right... see test\"", "",
                      "v.yaml:11:9", "needs 'source'"},
        SpecErrorCase{"perft_count_not_a_number", "counts: [12]", "counts: [twelve]", "v.yaml:11:31",
                      "whole number"},
        SpecErrorCase{"castling_partner_unknown", "partner: rook}", "partner: queen}", "v.yaml:9:40",
                      "castling partner 'queen'"},
        // A castling piece that is not royal (castling: {piece: ...}; extinction chess's commoner).
        SpecErrorCase{"castling_piece_unknown", "partner: rook}", "partner: rook, piece: wizard}", "v.yaml:9:53",
                      "castling piece 'wizard' is not one of the variant's pieces"},
        SpecErrorCase{"castling_piece_beside_a_royal_piece", "partner: rook}", "partner: rook, piece: king}", "v.yaml:9:53",
                      "castling piece 'king': this variant has a royal piece, and the royal piece castles"},
        SpecErrorCase{"castling_piece_not_a_name", "partner: rook}", "partner: rook, piece: [king]}", "v.yaml:9:53",
                      "piece"},
        SpecErrorCase{"resets_clock_not_bool", "{letter: R, betza: R}", "{letter: R, betza: R, resets_clock: often}",
                      "v.yaml:3:45", "resets_clock must be true or false"},
        SpecErrorCase{"unknown_promotion_target", "    perft:", "    promotion: {pieces: [rook], zone: 1, to: [wizard]}\n    perft:",
                      "v.yaml:10:47", "promotion target 'wizard'"},
        SpecErrorCase{"zone_deeper_than_board", "    perft:", "    promotion: {pieces: [rook], zone: 6, to: [king]}\n    perft:",
                      "v.yaml:10:39", "zone is deeper than the board"},
        // Pieces in hand (hands:) and shogi-style promotion.
        SpecErrorCase{"hands_unknown_key", "    perft:", "    hands: {nifu: [rook]}\n    perft:", "v.yaml:10:13",
                      "unknown key 'nifu'"},
        SpecErrorCase{"hands_no_doubled_unknown_piece", "    perft:", "    hands: {no_doubled: [pawn]}\n    perft:",
                      "v.yaml:10:26", "no_doubled piece 'pawn' is not one of the variant's pieces"},
        SpecErrorCase{"hands_drop_ranks_reversed", "    perft:", "    hands: {drop_ranks: {rook: [3, 2]}}\n    perft:",
                      "v.yaml:10:36", "the last drop rank is before the first"},
        SpecErrorCase{"hands_drop_ranks_off_board", "    perft:", "    hands: {drop_ranks: {rook: [1, 9]}}\n    perft:",
                      "v.yaml:10:36", "rank 9 is not on the board"},
        SpecErrorCase{"hands_promoted_unknown", "    perft:", "    hands: {promoted: yes}\n    perft:", "v.yaml:10:23",
                      "promoted must be 'tilde'"},
        SpecErrorCase{"hands_with_drops", "    perft:",
                      "    drops: {zone: 1, pawn: rook}\n    hands: {}\n    perft:", "v.yaml:11:12",
                      "hands: and drops: cannot be combined"},
        SpecErrorCase{"hands_drops_false_without_gating", "    perft:", "    hands: {drops: false}\n    perft:",
                      "v.yaml:10:20", "drops: false needs gating: true"},
        SpecErrorCase{"hands_gating_not_bool", "    perft:", "    hands: {gating: sometimes}\n    perft:",
                      "v.yaml:10:21", "gating must be true or false"},
        SpecErrorCase{"hands_no_drops_but_drop_rules", "    perft:",
                      "    hands: {drops: false, gating: true, no_dead_drops: true}\n    perft:", "v.yaml:10:20",
                      "drops: false, but drop_ranks"},
        // Placement: compulsory drops, Bishops on both colours, castling rights from drops.
        SpecErrorCase{"hands_castling_file_off_board", "    perft:", "    hands: {castling_file: z}\n    perft:", "v.yaml:10:28",
                      "castling_file must be a file of the board (a to e), not 'z'"},
        SpecErrorCase{"hands_castling_file_without_castling", "    castling: {king_steps: 2, partner: rook}\n    perft:",
                      "    hands: {castling_file: e}\n    perft:", "v.yaml:9:28", "castling_file needs the variant's castling:"},
        SpecErrorCase{"hands_must_drop_without_drops", "    perft:",
                      "    hands: {drops: false, gating: true, must_drop: true}\n    perft:", "v.yaml:10:52",
                      "must_drop: true, but drops: false"},
        SpecErrorCase{"hands_must_drop_not_bool", "    perft:", "    hands: {must_drop: often}\n    perft:", "v.yaml:10:24",
                      "must_drop must be true or false"},
        SpecErrorCase{"hands_opposite_colours_unknown_piece", "    perft:",
                      "    hands: {opposite_colours: [bishop]}\n    perft:", "v.yaml:10:32",
                      "opposite_colours piece 'bishop' is not one of the variant's pieces"},
        SpecErrorCase{"hands_drop_ranks_one_rank", "    perft:", "    hands: {drop_ranks: {rook: [2]}}\n    perft:",
                      "v.yaml:10:32", "drop_ranks of a piece must be [first, last] (the mover's ranks), or []"},
        SpecErrorCase{"plus_piece_without_its_base", "  rook: {letter: R, betza: R}\nvariants:\n  mini:\n    board: {files: 5, ranks: 5}\n    pieces: [king, rook]",
                      "  rook: {letter: R, betza: R}\n  dragon: {letter: +D, betza: RF}\nvariants:\n  mini:\n    board: {files: 5, ranks: 5}\n    pieces: [king, rook, dragon]\n    hands: {}",
                      "v.yaml:8:26", "'dragon' is written +D but the variant has no piece D"},
        SpecErrorCase{"plus_letter_bad", "{letter: R, betza: R}", "{letter: +r, betza: R}", "v.yaml:3:18",
                      "one upper-case letter, or + and one"},
        SpecErrorCase{"promotion_leaving_not_bool", "    perft:",
                      "    promotion: {pieces: [rook], zone: 1, to: [king], leaving: maybe}\n    perft:", "v.yaml:10:63",
                      "leaving must be true or false"},
        // Regions (regions:, region:, moves_on:) and the flying general.
        SpecErrorCase{"region_unknown", "pieces: [king, rook]", "pieces: [king, {piece: rook, region: hall}]",
                      "v.yaml:7:42", "no region 'hall'"},
        SpecErrorCase{"region_file_off_board", "    perft:", "    regions: {hall: {files: [a, g]}}\n    perft:",
                      "v.yaml:10:33", "'g' is not a file of this board"},
        SpecErrorCase{"region_ranks_backwards", "    perft:", "    regions: {hall: {ranks: [3, 2]}}\n    perft:",
                      "v.yaml:10:30", "the first rank is after the last"},
        SpecErrorCase{"region_rank_off_board", "    perft:", "    regions: {hall: {ranks: [1, 6]}}\n    perft:",
                      "v.yaml:10:33", "rank 6 is not on the board"},
        SpecErrorCase{"region_squares_and_files", "    perft:",
                      "    regions: {hall: {squares: [a1], files: [a, b]}}\n    perft:", "v.yaml:10:31",
                      "either squares or files and ranks"},
        SpecErrorCase{"region_square_off_board", "    perft:", "    regions: {hall: {squares: [a1, f1]}}\n    perft:",
                      "v.yaml:10:36", "'f1' is not a square of this board"},
        SpecErrorCase{"region_given_twice", "    perft:",
                      "    regions: {hall: {ranks: [1, 2]}, hall: {ranks: [2, 3]}}\n    perft:", "v.yaml:10:38",
                      "region 'hall' is given twice"},
        SpecErrorCase{"region_one_side_only", "    perft:", "    regions: {hall: {white: {ranks: [1, 2]}}}\n    perft:",
                      "v.yaml:10:21", "needs 'black'"},
        SpecErrorCase{"moves_on_bad_betza", "pieces: [king, rook]",
                      "pieces: [king, {piece: rook, moves_on: [{region: hall, betza: WkF}]}]\n    regions: {hall: {ranks: [1, 2]}}",
                      "v.yaml:7:68", "unknown XBetza modifier 'k'"},
        SpecErrorCase{"region_with_locust_capture", "pieces: [king, rook]",
                      "pieces: [king, {piece: rook, betza: cafW, region: hall}]\n    regions: {hall: {ranks: [1, 2]}}",
                      "v.yaml:7:55", "cannot be combined with regions"},
        SpecErrorCase{"flying_general_not_bool", "    perft:", "    flying_general: yes\n    perft:", "v.yaml:10:21",
                      "flying_general must be true or false"},
        // Hopper restrictions (the Janggi cannon).
        SpecErrorCase{"no_hop_over_unknown_piece", "{letter: R, betza: R}", "{letter: R, betza: pR, no_hop_over: [cannon]}",
                      "v.yaml:3:46", "unknown piece 'cannon'"},
        SpecErrorCase{"no_capture_royal", "{letter: R, betza: R}", "{letter: R, betza: pR, no_capture: [king]}",
                      "v.yaml:3:45", "'king' is royal"},
        SpecErrorCase{"no_hop_over_with_locust", "{letter: R, betza: R}", "{letter: R, betza: cafW, no_hop_over: [rook]}",
                      "v.yaml:3:48", "cannot be combined with moves that capture on the way"},
        // Passing and bikjang (janggi).
        SpecErrorCase{"pass_not_bool", "    perft:", "    pass: yes\n    perft:", "v.yaml:10:11", "pass must be true or false"},
        SpecErrorCase{"bikjang_needs_pass", "    perft:", "    bikjang: true\n    perft:", "v.yaml:10:14",
                      "bikjang needs pass: true"},
        SpecErrorCase{"bikjang_with_flying_general", "    perft:",
                      "    pass: true\n    flying_general: true\n    bikjang: true\n    perft:", "v.yaml:12:14",
                      "bikjang and flying_general cannot be combined"},
        // Immobile pieces (Chak's Temple).
        SpecErrorCase{"immobile_with_betza", "{letter: R, betza: R}", "{letter: R, immobile: true, betza: R}",
                      "v.yaml:3:44", "an immobile piece has no betza"},
        SpecErrorCase{"immobile_not_bool", "{letter: R, betza: R}", "{letter: R, immobile: sure}", "v.yaml:3:31",
                      "immobile must be true or false"},
        SpecErrorCase{"immobile_false_needs_betza", "{letter: R, betza: R}", "{letter: R, immobile: false}",
                      "v.yaml:3:9", "needs 'betza'"},
        SpecErrorCase{"immobile_given_moves_by_the_variant",
                      "  rook: {letter: R, betza: R}\nvariants:\n  mini:\n    board: {files: 5, ranks: 5}\n    pieces: [king, rook]",
                      "  rook: {letter: R, immobile: true}\nvariants:\n  mini:\n    board: {files: 5, ranks: 5}\n"
                      "    pieces: [king, {piece: rook, betza: W}]",
                      "v.yaml:7:41", "'rook' is immobile: it has no betza"}));

// castling: {piece: ...} in a variant without a royal piece: the piece must not be the
// partner, and without it such a variant cannot castle.
TEST(Spec, CastlingPieceThatIsNotRoyal) {
  const std::string royalless = replace(replace(kGood, "betza: K, royal: true}", "betza: K}"), "    perft:",
                                        "    end: {extinction: {pieces: all, result: loss}}\n    perft:");
  EXPECT_EQ(error_of(royalless), "v.yaml:9:15: error: castling needs a royal piece, or piece: naming the piece that castles");
  EXPECT_EQ(error_of(replace(royalless, "partner: rook}", "partner: rook, piece: rook}")),
            "v.yaml:9:53: error: castling piece 'rook' is also the castling partner");
  const std::string good = replace(royalless, "partner: rook}", "partner: rook, piece: king}");
  ASSERT_EQ(error_of(good), "");
  const fairy::VariantInfo info = fairytest::variant_info(good);
  EXPECT_EQ(info.castling.piece, 0);  // the king, not royal here
  EXPECT_FALSE(info.pieces[0].royal);
  EXPECT_TRUE(info.castles(0));
  EXPECT_FALSE(info.castles(1));
  EXPECT_TRUE(info.tracks_virginity(0));
}

TEST(Spec, TopLevelMustBeAMap) {
  EXPECT_NE(error_of("- just\n- a list\n").find("must be a mapping"), std::string::npos);
}

TEST(Spec, MissingFileIsAnError) {
  try {
    fairygen::spec::load("/nonexistent/variants.yaml");
    FAIL() << "no error";
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/variants.yaml: error: cannot open file"), std::string::npos);
  }
}

TEST(Spec, RealCatalogueBuilds) {
  const auto file = fairygen::spec::load(FAIRY_SOURCE_DIR "/variants.yaml");
  const auto variants = fairygen::model::build_all(file);
  ASSERT_EQ(variants.size(), 43u);
  for (const auto& v : variants) {
    EXPECT_FALSE(v.spec->perft.empty()) << v.info.key << " has no perft positions";
    for (const auto& p : v.spec->perft) EXPECT_GE(p.source.size(), 8u);
  }
  EXPECT_EQ(fairygen::model::load_variant(FAIRY_SOURCE_DIR "/variants.yaml", "terachess2").pieces.size(), 26u);
  EXPECT_EQ(fairygen::model::load_variant(FAIRY_SOURCE_DIR "/variants.yaml", "obento").pieces.size(), 22u);
}

TEST(Spec, AnUnknownVariantKeyNamesTheFileAndItsVariants) {
  const auto file = fairygen::spec::load_string(fairytest::kMiniSpec, "v.yaml");
  EXPECT_EQ(fairygen::model::variant_info(file, "mini").key, "mini");
  try {
    fairygen::model::variant_info(file, "maxi");
    FAIL() << "an unknown key was accepted";
  } catch (const fairygen::spec::SpecError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("v.yaml"), std::string::npos) << what;
    EXPECT_NE(what.find("no variant 'maxi' (the file has: mini)"), std::string::npos) << what;
  }
}

}  // namespace

// ------------------------------------------------------------------ include:

namespace {

namespace fs = std::filesystem;

// A fresh directory of spec files for one test.
class IncludeFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fairygen-include-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  std::string error_loading(const std::string& path) {
    try {
      fairygen::model::build_all(fairygen::spec::load(path));
    } catch (const SpecError& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_;
};

const std::string kPieces = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  rook: {letter: R, betza: R}
)";
const std::string kMini = R"(variants:
  mini:
    board: {files: 5, ranks: 5}
    pieces: [king, rook]
    start: k4/5/5/5/R3K w - - 0 1
)";

TEST_F(IncludeFiles, PiecesComeFromAFileRelativeToTheIncludingOne) {
  write("lib/pieces.yaml", kPieces);
  const std::string top = write("top.yaml", "include: [lib/pieces.yaml]\n" + kMini);
  const auto file = fairygen::spec::load(top);
  ASSERT_NE(file.find_piece("rook"), nullptr);
  EXPECT_NE(file.find_piece("rook")->where.file.find("lib/pieces.yaml"), std::string::npos);
  ASSERT_NE(file.find_variant("mini"), nullptr);
  EXPECT_FALSE(file.find_variant("mini")->included);
  EXPECT_EQ(fairygen::model::build_all(file).size(), 1u);
}

TEST_F(IncludeFiles, IncludedVariantsAreMarkedAndAFileReachedTwiceIsReadOnce) {
  write("lib/pieces.yaml", kPieces);
  write("lib/a.yaml", "include: pieces.yaml\n" + kMini);
  write("lib/b.yaml", "include: [pieces.yaml, a.yaml]\n");
  const std::string top = write("top.yaml", "include: [lib/a.yaml, lib/b.yaml, ./lib/../lib/pieces.yaml]\n");
  const auto file = fairygen::spec::load(top);
  EXPECT_EQ(file.pieces.size(), 2u);
  ASSERT_EQ(file.variants.size(), 1u);
  EXPECT_TRUE(file.variants[0].included);
}

TEST_F(IncludeFiles, PieceValueIsKeptAndABadOneIsRefusedWithItsPlace) {
  write("good.yaml", "pieces:\n  king: {letter: K, betza: K, royal: true}\n  rook: {letter: R, betza: R, value: 450}\n" + kMini);
  const auto built = fairygen::model::build_all(fairygen::spec::load(dir_.string() + "/good.yaml"));
  ASSERT_EQ(built.size(), 1u);
  EXPECT_EQ(built[0].info.pieces[1].value, 450);
  EXPECT_EQ(built[0].info.pieces[0].value, 0) << "no value: estimated by the search";
  for (const char* bad : {"0", "-5", "lots", "100001"}) {
    const std::string e = error_loading(write("bad.yaml", std::string("pieces:\n  king: {letter: K, betza: K, royal: true}\n"
                                                                      "  rook: {letter: R, betza: R, value: ") +
                                                              bad + "}\n" + kMini));
    EXPECT_NE(e.find("bad.yaml:3:38: error: value must be"), std::string::npos) << bad << ": " << e;
  }
}

TEST_F(IncludeFiles, APieceDefinedInTwoFilesNamesBoth) {
  write("pieces.yaml", kPieces);
  const std::string top = write("top.yaml", "include: pieces.yaml\npieces:\n  rook: {letter: R, betza: W}\n");
  const std::string e = error_loading(top);
  EXPECT_NE(e.find("top.yaml:3:3: error: piece 'rook' is defined twice (first at "), std::string::npos) << e;
  EXPECT_NE(e.find("pieces.yaml:3:3)"), std::string::npos) << e;
}

TEST_F(IncludeFiles, ACycleIsRefusedWithBothIncludes) {
  write("a.yaml", "include: [b.yaml]\n" + kPieces);
  write("b.yaml", "pieces: {}\ninclude:\n  - c.yaml\n");
  write("c.yaml", "include: [b.yaml]\n");
  const std::string top = write("top.yaml", "include: a.yaml\n");
  const std::string e = error_loading(top);
  EXPECT_NE(e.find("c.yaml:1:11: error: include cycle: 'b.yaml'"), std::string::npos) << e;
  EXPECT_NE(e.find("included at "), std::string::npos) << e;
  EXPECT_NE(e.find("a.yaml:1:11"), std::string::npos) << e;
  // A file that includes itself: the second location is the file given to load.
  const std::string self = write("self.yaml", "include: self.yaml\n");
  EXPECT_NE(error_loading(self).find("self.yaml:1:10: error: include cycle"), std::string::npos) << error_loading(self);
}

TEST_F(IncludeFiles, BadIncludesNameTheEntry) {
  EXPECT_NE(error_loading(write("a.yaml", "include: [missing.yaml]\n")).find("a.yaml:1:11: error: cannot include "
                                                                          "'missing.yaml': no such file"),
            std::string::npos);
  fs::create_directories(dir_ / "adir");
  EXPECT_NE(error_loading(write("b.yaml", "include: adir\n")).find("b.yaml:1:10: error: cannot include 'adir': not a "
                                                                   "regular file"),
            std::string::npos);
  EXPECT_NE(error_loading(write("c.yaml", "include: {x: 1}\n")).find("c.yaml:1:10: error: 'include' must be"),
            std::string::npos);
  EXPECT_NE(error_loading(write("d.yaml", "include: [pieces.yaml]\n")).find("d.yaml:1:11"), std::string::npos);
  write("e.yaml", "pieces: [1, 2\n");
  EXPECT_NE(error_loading(write("f.yaml", "include: e.yaml\n")).find("e.yaml:"), std::string::npos);
  EXPECT_NE(error_loading(write("g.yaml", "{}\n")).find("needs 'pieces', 'variants' or 'include'"), std::string::npos);
}

TEST_F(IncludeFiles, DeepNestingIsRefused) {
  for (int i = 0; i < 40; ++i) write("n" + std::to_string(i) + ".yaml", "include: n" + std::to_string(i + 1) + ".yaml\n");
  write("n40.yaml", kPieces);
  EXPECT_NE(error_loading((dir_ / "n0.yaml").string()).find("includes nest more than 16 files deep"), std::string::npos);
}

}  // namespace
