// Game ends as data (`end:`, must_capture, checking): the spec's errors name file:line:column,
// the n-check counter is part of the FEN and the key, and fairy play's outcome follows the
// rules the spec declares (repetition with perpetual check, the move rule, results).
#include <gtest/gtest.h>

#include <string>

#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "tests/spec_error.hpp"

namespace {

using namespace fairy;

// A small chess-like variant; tests add an `end:` (or other keys) after `start:`.
const std::string& kBase = fairytest::kMiniSpec;

std::string with(const std::string& extra) { return kBase + extra; }

std::string error_of(const std::string& yaml) { return fairytest::spec_error(yaml); }

TEST(Ends, SpecErrorsNameTheirPlace) {
  EXPECT_EQ(error_of(with("    end: {checkmate: lose}\n")), "v.yaml:10:22: error: result must be win, loss or draw, not 'lose'");
  EXPECT_EQ(error_of(with("    end: {extinction: {pieces: [queen], result: loss}}\n")),
            "v.yaml:10:33: error: extinction piece 'queen' is not one of the variant's pieces");
  EXPECT_EQ(error_of(with("    end: {flag: {piece: king, squares: [e6]}}\n")),
            "v.yaml:10:41: error: 'e6' is not a square of this board");
  EXPECT_EQ(error_of(with("    end: {checks: 10}\n")), "v.yaml:10:19: error: checks must be from 1 to 9");
  EXPECT_EQ(error_of(with("    end: {stalmate: draw}\n")).substr(0, 38), "v.yaml:10:11: error: unknown key 'stal");
  EXPECT_EQ(error_of(with("    end: {bare_king: loss, extinction: {pieces: all, result: loss}}\n")).substr(0, 20),
            "v.yaml:10:22: error:");
  EXPECT_EQ(error_of(with("    end: {repetition: {count: 1}}\n")), "v.yaml:10:31: error: count must be from 2 to 9");
  EXPECT_EQ(error_of(with("    en_passant_ranks: [6]\n")), "v.yaml:10:24: error: rank 6 is not on the board");
}

TEST(Ends, VariantWithoutRoyalPieceMustSayHowItEnds) {
  const std::string royalless = R"(pieces:
  man: {letter: M, betza: K}
variants:
  ring:
    board: {files: 5, ranks: 5}
    pieces: [man]
    start: m4/5/5/5/4M w - - 0 1
)";
  EXPECT_EQ(error_of(royalless),
            "v.yaml:4:3: error: variant 'ring' has no royal piece: say how its games end (end: with extinction, "
            "bare_king, flag or stalemate)");
  EXPECT_EQ(error_of(royalless + "    end: {extinction: {pieces: all, result: loss}}\n"), "");
  EXPECT_EQ(error_of(royalless + "    end: {stalemate: loss}\n"), "");
  EXPECT_NE(error_of(royalless + "    end: {checks: 3, stalemate: loss}\n").find("checks: counts checks"),
            std::string::npos);
}

TEST(Ends, CheckCounterIsInTheFenAndTheKey) {
  const VariantInfo info = fairytest::variant_info(with("    end: {checks: 3}\n"));
  Position pos(info);
  pos.set_fen("k4/5/5/5/R3K w - - 3+2 0 1");
  EXPECT_EQ(pos.checks_left(White), 3);
  EXPECT_EQ(pos.checks_left(Black), 2);
  EXPECT_EQ(pos.fen(), "k4/5/5/5/R3K w - - 3+2 0 1");
  const std::uint64_t before = pos.key();
  pos.set_fen("k4/5/5/5/R3K w - - 2+2 0 1");
  EXPECT_NE(pos.key(), before);
  pos.set_fen("k4/5/5/5/R3K w - - 0 1");  // no counter: the next check wins (Fairy-Stockfish)
  EXPECT_EQ(pos.fen(), "k4/5/5/5/R3K w - - 1+1 0 1");
  try {
    pos.set_fen("k4/5/5/5/R3K w - - 3+4 0 1");
    FAIL() << "no error";
  } catch (const FenError& e) {
    EXPECT_EQ(e.column, 22);
  }
  // A check counts down the checker's counter, and unmake restores it.
  const InterpretedEngine engine(info);
  pos.set_fen("k4/5/5/5/R3K w - - 3+3 0 1");
  pos.make(parse_uci(pos, engine, "a1a4"));
  EXPECT_EQ(pos.checks_left(White), 2);
  pos.unmake();
  EXPECT_EQ(pos.checks_left(White), 3);
}

