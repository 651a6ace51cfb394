// Board geometry on a padded mailbox.
//
// Files and ranks live in a 1-D array with a border of kWall cells kPad wide, so that any leap
// of up to kPad squares in each direction from a board square lands either on the board or on
// the border: an off-board test is one load. Rows share their left/right border (the right
// border of one row is the left border of the next), so the row stride is files + kPad.
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "runtime/types.hpp"

namespace fairy {

constexpr int kPad = 3;          // longest leap component: H, C, Z, G are 3 squares
constexpr int kMaxFiles = 16;
constexpr int kMaxRanks = 16;
constexpr int kMaxSteps = kMaxFiles + kMaxRanks;  // more steps than any line on the board has

struct Geometry {
  int files = 8;
  int ranks = 8;

  constexpr int stride() const { return files + kPad; }
  constexpr int cells() const { return (ranks + 2 * kPad) * stride() + kPad; }
  constexpr Square square(int file, int rank) const {
    return Square((rank + kPad) * stride() + kPad + file);
  }
  constexpr int file_of(Square s) const { return s % stride() - kPad; }
  constexpr int rank_of(Square s) const { return s / stride() - kPad; }
  constexpr bool on_board(Square s) const {
    const int f = file_of(s), r = rank_of(s);
    return s >= 0 && f >= 0 && f < files && r >= 0 && r < ranks;
  }
  // Offset of a (dx, dy) step: dx files right, dy ranks up.
  constexpr int offset(int dx, int dy) const { return dy * stride() + dx; }
  // Rank counted from the given side's own back rank (0 = own first rank).
  constexpr int relative_rank(Square s, Color c) const {
    return c == White ? rank_of(s) : ranks - 1 - rank_of(s);
  }

  // "e4", "a10", "p16"; "-" for kNoSquare.
  std::string name(Square s) const;
  // Parses a square name at the start of text; returns the square and the characters used
  // (0 and kNoSquare when there is none on this board).
  constexpr std::pair<Square, int> parse(std::string_view text) const {
    if (text.empty() || text[0] < 'a' || text[0] >= 'a' + files) return {kNoSquare, 0};
    const int file = text[0] - 'a';
    int rank = 0, used = 1;
    while (used < int(text.size()) && used <= 2 && text[used] >= '0' && text[used] <= '9') {
      rank = rank * 10 + (text[used] - '0');
      ++used;
    }
    if (used == 1 || rank < 1 || rank > ranks || text[1] == '0') return {kNoSquare, 0};
    return {square(file, rank - 1), used};
  }
};

// A square's text in a FEN: a piece's token (its letter, with `+` before or `~` after it,
// VariantInfo::token), `*` for a hole, nothing for an empty square (as from a NUL character). A
// value of two characters at most: writing a FEN makes no string a square.
struct PieceToken {
  std::array<char, 2> text{};
  std::uint8_t size = 0;
  constexpr PieceToken() = default;
  constexpr explicit PieceToken(char c) : text{c, 0}, size(c != 0) {}
  constexpr PieceToken(char a, char b) : text{a, b}, size(2) {}
  constexpr operator std::string_view() const { return {text.data(), size}; }
};

// The board part of a FEN: ranks from the last, runs of empty squares as numbers (which may
// exceed 9). cell(s) gives the PieceToken on s, empty for an empty square.
template <class Cell>
std::string board_fen(const Geometry& g, const Cell& cell) {
  std::string out;
  out.reserve(std::size_t(g.files * g.ranks + g.ranks));
  const auto add_empty = [&out](int& empty) {
    char digits[4];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, empty).ptr);
    empty = 0;
  };
  for (int r = g.ranks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < g.files; ++f) {
      const PieceToken token = cell(g.square(f, r));
      const std::string_view text = token;
      if (text.empty()) {
        ++empty;
        continue;
      }
      if (empty) add_empty(empty);
      out += text;
    }
    if (empty) add_empty(empty);
    if (r) out += '/';
  }
  return out;
}

}  // namespace fairy
