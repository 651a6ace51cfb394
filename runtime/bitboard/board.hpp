// The kernel's position: piece sets per colour and per type, the pieces by square, tracked
// virginity (castling rights, XBetza `i` of royal pieces and partners), the e.p. squares and,
// in variants with hands, the pieces in hand (a promoted piece is a type of its own, so the
// board knows what it returns to a hand as), with gating the squares that keep a gating right,
// with turns of two moves where the turn stands, and with n-check the checks left.
// It is copied to make a move (copy-make); the side to move is a template parameter of the
// code that uses it. No Zobrist key: perft needs none, so the kernel keeps none.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "runtime/bitboard/sliders.hpp"
#include "runtime/bitboard/variant.hpp"
#include "runtime/position.hpp"

namespace fairy::bitboard {

struct NoHands {};
struct NoGates {};
struct NoTurns {};
struct NoCheckCount {};
struct NoFoldedLines {};
// Where a turn of two moves stands (TurnRule; Position::phase, last_moved): at its later move
// (phase 1) the piece that made the first stands on last_moved; at White's first move of the
// game, opening.
template <class B>
struct TurnState {
  std::uint8_t phase = 0;
  bool opening = false;
  B last_moved = 0;
  // The phase's bit (runtime/program.hpp; Position::phase_bit).
  std::uint8_t phase_bit() const { return phase ? kPhaseLater : opening ? kPhaseOpening : kPhaseFirst; }
};

template <class D>
struct Board {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;

  std::array<B, 2> color{};
  std::array<B, V::types> type{};  // both colours
  B virgin = 0;                    // tracked pieces that have not moved
  B ep = 0;                        // squares an e.p. capture may land on
  std::uint8_t ep_victim = 0;      // the piece such a capture takes
  std::array<std::uint8_t, V::squares> piece{};  // 0: empty; otherwise 1 + type
  // hand[c][t]: how many pieces of type t colour c holds (no member without hands).
  using Hands = std::array<std::array<std::uint8_t, V::types>, 2>;
  [[no_unique_address]] std::conditional_t<V::hands, Hands, NoHands> hand{};
  // Squares whose piece may gate when it leaves, or make its first moves (Position::is_gate, both
  // sides: a right sits on its side's first rank under a piece of that side, so a move's `from`
  // in it is the mover's). Position also drops a side's gating rights when its hand empties for
  // good; no move count sees that (a right gates only what the hand holds), so the kernel keeps
  // them.
  [[no_unique_address]] std::conditional_t<V::gate_rights, B, NoGates> gates{};
  [[no_unique_address]] std::conditional_t<has_turns<D>, TurnState<B>, NoTurns> turn{};
  // n-check: the checks each side has still to give (Position::checks_left).
  using CheckCount = std::array<std::uint8_t, 2>;
  [[no_unique_address]] std::conditional_t<counts_checks<D>, CheckCount, NoCheckCount> checks_left{};

  // Where lines fold (sliders.hpp), the occupied squares' lines folded.
  using FoldedLines = typename Sliders<G>::FoldedLines;
  [[no_unique_address]] std::conditional_t<Sliders<G>::folds, FoldedLines, NoFoldedLines> lines{};

  B occupied() const { return color[White] | color[Black]; }
  // Square s has become occupied, or empty: every change to `color` tells it.
  void flipped(int s) {
    if constexpr (Sliders<G>::folds) lines.toggle(s);
  }
  template <int t>
  B pieces(Color c) const {
    return type[t] & color[c];
  }
  // c's pieces of the types in `set` (a compile-time constant, so this unrolls).
  template <TypeSet set>
  B of_types(Color c) const {
    B b = 0;
    for_each_index<V::types>([&](auto t) {
      if constexpr ((set >> t) & 1) b |= type[t];
    });
    return b & color[c];
  }
  int count(Color c, int t) const { return popcount(type[t] & color[c]); }

  // The pieces that count as unmoved for XBetza `i`: tracked ones by their flag, others when
  // they stand where the start position has the same piece, or on their first ranks with
  // initial_ranks (Position::is_virgin).
  template <int t>
  B virgin_pieces(Color c) const {
    if constexpr (V::is_tracked(t))
      return pieces<t>(c) & virgin;
    else if constexpr (D::pieces[t].initial_ranks > 0)
      return pieces<t>(c) & V::relative_ranks(c, (1u << D::pieces[t].initial_ranks) - 1);
    else
      return pieces<t>(c) & V::start_squares[c][t];
  }

  // Loads a Position of the same variant; false if it holds something the kernel cannot
  // represent (a hole, a royal piece in hand but with royal_drops). A royal piece in hand is
  // its side's only one (Position's FEN rule).
  bool load(const Position& pos) {
    if constexpr (V::hands)
      for (const Color c : {White, Black})
        for (int t = 0; t < V::types; ++t) {
          if (!pos.in_hand(c, t)) continue;
          if (!V::in_hands(t)) return false;
          hand[c][t] = std::uint8_t(pos.in_hand(c, t));
        }
    const Geometry& g = pos.geo();
    for (int s = 0; s < V::squares; ++s) {
      const Square m = g.square(G::file_of(s), G::rank_of(s));
      const Piece p = pos.at(m);
      if (p == kHole) return false;
      if (p != kEmpty) {
        color[color_of(p)] |= bit<B>(s);
        flipped(s);
        type[type_of(p)] |= bit<B>(s);
        piece[s] = std::uint8_t(1 + type_of(p));
      }
      if (pos.tracked_virgin(m)) virgin |= bit<B>(s);
      if constexpr (V::gate_rights)
        if (pos.is_gate(White, m) || pos.is_gate(Black, m)) gates |= bit<B>(s);
    }
    for (int i = 0; i < pos.ep_count(); ++i) {
      const Square e = pos.ep_square(i);
      ep |= bit<B>(G::square(g.file_of(e), g.rank_of(e)));
    }
    if (pos.ep_count()) ep_victim = std::uint8_t(G::square(g.file_of(pos.ep_victim()), g.rank_of(pos.ep_victim())));
    if constexpr (counts_checks<D>)
      for (const Color c : {White, Black}) checks_left[c] = std::uint8_t(pos.checks_left(c));
    if constexpr (has_turns<D>) {
      turn.phase = pos.phase() ? 1 : 0;
      turn.opening = pos.phase_bit() == kPhaseOpening;
      if (const Square m = pos.last_moved(); pos.phase() && m != kNoSquare) turn.last_moved = bit<B>(G::square(g.file_of(m), g.rank_of(m)));
    }
    return true;
  }
};

}  // namespace fairy::bitboard
