// Fairy-Stockfish's built-ins that needed small rules: castling with another distance on the
// queen's side (Janus), promotion choices per side (Chigorin), Makruk's, Cambodian and ASEAN counting
// rules, whose count the FEN carries as Fairy-Stockfish writes it, and Ouk Chatrang's
// first-move rights (first_moves:), Sittuyin's in_place promotion.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <memory>

#include "generator/model/model.hpp"
#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "tests/spec_error.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

const std::string kCountingSpec = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  rook: {letter: R, betza: R}
  pawn: {letter: P, betza: fmWfcF}
variants:
  mini:
    board: {files: 6, ranks: 6}
    pieces: [king, rook, pawn]
    start: r1k2r/6/6/6/6/R1K2R w KQkq - 0 1
)";

std::string counting_error(const std::string& extra) { return fairytest::spec_error(kCountingSpec + extra); }

// A FEN, moves played from it, and the FEN they lead to (Fairy-Stockfish's `d`).
struct FenCase {
  const char* fen;
  std::vector<const char*> moves;
  const char* after;
};

// Each FEN is written back as read, its moves lead to `after`, and unmaking them restores it.
void expect_fens_after(const Engine& engine, const std::vector<FenCase>& cases) {
  for (const FenCase& c : cases) {
    Position pos(engine.variant());
    pos.set_fen(c.fen);
    EXPECT_EQ(pos.fen(), c.fen);
    for (const char* m : c.moves) pos.make(parse_uci(pos, engine, m));
    EXPECT_EQ(pos.fen(), c.after) << c.fen;
    for (std::size_t i = 0; i < c.moves.size(); ++i) pos.unmake();
    EXPECT_EQ(pos.fen(), c.fen);
  }
}

TEST(BuiltInRules, SpecErrorsNameTheirPlace) {
  EXPECT_EQ(counting_error("    end: {counting: {rule: thai}}\n"),
            "v.yaml:10:28: error: unknown counting rule 'thai' (makruk, cambodian or asean)");
  EXPECT_EQ(counting_error("    end: {counting: {rule: makruk, khon: khon}}\n"),
            "v.yaml:10:42: error: counting piece 'khon' is not one of the variant's pieces");
  EXPECT_EQ(counting_error("    end: {counting: {pawn: pawn}}\n").substr(0, 21), "v.yaml:10:21: error: ");
  EXPECT_EQ(counting_error("    promotion: {pieces: [pawn], zone: 1, to: [{piece: rook, side: red}]}\n"),
            "v.yaml:10:67: error: side must be white or black, not 'red'");
  EXPECT_EQ(counting_error("    castling: {king_steps: 2, queenside_king_steps: 0, partner: rook}\n"),
            "v.yaml:10:53: error: queenside_king_steps must be from 1 to 14");
  EXPECT_EQ(counting_error("    castling: {king_steps: 2, partner: rook}\n    end: {counting: {rule: makruk, pawn: pawn}}\n"), "");
}

// Another castling distance on the queen's side: the King c1 castles two files to e1, and with
// queenside_king_steps 1 one file to b1.
TEST(BuiltInRules, CastlingDistancePerSide) {
  const InterpretedEngine engine(
      fairytest::variant_info(kCountingSpec + "    castling: {king_steps: 2, queenside_king_steps: 1, partner: rook}\n"));
  Position pos(engine.variant());
  pos.set_start();
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::vector<std::string> castlings;
  for (const Move& m : moves)
    if (m.kind == MoveKind::Castling) castlings.push_back(engine.variant().geo.name(m.to) + engine.variant().geo.name(m.aux2));
  std::sort(castlings.begin(), castlings.end());
  EXPECT_EQ(castlings, (std::vector<std::string>{"b1c1", "e1d1"}));  // King to, partner to
}

