// Pieces that turn over after every move (turn_over:) and drops on either face
// (hands: {drop_promoted: true}), Kyoto shogi: spec errors at line:column, the model, and the
// rules as properties along random games in the generated module and the interpreter alike, with
// the moves as Fairy-Stockfish writes them (a1a2+, a1a2-, +L@c3) and in Game Courier notation.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/engine.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/effort.hpp"
#include "tests/spec_error.hpp"

namespace {

using namespace fairy;

// A small variant with two pieces that turn over, and a Gold that does not.
const std::string kFlip = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  lance: {letter: L, betza: fR}
  gold_lance: {letter: +L, betza: WfF}
  gold: {letter: G, betza: WfF}
  silver: {letter: S, betza: FfW}
  bishop_face: {letter: +S, betza: B}
variants:
  flip:
    board: {files: 5, ranks: 5}
    pieces: [king, lance, gold_lance, gold, silver, bishop_face]
    start: k4/5/5/5/L3K[] w - - 0 1
    turn_over: {lance: gold_lance, silver: bishop_face}
    hands: {drop_promoted: true}
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// "v.yaml:line:column" of the first `token` after `after` in `text`.
std::string where(const std::string& text, const std::string& after, const std::string& token) {
  const auto at = text.find(token, text.find(after));
  EXPECT_NE(at, std::string::npos) << token;
  const auto line_start = text.rfind('\n', at);
  const int line = int(std::count(text.begin(), text.begin() + long(at), '\n')) + 1;
  const int column = int(at - (line_start == std::string::npos ? 0 : line_start + 1)) + 1;
  return "v.yaml:" + std::to_string(line) + ":" + std::to_string(column);
}

struct TurnOverError {
  const char* name;
  const char* from;
  const char* to;
  const char* token;  // where the error points: the first such text in the changed line
  const char* says;
};

class TurnOverErrors : public ::testing::TestWithParam<TurnOverError> {};

TEST_P(TurnOverErrors, NameLineColumnAndProblem) {
  const TurnOverError& c = GetParam();
  const std::string yaml = replace(kFlip, c.from, c.to);
  const std::string text = fairytest::spec_error(yaml);
  const std::string at = where(yaml, c.to, c.token);
  EXPECT_EQ(text.rfind(at + ": error: ", 0), 0u) << c.name << ": " << text << " (expected at " << at << ")";
  EXPECT_NE(text.find(c.says), std::string::npos) << c.name << ": " << text;
}

const char* const kTurnOver = "turn_over: {lance: gold_lance, silver: bishop_face}";

INSTANTIATE_TEST_SUITE_P(
    All, TurnOverErrors,
    ::testing::Values(
        TurnOverError{"face_unknown", kTurnOver, "turn_over: {lance: golden, silver: bishop_face}", "golden",
                      "turn_over face 'golden' is not one of the variant's pieces"},
        TurnOverError{"piece_not_in_variant", kTurnOver, "turn_over: {lance: gold_lance, rook: bishop_face}", "rook",
                      "turn_over piece 'rook' is not one of the variant's pieces"},
        TurnOverError{"face_not_plus", kTurnOver, "turn_over: {lance: gold, silver: bishop_face}", "gold,",
                      "the other face of 'lance' must be written +L"},
        TurnOverError{"face_of_another_letter", kTurnOver, "turn_over: {lance: bishop_face}", "bishop_face",
                      "the other face of 'lance' must be written +L"},
        TurnOverError{"face_is_the_piece", kTurnOver, "turn_over: {lance: lance}", "lance}",
                      "'lance' is named twice in turn_over"},
        TurnOverError{"piece_is_promoted", kTurnOver, "turn_over: {gold_lance: lance}", "gold_lance",
                      "'gold_lance' is a promoted piece"},
        TurnOverError{"royal", kTurnOver, "turn_over: {king: gold_lance}", "king",
                      "a royal piece ('king') cannot turn over"},
        TurnOverError{"named_twice", kTurnOver, "turn_over: {lance: gold_lance, silver: gold_lance}", "gold_lance}",
                      "'gold_lance' is named twice in turn_over"},
        TurnOverError{"also_promotes", kTurnOver,
                      "promotion: {pieces: [silver], zone: 1, to: [gold]}\n    turn_over: {lance: gold_lance, silver: bishop_face}",
                      "silver: bishop_face", "'silver' turns over, so it cannot be in a promotion rule too"},
        TurnOverError{"not_a_map", kTurnOver, "turn_over: [lance, gold_lance]", "[lance",
                      "turn_over must be a mapping"},
        TurnOverError{"drop_promoted_not_bool", "drop_promoted: true", "drop_promoted: often", "often",
                      "drop_promoted must be true or false"},
        TurnOverError{"drop_promoted_without_promoted_pieces", kTurnOver, "turn_over: {}", "true",
                      "drop_promoted, but no piece of the variant promotes"},
        TurnOverError{"drop_promoted_without_drops", "hands: {drop_promoted: true}",
                      "hands: {drop_promoted: true, drops: false, gating: true}", "true,",
                      "drop_promoted needs drops"}));

TEST(TurnOver, LowersToTwoWholeBoardCompulsoryPromotionRules) {
  const VariantInfo v = fairytest::variant_info(kFlip);
  ASSERT_EQ(v.promotions.size(), 4u);
  const std::vector<std::pair<int, int>> pairs = {{1, 2}, {2, 1}, {4, 5}, {5, 4}};  // lance <-> +L, silver <-> +S
  for (const auto& [from, to] : pairs) {
    const int r = v.promotion_rule[from];
    ASSERT_GE(r, 0) << v.pieces[from].name;
    const PromotionRule& rule = v.promotions[r];
    EXPECT_EQ(rule.zone, 5);
    EXPECT_EQ(rule.mandatory, 5);
    ASSERT_EQ(rule.to.size(), 1u);
    EXPECT_EQ(rule.to[0].type, to);
  }
  EXPECT_EQ(v.promotion_rule[0], -1);  // the King
  EXPECT_EQ(v.promotion_rule[3], -1);  // the Gold
  EXPECT_EQ(v.drop_face[1], 2);
  EXPECT_EQ(v.drop_face[4], 5);
  EXPECT_EQ(v.drop_face[3], -1);
  EXPECT_EQ(v.hand_type[2], 1);
  EXPECT_EQ(v.hand_type[5], 4);
  // Without drop_promoted a piece in hand is dropped as itself only.
  EXPECT_EQ(fairytest::variant_info(replace(kFlip, "hands: {drop_promoted: true}", "hands: {}")).drop_face[1], -1);
}

// The compiled kyotoshogi and the interpreter over its model.
std::vector<std::unique_ptr<Engine>> engines() {
  std::vector<std::unique_ptr<Engine>> out;
  const CompiledVariant* v = find_compiled("kyotoshogi");
  if (!v) return out;
  out.push_back(v->engine());
  out.push_back(std::make_unique<InterpretedEngine>(v->info()));
  return out;
}

int total_pieces(const Position& pos) {
  int n = pos.piece_total(White) + pos.piece_total(Black);
  for (Color c : {White, Black})
    for (int t = 0; t < int(pos.variant().pieces.size()); ++t) n += pos.in_hand(c, t);
  return n;
}

// The other face of a type (its promotion rule's only target), or -1.
int other_face(const VariantInfo& v, int type) {
  const int r = v.promotion_rule[type];
  return r < 0 ? -1 : v.promotions[r].to[0].type;
}

// A Game Courier turn's ';'-parts.
std::vector<std::string> gc_parts(const std::string& text) {
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    const auto semi = text.find(';', start);
    std::string part = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    parts.push_back(part);
    if (semi == std::string::npos) return parts;
    start = semi + 1;
  }
}

