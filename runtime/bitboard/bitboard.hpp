// Bit sets of squares for the bitboard kernel: a 64-bit word for boards of up to 64 squares, a
// 128-bit one for boards of up to 128, and Lanes<n> (n 64-bit lanes) for boards of up to 256:
// 192 bits for 12x12, 256 for 16x16. Square i is bit i, counted rank by rank from a1 (square
// index = rank * files + file). The operations below are the same for every width.
//
// Slider lookups use PEXT/PDEP (BMI2) when the compiler targets it (__BMI2__, set by CMake for
// generated modules only when the build machine supports it); pext/pdep here are then one
// instruction per 64-bit half. Without BMI2 the kernel uses the classical ray method instead
// (see sliders.hpp), and these portable versions only serve tests.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "runtime/hot_inline.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace fairy::bitboard {

__extension__ using u128 = unsigned __int128;

#if defined(__BMI2__)
inline constexpr bool kHaveBmi2 = true;
#else
inline constexpr bool kHaveBmi2 = false;
#endif

// A word of n 64-bit lanes (lane 0 holds squares 0-63), with the integer operators the kernel
// uses: bitwise logic, shifts, comparison and truth. Small fixed loops the compiler unrolls.
template <int n>
struct Lanes {
  static_assert(n >= 2 && n <= 4);
  std::array<std::uint64_t, n> lane{};

  constexpr Lanes() = default;
  constexpr Lanes(std::uint64_t low) : lane{low} {}  // NOLINT: B(0), B(1) as for the integer words

  constexpr explicit operator bool() const {
    std::uint64_t any = 0;
    for (int i = 0; i < n; ++i) any |= lane[i];
    return any != 0;
  }
  friend constexpr bool operator==(const Lanes&, const Lanes&) = default;

  friend constexpr Lanes operator&(const Lanes& a, const Lanes& b) {
    Lanes out;
    for (int i = 0; i < n; ++i) out.lane[i] = a.lane[i] & b.lane[i];
    return out;
  }
  friend constexpr Lanes operator|(const Lanes& a, const Lanes& b) {
    Lanes out;
    for (int i = 0; i < n; ++i) out.lane[i] = a.lane[i] | b.lane[i];
    return out;
  }
  friend constexpr Lanes operator^(const Lanes& a, const Lanes& b) {
    Lanes out;
    for (int i = 0; i < n; ++i) out.lane[i] = a.lane[i] ^ b.lane[i];
    return out;
  }
  constexpr Lanes& operator&=(const Lanes& b) {
    for (int i = 0; i < n; ++i) lane[i] &= b.lane[i];
    return *this;
  }
  constexpr Lanes& operator|=(const Lanes& b) {
    for (int i = 0; i < n; ++i) lane[i] |= b.lane[i];
    return *this;
  }
  constexpr Lanes& operator^=(const Lanes& b) {
    for (int i = 0; i < n; ++i) lane[i] ^= b.lane[i];
    return *this;
  }
  constexpr Lanes operator~() const {
    Lanes out;
    for (int i = 0; i < n; ++i) out.lane[i] = ~lane[i];
    return out;
  }
  // Shifts by 0 <= k < 64 * n bits.
  friend constexpr Lanes operator<<(const Lanes& a, int k) {
    Lanes out;
    const int q = k / 64, r = k % 64;
    for (int i = n - 1; i >= q; --i)
      out.lane[i] = (a.lane[i - q] << r) | (r && i - q - 1 >= 0 ? a.lane[i - q - 1] >> (64 - r) : 0);
    return out;
  }
  friend constexpr Lanes operator>>(const Lanes& a, int k) {
    Lanes out;
    const int q = k / 64, r = k % 64;
    for (int i = 0; i + q < n; ++i)
      out.lane[i] = (a.lane[i + q] >> r) | (r && i + q + 1 < n ? a.lane[i + q + 1] << (64 - r) : 0);
    return out;
  }
};

// The word that holds a board of `squares` squares.
template <int squares>
using WordFor = std::conditional_t<(squares <= 64), std::uint64_t,
                                   std::conditional_t<(squares <= 128), u128, Lanes<(squares + 63) / 64>>>;
