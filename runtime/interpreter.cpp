#include "runtime/interpreter.hpp"

#include <algorithm>

namespace fairy {

namespace {

int max_steps(const Leg& leg) { return leg.range ? leg.range : kMaxSteps; }

// The state of one walk along a path: who moves, who started it, what was captured on the way.
struct Walk {
  Color us;            // the side that moves
  Square origin;       // where the moving piece (or the inducer) stands
  Square mover;        // the piece that ends up moving (differs from origin after an induction)
  Square victim;       // square of a locust capture, or kNoSquare
  int prev_steps;      // steps the previous leg made
  // The mover's no_hop_over: and no_capture: (PieceInfo): type bits it may not hop over or take.
  std::uint64_t no_hop_over = 0;
  std::uint64_t no_capture = 0;
};

bool barred(std::uint64_t types, Piece p) { return types >> type_of(p) & 1; }

// Follows `path` from leg k, reporting each completed move to sink(Move, const Path&).
// `cell(s)` reads the board (the attack fallback pretends an enemy stands on its target).
template <class Cell, class Sink>
bool walk(const Position& pos, const Path& path, std::size_t k, Square at, Walk w, const Cell& cell,
          const Sink& sink) {
  const Leg& leg = path.legs[k];
  const bool last = k + 1 == path.legs.size();
  const Color us = w.us;
  const Geometry& g = pos.geo();
  const int steps = (leg.flags & kSameLength) ? w.prev_steps : max_steps(leg);
  // A move ending on this leg: induced (aux: the inducer), a locust capture (aux: the victim) or normal.
  const MoveKind kind = w.mover != w.origin ? MoveKind::Induced
                        : w.victim != kNoSquare ? MoveKind::Locust
                                                : MoveKind::Normal;
  const Square aux = w.mover != w.origin ? w.origin : w.victim;
  Square t = at;
  for (int n = 0; n < steps; ++n) {
    int x = 0, y = 0;
    leg_step(leg, n, &x, &y);
    t = Square(t + g.offset(x, y));
    const Piece p = cell(t);
    if (p == kWall || p == kHole) return false;
    const bool may_stop = !(leg.flags & kSameLength) || n + 1 == steps;
    Walk next = w;
    next.prev_steps = n + 1;
    if (p == kEmpty) {
      if (!may_stop) continue;
      if (last) {
        if ((leg.mode & kEnPassant) && pos.is_ep_square(t)) {
          if (sink(Move{w.mover, t, pos.ep_victim(), kNoSquare, MoveKind::EnPassant, 0}, path)) return true;
        } else if (leg.mode & kMove) {
          if (sink(Move{w.mover, t, aux, kNoSquare, kind, 0}, path)) return true;
        }
      } else if (leg.mode & kMove) {
        if (walk(pos, path, k + 1, t, next, cell, sink)) return true;
      }
      continue;
    }
    if (!may_stop) return false;
    const bool enemy = is_color(p, ~us);
    if (last) {
      if (enemy && (leg.mode & kCapture) && !barred(w.no_capture, p)) {
        if (sink(Move{w.mover, t, aux, kNoSquare, kind, 0}, path)) return true;
      } else if (!enemy && (leg.mode & kFriend) && t != w.mover) {
        const MoveKind own = (leg.flags & kUnload) ? MoveKind::Swap : MoveKind::Normal;
        if (sink(Move{w.mover, t, kNoSquare, kNoSquare, own, 0}, path)) return true;
      }
    } else {
      if (enemy && (leg.mode & kCapture) && w.victim == kNoSquare) {
        next.victim = t;
        if (walk(pos, path, k + 1, t, next, cell, sink)) return true;
        next.victim = w.victim;
      }
      if (!enemy && (leg.flags & kInduce) && t != w.mover) {
        next.mover = t;
        if (walk(pos, path, k + 1, t, next, cell, sink)) return true;
        next.mover = w.mover;
      }
      if ((leg.mode & kHop) && !barred(w.no_hop_over, p))
        if (walk(pos, path, k + 1, t, next, cell, sink)) return true;
    }
    return false;
  }
  return false;
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
      walk(pos, path, 0, from, Walk{us, from, from, kNoSquare, 0, piece.no_hop_over, piece.no_capture}, board, [&](const Move& m, const Path& p) {
        if (!piece.may_end(us, m.to)) return false;
        if (m.kind == MoveKind::Swap)
          add_swap(pos, list, m);
        else if (p.promotes && m.kind != MoveKind::Induced)
          add_promotions(pos, list, m);
        else
          list.push(m);
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
  const auto hit = [s, &piece, by](const Move& m, const Path&) {
    return piece.may_end(by, m.to) && ((m.to == s && m.kind != MoveKind::Swap && m.kind != MoveKind::EnPassant) ||
                                       (m.kind == MoveKind::Locust && m.aux1 == s));
  };
  const auto walks = [&](const Path& path, Square from) {
    return !(path.virgin_only && !pos.is_virgin(from)) &&
           walk(pos, path, 0, from, Walk{by, from, from, kNoSquare, 0, piece.no_hop_over, 0}, cell, hit);
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