std::set<std::string> uci_moves(Position& pos, const Engine& engine) {
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::set<std::string> out;
  for (const Move& m : moves) out.insert(to_uci(pos, m));
  return out;
}

// Along seeded random games: every move of a piece but the King turns it over (+ into its face,
// - back), drops come on both faces on every empty square, a captured face returns to a hand as
// its piece, the pieces are never more or fewer; the moves read back from both notations, the
// FEN reads back, and the generated module and the interpreter list the same moves.
TEST(TurnOver, KyotoShogiRulesAlongRandomGames) {
  const auto all = engines();
  ASSERT_EQ(all.size(), 2u) << "kyotoshogi is not compiled";
  const Engine& generated = *all[0];
  const VariantInfo& v = generated.variant();
  for (const auto& engine : all) {
    std::mt19937 rng(17);
    int turned = 0, turned_back = 0, face_drops = 0, captures_of_faces = 0;
    // Under the sanitizers 10 games (7 s of the suite with 30): every kind of move still comes.
    for (int game = 0; game < test::effort(30, 10); ++game) {
      Position pos(engine->variant());
      pos.set_start();
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        engine->legal_moves(pos, moves);
        if (moves.size == 0) break;
        ASSERT_EQ(uci_moves(pos, *engine), uci_moves(pos, generated)) << pos.fen();
        const Color us = pos.side_to_move();
        int empty = 0;
        for (int s = 0; s < v.geo.cells(); ++s) empty += pos.at(Square(s)) == kEmpty;
        int held = 0;
        for (int t = 0; t < int(v.pieces.size()); ++t) held += pos.in_hand(us, t) > 0;
        int drops = 0;
        for (const Move& m : moves) {
          const std::string uci = to_uci(pos, m);
          EXPECT_EQ(parse_uci(pos, *engine, uci), m) << uci;
          const std::vector<std::string> parts = gc_parts(to_gc(pos, m));
          std::size_t used = 0;
          EXPECT_EQ(parse_gc_ply(pos, *engine, parts, used), m) << to_gc(pos, m) << " in " << pos.fen();
          EXPECT_EQ(used, parts.size()) << to_gc(pos, m);
          if (m.kind == MoveKind::Drop) {
            ++drops;
            const int type = m.promo - 1;
            EXPECT_GT(pos.in_hand(us, v.hand_type[type]), 0);
            EXPECT_TRUE(type == v.hand_type[type] || type == v.drop_face[v.hand_type[type]]);
            EXPECT_EQ(uci[0] == '+', type != v.hand_type[type]) << uci;
            continue;
          }
          const int type = type_of(pos.at(m.from));
          if (v.pieces[type].royal) {
            EXPECT_EQ(m.promo, 0) << uci;
            continue;
          }
          ASSERT_NE(m.promo, 0) << uci << " does not turn over in " << pos.fen();
          EXPECT_EQ(m.promo - 1, other_face(v, type)) << uci;
          EXPECT_EQ(uci.back(), v.pieces[type].mark == '+' ? '-' : '+') << uci;
        }
        // Not in check, every held type drops on each empty square on both faces.
        if (!engine->in_check(pos)) { EXPECT_EQ(drops, 2 * held * empty) << pos.fen(); }

        const Move m = moves[int(rng() % unsigned(moves.size))];
        const Piece victim = m.kind == MoveKind::Drop ? kEmpty : pos.at(m.to);
        const int hand_before = victim == kEmpty ? 0 : pos.in_hand(us, v.hand_type[type_of(victim)]);
        const int before = total_pieces(pos);
        pos.make(m);
        EXPECT_EQ(total_pieces(pos), before);
        if (m.promo) { EXPECT_EQ(pos.at(m.to), make_piece(us, m.promo - 1)); }
        if (m.kind != MoveKind::Drop && m.promo) (v.pieces[m.promo - 1].mark == '+' ? turned : turned_back) += 1;
        if (m.kind == MoveKind::Drop && v.pieces[m.promo - 1].mark == '+') ++face_drops;
        if (victim != kEmpty) {
          EXPECT_EQ(pos.in_hand(us, v.hand_type[type_of(victim)]), hand_before + 1);
          EXPECT_EQ(v.pieces[v.hand_type[type_of(victim)]].mark, 0);
          captures_of_faces += v.pieces[type_of(victim)].mark == '+';
        }
        Position copy(engine->variant());
        copy.set_fen(pos.fen());
        EXPECT_EQ(copy.fen(), pos.fen());
        EXPECT_EQ(copy.key(), pos.key()) << pos.fen();
      }
    }
    // The games went through every kind of move this test is about.
    EXPECT_GT(turned, 0);
    EXPECT_GT(turned_back, 0);
    EXPECT_GT(face_drops, 0);
    EXPECT_GT(captures_of_faces, 0);
  }
}

