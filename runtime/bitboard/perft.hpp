// Perft on the bitboard kernel. The last ply is counted from the legal target sets (a popcount
// per piece, times the promotion choices; a popcount per type in hand for drops; with gating,
// a move off a gating square once more per type in hand; at a later move of a turn, the pass);
// earlier plies make each move on a copy of the board and recurse, with turns of two moves in
// the phase the move leads to. The entry point takes a Position of the described variant.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "runtime/bitboard/ends.hpp"
#include "runtime/bitboard/legal.hpp"
#include "runtime/bitboard/make.hpp"
#include "runtime/bitboard/must_capture.hpp"
#include "runtime/perft.hpp"

namespace fairy::bitboard {

// Gating (seirawan): the mover's pieces that may gate on leaving their squares, and how many
// types its hand holds. A gating move is legal when the move alone is (legal.hpp), so each legal
// move off such a square is that many moves more.
template <class D>
struct GateCount {
  using B = typename Variant<D>::B;
  B from = 0;
  int types = 0;

  template <Color us>
  static GateCount of(const Board<D>& b) {
    GateCount g;
    for_each_index<Variant<D>::types>([&](auto t) {
      if constexpr (Variant<D>::in_hands(t)) g.types += b.hand[us][t] != 0;
    });
    if (g.types) g.from = b.gates & b.color[us];
    return g;
  }
  // The targets of moves that start on a gating square.
  B gated(FromSquare f, B targets) const { return (from & bit<B>(f.square)) ? targets : B(0); }
  B gated(FromOffset f, B targets) const { return targets & (f.offset >= 0 ? from << f.offset : from >> -f.offset); }
  // Castling gates onto the royal piece's or the partner's square unless the other lands there.
  int castling_gates(int king_from, int king_to, int partner_from, int partner_to) const {
    int n = 0;
    for (const int s : {king_from, partner_from})
      n += (from & bit<B>(s)) && s != king_to && s != partner_to;
    return n * types;
  }
};

// Counts the moves it is given.
template <class D>
struct MoveCounter {
  using V = Variant<D>;
  using B = typename V::B;
  std::uint64_t nodes = 0;
  [[no_unique_address]] std::conditional_t<V::gating, GateCount<D>, NoGates> gates{};

  // Moves counted by their number alone (PieceMoves::count_moves), where no gate adds to them.
  static constexpr bool counts_by_number = !V::gating;
  void count(int n) { nodes += std::uint64_t(n); }

  template <int t, class From>
  void moves(From from, B targets) {
    nodes += popcount(targets);
    if constexpr (V::gating) nodes += std::uint64_t(gates.types) * popcount(gates.gated(from, targets));
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    nodes += std::uint64_t(popcount(targets)) * c.count();
    if constexpr (V::gating) nodes += std::uint64_t(gates.types) * popcount(gates.gated(from, targets)) * c.count();
  }
  template <int t>
  void en_passant(int from, int, const Choices& c) {
    nodes += c.count();
    if constexpr (V::gating)
      if (gates.from & bit<B>(from)) nodes += std::uint64_t(gates.types) * c.count();
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    ++nodes;
    if constexpr (V::gating) nodes += gates.castling_gates(king_from, king_to, partner_from, partner_to);
  }
  template <int t, int as = t>
  void drops(B targets) {
    nodes += popcount(targets);
  }
};

template <class D, Color us>
std::uint64_t perft(const Board<D>& b, int depth);

// Turns of two moves (TurnRule): after a move made in `phase` on `to`, the turn goes on with
// the same side's later move, or passes to the other side (a later move ends it, as a first
// one does when the turn has one move: White's first with first_turn_moves 1).
template <class D, Color us, std::uint8_t phase>
std::uint64_t perft_after_move(Board<D> next, int to, int depth) {
  constexpr int moves = phase == kPhaseOpening ? D::rules.turn.first_turn_moves : D::rules.turn.moves;
  next.turn.opening = false;
  if constexpr (phase != kPhaseLater && moves > 1) {
    next.turn.phase = 1;
    next.turn.last_moved = bit<typename Variant<D>::B>(to);
    return perft<D, us>(next, depth);
  } else {
    next.turn.phase = 0;
    next.turn.last_moved = 0;
    return perft<D, ~us>(next, depth);
  }
}

// The sanitizer builds only check (runtime/hot_inline.hpp): there the last ply's moves go to the
// Expander too, which hands them to its MoveCounter (`last`), so the move generator is compiled
// for one sink a colour instead of two: a fifth less of a module's compile (obento 55 against
// 66-73 s, chess 8-10 against 11 s under clang's sanitizers), and the same code runs.
#if defined(FAIRY_SANITIZED)
inline constexpr bool kOneSinkEveryPly = true;
#else
inline constexpr bool kOneSinkEveryPly = false;
#endif
struct NoLastPly {};

// Makes every move it is given and adds up the perft of the positions they lead to; with
// kOneSinkEveryPly, at the last ply (`last` set) counts them instead. With `collect` set (the
// legal moves of a position for play, play.hpp) it writes them as Moves to that list
// instead: the same instantiation of the move generator serves perft and play.
template <class D, Color us, std::uint8_t phase = kAllPhases>
struct Expander {
  using V = Variant<D>;
  using B = typename V::B;
  using Mk = Make<D, us>;
  const Board<D>& board;
  int depth;  // of the children
  std::uint64_t nodes = 0;
  [[no_unique_address]] std::conditional_t<kOneSinkEveryPly, MoveCounter<D>*, NoLastPly> last{};
  MoveList* collect = nullptr;

