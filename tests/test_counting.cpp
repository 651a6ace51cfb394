// Fairy-Stockfish's built-ins that needed small rules: castling with another distance on the
// queen's side (Janus), promotion choices per side (Chigorin), and Makruk's counting rules,
// whose count the FEN carries as Fairy-Stockfish writes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "tests/spec_error.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

const std::string kBase = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  rook: {letter: R, betza: R}
  pawn: {letter: P, betza: fmWfcF}
variants:
  mini:
    board: {files: 6, ranks: 6}
    pieces: [king, rook, pawn]
    start: r1k2r/6/6/6/6/R1K2R w KQkq - 0 1
)";

std::string error_of(const std::string& extra) { return fairytest::spec_error(kBase + extra); }

TEST(BuiltInRules, SpecErrorsNameTheirPlace) {
  EXPECT_EQ(error_of("    end: {counting: {rule: asean}}\n"),
            "v.yaml:10:28: error: unknown counting rule 'asean' (makruk)");
  EXPECT_EQ(error_of("    end: {counting: {rule: makruk, khon: khon}}\n"),
            "v.yaml:10:42: error: counting piece 'khon' is not one of the variant's pieces");
  EXPECT_EQ(error_of("    end: {counting: {pawn: pawn}}\n").substr(0, 21), "v.yaml:10:21: error: ");
  EXPECT_EQ(error_of("    promotion: {pieces: [pawn], zone: 1, to: [{piece: rook, side: red}]}\n"),
            "v.yaml:10:67: error: side must be white or black, not 'red'");
  EXPECT_EQ(error_of("    castling: {king_steps: 2, queenside_king_steps: 0, partner: rook}\n"),
            "v.yaml:10:53: error: queenside_king_steps must be from 1 to 14");
  EXPECT_EQ(error_of("    castling: {king_steps: 2, partner: rook}\n    end: {counting: {rule: makruk, pawn: pawn}}\n"), "");
}

// Another castling distance on the queen's side: the King c1 castles two files to e1, and with
// queenside_king_steps 1 one file to b1.
TEST(BuiltInRules, CastlingDistancePerSide) {
  const auto file = fairygen::spec::load_string(
      kBase + "    castling: {king_steps: 2, queenside_king_steps: 1, partner: rook}\n", "v.yaml");
  const InterpretedEngine engine(fairygen::model::build(file, file.variants[0]).info);
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
  struct Case {
    const char* fen;
    std::vector<const char*> moves;
    const char* after;
  };
  const Case cases[] = {
      // The king takes the last pawn: Black, bare against three pieces, counts 16 moves (a rook).
      {"8/8/4k3/8/3M4/8/3p4/R3K3 w - - 0 1", {"e1d2"}, "8/8/4k3/8/3M4/8/3K4/R7 b - 32 8 1"},
      {"8/8/4k3/8/3M4/8/3K4/R7 b - 32 8 1", {"e6d6", "a1a2"}, "8/8/3k4/8/3M4/8/R2K4/8 b - 32 10 2"},
      {"8/8/3k4/8/3M4/8/3K4/R7 b - 32 8 1", {"d6e6", "d4e5", "e6e5"}, "8/8/8/4k3/8/8/3K4/R7 w - 32 11 3"},
      // The last pawn promotes: White counts the board's honour (64 moves).
      {"4k3/8/8/8/3M4/8/3p4/R3K3 b - - 0 1", {"d2d1m"}, "4k3/8/8/8/3M4/8/8/R2mK3 w - 128 0 2"},
  };
  for (const Case& c : cases) {
    Position pos(engine->variant());
    pos.set_fen(c.fen);
    EXPECT_EQ(pos.fen(), c.fen);
    for (const char* m : c.moves) pos.make(parse_uci(pos, *engine, m));
    EXPECT_EQ(pos.fen(), c.after) << c.fen;
    for (std::size_t i = 0; i < c.moves.size(); ++i) pos.unmake();
    EXPECT_EQ(pos.fen(), c.fen);
  }
  // Past the limit the game is drawn.
  Game game(*engine, "8/8/3k4/8/3M4/8/3K4/R7 b - 32 32 1");
  EXPECT_EQ(game.outcome().result, Result::Ongoing);
  game.play_turn("k d6-e6");
  EXPECT_EQ(game.outcome().text(), "1/2-1/2 (counting rule)");
}

}  // namespace
