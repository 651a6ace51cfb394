// Slider attacks along one line (rank, file, diagonal or anti-diagonal) through a square, given
// the occupied squares: every square up to and including the first occupied one, both ways.
//
// Two methods, chosen at compile time per board:
// - Line lookup (BMI2, lines of up to 12 squares): PEXT gathers the line's inner occupancy into
//   a small index, a table shared by all lines of the same length gives the attacked positions
//   along the line, PDEP scatters them back onto the board. One table of a few KB serves every
//   square and line, for every word width (a word of n 64-bit lanes takes n PEXTs/PDEPs).
// - Classical rays (portable): the ray from the square, cut behind its first blocker (found
//   with a bit scan). Used without BMI2, and on boards with longer lines, where the lookup
//   table would grow to hundreds of KB.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "runtime/bitboard/grid.hpp"

namespace fairy::bitboard {

// Lines a lookup table handles (the table has L * 2^(L-2) entries for lines of length L).
inline constexpr int kMaxLookupLine = 12;

// The attacks along a line of any length up to `longest` squares (at most kMaxLookupLine), from
// each position, for each occupancy of its inner squares: one table for every board whose longest
// line is as long (a board's lines of each length index into it), evaluated once a program.
template <int longest>
struct LineTable {
  // Where the entries for lines of length L start; position p on such a line owns 2^(L-2)
  // consecutive entries, one per occupancy of the line's inner squares.
  static constexpr int inner_bits(int length) { return length > 2 ? length - 2 : 0; }
  static constexpr auto length_base = [] {
    std::array<int, kMaxLookupLine + 2> base{};
    for (int l = 1; l <= kMaxLookupLine; ++l) base[l + 1] = base[l] + l * (1 << inner_bits(l));
    return base;
  }();
  static constexpr int table_size = length_base[longest + 1];

  // line_table[length_base[L] + p * 2^(L-2) + inner]: the positions along the line attacked from p.
  static constexpr auto line_table = [] {
    std::array<std::uint16_t, table_size> out{};
    for (int l = 1; l <= longest; ++l)
      for (int p = 0; p < l; ++p)
        for (int inner = 0; inner < (1 << inner_bits(l)); ++inner) {
          const int occupied = inner << 1;  // positions 1 .. l-2
          std::uint16_t a = 0;
          for (int q = p + 1; q < l; ++q) {
            a |= std::uint16_t(1u << q);
            if (occupied & (1 << q)) break;
          }
          for (int q = p - 1; q >= 0; --q) {
            a |= std::uint16_t(1u << q);
            if (occupied & (1 << q)) break;
          }
          out[length_base[l] + p * (1 << inner_bits(l)) + inner] = a;
        }
    return out;
  }();
};

template <class G>
struct Sliders {
  using B = typename G::B;
  static constexpr int max_line = G::files > G::ranks ? G::files : G::ranks;
  static constexpr bool use_lookup = kHaveBmi2 && max_line <= kMaxLookupLine;

  // The ray in direction d from s, cut after its first blocker.
  FAIRY_HOT_INLINE static constexpr B ray_attacks(int d, int s, B occupied) {
    const B ray = G::rays[d][s];
    const B blockers = ray & occupied;
    if (!blockers) return ray;
    return ray ^ G::rays[d][first_along(d, blockers)];
  }
  FAIRY_HOT_INLINE static constexpr B line_attacks_by_rays(int line, int s, B occupied) {
    return ray_attacks(2 * line, s, occupied) | ray_attacks(2 * line + 1, s, occupied);
  }

  // ---- line lookup tables (LineTable below: shared by every board with lines as long)

  using Lines = LineTable<(max_line < kMaxLookupLine ? max_line : kMaxLookupLine)>;
  static constexpr int inner_bits(int length) { return Lines::inner_bits(length); }
  static constexpr const auto& length_base = Lines::length_base;
  static constexpr const auto& line_table = Lines::line_table;

  struct LineLookup {
    B full = 0;   // the line's squares
    B inner = 0;  // without its two end squares
    int offset = 0;
    // Inner and full squares in the lanes below lane i (for words of several lanes).
    std::array<std::uint8_t, kLanes<B>> inner_below{}, full_below{};
  };
  static constexpr auto lookups = [] {
    std::array<std::array<LineLookup, G::squares>, 4> out{};
    for (int line = 0; line < 4; ++line)
      for (int s = 0; s < G::squares; ++s) {
        LineLookup& l = out[line][s];
        l.full = G::rays[2 * line][s] | G::rays[2 * line + 1][s] | bit<B>(s);
        const int length = popcount(l.full), position = popcount(G::rays[2 * line + 1][s]);
        l.inner = length > 2 ? l.full & ~bit<B>(lsb(l.full)) & ~bit<B>(msb(l.full)) : B(0);
        if (length <= kMaxLookupLine) l.offset = length_base[length] + position * (1 << inner_bits(length));
        for (int i = 1; i < kLanes<B>; ++i) {
          l.inner_below[i] = std::uint8_t(l.inner_below[i - 1] + std::popcount(lane(l.inner, i - 1)));
          l.full_below[i] = std::uint8_t(l.full_below[i - 1] + std::popcount(lane(l.full, i - 1)));
        }
      }
    return out;
  }();

  FAIRY_HOT_INLINE static B line_attacks_by_lookup(int line, int s, B occupied) {
    const LineLookup& l = lookups[line][s];
    if constexpr (sizeof(B) == 8) {
      return pdep(line_table[l.offset + pext(occupied, l.inner)], l.full);
    } else if constexpr (sizeof(B) == 16) {
      const std::uint64_t index = pext(low_half(occupied), low_half(l.inner)) |
                                  pext(high_half(occupied), high_half(l.inner)) << l.inner_below[1];
      const std::uint64_t a = line_table[l.offset + index];
      return B(pdep(a, low_half(l.full))) | B(pdep(a >> l.full_below[1], high_half(l.full))) << 64;
    } else {
      std::uint64_t index = 0;
      for (int i = 0; i < kLanes<B>; ++i) index |= pext(occupied.lane[i], l.inner.lane[i]) << l.inner_below[i];
      const std::uint64_t a = line_table[l.offset + index];
      B out;
      for (int i = 0; i < kLanes<B>; ++i) out.lane[i] = pdep(a >> l.full_below[i], l.full.lane[i]);
      return out;
    }
  }

  // Attacks along `line` (0 rank, 1 file, 2 diagonal, 3 anti-diagonal) from s.
  FAIRY_HOT_INLINE static B line_attacks(int line, int s, B occupied) {
    if constexpr (use_lookup)
      return line_attacks_by_lookup(line, s, occupied);
    else
      return line_attacks_by_rays(line, s, occupied);
  }
};

}  // namespace fairy::bitboard
