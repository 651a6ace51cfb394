// Regions (regions:, a piece's region: and moves_on:) and the flying general: the model's
// squares, FENs as Fairy-Stockfish writes them, and the rules as properties along random games,
// in the generated modules and the interpreter alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/engine.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/square_names.hpp"
#include "runtime/uci.hpp"
#include "tests/spec_error.hpp"

namespace {

using namespace fairy;

const std::string kPieces = R"(pieces:
  king: {letter: K, betza: W, royal: true}
  rook: {letter: R, betza: R}
variants:
  hall:
    board: {files: 5, ranks: 6}
    start: 2k2/5/5/5/5/R1K2 w - - 0 1
)";

std::vector<std::string> names(const VariantInfo& v, const SquareSet& set) {
  std::vector<std::string> out;
  for (int s = 0; s < v.geo.cells(); ++s)
    if (set[std::size_t(s)]) out.push_back(v.geo.name(Square(s)));
  return out;
}

// A generated module names the squares of a region and of moves_on entries (runtime/square_names.hpp):
// its tables are built at compile time from the names, as Geometry::parse reads them.
namespace named {
constexpr Geometry kBoard{.files = 9, .ranks = 10};
constexpr SquareTable kPalace{kBoard, "d1 e1 f1 d2 e2 f2 d3 e3 f3"};
static_assert(kPalace(kBoard.square(3, 0)) && kPalace(kBoard.square(4, 1)) && kPalace(kBoard.square(5, 2)));
static_assert(!kPalace(kBoard.square(6, 0)) && !kPalace(kBoard.square(4, 3)) && !kPalace(kBoard.square(3, 7)));
// A rectangle by two corners, either two.
constexpr SquareTable kByCorners{kBoard, "f3-d1"};
static_assert(kByCorners(kBoard.square(3, 0)) && kByCorners(kBoard.square(4, 1)) && kByCorners(kBoard.square(5, 2)));
static_assert(!kByCorners(kBoard.square(6, 0)) && !kByCorners(kBoard.square(4, 3)) && !kByCorners(kBoard.square(2, 1)));
constexpr SquareTable kTenth{kBoard, "i10"};
static_assert(kTenth(kBoard.square(8, 9)) && !kTenth(kBoard.square(8, 0)) && !kTenth(kBoard.square(0, 9)));
// The first entry that holds a square is its; -1 where none does.
constexpr EntryTable kEntries{kBoard, {"d1 f3", "f3 e2", "e2"}};
static_assert(kEntries(kBoard.square(3, 0)) == 0 && kEntries(kBoard.square(5, 2)) == 0);
static_assert(kEntries(kBoard.square(4, 1)) == 1 && kEntries(kBoard.square(4, 0)) == -1);
}  // namespace named

TEST(Regions, NamedSquaresAreTheBoardsOnly) {
  // A name that is no square of the board stops the build of a table: only at run time can a test
  // see it (a constexpr table with such a name does not compile).
  const Geometry board{.files = 9, .ranks = 10};
  for (const char* names : {"j1", "a11", "a0", "d1e1", "d1 x", "e", "d1-", "d1-j3", "-d1"})
    EXPECT_ANY_THROW(SquareTable(board, names)) << names;
  EXPECT_NO_THROW(SquareTable(board, "  a1  i10 "));
}

