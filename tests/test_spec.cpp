// The YAML loader and the model stage: every error names file:line:column and what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"

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
        SpecErrorCase{"unknown_promotion_target", "    perft:", "    promotion: {pieces: [rook], zone: 1, to: [wizard]}\n    perft:",
                      "v.yaml:10:47", "promotion target 'wizard'"},
        SpecErrorCase{"zone_deeper_than_board", "    perft:", "    promotion: {pieces: [rook], zone: 6, to: [king]}\n    perft:",
                      "v.yaml:10:39", "zone is deeper than the board"}));

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
  ASSERT_EQ(variants.size(), 15u);
  for (const auto& v : variants) {
    EXPECT_FALSE(v.spec->perft.empty()) << v.info.key << " has no perft positions";
    for (const auto& p : v.spec->perft) EXPECT_GE(p.source.size(), 8u);
  }
  EXPECT_EQ(fairygen::model::load_variant(FAIRY_SOURCE_DIR "/variants.yaml", "terachess2").pieces.size(), 26u);
  EXPECT_EQ(fairygen::model::load_variant(FAIRY_SOURCE_DIR "/variants.yaml", "obento").pieces.size(), 22u);
}

}  // namespace
