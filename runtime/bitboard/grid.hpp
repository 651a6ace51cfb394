// Board geometry for the bitboard kernel, all constexpr: squares, the eight queen directions,
// rays (the squares a slider passes on an empty board) and the directions between two squares.
#pragma once

#include <array>
#include <cstdint>

#include "runtime/bitboard/bitboard.hpp"
#include "runtime/types.hpp"

namespace fairy::bitboard {

// The eight queen directions. Directions d and d ^ 1 are opposite; the even ones run towards
// higher square indices. Lines (rank, file, diagonal, anti-diagonal) are d / 2.
inline constexpr int kDirections = 8;
inline constexpr std::array<int, 8> kDx = {1, -1, 0, 0, 1, -1, -1, 1};
inline constexpr std::array<int, 8> kDy = {0, 0, 1, -1, 1, -1, 1, -1};
inline constexpr int kNoDirection = 8;

// The direction of a unit queen step (dx, dy), or kNoDirection.
constexpr int direction_of(int dx, int dy) {
  for (int d = 0; d < kDirections; ++d)
    if (kDx[d] == dx && kDy[d] == dy) return d;
  return kNoDirection;
}
constexpr int opposite(int d) { return d ^ 1; }

// The first square of `set` (not empty) met going in direction d: even directions run towards
// higher squares, odd ones towards lower. On a ray from s, the first piece: a blocker, a screen.
template <Word B>
FAIRY_HOT_INLINE constexpr int first_along(int d, const B& set) {
  return (d & 1) ? msb(set) : lsb(set);
}

template <int files_, int ranks_, Word B_>
struct Grid {
  using B = B_;
  static constexpr int files = files_;
  static constexpr int ranks = ranks_;
  static constexpr int squares = files * ranks;
  static_assert(squares <= int(sizeof(B) * 8), "board does not fit the word");

  static constexpr int square(int file, int rank) { return rank * files + file; }
  static constexpr int file_of(int s) { return s % files; }
  static constexpr int rank_of(int s) { return s / files; }
  static constexpr bool inside(int file, int rank) { return file >= 0 && file < files && rank >= 0 && rank < ranks; }
  // Rank counted from c's own first rank (0) and distance from c's last rank (1 = the last).
  static constexpr int relative_rank(int s, Color c) { return c == White ? rank_of(s) : ranks - 1 - rank_of(s); }
  static constexpr int depth(int s, Color c) { return ranks - relative_rank(s, c); }

  // The square (file + dx, rank + dy) of s, or -1 off the board.
  static constexpr int step(int s, int dx, int dy) {
    const int f = file_of(s) + dx, r = rank_of(s) + dy;
    return inside(f, r) ? square(f, r) : -1;
  }

  static constexpr B all() {
    B b = 0;
    for (int s = 0; s < squares; ++s) set_square(b, s);
    return b;
  }
  static constexpr B rank_mask(int rank) {
    B b = 0;
    for (int f = 0; f < files; ++f) set_square(b, square(f, rank));
    return b;
  }
  static constexpr B file_mask(int file) {
    B b = 0;
    for (int r = 0; r < ranks; ++r) set_square(b, square(file, r));
    return b;
  }
  static constexpr auto file_masks = [] {
    std::array<B, files> out{};
    for (int f = 0; f < files; ++f) out[f] = file_mask(f);
    return out;
  }();
  // The whole files on which `set` has a square.
  static B files_of(B set) {
    B b = 0;
    for (const B& file : file_masks)
      if (set & file) b |= file;
    return b;
  }

  // shift_sources<dx, dy>: the squares that a move by (dx, dy) keeps on the board.
  template <int dx, int dy>
  static constexpr B shift_sources = [] {
    B b = 0;
    for (int s = 0; s < squares; ++s)
      if (step(s, dx, dy) >= 0) set_square(b, s);
    return b;
  }();

  // Every square of `set` moved by (dx, dy); those that would leave the board dropped. One
  // shift of the whole set. A word of lanes is shifted where it is used: a call passes it in
  // memory, and its lanes, stored one by one, stall the caller's next load of the whole word
  // (an integer word is better left to the compiler: chess 6 took 4% longer with it inlined).
  template <int dx, int dy>
    requires(!IsLanes<B>::value)
  static B shift(B set) {
    return shifted<dy * files + dx>(set & shift_sources<dx, dy>);
  }
  template <int dx, int dy>
    requires(IsLanes<B>::value)
  FAIRY_HOT_INLINE static B shift(B set) {
    return shifted<dy * files + dx>(set & shift_sources<dx, dy>);
  }

  // rays[d][s]: the squares from s outward in direction d, up to the edge.
  static constexpr auto rays = [] {
    std::array<std::array<B, squares>, kDirections> out{};
    for (int d = 0; d < kDirections; ++d)
      for (int s = 0; s < squares; ++s)
        for (int t = step(s, kDx[d], kDy[d]); t >= 0; t = step(t, kDx[d], kDy[d])) set_square(out[d][s], t);
    return out;
  }();

  // The squares within `range` steps of s in direction d (range 0: unlimited).
  static constexpr B ray_within(int d, int range, int s) {
    B b = 0;
    int t = s;
    for (int k = 0; range == 0 || k < range; ++k) {
      t = step(t, kDx[d], kDy[d]);
      if (t < 0) break;
      set_square(b, t);
    }
    return b;
  }

  // direction_between[a][b]: the direction from a to b when they share a line, else kNoDirection.
  static constexpr auto direction_between = [] {
    std::array<std::array<std::uint8_t, squares>, squares> out{};
    for (auto& row : out) row.fill(kNoDirection);
    for (int d = 0; d < kDirections; ++d)
      for (int a = 0; a < squares; ++a)
        for (int t = step(a, kDx[d], kDy[d]); t >= 0; t = step(t, kDx[d], kDy[d])) out[a][t] = std::uint8_t(d);
    return out;
  }();

  // The squares strictly between a and b on their common line (empty when not aligned).
  static constexpr B between(int a, int b) {
    const int d = direction_between[a][b];
    return d == kNoDirection ? B(0) : rays[d][a] & rays[opposite(d)][b];
  }
};

}  // namespace fairy::bitboard
