#include "tests/kernel_check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>

#include "runtime/movegen.hpp"
#include "runtime/registry.hpp"
#include "tests/effort.hpp"
#include "tests/sorted_moves.hpp"
#include "tests/spec_cache.hpp"

namespace fairy::test {

namespace {

// Captures, promotions, e.p., castling and gating are what the kernel treats specially: prefer
// them half of the time, so that games reach them. Drops are not preferred: with hands they are
// most of the moves anyway, and captures fill the hands. The moves are sorted first: the order
// a position generates them in follows its piece lists, which the perfts run on it reorder
// (unmake puts pieces back, not in their places in the lists), so that without sorting the
// games depended on the depth checked (2 under the sanitizers, 3 in Release).
Move pick(const Position& pos, const MoveList& list, std::mt19937& rng) {
  const std::vector<Move> moves = sorted_moves(list);
  std::vector<Move> special;
  for (const Move& m : moves)
    if (m.kind != MoveKind::Drop && (m.promo || m.gate || m.kind != MoveKind::Normal || pos.at(m.to) != kEmpty))
      special.push_back(m);
  if (!special.empty() && rng() % 2) return special[rng() % special.size()];
  return moves[rng() % moves.size()];
}

// How many pieces c holds in hand.
int held(const Position& pos, Color c) {
  int n = 0;
  for (int t = 0; t < int(pos.variant().pieces.size()); ++t) n += pos.in_hand(c, t);
  return n;
}

// How many pieces stand on the board.
int on_board(const Position& pos) {
  const Geometry& g = pos.geo();
  int n = 0;
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) n += is_color(pos.at(g.square(f, r)), White) || is_color(pos.at(g.square(f, r)), Black);
  return n;
}

// Whether the royal pieces share a file or rank with exactly one piece between them (with the
// flying general, that piece is pinned, or may not leave if it is the enemy's turn).
bool one_between_royals(const Position& pos) {
  const Square a = pos.royal(White), b = pos.royal(Black);
  if (a == kNoSquare || b == kNoSquare) return false;
  const Geometry& g = pos.geo();
  const int df = g.file_of(b) - g.file_of(a), dr = g.rank_of(b) - g.rank_of(a);
  if (df != 0 && dr != 0) return false;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  int between = 0;
  for (int f = g.file_of(a) + sf, r = g.rank_of(a) + sr; f != g.file_of(b) || r != g.rank_of(b); f += sf, r += sr)
    between += pos.at(g.square(f, r)) != kEmpty;
  return between == 1;
}

// Whether the royal pieces touch and an enemy piece other than the royal one attacks the side to
// move's: asked with the enemy's royal piece lifted onto an empty square away from it.
bool attacked_while_touching(Position& pos, const Engine& engine) {
  const Color us = pos.side_to_move();
  const Square ours = pos.royal(us), theirs = pos.royal(~us);
  if (!next_to(pos.geo(), ours, theirs)) return false;
  const Geometry& g = pos.geo();
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) {
      const Square s = g.square(f, r);
      if (pos.at(s) != kEmpty || next_to(g, s, ours)) continue;
      const Move lifted{theirs, s, kNoSquare, kNoSquare, MoveKind::Normal, 0};
      return pos.test_on_board(lifted, [&](Square) { return engine.attacked(pos, ours, ~us); });
    }
  return false;
}

// Whether the side to move holds a type that no legal move drops on some empty square of the
// type's drop ranks.
bool drops_barred(const Position& pos, const MoveList& moves) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  for (int t = 0; t < int(v.pieces.size()); ++t) {
    if (!pos.in_hand(us, t)) continue;
    for (int relative = 0; relative < g.ranks; ++relative) {
      if (!(v.hands.drop_ranks[t] >> relative & 1)) continue;
      const int r = us == White ? relative : g.ranks - 1 - relative;
      for (int f = 0; f < g.files; ++f) {
        const Square s = g.square(f, r);
        if (pos.at(s) != kEmpty) continue;
        bool dropped = false;
        for (const Move& m : moves) dropped |= m.kind == MoveKind::Drop && m.to == s && m.promo - 1 == t;
        if (!dropped) return true;
      }
    }
  }
  return false;
}

// How many squares hold a piece whose virginity is tracked (castling rights).
int virgins(const Position& pos) {
  const Geometry& g = pos.geo();
  int n = 0;
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) n += pos.tracked_virgin(g.square(f, r));
  return n;
}

// Whether a legal drop gives castling rights (hands' castling_file).
bool drop_gives_castling(Position& pos, const MoveList& moves) {
  const int before = virgins(pos);
  for (const Move& m : moves) {
    if (m.kind != MoveKind::Drop) continue;
    pos.make(m);
    const bool gives = virgins(pos) > before;
    pos.unmake();
    if (gives) return true;
  }
  return false;
}

}  // namespace

std::vector<KernelVariant> kernel_variants() {
  std::vector<KernelVariant> out;
  for (const CompiledVariant& v : compiled_variants())
    if (v.kernel) out.push_back({v.key});
  return out;
}

