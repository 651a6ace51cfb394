// Moves that give check are illegal (checking: false, racing kings) on the kernel, as
// make_if_legal in runtime/movegen.hpp has them: after the move the enemy's royal piece may not
// stand attacked. A sink in front of the real one drops such moves from the generator's legal
// target sets. Only the moves that could give check are tried on a copy of the board: those
// landing where their piece could attack the enemy royal piece on an empty board, and those
// leaving a line between it and one of our sliders (a discovered check); promotions, e.p. and
// castling always. Against hoppers and bent pieces of ours every move is tried, and so is every
// move of a position whose FEN has the enemy in check already.
//
// The description's record says whether the variant bars checks (rules.checks_allowed false);
// only then is there code for it, so the other variants' kernel code stays as it was.
#pragma once

#include <array>
#include <type_traits>

#include "runtime/bitboard/explosions.hpp"
#include "runtime/bitboard/legal.hpp"
#include "runtime/bitboard/make.hpp"

namespace fairy::bitboard {

template <class D>
constexpr bool checks_barred = !D::rules.checks_allowed;

template <class D, Color us, class Sink>
struct NoCheckFilter {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;
  using Ours = Attackers<D, us>;
  using Mk = Make<D, us>;
  static constexpr Color them = ~us;
  static constexpr bool try_all = Ours::groups.hops > 0 || Ours::groups.bents > 0;

  // near[t][s]: where a piece of ours of type t could stand to capture on s, on an empty board
  // (its capturing leaps and slides, reversed; every square for its other capturing shapes).
  static constexpr auto near = [] {
    std::array<SquareTable<G>, V::types> out{};
    for (int t = 0; t < V::types; ++t) {
      const std::span<const PathDesc> paths = D::pieces[t].paths[us];
      const SquareTable<G> plain = leap_table<G>(paths, kCapture, false, true), virgin = leap_table<G>(paths, kCapture, true, true);
      for (int s = 0; s < G::squares; ++s) out[t][s] = plain[s] | virgin[s];
      const SlideGroups slides = slide_groups(paths);
      for (int i = 0; i < slides.count; ++i)
        if (slides.group[i].mode & kCapture) {
          const SquareTable<G> span = slide_span_table<G>(slides.group[i], true);
          for (int s = 0; s < G::squares; ++s) out[t][s] |= span[s];
        }
      for (const PathDesc& p : paths)
        if ((shape_of(p) == PathShape::Bent || shape_of(p) == PathShape::Hop) && (p.legs[p.leg_count - 1].mode & kCapture))
          for (int s = 0; s < G::squares; ++s) out[t][s] = ~B(0);
    }
    return out;
  }();

  Sink& sink;
  const Board<D>& b;
  int royal = -1;      // the enemy's royal piece (-1: none, or several: every move is tried)
  bool none = false;   // the enemy has no royal piece: no move gives check
  B discovery = 0;     // squares between it and our sliders aimed at it

  NoCheckFilter(Sink& s, const Board<D>& board) : sink(s), b(board) {
    const B royals = b.template of_types<V::royal_types>(them);
    if (!royals) {
      none = true;
      return;
    }
    if (more_than_one(royals) || try_all) return;
    // A FEN may put the enemy in check already (no game reaches that): then any move can leave
    // the check standing, and every move is tried.
    if (Ours::attacks(b, lsb(royals), b.occupied())) return;
    royal = lsb(royals);
    for (B snipers = Ours::snipers(b, royal); snipers;) discovery |= G::between(royal, pop_lsb(snipers));
  }

  template <int t, class From>
  void moves(From from, B targets) {
    if (!none) {
      for (B tried = suspects<t>(from, targets); tried;) {
        const int to = pop_lsb(tried);
        if (gives_check(Mk::template normal<t>(b, from(to), to, t))) targets ^= bit<B>(to);
      }
    }
    if (targets) sink.template moves<t>(from, targets);
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    if (none) return sink.template promotions<t>(from, targets, c);
    while (targets) {
      const int to = pop_lsb(targets);
      Choices kept;
      kept.stay = c.stay && !gives_check(Mk::template normal<t>(b, from(to), to, t));
      for (int i = 0; i < c.n; ++i)
        if (!gives_check(Mk::template normal<t>(b, from(to), to, c.to[i]))) kept.to[kept.n++] = c.to[i];
      if (kept.count()) sink.template promotions<t>(FromSquare{from(to)}, bit<B>(to), kept);
    }
  }
  template <int t>
  void en_passant(int from, int to, const Choices& c) {
    if (none) return sink.template en_passant<t>(from, to, c);
    Choices kept;
    kept.stay = c.stay && !gives_check(Mk::template en_passant<t>(b, from, to, t));
    for (int i = 0; i < c.n; ++i)
      if (!gives_check(Mk::template en_passant<t>(b, from, to, c.to[i]))) kept.to[kept.n++] = c.to[i];
    if (kept.count()) sink.template en_passant<t>(from, to, kept);
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    if (none || !gives_check(Mk::castling(b, king_from, king_to, partner_from, partner_to)))
      sink.castling(king_from, king_to, partner_from, partner_to);
  }

 private:
  // The targets whose moves could give check.
  template <int t, class From>
  B suspects(From from, B targets) const {
    if (royal < 0) return targets;
    B out = targets & near[t][royal];
    if (!discovery) return out;
    if constexpr (std::is_same_v<From, FromSquare>) {
      if (discovery & bit<B>(from.square)) out = targets;
    } else {
      for (B rest = targets & ~out; rest;) {
        const int to = pop_lsb(rest);
        if (discovery & bit<B>(from(to))) out |= bit<B>(to);
      }
    }
    return out;
  }

  // Whether the enemy stands in check on the board after our move.
  static bool gives_check(const Board<D>& n) { return Ours::attack_royal(n, n.occupied()); }
};

// The legal moves to `sink`: the generator's, less those giving check where checks are barred;
// where captures explode, the pseudo-legal ones that explosions.hpp finds legal.
// (With turns of two moves, those of the turn phase `phase`: the filters never meet turns.)
template <class D, Color us, std::uint8_t phase = kAllPhases, class Sink>
void generate_moves(const Board<D>& b, Sink& sink) {
  if constexpr (checks_barred<D>) {
    NoCheckFilter<D, us, Sink> filter(sink, b);
    Generator<D, us>::generate(b, filter);
  } else if constexpr (captures_explode<D>) {
    ExplosionFilter<D, us, Sink> filter(sink, b);
    Generator<D, us>::generate(b, filter);
  } else {
    Generator<D, us, phase>::generate(b, sink);
  }
}

}  // namespace fairy::bitboard
