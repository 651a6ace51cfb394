// The FEN holds the whole position: in every compiled variant, along seeded random games (the
// mover biased towards drops, promotions, e.p. and captures, so that they happen), a position
// written as FEN and read back gives the same FEN and the same Zobrist key, the same legal moves,
// and each of them leads to the same position (FEN and key) in both. The last part sees state
// that decides no legal move now but the position after the next one (a pending exchange).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "generator/spec/spec.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/effort.hpp"
#include "tests/sorted_moves.hpp"
#include "tests/spec_cache.hpp"

namespace {

using namespace fairy;

// Each legal move with the FEN and key it leads to, sorted.
std::vector<std::tuple<std::string, std::string, std::uint64_t>> successors(const Engine& engine, Position& pos) {
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::vector<std::tuple<std::string, std::string, std::uint64_t>> out;
  for (const Move& m : moves) {
    const std::string name = to_uci(pos, m);
    pos.make(m);
    out.emplace_back(name, pos.fen(), pos.key());
    pos.unmake();
  }
  std::sort(out.begin(), out.end());
  return out;
}

// What the random mover prefers: the moves whose FEN consequences are rarest.
int weight(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::Drop || m.promo || m.kind == MoveKind::EnPassant) return 60;
  if (m.kind == MoveKind::Pass) return 1;
  std::array<Square, Position::kMaxEp> ep{};
  if (pos.usable_ep_squares(m, ep)) return 60;
  if (m.kind == MoveKind::Locust || is_color(pos.at(m.to), ~pos.side_to_move())) return 15;
  const VariantInfo& v = pos.variant();
  const Piece p = pos.at(m.from);
  const bool forward = v.geo.relative_rank(m.to, color_of(p)) > v.geo.relative_rank(m.from, color_of(p));
  if (forward && (v.promotion_rule[type_of(p)] >= 0 || v.pieces[type_of(p)].ep_victim)) return 6;
  return 1;
}

struct Seen {
  int after_pass = 0;  // positions right after a pass (pass:), whose successors are not compared
  int positions = 0, later_phases = 0, ep = 0, ep_later = 0, exchanges = 0, chains = 0, drops = 0, promotions = 0;
};

void check_position(const Engine& engine, Position& pos, Seen& seen) {
  const std::string fen = pos.fen();
  Position back(engine.variant());
  try {
    back.set_fen(fen);
  } catch (const FenError& e) {
    FAIL() << engine.variant().key << ": its own FEN does not read back: " << fen << ": " << e.what() << " (column "
           << e.column << ")";
  }
  EXPECT_EQ(back.fen(), fen);
  EXPECT_EQ(back.key(), pos.key()) << fen;
  // pass: (janggi): whether the last move was a pass is not in the FEN, as in Fairy-Stockfish
  // (a FEN's position follows no pass), and a pass after a pass, or in bikjang, ends the game.
  const Move* last = pos.last_move();
  if (engine.variant().pass && last && last->kind == MoveKind::Pass) {
    ++seen.after_pass;
    ++seen.positions;
    return;
  }
  const auto want = successors(engine, pos), got = successors(engine, back);
  std::vector<std::tuple<std::string, std::string, std::uint64_t>> differ;
  std::set_symmetric_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(differ));
  if (!differ.empty()) {
    const auto& [move, after, key] = differ.front();
    ADD_FAILURE() << engine.variant().key << ": " << fen << " read back differs in " << differ.size()
                  << " successors, e.g. " << move << " -> " << after << " (key " << key << ")";
  }
  ++seen.positions;
  seen.later_phases += pos.phase() > 0;
  seen.ep += pos.ep_count() > 0;
  seen.ep_later += pos.ep_count() > 0 && pos.phase() > 0;
  seen.exchanges += pos.exchange_square() != kNoSquare;
  seen.chains += pos.exchange_credited();
}