TEST(TurnOver, KyotoShogiFenAsFairyStockfishWritesIt) {
  const auto all = engines();
  ASSERT_FALSE(all.empty());
  Position pos(all[0]->variant());
  pos.set_start();
  EXPECT_EQ(pos.fen(), "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
  pos.set_fen("k4/5/5/5/4K[LSNPlsnp] w - - 0 1");  // the hand in any order; written N L P S
  EXPECT_EQ(pos.fen(), "k4/5/5/5/4K[NLPSnlps] w - - 0 1");
  pos.set_fen("k4/5/5/5/4K[-] b - - 0 1");
  EXPECT_EQ(pos.fen(), "k4/5/5/5/4K[] b - - 0 1");
  EXPECT_THROW(pos.set_fen("k4/5/5/5/4K[+L] w - - 0 1"), FenError);  // a face is never in a hand
}

// The halfmove clock, as Fairy-Stockfish counts it: a promotion resets it (Shinobi chess's
// Shinobi becoming a Knight), a piece turning over does not (Kyoto shogi: pieceDemotion).
TEST(TurnOver, HalfmoveClockAfterPromotionAndTurningOver) {
  for (const char* key : {"shinobi", "kyotoshogi"}) {
    const CompiledVariant* v = find_compiled(key);
    ASSERT_NE(v, nullptr) << key;
    const auto engine = v->engine();
    Position pos(v->info());
    const bool shinobi = std::string(key) == "shinobi";
    pos.set_fen(shinobi ? "4k3/8/1H6/8/8/8/8/4K3[] w - - 5 9" : "k4/5/5/1L3/4K[] w - - 5 9");
    pos.make(parse_uci(pos, *engine, shinobi ? "b6c8+" : "b2b3+"));
    EXPECT_EQ(pos.fen(), shinobi ? "2+H1k3/8/8/8/8/8/8/4K3[] b - - 0 9" : "k4/5/1+L3/5/4K[] b - - 6 9") << key;
  }
}

TEST(TurnOver, KyotoShogiNotation) {
  const auto all = engines();
  ASSERT_FALSE(all.empty());
  const Engine& engine = *all[0];
  Position pos(engine.variant());
  pos.set_start();
  const auto gc = [&](const std::string& text) {
    std::vector<std::string> parts = {text};
    std::size_t used = 0;
    return to_uci(pos, parse_gc_ply(pos, engine, parts, used));
  };
  const auto gc_turn = [&](const std::string& text) {
    const std::vector<std::string> parts = gc_parts(text);
    std::size_t used = 0;
    return to_uci(pos, parse_gc_ply(pos, engine, parts, used));
  };
  EXPECT_EQ(gc_turn("+L a1-a2; L-a2"), "a1a2-");
  EXPECT_EQ(gc_turn("L a1-a2; L-a2"), "a1a2-");  // the moving piece's '+' may be left out
  EXPECT_EQ(gc_turn("S b1-b2; +S-b2"), "b1b2+");
  EXPECT_EQ(gc_turn("P e1-e2; +P-e2"), "e1e2+");
  EXPECT_EQ(gc("K c1-c2"), "c1c2");
  EXPECT_THROW(gc_turn("+S b1-b2; +S-b2"), NotationError);  // the silver is no promoted piece
  EXPECT_THROW(gc("S b1-b2"), NotationError);               // it must turn over
  EXPECT_THROW(gc_turn("S b1-b2; S-b2"), NotationError);    // into its face, not itself
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::vector<std::string> written;
  for (const Move& m : moves) written.push_back(to_gc(pos, m));
  EXPECT_NE(std::find(written.begin(), written.end(), "+L a1-a2; L-a2"), written.end());
  EXPECT_NE(std::find(written.begin(), written.end(), "S b1-c2; +S-c2"), written.end());

  pos.set_fen("k4/5/5/5/4K[L] w - - 0 1");
  EXPECT_EQ(gc("+L-c3"), "+L@c3");
  EXPECT_EQ(gc("L-c3"), "L@c3");
  EXPECT_THROW(gc("+S-c3"), NotationError);  // no silver in hand
  EXPECT_THROW(gc("+K-c3"), NotationError);  // no such piece
  engine.legal_moves(pos, moves);
  written.clear();
  for (const Move& m : moves) written.push_back(to_gc(pos, m));
  EXPECT_NE(std::find(written.begin(), written.end(), "+L-c3"), written.end());
  EXPECT_NE(std::find(written.begin(), written.end(), "L-c3"), written.end());
}

}  // namespace
