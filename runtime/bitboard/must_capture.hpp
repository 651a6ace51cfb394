// Compulsory captures (must_capture: antichess, losers) on the kernel, as keep_captures_if_any
// in runtime/movegen.hpp has them: when some legal move captures, the captures are the only
// moves. The generator runs unchanged; sinks in front of the real one sort its target sets into
// captures (onto an enemy piece, and e.p.) and the rest (castling among them). The last ply
// counts both kinds in one pass; earlier plies look for a capture first, then make the moves of
// the kind that stays.
//
// The description's record says whether captures are compulsory (rules.must_capture); only
// then is there code for it, so the other variants' kernel code stays as it was.
#pragma once

#include <cstdint>

#include "runtime/bitboard/no_check.hpp"

namespace fairy::bitboard {

template <class D>
constexpr bool captures_compulsory = D::rules.must_capture;

// Counts the captures and the other moves apart.
template <class D>
struct SplitCounter {
  using B = typename Variant<D>::B;
  B theirs;
  std::uint64_t captures = 0, others = 0;

  template <int t, class From>
  void moves(From, B targets) {
    captures += popcount(targets & theirs);
    others += popcount(targets & ~theirs);
  }
  template <int t, class From>
  void promotions(From, B targets, const Choices& c) {
    captures += std::uint64_t(popcount(targets & theirs)) * c.count();
    others += std::uint64_t(popcount(targets & ~theirs)) * c.count();
  }
  template <int t>
  void en_passant(int, int, const Choices& c) {
    captures += c.count();
  }
  void castling(int, int, int, int) { ++others; }

  std::uint64_t legal() const { return captures ? captures : others; }
};

// Whether a capture is among the moves (it stops looking at none: the generator has no early exit).
template <class D>
struct CaptureFinder {
  using B = typename Variant<D>::B;
  B theirs;
  bool found = false;

  template <int t, class From>
  void moves(From, B targets) {
    found |= bool(targets & theirs);
  }
  template <int t, class From>
  void promotions(From, B targets, const Choices&) {
    found |= bool(targets & theirs);
  }
  template <int t>
  void en_passant(int, int, const Choices&) {
    found = true;
  }
  void castling(int, int, int, int) {}
};

// Passes on to `sink` the moves of one kind: the captures, or the others.
template <class D, class Sink>
struct KindFilter {
  using B = typename Variant<D>::B;
  Sink& sink;
  B targets_kept;  // the enemy's pieces, or every other square
  bool captures;

  template <int t, class From>
  void moves(From from, B targets) {
    if ((targets &= targets_kept)) sink.template moves<t>(from, targets);
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    if ((targets &= targets_kept)) sink.template promotions<t>(from, targets, c);
  }
  template <int t>
  void en_passant(int from, int to, const Choices& c) {
    if (captures) sink.template en_passant<t>(from, to, c);
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    if (!captures) sink.castling(king_from, king_to, partner_from, partner_to);
  }
};

template <class D, Color us>
std::uint64_t count_compulsory(const Board<D>& b) {
  SplitCounter<D> counter{b.color[~us]};
  generate_moves<D, us>(b, counter);
  return counter.legal();
}

// The captures to `sink` if there are any, else all the moves.
template <class D, Color us, class Sink>
void generate_compulsory(const Board<D>& b, Sink& sink) {
  const auto theirs = b.color[~us];
  CaptureFinder<D> finder{theirs};
  generate_moves<D, us>(b, finder);
  KindFilter<D, Sink> filter{sink, finder.found ? theirs : ~theirs, finder.found};
  generate_moves<D, us>(b, filter);
}

}  // namespace fairy::bitboard
