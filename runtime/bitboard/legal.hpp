// Legal move generation, Stockfish-style: find the checkers of our royal piece and the pieces
// pinned to it once per position, then every move's legality follows from its target squares:
// - a royal piece may go where no enemy attacks once it has left its square;
// - in double check, only the royal piece moves;
// - in single check, other pieces must capture the checker or (against a slide) block it;
// - a pinned piece stays between its pinner and the royal piece (or captures the pinner);
// - e.p. captures (two pieces leave) and castling are tested square by square.
// Moves go to a Sink as target sets per piece (see perft.hpp), so a leaf can count them with
// a popcount without making any.
#pragma once

#include <algorithm>
#include <array>

#include "runtime/bitboard/attacks.hpp"

namespace fairy::bitboard {

// The promotion choices for one target square: staying unpromoted (when not compulsory there)
// and the piece types allowed.
struct Choices {
  bool stay = true;
  int n = 0;
  std::array<std::uint8_t, kMaxPieceTypes> to{};
  int count() const { return int(stay) + n; }
};

template <class D, Color us>
struct Generator {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;
  static constexpr Color them = ~us;
  using Enemy = Attackers<D, them>;

  struct Context {
    B occupied = 0, ours = 0, theirs = 0;
    int royal = -1;   // our royal piece's square, if any
    B checkers = 0;
    B evasions = 0;   // where non-royal moves must land: everywhere but our pieces, or the check's line
    B pinned = 0;
    int pins = 0;
    std::array<B, 2 * kDirections> pinned_piece{}, pin_line{};
  };

  template <class Sink>
  static void generate(const Board<D>& b, Sink& sink) {
    Context cx;
    cx.occupied = b.occupied();
    cx.ours = b.color[us];
    cx.theirs = b.color[them];
    cx.evasions = ~cx.ours;
    if constexpr (V::royal_types != 0) {
      const B royal = b.template of_types<V::royal_types>(us);
      if (royal) {
        cx.royal = lsb(royal);
        find_checks(b, cx);
        find_pins(b, cx);
      }
    }
    for_each_index<V::types>([&](auto t) { piece_moves<t>(b, cx, sink); });
    if constexpr (D::castling.enabled)
      if (cx.royal >= 0 && !cx.checkers && (b.virgin & bit<B>(cx.royal))) castling(b, cx, sink);
  }

 private:
  static void find_checks(const Board<D>& b, Context& cx) {
    const B leapers = Enemy::leapers(b, cx.royal);
    const B sliders = Enemy::sliders(b, cx.royal, cx.occupied);
    cx.checkers = leapers | sliders;
    if (!cx.checkers) return;
    if (more_than_one(cx.checkers)) {
      cx.evasions = 0;
      return;
    }
    // A leaping checker must be taken; a sliding one may also be blocked.
    const int checker = lsb(cx.checkers);
    cx.evasions = cx.checkers | (leapers ? B(0) : G::between(cx.royal, checker));
  }

  static void find_pins(const Board<D>& b, Context& cx) {
    for (B snipers = Enemy::snipers(b, cx.royal); snipers;) {
      const int s = pop_lsb(snipers);
      const B line = G::between(cx.royal, s);
      const B blockers = line & cx.occupied;
      if (blockers && !more_than_one(blockers) && (blockers & cx.ours)) {
        cx.pinned |= blockers;
        cx.pinned_piece[cx.pins] = blockers;
        cx.pin_line[cx.pins++] = line | bit<B>(s);
      }
    }
  }

  // Where a pinned piece may go: along its pin line, up to and including the pinner.
  static B pin_line_of(const Context& cx, B piece) {
    for (int i = 0; i < cx.pins; ++i)
      if (cx.pinned_piece[i] == piece) return cx.pin_line[i];
    return 0;
  }

  template <int t, class Sink>
  static void piece_moves(const Board<D>& b, const Context& cx, Sink& sink) {
    using M = PieceMoves<D, t, us>;
    B pieces = b.template pieces<t>(us);
    if constexpr (V::is_royal(t)) {
      // Tested square by square with the royal piece lifted off its square, so that it cannot
      // hide behind itself from a slider.
      for (; pieces;) {
        const int from = pop_lsb(pieces);
        const B occupied = cx.occupied ^ bit<B>(from);
        B safe = 0;
        for (B targets = M::pseudo_targets(b, from, cx.occupied, cx.theirs); targets;) {
          const int to = pop_lsb(targets);
          if (!Enemy::attacks(b, to, occupied)) safe |= bit<B>(to);
        }
        emit<t>(b, sink, from, safe);
        if constexpr (M::has_en_passant) en_passant<t>(b, cx, sink, from);
      }
    } else {
      for (; pieces;) {
        const int from = pop_lsb(pieces);
        B allowed = cx.evasions;  // nothing in double check
        if (cx.pinned & bit<B>(from)) allowed &= pin_line_of(cx, bit<B>(from));
        emit<t>(b, sink, from, M::pseudo_targets(b, from, cx.occupied, cx.theirs) & allowed);
        if constexpr (M::has_en_passant)
          if (b.ep) en_passant<t>(b, cx, sink, from);
      }
    }
  }

