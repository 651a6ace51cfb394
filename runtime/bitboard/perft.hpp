// Perft on the bitboard kernel. The last ply is counted from the legal target sets (a popcount
// per piece, times the promotion choices; a popcount per type in hand for drops); earlier plies make each move on a copy of the board
// and recurse. The entry point takes a Position of the described variant.
#pragma once

#include <cstdint>
#include <optional>

#include "runtime/bitboard/ends.hpp"
#include "runtime/bitboard/legal.hpp"
#include "runtime/bitboard/make.hpp"
#include "runtime/bitboard/must_capture.hpp"
#include "runtime/perft.hpp"

namespace fairy::bitboard {

// Counts the moves it is given.
template <class D>
struct MoveCounter {
  using B = typename Variant<D>::B;
  std::uint64_t nodes = 0;

  template <int t, class From>
  void moves(From, B targets) {
    nodes += popcount(targets);
  }
  template <int t, class From>
  void promotions(From, B targets, const Choices& c) {
    nodes += std::uint64_t(popcount(targets)) * c.count();
  }
  template <int t>
  void en_passant(int, int, const Choices& c) {
    nodes += c.count();
  }
  void castling(int, int, int, int) { ++nodes; }
  template <int t>
  void drops(B targets) {
    nodes += popcount(targets);
  }
};

template <class D, Color us>
std::uint64_t perft(const Board<D>& b, int depth);

// Makes every move it is given and adds up the perft of the positions they lead to.
template <class D, Color us>
struct Expander {
  using B = typename Variant<D>::B;
  using Mk = Make<D, us>;
  const Board<D>& board;
  int depth;  // of the children
  std::uint64_t nodes = 0;

  template <int t, class From>
  void moves(From from, B targets) {
    while (targets) {
      const int to = pop_lsb(targets);
      child(Mk::template normal<t>(board, from(to), to, t));
    }
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    while (targets) {
      const int to = pop_lsb(targets);
      if (c.stay) child(Mk::template normal<t>(board, from(to), to, t));
      for (int i = 0; i < c.n; ++i) child(Mk::template normal<t>(board, from(to), to, c.to[i]));
    }
  }
  template <int t>
  void en_passant(int from, int to, const Choices& c) {
    if (c.stay) child(Mk::template en_passant<t>(board, from, to, t));
    for (int i = 0; i < c.n; ++i) child(Mk::template en_passant<t>(board, from, to, c.to[i]));
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    child(Mk::castling(board, king_from, king_to, partner_from, partner_to));
  }
  template <int t>
  void drops(B targets) {
    while (targets) child(Mk::template drop<t>(board, pop_lsb(targets)));
  }

 private:
  void child(const Board<D>& next) {
    if (!perft_interrupted) nodes += perft<D, ~us>(next, depth);  // Ctrl-C: a partial count
  }
};

template <class D, Color us>
std::uint64_t perft(const Board<D>& b, int depth) {
  if constexpr (Ends<D>::any)
    if (Ends<D>::template over<us>(b)) return 0;
  if (depth == 1) {
    if constexpr (captures_compulsory<D>) return count_compulsory<D, us>(b);
    MoveCounter<D> counter;
    generate_moves<D, us>(b, counter);
    return counter.nodes;
  }
  Expander<D, us> expander{b, depth - 1};
  if constexpr (captures_compulsory<D>)
    generate_compulsory<D, us>(b, expander);
  else
    generate_moves<D, us>(b, expander);
  return expander.nodes;
}

// Perft of a position of the variant D describes; nullopt when the kernel cannot hold it
// (a board with holes, a royal piece in hand).
template <class D>
std::optional<std::uint64_t> perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  Board<D> b;
  if (!b.load(pos)) return std::nullopt;
  return pos.side_to_move() == White ? perft<D, White>(b, depth) : perft<D, Black>(b, depth);
}

}  // namespace fairy::bitboard