TEST(BuiltInRules, PromotionChoicesPerSide) {
  const CompiledVariant* v = find_compiled("chigorin");
  ASSERT_NE(v, nullptr);
  const auto engine = v->engine();
  Position pos(engine->variant());
  for (const auto& [fen, expected] : {std::pair{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "cnr"},
                                      std::pair{"4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "bqr"}}) {
    pos.set_fen(fen);
    MoveList moves;
    engine->legal_moves(pos, moves);
    std::string promotions;
    for (const Move& m : moves)
      if (m.promo) promotions += to_uci(pos, m).back();
    std::sort(promotions.begin(), promotions.end());
    EXPECT_EQ(promotions, expected) << fen;
  }
}

// Positions and FENs from Fairy-Stockfish (npm fairy-stockfish-nnue.wasm 1.1.12, UCI_Variant
// makruk, `position fen F moves M`, `d`).
TEST(BuiltInRules, MakrukCountingAsFairyStockfishWritesIt) {
  const CompiledVariant* v = find_compiled("makruk");
  ASSERT_NE(v, nullptr);
  const auto engine = v->engine();
  const std::vector<FenCase> cases = {
      // The king takes the last pawn: Black, bare against three pieces, counts 16 moves (a rook).
      {"8/8/4k3/8/3M4/8/3p4/R3K3 w - - 0 1", {"e1d2"}, "8/8/4k3/8/3M4/8/3K4/R7 b - 32 8 1"},
      {"8/8/4k3/8/3M4/8/3K4/R7 b - 32 8 1", {"e6d6", "a1a2"}, "8/8/3k4/8/3M4/8/R2K4/8 b - 32 10 2"},
      {"8/8/3k4/8/3M4/8/3K4/R7 b - 32 8 1", {"d6e6", "d4e5", "e6e5"}, "8/8/8/4k3/8/8/3K4/R7 w - 32 11 3"},
      // The last pawn promotes: White counts the board's honour (64 moves).
      {"4k3/8/8/8/3M4/8/3p4/R3K3 b - - 0 1", {"d2d1m"}, "4k3/8/8/8/3M4/8/8/R2mK3 w - 128 0 2"},
  };
  expect_fens_after(*engine, cases);
  // Past the limit the game is drawn.
  Game game(*engine, "8/8/3k4/8/3M4/8/3K4/R7 b - 32 32 1");
  EXPECT_EQ(game.outcome().result, Result::Ongoing);
  game.play_turn("k d6-e6");
  EXPECT_EQ(game.outcome().text(), "1/2-1/2 (counting rule)");
}

// first_moves: errors at their line and column (the variant 'mini' of tests/spec_error.hpp, 5x5,
// its start on line 9).
TEST(FirstMoves, SpecErrorsNameTheirPlace) {
  const auto error = [](const std::string& extra) { return fairytest::spec_error(fairytest::kMiniSpec + extra); };
  EXPECT_EQ(error("    first_moves: [{piece: queen, betza: mfD}]\n"),
            "v.yaml:10:27: error: first_moves piece 'queen' is not one of the variant's pieces");
  EXPECT_EQ(error("    first_moves: [{piece: king, betza: fsN}]\n").substr(0, 60),
            "v.yaml:10:40: error: first_moves are non-capturing single le");
  EXPECT_NE(error("    first_moves: [{piece: man, betza: mR}]\n").find("v.yaml:10:39: error: first_moves are non-capturing"),
            std::string::npos);
  EXPECT_NE(error("    first_moves: [{piece: man, betza: imD}]\n").find("v.yaml:10:39: error: first_moves are non-capturing"),
            std::string::npos);
  EXPECT_NE(error("    first_moves: [{piece: man, betza: mkD}]\n").find("v.yaml:10:40: error: unknown XBetza modifier 'k'"),
            std::string::npos);
  EXPECT_EQ(error("    first_moves: [{piece: man, betza: mD}, {piece: man, betza: mN}]\n"),
            "v.yaml:10:52: error: piece 'man' has first_moves twice");
  EXPECT_EQ(error("    first_moves: [{piece: king, betza: mN, lost_to: [rock]}]\n"),
            "v.yaml:10:54: error: lost_to piece 'rock' is not one of the variant's pieces");
  EXPECT_EQ(error("    first_moves: [{piece: king, betza: mN, in_check: never}]\n"),
            "v.yaml:10:54: error: in_check must be true or false, not 'never'");
  EXPECT_EQ(error("    first_moves: [{piece: king, betza: mN, when: first}]\n").substr(0, 21), "v.yaml:10:44: error: ");
  EXPECT_EQ(error("    first_moves: {piece: king, betza: mN}\n").substr(0, 21), "v.yaml:10:18: error: ");
  {
    std::string spec = fairytest::kMiniSpec;
    spec.replace(spec.find("[king, man, rook]"), 17, "[king, {piece: man, betza: afsW}, rook]");
    EXPECT_EQ(fairytest::spec_error(spec + "    first_moves: [{piece: king, betza: mN, lost_to: [man]}]\n"),
              "v.yaml:10:54: error: lost_to piece 'man' has moves of several legs (XBetza afsW): only single-leg "
              "attackers are supported");
  }
  EXPECT_EQ(error("    castling: {king_steps: 2, partner: rook}\n    first_moves: [{piece: king, betza: mN}]\n"),
            "v.yaml:11:18: error: first_moves cannot be combined with castling: or gating yet (the castling field "
            "holds the rights)");
  EXPECT_EQ(error("    first_moves: [{piece: king, betza: mfsN, in_check: false, lost_to: [rook]}, {piece: man, betza: mfD}]\n"
                  "    end: {counting: {rule: cambodian, rook: rook}}\n"),
            "");
}

// Ouk Chatrang as Fairy-Stockfish plays it (npm fairy-stockfish-nnue.wasm 1.1.12, UCI_Variant
// cambodian, `position fen F moves M`, `d`): the rights in the castling field, lost by moving, to
// a Rook that moves onto the King's file or rank (d2 between or not), and the Cambodian count;
// through the generated module and the interpreter; unmaking restores the FEN.
TEST(FirstMoves, CambodianFensAsFairyStockfishWritesThem) {
  const CompiledVariant* v = find_compiled("cambodian");
  ASSERT_NE(v, nullptr);
  const InterpretedEngine interpreted(fairygen::model::load_variant(FAIRY_SOURCE_DIR "/variants.yaml", "cambodian"));
  const auto compiled = v->engine();
  const char* start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
  const std::vector<FenCase> cases = {
      {start, {"d1b2"}, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"},
      {start, {"e3e4", "d6d5", "e1e3"}, "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPPMPPP/8/RNSK1SNR b Dde - 1 2"},
      {"7r/4k3/8/8/5N2/8/8/3K4 b D - 0 1", {"h8d8"}, "3r4/4k3/8/8/5N2/8/8/3K4 w - 126 0 2"},
      {"4k3/7r/8/8/8/8/3N4/3K2R1 b D - 0 1", {"h7d7"}, "4k3/3r4/8/8/8/8/3N4/3K2R1 w - 126 0 2"},
      {"4k3/8/8/8/8/8/8/3KM3 w DE - 0 1", {"e1e3"}, "4k3/8/8/8/8/4M3/8/3K4 b D 126 6 1"},
      // Cambodian counting: 15 moves against a rook; 63 for the board's honour, with pawns too.
      {"8/8/4k3/8/3M4/8/3p4/R3K3 w - - 0 1", {"e1d2"}, "8/8/4k3/8/3M4/8/3K4/R7 b - 30 8 1"},
      {"4k3/8/8/8/3M4/8/3p4/R3K3 b - - 0 1", {"d2d1m"}, "4k3/8/8/8/3M4/8/8/R2mK3 w - 126 0 2"},
      {"8/8/3pk3/8/3M4/8/3K4/R7 w - - 0 1", {"a1a2", "d6d5"}, "8/8/4k3/3p4/3M4/8/R2K4/8 w - 126 1 2"},
  };
  for (const Engine* engine : {static_cast<const Engine*>(compiled.get()), static_cast<const Engine*>(&interpreted)}) {
    expect_fens_after(*engine, cases);
    // The King's leap and the Met's double step, only with their rights; no leap in check.
    const auto moves_of = [engine](const char* fen) {
      Position pos(engine->variant());
      pos.set_fen(fen);
      MoveList list;
      engine->legal_moves(pos, list);
      std::vector<std::string> out;
      for (const Move& m : list) out.push_back(to_uci(pos, m));
      std::sort(out.begin(), out.end());
      return out;
    };
    const auto has = [](const std::vector<std::string>& moves, const char* m) {
      return std::find(moves.begin(), moves.end(), m) != moves.end();
    };
    const auto both = moves_of("4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    EXPECT_TRUE(has(both, "d1b2") && has(both, "d1f2") && has(both, "e1e3"));
    const auto none = moves_of("4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    EXPECT_FALSE(has(none, "d1b2") || has(none, "d1f2") || has(none, "e1e3"));
    const auto checked = moves_of("4k3/8/8/8/8/4n3/8/3KM3 w DE - 0 1");
    EXPECT_FALSE(has(checked, "d1b2") || has(checked, "d1f2"));
    EXPECT_EQ(both.size(), none.size() + 3);
  }
}

}  // namespace

// Sittuyin (ASEAN counting; in_place promotion). FENs and moves from Fairy-Stockfish
// (npm fairy-stockfish-nnue.wasm 1.1.12, UCI_Variant sittuyin, `position fen F moves M`, `d` and
// `go perft 1`).
TEST(BuiltInRules, AseanCountingAsFairyStockfishWritesIt) {
  const CompiledVariant* v = find_compiled("sittuyin");
  ASSERT_NE(v, nullptr);
  const auto engine = v->engine();
  const std::vector<FenCase> cases = {
      // The King takes the last Khon: Black, bare, counts 16 moves (a Rook) from 0.
      {"8/8/4k3/8/8/8/3s4/R2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/8/8/3K4/R7[] b - 32 0 1"},
      {"8/8/4k3/8/8/8/3s4/R2K4[] w - - 0 1", {"d1d2", "e6d6", "a1a2"}, "8/8/3k4/8/8/8/R2K4/8[] b - 32 2 2"},
      // Taking a pawn starts no count of its own (Makruk's would); a Rook 16, a Knight 64, a Khon 44.
      {"8/8/4k3/8/8/8/3p4/R2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/8/8/3K4/R7[] b - 32 0 1"},
      {"8/8/4k3/8/8/8/3s4/N2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/8/8/3K4/N7[] b - 128 0 1"},
      {"8/8/4k3/8/8/8/3s4/S2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/8/8/3K4/S7[] b - 88 0 1"},
      // A Ferz gives no count, nor does anything while a pawn is on the board.
      {"8/8/4k3/8/8/8/3s4/F2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/8/8/3K4/F7[] b - - 0 1"},
      {"8/8/4k3/8/3P4/8/3s4/R2K4[] w - - 0 1", {"d1d2"}, "8/8/4k3/8/3P4/8/3K4/R7[] b - - 0 1"},
  };
  expect_fens_after(*engine, cases);
  // The start position's hands are written in the variant's piece order, as Fairy-Stockfish.
  Position start(engine->variant());
  start.set_start();
  EXPECT_EQ(start.fen(), "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1");
}

// The promotions Fairy-Stockfish lists (go perft 1), through the generated module and the interpreter.
TEST(BuiltInRules, InPlacePromotionsAsFairyStockfish) {
  const CompiledVariant* v = find_compiled("sittuyin");
  ASSERT_NE(v, nullptr);
  const auto generated = v->engine();
  const InterpretedEngine interpreted(generated->variant());
  const std::pair<const char*, const char*> cases[] = {
      {"4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1", "d5c4f d5c6f d5d5f d5e4f d5e6f"},  // in place or a step
      {"4k3/8/8/3P4/8/8/P7/4KF2[] w - - 0 1", ""},                              // a Ferz on the board
      {"4k3/8/2r5/3P4/8/8/P7/4K3[] w - - 0 1", "d5c4f d5e4f d5e6f"},            // never attacking the Rook
      {"3k4/8/8/3P4/8/8/P7/3RK3[] w - - 0 1", "d5d5f"},                         // no discovered check
      {"4k3/8/8/8/8/2P5/8/4K3[] w - - 0 1", "c3b2f c3b4f c3c3f c3d2f c3d4f"},   // the last pawn, anywhere
      {"4k3/8/8/3P4/8/8/8/4K3[N] w - - 0 1", ""},                               // drops first
  };
  for (const Engine* engine : {static_cast<const Engine*>(generated.get()), static_cast<const Engine*>(&interpreted)})
    for (const auto& [fen, expected] : cases) {
      Position pos(engine->variant());
      pos.set_fen(fen);
      MoveList moves;
      engine->legal_moves(pos, moves);
      std::vector<std::string> promotions;
      for (const Move& m : moves)
        if (m.promo && m.kind != MoveKind::Drop) promotions.push_back(to_uci(pos, m));
      std::sort(promotions.begin(), promotions.end());
      std::string text;
      for (const auto& p : promotions) text += (text.empty() ? "" : " ") + p;
      EXPECT_EQ(text, expected) << fen;
      for (const Move& m : moves) {  // made and unmade: the position comes back
        const std::string before = pos.fen();
        pos.make(m);
        pos.unmake();
        EXPECT_EQ(pos.fen(), before);
      }
    }
}

// in_place promotion: errors at their line and column (kCountingSpec: a 6x6 variant, its start on line 9).
TEST(BuiltInRules, InPlacePromotionSpecErrors) {
  const std::string region = "    regions: {far: {squares: [a6, f6]}}\n";
  const std::string castling = "    castling: {king_steps: 2, partner: rook}\n";
  EXPECT_EQ(counting_error(castling + region + "    promotion: {pieces: [pawn], in_place: true, region: far, to: [{piece: king, limit: 1}]}\n"), "");
  EXPECT_EQ(counting_error("    promotion: {pieces: [pawn], in_place: true, to: [king]}\n"),
            "v.yaml:10:43: error: an in_place promotion needs region: (the squares where it promotes)");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], in_place: true, zone: 1, region: far, to: [king]}\n"),
            "v.yaml:11:55: error: an in_place promotion has its region:, not a zone");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], zone: 1, region: far, to: [king]}\n"),
            "v.yaml:11:50: error: region: is for an in_place promotion (in_place: true)");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], in_place: true, region: near, to: [king]}\n"),
            "v.yaml:11:57: error: no region 'near' in the variant's regions:");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], in_place: true, region: far, to: [rook]}\n"),
            "v.yaml:11:67: error: in_place promotion target 'rook' has moves other than single leaps (XBetza R): only a "
            "target of single leaps is supported");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], in_place: true, region: far, mandatory: 1, to: [king]}\n"),
            "v.yaml:11:73: error: an in_place promotion has no mandatory");
  EXPECT_EQ(counting_error(region + "    promotion: {pieces: [pawn], in_place: true, region: far, to: [{piece: king, depth: 1}]}\n"),
            "v.yaml:11:75: error: an in_place promotion's target has no depth");
  EXPECT_EQ(counting_error("    promotion: {pieces: [pawn], zone: 1, anywhere_when_last: true, to: [rook]}\n"),
            "v.yaml:10:62: error: anywhere_when_last is for an in_place promotion (in_place: true)");
  EXPECT_EQ(counting_error("    promotion: {pieces: [pawn], zone: 1, to: [{piece: rook, limit: 0}]}\n"),
            "v.yaml:10:68: error: limit must be from 1 to 255");
  EXPECT_EQ(counting_error(castling + "    end: {counting: {rule: asean, pawn: pawn, rook: rook}}\n"), "");
}