inline constexpr int kMaxSquares = 256;

template <class B>
struct IsLanes : std::false_type {};
template <int n>
struct IsLanes<Lanes<n>> : std::true_type {};

template <class B>
concept Word = std::is_same_v<B, std::uint64_t> || std::is_same_v<B, u128> || IsLanes<B>::value;

// How many 64-bit lanes a word has, and lane i of it.
template <Word B>
inline constexpr int kLanes = int(sizeof(B) / 8);
template <Word B>
constexpr std::uint64_t lane(const B& b, int i) {
  if constexpr (IsLanes<B>::value)
    return b.lane[i];
  else
    return std::uint64_t(b >> (64 * i));
}

namespace detail {

// Two lanes of a word of four, in a vector register; the word is lo:hi.
using LanePair = std::uint64_t __attribute__((vector_size(16)));

// Lanes i and i + 1 of lo:hi moved up by m lanes (down for m < 0); lanes from past either end
// are zero.
template <int i, int m>
FAIRY_HOT_INLINE inline LanePair moved_lanes(LanePair lo, LanePair hi) {
  constexpr int a = i - m, c = i + 1 - m;
  constexpr bool a_in = a >= 0 && a < 4, c_in = c >= 0 && c < 4;
  return __builtin_shufflevector(lo, hi, a_in ? a : 0, c_in ? c : 0) & LanePair{a_in ? ~0ull : 0, c_in ? ~0ull : 0};
}

// Lanes i and i + 1 of lo:hi shifted by k bits: each from its lane moved by whole lanes, and
// the bits carried from the lane next to that one.
template <int k, int i>
FAIRY_HOT_INLINE inline LanePair shifted_lanes(LanePair lo, LanePair hi) {
  constexpr int q = (k > 0 ? k : -k) / 64, r = (k > 0 ? k : -k) % 64;
  if constexpr (k > 0) {
    LanePair out = moved_lanes<i, q>(lo, hi) << r;
    if constexpr (r != 0) out |= moved_lanes<i, q + 1>(lo, hi) >> (64 - r);
    return out;
  } else {
    LanePair out = moved_lanes<i, -q>(lo, hi) >> r;
    if constexpr (r != 0) out |= moved_lanes<i, -q - 1>(lo, hi) << (64 - r);
    return out;
  }
}

}  // namespace detail

// b shifted by k bits (k > 0: towards higher squares), k known at compile time. A word of four
// lanes is shifted as two pairs of lanes in vector registers, where its other operations keep it:
// gcc's code for operator<< wrote two lanes from vector registers and two from general ones,
// and the next load of the whole word then waited for those stores.
template <int k, class B>
constexpr B shifted(const B& b) {
  if constexpr (IsLanes<B>::value && kLanes<B> == 4 && k != 0) {
    if (!std::is_constant_evaluated()) {
      detail::LanePair lo, hi;
      std::memcpy(&lo, &b.lane[0], 16);
      std::memcpy(&hi, &b.lane[2], 16);
      const detail::LanePair out_lo = detail::shifted_lanes<k, 0>(lo, hi), out_hi = detail::shifted_lanes<k, 2>(lo, hi);
      B out;
      std::memcpy(&out.lane[0], &out_lo, 16);
      std::memcpy(&out.lane[2], &out_hi, 16);
      return out;
    }
  }
  if constexpr (k >= 0)
    return b << k;
  else
    return b >> -k;
}

constexpr std::uint64_t low_half(u128 b) { return std::uint64_t(b); }
constexpr std::uint64_t high_half(u128 b) { return std::uint64_t(b >> 64); }

constexpr int popcount(std::uint64_t b) { return std::popcount(b); }
constexpr int popcount(u128 b) { return std::popcount(low_half(b)) + std::popcount(high_half(b)); }

