// Legality where captures explode (explode:, atomic) on the kernel, as make_if_legal and
// royal_safe_after in runtime/movegen.hpp have it: a move that explodes our royal piece is
// illegal (so the royal piece never captures); one that explodes the enemy's is legal whatever
// else it leaves; otherwise our royal piece may not stand attacked after it, but while it
// touches the enemy's royal piece nothing attacks it (taking it would blow up the taker's).
// The generator gives the pseudo-legal moves (legal.hpp's pseudo_legal) to a sink in front of
// the real one, which keeps the legal ones of its target sets:
// - quiet moves of other pieces by the usual checks and pins, found once per position (none
//   while the royal pieces touch: no quiet move parts them);
// - the royal piece's quiet moves square by square, lifted off its square, safe next to the
//   enemy's royal piece;
// - every capture (and e.p.) on the squares as the blast would leave them (blast.hpp): nothing
//   is made; the attackers left are looked up on the occupied squares that remain;
// - castling as castling_passage_safe: each square from the royal piece's own up to its
//   landing square, with the piece lifted there, is safe or next to the enemy's royal piece.
// A position without our royal piece has every pseudo-legal move legal (Ends decides first
// whether its game has ended).
//
// A description whose variant has explosions declares ExplosionDesc explosions (description.hpp).
#pragma once

#include "runtime/bitboard/blast.hpp"
#include "runtime/bitboard/legal.hpp"

namespace fairy::bitboard {

template <class D, Color us, class Sink>
struct ExplosionFilter {
  using V = Variant<D>;
  using B = typename V::B;
  using Gen = Generator<D, us>;
  using Enemy = Attackers<D, ~us>;
  using Around = Blast<D>;

  Sink& sink;
  const Board<D>& b;
  typename Gen::Context cx;  // our royal piece, and its checks and pins while it stands apart
  int their_royal = -1;
  bool touching = false;  // the royal pieces stand side by side

  ExplosionFilter(Sink& s, const Board<D>& board) : sink(s), b(board) {
    cx.occupied = b.occupied();
    cx.ours = b.color[us];
    cx.theirs = b.color[~us];
    cx.evasions = ~cx.ours;
    const B royal = b.template of_types<V::royal_types>(us);
    if (!royal) return;
    cx.royal = lsb(royal);
    if (const B enemy = b.template of_types<V::royal_types>(~us)) {
      their_royal = lsb(enemy);
      touching = Around::next_to(cx.royal, their_royal);
    }
    if (!touching) Gen::find_checks_and_pins(b, cx);
  }

  template <int t, class From>
  void moves(From from, B targets) {
    if ((targets = legal<t>(from, targets))) sink.template moves<t>(from, targets);
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    if ((targets = legal<t>(from, targets))) sink.template promotions<t>(from, targets, c);
  }
  template <int t>
  void en_passant(int from, int to, const Choices& c) {
    if (cx.royal < 0 || capture_legal(from, to, bit<B>(b.ep_victim))) sink.template en_passant<t>(from, to, c);
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    const auto unsafe = [&](int s) {
      return !next_to_theirs(s) && Enemy::attacks(b, s, (cx.occupied ^ bit<B>(king_from)) | bit<B>(s));
    };
    // Never out of check, also onto the royal piece's own square (castling_passage_safe).
    if (king_from == king_to && unsafe(king_from)) return;
    const int step = king_to > king_from ? 1 : -1;
    for (int s = king_from; s != king_to; s += step)
      if (unsafe(s)) return;
    const B after = (cx.occupied ^ bit<B>(king_from) ^ bit<B>(partner_from)) | bit<B>(king_to) | bit<B>(partner_to);
    if (!next_to_theirs(king_to) && Enemy::attacks(b, king_to, after)) return;
    sink.castling(king_from, king_to, partner_from, partner_to);
  }

 private:
  bool next_to_theirs(int s) const { return their_royal >= 0 && Around::next_to(s, their_royal); }

  // The legal moves among the pseudo-legal targets of a piece of type t.
  template <int t, class From>
  B legal(From from, B targets) const {
    if (cx.royal < 0) return targets;
    B out = 0;
    if constexpr (V::is_royal(t)) {  // its captures would explode it
      for (B quiet = targets & ~cx.theirs; quiet;) {
        const int to = pop_lsb(quiet);
        if (next_to_theirs(to) || !Enemy::attacks(b, to, cx.occupied ^ bit<B>(from(to)))) out |= bit<B>(to);
      }
      return out;
    }
    out = unpinned(from, targets & ~cx.theirs & cx.evasions);
    for (B captures = targets & cx.theirs; captures;) {
      const int to = pop_lsb(captures);
      if (capture_legal(from(to), to, bit<B>(to))) out |= bit<B>(to);
    }
    return out;
  }

  // Quiet targets less those that take a pinned piece off its pin line.
  B unpinned(FromSquare from, B quiet) const {
    const B piece = bit<B>(from.square);
    return (cx.pinned & piece) ? quiet & Gen::pin_line_of(cx, piece) : quiet;
  }
  B unpinned(FromOffset from, B quiet) const {
    if (!cx.pinned) return quiet;
    for (B pinned = quiet & (from.offset >= 0 ? cx.pinned << from.offset : cx.pinned >> -from.offset); pinned;) {
      const int to = pop_lsb(pinned);
      if (!(Gen::pin_line_of(cx, bit<B>(from(to))) & bit<B>(to))) quiet ^= bit<B>(to);
    }
    return quiet;
  }

  // Whether a capture from `from` onto `to`, taking `victim` (on `to`, or the e.p. victim), is
  // legal, judged on the squares the blast leaves occupied.
  bool capture_legal(int from, int to, B victim) const {
    const B blasted = Around::around_capture(b, to, cx.occupied) | bit<B>(from) | victim;
    if (blasted & bit<B>(cx.royal)) return false;
    if (their_royal >= 0 && (blasted & bit<B>(their_royal))) return true;
    if (touching) return true;
    const B left = cx.occupied & ~blasted;
    return !(Enemy::attackers(b, cx.royal, left) & left);
  }
};

}  // namespace fairy::bitboard
