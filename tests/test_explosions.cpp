// Atomic captures (`explode:`): the spec's errors name file:line:column; a capture removes the
// capturer and its non-pawn neighbours, castling rights and the key follow, unmake restores it
// all; the own King may not explode, touching Kings give no check, and the game ends when a King
// explodes. The generated module and the interpreter are checked alike. (Divides against
// Fairy-Stockfish are in peer_test.cpp.)
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/spec_error.hpp"

namespace {

using namespace fairy;

const std::string kExplodingSpec = fairytest::kMiniSpec + "    end: {extinction: {pieces: [king], result: loss}}\n";

std::string explosion_error(const std::string& extra) { return fairytest::spec_error(kExplodingSpec + extra); }

TEST(Explosions, SpecErrorsNameTheirPlace) {
  EXPECT_EQ(explosion_error("    explode: {spared: [pawn]}\n"),
            "v.yaml:11:24: error: spared piece 'pawn' is not one of the variant's pieces");
  EXPECT_EQ(explosion_error("    explode: [man]\n"), "v.yaml:11:14: error: explode must be a mapping");
  EXPECT_EQ(explosion_error("    explode: {spare: [man]}\n").substr(0, 38), "v.yaml:11:15: error: unknown key 'spar");
  EXPECT_EQ(explosion_error("    explode: {}\n    checking: false\n"),
            "v.yaml:11:14: error: explode: cannot be combined with hands:, drops:, turn:, checks: or checking: false yet");
  EXPECT_EQ(explosion_error("    explode: {spared: [man]}\n"), "");
}

// Both engines of a catalogue variant: the generated module, then the interpreter.
struct Engines {
  explicit Engines(const char* key) : compiled(find_compiled(key)), interpreted(compiled->info()) {
    generated = compiled->engine();
  }
  std::vector<const Engine*> all() const { return {generated.get(), &interpreted}; }
  const CompiledVariant* compiled;
  std::unique_ptr<Engine> generated;
  InterpretedEngine interpreted;
};

std::string fen_after(const Engine& engine, const std::string& fen, const std::string& move) {
  Position pos(engine.variant());
  pos.set_fen(fen);
  pos.make(parse_uci(pos, engine, move));
  return pos.fen();
}

TEST(Explosions, CaptureRemovesCapturerAndNeighboursButPawns) {
  const Engines engines("atomic");
  for (const Engine* engine : engines.all()) {
    // Expected FENs: Fairy-Stockfish's (npm 1.1.12, `d` after `position fen ... moves ...`).
    EXPECT_EQ(fen_after(*engine, "r3k2r/1b6/8/8/8/8/6P1/R3K2R b KQkq - 0 1", "b7g2"),
              "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 2");  // the h1 Rook exploded, and its right
    EXPECT_EQ(fen_after(*engine, "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 2", "e1c1"), "r3k2r/8/8/8/8/8/8/2KR4 b kq - 1 2");
    EXPECT_EQ(fen_after(*engine, "8/2n1k3/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "8/8/8/8/8/8/8/4K3 b - - 0 1");
    // Pawns beside the capture stay; the capturing pawn goes.
    EXPECT_EQ(fen_after(*engine, "4k3/8/8/2ppp3/3n4/4P3/8/4K3 w - - 0 1", "e3d4"), "4k3/8/8/2ppp3/8/8/8/4K3 b - - 0 1");
  }
}

TEST(Explosions, KeyFenAndUnmakeAlongRandomGames) {
  const Engines engines("atomic");
  for (const Engine* engine : engines.all()) {
    std::mt19937 rng(18);
    int explosions = 0;
    for (int game = 0; game < 40; ++game) {
      Position pos(engine->variant());
      pos.set_start();
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        engine->legal_moves(pos, moves);
        if (moves.size == 0) break;
        const std::string before = pos.fen();
        const std::uint64_t key = pos.key();
        const Move m = moves[int(rng() % unsigned(moves.size))];
        const int pieces = pos.piece_total(White) + pos.piece_total(Black);
        pos.make(m);
        explosions += pos.piece_total(White) + pos.piece_total(Black) < pieces - 1;
        Position fresh(engine->variant());
        fresh.set_fen(pos.fen());
        ASSERT_EQ(fresh.key(), pos.key()) << before << " " << to_uci(pos, m);
        ASSERT_EQ(fresh.fen(), pos.fen());
        pos.unmake();
        ASSERT_EQ(pos.fen(), before);
        ASSERT_EQ(pos.key(), key);
        pos.make(m);
      }
    }
    EXPECT_GT(explosions, 20) << "random games should explode more than the captured piece";
  }
}

TEST(Explosions, OwnKingMayNotExplodeAndKingsMayTouch) {
  const Engines engines("atomic");
  for (const Engine* engine : engines.all()) {
    Position pos(engine->variant());
    auto legal = [&](const std::string& fen, const std::string& move) {
      pos.set_fen(fen);
      MoveList moves;
      engine->legal_moves(pos, moves);
      for (const Move& m : moves)
        if (to_uci(pos, m) == move) return true;
      return false;
    };
    EXPECT_FALSE(legal("4k3/8/8/8/8/5N2/3b4/4K3 w - - 0 1", "f3d2"));  // explodes the own King
    EXPECT_FALSE(legal("4k3/8/8/8/8/8/3b4/4K3 w - - 0 1", "e1d2"));    // a King never captures
    EXPECT_TRUE(legal("4k3/8/8/8/8/8/3b4/4K3 w - - 0 1", "e1f1"));
    EXPECT_TRUE(legal("8/8/8/3kK3/8/8/8/4r3 w - - 0 1", "e5e4"));  // touching Kings: no check
    EXPECT_TRUE(legal("8/8/8/3kK3/8/8/8/5r2 w - - 0 1", "e5e4"));
    EXPECT_FALSE(legal("8/8/8/3kK3/8/8/8/5r2 w - - 0 1", "e5f5"));  // parting into the Rook's check
    // Castling next to the enemy King, but not through a square attacked past the own King.
    EXPECT_TRUE(legal("8/8/8/8/8/8/2k5/R3K2R w KQ - 0 1", "e1c1"));
    EXPECT_FALSE(legal("8/8/8/8/8/8/5k2/R3K1r1 w Q - 0 1", "e1c1"));
    // Exploding the enemy King is legal even when the own King is then attacked.
    EXPECT_TRUE(legal("4k3/3n4/8/8/8/8/8/r2RK3 w - - 0 1", "d1d7"));

    pos.set_fen("8/8/8/3kK3/8/8/8/4r3 w - - 0 1");
    EXPECT_FALSE(engine->in_check(pos));
    pos.set_fen("8/8/8/2k1K3/8/8/8/4r3 w - - 0 1");
    EXPECT_TRUE(engine->in_check(pos));
  }
}

TEST(Explosions, GameEndsWhenAKingExplodes) {
  const Engines engines("atomic");
  for (const Engine* engine : engines.all()) {
    Game game(*engine, "8/2n1k3/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(game.outcome().result, Result::Ongoing);
    game.play_turn("P e5-d6");
    EXPECT_EQ(game.outcome().result, Result::WhiteWins);
    MoveList moves;
    engine->legal_moves(game.position(), moves);
    EXPECT_EQ(moves.size, 0);
    EXPECT_EQ(engine->perft(game.position(), 2), 0u);
  }
}

}  // namespace