  // E.p. captures, each tested on the board as it would be: the capturer moved, the victim gone.
  template <int t, class Sink>
  static void en_passant(const Board<D>& b, const Context& cx, Sink& sink, int from) {
    for (B targets = PieceMoves<D, t, us>::en_passant_targets(b, from); targets;) {
      const int to = pop_lsb(targets);
      if (cx.royal >= 0) {
        const B victim = bit<B>(b.ep_victim);
        const B occupied = (cx.occupied ^ bit<B>(from) ^ victim) | bit<B>(to);
        const int royal = cx.royal == from ? to : cx.royal;
        if (Enemy::attackers(b, royal, occupied) & ~victim) continue;
      }
      sink.template en_passant<t>(from, to, choices<t>(b, G::depth(to, us)));
    }
  }

  // Passes targets on, split by the promotion choices of their ranks.
  template <int t, class Sink>
  static void emit(const Board<D>& b, Sink& sink, int from, B targets) {
    constexpr int rule = V::promotion_rule[t];
    if constexpr (rule < 0) {
      if (targets) sink.template moves<t>(from, targets);
    } else {
      constexpr int zone = D::promotions[rule].zone;
      constexpr B outside = promotion_zone(zone + 1, G::ranks);
      if (targets & outside) sink.template moves<t>(from, targets & outside);
      if (!(targets & ~outside)) return;
      for (int depth = 1; depth <= zone; ++depth)
        if (const B band = targets & promotion_zone(depth, depth)) sink.template promotions<t>(from, band, choices<t>(b, depth));
    }
  }

  // The ranks at depths first..last (1 = our last rank).
  static constexpr B promotion_zone(int first, int last) {
    B b = 0;
    for (int depth = first; depth <= last; ++depth) b |= G::rank_mask(us == White ? G::ranks - depth : depth - 1);
    return b;
  }

  // add_promotions in runtime/movegen.hpp: what a piece of type t may become at this depth.
  template <int t>
  static Choices choices(const Board<D>& b, int depth) {
    Choices c;
    constexpr int rule = V::promotion_rule[t];
    if constexpr (rule >= 0) {
      constexpr PromotionDesc pr = D::promotions[rule];
      if (depth > pr.zone) return c;
      c.stay = depth > pr.mandatory;
      for (const PromotionTarget& target : pr.to) {
        if (target.depth && depth > target.depth) continue;
        if (target.recoup && b.count(us, target.type) >= V::start_count(us, target.type)) continue;
        c.to[c.n++] = std::uint8_t(target.type);
      }
    }
    return c;
  }

  // generate_castling in runtime/movegen.hpp: the unmoved royal piece moves king_steps towards
  // an unmoved partner on its rank, which lands on the square the royal crossed last. The
  // squares between and both landing squares must be empty; the royal piece must not be in
  // check, cross an attacked square or land on one.
  template <class Sink>
  static void castling(const Board<D>& b, const Context& cx, Sink& sink) {
    constexpr int steps = D::castling.king_steps;
    const int k = cx.royal, rank = G::rank_of(k), kf = G::file_of(k);
    for (const int dir : {1, -1}) {
      const int kto_f = kf + dir * steps;
      if (kto_f < 0 || kto_f >= G::files) continue;
      const int kto = G::square(kto_f, rank), rto = G::square(kto_f - dir, rank);
      B partners = b.virgin & b.template pieces<D::castling.partner>(us) & G::rays[dir > 0 ? 0 : 1][k];
      while (partners) {
        const int p = pop_lsb(partners);
        const int lo = std::min({kf, G::file_of(p), kto_f, kto_f - dir}), hi = std::max({kf, G::file_of(p), kto_f, kto_f - dir});
        const B span = (G::rays[0][G::square(lo, rank)] | bit<B>(G::square(lo, rank))) & ~G::rays[0][G::square(hi, rank)];
        if (span & cx.occupied & ~bit<B>(k) & ~bit<B>(p)) continue;
        bool safe = true;
        for (int f = kf + dir; f != kto_f && safe; f += dir) safe = !Enemy::attacks(b, G::square(f, rank), cx.occupied);
        const B after = (cx.occupied ^ bit<B>(k) ^ bit<B>(p)) | bit<B>(kto) | bit<B>(rto);
        if (safe && !Enemy::attacks(b, kto, after)) sink.castling(k, kto, p, rto);
      }
    }
  }
};

}  // namespace fairy::bitboard
