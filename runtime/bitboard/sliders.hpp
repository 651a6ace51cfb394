// Slider attacks along one line (rank, file, diagonal or anti-diagonal) through a square, given
// the occupied squares: every square up to and including the first occupied one, both ways.
//
// Three methods, chosen at compile time per board:
// - Line lookup (BMI2, lines of up to 12 squares): PEXT gathers the line's inner occupancy into
//   a small index, a table shared by all lines of the same length gives the attacked positions
//   along the line, PDEP scatters them back onto the board. One table of a few KB serves every
//   square and line, for every word width (a word of n 64-bit lanes takes n PEXTs/PDEPs).
// - Folded lines (portable; boards of 16 or 32 files in words of lanes, where the lines are too
//   long to look up): shifts and multiplies gather a line into a word of a bit per square, two
//   bit tricks find the reach both ways (and a hop's, past its screen), and the same ways put
//   it back. No branch, no table but the diagonals'. terachess2's perft 4 ran 7-9% faster than
//   by rays (pieces.hpp folds each line once for a piece's slides and hops along it).
// - Classical rays (portable): the ray from the square, cut behind its first blocker (found
//   with a bit scan). Used without BMI2, and on boards with longer lines, where the lookup
//   table would grow to hundreds of KB. Also for one direction alone (bent paths, the attacks
//   on a square): folded, that ran slower.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

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

  // ---- lines folded into a small word (boards of 16 or 32 files, whose ranks each lie within one
  // 64-bit lane, in words of more than one lane, where lines are too long to look up)
  //
  // A line's squares are gathered into a word of one bit per square, in their order along the
  // line: a rank is its lane shifted down; a diagonal has one square per file, so a multiply
  // adds the ranks of each lane onto its top rank (no two squares share a file: nothing
  // carries); a file's squares, one per rank, a multiply moves onto bits of their own. The
  // reach both ways from the piece's place is two bit tricks, and goes back onto the board the
  // same ways. No branch and no table but the diagonals' squares.
  static constexpr int per_lane = 64 / G::files;  // ranks in a lane
  // (With fewer ranks in a lane than files, kSpread's products land apart: 16 and 32 files.)
  static constexpr bool folds = !use_lookup && sizeof(B) > 8 && 64 % G::files == 0 && per_lane < G::files;
  static constexpr B kBoard = G::all();
  static constexpr std::uint64_t kFileZero = [] {  // file 0's squares in a lane
    std::uint64_t x = 0;
    for (int k = 0; k < per_lane; ++k) x |= std::uint64_t(1) << (G::files * k);
    return x;
  }();
  // Times a lane's file-0 squares (rank k at bit files * k): each moved to bit 64 - per_lane + k,
  // the other products below those bits or past the lane (and apart: nothing carries).
  static constexpr std::uint64_t kGather = [] {
    std::uint64_t x = 0;
    for (int k = 0; k < per_lane; ++k) x |= std::uint64_t(1) << (64 - per_lane - (G::files - 1) * k);
    return x;
  }();
  // Times per_lane bits: bit k moved to bit files * k (the other products off those bits, and
  // apart while per_lane < files).
  static constexpr std::uint64_t kSpread = [] {
    std::uint64_t x = 0;
    for (int k = 0; k < per_lane; ++k) x |= std::uint64_t(1) << ((G::files - 1) * k);
    return x;
  }();
  // The squares of each diagonal (line 2: file - rank constant, keyed file - rank + ranks - 1)
  // and anti-diagonal (line 3: file + rank).
  static constexpr int diagonals = G::files + G::ranks - 1;
  static constexpr int diagonal_key(int line, int s) {
    return line == 2 ? G::file_of(s) - G::rank_of(s) + G::ranks - 1 : G::file_of(s) + G::rank_of(s);
  }
  static constexpr auto diagonal_squares = [] {
    std::array<std::array<B, diagonals>, 2> out{};
    if constexpr (folds)
      for (int line = 2; line < 4; ++line)
        for (int s = 0; s < G::squares; ++s) set_square(out[line - 2][diagonal_key(line, s)], s);
    return out;
  }();

  // A line through a square, folded: a bit per square of the line (up to 32) in their order
  // along it, the line's pieces, and the square's place (its file; on a file, its rank).
  struct Fold {
    std::uint32_t pieces = 0;
    int place = 0;
  };
  static constexpr std::uint64_t kFileBits = (std::uint64_t(1) << G::files) - 1;
  FAIRY_HOT_INLINE static Fold fold(int line, int s, B occupied) {
    const int f = G::file_of(s);
    if (line == 0) return {std::uint32_t((lane(occupied, s / 64) >> (s % 64 - f)) & kFileBits), f};
    std::uint32_t pieces = 0;
    if (line == 1) {
      for (int j = 0; j < kLanes<B>; ++j)
        pieces |= std::uint32_t((((lane(occupied, j) >> f) & kFileZero) * kGather) >> (64 - per_lane)) << (per_lane * j);
      return {pieces, G::rank_of(s)};
    }
    const B& squares = diagonal_squares[line - 2][diagonal_key(line, s)];
    for (int j = 0; j < kLanes<B>; ++j) pieces |= std::uint32_t(((lane(occupied, j) & lane(squares, j)) * kFileZero) >> (64 - G::files));
    return {pieces, f};
  }
  // A board's files, diagonals and anti-diagonals folded as fold() folds them, kept square by
  // square as pieces come and go (Board::lines): from there a fold is a load. (A rank is a shift
  // of the occupied squares anyway.)
  using LineWord = std::conditional_t<(G::files <= 16 && G::ranks <= 16), std::uint16_t, std::uint32_t>;
  struct FoldedLines {
    std::array<LineWord, G::files> file{};                      // by file: a bit per rank
    std::array<std::array<LineWord, diagonals>, 2> diagonal{};  // by diagonal_key: a bit per file
    constexpr void toggle(int s) {
      const int f = G::file_of(s);
      file[f] ^= LineWord(std::uint32_t(1) << G::rank_of(s));
      diagonal[0][diagonal_key(2, s)] ^= LineWord(std::uint32_t(1) << f);
      diagonal[1][diagonal_key(3, s)] ^= LineWord(std::uint32_t(1) << f);
    }
  };
  // fold() of the board whose lines those are (`occupied`: its occupied squares).
  FAIRY_HOT_INLINE static Fold fold(const FoldedLines& lines, int line, int s, B occupied) {
    if (line == 0) return fold(0, s, occupied);
    if (line == 1) return {lines.file[G::file_of(s)], G::rank_of(s)};
    return {lines.diagonal[line - 2][diagonal_key(line, s)], G::file_of(s)};
  }
  // The squares of the line through s that `along` (folded as fold() folds) holds.
  FAIRY_HOT_INLINE static B unfold(int line, int s, std::uint32_t along) {
    std::array<std::uint64_t, kLanes<B>> out;
    const int f = G::file_of(s);
    if (line == 0) {
      const int i = s / 64, start = s % 64 - f;
      for (int j = 0; j < kLanes<B>; ++j) out[j] = ((std::uint64_t(along) & kFileBits) << start) & -std::uint64_t(j == i);
    } else if (line == 1) {
      for (int j = 0; j < kLanes<B>; ++j)
        out[j] = ((((along >> (per_lane * j)) & ((std::uint64_t(1) << per_lane) - 1)) * kSpread) & kFileZero) << f;
    } else {
      const B& squares = diagonal_squares[line - 2][diagonal_key(line, s)];
      for (int j = 0; j < kLanes<B>; ++j) out[j] = ((std::uint64_t(along) & kFileBits) * kFileZero) & lane(squares, j);
    }
    // Less the squares past the board in the last lane (a file's bits run on past its end).
    if constexpr (G::squares < 64 * kLanes<B>) return from_lanes(out) & kBoard;
    return from_lanes(out);
  }
  FAIRY_HOT_INLINE static B from_lanes(const std::array<std::uint64_t, kLanes<B>>& l) {
    if constexpr (IsLanes<B>::value) {
      B out;
      out.lane = l;
      return out;
    } else {
      return B(l[0]) | B(l[1]) << 64;
    }
  }
  // The places of the line through s that are squares of the board (a diagonal's files; the
  // folded reach runs on past the line's ends).
  static constexpr auto diagonal_places = [] {
    std::array<std::array<std::uint32_t, diagonals>, 2> out{};
    if constexpr (folds)
      for (int line = 2; line < 4; ++line)
        for (int s = 0; s < G::squares; ++s) out[line - 2][diagonal_key(line, s)] |= std::uint32_t(1) << G::file_of(s);
    return out;
  }();
  FAIRY_HOT_INLINE static constexpr std::uint32_t places(int line, int s) {
    if (line == 0) return std::uint32_t(kFileBits);
    if (line == 1) return std::uint32_t((std::uint64_t(1) << G::ranks) - 1);
    return diagonal_places[line - 2][diagonal_key(line, s)];
  }
  // The square at place p of the line through s (p among places(line, s)).
  FAIRY_HOT_INLINE static constexpr int square_at(int line, int s, int p) {
    const int f = G::file_of(s);
    if (line == 0) return s + p - f;
    if (line == 1) return s + (p - G::rank_of(s)) * G::files;
    return s + (p - f) * (line == 2 ? G::files + 1 : 1 - G::files);
  }
  // Along a folded line from place p: the places above it (towards higher ones) and below.
  static constexpr std::uint32_t below(int p) { return (std::uint32_t(1) << p) - 1; }
  static constexpr std::uint32_t above(int p) { return ~below(p) << 1; }
  // The places up to and including the lowest of `pieces` (all when there is none), and from
  // the highest up.
  static constexpr std::uint32_t up_to_lowest(std::uint32_t pieces) { return pieces ^ (pieces - 1); }
  static constexpr std::uint32_t from_highest(std::uint32_t pieces) { return ~std::uint32_t(0) << (31 - std::countl_zero(pieces | 1)); }
  // The places within `range` steps of p (range 0: all).
  static constexpr std::uint32_t within(int p, int range) {
    if (range == 0) return ~std::uint32_t(0);
    const int low = p - range < 0 ? 0 : p - range, high = p + range > 31 ? 31 : p + range;
    return std::uint32_t((std::uint64_t(2) << high) - 1) & ~below(low);
  }
  // Direction d's sense along its folded line: up for the even directions, but the anti-diagonal
  // (line 3) is folded by file, and its even direction runs towards lower files.
  static constexpr bool folds_up(int d) { return (d & 1) == (d / 2 == 3); }
  // A slide's reach along `line` from the folded square, up to and including the first piece,
  // in the senses given as SlideGroup's (bit 1: direction 2 * line, bit 2: 2 * line + 1), within
  // `range` steps (0: no limit). Bits past the line's end come too: unfold drops them.
  FAIRY_HOT_INLINE static constexpr std::uint32_t slide_fold(Fold l, int line, int senses, int range = 0) {
    const bool first_up = folds_up(2 * line);
    const std::uint32_t up = (senses & (first_up ? 1 : 2)) ? above(l.place) : 0;
    const std::uint32_t down = (senses & (first_up ? 2 : 1)) ? below(l.place) : 0;
    const std::uint32_t a = (up & up_to_lowest(l.pieces & up)) | (down & from_highest(l.pieces & down));
    return range ? a & within(l.place, range) : a;
  }
  // A hop's reach from p one way (up: towards higher places): past the first piece (the screen),
  // up to and including the next; nothing without a screen.
  FAIRY_HOT_INLINE static constexpr std::uint32_t hop_fold(Fold l, bool up) {
    if (up) {
      const std::uint32_t ahead = l.pieces & above(l.place), past = ~up_to_lowest(ahead);
      return past & up_to_lowest(ahead & past);
    }
    const std::uint32_t ahead = l.pieces & below(l.place), past = below(31 - std::countl_zero(ahead | 1));
    return past & from_highest(ahead & past);
  }
  FAIRY_HOT_INLINE static B folded_line_attacks(int line, int s, B occupied) {
    return unfold(line, s, slide_fold(fold(line, s, occupied), line, 3));
  }
  // Attacks along `line` (0 rank, 1 file, 2 diagonal, 3 anti-diagonal) from s.
  FAIRY_HOT_INLINE static B line_attacks(int line, int s, B occupied) {
    if constexpr (use_lookup)
      return line_attacks_by_lookup(line, s, occupied);
    else if constexpr (folds)
      return folded_line_attacks(line, s, occupied);
    else
      return line_attacks_by_rays(line, s, occupied);
  }
};

}  // namespace fairy::bitboard
