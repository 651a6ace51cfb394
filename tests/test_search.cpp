// The search (engine/): it never plays an illegal move in any catalogue variant, through the
// generated modules and the interpreter; it finds mates, checked by an independent
// brute-force search over the legal moves; piece values follow mobility.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "engine/match.hpp"
#include "engine/search.hpp"
#include "runtime/registry.hpp"
#include "tests/effort.hpp"
#include "tests/test_name.hpp"

namespace fairy {
namespace {

using search::Limits;

// The game's result for the side to move, if it has ended (the runtime's rules, as Game uses them).
std::optional<EndValue> ended(const Engine& engine, Position& pos) {
  if (const auto end = engine.immediate_end(pos)) return end->value;
  MoveList moves;
  engine.legal_moves(pos, moves);
  if (moves.size) return std::nullopt;
  return engine.in_check(pos) ? pos.variant().ends.checkmate : pos.variant().ends.stalemate;
}

bool defender_lost(const Engine& engine, Position& pos, int turns);

// Whether the side to move wins within `turns` of its turns, whatever the defence (single-move turns).
bool forced_win(const Engine& engine, Position& pos, int turns) {
  if (turns == 0 || ended(engine, pos)) return false;
  MoveList moves;
  engine.legal_moves(pos, moves);
  for (const Move& m : moves) {
    pos.make(m);
    const bool wins = defender_lost(engine, pos, turns - 1);
    pos.unmake();
    if (wins) return true;
  }
  return false;
}

bool defender_lost(const Engine& engine, Position& pos, int turns) {
  if (const auto end = ended(engine, pos)) return *end == EndValue::Loss;
  MoveList moves;
  engine.legal_moves(pos, moves);
  for (const Move& m : moves) {
    pos.make(m);
    const bool wins = forced_win(engine, pos, turns);
    pos.unmake();
    if (!wins) return false;
  }
  return true;
}

struct MateCase {
  const char* variant;
  const char* fen;
  int moves;  // mate (or another win) in this many moves of the winner
};

class Mates : public ::testing::TestWithParam<MateCase> {};

TEST_P(Mates, FoundAndProvedByBruteForce) {
  const MateCase& c = GetParam();
  const auto engine = find_compiled(c.variant)->engine();
  Position pos(engine->variant());
  pos.set_fen(c.fen);
  // The case itself, independently of the search: a win in n, none in n - 1.
  ASSERT_TRUE(forced_win(*engine, pos, c.moves)) << c.fen;
  ASSERT_FALSE(forced_win(*engine, pos, c.moves - 1)) << c.fen;
  search::Searcher searcher(*engine, 4);
  Limits limits;
  limits.depth = 2 * c.moves + 1;
  const search::Result r = searcher.search(pos, limits);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(search::mate_in(r.score), c.moves) << "score " << r.score;
  pos.make(*r.best);
  EXPECT_TRUE(defender_lost(*engine, pos, c.moves - 1)) << "the move found does not win in " << c.moves;
}

INSTANTIATE_TEST_SUITE_P(
    Search, Mates,
    ::testing::Values(MateCase{"chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1},          // back rank
                      MateCase{"chess", "k7/8/8/2K5/8/8/8/1Q6 w - - 0 1", 2},                 // the queen waits
                      MateCase{"chess", "r5k1/5ppp/8/8/8/8/1Q3PPP/1R4K1 w - - 0 1", 2},    // a queen sacrifice
                      MateCase{"chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
                      MateCase{"3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3", 1},
                      MateCase{"kingofthehill", "8/8/8/8/8/2K5/8/k7 w - - 0 1", 1},
                      MateCase{"racingkings", "8/1K6/8/8/8/8/8/6k1 w - - 0 1", 1},
                      MateCase{"shatranj", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1}),
    [](const ::testing::TestParamInfo<MateCase>& info) {
      return std::string(info.param.variant[0] == '3' ? "three_check" : info.param.variant) + "_" +
             std::to_string(info.index);
    });

// Every variant of the catalogue, through its generated module and through the interpreter:
// short seeded games of the search against the random mover and the greedy capturer; every move
// the search chooses is checked against the legal moves (play_game stops at an illegal one).
class EveryVariant : public ::testing::TestWithParam<const char*> {};

void expect_legal_games(const Engine& engine, const char* opponent) {
  // Under the sanitizers a one-ply search: the interpreter's attack tests for hoppers made
  // grasshopper's games take over a minute there at two plies. A table of 1 MB: a few hundred
  // nodes a move fill little of it, and the default 16 MB, cleared at each game, were a quarter
  // of this test's time under the sanitizers.
  const auto searcher =
      match::make_player(test::kSanitized ? "search:depth=1,nodes=100,hash=1" : "search:depth=2,nodes=300,hash=1", engine);
  const auto other = match::make_player(opponent, engine);
  match::MatchOptions options;
  options.games = test::effort(2, 1);
  options.max_turns = engine.variant().geo.files * engine.variant().geo.ranks > 100 ? test::effort(12, 6) : test::effort(30, 10);
  options.seed = 7;
  const match::MatchResult r = match::play_match(engine, *searcher, *other, options);
  EXPECT_EQ(r.illegal, 0) << engine.variant().key << " vs " << opponent << ": " << r.reasons[0] << "; " << r.reasons[1];
  EXPECT_EQ(r.wins + r.losses + r.draws, options.games);
}

TEST_P(EveryVariant, SearchPlaysOnlyLegalMoves) {
  const CompiledVariant* v = find_compiled(GetParam());
  ASSERT_NE(v, nullptr);
  const auto compiled = v->engine();
  expect_legal_games(*compiled, "random");
  expect_legal_games(*compiled, "greedy");
  const InterpretedEngine interpreted(v->info());
  expect_legal_games(interpreted, "random");
}

std::vector<const char*> catalogue_keys() {
  std::vector<const char*> keys;
  for (const CompiledVariant& v : compiled_variants()) keys.push_back(v.key);
  return keys;
}

INSTANTIATE_TEST_SUITE_P(Search, EveryVariant, ::testing::ValuesIn(catalogue_keys()),
                         [](const ::testing::TestParamInfo<const char*>& info) { return test::test_name(info.param); });

TEST(Search, SameSeedSameGames) {
  const auto engine = find_compiled("extramove")->engine();
  const auto a = match::make_player("search:depth=2", *engine);
  const auto b = match::make_player("random", *engine);
  std::vector<std::string> first, second;
  for (auto* out : {&first, &second}) {
    a->new_game(3);
    b->new_game(4);
    *out = match::play_game(*engine, *a, *b, "", 20).moves;
  }
  EXPECT_EQ(first, second);
  ASSERT_FALSE(first.empty());
  EXPECT_NE(first[1].find(';'), std::string::npos) << "a turn of two moves: " << first[1];
}

TEST(Search, StopsAtTheNodeLimitAndTheClock) {
  const auto engine = find_compiled("chess")->engine();
  Position pos(engine->variant());
  pos.set_start();
  search::Searcher searcher(*engine, 4);
  Limits limits;
  limits.nodes = 5000;
  const search::Result by_nodes = searcher.search(pos, limits);
  EXPECT_TRUE(by_nodes.best);
  EXPECT_LT(by_nodes.nodes, 5000u + 2000u);
  limits = {};
  limits.movetime_ms = 50;
  const search::Result by_time = searcher.search(pos, limits);
  EXPECT_TRUE(by_time.best);
  EXPECT_LT(by_time.seconds, 0.5);
  EXPECT_EQ(pos.fen(), engine->variant().start_fen) << "the position is left as it was";
}

// The limits hold from the first node: along a seeded random game of Grasshopper chess, where
// the first root move's tree of captures in quiescence ran to 300,000 nodes under a limit of
// 300 while the limits waited for a root move searched in full. The move chosen is legal.
TEST(Search, LimitsHoldBeforeARootMoveIsSearched) {
  const auto engine = find_compiled("grasshopper")->engine();
  Position pos(engine->variant());
  pos.set_start();
  search::Searcher searcher(*engine, 1);
  std::mt19937 rng(11);
  std::uint64_t most = 0;
  for (int ply = 0; ply < 60; ++ply) {
    MoveList legal;
    engine->legal_moves(pos, legal);
    if (legal.size == 0) break;
    Limits limits;
    limits.nodes = 300;
    const search::Result r = searcher.search(pos, limits);
    ASSERT_TRUE(r.best) << pos.fen();
    EXPECT_TRUE(std::find(legal.begin(), legal.end(), *r.best) != legal.end()) << pos.fen();
    most = std::max(most, r.nodes);
    pos.make(legal[int(rng() % unsigned(legal.size))]);
  }
  EXPECT_LE(most, 300u + 1u) << "nodes searched under a limit of 300";
}

TEST(Search, PieceValuesFollowMobility) {
  const auto engine = find_compiled("chess")->engine();
  const search::Evaluator eval(engine->variant());
  const VariantInfo& v = engine->variant();
  const auto value = [&](char letter) { return eval.value(v.type_of_letter(letter)); };
  EXPECT_LT(value('P'), value('N'));
  EXPECT_LT(value('N'), value('B'));
  EXPECT_LT(value('B'), value('R'));
  EXPECT_LT(value('R'), value('Q'));
  EXPECT_EQ(value('K'), 0) << "royal";
  EXPECT_NEAR(eval.mobility(v.type_of_letter('N')), 5.25, 1e-9) << "a Knight's 336 moves over 64 squares";
  Position pos(v);
  pos.set_start();
  EXPECT_EQ(eval.evaluate(pos), 0) << "the start position is symmetric";
  VariantInfo given = v;  // a spec's `value:` wins over the estimate
  given.pieces[std::size_t(v.type_of_letter('N'))].value = 999;
  EXPECT_EQ(search::Evaluator(given).value(v.type_of_letter('N')), 999);
  EXPECT_EQ(search::Evaluator(given).value(v.type_of_letter('B')), value('B'));
}

// A promoted piece (+P) is valued by its own moves, not by those of the piece written with its
// letter: Kyoto shogi's faces (a Gold for the Knight, a Bishop for the Silver, a Rook for the
// Pawn) and shogi's tokin.
TEST(Search, PromotedPiecesValuedByTheirOwnMoves) {
  for (const auto& [key, letter] : {std::pair{"kyotoshogi", 'N'}, std::pair{"kyotoshogi", 'S'},
                                    std::pair{"kyotoshogi", 'P'}, std::pair{"shogi", 'P'}}) {
    const CompiledVariant* compiled = find_compiled(key);
    ASSERT_NE(compiled, nullptr) << key;
    const VariantInfo& v = compiled->info();
    const search::Evaluator eval(v);
    const int base = v.type_of_token(letter, 0), promoted = v.type_of_token(letter, '+');
    ASSERT_GE(base, 0);
    ASSERT_GE(promoted, 0);
    EXPECT_GT(eval.mobility(promoted), eval.mobility(base)) << key << " +" << letter;
  }
}

}  // namespace
}  // namespace fairy
