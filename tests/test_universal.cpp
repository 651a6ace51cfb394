// Universal Chess rules played out move by move: drop credits from exchanges, drops, promotion
// from the end of the reserve, the empty reserve, random setups, and the Sissa and Rose.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/setup.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

class Universal : public ::testing::Test {
 protected:
  std::unique_ptr<Engine> engine = find_compiled("universal")->engine();
  Position pos{engine->variant()};

  std::set<std::string> legal() {
    MoveList list;
    engine->legal_moves(pos, list);
    std::set<std::string> out;
    for (const Move& m : list) out.insert(to_uci(pos, m));
    return out;
  }
  // Plays a legal move given in coordinates; throws (failing the test) if it is not legal.
  void play(const std::string& uci) { pos.make(parse_uci(pos, *engine, uci)); }
  // Plays the moves from fen; returns the credits then held, White's and Black's.
  std::pair<int, int> credits_after(const std::string& fen, std::initializer_list<const char*> moves) {
    pos.set_fen(fen);
    for (const char* m : moves) play(m);
    return {pos.credits(White), pos.credits(Black)};
  }
  // The squares the piece on `from` may move to.
  std::set<std::string> targets(const std::string& from) {
    std::set<std::string> out;
    for (const std::string& m : legal())
      if (m.rfind(from, 0) == 0 && m.find('@') == std::string::npos) out.insert(m.substr(from.size()));
    return out;
  }
};

// Rook for rook: White Rxd8, Black Rxd8. Each side lost a rook in an exchange: one credit each.
TEST_F(Universal, ExchangeEarnsBothSidesACredit) {
  pos.set_fen("r2rk3/8/8/8/8/8/8/3RK3 w - - 0 1 {QN}{qn}");
  play("d1d8");
  EXPECT_EQ(pos.credits(White), 0);
  play("a8d8");
  EXPECT_EQ(pos.credits(White), 1);
  EXPECT_EQ(pos.credits(Black), 1);
  // Black may now drop its next reserve piece (the queen) on an empty first-rank square.
  EXPECT_EQ(pos.phase(), 1);
  const auto moves = legal();
  EXPECT_TRUE(moves.count("Q@a8"));
  EXPECT_TRUE(moves.count("Q@b8"));
  EXPECT_FALSE(moves.count("N@b8")) << "drops come in reserve order";
  EXPECT_TRUE(moves.count("pass"));
}

// White takes a rook that nobody takes back: an absolute loss, no credit.
TEST_F(Universal, LossNotRecapturedEarnsNothing) {
  pos.set_fen("3rk3/8/8/8/8/8/8/3RK3 w - - 0 1 {Q}{q}");
  play("d1d8");
  play("e8e7");  // the king steps away instead of... it cannot recapture: d8 is defended? no
  EXPECT_EQ(pos.credits(White), 0);
  EXPECT_EQ(pos.credits(Black), 0);
}

// A piece exchanged for a pawn earns nothing: Rxd7 (a pawn), ...Kxd7. Nor does a capture made
// by a pawn start an exchange (ruling, second round): bxc3 (a knight), ...Rxc3.
TEST_F(Universal, NoExchangeWithAPawn) {
  EXPECT_EQ(credits_after("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1 {Q}{q}", {"d1d7", "e8d7"}), std::make_pair(0, 0));
  EXPECT_EQ(credits_after("2r1k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1 {Q}{q}", {"b2c3", "c8c3"}), std::make_pair(0, 0));
}

// A chain A x B, C x A, D x C: a credit for every non-pawn piece lost, once each.
TEST_F(Universal, ChainOfRecapturesCreditsEachLossOnce) {
  pos.set_fen("r2rk3/8/8/8/8/8/3R4/3RK3 w - - 0 1 {QN}{qn}");
  play("d2d8");  // R x r
  play("a8d8");  // r x R: White +1, Black +1
  play("pass");  // Black does not use its credit now
  play("d1d8");  // R x r: Black +1 (its rook had just captured); the first white rook already counted
  EXPECT_EQ(pos.credits(White), 1);
  EXPECT_EQ(pos.credits(Black), 2);
}

// A capture made by a pawn starts no exchange, promoting or not (ruling, second round): the
// promoted piece taken back at once earns neither side a credit.
TEST_F(Universal, PromotedPawnRecapturedCreditsNobody) {
  EXPECT_EQ(credits_after("nk6/1P6/8/8/8/8/8/7K w - - 0 1 {N}{q}", {"b7a8n", "b8a8"}), std::make_pair(0, 0));
  EXPECT_EQ(pos.side_to_move(), White) << "no credit, so no drop phase for Black";
  pos.unmake();
  EXPECT_EQ(pos.exchange_square(), kNoSquare) << "after b7xa8=N";
}

