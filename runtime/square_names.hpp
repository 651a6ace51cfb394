// Squares that generated code names (a piece's region:, its moves_on: entries): tables of the
// mailbox's squares (runtime/geometry.hpp) built at compile time from the squares' names, so
// that the code says which squares it means ("d1-f3 e4"), each name parsed as everywhere else
// (Geometry::parse).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "runtime/geometry.hpp"

namespace fairy {

// Calls f(square) for each square of `names`, apart by spaces: square names ("d1"), and
// rectangles by two corners ("d1-f3": d1 to f3, three files by three ranks). A name that is no
// square of the board stops the compiler where a table is built (a generated module's are
// constexpr).
template <class F>
constexpr void for_each_named(const Geometry& g, std::string_view names, F f) {
  const auto square = [&g, &names] {
    const auto [s, used] = g.parse(names);
    if (used == 0) throw "for_each_named: not a square of the board";
    names.remove_prefix(std::size_t(used));
    return s;
  };
  while (!names.empty()) {
    if (names.front() == ' ') {
      names.remove_prefix(1);
      continue;
    }
    const Square from = square();
    Square to = from;
    if (!names.empty() && names.front() == '-') {
      names.remove_prefix(1);
      to = square();
    }
    if (!names.empty() && names.front() != ' ') throw "for_each_named: squares are apart by spaces";
    const int f0 = std::min(g.file_of(from), g.file_of(to)), f1 = std::max(g.file_of(from), g.file_of(to));
    const int r0 = std::min(g.rank_of(from), g.rank_of(to)), r1 = std::max(g.rank_of(from), g.rank_of(to));
    for (int r = r0; r <= r1; ++r)
      for (int file = f0; file <= f1; ++file) f(g.square(file, r));
  }
}

// A set of squares as generated code states it, constexpr (a piece's region or moves_on entry
// in its table, the flag's squares): bit k % 64 of word k / 64 for the square whose kernel
// square is k, on boards of up to 256 squares.
using SquareWords = std::array<std::uint64_t, 4>;
constexpr bool holds(const SquareWords& words, int s) { return (words[std::size_t(s / 64)] >> (s % 64)) & 1; }
constexpr void add_square(SquareWords& words, int s) { words[std::size_t(s / 64)] |= std::uint64_t(1) << (s % 64); }

// A kernel square: rank * files + file of the mailbox square s (runtime/geometry.hpp).
constexpr int kernel_square(const Geometry& g, Square s) { return g.rank_of(s) * g.files + g.file_of(s); }

// Calls f(kernel square) for each square of g that `names` names (runtime/square_names.hpp:
// "d1-f3 e4").
template <class F>
constexpr void for_each_kernel_square(const Geometry& g, std::string_view names, F f) {
  for_each_named(g, names, [&](Square s) { f(kernel_square(g, s)); });
}

// The squares of g that `names` names, as generated code writes a set.
constexpr SquareWords square_words(const Geometry& g, std::string_view names) {
  SquareWords words{};
  for_each_kernel_square(g, names, [&](int k) { add_square(words, k); });
  return words;
}

// Calls f(square) for each square of g in `words`, in increasing kernel order.
template <class F>
constexpr void for_each_held(const Geometry& g, const SquareWords& words, F f) {
  for (int k = 0; k < g.files * g.ranks; ++k)
    if (holds(words, k)) f(g.square(k % g.files, k / g.files));
}

// A set of squares (a region): called with a square, whether it is one of them.
class SquareTable {
 public:
  constexpr SquareTable(const Geometry& g, std::string_view names) {
    for_each_named(g, names, [this](Square s) { words_[std::size_t(s) / 64] |= std::uint64_t(1) << (s % 64); });
  }
  constexpr bool operator()(Square s) const { return (words_[std::size_t(s) / 64] >> (s % 64)) & 1; }

 private:
  std::array<std::uint64_t, kMaxSquares / 64> words_{};
};

// A piece's moves_on entries, each a set of squares by name: called with a square, the first
// entry that holds it, or -1 where none does (the piece has its own moves there).
class EntryTable {
 public:
  template <std::size_t N>
  constexpr EntryTable(const Geometry& g, const std::string_view (&entries)[N]) {
    entry_.fill(-1);
    for (std::size_t i = N; i-- > 0;)  // the first entry last: it wins
      for_each_named(g, entries[i], [this, i](Square s) { entry_[std::size_t(s)] = std::int8_t(i); });
  }
  constexpr int operator()(Square s) const { return entry_[std::size_t(s)]; }

 private:
  std::array<std::int8_t, kMaxSquares> entry_{};
};

}  // namespace fairy
