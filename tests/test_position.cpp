// Position: FEN in and out, FEN errors with columns, make/unmake round trips (position and
// Zobrist key restored; the incremental key equals a fresh one), castling, en passant,
// promotion; and the compiled model equals the one the interpreter builds from the YAML.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "generator/emit/emit.hpp"
#include "generator/model/model.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

std::unique_ptr<Engine> engine_for(const char* key) { return find_compiled(key)->engine(); }

// `move` made in `fen` (read and written back unchanged) gives `after`, whose key a position read
// from it has too; unmake restores the FEN and the key.
void expect_move(const char* key, const char* fen, const char* move, const char* after) {
  const auto engine = engine_for(key);
  Position pos(engine->variant());
  pos.set_fen(fen);
  EXPECT_EQ(pos.fen(), fen);
  const std::uint64_t key_before = pos.key();
  pos.make(parse_uci(pos, *engine, move));
  EXPECT_EQ(pos.fen(), after) << key << " " << fen << " " << move;
  Position fresh(engine->variant());
  fresh.set_fen(pos.fen());
  EXPECT_EQ(pos.key(), fresh.key()) << after;
  pos.unmake();
  EXPECT_EQ(pos.fen(), fen);
  EXPECT_EQ(pos.key(), key_before);
}

class FenRoundTrip : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(FenRoundTrip, ReadWriteIsIdentity) {
  const auto [key, fen] = GetParam();
  const auto engine = engine_for(key);
  Position pos(engine->variant());
  pos.set_fen(fen);
  EXPECT_EQ(pos.fen(), fen);
}