// Lowest and highest set square; b must not be empty.
constexpr int lsb(std::uint64_t b) { return std::countr_zero(b); }
constexpr int lsb(u128 b) {
  return low_half(b) ? std::countr_zero(low_half(b)) : 64 + std::countr_zero(high_half(b));
}
constexpr int msb(std::uint64_t b) { return 63 - std::countl_zero(b); }
constexpr int msb(u128 b) {
  return high_half(b) ? 127 - std::countl_zero(high_half(b)) : 63 - std::countl_zero(low_half(b));
}
template <int n>
constexpr int popcount(const Lanes<n>& b) {
  int c = 0;
  for (int i = 0; i < n; ++i) c += std::popcount(b.lane[i]);
  return c;
}
template <int n>
FAIRY_HOT_INLINE constexpr int lsb(const Lanes<n>& b) {
  for (int i = 0; i < n - 1; ++i)
    if (b.lane[i]) return 64 * i + std::countr_zero(b.lane[i]);
  return 64 * (n - 1) + std::countr_zero(b.lane[n - 1]);
}
template <int n>
FAIRY_HOT_INLINE constexpr int msb(const Lanes<n>& b) {
  for (int i = n - 1; i > 0; --i)
    if (b.lane[i]) return 64 * i + 63 - std::countl_zero(b.lane[i]);
  return 63 - std::countl_zero(b.lane[0]);
}

// One square's bit. A variable 128-bit shift takes several instructions, a table load one. In a
// word of lanes the table also keeps the word out of a one-lane store: the compiler holds such
// words in vector registers, and a whole-word load after a one-lane store stalls (store
// forwarding), as does picking a lane by a run-time index.
template <class B>
inline constexpr auto kSquareBits = [] {
  std::array<B, 64 * kLanes<B>> bits{};
  for (int s = 0; s < 64 * kLanes<B>; ++s) {
    if constexpr (IsLanes<B>::value)
      bits[s].lane[s / 64] = std::uint64_t(1) << (s % 64);
    else
      bits[s] = B(1) << s;
  }
  return bits;
}();

template <Word B>
FAIRY_HOT_INLINE constexpr B bit(int s) {
  if constexpr (sizeof(B) == 8)
    return B(1) << s;
  else
    return kSquareBits<B>[s];
}

// b |= bit<B>(s) touching one word: the tables built at compile time use it, since a whole-word
// OR of a multi-lane board costs the constant evaluator several times as much.
template <Word B>
constexpr void set_square(B& b, int s) {
  if constexpr (IsLanes<B>::value)
    b.lane[s / 64] |= std::uint64_t(1) << (s % 64);
  else
    b |= bit<B>(s);
}

// b & bit<B>(s) reading one word: the test of one square, where the whole-word AND of a
// multi-lane board would build and test every lane (and a hot one it did cost).
template <Word B>
FAIRY_HOT_INLINE constexpr bool has_square(const B& b, int s) {
  return (lane(b, s / 64) >> (s % 64)) & 1;
}

// Removes the lowest set square from b and returns it.
template <Word B>
FAIRY_HOT_INLINE constexpr int pop_lsb(B& b) {
  const int s = lsb(b);
  if constexpr (IsLanes<B>::value)
    b ^= bit<B>(s);
  else
    b &= b - 1;
  return s;
}

template <Word B>
FAIRY_HOT_INLINE constexpr bool more_than_one(B b) {
  if constexpr (IsLanes<B>::value) {
    if (!b) return false;
    pop_lsb(b);
    return bool(b);
  } else {
    return (b & (b - 1)) != 0;
  }
}

// Parallel bit extract / deposit: the bits of x selected by mask, packed to the bottom; and the
// reverse. The portable loops are the definition; the BMI2 versions are the same operation.
constexpr std::uint64_t pext_portable(std::uint64_t x, std::uint64_t mask) {
  std::uint64_t out = 0;
  for (std::uint64_t k = 1; mask; mask &= mask - 1, k <<= 1)
    if (x & mask & (~mask + 1)) out |= k;
  return out;
}
constexpr std::uint64_t pdep_portable(std::uint64_t x, std::uint64_t mask) {
  std::uint64_t out = 0;
  for (std::uint64_t k = 1; mask; mask &= mask - 1, k <<= 1)
    if (x & k) out |= mask & (~mask + 1);
  return out;
}

inline std::uint64_t pext(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  return pext_portable(x, mask);
#endif
}
inline std::uint64_t pdep(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(x, mask);
#else
  return pdep_portable(x, mask);
#endif
}

}  // namespace fairy::bitboard
