// Attack tests: every generated module's (walked backwards from the target) agrees with the
// interpreter's on every square, for both sides, in the catalogue's perft positions and one ply
// on. Both instantiate one backward walker (runtime/back_walk.hpp), so the interpreter's is in
// turn checked against its forward walk (runtime/path_walk.hpp): a piece attacks an enemy exactly
// when one of its moves captures it. And the legality shortcuts (QuickLegality: surely legal,
// legal with the mover lifted, routes of the enemy's pieces on the board only) agree with making
// each move and testing the royal piece.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "generator/model/model.hpp"
#include "runtime/attack_routes.hpp"
#include "runtime/back_walk.hpp"
#include "runtime/empty_board_walk.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/path_walk.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/captures_on.hpp"
#include "tests/effort.hpp"

namespace {

using namespace fairy;

void expect_same_attacks(const Engine& generated, const Engine& interpreted, const Position& pos,
                         const std::string& where) {
  const Geometry& g = pos.geo();
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f)
      for (Color by : {White, Black}) {
        const Square s = g.square(f, r);
        ASSERT_EQ(generated.attacked(pos, s, by), interpreted.attacked(pos, s, by))
            << where << ": " << (by == White ? "White" : "Black") << " on " << g.name(s) << " in " << pos.fen();
      }
}

