// The plainest paths of the generated mailbox move generators (generator/emit/emit.cpp), written
// once here and instantiated by every module. Moves: a leap, or an unlimited slide, of one leg along
// each of `rays` (mailbox offsets, as vec<Us, Stride> gives them), ending on an empty square (Modes has
// kMove) or on an enemy, which it captures (kCapture). A wall stops a walk like a piece of
// neither colour. Inlined and unrolled, each ray is a constant again, as in code written a ray
// at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "runtime/hot_inline.hpp"
#include "runtime/program.hpp"
#include "runtime/types.hpp"

namespace fairy {

// The mailbox offset of the vector (dx, dy) on a board of mailbox stride Stride, dy counting
// ranks forwards for colour C.
template <Color C, int Stride>
constexpr int vec(int dx, int dy) {
  return dx + (C == White ? dy : -dy) * Stride;
}

template <Color Us, int Modes, std::size_t N>
FAIRY_HOT_INLINE inline void leap_moves(const Piece* b, Square from, const int (&rays)[N], MoveList& list) {
  static_assert(Modes && !(Modes & ~(kMove | kCapture)), "moves and captures only");
  FAIRY_UNROLL
  for (const int ray : rays) {
    const Square to = Square(from + ray);
    const Piece p = b[to];
    if (((Modes & kMove) && p == kEmpty) || ((Modes & kCapture) && is_color(p, ~Us)))
      list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
  }
}

template <Color Us, int Modes, std::size_t N>
FAIRY_HOT_INLINE inline void slide_moves(const Piece* b, Square from, const int (&rays)[N], MoveList& list) {
  static_assert(Modes && !(Modes & ~(kMove | kCapture)), "moves and captures only");
  FAIRY_UNROLL
  for (const int ray : rays) {
    for (Square to = Square(from + ray);; to = Square(to + ray)) {
      const Piece p = b[to];
      if (p == kEmpty) {
        if (Modes & kMove) list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
        continue;
      }
      if ((Modes & kCapture) && is_color(p, ~Us)) list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
      break;
    }
  }
}

// A hop (Xiangqi's Cannon, `mRcpR`'s second half): along each ray to the first piece that it may
// hop over (any but the NoHopOver types), then on along the same ray as slide_moves goes, Modes
// being the second leg's (no capture of the NoCapture types).
template <Color Us, int Modes, std::uint64_t NoHopOver, std::uint64_t NoCapture, std::size_t N>
FAIRY_HOT_INLINE inline void hop_moves(const Piece* b, Square from, const int (&rays)[N], MoveList& list) {
  static_assert(Modes && !(Modes & ~(kMove | kCapture)), "moves and captures only");
  FAIRY_UNROLL
  for (const int ray : rays) {
    Square screen = Square(from + ray);
    while (b[screen] == kEmpty) screen = Square(screen + ray);
    const Piece p = b[screen];
    if (!(is_color(p, White) || is_color(p, Black)) || ((NoHopOver >> type_of(p)) & 1)) continue;
    for (Square to = Square(screen + ray);; to = Square(to + ray)) {
      const Piece q = b[to];
      if (q == kEmpty) {
        if (Modes & kMove) list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
        continue;
      }
      if ((Modes & kCapture) && is_color(q, ~Us) && !((NoCapture >> type_of(q)) & 1))
        list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, 0});
      break;
    }
  }
}

}  // namespace fairy
