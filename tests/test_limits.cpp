// Issue 14: every limit is checked where input enters, with the column or the location; past
// the limits nothing crashes, hangs or puts spec text into generated C++ unescaped. One test
// (or table row) per fault found by fuzzing and the sanitizers.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>

#include "generator/betza/betza.hpp"
#include "generator/emit/emit.hpp"
#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/file_text.hpp"

namespace {

using namespace fairy;
namespace fs = std::filesystem;

std::unique_ptr<Engine> compiled(const char* key) { return find_compiled(key)->engine(); }

// ------------------------------------------------------------------ move lists and piece lists

TEST(MoveListLimit, KeepsEveryMovePastItsStackStorage) {
  MoveList list;
  const int n = 5 * MoveList::kInline + 3;
  for (int i = 0; i < n; ++i) list.push(Move{Square(i % 512), Square(i / 512), kNoSquare, kNoSquare, MoveKind::Normal, 0});
  ASSERT_EQ(list.size, n);
  EXPECT_GE(list.capacity(), n);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(list[i].from, i % 512) << i;
    ASSERT_EQ(list[i].to, i / 512) << i;
  }
}

// A side holding more squares than the old piece list had room for (128): 255 Amazons and
// the black King on a16. White's only moves take the King: b16, a15, b15 by a step, c15 and
// b14 by a knight's leap = 5.
std::string full_board_of_amazons() {
  std::string fen = "kAAAAAAAAAAAAAAA";
  for (int r = 0; r < 15; ++r) fen += "/AAAAAAAAAAAAAAAA";
  return fen + " w - - 0 1";
}

TEST(PieceListLimit, A16x16BoardFullOfAmazons) {
  for (bool interpret : {false, true}) {
    const auto engine = interpret ? std::unique_ptr<Engine>(new InterpretedEngine(find_compiled("terachess2")->info()))
                                  : compiled("terachess2");
    Position pos(engine->variant());
    pos.set_fen(full_board_of_amazons());
    EXPECT_EQ(pos.piece_total(White), 255);
    EXPECT_EQ(pos.fen(), full_board_of_amazons());
    EXPECT_EQ(engine->perft(pos, 1), 5u) << (interpret ? "interpreted" : "generated");
    MoveList moves;
    engine->legal_moves(pos, moves);
    for (const Move& m : moves) {  // every piece list entry survives make and unmake
      pos.make(m);
      EXPECT_EQ(pos.piece_total(Black), 0);
      pos.unmake();
      EXPECT_EQ(pos.fen(), full_board_of_amazons());
    }
  }
}

// Amazons on every other square of every other rank: 1256 legal moves, more than a move list
// holds on the stack. Generated module and interpreter agree, also one ply deeper.
TEST(MoveListLimit, MoreMovesThanTheStackStorageHolds) {
  const std::string fen =
      "A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/"
      "1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/k15 w - - 0 1";
  const auto generated = compiled("terachess2");
  const InterpretedEngine interpreted(find_compiled("terachess2")->info());
  Position pos(generated->variant());
  pos.set_fen(fen);
  MoveList pseudo;
  generated->pseudo_moves(pos, pseudo);
  EXPECT_GT(pseudo.size, MoveList::kInline);
  const std::uint64_t d1 = generated->perft(pos, 1);
  EXPECT_GT(d1, std::uint64_t(MoveList::kInline));
  EXPECT_EQ(interpreted.perft(pos, 1), d1);
  EXPECT_EQ(interpreted.perft(pos, 2), generated->perft(pos, 2));
}

// `fairy explain aaB` overflowed the move list: a piece with 196 three-leg sliding paths.
TEST(MoveListLimit, ManyRoutesOfOnePieceAreListedOnce) {
  VariantInfo v;
  v.key = "many_routes";
  v.geo = Geometry{9, 9};
  PieceInfo piece;
  piece.name = "piece";
  piece.letter = 'X';
  for (Color c : {White, Black}) piece.program[c] = fairygen::betza::compile("aaB", c);
  v.pieces = {piece};
  v.start_fen = "9/9/9/9/4X4/9/9/9/9 w - - 0 1";
  v.finalize();
  EXPECT_TRUE(v.pieces[0].may_repeat);
  const InterpretedEngine engine(v);
  Position pos(engine.variant());
  pos.set_start();
  MoveList moves;
  engine.pseudo_moves(pos, moves);
  // Every other square of the board, each once (a later leg may turn 45 degrees, onto an
  // orthogonal): 80.
  EXPECT_EQ(moves.size, 80);
}