TEST(Attacks, GeneratedAgreeWithInterpreterOnEverySquare) {
  const auto file = fairygen::spec::load(FAIRY_SPEC_PATH);
  int positions = 0;
  for (const auto& v : fairygen::model::build_all(file)) {
    const CompiledVariant* compiled = find_compiled(v.info.key);
    ASSERT_NE(compiled, nullptr) << v.info.key;
    const auto generated = compiled->engine();
    const InterpretedEngine interpreted(v.info);
    for (const auto& p : v.spec->perft) {
      Position pos(generated->variant());
      if (p.fen.value == "start") pos.set_start(); else pos.set_fen(p.fen.value);
      const std::string where = v.info.key + " " + p.name;
      expect_same_attacks(*generated, interpreted, pos, where);
      MoveList moves;
      generated->legal_moves(pos, moves);
      // Under the sanitizers (tests/effort.hpp) after every third move: all of them took 26 s there.
      for (int i = 0; i < moves.size; i += fairy::test::effort(1, 3)) {
        pos.make(moves[i]);
        expect_same_attacks(*generated, interpreted, pos, where + " after a move");
        pos.unmake();
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, fairy::test::effort(1000, 300));
}

// The backward walks against the forward walk: in every variant with one move a turn, a piece of
// the side to move attacks an enemy piece exactly when one of the interpreter's moves (forwards,
// every path the piece has where it stands and in this phase of the game) captures it, locusts,
// hoppers, crooked, circular, same-length and induced paths included. Not where the two rules
// differ by design: royal pieces facing each other (the flying general attacks without a move)
// a later move of a turn (attacks ignore the turn's phases), and a phase in which pieces are
// only dropped.
TEST(Attacks, BackwardWalksFindTheCapturesOfTheForwardWalk) {
  const auto file = fairygen::spec::load(FAIRY_SPEC_PATH);
  int enemies = 0, attacked = 0;
  std::set<std::string> variants;
  for (const auto& v : fairygen::model::build_all(file)) {
    if (v.info.turn.moves > 1) continue;
    const Interpreter interpreter(v.info);
    const auto check = [&](const Position& pos, const std::string& where) {
      MoveList moves;
      interpreter.generate(pos, moves);
      // A later move of a turn (its own moves and rules), a placing phase (no piece moves yet).
      if (pos.phase_bit() == kPhaseLater) return;
      if (moves.size && std::all_of(moves.begin(), moves.end(), [](const Move& m) { return m.kind == MoveKind::Drop; }))
        return;
      const Color us = pos.side_to_move();
      const Geometry& g = pos.geo();
      for (int r = 0; r < g.ranks; ++r)
        for (int f = 0; f < g.files; ++f) {
          const Square s = g.square(f, r);
          if (!is_color(pos.at(s), ~us) || royals_face(pos, s, us)) continue;
          const bool by_walk = interpreter.attacked(pos, s, us);
          ASSERT_EQ(by_walk, captures_on(moves, s)) << where << ": " << g.name(s) << " in " << pos.fen();
          ++enemies;
          attacked += by_walk;
        }
    };
    for (const auto& p : v.spec->perft) {
      Position pos(v.info);
      if (p.fen.value == "start") pos.set_start(); else pos.set_fen(p.fen.value);
      const std::string where = v.info.key + " " + p.name;
      check(pos, where);
      MoveList moves;
      interpreter.generate(pos, moves);
      for (const Move& m : moves) {
        pos.make(m);
        check(pos, where + " after a move");
        pos.unmake();
      }
    }
    variants.insert(v.info.key);
  }
  EXPECT_GT(variants.size(), 30u);
  EXPECT_GT(attacked, 1000);
  EXPECT_GT(enemies - attacked, 1000);
}

// Every pseudo-legal move is in the generated module's legal move list exactly when the
// interpreter, making it, finds it legal (make_if_legal: no shortcut). Along seeded games from
// each perft position of every variant whose legality is the royal piece's safety alone, with
// captures preferred so that piece types (hoppers among them) leave the board.
TEST(Legality, ShortcutsAgreeWithMakingEachMove) {
  const auto file = fairygen::spec::load(FAIRY_SPEC_PATH);
  int checked = 0, without_a_turning_type = 0, swaps = 0, induced = 0;
  for (const auto& v : fairygen::model::build_all(file)) {
    if (v.info.special_legality) continue;
    const auto generated = find_compiled(v.info.key)->engine();
    const Interpreter interpreter(generated->variant());
    std::set<std::string> fens;
    for (const auto& p : v.spec->perft) fens.insert(p.fen.value);
    std::uint64_t seed = 2026;
    for (const std::string& fen : fens) {
      Position pos(generated->variant());
      if (fen == "start") pos.set_start(); else pos.set_fen(fen);
      for (int ply = 0; ply < 40; ++ply) {
        MoveList legal, pseudo;
        generated->legal_moves(pos, legal);
        generated->pseudo_moves(pos, pseudo);
        const Color them = ~pos.side_to_move();
        without_a_turning_type += v.info.occupied_turns && !(v.info.occupied_turns & pos.present(them));
        for (const Move& m : pseudo) {
          const bool listed = std::find(legal.begin(), legal.end(), m) != legal.end();
          const bool made = make_if_legal(pos, interpreter, m);
          if (made) pos.unmake();
          ASSERT_EQ(listed, made) << v.info.key << " " << pos.fen() << " " << to_uci(pos, m);
          ++checked;
          swaps += m.kind == MoveKind::Swap;
          induced += m.kind == MoveKind::Induced;
        }
        if (legal.size == 0) break;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int pick = -1;
        for (int i = 0; i < legal.size && pick < 0; ++i)
          if (is_capture(pos, legal.moves[i]) && (seed >> 40) % 4 != 0) pick = i;
        if (pick < 0) pick = int((seed >> 33) % std::uint64_t(legal.size));
        pos.make(legal.moves[pick]);
      }
    }
  }
  std::printf("%d moves checked (%d swaps, %d induced); %d positions without a turning enemy type\n", checked, swaps,
              induced, without_a_turning_type);
  EXPECT_GT(checked, 100000);
  EXPECT_GT(swaps, 100);
  EXPECT_GT(induced, 100);
  // Positions where the enemy's pieces that turn on occupied squares have all left the board.
  EXPECT_GT(without_a_turning_type, 50);
}

// walk_empty_board, the one forward walk on an empty board (may_repeat, the attack routes).
// One of a Dancing Horse's paths: a leap by (1,2), then one by (2,1), ends at (3,3); on a board
// of two ranks the first leap is already off it.
TEST(EmptyBoardWalk, TwoLeapsEndWhereTheirVectorsAddUp) {
  const Path horse{.legs = {Leg{.dx = 1, .dy = 2, .mode = kMove}, Leg{.dx = 2, .dy = 1, .mode = kMove | kCapture}}};
  std::set<std::pair<int, int>> firsts;
  int ends = 0;
  const auto count = [&](std::size_t k, int x, int y, int n, bool whole) {
    EXPECT_EQ(n, 1);
    EXPECT_TRUE(whole);
    if (k == 0) {
      firsts.insert({x, y});
      return EmptyBoardStep::Onward;
    }
    EXPECT_EQ(std::pair(x, y), std::pair(3, 3));
    ++ends;
    return EmptyBoardStep::Pass;
  };
  EXPECT_FALSE(walk_empty_board(horse.legs, 0, 0, 0, 0, true, Geometry{10, 10}, count));
  EXPECT_EQ(firsts, (std::set<std::pair<int, int>>{{1, 2}}));
  EXPECT_EQ(ends, 1);
  ends = 0;
  EXPECT_FALSE(walk_empty_board(horse.legs, 0, 0, 0, 0, true, Geometry{3, 2}, count));
  EXPECT_EQ(ends, 0) << "(1,2) is off a board of two ranks";
}

// A Sissa-like route: a diagonal slide, then as many orthogonal steps. With exact lengths, the
// second leg ends only after as many steps as the first made: on an 8x8 board at (n, 2n) for
// n = 1, 2, 3; without, it may end after any count the board allows (the attack routes'
// over-estimate). Stop ends the walk at once.
TEST(EmptyBoardWalk, ASameLengthLegMakesTheCountOfTheLegBefore) {
  const Path sissa{.legs = {Leg{.dx = 1, .dy = 1, .range = 0, .mode = kMove},
                            Leg{.dx = 0, .dy = 1, .range = 0, .mode = kMove | kCapture, .flags = kSameLength}}};
  std::set<std::pair<int, int>> ends;
  const auto route = [&](std::size_t k, int x, int y, int, bool whole) {
    if (!whole) return EmptyBoardStep::Pass;
    if (k == 0) return EmptyBoardStep::Onward;
    ends.insert({x, y});
    return EmptyBoardStep::Pass;
  };
  EXPECT_FALSE(walk_empty_board(sissa.legs, 0, 0, 0, 0, true, Geometry{8, 8}, route));
  EXPECT_EQ(ends, (std::set<std::pair<int, int>>{{1, 2}, {2, 4}, {3, 6}}));
  ends.clear();
  EXPECT_FALSE(walk_empty_board(sissa.legs, 0, 0, 0, 0, false, Geometry{8, 8}, route));
  EXPECT_EQ(ends.size(), 6u + 5u + 4u + 3u + 2u + 1u) << "(n, n + m) for n + m < 8";
  int visits = 0;
  EXPECT_TRUE(walk_empty_board(sissa.legs, 0, 0, 0, 0, true, Geometry{8, 8}, [&](std::size_t, int, int, int, bool) {
    ++visits;
    return EmptyBoardStep::Stop;
  }));
  EXPECT_EQ(visits, 1);
}

// A generated table (runtime/program.hpp's table_of) writes a run of entries alike but for their
// vector as one along_each: each leg that `like` leaves at (0, 0) takes the run's vector, in turn
// (a hop's two legs, a walk back to a screen and on), the others keep theirs.
namespace tables {
constexpr auto kPaths = table_of<PathDesc>(
    PathDesc{.legs = {Leg{.dx = 0, .dy = 1, .mode = kMove}}},
    along_each(PathDesc{.legs = {Leg{.range = 0, .mode = kHop}, Leg{.dx = 1, .dy = 1, .mode = kMove}, Leg{.mode = kCapture}},
                        .leg_count = 3, .atom = 2},
               {{0, 1}, {-1, 0}}));
static_assert(kPaths.size() == 3);
static_assert(kPaths[0].legs[0] == Leg{.dx = 0, .dy = 1, .mode = kMove} && kPaths[0].leg_count == 1 && kPaths[0].atom == 0);
static_assert(kPaths[1].legs[0] == Leg{.dx = 0, .dy = 1, .range = 0, .mode = kHop} && kPaths[1].legs[2] == Leg{.dx = 0, .dy = 1, .mode = kCapture});
static_assert(kPaths[2].legs[0] == Leg{.dx = -1, .dy = 0, .range = 0, .mode = kHop});
static_assert(kPaths[2].legs[1] == Leg{.dx = 1, .dy = 1, .mode = kMove}, "a leg of a vector of its own keeps it");
static_assert(kPaths[2].legs[2] == Leg{.dx = -1, .dy = 0, .mode = kCapture});
static_assert(kPaths[2].leg_count == 3 && kPaths[2].atom == 2 && kPaths[2].legs[3] == Leg{});
constexpr auto kWalks = table_of<BackWalk>(
    along_each(BackWalk{.legs = {BackLeg{.steps = {BoardStep{}}, .before_mode = kHop}, BackLeg{.steps = {BoardStep{}}}}, .leg_count = 2, .capture = 1},
               {{0, -1}, {1, 0}}),
    BackWalk{.legs = {BackLeg{.steps = {BoardStep{.x = 1, .y = -2}}, .range = 1}}});
static_assert(kWalks.size() == 3);
static_assert(kWalks[1].legs[0].steps[0] == BoardStep{.x = 1, .y = 0} && kWalks[1].legs[1].steps[0] == BoardStep{.x = 1, .y = 0});
static_assert(kWalks[1].legs[0].before_mode == kHop && kWalks[1].capture == 1 && kWalks[1].leg_count == 2);
static_assert(kWalks[2].legs[0].steps[0] == BoardStep{.x = 1, .y = -2} && kWalks[2].leg_count == 1);
}  // namespace tables

// The attack routes (runtime/attack_routes.hpp): what a generated attack test's walks may read,
// in a table built at compile time. Walked back from the target on an 8x8 board (mailbox stride
// 11): a Rook's walk down a file passes the file to the board's edge, a Knight's leap reads one
// square, a Cannon's walk the file twice over (to its screen, then on to the Cannon), and a
// locust capture's route goes on from the target along the rest of its path.
namespace routes {
constexpr BackWalk kRookDown{.legs = {BackLeg{.steps = {BoardStep{.x = 0, .y = -1}}}}};
constexpr BackWalk kKnight{.legs = {BackLeg{.steps = {BoardStep{.x = -1, .y = -2}}, .range = 1}}};
constexpr BackWalk kCannon{.legs = {BackLeg{.steps = {BoardStep{.x = 0, .y = -1}}, .before_mode = kHop},
                                    BackLeg{.steps = {BoardStep{.x = 0, .y = -1}}}},
                           .leg_count = 2, .capture = 1};
// Captures one step up, then moves one step right (walked back: one step down).
constexpr BackWalk kLocust{.legs = {BackLeg{.steps = {BoardStep{.x = 0, .y = -1}}, .range = 1}}, .locust = true};
inline constexpr PathDesc kLocustPath[] = {
    {.legs = {Leg{.dx = 0, .dy = 1, .range = 1, .mode = kCapture}, Leg{.dx = 1, .dy = 0, .range = 1, .mode = kMove}}, .leg_count = 2}};
}  // namespace routes

TEST(AttackRoutes, AWalkReadsItsRouteOnly) {
  using Table = RouteTable<8, 8, 1>;
  static_assert(Table::kSpan == 7 * 11 + 7);
  constexpr Table table = [] {  // as a generated attack test builds its own, at compile time
    Table t;
    t.mark(0, routes::kRookDown, NoLocust::legs(), 0);
    t.mark(1, routes::kKnight, NoLocust::legs(), 0);
    t.mark(2, routes::kCannon, NoLocust::legs(), 0);
    t.mark(3, routes::kLocust, routes::kLocustPath[0].used_legs(), 1);
    return t;
  }();
  std::map<int, std::uint64_t> bits;  // offset: the walks that may read it
  for (int d = -Table::kSpan; d <= Table::kSpan; ++d)
    if (const std::uint64_t b = table.rows[std::size_t(Table::kSpan + d)][0]) bits[d] = b;
  std::map<int, std::uint64_t> expected = {{-23, 2}};  // the Knight's square
  for (int k = 1; k < 8; ++k) expected[-11 * k] = 1 | 4;  // the file: the Rook's and the Cannon's
  expected[-11] |= 8;  // the locust: where it captured from
  expected[1] = 8;     // and where it goes on
  EXPECT_EQ(bits, expected);
  // The interpreter's routes of that path are the same squares (for_attack_routes, the same walks).
  std::set<int> squares;
  const Path path{.legs = {routes::kLocustPath[0].legs[0], routes::kLocustPath[0].legs[1]}};
  for_attack_routes(path, Geometry{8, 8}, -1, [&](int x, int y) { squares.insert(Geometry{8, 8}.offset(x, y)); });
  EXPECT_EQ(squares, (std::set<int>{-11, 1}));
}

}  // namespace