// The pending exchange is part of the position: its FEN field reads back, and a recapture in
// the position read back earns the same credits as in the game (one each, then a chain).
TEST_F(Universal, PendingExchangeSurvivesTheFen) {
  pos.set_fen("r2rk3/8/8/8/8/8/3R4/3RK3 w - - 0 1 {QN}{qn}");
  play("d2d8");
  EXPECT_EQ(pos.fen(), "r2Rk3/8/8/8/8/8/8/3RK3 b - - 0 1 xd8 {QN}{qn}");
  pos.set_fen(pos.fen());
  play("a8d8");
  EXPECT_EQ(pos.credits(White), 1);
  EXPECT_EQ(pos.credits(Black), 1);
  play("pass");
  EXPECT_EQ(pos.fen(), "3rk3/8/8/8/8/8/8/3RK3 w - - 0 2 xd8:1 {QN:1}{qn:1}") << "what the rook took was credited";
  pos.set_fen(pos.fen());
  play("d1d8");
  EXPECT_EQ(pos.credits(White), 1) << "the white rook on d8 earned its credit already";
  EXPECT_EQ(pos.credits(Black), 2);
}

// The e.p. right from a double step survives the mover's own drop or pass (ruling, second
// round), and the FEN written between the two reads back.
TEST_F(Universal, EnPassantSurvivesDropAndPass) {
  for (const char* second : {"H@b1", "pass"}) {
    pos.set_fen("k7/8/8/8/3p4/8/4P3/K7 w - - 0 1 {H:1}{}");
    play("e2e4");
    const std::string mid = pos.fen();
    EXPECT_EQ(mid, "k7/8/8/8/3pP3/8/8/K7 w - e3 0 1 2:e4 {H:1}{}");
    EXPECT_FALSE(legal().count("d4e3")) << "White's own drop phase";
    Position back(engine->variant());
    back.set_fen(mid);
    EXPECT_EQ(back.fen(), mid);
    EXPECT_EQ(back.key(), pos.key());
    play(second);
    EXPECT_TRUE(legal().count("d4e3")) << "after " << second;
    play("d4e3");
    EXPECT_EQ(pos.at(pos.geo().parse("e4").first), kEmpty) << "the e4 pawn is taken e.p.";
  }
}

// A drop uses a credit and the front of the reserve, and ends the turn.
TEST_F(Universal, DropUsesCreditAndReserveFront) {
  pos.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 9 2:e1 {QN:1}{q}");
  play("Q@a1");
  EXPECT_EQ(pos.credits(White), 0);
  EXPECT_EQ(pos.reserve_size(White), 1);
  EXPECT_EQ(pos.reserve_front(White), pos.variant().type_of_letter('N'));
  EXPECT_EQ(pos.side_to_move(), Black);
  pos.unmake();
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 9 2:e1 {QN:1}{q}");
}

// Promotion takes the last reserve piece; with an empty reserve the pawn cannot promote.
TEST_F(Universal, PromotionTakesTheLastReservePiece) {
  pos.set_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1 {HSJ}{}");
  const auto moves = legal();
  EXPECT_TRUE(moves.count("a7a8j")) << "J is last in the reserve";
  EXPECT_FALSE(moves.count("a7a8h"));
  EXPECT_FALSE(moves.count("a7a8"));
  play("a7a8j");
  EXPECT_EQ(pos.reserve_size(White), 2);
  EXPECT_EQ(pos.reserve_back(White), pos.variant().type_of_letter('S'));
}

TEST_F(Universal, EmptyReserveBarsTheLastRank) {
  pos.set_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1 {}{}");
  EXPECT_TRUE(targets("a7").empty());
}

