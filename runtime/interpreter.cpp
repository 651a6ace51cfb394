#include "runtime/interpreter.hpp"

namespace fairy {

namespace {
int max_steps(const Leg& leg) { return leg.range ? leg.range : kMaxFiles + kMaxRanks; }
}  // namespace

void Interpreter::generate(const Position& pos, MoveList& list) const {
  const Color us = pos.side_to_move();
  const Square* squares = pos.piece_squares(us);
  for (int i = 0; i < pos.piece_total(us); ++i) {
    const Square from = squares[i];
    const PieceInfo& piece = info_->pieces[type_of(pos.at(from))];
    for (const Path& path : piece.program[us].paths) {
      if (path.virgin_only && !pos.is_virgin(from)) continue;
      if (!(path.phases & pos.phase_bit())) continue;
      walk(pos, path, 0, from, from, kNoSquare, list);
    }
  }
  generate_castling(pos, list);
  if (info_->turn.moves > 1) apply_turn_rules(pos, list);
}

// Follows leg `k` of `path` from `at`; `victim` is a square captured by an earlier leg.
void Interpreter::walk(const Position& pos, const Path& path, std::size_t k, Square from, Square at,
                       Square victim, MoveList& list) const {
  const Leg& leg = path.legs[k];
  const bool last = k + 1 == path.legs.size();
  const Color us = pos.side_to_move();
  const int offset = info_->geo.offset(leg.dx, leg.dy);
  const auto land = [&](Square to, MoveKind kind, Square aux) {
    const Move m{from, to, aux, kNoSquare, kind, 0};
    if (path.promotes)
      add_promotions(pos, list, m);
    else
      list.push(m);
  };
  const MoveKind kind = victim == kNoSquare ? MoveKind::Normal : MoveKind::Locust;
  Square t = at;
  for (int n = max_steps(leg); n > 0; --n) {
    t = Square(t + offset);
    const Piece p = pos.at(t);
    if (p == kWall || p == kHole) return;
    if (p == kEmpty) {
      if (last) {
        if ((leg.mode & kEnPassant) && pos.is_ep_square(t))
          land(t, MoveKind::EnPassant, pos.ep_victim());
        else if (leg.mode & kMove)
          land(t, kind, victim);
      } else if (leg.mode & kMove) {
        walk(pos, path, k + 1, from, t, victim, list);
      }
      continue;
    }
    const bool enemy = is_color(p, ~us);
    if (last) {
      if ((enemy && (leg.mode & kCapture)) || (!enemy && (leg.mode & kFriend))) land(t, kind, victim);
    } else {
      if (enemy && (leg.mode & kCapture) && victim == kNoSquare) walk(pos, path, k + 1, from, t, t, list);
      if (leg.mode & kHop) walk(pos, path, k + 1, from, t, victim, list);
    }
    return;
  }
}

bool Interpreter::attacked(const Position& pos, Square s, Color by) const {
  for (int type = 0; type < int(info_->pieces.size()); ++type) {
    if (pos.count(by, type) == 0) continue;
    const Piece attacker = make_piece(by, type);
    for (const Path& path : info_->pieces[type].program[by].paths)
      if ((path.legs.back().mode & kCapture) && reaches_back(pos, path, path.legs.size() - 1, s, attacker))
        return true;
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
    const bool turn_ok = (before & kHop) || ((before & kCapture) && !is_color(p, color_of(attacker)));
    return turn_ok && reaches_back(pos, path, k - 1, t, attacker);
  }
  return false;
}

}  // namespace fairy
