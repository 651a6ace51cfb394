// First-move rights (VariantInfo::first_moves, Ouk Chatrang; Fairy-Stockfish's cambodianMoves),
// shared by generated modules and the interpreter: a piece on a square that keeps its side's
// right also has its first moves (non-capturing single leaps onto empty squares), those with
// `in_check: false` not while the side is in check. Losing the rights is in Position::make
// (update_gates); the FEN's castling field holds them.
#pragma once

#include "runtime/movegen.hpp"

namespace fairy {

template <class R>
void add_first_moves(const Position& pos, const R& rules, MoveList& list) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  const int rank = us == White ? 0 : g.ranks - 1;
  int checked = -1;  // whether the side is in check, once asked (-1: not yet)
  for (int f = 0; f < g.files; ++f) {
    const Square from = g.square(f, rank);
    if (!pos.is_gate(us, from) || !is_color(pos.at(from), us)) continue;
    for (const FirstMove& fm : v.first_moves) {
      if (type_of(pos.at(from)) != fm.type) continue;
      if (!fm.in_check) {
        if (checked < 0) checked = in_check(pos, rules) ? 1 : 0;
        if (checked) continue;
      }
      for (const Path& path : fm.program[us].paths) {
        const Square to = Square(from + g.offset(path.legs[0].dx, path.legs[0].dy));
        if (pos.at(to) == kEmpty) list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
      }
    }
  }
}

}  // namespace fairy