TEST(Regions, BlacksSquaresAreWhitesMirroredUnlessGiven) {
  const VariantInfo mirrored = fairytest::variant_info(kPieces + R"(    regions: {hall: {files: [b, c], ranks: [1, 2]}}
    pieces: [{piece: king, region: hall}, rook]
)");
  EXPECT_TRUE(mirrored.pieces[0].confined);
  EXPECT_FALSE(mirrored.pieces[1].confined);
  EXPECT_EQ(names(mirrored, mirrored.pieces[0].region[White]), (std::vector<std::string>{"b1", "c1", "b2", "c2"}));
  EXPECT_EQ(names(mirrored, mirrored.pieces[0].region[Black]), (std::vector<std::string>{"b5", "c5", "b6", "c6"}));
  const VariantInfo given = fairytest::variant_info(kPieces + R"(    regions: {hall: {white: {squares: [a1, e3]}, black: {ranks: [6, 6]}}}
    pieces: [king, {piece: rook, moves_on: [{region: hall, betza: W}]}]
)");
  ASSERT_EQ(given.pieces[1].moves_on.size(), 1u);
  EXPECT_EQ(names(given, given.pieces[1].moves_on[0].on[White]), (std::vector<std::string>{"a1", "e3"}));
  EXPECT_EQ(names(given, given.pieces[1].moves_on[0].on[Black]),
            (std::vector<std::string>{"a6", "b6", "c6", "d6", "e6"}));
  // The rook on a1 (in the region) moves as a Wazir.
  const InterpretedEngine engine(given);
  Position pos(engine.variant());
  pos.set_fen(given.start_fen);
  MoveList moves;
  engine.pseudo_moves(pos, moves);
  int rook_moves = 0;
  for (const Move& m : moves) rook_moves += m.from == pos.geo().square(0, 0);
  EXPECT_EQ(rook_moves, 2);
}

// no_hop_over: and no_capture: (the Janggi cannon): a cannon is neither a screen nor a target;
// other pieces are both; the attack test agrees with the moves.
TEST(Hoppers, ACannonNeitherHopsOverNorTakesACannon) {
  const VariantInfo v = fairytest::variant_info(R"(pieces:
  king: {letter: K, betza: W, royal: true}
  cannon: {letter: C, betza: pR, no_hop_over: [cannon], no_capture: [cannon]}
  rook: {letter: R, betza: R}
variants:
  hall:
    board: {files: 5, ranks: 6}
    pieces: [king, cannon, rook]
    start: c1k2/5/r4/C4/5/C1R1K w - - 0 1
)");
  EXPECT_EQ(v.pieces[1].no_hop_over, 2u);
  EXPECT_EQ(v.pieces[1].no_capture, 2u);
  EXPECT_EQ(v.pieces[2].no_hop_over, 0u);
  const InterpretedEngine engine(v);
  Position pos(v);
  pos.set_fen(v.start_fen);
  MoveList moves;
  engine.pseudo_moves(pos, moves);
  std::vector<std::string> cannon;
  for (const Move& m : moves)
    if (type_of(pos.at(m.from)) == 1) cannon.push_back(to_uci(pos, m));
  std::sort(cannon.begin(), cannon.end());
  // a1: over the rook on c1 to d1, not over the cannon on a3; a3: over the rook on a4 to a5,
  // not onto the cannon on a6.
  EXPECT_EQ(cannon, (std::vector<std::string>{"a1d1", "a3a5"}));
  const Interpreter rules(v);
  const Geometry& g = v.geo;
  EXPECT_FALSE(rules.attacked(pos, g.square(0, 5), White));  // the cannon on a6
  EXPECT_TRUE(rules.attacked(pos, g.square(0, 4), White));   // a5
  EXPECT_FALSE(rules.attacked(pos, g.square(0, 0), Black));  // the black rook on a4 does not reach a1 past a3
  pos.set_fen("2k2/r4/5/R4/5/C3K w - - 0 1");  // over a rook, a rook as the target: taken
  engine.pseudo_moves(pos, moves);
  const auto has = [&](const char* uci) {
    return std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return to_uci(pos, m) == uci; });
  };
  EXPECT_TRUE(has("a1a4"));
  EXPECT_TRUE(has("a1a5"));
  pos.set_fen("r1k2/5/K4/5/5/C4 b - - 0 1");  // over the own King
  EXPECT_TRUE(rules.attacked(pos, g.square(0, 5), White));
}

// The compiled variant and the interpreter over its model.
std::vector<std::unique_ptr<Engine>> engines(const char* key) {
  std::vector<std::unique_ptr<Engine>> out;
  const CompiledVariant* v = find_compiled(key);
  if (!v) return out;
  out.push_back(v->engine());
  out.push_back(std::make_unique<InterpretedEngine>(v->info()));
  return out;
}

// Whether the two royal pieces stand on one file with nothing between them.
bool generals_face(const Position& pos) {
  const Square w = pos.royal(White), b = pos.royal(Black);
  const Geometry& g = pos.geo();
  if (w == kNoSquare || b == kNoSquare || g.file_of(w) != g.file_of(b)) return false;
  for (Square s = Square(w + g.offset(0, 1)); s != b; s = Square(s + g.offset(0, 1)))
    if (pos.at(s) != kEmpty) return false;
  return true;
}