  template <int t, class From>
  void moves(From from, B targets) {
    if constexpr (kOneSinkEveryPly)
      if (last) return last->template moves<t>(from, targets);
    if (collect) [[unlikely]]
      return collected(from, targets, Choices{});
    while (targets) {
      const int to = pop_lsb(targets);
      made(Mk::template normal<t>(board, from(to), to, t), from(to), to);
    }
  }
  template <int t, class From>
  void promotions(From from, B targets, const Choices& c) {
    if constexpr (kOneSinkEveryPly)
      if (last) return last->template promotions<t>(from, targets, c);
    if (collect) [[unlikely]]
      return collected(from, targets, c);
    while (targets) {
      const int to = pop_lsb(targets);
      if (c.stay) made(Mk::template normal<t>(board, from(to), to, t), from(to), to);
      for (int i = 0; i < c.n; ++i) made(Mk::template normal<t>(board, from(to), to, c.to[i]), from(to), to);
    }
  }
  template <int t>
  void en_passant(int from, int to, const Choices& c) {
    if constexpr (kOneSinkEveryPly)
      if (last) return last->template en_passant<t>(from, to, c);
    if (collect) [[unlikely]]
      return with_choices(Move{square(from), square(to), square(board.ep_victim), kNoSquare, MoveKind::EnPassant, 0}, c, from);
    if (c.stay) made(Mk::template en_passant<t>(board, from, to, t), from, to);
    for (int i = 0; i < c.n; ++i) made(Mk::template en_passant<t>(board, from, to, c.to[i]), from, to);
  }
  void castling(int king_from, int king_to, int partner_from, int partner_to) {
    if constexpr (kOneSinkEveryPly)
      if (last) return last->castling(king_from, king_to, partner_from, partner_to);
    if (collect) [[unlikely]] {
      const Move m{square(king_from), square(king_to), square(partner_from), square(partner_to), MoveKind::Castling, 0};
      collect->push(m);
      if constexpr (V::gating)
        for (const int s : {king_from, partner_from})
          if (s != king_to && s != partner_to) gates(m, s, s == partner_from ? kGateAtPartner : 0);
      return;
    }
    if constexpr (!V::gating) {
      child(Mk::castling(board, king_from, king_to, partner_from, partner_to), king_to);
    } else {
      const Board<D> next = Mk::castling(board, king_from, king_to, partner_from, partner_to);
      child(next, king_to);
      for (const int s : {king_from, partner_from})
        if (s != king_to && s != partner_to) gate_onto(next, s);  // not where the other piece lands
    }
  }
  template <int t, int as = t>
  void drops(B targets) {
    if constexpr (kOneSinkEveryPly)
      if (last) return last->template drops<t, as>(targets);
    if (collect) [[unlikely]] {
      while (targets) collect->push(Move{kNoSquare, square(pop_lsb(targets)), kNoSquare, kNoSquare, MoveKind::Drop, std::uint8_t(as + 1)});
      return;
    }
    while (targets) {
      const int to = pop_lsb(targets);
      child(Mk::template drop<t, as>(board, to), to);
    }
  }

