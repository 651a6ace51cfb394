// Making a move on a copy of the kernel's board, with Position::make's rules for virginity,
// e.p. squares, hands and gating rights (the parts a move count can observe).
#pragma once

#include "runtime/bitboard/blast.hpp"
#include "runtime/bitboard/board.hpp"
#include "runtime/bitboard/first_moves.hpp"

namespace fairy::bitboard {

template <class D, Color us>
struct Make {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;
  static constexpr Color them = ~us;

  // A piece of type t moves from `from` to `to` (capturing whatever enemy stands there) and
  // becomes `becomes` (t itself unless it promotes).
  template <int t>
  static Board<D> normal(const Board<D>& b, int from, int to, int becomes) {
    if constexpr (V::in_place)
      if (from == to) return promoted_in_place<t>(b, from, becomes);
    Board<D> n = b;
    const int victim = b.piece[to];
    if (victim) {
      remove(n, them, victim - 1, to);
      into_hand(n, victim - 1);
    }
    relocate(n, t, from, to, becomes);
    n.ep = 0;
    if (b.virgin & (bit<B>(from) | bit<B>(to))) lose_virginity(n, b, from, to, to);
    if constexpr (D::pieces[t].ep_victim)
      if (!victim) leave_ep_squares(n, from, to);
    lose_gates(n, bit<B>(from) | bit<B>(to));
    if constexpr (has_first_moves<D>) FirstMoves<D>::template lose_rights<t, us>(n, to);
    if constexpr (captures_explode<D>)
      if (victim) explode(n, b, to);
    return n;
  }

  // A promotion that is a move of its own, where the piece stands (PromotionData::in_place).
  template <int t>
  static Board<D> promoted_in_place(const Board<D>& b, int at, int becomes) {
    Board<D> n = b;
    n.type[t] ^= bit<B>(at);
    n.type[becomes] ^= bit<B>(at);
    n.piece[at] = std::uint8_t(becomes + 1);
    n.ep = 0;
    if (b.virgin & bit<B>(at)) lose_virginity(n, b, at, at, at);
    return n;
  }

  // An e.p. capture: the piece lands on the e.p. square and takes the piece that passed it.
  template <int t>
  static Board<D> en_passant(const Board<D>& b, int from, int to, int becomes) {
    Board<D> n = b;
    const int victim = b.ep_victim;
    remove(n, them, b.piece[victim] - 1, victim);
    into_hand(n, b.piece[victim] - 1);
    relocate(n, t, from, to, becomes);
    n.ep = 0;
    if (b.virgin & (bit<B>(from) | bit<B>(to) | bit<B>(victim))) lose_virginity(n, b, from, to, victim);
    lose_gates(n, bit<B>(from) | bit<B>(to) | bit<B>(victim));
    if constexpr (has_first_moves<D>) FirstMoves<D>::template lose_rights<t, us>(n, to);
    if constexpr (captures_explode<D>) explode(n, b, to);
    return n;
  }

  // A piece of type t from our hand onto the empty square `to`, as type `as` (its promoted face,
  // drop_promoted) or itself. It gets no virginity to track, but with castling_file (see
  // castle_dropped), and the e.p. squares go.
  template <int t, int as = t>
  static Board<D> drop(const Board<D>& b, int to) {
    Board<D> n = b;
    from_hand(n, t, to, as);
    n.ep = 0;
    if constexpr (D::hands.castling_file >= 0) castle_dropped<as>(n, to);
    return n;
  }

  // The royal piece and its partner both move (the squares may overlap).
  static Board<D> castling(const Board<D>& b, int king_from, int king_to, int partner_from, int partner_to) {
    Board<D> n = b;
    const int king = b.piece[king_from] - 1, partner = b.piece[partner_from] - 1;
    remove(n, us, king, king_from);
    remove(n, us, partner, partner_from);
    put(n, us, king, king_to);
    put(n, us, partner, partner_to);
    n.ep = 0;
    lose_virginity(n, b, king_from, king_to, partner_from);
    lose_gates(n, bit<B>(king_from) | bit<B>(partner_from));
    return n;
  }

  // Gating, after the move that made `n`: a piece of type t from our hand onto `square`, the
  // square the move left (Position::make; it gets no virginity, and the right there is gone).
  template <int t>
  static Board<D> gate(const Board<D>& n, int square) {
    Board<D> g = n;
    from_hand(g, t, square, t);
    return g;
  }

 private:
  // Position::update_gates: a right goes with the piece that leaves its square or is taken on it
  // (rights sit under their side's pieces, so the squares a move empties or captures on say it);
  // first-move rights also go by lost_to (FirstMoves::lose_rights).
  static void lose_gates(Board<D>& n, B squares) {
    if constexpr (V::gate_rights) n.gates &= ~squares;
  }

  // Explosions (blast.hpp; Position::explode): after a capture on `at`, the capturer there goes
  // with every piece around but the spared types, and the tracked ones lose their virginity as
  // in Position (no atomic perft tells: a piece landing on such a square clears its flag anyway).
  static void explode(Board<D>& n, const Board<D>& before, int at) {
    const B blasted = Blast<D>::around_capture(n, at, n.occupied());
    for (B rest = blasted; rest;) {
      const int s = pop_lsb(rest);
      remove(n, (n.color[White] & bit<B>(s)) ? White : Black, n.piece[s] - 1, s);
    }
    remove(n, us, n.piece[at] - 1, at);
    for (B lost = blasted & n.virgin; lost;) {
      const int s = pop_lsb(lost);
      lose_virginity(n, before, s, s, s);
    }
  }

