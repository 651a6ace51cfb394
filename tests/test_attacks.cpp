// Attack tests: every generated module's (walked backwards from the target) agrees with the
// interpreter's (which walks locusts, crooked, circular and same-length paths forwards from each
// attacker) on every square, for both sides, in the catalogue's perft positions and one ply on.
#include <gtest/gtest.h>

#include "generator/model/model.hpp"
#include "runtime/registry.hpp"

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
      for (const Move& m : moves) {
        pos.make(m);
        expect_same_attacks(*generated, interpreted, pos, where + " after a move");
        pos.unmake();
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 1000);
}

}  // namespace