// Along random games of xiangqi: no move ends outside its piece's region, a soldier steps
// sideways only past the river, and no legal move leaves the generals facing; the generated
// module and the interpreter list the same moves.
TEST(Regions, XiangqiRulesHoldAlongRandomGames) {
  const auto all = engines("xiangqi");
  ASSERT_EQ(all.size(), 2u);
  const VariantInfo& v = all[0]->variant();
  const Geometry& g = v.geo;
  std::mt19937 rng(18);
  int sideways = 0, refused_facing = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos(v);
    pos.set_start();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList legal, interpreted;
      all[0]->legal_moves(pos, legal);
      all[1]->legal_moves(pos, interpreted);
      ASSERT_EQ(legal.size, interpreted.size) << pos.fen();
      if (legal.size == 0) break;
      const Color us = pos.side_to_move();
      for (const Move& m : legal) {
        const PieceInfo& piece = v.pieces[type_of(pos.at(m.from))];
        EXPECT_TRUE(piece.may_end(us, m.to)) << pos.fen() << " " << to_uci(pos, m);
        if (piece.name == "soldier" && g.rank_of(m.from) == g.rank_of(m.to)) {
          EXPECT_GE(g.relative_rank(m.from, us), 5) << pos.fen() << " " << to_uci(pos, m);
          ++sideways;
        }
        pos.make(m);
        EXPECT_FALSE(generals_face(pos)) << to_uci(pos, m);
        pos.unmake();
      }
      MoveList pseudo;
      all[0]->pseudo_moves(pos, pseudo);
      for (const Move& m : pseudo) {
        pos.make(m);
        refused_facing += generals_face(pos);
        pos.unmake();
      }
      pos.make(legal[int(rng() % unsigned(legal.size))]);
    }
  }
  EXPECT_GT(sideways, 0) << "no soldier crossed the river";
  EXPECT_GT(refused_facing, 0) << "no move that would face the generals came up";
}

