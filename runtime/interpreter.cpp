#include "runtime/interpreter.hpp"

#include <algorithm>

#include "runtime/path_walk.hpp"

namespace fairy {

namespace {

int max_steps(const Leg& leg) { return leg.range ? leg.range : kMaxSteps; }

// A walk along a path whose legs are read at run time: runtime/path_walk.hpp's walk_leg, leg
// after leg. cell(s) reads the board (the attack fallback pretends an enemy stands on its
// target); sink(move) returns true to end the walk.
template <class Cell, class Sink>
struct RuntimeWalk {
  const Position& pos;
  RuntimeLegs legs;
  WalkRules rules;
  const Cell& cell;
  const Sink& sink;

  bool operator()(std::size_t k, Square at, const WalkState& w) const {
    return walk_leg(legs, k, at, w, rules, pos, cell, sink, *this);
  }
};

// Walks `path` from a piece of `rules.us` on `from`.
template <class Cell, class Sink>
bool walk(const Position& pos, const Path& path, Square from, const WalkRules& rules, const Cell& cell, const Sink& sink) {
  const RuntimeWalk<Cell, Sink> walk{pos, RuntimeLegs{path, pos.geo()}, rules, cell, sink};
  return walk(0, from, WalkState{from, from, kNoSquare, 0});
}

}  // namespace

void Interpreter::generate(const Position& pos, MoveList& list) const {
  if (info_->drops.enabled && generate_drop_phase(pos, list)) return;
  if (info_->hands.enabled && info_->hands.drops) generate_hand_drops(pos, list);
  const Color us = pos.side_to_move();
  const Square* squares = pos.piece_squares(us);
  const auto board = [&pos](Square s) { return pos.at(s); };
  for (int i = 0; i < pos.piece_total(us); ++i) {
    const Square from = squares[i];
    const PieceInfo& piece = info_->pieces[type_of(pos.at(from))];
    const int first = list.size;
    for (const Path& path : piece.program_at(us, from).paths) {
      if (path.virgin_only && !pos.is_virgin(from)) continue;
      if (!(path.phases & pos.phase_bit())) continue;
      walk(pos, path, from, WalkRules{us, piece.no_hop_over, piece.no_capture}, board, [&](const Move& m) {
        if (piece.may_end(us, m.to)) add_walked(pos, list, m, us, path.promotes, -1, 0);
        return false;
      });
    }
    if (piece.may_repeat) remove_repeats(list, first);
  }
  generate_castling(pos, list);
  if (!info_->first_moves.empty()) add_first_moves(pos, *this, list);
  if (info_->any_in_place) add_in_place_promotions(pos, list);
  if (info_->hands.gating) add_gating_moves(pos, list);
  if (info_->has_induction) remove_induced_repeats(pos, list);
  if (info_->mutual_swaps) remove_swap_repeats(list);
  if (info_->turn.moves > 1) apply_turn_rules(pos, list);
}

bool Interpreter::attacked(const Position& pos, Square s, Color by) const {
  if (royals_face(pos, s, by)) return true;
  for (int type = 0; type < int(info_->pieces.size()); ++type) {
    if (pos.count(by, type) == 0) continue;
    const Piece attacker = make_piece(by, type);
    const PieceInfo& piece = info_->pieces[type];
    if (is_color(pos.at(s), ~by) && !piece.may_capture(pos.at(s))) continue;  // no_capture:
    if (piece.confined || !piece.moves_on.empty()) {  // moves that depend on squares: walked forwards
      if (region_attacks(pos, type, s, by)) return true;
      continue;
    }
    for (const Path& path : piece.program[by].paths) {
      if (!path.captures()) continue;
      if (path.reversible()) {
        if ((path.legs.back().mode & kCapture) && reaches_back(pos, path, path.legs.size() - 1, s, attacker))
          return true;
      } else if (path_attacks(pos, path, type, s, by)) {
        return true;
      }
    }
  }
  return false;
}

// The generic fallback: walk the path forwards from every piece of the type, pretending an
// enemy stands on s, and see whether a move captures there (finally or on the way).
bool Interpreter::path_attacks(const Position& pos, const Path& path, int type, Square s, Color by) const {
  return forward_attacks(pos, type, s, by, &path);
}

// A piece with a region or moves_on: walked forwards with the moves it has where it stands, to a
// capture on s that ends inside its region.
bool Interpreter::region_attacks(const Position& pos, int type, Square s, Color by) const {
  return forward_attacks(pos, type, s, by, nullptr);
}

bool Interpreter::forward_attacks(const Position& pos, int type, Square s, Color by, const Path* only) const {
  const PieceInfo& piece = info_->pieces[type];
  const Piece attacker = make_piece(by, type);
  const Piece target = make_piece(~by, 0);
  const auto cell = [&pos, s, target](Square t) { return t == s ? target : pos.at(t); };
  const auto hit = [s, &piece, by](const Move& m) {
    return piece.may_end(by, m.to) && ((m.to == s && m.kind != MoveKind::Swap && m.kind != MoveKind::EnPassant) ||
                                       (m.kind == MoveKind::Locust && m.aux1 == s));
  };
  const auto walks = [&](const Path& path, Square from) {
    return !(path.virgin_only && !pos.is_virgin(from)) &&
           walk(pos, path, from, WalkRules{by, piece.no_hop_over, 0}, cell, hit);
  };
  const Square* squares = pos.piece_squares(by);
  for (int i = 0; i < pos.piece_total(by); ++i) {
    const Square from = squares[i];
    if (pos.at(from) != attacker) continue;
    if (only) {
      if (walks(*only, from)) return true;
      continue;
    }
    for (const Path& path : piece.program_at(by, from).paths)
      if (path.captures() && walks(path, from)) return true;
  }
  return false;
}

// Walks leg `k` backwards from `at`, the square where it stopped, looking for where it began:
// the attacker itself for the first leg, otherwise a turning point that suits the previous leg.
bool Interpreter::reaches_back(const Position& pos, const Path& path, std::size_t k, Square at,
                               Piece attacker) const {
  const Leg& leg = path.legs[k];
  const int offset = info_->geo.offset(leg.dx, leg.dy);
  Square t = at;
  for (int n = max_steps(leg); n > 0; --n) {
    t = Square(t - offset);
    const Piece p = pos.at(t);
    if (p == kWall || p == kHole) return false;
    if (k == 0) {
      if (p == attacker) return !path.virgin_only || pos.is_virgin(t);
      if (p != kEmpty) return false;
      continue;
    }
    const std::uint8_t before = path.legs[k - 1].mode;
    if (p == kEmpty) {
      if ((before & kMove) && reaches_back(pos, path, k - 1, t, attacker)) return true;
      continue;
    }
    const bool turn_ok = ((before & kHop) && info_->pieces[type_of(attacker)].may_hop_over(p)) || ((before & kCapture) && !is_color(p, color_of(attacker)));
    return turn_ok && reaches_back(pos, path, k - 1, t, attacker);
  }
  return false;
}

}  // namespace fairy