// Sissa on d4, open board: n squares as a rook then n as a bishop (any of four diagonals) or
// the reverse. By hand: R1 then B1 reaches the 8 knight squares and, via a 1-step rook move
// and a diagonal step back, the 4 diagonal neighbours (c3 via d3 or c4, ...) and 4 orthogonal
// squares two away (b4 via c4-b5? no: c4 then b3/b5/d3/d5); see the list below.
TEST_F(Universal, SissaOpenBoard) {
  pos.set_fen("7k/8/8/8/3S4/8/8/K7 w - - 0 1 {}{}");
  // Hand-derived: rook legs of n = 1..3 in 4 directions, then n bishop steps in 4 diagonals,
  // and the reverse; every square passed empty, the board's edge the only limit.
  std::set<std::string> want;
  const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, diags[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  const auto on = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
  for (int n = 1; n < 8; ++n)
    for (auto d : dirs)
      for (auto e : diags)
        for (bool rook_first : {true, false}) {
          const auto a = rook_first ? d : e, b = rook_first ? e : d;
          int f = 3, r = 3;
          bool ok = true;
          for (int k = 0; k < n && ok; ++k) f += a[0], r += a[1], ok = on(f, r) && !(f == 0 && r == 0) && !(f == 7 && r == 7);
          for (int k = 0; k < n && ok; ++k) f += b[0], r += b[1], ok = on(f, r) && !(f == 7 && r == 7) && (!(f == 0 && r == 0) || k == n - 1);
          if (ok && !(f == 3 && r == 3) && !(f == 0 && r == 0)) want.insert(std::string(1, char('a' + f)) + std::to_string(r + 1));
        }
  EXPECT_EQ(targets("d4"), want);
  EXPECT_TRUE(want.count("c6")) << "R1 up then B1 up-left";
  EXPECT_TRUE(want.count("d6")) << "R1 left then B1 up-right... via c5: n=1 gives (1,2)-type squares";
}

// Sissa crowded: black pawns on c4 and c5, its own pawn on d5. b5 (two left, one up) is reached
// only through c4 (rook step left) or c5 (bishop step up-left): both occupied, so not at all.
// c4 itself is taken after d3 (rook step down) and a bishop step up-left; d5 never.
TEST_F(Universal, SissaCrowdedBoard) {
  pos.set_fen("7k/8/8/2pP4/2pS4/8/8/K7 w - - 0 1 {}{}");
  const auto t = targets("d4");
  EXPECT_FALSE(t.count("b5"));
  EXPECT_TRUE(t.count("c4"));
  EXPECT_FALSE(t.count("d5"));
  EXPECT_TRUE(t.count("e6")) << "through e5 (bishop step) then a rook step up";
  pos.set_fen("7k/8/8/8/3S4/8/8/K7 w - - 0 1 {}{}");
  EXPECT_TRUE(targets("d4").count("b5")) << "on the open board b5 is reached";
}

// The Rose from d4: the knight squares, and two leaps around the octagon either way, e.g.
// e6 then (2,1) to g7, or e6 then (-1,2) to d8.
TEST_F(Universal, RoseOpenAndCrowded) {
  pos.set_fen("7k/8/8/8/3J4/8/8/K7 w - - 0 1 {}{}");
  const auto open = targets("d4");
  for (const char* s : {"c6", "e6", "b5", "f5", "b3", "f3", "c2", "e2", "g7", "d8"}) EXPECT_TRUE(open.count(s)) << s;
  // A friend on e6 closes that leap, but d8 is still reached through c6 turning the other way.
  pos.set_fen("7k/8/4P3/8/3J4/8/8/K7 w - - 0 1 {}{}");
  const auto crowded = targets("d4");
  EXPECT_FALSE(crowded.count("e6"));
  EXPECT_TRUE(crowded.count("d8"));
}

TEST(UniversalSetup, SameSeedSameSetupAndRulesHold) {
  const auto engine = find_compiled("universal")->engine();
  const DealtSetup a = deal_setup(*engine, 7), b = deal_setup(*engine, 7), c = deal_setup(*engine, 8);
  EXPECT_EQ(a.fen, b.fen);
  EXPECT_NE(a.fen, c.fen);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DealtSetup s = deal_setup(*engine, seed);
    Position pos(engine->variant());
    pos.set_fen(s.fen);
    const VariantInfo& v = engine->variant();
    for (Color col : {White, Black}) {
      EXPECT_EQ(pos.reserve_size(col), 16);
      // One of each non-pawn type, the king on the first rank.
      for (int t = 0; t < int(v.pieces.size()); ++t) {
        if (t == v.drops.pawn) continue;
        int on_reserve = 0;
        for (int i = 0; i < pos.reserve_size(col); ++i) on_reserve += pos.reserve_at(col, i) == t;
        EXPECT_EQ(pos.count(col, t) + on_reserve, 1) << v.pieces[t].name << " seed " << seed;
      }
      EXPECT_EQ(pos.count(col, v.drops.pawn), 8);
      EXPECT_EQ(v.geo.relative_rank(pos.royal(col), col), 0);
    }
    EXPECT_EQ(pregame_objection(pos, *engine), "") << s.fen;
  }
}

TEST(UniversalSetup, PregameRuleSeesMateInOne) {
  const auto engine = find_compiled("universal")->engine();
  Position pos(engine->variant());
  // The dealt-again setup of seed 3: the Dancing Horse mates at once from d4.
  pos.set_fen("fqsknjyl/pppppppp/8/8/8/8/PPPPPPPP/SLMKNWTG w - - 0 1 {YUAFHQZEVDXCRIOJ}{vxhgrteomzawucid}");
  EXPECT_NE(pregame_objection(pos, *engine).find("mate"), std::string::npos);
  pos.set_fen("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {}{}");
  EXPECT_NE(pregame_objection(pos, *engine).find("undefended pawn"), std::string::npos);
}

}  // namespace