// FENs as Fairy-Stockfish writes them (npm fairy-stockfish-nnue.wasm 1.1.12, UCI_Variant
// xiangqi, `position startpos moves b3e3 b10c8 e3e7`, `d`), read back and written alike, and the
// moves undone; there Black's elephant may not go c10-e8 (it would screen the cannon's check).
TEST(Regions, XiangqiFenAsFairyStockfishWritesIt) {
  for (const auto& engine : engines("xiangqi")) {
    Position pos(engine->variant());
    pos.set_start();
    const std::string start = pos.fen();
    EXPECT_EQ(start, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    for (const char* m : {"b3e3", "b10c8", "e3e7"}) pos.make(parse_uci(pos, *engine, m));
    const std::string after = "r1bakabnr/9/1cn4c1/p1p1C1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR b - - 0 2";
    EXPECT_EQ(pos.fen(), after);
    EXPECT_THROW(parse_uci(pos, *engine, "c10e8"), std::exception);
    Position read(engine->variant());
    read.set_fen(after);
    EXPECT_EQ(read.fen(), after);
    EXPECT_EQ(read.key(), pos.key());
    for (int i = 0; i < 3; ++i) pos.unmake();
    EXPECT_EQ(pos.fen(), start);
  }
}

// Along random games of janggi, in the generated module and the interpreter alike: the same
// legal moves; no move ends outside its piece's region; the pass is there exactly when the side
// is not in check or is in bikjang; in bikjang every other move parts the Generals; a pass after
// a pass, or in bikjang, ends the game (no moves); the palace lines' diagonal moves come up.
TEST(Regions, JanggiRulesHoldAlongRandomGames) {
  const auto all = engines("janggi");
  ASSERT_EQ(all.size(), 2u);
  const VariantInfo& v = all[0]->variant();
  const Geometry& g = v.geo;
  std::mt19937 rng(18);
  int diagonal = 0, bikjang = 0, passes = 0, ended = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos(v);
    pos.set_start();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList legal, interpreted;
      all[0]->legal_moves(pos, legal);
      all[1]->legal_moves(pos, interpreted);
      ASSERT_EQ(legal.size, interpreted.size) << pos.fen();
      std::vector<std::string> a, b;
      for (int i = 0; i < legal.size; ++i) a.push_back(to_uci(pos, legal[i])), b.push_back(to_uci(pos, interpreted[i]));
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      EXPECT_EQ(a, b) << pos.fen();
      const Move* last = pos.last_move();
      const bool passed = last && last->kind == MoveKind::Pass;
      if (passed && (generals_face(pos) || (pos.move_back(1) && pos.move_back(1)->kind == MoveKind::Pass))) {
        EXPECT_EQ(legal.size, 0) << pos.fen() << ": the game has ended";
        ++ended;
        break;
      }
      if (legal.size == 0) break;  // mated (stalemate is loss too; without a pass only in check)
      const Color us = pos.side_to_move();
      const bool facing = generals_face(pos), check = all[0]->in_check(pos);
      bikjang += facing;
      const bool can_pass = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == MoveKind::Pass; });
      EXPECT_EQ(can_pass, facing || !check) << pos.fen();
      for (const Move& m : legal) {
        if (m.kind == MoveKind::Pass) {
          EXPECT_EQ(to_uci(pos, m), g.name(pos.royal(us)) + g.name(pos.royal(us)));
          continue;
        }
        const PieceInfo& piece = v.pieces[type_of(pos.at(m.from))];
        EXPECT_TRUE(piece.may_end(us, m.to)) << pos.fen() << " " << to_uci(pos, m);
        diagonal += g.file_of(m.from) != g.file_of(m.to) && g.rank_of(m.from) != g.rank_of(m.to) &&
                    piece.name != "horse" && piece.name != "janggi_elephant";
        pos.make(m);
        if (facing) {
          EXPECT_FALSE(generals_face(pos)) << to_uci(pos, m) << " leaves bikjang";
        }
        pos.unmake();
      }
      const Move m = legal[int(rng() % unsigned(legal.size))];
      passes += m.kind == MoveKind::Pass;
      pos.make(m);
    }
  }
  EXPECT_GT(diagonal, 0) << "no move along a palace line";
  EXPECT_GT(bikjang, 0) << "no bikjang came up";
  EXPECT_GT(passes, 0) << "nobody passed";
  EXPECT_GT(ended, 0) << "no game ended by passes or bikjang";
}

// The pass as Fairy-Stockfish writes it (npm fairy-stockfish-nnue.wasm 1.1.12, UCI_Variant
// janggi, `position startpos moves e2e2`, `d`: the halfmove clock counts it), in coordinates and
// in Game Courier notation; a second pass ends the game.
TEST(Regions, JanggiPassAsFairyStockfishWritesIt) {
  for (const auto& engine : engines("janggi")) {
    Position pos(engine->variant());
    pos.set_start();
    EXPECT_EQ(pos.fen(), "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    const Move pass = parse_uci(pos, *engine, "e2e2");
    EXPECT_EQ(pass.kind, MoveKind::Pass);
    EXPECT_EQ(to_gc(pos, pass), "pass");
    pos.make(pass);
    EXPECT_EQ(pos.fen(), "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    EXPECT_THROW(parse_uci(pos, *engine, "e2e2"), std::exception);  // Black's General is on e9
    pos.make(parse_uci(pos, *engine, "e9e9"));
    MoveList moves;
    engine->legal_moves(pos, moves);
    EXPECT_EQ(moves.size, 0);
    const auto end = engine->immediate_end(pos);
    ASSERT_TRUE(end.has_value());
    EXPECT_STREQ(end->reason, "both sides passed");
    pos.unmake();
    pos.unmake();
    // In check there is no pass; in bikjang there is, even in check, and it ends the game.
    pos.set_fen("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
    EXPECT_THROW(parse_uci(pos, *engine, "d1d1"), std::exception);
    pos.set_fen("4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1");
    engine->legal_moves(pos, moves);
    ASSERT_EQ(moves.size, 1);
    EXPECT_EQ(to_uci(pos, moves[0]), "e1e1");
    pos.make(moves[0]);
    ASSERT_TRUE(engine->immediate_end(pos).has_value());
    EXPECT_STREQ(engine->immediate_end(pos)->reason, "bikjang");
  }
}

}  // namespace
