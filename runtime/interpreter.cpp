#include "runtime/interpreter.hpp"

#include <algorithm>

#include "runtime/back_walk.hpp"
#include "runtime/path_walk.hpp"

namespace fairy {

namespace {

// Walks `path` from a piece of `rules.us` on `from`: runtime/path_walk.hpp's walk, with the legs
// read at run time. cell(s) reads the board (the attack test of a piece with a region pretends an
// enemy stands on its target); sink(move) returns true to end the walk.
template <class Cell, class Sink>
bool walk(const Position& pos, const Path& path, Square from, const WalkRules& rules, const Cell& cell, const Sink& sink) {
  const PathWalk<RuntimeLegs, Cell, Sink> walk{pos, RuntimeLegs{path, pos.geo()}, rules, cell, sink};
  return walk(std::size_t(0), from, WalkState{from, from, kNoSquare, 0});
}

}  // namespace

void Interpreter::generate(const Position& pos, MoveList& list) const {
  generate_moves(pos, list, steps_, *this, [&] {
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
  });
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
    const auto is_attacker = [attacker](Square, Piece q) { return q == attacker; };
    // Every capture walked back from s (runtime/back_walk.hpp); the rest of a locust capture's
    // path walked on from s.
    for (const auto& entry : piece.back_walks[by]) {
      const BackWalk& back = entry.first;
      const Path& path = piece.program[by].paths[entry.second];
      const RuntimeBackLegs legs{back, pos.geo().stride()};
      const auto completes = [&](int steps) {
        return completes_locust(RuntimeLegs{path, pos.geo()}, std::size_t(back.capture) + 1, by, pos, s, steps,
                                make_piece(~by, 0), piece.no_hop_over);
      };
      const BackTarget<decltype(is_attacker), decltype(completes)> target{pos, by, is_attacker, completes};
      if (walk_back(legs, std::size_t(0), target, s)) return true;
    }
  }
  return false;
}

// A piece with a region or moves_on: walked forwards with the moves it has where it stands, to a
// capture on s that ends inside its region.
bool Interpreter::region_attacks(const Position& pos, int type, Square s, Color by) const {
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
    for (const Path& path : piece.program_at(by, from).paths)
      if (path.captures() && walks(path, from)) return true;
  }
  return false;
}

}  // namespace fairy
