// Game Courier notation: every legal move prints and reads back to itself in every variant; a
// table of malformed and illegal inputs with the exact refusal each gets; game results.
#include <gtest/gtest.h>

#include <random>

#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/effort.hpp"

namespace {

using namespace fairy;

// Reads the printed move back (one ply of a turn).
Move read_back(Position& pos, const Engine& engine, const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const auto semi = text.find(';', start);
    std::string p = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    while (!p.empty() && p.front() == ' ') p.erase(0, 1);
    parts.push_back(p);
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
  std::size_t used = 0;
  const Move m = parse_gc_ply(pos, engine, parts, used);
  EXPECT_EQ(used, parts.size()) << text;
  return m;
}

TEST(Notation, EveryLegalMoveRoundTripsInEveryVariant) {
  for (const auto& v : compiled_variants()) {
    const auto engine = v.engine();
    std::mt19937 rng(11);
    int checked = 0;
    for (int game = 0; game < test::effort(8, 2); ++game) {
      Position pos(engine->variant());
      pos.set_start();
      for (int ply = 0; ply < 30; ++ply) {
        MoveList moves;
        engine->legal_moves(pos, moves);
        if (moves.size == 0) break;
        for (const Move& m : moves) {
          const std::string text = to_gc(pos, m);
          EXPECT_EQ(read_back(pos, *engine, text), m) << v.key << " " << pos.fen() << ": " << text;
          ++checked;
        }
        pos.make(moves[int(rng() % unsigned(moves.size))]);
      }
    }
    EXPECT_GT(checked, 100) << v.key;
  }
}

TEST(Notation, SeedPageForms) {
  // Sandbox: a swap written with and without its second part; a locust capture three ways.
  const auto sandbox = find_compiled("sandbox")->engine();
  Position pos(sandbox->variant());
  pos.set_fen("9k/10/10/10/5p4/4L5/10/10/10/K4N4 w - - 0 1");
  EXPECT_EQ(to_gc(pos, read_back(pos, *sandbox, "L e5-g7; @-f6")), "L e5-g7; @-f6");
  EXPECT_EQ(to_gc(pos, read_back(pos, *sandbox, "L e5-f6; L f6-g7")), "L e5-g7; @-f6");
  EXPECT_EQ(to_gc(pos, read_back(pos, *sandbox, "e5-g7; f6-")), "L e5-g7; @-f6");
  EXPECT_EQ(read_back(pos, *sandbox, "L e5-g7").kind, MoveKind::Normal) << "the plain leap";
  EXPECT_EQ(read_back(pos, *sandbox, "N f1-a1").kind, MoveKind::Swap);
  EXPECT_EQ(read_back(pos, *sandbox, "N f1-a1; K-f1").kind, MoveKind::Swap);
  // A Queen-induced King slide f1-c1 reads like castling: it names its inducer.
  Position q(sandbox->variant());
  q.set_fen("r4k3r/10/10/10/10/10/10/10/10/R4KQ2R w KQkq - 0 1");
  EXPECT_EQ(read_back(q, *sandbox, "K f1-c1").kind, MoveKind::Castling);
  const Move pushed = read_back(q, *sandbox, "K f1-c1; by g1");
  EXPECT_EQ(pushed.kind, MoveKind::Induced);
  EXPECT_EQ(to_gc(q, pushed), "K f1-c1; by g1");
  // Chess promotion and castling as the King's move.
  const auto chess = find_compiled("chess")->engine();
  Position c(chess->variant());
  c.set_fen("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_EQ(to_gc(c, read_back(c, *chess, "P a7-a8; N-a8")), "P a7-a8; N-a8");
  EXPECT_EQ(read_back(c, *chess, "K e1-g1").kind, MoveKind::Castling);
  // A King unmoved on f1 castles onto g1, where it can also step: castling names the Rook's move
  // too, and coordinate notation goes from the King to the Rook, as Fairy-Stockfish writes it.
  c.set_fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
  const Move castled = read_back(c, *chess, "K f1-g1; R h1-f1");
  EXPECT_EQ(castled.kind, MoveKind::Castling);
  EXPECT_EQ(to_gc(c, castled), "K f1-g1; R h1-f1");
  EXPECT_EQ(to_uci(c, castled), "f1h1");
  EXPECT_EQ(read_back(c, *chess, "K f1-g1").kind, MoveKind::Normal) << "the King's step";
  EXPECT_EQ(to_uci(c, read_back(c, *chess, "K f1-g1")), "f1g1");
  EXPECT_EQ(parse_uci(c, *chess, "f1h1").kind, MoveKind::Castling);
  // On its landing square the King stays; the Rook moves.
  c.set_fen("4k3/8/8/8/8/8/8/6KR w K - 0 1");
  const Move stays = read_back(c, *chess, "K g1-g1; R h1-f1");
  EXPECT_EQ(stays.kind, MoveKind::Castling);
  EXPECT_EQ(to_uci(c, stays), "g1g1");
  c.make(stays);
  EXPECT_EQ(c.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Notation, ExtraMoveTurnOfTwoMoves) {
  const auto engine = find_compiled("extramove")->engine();
  Game game(*engine, "");
  game.play_turn("P e2-e4");  // White's first turn: one move
  game.play_turn("n b8-c6; p d7-d5");
  EXPECT_EQ(game.position().fen(), "r1bqkbnr/ppp1pppp/2n5/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  game.play_turn("P e4-d5; pass");
  EXPECT_EQ(game.position().side_to_move(), Black);
  EXPECT_TRUE(game.undo_turn());
  EXPECT_TRUE(game.undo_turn());
  EXPECT_EQ(game.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

// A drop on the square the move just left, in one turn (found by `fairy match universal random
// random`): "H-b1" was read as the swap partner of "F b1-a3", a capture, and refused.
TEST(Notation, DropOnTheSquareJustLeft) {
  const auto engine = find_compiled("universal")->engine();
  Position pos(engine->variant());
  pos.set_fen("1k2hd2/2p1Cp2/p1p2p1l/7p/1PP1P3/q5P1/P4PKP/1F4X1 w - - 0 33 xa3 {HSJTVWMZRDGIOENL}{oxncsrezwagimujv}");
  EXPECT_EQ(play_gc_turn(pos, *engine, "F b1-a3; H-b1"), 2);
  EXPECT_EQ(pos.at(pos.geo().square(1, 0)), make_piece(White, engine->variant().type_of_letter('H')));
  EXPECT_EQ(pos.at(pos.geo().square(0, 2)), make_piece(White, engine->variant().type_of_letter('F')));
}

struct Bad {
  const char* variant;
  const char* fen;  // "" = start
  const char* input;
  const char* message;
};

class Refusals : public ::testing::TestWithParam<Bad> {};

TEST_P(Refusals, ExactMessage) {
  const Bad& b = GetParam();
  const auto engine = find_compiled(b.variant)->engine();
  Game game(*engine, b.fen);
  const std::string before = game.position().fen();
  try {
    game.play_turn(b.input);
    FAIL() << "accepted: " << b.input;
  } catch (const NotationError& e) {
    EXPECT_EQ(std::string(e.what()), b.message) << b.input;
  }
  EXPECT_EQ(game.position().fen(), before) << "a refused turn leaves the position as it was";
}

constexpr const char* kStart = "";
constexpr const char* kPromo = "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1";
constexpr const char* kCastleCheck = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
constexpr const char* kMated = "R6k/6pp/8/8/8/8/8/4K3 b - - 0 5";

INSTANTIATE_TEST_SUITE_P(
    All, Refusals,
    ::testing::Values(
        Bad{"chess", kStart, "", "empty move: expected a move like 'P e2-e4', 'e2-e4', 'Q-e8', '@-e4' or 'pass'"},
        Bad{"chess", kStart, "hello", "cannot read 'hello': expected a move like 'P e2-e4', 'e2-e4', 'Q-e8', '@-e4' or 'pass'"},
        Bad{"chess", kStart, "e2e4", "'e2e4' looks like coordinate notation; Game Courier writes moves as 'e2-e4'"},
        Bad{"chess", kStart, "P e2_e4", "cannot read 'P e2_e4': expected a move like 'P e2-e4', 'e2-e4', 'Q-e8', '@-e4' or 'pass'"},
        Bad{"chess", kStart, "P z2-e4", "no square 'z2' on this 8x8 board"},
        Bad{"chess", kStart, "P e2-e9", "no square 'e9' on this 8x8 board"},
        Bad{"chess", kStart, "P a0-a1", "no square 'a0' on this 8x8 board"},
        Bad{"chess", kStart, "P e2-a11", "no square 'a11' on this 8x8 board"},
        Bad{"chess", kStart, "e3-e4", "no piece on e3"},
        Bad{"chess", kStart, "N e2-e4", "the piece on e2 is a Pawn (P), not N"},
        Bad{"chess", kStart, "p e2-e4", "the piece on e2 is a Pawn (P), not p"},
        Bad{"chess", kStart, "p e7-e5", "it is White's move; e7 holds a black Pawn"},
        Bad{"chess", kStart, "P e2-e5", "a Pawn cannot go from e2 to e5 (not one of its moves, or the way is blocked)"},
        Bad{"chess", kStart, "R a1-a3", "a Rook cannot go from a1 to a3 (not one of its moves, or the way is blocked)"},
        Bad{"chess", kStart, "B c1-e3", "a Bishop cannot go from c1 to e3 (not one of its moves, or the way is blocked)"},
        Bad{"chess", kStart, "N b1-b3", "a Knight cannot go from b1 to b3 (not one of its moves, or the way is blocked)"},
        Bad{"chess", kStart, "pass", "cannot pass now: White must move"},
        Bad{"chess", kStart, "@-e4", "'@-e4' only removes a piece: that is part of a move (a capture on the way), not a move"},
        Bad{"chess", kStart, "e2-", "'e2-' only removes a piece: that is part of a move (a capture on the way), not a move"},
        Bad{"chess", kStart, "by e2", "'by e2' only names the piece that pushes: that is part of an induced move, not a move"},
        Bad{"chess", kStart, "Q-e4", "no drop is possible now (it needs a credit, a reserve piece and an empty square)"},
        Bad{"chess", kStart, "P e2-e4; p e7-e5", "too many moves for one turn: 'p e7-e5' comes after the turn ended"},
        Bad{"chess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "K e1-f2", "illegal: it would leave White's royal piece attacked"},
        Bad{"chess", "4k3/8/8/8/8/8/4r3/3BK3 w - - 0 1", "B d1-c2", "illegal: it would leave White's royal piece attacked"},
        Bad{"chess", kPromo, "P a7-a8", "promotion required: add one of Q, R, B, N, e.g. 'Q-a8'"},
        Bad{"chess", kPromo, "P a7-a8; K-a8", "cannot promote to K here (choices: Q, R, B, N)"},
        Bad{"chess", kPromo, "R a1-a6; Q-a6", "no promotion on this move"},
        Bad{"chess", kCastleCheck, "K e1-g1", "castling is not allowed out of, through or into check"},
        Bad{"chess", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "K e1-g1", "a King cannot go from e1 to g1 (not one of its moves, or the way is blocked)"},
        Bad{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "P e5-d6", "a Pawn cannot go from e5 to d6 (not one of its moves, or the way is blocked)"},
        Bad{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "P e5-d6; @-d4", "this move removes nothing on d4"},
        Bad{"chess", kMated, "k h8-g8", "the game is over: 1-0 (checkmate)"},
        Bad{"grand", "4k4r/P9/10/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1", "P a9-a10; Q-a10", "cannot promote to Q here (choices: R)"},
        Bad{"extramove", "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 5 2:c3", "P e4-d5", "a Pawn cannot go from e4 to d5 (not one of its moves, or the way is blocked)"},
        Bad{"extramove", "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 5 2:c3", "N c3-b5", "a Knight cannot go from c3 to b5 (not one of its moves, or the way is blocked)"},
        Bad{"universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}", "S-b1", "the next reserve piece is H, not S"},
        Bad{"universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}", "H-b2", "cannot drop on b2: only on an empty square of the first rank"},
        Bad{"sandbox", "9k/10/1*6*1/10/10/1N8/10/1*6*1/10/1R7K w - - 0 1", "R b1-b4", "a Rook cannot go from b1 to b4 (not one of its moves, or the way is blocked)"}));

// Results: mate, stalemate, threefold repetition, the 50-move rule.
TEST(Game, Results) {
  const auto chess = find_compiled("chess")->engine();
  Game mate(*chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  mate.play_turn("R a1-a8");
  EXPECT_EQ(mate.outcome().text(), "1-0 (checkmate)");
  Game stale(*chess, "7k/8/6Q1/8/8/8/8/6K1 w - - 0 1");
  stale.play_turn("Q g6-f7");
  EXPECT_EQ(stale.outcome().text(), "1/2-1/2 (stalemate)");
  Game repeat(*chess, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  for (const char* t : {"R h1-h2", "k e8-e7", "R h2-h1", "k e7-e8", "R h1-h2", "k e8-e7", "R h2-h1"}) {
    EXPECT_EQ(repeat.outcome().result, Result::Ongoing) << t;
    repeat.play_turn(t);
  }
  repeat.play_turn("k e7-e8");
  EXPECT_EQ(repeat.outcome().text(), "1/2-1/2 (threefold repetition)");
  Game fifty(*chess, "4k3/8/8/8/8/8/8/4K2R w - - 99 80");
  fifty.play_turn("R h1-h2");
  EXPECT_EQ(fifty.outcome().text(), "1/2-1/2 (50-move rule)");
}

}  // namespace