 private:
  // The Position's square of the kernel's square s.
  static constexpr Square square(int s) { return D::rules.geo.square(Variant<D>::G::file_of(s), Variant<D>::G::rank_of(s)); }
  // To `collect`: the moves off `from` onto `targets`, with each of the promotion choices.
  template <class From>
  void collected(From from, B targets, const Choices& c) {
    while (targets) {
      const int to = pop_lsb(targets);
      with_choices(Move{square(from(to)), square(to)}, c, from(to));
    }
  }
  void with_choices(Move m, const Choices& c, int from) {
    for (int i = -int(c.stay); i < c.n; ++i) {
      m.promo = i < 0 ? 0 : std::uint8_t(c.to[i] + 1);
      collect->push(m);
      gates(m, from, 0);
    }
  }
  // With gating, to `collect`: m bringing each type in hand onto s (the square it leaves, or
  // with kGateAtPartner the castling partner's), if s kept its right.
  void gates([[maybe_unused]] const Move& m, [[maybe_unused]] int s, [[maybe_unused]] std::uint8_t at) {
    if constexpr (V::gating) {
      if (!(board.gates & bit<B>(s))) return;
      for_each_index<V::types>([&](auto t) {
        if constexpr (V::in_hands(t))
          if (board.hand[us][t]) {
            Move g = m;
            g.gate = std::uint8_t((t + 1) | at);
            collect->push(g);
          }
      });
    }
  }
  // The position a move off `from` onto `to` made, and with gating those where it also gates.
  void made(const Board<D>& next, int from, int to) {
    child(next, to);
    if constexpr (V::gating) gate_onto(next, from);
  }
  // Each type in hand onto the square s the move that made `next` left, if s kept its right.
  void gate_onto(const Board<D>& next, int s) {
    if (!(board.gates & bit<B>(s))) return;
    for_each_index<V::types>([&](auto t) {
      if constexpr (V::in_hands(t))
        if (board.hand[us][t]) child(Mk::template gate<t>(next, s), s);
    });
  }
  // The perft of the position a move onto `to` made (Ctrl-C: a partial count).
  void child(const Board<D>& next, [[maybe_unused]] int to) {
    if (perft_interrupted) return;
    if constexpr (has_turns<D>)
      nodes += perft_after_move<D, us, phase>(next, to, depth);
    else if constexpr (counts_checks<D>)
      nodes += perft<D, ~us>(count_check(next), depth);
    else
      nodes += perft<D, ~us>(next, depth);
  }
  // n-check (Position::count_check): a move that leaves the enemy royal piece attacked is one
  // more check given.
  static Board<D> count_check(const Board<D>& next) {
    Board<D> counted = next;
    const B royal = next.template of_types<V::royal_types>(~us);
    if (royal && counted.checks_left[us] && Attackers<D, us>::attacks(next, lsb(royal), next.occupied())) --counted.checks_left[us];
    return counted;
  }
};

// Perft in one turn phase (kAllPhases: a variant without turns). A later move of a turn may
// also be a pass, which ends the turn and leaves the board (its e.p. squares too) as it is.
template <class D, Color us, std::uint8_t phase>
std::uint64_t perft_in_phase(const Board<D>& b, int depth) {
  if constexpr (Ends<D>::any)
    if (Ends<D>::template over<us>(b)) return 0;
  constexpr bool pass = phase == kPhaseLater;
  if (depth == 1) {
    if constexpr (captures_compulsory<D>) return count_compulsory<D, us>(b);
    MoveCounter<D> counter;
    if constexpr (Variant<D>::gating) counter.gates = GateCount<D>::template of<us>(b);
    if constexpr (kOneSinkEveryPly) {
      Expander<D, us, phase> counting{b, 0, 0, &counter};
      generate_moves<D, us, phase>(b, counting);
    } else {
      generate_moves<D, us, phase>(b, counter);
    }
    return counter.nodes + pass;
  }
  Expander<D, us, phase> expander{b, depth - 1};
  if constexpr (captures_compulsory<D>)
    generate_compulsory<D, us>(b, expander);
  else
    generate_moves<D, us, phase>(b, expander);
  if constexpr (pass) {
    Board<D> passed = b;
    passed.turn = {};
    if (!perft_interrupted) expander.nodes += perft<D, ~us>(passed, depth - 1);
  }
  return expander.nodes;
}

template <class D, Color us>
std::uint64_t perft(const Board<D>& b, int depth) {
  if constexpr (has_turns<D>) {
    static_assert(!captures_compulsory<D> && !Ends<D>::any && !checks_barred<D> && !captures_explode<D>,
                  "turns of two moves come alone (generator/model/coverage.cpp)");
    switch (b.turn.phase_bit()) {
      case kPhaseLater: return perft_in_phase<D, us, kPhaseLater>(b, depth);
      case kPhaseOpening: return perft_in_phase<D, us, kPhaseOpening>(b, depth);
      default: return perft_in_phase<D, us, kPhaseFirst>(b, depth);
    }
  } else {
    return perft_in_phase<D, us, kAllPhases>(b, depth);
  }
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