TEST(Ends, PerpetualCheckLosesWhereTheSpecSaysSo) {
  const std::string spec = with("    end: {repetition: {count: 3, perpetual_check_loses: true}}\n");
  const InterpretedEngine engine(fairytest::variant_info(spec));
  Game game(engine, "k4/5/5/1R3/4K w - - 0 1");
  for (const char* turn : {"R b2-a2", "k a5-b5", "R a2-b2", "k b5-a5", "R b2-a2", "k a5-b5", "R a2-b2", "k b5-a5"}) {
    ASSERT_EQ(game.outcome().result, Result::Ongoing) << turn;
    game.play_turn(turn);
  }
  // White checked at each of its moves: White loses (with plain repetition it is a draw).
  EXPECT_EQ(game.outcome().text(), "0-1 (perpetual check)");
  const InterpretedEngine plain(fairytest::variant_info(kBase));
  Game draw(plain, "k4/5/5/1R3/4K w - - 0 1");
  for (const char* turn : {"R b2-a2", "k a5-b5", "R a2-b2", "k b5-a5", "R b2-a2", "k a5-b5", "R a2-b2", "k b5-a5"})
    draw.play_turn(turn);
  EXPECT_EQ(draw.outcome().text(), "1/2-1/2 (threefold repetition)");
}

TEST(Ends, FourfoldRepetitionAndMoveRuleFromTheSpec) {
  const InterpretedEngine engine(fairytest::variant_info(with("    end: {repetition: {count: 4, result: loss}, move_rule: 2}\n")));
  Game game(engine, "k4/5/5/5/2R1K w - - 0 1");
  for (const char* turn : {"K e1-d1", "k a5-b5", "K d1-e1"}) {
    game.play_turn(turn);
    EXPECT_EQ(game.outcome().result, Result::Ongoing) << turn;
  }
  game.play_turn("k b5-a5");  // 4 plies without capture: the 2-move rule
  EXPECT_EQ(game.outcome().text(), "1/2-1/2 (2-move rule)");
  const InterpretedEngine four(fairytest::variant_info(with("    end: {repetition: {count: 4, result: loss}, move_rule: 0}\n")));
  Game g(four, "k4/5/5/5/2R1K w - - 0 1");
  for (int i = 0; i < 3; ++i)
    for (const char* turn : {"K e1-d1", "k a5-b5", "K d1-e1", "k b5-a5"}) {
      ASSERT_EQ(g.outcome().result, Result::Ongoing) << i << turn;
      g.play_turn(turn);
    }
  EXPECT_EQ(g.outcome().text(), "0-1 (fourfold repetition)");  // a loss for the side to move
}

// Hands together with the flag: the flag is judged on the board (a piece in hand stands on no
// square), and a drop onto a flag square reaches it; what is not well defined with hands yet is
// refused at the hands: key.
TEST(Ends, HandsWithTheFlag) {
  const std::string spec = with("    hands: {captures: false}\n    end: {flag: {piece: man, squares: [c3]}}\n");
  ASSERT_EQ(error_of(spec), "");
  const InterpretedEngine engine(fairytest::variant_info(spec));
  Game game(engine, "k4/5/5/5/R3K[M] w - - 0 1");
  EXPECT_EQ(game.outcome().result, Result::Ongoing);  // the man in hand has not reached c3
  game.play_turn("M-c3");
  EXPECT_EQ(game.outcome().text(), "1-0 (flag)");
  MoveList moves;
  engine.legal_moves(game.position(), moves);
  EXPECT_EQ(moves.size, 0);
  Game other(engine, "k4/5/5/5/R3K[M] w - - 0 1");
  other.play_turn("M-d3");
  EXPECT_EQ(other.outcome().result, Result::Ongoing);
  EXPECT_EQ(error_of(with("    hands: {}\n    end: {flag: {piece: king, squares: [a5], extra_move: true}}\n")),
            "v.yaml:10:12: error: hands: cannot be combined with the flag's extra_move yet");
  EXPECT_EQ(error_of(with("    hands: {}\n    end: {extinction: {pieces: [rook], result: loss}}\n")),
            "v.yaml:10:12: error: hands: cannot be combined with must_capture, checking or game ends by checks, "
            "extinction or bare king yet");
  EXPECT_EQ(error_of(with("    hands: {}\n    end: {checks: 3}\n")).substr(0, 33), "v.yaml:10:12: error: hands: canno");
}

TEST(Ends, NoMovesOnceTheGameHasEnded) {
  // The catalogue's variants: the generated module and the interpreter agree.
  for (const char* key : {"3check", "kingofthehill", "antichess", "shatranj", "horde"}) {
    const CompiledVariant* v = find_compiled(key);
    ASSERT_NE(v, nullptr) << key;
    const InterpretedEngine interpreted(v->info());
    const auto generated = v->engine();
    for (const Engine* engine : {static_cast<const Engine*>(generated.get()), static_cast<const Engine*>(&interpreted)}) {
      Game game(*engine, "");
      MoveList moves;
      engine->legal_moves(game.position(), moves);
      EXPECT_GT(moves.size, 0) << key;
      EXPECT_EQ(game.outcome().result, Result::Ongoing) << key;
    }
  }
  const CompiledVariant* v = find_compiled("kingofthehill");
  const auto engine = v->engine();
  Position pos(v->info());
  pos.set_fen("rnbq1bnr/pppp1ppp/8/4k3/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1");
  MoveList moves;
  engine->legal_moves(pos, moves);
  EXPECT_EQ(moves.size, 0);
  EXPECT_EQ(engine->perft(pos, 2), 0u);
}

}  // namespace