  // Position::castle_dropped: our royal piece dropped on castling_file of our first rank may
  // castle with the partners in that rank's corners, and a partner dropped in a corner with the
  // royal piece standing there; both get their virginity.
  template <int t>
  static void castle_dropped(Board<D>& n, int to) {
    constexpr int first = us == White ? 0 : G::ranks - 1;
    constexpr B king_square = bit<B>(G::square(D::hands.castling_file, first));
    constexpr B corners = bit<B>(G::square(0, first)) | bit<B>(G::square(G::files - 1, first));
    if constexpr (V::is_royal(t)) {
      if (bit<B>(to) != king_square) return;
      if (const B partners = corners & n.template pieces<D::rules.castling.partner>(us)) n.virgin |= king_square | partners;
    } else if constexpr (t == D::rules.castling.partner) {
      if ((bit<B>(to) & corners) && (n.template of_types<V::royal_types>(us) & king_square)) n.virgin |= king_square | bit<B>(to);
    }
  }

  // A captured piece of type `type` joins our hand as what it returns as (a promoted piece as
  // the type it promoted from); a hand that holds kMaxHand of it takes no more (Position's
  // add_to_hand: a FEN could not say more).
  static void into_hand(Board<D>& n, int type) {
    if constexpr (V::hands && D::hands.captures) {
      if (D::pieces[type].royal) return;  // taken only from a FEN, it leaves the game (Position::make)
      std::uint8_t& count = n.hand[us][D::hands.hand_type[type]];
      if (count < kMaxHand) ++count;
    }
  }
  // A piece of ours of type `type` leaves the hand for the empty square s (a drop, a gate) as
  // type `as`.
  static void from_hand(Board<D>& n, int type, int s, int as) {
    put(n, us, as, s);
    --n.hand[us][type];
  }
  static void remove(Board<D>& n, Color c, int type, int s) {
    n.color[c] ^= bit<B>(s);
    n.flipped(s);
    n.type[type] ^= bit<B>(s);
    n.piece[s] = 0;
  }
  static void put(Board<D>& n, Color c, int type, int s) {
    n.color[c] |= bit<B>(s);
    n.flipped(s);
    n.type[type] |= bit<B>(s);
    n.piece[s] = std::uint8_t(type + 1);
  }
  static void relocate(Board<D>& n, int type, int from, int to, int becomes) {
    n.color[us] ^= bit<B>(from) | bit<B>(to);
    n.flipped(from);
    n.flipped(to);
    n.type[type] ^= bit<B>(from);
    n.type[becomes] ^= bit<B>(to);
    n.piece[from] = 0;
    n.piece[to] = std::uint8_t(becomes + 1);
  }

  // Position::clear_virgin on the board before the move: a tracked piece that moves or is
  // taken loses its virginity, and a royal (or castling) one takes its friends' on its rank with it.
  static void clear_virgin(Board<D>& n, const Board<D>& before, int s) {
    if (!(n.virgin & bit<B>(s))) return;
    n.virgin ^= bit<B>(s);
    if (before.piece[s] && (((V::royal_types | V::castler_types) >> (before.piece[s] - 1)) & 1)) {
      const Color owner = (before.color[White] & bit<B>(s)) ? White : Black;
      n.virgin &= ~(G::rank_mask(G::rank_of(s)) & before.color[owner]);
    }
  }

  static void lose_virginity(Board<D>& n, const Board<D>& before, int a, int b, int c) {
    clear_virgin(n, before, a);
    clear_virgin(n, before, b);
    clear_virgin(n, before, c);
    if constexpr (D::rules.castling.enabled) {
      // An unmoved royal (castling) piece keeps that state only beside an unmoved partner on its rank.
      for (const Color side : {White, Black}) {
        const B royal = n.template of_types<V::castler_types>(side) & n.virgin;
        if (!royal) continue;
        const int k = lsb(royal);
        const B partners = n.virgin & n.template pieces<D::rules.castling.partner>(side) & G::rank_mask(G::rank_of(k));
        if (!(partners & ~bit<B>(k))) n.virgin &= ~(G::rank_mask(G::rank_of(k)) & n.color[side]);
      }
    }
  }

  // A straight non-capturing move of two or three squares by an e.p. victim leaves the squares
  // it passed (Position::usable_ep_squares keeps only those an enemy could take on, which
  // yields the same moves).
  static void leave_ep_squares(Board<D>& n, int from, int to) {
    const B passed = G::between(from, to);  // empty unless along a queen line, two squares or more
    if (!passed || popcount(passed) > Position::kMaxEp) return;
    if constexpr (D::rules.ep_ranks != 0)
      n.ep = passed & V::relative_ranks(us, D::rules.ep_ranks);
    else
      n.ep = passed;
    n.ep_victim = std::uint8_t(to);
  }
};

}  // namespace fairy::bitboard