// ------------------------------------------------------------------ make and unmake

// make() read the board at `from` = -1 for pass and drop moves (UBSan: every Extra Move and
// Universal test). Now both are made and unmade, and the sanitizer build runs this.
TEST(MakeLimit, PassAndDropHaveNoFromSquare) {
  const auto extra = compiled("extramove");
  Position pos(extra->variant());
  pos.set_fen("4k3/8/8/8/8/8/4P3/3K4 w - - 0 2 2:d1");
  pos.make(parse_uci(pos, *extra, "pass"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/4P3/3K4 b - - 0 2");
  pos.unmake();
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/4P3/3K4 w - - 0 2 2:d1");

  const auto universal = compiled("universal");
  Position upos(universal->variant());
  upos.set_fen("k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}");
  upos.make(parse_uci(upos, *universal, "H@c1"));
  EXPECT_EQ(upos.fen(), "k7/8/8/8/8/8/8/K1H3R1 b - - 1 10 {S}{}");
  upos.unmake();
  EXPECT_EQ(upos.fen(), "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}");
}

// ------------------------------------------------------------------ FEN fields

struct FenCase {
  const char* key;
  const char* fen;
  int column;
  const char* says;
};

class FenLimits : public ::testing::TestWithParam<FenCase> {};

TEST_P(FenLimits, RefusedWithColumn) {
  const FenCase& c = GetParam();
  Position pos(find_compiled(c.key)->info());
  try {
    pos.set_fen(c.fen);
    FAIL() << "accepted: " << c.fen;
  } catch (const FenError& e) {
    EXPECT_EQ(e.column, c.column) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, FenLimits,
    ::testing::Values(
        // The run of empty squares overflowed an int.
        FenCase{"chess", "k7/8/8/99999999999/8/8/8/K7 w - - 0 1", 8,
                "empty run of 99999999999 does not fit rank 5 (8 squares left)"},
        FenCase{"chess", "k7/8/8/8/8/8/8/K7 w - - 1000000 1", 25, "halfmove clock '1000000' is more than 999999"},
        FenCase{"chess", "k7/8/8/8/8/8/8/K7 w - - 0 99999999999999999999", 27,
                "move number '99999999999999999999' is more than 999999"},
        // Credits were stored in a byte without a check: 300 became 44.
        FenCase{"universal", "k7/8/8/8/8/8/8/K7 w - - 0 1 {Q:300}{}", 32, "drop credits '300' is more than 255"},
        // A drop phase with nothing to drop: no credit, no reserve piece, or no empty square.
        FenCase{"universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {}{}", 32, "White has nothing to drop"},
        FenCase{"universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS}{}", 32, "White has nothing to drop"},
        FenCase{"universal", "k7/8/8/8/8/8/8/QQQQQQQK w - - 0 10 2:a1 {HS:1}{}", 36, "White has nothing to drop"}));

TEST(FenLimit, CountersStopAtTheirLimitAndReadBack) {
  const auto engine = compiled("chess");
  Position pos(engine->variant());
  const std::string start = "k7/8/8/8/8/8/8/K6R b - - 999999 999999";
  pos.set_fen(start);
  pos.make(parse_uci(pos, *engine, "a8b8"));
  EXPECT_EQ(pos.fen(), "1k6/8/8/8/8/8/8/K6R w - - 999999 999999");
  Position again(engine->variant());
  again.set_fen(pos.fen());
  EXPECT_EQ(again.fen(), pos.fen());
  pos.unmake();
  EXPECT_EQ(pos.fen(), start);
}

TEST(FenLimit, CreditsStopAt255AndReadBack) {
  const auto engine = compiled("universal");
  Position pos(engine->variant());
  pos.set_fen("r2rk3/8/8/8/8/8/8/3RK3 w - - 0 1 {QN:255}{qn:255}");
  pos.make(parse_uci(pos, *engine, "d1d8"));
  pos.make(parse_uci(pos, *engine, "pass"));  // White could drop (it holds credits)
  pos.make(parse_uci(pos, *engine, "a8d8"));  // an exchange: a credit each, but both hold 255
  EXPECT_EQ(pos.credits(White), 255);
  EXPECT_EQ(pos.credits(Black), 255);
  Position again(engine->variant());
  again.set_fen(pos.fen());
  EXPECT_EQ(again.fen(), pos.fen());
  EXPECT_EQ(again.key(), pos.key());
}

// ------------------------------------------------------------------ notation

// "N e5-e6; R-e5" names the swap partner on e6, which is empty: the letter of an empty square
// was read (pieces[-1]).
TEST(NotationLimit, SwapPartnerOnAnEmptySquare) {
  const auto engine = compiled("sandbox");
  Position pos(engine->variant());
  pos.set_fen("9k/10/4R5/10/10/4N5/10/10/7V2/K9 w - - 0 1");
  const std::string before = pos.fen();
  try {
    play_gc_turn(pos, *engine, "N e5-e6; R-e5");
    FAIL() << "accepted";
  } catch (const NotationError& e) {
    EXPECT_EQ(std::string(e.what()), "no piece on e6 to change places with");
    EXPECT_EQ(e.token, "R-e5");
  }
  EXPECT_EQ(pos.fen(), before);
}

// ------------------------------------------------------------------ XBetza

struct BetzaCase {
  const char* betza;
  int column;
  const char* says;
};

class BetzaLimits : public ::testing::TestWithParam<BetzaCase> {};

TEST_P(BetzaLimits, RefusedQuicklyWithColumn) {
  const BetzaCase& c = GetParam();
  const auto t0 = std::chrono::steady_clock::now();
  try {
    fairygen::betza::compile(c.betza, White);
    FAIL() << "accepted: " << c.betza;
  } catch (const fairygen::betza::Error& e) {
    EXPECT_EQ(e.column, c.column) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
  }
  // Not a timing assertion on speed, a guard against the exponential expansion coming back
  // (aaaaaW took 39 s and 1 GB; aaaaaaaW never finished).
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

INSTANTIATE_TEST_SUITE_P(
    All, BetzaLimits,
    ::testing::Values(BetzaCase{"aaaaaW", 6, "this move expands to 67228 paths: a piece may have at most 1024"},
                      BetzaCase{"aaaaaaaW", 8, "this move expands to 3294172 paths"},
                      BetzaCase{"aaaW", 4, "this move expands to 1372 paths"},
                      BetzaCase{"KaaaW", 5, "1372 paths (after 8 from the moves before it)"},
                      BetzaCase{"fafafafaW", 9, "a move of 5 legs: at most 4"},
                      BetzaCase{"O2KO3", 4, "castling 'O' is written twice"}));

TEST(BetzaLimit, LongStringRefusedAtTheFirstCharacterPastTheLimit) {
  std::string text;
  while (text.size() <= std::size_t(fairygen::betza::kMaxLength)) text += "W";
  try {
    fairygen::betza::parse(text);
    FAIL() << "accepted";
  } catch (const fairygen::betza::Error& e) {
    EXPECT_EQ(e.column, fairygen::betza::kMaxLength + 1);
  }
}

TEST(BetzaLimit, UpToTheLimitsCompiles) {
  EXPECT_EQ(fairygen::betza::compile("aaW", White).paths.size(), 196u);
  EXPECT_EQ(fairygen::betza::compile("fafafafR", White).paths.size(), 1u);
  EXPECT_EQ(fairygen::betza::compile("nG", White).paths[0].legs.size(), 3u);
}

// ------------------------------------------------------------------ spec names

std::string spec_error(const std::string& yaml) {
  try {
    fairygen::model::build_all(fairygen::spec::load_string(yaml, "v.yaml"));
  } catch (const fairygen::spec::SpecError& e) {
    return e.what();
  }
  return "";
}

std::string one_variant(const std::string& pieces, const std::string& extra = "") {
  return "pieces:\n  king: {letter: K, betza: K, royal: true}\n" + pieces +
         "variants:\n  mini:\n    board: {files: 5, ranks: 5}\n    pieces: [king]\n    start: k4/5/5/5/4K w - - 0 1\n" +
         extra;
}

TEST(SpecLimit, PieceNamesThatCouldBreakGeneratedCode) {
  EXPECT_EQ(spec_error(one_variant("  \"bad\\nname\": {letter: R, betza: R}\n")),
            "v.yaml:3:3: error: piece name 'bad\\nname' may use only letters, digits, '_' and '-'");
  EXPECT_EQ(spec_error(one_variant("  \"rook*/int x;/*\": {letter: R, betza: R}\n")),
            "v.yaml:3:3: error: piece name 'rook*/int x;/*' may use only letters, digits, '_' and '-'");
  EXPECT_EQ(spec_error(one_variant("  9lives: {letter: R, betza: R}\n")),
            "v.yaml:3:3: error: piece name '9lives' must start with a letter");
  EXPECT_NE(spec_error(one_variant("  " + std::string(41, 'r') + ": {letter: R, betza: R}\n"))
                .find("is 41 characters long (at most 40)"),
            std::string::npos);
}

TEST(SpecLimit, NamesThatCollideInCppNameBothPlaces) {
  EXPECT_EQ(spec_error(one_variant("  foo-bar: {letter: R, betza: R}\n  foo_bar: {letter: B, betza: B}\n")),
            "v.yaml:4:3: error: pieces 'foo-bar' (v.yaml:3:3) and 'foo_bar' would both be named foo_bar in generated "
            "C++: rename one");
  // Generated C++ appends '_' to a piece's name (Pieces<Us>::new_), so a C++ keyword is a name
  // like any other, and a name may not end in '_' nor hold "__".
  EXPECT_EQ(spec_error(one_variant("  new: {letter: R, betza: R}\n  class: {letter: B, betza: B}\n")), "");
  EXPECT_EQ(spec_error(one_variant("  rook_: {letter: R, betza: R}\n")),
            "v.yaml:3:3: error: piece name 'rook_' may not end with '_' or '-'");
  EXPECT_EQ(spec_error(one_variant("  rook-_1: {letter: R, betza: R}\n")),
            "v.yaml:3:3: error: piece name 'rook-_1' may not have two of '_' and '-' in a row");
  // Names that differ only in case or in a '_' are distinct identifiers.
  EXPECT_EQ(spec_error(one_variant("  foo_1: {letter: R, betza: R}\n  foo1: {letter: B, betza: B}\n")), "");
  EXPECT_EQ(spec_error(one_variant("  Rook: {letter: R, betza: R}\n  rook: {letter: B, betza: B}\n")), "");
}

TEST(SpecLimit, PerftNames) {
  const std::string two = "    perft:\n      - {name: a-b, fen: start, counts: [3], source: \"hand count: 3 king steps\"}\n"
                          "      - {name: a_b, fen: start, counts: [3], source: \"hand count: 3 king steps\"}\n";
  EXPECT_EQ(spec_error(one_variant("", two)),
            "v.yaml:10:16: error: perft test name 'a_b' is also that of the entry at v.yaml:9:16");
  const std::string unnamed = "    perft:\n      - {fen: start, counts: [3], source: \"hand count: 3 king steps\"}\n"
                              "      - {name: position1, fen: start, counts: [3], source: \"hand count: 3 king steps\"}\n";
  EXPECT_EQ(spec_error(one_variant("", unnamed)),
            "v.yaml:10:16: error: perft test name 'position1' is also that of the entry at v.yaml:9:9");
  EXPECT_EQ(spec_error(one_variant("", "    perft:\n      - {name: DISABLED_x, fen: start, counts: [3], source: "
                                       "\"hand count: 3 king steps\"}\n")),
            "v.yaml:9:16: error: perft name 'DISABLED_x' would disable its tests");
  std::string deep = "    perft:\n      - {fen: start, counts: [";
  for (int d = 0; d < 21; ++d) deep += d ? ", 1" : "1";
  EXPECT_NE(spec_error(one_variant("", deep + "], source: \"hand count: nothing\"}\n")).find("counts go to depth 21: at most 20"),
            std::string::npos);
}

// A drop zone deeper than the board read squares off the board (a crash at the first drop).
TEST(SpecLimit, DropZoneWithinTheBoard) {
  EXPECT_EQ(spec_error("pieces:\n  king: {letter: K, betza: K, royal: true}\n  queen: {letter: Q, betza: Q}\n"
                       "variants:\n  x:\n    board: {files: 8, ranks: 8}\n    pieces: [king, queen]\n"
                       "    start: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n    drops: {zone: 16, pawn: king}\n"),
            "v.yaml:9:19: error: zone is deeper than the board");
}

TEST(SpecLimit, VariantKeys) {
  const auto with_key = [](const std::string& key) {
    return "pieces:\n  king: {letter: K, betza: K, royal: true}\nvariants:\n  " + key +
           ":\n    board: {files: 5, ranks: 5}\n    pieces: [king]\n    start: k4/5/5/5/4K w - - 0 1\n";
  };
  EXPECT_EQ(spec_error(with_key("registry")),
            "v.yaml:4:3: error: variant key 'registry' names a file fairygen writes itself (registry.cpp)");
  EXPECT_EQ(spec_error(with_key("perft_cases")),
            "v.yaml:4:3: error: variant key 'perft_cases' names a file fairygen writes itself (perft_cases.hpp)");
  EXPECT_EQ(spec_error(with_key("_chess")), "v.yaml:4:3: error: variant key '_chess' must start with a letter or a digit");
  EXPECT_EQ(spec_error(with_key("3check")), "");  // Fairy-Stockfish's names may start with a digit
  EXPECT_EQ(spec_error(with_key("modules_2")), "v.yaml:4:3: error: variant key 'modules_2' names a file fairygen writes itself (modules_2.cpp)");
  EXPECT_EQ(spec_error(with_key("is_color")), "") << "the module's namespace is not the bare key";
}

// ------------------------------------------------------------------ generated text

const fairygen::emit::Options kInjectedOptions{FAIRY_SOURCE_DIR "/templates", "spec\n#error injected\\"};

std::vector<fairygen::emit::Output> emit_all(const std::string& yaml) {
  const auto file = fairygen::spec::load_string(yaml, "v.yaml");
  const auto variants = fairygen::model::build_all(file);
  std::vector<fairygen::emit::Output> out;
  for (const auto& v : variants)
    for (auto& o : fairygen::emit::variant_module(v, kInjectedOptions)) out.push_back(o);
  out.push_back(fairygen::emit::registry(variants, kInjectedOptions));
  out.push_back(fairygen::emit::perft_cases(variants, kInjectedOptions));
  out.push_back(fairygen::emit::perft_main(kInjectedOptions));
  return out;
}

// A perft source with line breaks, "*/" and a final backslash, and a spec name with a line
// break and a backslash, stay inside their comments: every line that carries any of that
// text is a comment, no line ends in a backslash, and each test keeps its row of the table.
TEST(EmitLimit, SpecTextStaysInsideComments) {
  const std::string yaml = one_variant("  foo-bar: {letter: R, betza: R}\n",
                                       "    perft:\n      - fen: start\n        counts: [3, 6]\n        source: |\n"
                                       "          hand count */ int injected = 1; /*\n          #error injected \\\n");
  const auto outputs = emit_all(yaml);
  int tests = 0;
  for (const auto& o : outputs) {
    std::istringstream in(o.content);
    std::string line;
    while (std::getline(in, line)) {
      const auto text = line.substr(std::min(line.find_first_not_of(' '), line.size()));
      if (line.find("injected") != std::string::npos) { EXPECT_EQ(text.rfind("//", 0), 0u) << o.name << ": " << line; }
      EXPECT_TRUE(line.empty() || line.back() != '\\') << o.name << ": " << line;
      EXPECT_EQ(line.find("*/"), std::string::npos) << o.name << ": " << line;
      tests += text.rfind("{\"mini\", \"position1\", \"start\", ", 0) == 0;
    }
  }
  EXPECT_EQ(tests, 2);
}

// ------------------------------------------------------------------ all-or-nothing outputs

// The files in dir other than `except`.
std::set<std::string> listing(const fs::path& dir, const std::string& except) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename() != except) out.insert(e.path().filename().string());
  return out;
}

class WriteOutputs : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("fairygen_limits_" + std::to_string(::getpid()));
  std::vector<fairygen::emit::Output> before = {{"a.cpp", "old a"}, {"b.cpp", "old b"}};
  std::vector<fairygen::emit::Output> after = {{"a.cpp", "new a"}, {"b.cpp", "old b"}, {"c.cpp", "new c"},
                                               {"d.cpp", "new d"}};
  void SetUp() override {
    fs::remove_all(dir);
    fairygen::emit::write_outputs(before, dir.string(), false);
  }
  void TearDown() override { fs::remove_all(dir); }
  void expect_untouched(const std::string& obstacle) {
    EXPECT_EQ(fairytest::file_text(dir / "a.cpp"), "old a");
    EXPECT_EQ(fairytest::file_text(dir / "b.cpp"), "old b");
    EXPECT_EQ(listing(dir, obstacle), (std::set<std::string>{"a.cpp", "b.cpp"})) << "no temporary, no new file";
  }
};

// The last temporary cannot be written (a directory stands at its name): nothing changes.
TEST_F(WriteOutputs, AFailedWriteChangesNothing) {
  fs::create_directories(dir / "d.cpp.tmp" / "x");
  EXPECT_THROW(fairygen::emit::write_outputs(after, dir.string(), false), std::runtime_error);
  expect_untouched("d.cpp.tmp");
}

// The last rename fails (a directory stands at the file's name) after a.cpp and c.cpp were
// renamed into place: both are put back.
TEST_F(WriteOutputs, AFailedRenamePutsBackWhatWasReplaced) {
  fs::create_directories(dir / "d.cpp" / "x");
  EXPECT_THROW(fairygen::emit::write_outputs(after, dir.string(), false), std::runtime_error);
  expect_untouched("d.cpp");
}

TEST_F(WriteOutputs, OtherwiseEverythingIsWritten) {
  EXPECT_EQ(fairygen::emit::write_outputs(after, dir.string(), false),
            (std::vector<std::string>{"a.cpp", "c.cpp", "d.cpp"}));
  EXPECT_EQ(fairytest::file_text(dir / "a.cpp"), "new a");
  EXPECT_EQ(fairytest::file_text(dir / "d.cpp"), "new d");
  EXPECT_EQ(listing(dir, ""), (std::set<std::string>{"a.cpp", "b.cpp", "c.cpp", "d.cpp"}));
}

// ------------------------------------------------------------------ a large catalogue

// Piece and variant lookups by name were linear scans, so loading was quadratic in the size
// of the catalogue. 20000 pieces and 4000 variants (each using two of them) load and build.
TEST(SpecLimit, LargeCatalogueLoads) {
  const int pieces = 20000, variants = 4000;
  std::string yaml = "pieces:\n  king: {letter: K, betza: K, royal: true}\n";
  for (int i = 0; i < pieces; ++i) yaml += "  p" + std::to_string(i) + ": {letter: R, betza: R}\n";
  yaml += "variants:\n";
  for (int i = 0; i < variants; ++i)
    yaml += "  v" + std::to_string(i) + ":\n    board: {files: 8, ranks: 8}\n    pieces: [king, p" +
            std::to_string(pieces - 1 - i) + ", {piece: p" + std::to_string(i) +
            ", letter: Q}]\n    start: 4k3/8/8/8/8/8/8/4K2Q w - - 0 1\n";
  const auto file = fairygen::spec::load_string(yaml, "big.yaml");
  ASSERT_EQ(file.pieces.size(), std::size_t(pieces + 1));
  ASSERT_EQ(file.variants.size(), std::size_t(variants));
  EXPECT_EQ(file.find_piece("p12345"), &file.pieces[12346]);
  EXPECT_EQ(file.find_variant("v3999"), &file.variants[3999]);
  const auto built = fairygen::model::build_all(file);
  ASSERT_EQ(built.size(), std::size_t(variants));
  EXPECT_EQ(built[3999].info.pieces[1].name, "p16000");
}

}  // namespace