int expect_kernel_agrees(const KernelVariant& v, const std::string& spec_path, const std::vector<std::string>& extra,
                         int games, int plies, KernelReach* reach) {
  const CompiledVariant* compiled = find_compiled(v.key);
  EXPECT_TRUE(compiled && compiled->kernel) << v.key << " is no compiled variant on the kernel";
  if (!compiled || !compiled->kernel) return 0;
  const KernelDispatch kernel(compiled->kernel());  // the module's Rules::perft
  const auto engine = compiled->engine();
  const InterpretedEngine interpreter(cached_variant(spec_path, v.key));
  std::vector<std::string> starts = {"start"};
  for (const auto& p : cached_spec(spec_path).find_variant(v.key)->perft)
    if (p.fen.value != "start") starts.push_back(p.fen.value);
  starts.insert(starts.end(), extra.begin(), extra.end());

  // The interpreter's depth-3 trees on a 16x16 board (Terachess II: 100-odd moves a ply) took a
  // minute of the suite; there it checks depth 2 (the peer test compares the kernel with
  // Fairy-Stockfish at depth 3 on random positions of these variants). So with hands
  // (crazyhouse: 100 to 200 moves a ply, most of them drops).
  const VariantInfo& info = engine->variant();
  const bool wide = info.geo.files * info.geo.ranks > 144 || info.hands.enabled;
  const int depth_max = wide ? 2 : effort(3, 2);
  std::mt19937 rng(20261123);
  int positions = 0;
  for (const std::string& fen : starts)
    for (int game = 0; game < games; ++game) {
      Position pos(engine->variant()), ipos(interpreter.variant());
      if (fen == "start") pos.set_start(), ipos.set_start();
      else pos.set_fen(fen), ipos.set_fen(fen);
      for (int ply = 0; ply < plies; ++ply) {
        SCOPED_TRACE(v.key + " " + pos.fen());
        for (int depth = 1; depth <= depth_max; ++depth) {
          EXPECT_EQ(kernel.perft(pos, depth), interpreter.perft(ipos, depth)) << "depth " << depth;
          if (::testing::Test::HasFailure()) return positions;
        }
        ++positions;
        if (reach && ply > 0 && held(pos, pos.side_to_move()) && engine->in_check(pos)) ++reach->checks_with_hand;
        // The legal moves for play (the kernel's list) are the interpreter's.
        MoveList moves, interpreted;
        engine->legal_moves(pos, moves);
        interpreter.legal_moves(ipos, interpreted);
        EXPECT_EQ(sorted_moves(moves), sorted_moves(interpreted)) << "legal moves";
        // So are its attacks, on every square, by either side.
        for (int r = 0; r < info.geo.ranks; ++r)
          for (int f = 0; f < info.geo.files; ++f)
            for (const Color by : {White, Black}) {
              const Square s = info.geo.square(f, r);
              EXPECT_EQ(engine->attacked(pos, s, by), interpreter.attacked(ipos, s, by)) << "attacked " << int(s) << " by " << int(by);
            }
        if (::testing::Test::HasFailure()) return positions;
        if (reach) {
          bool gates = false, gated_castling = false;
          for (const Move& m : moves) {
            gates |= m.gate != 0;
            gated_castling |= m.gate && m.kind == MoveKind::Castling;
          }
          if (info.hands.castling_file >= 0 && drop_gives_castling(pos, moves)) ++reach->drops_castling;
          if (info.hands.must_drop && drops_barred(pos, moves)) ++reach->drops_barred;
          bool in_place = false;
          for (const Move& m : moves) in_place |= is_in_place_promotion(pos, m);
          reach->in_place_promotions += in_place;
          reach->later_moves += pos.phase() > 0;
          if (gates && engine->in_check(pos)) ++reach->gating_in_check;
          if (gated_castling) ++reach->gating_castling;
          if (info.explosions.enabled && attacked_while_touching(pos, *engine)) ++reach->attacked_touching;
          if (info.flying_general && one_between_royals(pos)) ++reach->one_between_royals;
        }
        if (moves.size == 0) break;
        const Move m = pick(pos, moves, rng);
        if (reach && m.gate) ++reach->gating_played;
        const Color mover = pos.side_to_move();
        const int before = held(pos, mover), pieces_before = on_board(pos);
        const bool royals_before = pos.royal(White) != kNoSquare && pos.royal(Black) != kNoSquare;
        pos.make(m);
        ipos.make(m);
        if (reach && held(pos, mover) > before) ++reach->captures_into_hand;
        if (reach && info.ends.checks && pos.checks_left(mover) == 0) ++reach->checks_won;
        if (reach && info.explosions.enabled) {
          reach->explosions += on_board(pos) < pieces_before - 2;
          reach->royals_exploded += royals_before && (pos.royal(White) == kNoSquare || pos.royal(Black) == kNoSquare);
        }
      }
    }
  return positions;
}

}  // namespace fairy::test
