// What play (a game, notation, the search, the server) asks the kernel of a Position: its legal
// moves and its attacks (runtime/generated_rules.hpp).
// The legal moves come from the kernel's move generator: the Expander that perft makes its moves
// with writes them to a list instead (perft.hpp), so play compiles no generator of its own. The
// kernel's moves are legal as they come (pins, checks, explosions, compulsory captures, checks
// barred: legal.hpp and the rules beside it); a game that a rule has ended has none (Ends), and
// a later move of a turn may also be the pass, as in perft.
#pragma once

#include <optional>

#include "runtime/bitboard/perft.hpp"

namespace fairy::bitboard {

template <class D, Color us, std::uint8_t phase>
void legal_moves_in_phase(const Board<D>& b, MoveList& out) {
  if constexpr (Ends<D>::any)
    if (Ends<D>::template over<us>(b)) return;
  Expander<D, us, phase> collector{b, 0};
  collector.collect = &out;
  if constexpr (captures_compulsory<D>)
    generate_compulsory<D, us>(b, collector);
  else
    generate_moves<D, us, phase>(b, collector);
  if constexpr (phase == kPhaseLater) out.push(Move{kNoSquare, kNoSquare, kNoSquare, kNoSquare, MoveKind::Pass, 0});
}

template <class D, Color us>
void legal_moves(const Board<D>& b, MoveList& out) {
  if constexpr (has_turns<D>) {
    switch (b.turn.phase_bit()) {
      case kPhaseLater: return legal_moves_in_phase<D, us, kPhaseLater>(b, out);
      case kPhaseOpening: return legal_moves_in_phase<D, us, kPhaseOpening>(b, out);
      default: return legal_moves_in_phase<D, us, kPhaseFirst>(b, out);
    }
  } else {
    legal_moves_in_phase<D, us, kAllPhases>(b, out);
  }
}

// The legal moves of a position of the variant D describes, in `out` (emptied first); false,
// with `out` empty, when the kernel cannot hold the position (a board with holes, a royal piece
// in hand).
template <class D>
bool legal_moves(const Position& pos, MoveList& out) {
  out.size = 0;
  Board<D> b;
  if (!b.load(pos)) return false;
  if (pos.side_to_move() == White)
    legal_moves<D, White>(b, out);
  else
    legal_moves<D, Black>(b, out);
  return true;
}

// Whether `by` can capture on the Position's square s (runtime/interpreter.hpp's attacked): the
// kernel's attacks on s, which are what capturing a royal piece there takes, with the flying
// general only when s holds the other side's royal piece (royals_face). Nullopt when the kernel
// cannot hold the position, or where a piece may not capture some types (no_capture) and s is
// occupied: what stands there decides, which the kernel's attacks do not ask.
template <class D>
std::optional<bool> attacked(const Position& pos, Square s, Color by) {
  using V = Variant<D>;
  constexpr bool victims_barred = [] {
    for (const auto& p : D::pieces)
      if (p.no_capture) return true;
    return false;
  }();
  if (victims_barred && pos.at(s) != kEmpty) return std::nullopt;
  Board<D> b;
  if (!b.load(pos)) return std::nullopt;
  const Geometry& g = pos.geo();
  const int k = V::G::square(g.file_of(s), g.rank_of(s));
  const bool royal_there = is_color(pos.at(s), ~by) && pos.variant().pieces[type_of(pos.at(s))].royal;
  const auto test = [&](auto attackers) {
    using A = decltype(attackers);
    const auto occupied = b.occupied();
    return A::leapers(b, k) || A::sliders(b, k, occupied) || A::benders(b, k, occupied) || A::hoppers(b, k, occupied) ||
           (royal_there && A::facing(b, k, occupied));
  };
  return by == White ? test(Attackers<D, White>{}) : test(Attackers<D, Black>{});
}

}  // namespace fairy::bitboard
