// First-move rights on the bitboard kernel (description.hpp's FirstMoveDesc; runtime/
// first_moves.hpp's add_first_moves and Position::update_gates are the same rules for the move
// generator): the leaps each right gives, and the rights a move takes from the enemy.
#pragma once

#include "runtime/bitboard/board.hpp"
#include "runtime/bitboard/pieces.hpp"

namespace fairy::bitboard {

template <class D>
struct FirstMoves {
  using V = Variant<D>;
  using G = typename V::G;
  using B = typename V::B;
  static constexpr int count = int(D::rules.first_moves.size());

  // leaps<i, c>()[s]: where right i's leaps from s land (colour c).
  template <int i, Color c>
  static constexpr const SquareTable<G>& leaps() {
    return kLeapTable<G, leap_set(D::rules.first_moves[i].paths[c], kMove)>;
  }

  // Colour c's first rank, where its rights sit.
  template <Color c>
  static constexpr B first_rank = V::relative_ranks(c, 1);

  // reach<t, c>[s]: where colour c's piece of type t on s would capture by its single-leg moves
  // on an empty board (Position::leg_attacks: a Rook takes a King's right from anywhere on its
  // file or rank, whatever stands between).
  template <int t, Color c>
  static constexpr SquareTable<G> reach = [] {
    SquareTable<G> out{};
    for (int s = 0; s < G::squares; ++s)
      for (const PathDesc& p : D::pieces[t].paths[c]) {
        const Leg& leg = p.legs[0];
        if (p.leg_count != 1 || !(leg.mode & kCapture) || p.virgin_only) continue;
        int at = s;
        for (int n = 0; leg.range == 0 || n < leg.range; ++n) {
          at = G::step(at, leg.dx, leg.dy);
          if (at < 0) break;
          set_square(out[s], at);
        }
      }
    return out;
  }();

  // After colour `us`'s piece of type t (before any promotion) landed on `to`: the enemy's rights
  // under pieces of a right's type that it would capture from there, when t is a lost_to type.
  template <int t, Color us>
  static void lose_rights(Board<D>& n, int to) {
    for_each_index<count>([&](auto i) {
      constexpr FirstMoveDesc fm = D::rules.first_moves[i];
      if constexpr ((fm.lost_to >> t) & 1)
        n.gates &= ~(reach<t, us>[to] & n.template pieces<fm.type>(~us) & first_rank<~us>);
    });
  }
};

}  // namespace fairy::bitboard