// The start position and the variant's perft positions in variants.yaml (constructed to reach
// rare states: e.p. in a drop phase, pending exchanges, ...).
std::vector<std::string> start_fens(const VariantInfo& v) {
  std::vector<std::string> out{v.start_fen};
  const fairygen::spec::VariantSpec* spec_variant = test::cached_spec(FAIRY_SPEC_PATH).find_variant(v.key);
  if (!spec_variant) return out;
  for (const auto& p : spec_variant->perft)
    if (p.fen.value != "start" && std::find(out.begin(), out.end(), p.fen.value) == out.end()) out.push_back(p.fen.value);
  return out;
}

bool has_ep(const VariantInfo& v) {
  return std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceInfo& p) { return p.ep_victim; });
}

// The rare states that a variant's random games must reach and have not (none: all were seen).
std::vector<std::string> unseen(const VariantInfo& v, const Seen& seen) {
  std::vector<std::string> out;
  if (v.drops.enabled) {
    if (!seen.drops) out.push_back("no drop");
    if (!seen.exchanges) out.push_back("no pending exchange");
    if (!seen.chains) out.push_back("no position inside a chain of recaptures");
    if (!seen.ep_later) out.push_back("no drop phase after a double step");
  }
  if (!v.promotions.empty() && !seen.promotions) out.push_back("no promotion");
  if ((v.drops.enabled || v.turn.moves > 1) && !seen.later_phases) out.push_back("no later phase of a turn");
  if (has_ep(v) && !seen.ep) out.push_back("no position with an e.p. square");
  return out;
}

// Plays seeded random games, one from each start FEN in turn, checking every position on the way:
// `positions` of them (the game under way is played to its end), or as soon as `enough` have been
// and every rare state (unseen) has been reached.
Seen play_games(const Engine& engine, int positions, int enough, int max_game_plies) {
  Seen seen;
  const VariantInfo& v = engine.variant();
  Position pos(v);
  const std::vector<std::string> starts = start_fens(v);
  const auto done_early = [&] { return seen.positions >= enough && unseen(v, seen).empty(); };
  for (std::uint64_t game = 0; game < starts.size() || (seen.positions < positions && !done_early()); ++game) {
    std::mt19937_64 rng(game);
    pos.set_fen(starts[game % starts.size()]);
    for (int ply = 0; ply < max_game_plies; ++ply) {
      check_position(engine, pos, seen);
      if (::testing::Test::HasFatalFailure()) return seen;
      if (game + 1 >= starts.size() && done_early()) return seen;
      MoveList list;
      engine.legal_moves(pos, list);
      if (list.size == 0) break;
      const std::vector<Move> moves = sorted_moves(list);  // not in the piece lists' order
      std::vector<int> weights;
      for (const Move& m : moves) weights.push_back(weight(pos, m));
      const Move m = moves[std::discrete_distribution<int>(weights.begin(), weights.end())(rng)];
      seen.drops += m.kind == MoveKind::Drop;
      seen.promotions += m.promo != 0;
      pos.make(m);
    }
  }
  return seen;
}

class FenHoldsThePosition : public ::testing::TestWithParam<const CompiledVariant*> {};

TEST_P(FenHoldsThePosition, AlongRandomGames) {
  const CompiledVariant& cv = *GetParam();
  const auto engine = cv.engine();
  // Under the sanitizers (30 times slower), which look for memory errors along the same code
  // paths, not for more positions: from 100 positions on, the games stop once every rare state
  // (unseen) has been reached (at most 400).
  const int positions = test::effort(1000, 400), enough = test::effort(1000, 100);
  const Seen seen = play_games(*engine, positions, enough, 160);
  ASSERT_GE(seen.positions, enough);
  for (const std::string& missing : unseen(engine->variant(), seen)) ADD_FAILURE() << missing << " in " << seen.positions << " positions";
}

std::vector<const CompiledVariant*> all_variants() {
  std::vector<const CompiledVariant*> out;
  for (const CompiledVariant& cv : compiled_variants()) out.push_back(&cv);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, FenHoldsThePosition, ::testing::ValuesIn(all_variants()),
                         [](const auto& info) { return std::string(info.param->key); });

}  // namespace