INSTANTIATE_TEST_SUITE_P(
    All, FenRoundTrip,
    ::testing::Values(
        std::make_pair("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        std::make_pair("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        std::make_pair("chess", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b Kq e3 0 3"),
        std::make_pair("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
        std::make_pair("grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"),
        std::make_pair("grand", "4k4r/P9/1P8/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1"),
        std::make_pair("obento", "11k/12/12/12/12/12/4Pp6/3p8/12/12/12/K11 b - e4e5 0 1"),
        std::make_pair("terachess2", "15k/16/16/16/16/16/16/16/16/16/16/4K11/16/16/16/16 w K - 0 1"),
        std::make_pair("sandbox", "r4k3r/1nqvljvqn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NQVLJVQN1/R4K3R w KQkq - 0 1"),
        // Empty brouhaha squares are holes: they are written as '*'.
        std::make_pair("sandbox", "9k/10/1*6*1/10/10/1N8/10/1*6*1/*9/1R7K w - - 0 1"),
        std::make_pair("extramove", "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 5 2:c3"),
        std::make_pair("universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{o}"),
        // A drop phase after a double step: the e.p. square is Black's to use, the pawn White's.
        std::make_pair("universal", "k7/8/8/8/3pP3/8/8/K7 w - e3 0 1 2:e4 {H:1}{}"),
        // Pending exchanges, in the drop phase and at the opponent's move.
        std::make_pair("universal", "3Rk3/8/8/8/8/8/8/4K3 w - - 0 4 2:d8 xd8 {Q:1}{q}"),
        std::make_pair("universal", "3rk3/8/8/8/8/8/8/4K3 w - - 0 4 xd8:1 {Q:1}{q:1}"),
        // Hands, as Fairy-Stockfish writes them: in the variant's piece order, promoted pieces
        // marked (crazyhouse Q~, shogi +P).
        std::make_pair("crazyhouse", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"),
        std::make_pair("crazyhouse", "4k3/8/8/8/8/8/8/Q~3K2q~[QRRBNPPqn] b - - 0 40"),
        std::make_pair("shogi", "lnsgkgsnl/1r5b1/ppppppp1p/7p1/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL[] w - - 2 2"),
        std::make_pair("shogi", "4k4/9/+P+L+N+S+B+R3/9/9/9/+p+l+n+s+b+r3/9/4K4[GNLPSRBgnlpsrb] w - - 0 30"),
        std::make_pair("minishogi", "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"),
        // Kyoto shogi: faces on the board, what was taken in hand (Fairy-Stockfish's FEN after
        // position startpos moves e1e2+ a5a4+ e2e5- d5e4+ a1b2- e4b1-).
        std::make_pair("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
        std::make_pair("kyotoshogi", "1+nk1P/+p4/5/1L3/1sK+N1[Ls] w - - 0 4"),
        // Gating rights in the castling field (seirawan), as Fairy-Stockfish writes them.
        std::make_pair("seirawan", "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKBHR[Eh] b KQCDFkqbcdf - 3 2"),
        std::make_pair("seirawan", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] b ABCDkqcdf - 5 4"),
        std::make_pair("seirawan", "rebqkbhr/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQKEHR[] w KQkq - 4 4")));

// Gating (seirawan): the FEN after each move is Fairy-Stockfish's (npm fairy-stockfish-nnue.wasm,
// UCI_Variant seirawan, "position startpos moves ...", "d"); unmake restores position and key;
// Game Courier notation names the same moves.
TEST(Gating, MovesFensAndNotation) {
  struct Case {
    std::vector<const char*> moves;
    const char* after;
    const char* gc;  // the last move in Game Courier notation
  };
  const auto engine = engine_for("seirawan");
  for (const Case& c :
       {Case{{"g1f3h", "g8f6e", "b1c3"}, "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKBHR[Eh] b KQCDFkqbcdf - 3 2",
             "N b1-c3"},
        Case{{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1h"},
             "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Eeh] b ABCDkqcdf - 5 4", "K e1-g1; H-e1"},
        Case{{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "h1e1h"},
             "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] b ABCDkqcdf - 5 4", "K e1-g1; H-h1"},
        Case{{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "h1g1"},
             "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK1R1[EHeh] b QBCDkqcdf - 5 4", "R h1-g1"},
        Case{{"e2e4", "e7e5", "g1f3h", "b8c6e", "f1c4e", "g8f6h"},
             "rebqkbhr/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQKEHR[] w KQkq - 4 4", "n g8-f6; h-g8"}}) {
    Position pos(engine->variant());
    pos.set_start();
    const std::string start = pos.fen();
    const std::uint64_t start_key = pos.key();
    Move last{};
    for (const char* move : c.moves) {
      Position before = pos;
      last = parse_uci(pos, *engine, move);
      pos.make(last);
      EXPECT_EQ(to_uci(before, last), move);
    }
    EXPECT_EQ(pos.fen(), c.after);
    Position fresh(engine->variant());
    fresh.set_fen(c.after);
    EXPECT_EQ(pos.key(), fresh.key()) << c.after;
    pos.unmake();
    EXPECT_EQ(to_gc(pos, last), c.gc);
    std::size_t used = 0;
    const std::vector<std::string> parts = [&] {
      std::vector<std::string> out;
      std::string text = c.gc;
      for (std::size_t semi; (semi = text.find("; ")) != std::string::npos; text = text.substr(semi + 2))
        out.push_back(text.substr(0, semi));
      out.push_back(text);
      return out;
    }();
    EXPECT_EQ(parse_gc_ply(pos, *engine, parts, used), last) << c.gc;
    EXPECT_EQ(used, parts.size());
    for (std::size_t i = 1; i < c.moves.size(); ++i) pos.unmake();
    EXPECT_EQ(pos.fen(), start);
    EXPECT_EQ(pos.key(), start_key);
  }
}

TEST(Gating, NotationErrorsAndFenErrors) {
  const auto engine = engine_for("seirawan");
  Position pos(engine->variant());
  pos.set_start();
  EXPECT_THROW(play_gc_turn(pos, *engine, "P e2-e4; H-e2"), NotationError);  // no gating right on e2
  pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Hhe] w KQBCDFGkqbcdfg - 0 1");
  EXPECT_THROW(play_gc_turn(pos, *engine, "N g1-f3; E-g1"), NotationError);  // no Elephant in hand
  EXPECT_EQ(play_gc_turn(pos, *engine, "N g1-f3; H-g1"), 1);
  try {
    pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR[HEhe] w KQCkq - 0 1");
    FAIL() << "a gating right on an empty square was accepted";
  } catch (const FenError& e) {
    EXPECT_EQ(e.column, 55);
    EXPECT_NE(std::string(e.what()).find("no White piece on c1"), std::string::npos) << e.what();
  }
}

// A captured piece joins the captor's hand as its unpromoted type; unmake takes it back.
TEST(Hands, CapturesJoinTheHandUnpromoted) {
  struct Case {
    const char *key, *fen, *move, *after;
  };
  for (const Case& c : {Case{"crazyhouse", "4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1", "e1d1", "4k3/8/8/8/8/8/8/3K4[P] b - - 0 1"},
                        Case{"shogi", "4k4/9/9/9/9/9/9/4+p4/4K4[] w - - 0 1", "e1e2", "4k4/9/9/9/9/9/9/4K4/9[P] b - - 0 1"},
                        Case{"shogi", "4k4/9/9/9/9/9/9/9/4K4[P] w - - 3 1", "P@e5", "4k4/9/9/9/4P4/9/9/9/4K4[] b - - 0 1"},
                        // A drop resets the halfmove clock (Fairy-Stockfish: position ... moves e2e4 d7d5 e4d5 g8f6 P@e6).
                        Case{"crazyhouse", "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3", "P@e6",
                             "rnbqkb1r/ppp1pppp/4Pn2/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 3"}}) {
    expect_move(c.key, c.fen, c.move, c.after);
  }
}

// Extinction chess: the commoner (not royal) castles; its rights go as a King's would, and the
// FENs are Fairy-Stockfish's (its `d` after `position fen ... moves ...`). Shatranj's pawn (no
// double step) resets the halfmove clock as Fairy-Stockfish's does. Unmake restores all.
TEST(Position, CommonerCastlingAndPawnClockAsFairyStockfish) {
  struct Case {
    const char *key, *fen, *move, *after;
  };
  const char* castle = "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQkq - 0 1";
  for (const Case& c : {Case{"extinction", castle, "e1g1", "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R4RK1 b kq - 1 1"},
                        Case{"extinction", castle, "e1c1", "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/2KR3R b kq - 1 1"},
                        Case{"extinction", castle, "a1b1", "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/1R2K2R b Kkq - 1 1"},
                        Case{"extinction", castle, "e1f1", "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R4K1R b kq - 1 1"},
                        // The unmoved commoner taken (White keeps another): White's rights go.
                        Case{"extinction", "r3k2r/pbq1pppp/8/8/K7/3n4/PBQNP1PP/R3K2R b KQkq - 0 1", "d3e1",
                             "r3k2r/pbq1pppp/8/8/K7/8/PBQNP1PP/R3n2R w kq - 0 2"},
                        Case{"shatranj", "rnbkqb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBKQB1R w - - 2 2", "e2e3",
                             "rnbkqb1r/pppppppp/5n2/8/8/4PN2/PPPP1PPP/RNBKQB1R b - - 0 2"}}) {
    expect_move(c.key, c.fen, c.move, c.after);
  }
  // Castling rights need the commoner on its first rank.
  const auto engine = engine_for("extinction");
  Position pos(engine->variant());
  try {
    pos.set_fen("r3k2r/pbqnpppp/8/8/8/4K3/PBQNPPPP/R6R w KQkq - 0 1");
    FAIL() << "castling rights without a commoner on the first rank were accepted";
  } catch (const FenError& e) {
    EXPECT_EQ(e.column, 41);
    EXPECT_NE(std::string(e.what()).find("but no commoner on its first rank"), std::string::npos) << e.what();
  }
}

// Placement: drops of a King and Rooks on e1, a1 and h1 give castling rights, written as
// Fairy-Stockfish writes them (its `d` after `position ... moves ...`); unmake takes them back.
TEST(Hands, PlacementDropsGiveCastlingRights) {
  struct Case {
    const char *fen, *moves, *after;
  };
  for (const Case& c : {Case{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 1", "R@h1",
                             "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[] b K - 0 1"},
                        Case{"4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1", "K@e1",
                             "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b KQ - 0 1"},
                        Case{"4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1", "K@d1",
                             "4k3/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[] b - - 0 1"},
                        Case{"start", "R@a1 K@e8 K@e1",
                             "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrrbbnn] b Q - 0 2"}}) {
    const auto engine = engine_for("placement");
    Position pos(engine->variant());
    if (std::string(c.fen) == "start") pos.set_start();
    else pos.set_fen(c.fen);
    const std::string before = pos.fen();
    const std::uint64_t key_before = pos.key();
    std::istringstream moves(c.moves);
    int made = 0;
    for (std::string m; moves >> m; ++made) pos.make(parse_uci(pos, *engine, m));
    EXPECT_EQ(pos.fen(), c.after) << c.fen << " " << c.moves;
    Position fresh(engine->variant());
    fresh.set_fen(pos.fen());
    EXPECT_EQ(pos.key(), fresh.key()) << c.after;
    while (made--) pos.unmake();
    EXPECT_EQ(pos.fen(), before);
    EXPECT_EQ(pos.key(), key_before);
  }
}

// Placement: while a piece in hand can be dropped, every move is a drop; the second Bishop goes
// on the other colour, and no other drop may take the last square it could go to.
TEST(Hands, PlacementDropsFirstAndBishopsOnBothColours) {
  const auto engine = engine_for("placement");
  Position pos(engine->variant());
  const auto legal = [&](const char* fen) {
    pos.set_fen(fen);
    MoveList list;
    engine->legal_moves(pos, list);
    std::set<std::string> out;
    for (const Move& m : list) out.insert(to_uci(pos, m));
    return out;
  };
  const auto start = legal("8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1");
  EXPECT_EQ(start.size(), 40u);
  for (const std::string& m : start) EXPECT_NE(m.find('@'), std::string::npos) << m;
  // c1 is dark: the second Bishop only on the light squares b1, d1, f1, h1.
  const auto bishops = legal("8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1");
  for (const char* m : {"B@b1", "B@d1", "B@f1", "B@h1"}) EXPECT_TRUE(bishops.count(m)) << m;
  for (const char* m : {"B@a1", "B@e1", "B@g1"}) EXPECT_FALSE(bishops.count(m)) << m;
  // f1 is the last light square (g1 dark): only the Bishop may go there.
  const auto last = legal("8/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[NBkqrrbbnn] w KQ - 0 1");
  EXPECT_EQ(last, (std::set<std::string>{"B@f1", "N@g1"}));
  // No square left for the Knight in hand: the pieces move.
  const auto full = legal("4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQ - 0 1");
  EXPECT_TRUE(full.count("e2e4"));
  EXPECT_TRUE(full.count("g1f3"));
}

// A royal piece is never captured: a FEN that puts one in a hand beside another of its side, on
// the board or in the hand, is an error at its letter (dropping it would give a side a second royal
// piece; the fuzzer's minishogi find). Before it is first placed (placement) it may be there.
// FEN errors in variants with hands: a royal piece in a hand beside another royal piece; a hand
// with no board before it (the error points at the bracket, column 1: the fuzzer's find was
// column 0); a hand not closed (at the board field's last character).
TEST(Hands, FenErrorsPointAtTheirColumn) {
  struct Case {
    const char *key, *fen;
    int column;
    const char* says;
  };
  for (const Case& c : {Case{"minishogi", "k4/5/5/5/4K[KPRBgpssrb] w - - 0 1", 13, "royal piece"},
                        Case{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[Pk] w - - 0 1", 22, "royal piece"},
                        Case{"shogi", "4k4/9/9/9/9/9/9/9/4K4[K] w - - 0 1", 23, "royal piece"},
                        Case{"placement", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QK] w - - 0 1", 36, "royal piece"},
                        Case{"placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQKkq] w - - 0 1", 33, "royal piece"},
                        Case{"minishogi", "[RGS] w - - 0 1", 1, "expected 5 ranks of 5"},
                        Case{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[Pp w - - 0 1", 22, "the hand must end with ']'"}}) {
    const auto engine = engine_for(c.key);
    Position pos(engine->variant());
    try {
      pos.set_fen(c.fen);
      ADD_FAILURE() << c.key << " accepted " << c.fen;
    } catch (const FenError& e) {
      EXPECT_EQ(e.column, c.column) << c.fen << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
  }
}

TEST(Fen, SquareNamesAboveRankNine) {
  const auto engine = engine_for("grand");
  Position pos(engine->variant());
  const Geometry& g = engine->variant().geo;
  EXPECT_EQ(g.name(g.square(0, 9)), "a10");
  EXPECT_EQ(g.parse("j10").first, g.square(9, 9));
  EXPECT_EQ(g.parse("a11").second, 0) << "no rank 11 on a 10-rank board";
  EXPECT_EQ(g.parse("k1").second, 0);
  EXPECT_EQ(g.parse("a0").second, 0);
}

struct FenErrorCase {
  const char* fen;
  int column;
  const char* says;
};

class FenErrors : public ::testing::TestWithParam<FenErrorCase> {};

TEST_P(FenErrors, ColumnAndMessage) {
  const auto& c = GetParam();
  const auto engine = engine_for("chess");
  Position pos(engine->variant());
  try {
    pos.set_fen(c.fen);
    FAIL() << "accepted: " << c.fen;
  } catch (const FenError& e) {
    EXPECT_EQ(e.column, c.column) << c.fen << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, FenErrors,
    ::testing::Values(FenErrorCase{"", 1, "empty FEN"},
                      FenErrorCase{"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 14, "unknown piece letter 'X'"},
                      FenErrorCase{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 18, "too long"},
                      FenErrorCase{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 17, "rank 7 has 7 squares"},
                      FenErrorCase{"8/8/8/8/8/8/8/8/8 w - - 0 1", 16, "too many ranks"},
                      FenErrorCase{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 19,
                                   "empty run of 9 does not fit rank 6 (8 squares left)"},
                      FenErrorCase{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1", 34,
                                   "board has 7 ranks, the last with 8 squares; expected 8 ranks of 8"},
                      FenErrorCase{"rnbqkbnr/pppp+Pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 14, "unknown piece '+P' in chess"},
                      FenErrorCase{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w - - 0 1", 44, "unknown piece letter '['"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", 21, "side to move"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 w Z - 0 1", 23, "bad castling field character 'Z'"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", 23, "no partner on that side"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", 25, "bad en-passant square"},
                      FenErrorCase{"4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", 27, "not empty"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", 25, "no piece that could have passed"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 w - - x 1", 27, "bad halfmove clock"},
                      FenErrorCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 1 2 3 4", 37, "too many FEN fields"},
                      FenErrorCase{"4kk2/8/8/8/8/8/8/4K3 w - - 0 1", 1, "more than one royal"},
                      FenErrorCase{"3Rk3/8/8/8/8/8/8/4K3 b - - 0 1 xd8", 32, "no exchanges"}));

// The pending exchange field, in a variant with drops.
TEST(Fen, PendingExchangeErrors) {
  const auto engine = engine_for("universal");
  Position pos(engine->variant());
  const std::pair<const char*, const char*> bad[] = {
      {"3Rk3/8/8/8/8/8/8/4K3 b - - 0 1 xd9 {}{}", "must look like xd8"},
      {"3Rk3/8/8/8/8/8/8/4K3 b - - 0 1 xd8:2 {}{}", "must look like xd8"},
      {"3Rk3/8/8/8/8/8/8/4K3 b - - 0 1 xe8 {}{}", "holds no piece (other than a pawn) of White"},
      {"3Rk3/8/8/8/8/8/8/4K3 w - - 0 1 xd8 {}{}", "of Black, who moved last"},
      {"3Pk3/8/8/8/8/8/8/4K3 b - - 0 1 xd8 {}{}", "other than a pawn"},
      {"3Rk3/8/8/8/8/8/8/4K3 b - - 0 1 {}{} xd8", "unexpected FEN field 'xd8'"},
  };
  for (const auto& [fen, says] : bad) {
    try {
      pos.set_fen(fen);
      ADD_FAILURE() << "accepted: " << fen;
    } catch (const FenError& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << fen << ": " << e.what();
    }
  }
}

// Every legal move, made and unmade, restores the position and its key; the key after a move
// equals the key of the same position read afresh from its FEN.
void check_round_trips(const char* key, const std::string& fen, int depth) {
  const auto engine = engine_for(key);
  Position pos(engine->variant());
  pos.set_fen(fen);
  const std::string before = pos.fen();
  const std::uint64_t key_before = pos.key();
  MoveList moves;
  engine->legal_moves(pos, moves);
  ASSERT_GT(moves.size, 0) << fen;
  for (const Move& m : moves) {
    pos.make(m);
    Position fresh(engine->variant());
    fresh.set_fen(pos.fen());
    EXPECT_EQ(pos.key(), fresh.key()) << key << " " << fen << " after " << to_uci(pos, m) << " -> " << pos.fen();
    if (depth > 1) check_round_trips(key, pos.fen(), depth - 1);
    pos.unmake();
    EXPECT_EQ(pos.fen(), before) << "after unmaking " << to_uci(pos, m);
    EXPECT_EQ(pos.key(), key_before);
  }
}

TEST(MakeUnmake, Chess) {
  check_round_trips("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 2);
  check_round_trips("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2);
  check_round_trips("chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 1);
}
TEST(MakeUnmake, Grand) { check_round_trips("grand", "4k4r/P9/1P8/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1", 2); }
TEST(MakeUnmake, Sandbox) {
  check_round_trips("sandbox", "r4k3r/1nqvljvqn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NQVLJVQN1/R4K3R w KQkq - 0 1", 1);
  check_round_trips("sandbox", "9k/10/10/10/10/4pp4/4L5/10/10/K9 w - - 0 1", 2);
}
TEST(MakeUnmake, ExtraMoveAndUniversal) {
  check_round_trips("extramove", "r3k2r/8/8/8/8/P7/8/R3K2R w KQkq - 0 5 2:a3", 2);
  check_round_trips("universal", "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}", 2);
}

TEST(Moves, CastlingMovesTheRook) {
  const auto engine = engine_for("capablanca");
  Position pos(engine->variant());
  pos.set_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  MoveList moves;
  engine->legal_moves(pos, moves);
  std::set<std::string> seen;
  for (const Move& m : moves) {
    if (m.kind != MoveKind::Castling) continue;
    seen.insert(to_uci(pos, m));
    pos.make(m);
    const std::string fen = pos.fen();
    pos.unmake();
    const std::string first_rank = fen.substr(fen.rfind('/') + 1, fen.find(' ') - fen.rfind('/') - 1);
    if (to_uci(pos, m) == "f1i1") { EXPECT_EQ(first_rank, "R6RK1"); }
    if (to_uci(pos, m) == "f1c1") { EXPECT_EQ(first_rank, "2KR5R"); }
  }
  EXPECT_EQ(seen, (std::set<std::string>{"f1i1", "f1c1"}));
}

TEST(Moves, EnPassantRemovesThePawn) {
  const auto engine = engine_for("chess");
  Position pos(engine->variant());
  pos.set_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  pos.make(parse_uci(pos, *engine, "e2e4"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1") << "e3 is usable: the d4 pawn can take";
  pos.make(parse_uci(pos, *engine, "d4e3"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

// An Obento pawn's 3-step passes two squares; the FEN names only those an enemy could take on.
// When that is the nearer one alone, the pawn stands two squares beyond it, not one.
TEST(Moves, EnPassantOnTheNearerPassedSquareOnly) {
  const auto engine = engine_for("obento");
  Position pos(engine->variant());
  pos.set_fen("11k/12/12/12/12/12/12/3p8/12/2P9/12/K11 w - - 0 1");
  pos.make(parse_uci(pos, *engine, "c3c6"));
  const std::string fen = pos.fen();
  EXPECT_EQ(fen, "11k/12/12/12/12/12/2P9/3p8/12/12/12/K11 b - c4 0 1") << "only d5 can take e.p., on c4";
  Position back(engine->variant());
  back.set_fen(fen);
  EXPECT_EQ(back.fen(), fen);
  for (Position* p : {&pos, &back}) {
    p->make(parse_uci(*p, *engine, "d5c4"));
    EXPECT_EQ(p->fen(), "11k/12/12/12/12/12/12/12/2p9/12/12/K11 w - - 0 2") << "the pawn on c6 is taken";
  }
}

// Two swapping piece types: the Knight c2 (NudQ) and the Swapper c4 (WudR) can each start the
// same swap, which is one move whichever partner starts it; either one's notation names it.
TEST(Moves, MutualSwapIsOneMove) {
  const auto file = fairygen::spec::load_string(R"(pieces:
  king: {letter: K, betza: K, royal: true}
  knight: {letter: N, betza: NudQ}
  swapper: {letter: S, betza: WudR}
variants:
  swaps:
    board: {files: 5, ranks: 5}
    pieces: [king, knight, swapper]
    start: 4k/2S2/5/2N2/K4 w - - 0 1
)", "swaps.yaml");
  const InterpretedEngine engine(fairygen::model::build(file, file.variants[0]).info);
  EXPECT_TRUE(engine.variant().mutual_swaps);
  Position pos(engine.variant());
  pos.set_start();
  // Hand count: king a2 b1 b2 (3); knight a3 b4 d4 e3 e1 (a1 is its king) and the swap (6);
  // swapper c5 b4 d4 c3 (4) and the same swap again, not counted; total 13.
  EXPECT_EQ(engine.perft(pos, 1), 13u);
  for (const char* swap : {"N c2-c4", "S c4-c2; N-c4"}) {
    play_gc_turn(pos, engine, swap);
    EXPECT_EQ(pos.fen(), "4k/2N2/5/2S2/K4 b - - 1 1") << swap;
    pos.unmake();
  }
  // A generated module does the same; with one swapping type (Sandbox) it needs no such pass.
  const fairygen::emit::Options options{FAIRY_SOURCE_DIR "/templates", "swaps.yaml"};
  const auto uses_filter = [&options](const fairygen::model::Variant& v) {
    std::string all;
    for (const auto& o : fairygen::emit::variant_module(v, options)) all += o.content;
    return all.find(".swap_repeats = true") != std::string::npos;
  };
  EXPECT_TRUE(uses_filter(fairygen::model::build(file, file.variants[0])));
  const auto catalogue = fairygen::spec::load(FAIRY_SPEC_PATH);
  EXPECT_FALSE(uses_filter(fairygen::model::build(catalogue, *catalogue.find_variant("sandbox"))));
}

TEST(Moves, GrandPromotesOnlyToLostPieces) {
  const auto engine = engine_for("grand");
  Position pos(engine->variant());
  // White has lost one rook and nothing else: a9-a10 must become a rook.
  pos.set_fen("4k4r/P9/10/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1");
  MoveList moves;
  engine->legal_moves(pos, moves);
  std::set<std::string> a9;
  for (const Move& m : moves)
    if (to_uci(pos, m).rfind("a9", 0) == 0) a9.insert(to_uci(pos, m));
  EXPECT_EQ(a9, (std::set<std::string>{"a9a10r"}));
  // With both rooks on the board, nothing was lost: the pawn cannot enter the last rank.
  pos.set_fen("4k4r/P9/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1");
  engine->legal_moves(pos, moves);
  for (const Move& m : moves) EXPECT_NE(to_uci(pos, m).substr(0, 2), "a9");
}

// A friend pushed into a capture (XBetza x, then a leg that may capture) makes an induced move:
// it names its inducer, is listed once however many pieces could push, never promotes, and
// counts as an attack.
TEST(Moves, InducedCaptureIsInducedOnceAndNeverPromotes) {
  const auto file = fairygen::spec::load_string(R"(
pieces:
  king: {letter: K, betza: K, royal: true}
  pusher: {letter: X, betza: xaK}
  pawn: {letter: P, betza: fmW}
variants:
  push:
    board: {files: 5, ranks: 5}
    pieces: [king, pusher, pawn]
    start: "k4/5/5/5/4K w - - 0 1"
    promotion: {pieces: [pawn], zone: 1, to: [pusher]}
)", "push.yaml");
  const InterpretedEngine engine(fairygen::model::build(file, file.variants[0]).info);
  Position pos(engine.variant());
  pos.set_fen("k1p2/2P2/1X1X1/5/4K w - - 0 1");  // both pushers touch the c4 pawn; an enemy on c5
  const Square c4 = pos.geo().square(2, 3), c5 = pos.geo().square(2, 4);
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::vector<Move> to_c5;
  for (const Move& m : moves)
    if (m.from == c4 && m.to == c5) to_c5.push_back(m);
  ASSERT_EQ(to_c5.size(), 1u);
  EXPECT_EQ(to_c5[0].kind, MoveKind::Induced);
  EXPECT_EQ(to_c5[0].promo, 0);
  EXPECT_TRUE(to_c5[0].aux1 == pos.geo().square(1, 2) || to_c5[0].aux1 == pos.geo().square(3, 2));
  EXPECT_EQ(to_gc(pos, to_c5[0]).rfind("P c4-c5; by ", 0), 0u) << to_gc(pos, to_c5[0]);
  EXPECT_TRUE(engine.attacked(pos, c5, White));
}

// Position::present(c) has bit t exactly while count(c, t) > 0, along games with captures,
// promotions and drops (universal, crazyhouse, atomic's explosions), moves made and taken back.
TEST(Position, PresentTypesFollowTheCounts) {
  for (const char* key : {"universal", "crazyhouse", "atomic", "shogi"}) {
    const auto engine = engine_for(key);
    Position pos(engine->variant());
    pos.set_start();
    const int types = int(engine->variant().pieces.size());
    const auto expect_present = [&](const char* when) {
      for (Color c : {White, Black})
        for (int t = 0; t < types; ++t)
          ASSERT_EQ((pos.present(c) >> t & 1) != 0, pos.count(c, t) > 0) << key << " " << when << " " << pos.fen();
    };
    expect_present("at the start");
    std::uint64_t seed = 12345;
    int made = 0;
    for (; made < 120; ++made) {
      MoveList moves;
      engine->legal_moves(pos, moves);
      if (moves.size == 0) break;
      // Captures first when there are any, so that types leave the board.
      int pick = -1;
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      for (int i = 0; i < moves.size && pick < 0; ++i)
        if (is_capture(pos, moves.moves[i]) && (seed >> 40) % 2 == 0) pick = i;
      if (pick < 0) pick = int((seed >> 33) % std::uint64_t(moves.size));
      pos.make(moves.moves[pick]);
      expect_present("after a move");
    }
    for (; made > 0; --made) {
      pos.unmake();
      expect_present("after taking a move back");
    }
  }
}

// The generated module's model is the one the interpreter builds from variants.yaml: the module
// states it as one constexpr record (kVariant: generator/emit/rule_data.cpp), its pieces a table
// (kPieces: generator/emit/piece_table.cpp), and runtime/variant_data.cpp's model_of makes the
// model of it.
TEST(Model, CompiledEqualsInterpreted) {
  const std::vector<fairygen::model::Variant> lowered = fairygen::model::build_all(fairygen::spec::load(FAIRY_SPEC_PATH));
  ASSERT_EQ(compiled_variants().size(), lowered.size());
  for (const auto& v : compiled_variants()) {
    const VariantInfo& compiled = v.info();
    const auto it = std::find_if(lowered.begin(), lowered.end(), [&](const auto& l) { return l.info.key == v.key; });
    ASSERT_NE(it, lowered.end()) << v.key;
    const VariantInfo& loaded = it->info;
    EXPECT_EQ(compiled.geo.files, loaded.geo.files) << v.key;
    EXPECT_EQ(compiled.geo.ranks, loaded.geo.ranks) << v.key;
    EXPECT_EQ(compiled.start_fen, loaded.start_fen) << v.key;
    EXPECT_EQ(compiled.pieces, loaded.pieces) << v.key;
    EXPECT_EQ(compiled.castling, loaded.castling) << v.key;
    EXPECT_EQ(compiled.promotions, loaded.promotions) << v.key;
    EXPECT_EQ(compiled.turn, loaded.turn) << v.key;
    EXPECT_EQ(compiled.drops, loaded.drops) << v.key;
    EXPECT_EQ(compiled.hands, loaded.hands) << v.key;
    EXPECT_EQ(compiled.ends, loaded.ends) << v.key;
    EXPECT_EQ(compiled.explosions, loaded.explosions) << v.key;
    EXPECT_EQ(compiled.must_capture, loaded.must_capture) << v.key;
    EXPECT_EQ(compiled.checks_allowed, loaded.checks_allowed) << v.key;
    EXPECT_EQ(compiled.ep_ranks, loaded.ep_ranks) << v.key;
    EXPECT_EQ(compiled.flying_general, loaded.flying_general) << v.key;
    EXPECT_EQ(compiled.pass, loaded.pass) << v.key;
    EXPECT_EQ(compiled.brouhaha, loaded.brouhaha) << v.key;
    EXPECT_EQ(compiled.first_moves, loaded.first_moves) << v.key;
  }
}

}  // namespace
