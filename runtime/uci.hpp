// Coordinate ("UCI") move notation, as Fairy-Stockfish prints it: e2e4, a7a8q, a9a10, e1g1, P@e4, h7h8+,
// b1c3h (gating), +L@c3 (a drop as the promoted type), a1a2- (a promoted piece turning back, Kyoto shogi).
#pragma once

#include <cstdlib>
#include <string>

#include "runtime/position.hpp"

namespace fairy {

inline std::string to_uci(const Position& pos, const Move& m) {
  const Geometry& g = pos.geo();
  // pass: (janggi): the royal piece's square twice, as Fairy-Stockfish writes it ("e2e2").
  if (m.kind == MoveKind::Pass && pos.variant().pass && pos.royal(pos.side_to_move()) != kNoSquare)
    return g.name(pos.royal(pos.side_to_move())) + g.name(pos.royal(pos.side_to_move()));
  if (m.kind == MoveKind::Pass) return "pass";
  if (m.kind == MoveKind::Drop) {  // "+L@c3": dropped as its promoted type (drop_promoted)
    const PieceInfo& dropped = pos.variant().pieces[m.promo - 1];
    return (dropped.mark == '+' ? "+" : "") + std::string(1, dropped.letter) + "@" + g.name(m.to);
  }
  // Gating (seirawan): the piece from the hand in lower case after the move; castling that gates
  // onto the partner's square is written from there to the royal piece's square ("h1e1h").
  const auto gated = [&pos, &m] {
    return std::string(1, char(std::tolower(static_cast<unsigned char>(pos.variant().pieces[gate_type(m.gate)].letter))));
  };
  if (m.gate & kGateAtPartner) return g.name(m.aux1) + g.name(m.from) + gated();
  // Castling onto a square one step of the royal piece reaches too is written from the royal
  // piece to its partner ("f1h1" for a King on f1 landing on g1), as Fairy-Stockfish writes it.
  const bool step_alike = m.kind == MoveKind::Castling && std::abs(g.file_of(m.to) - g.file_of(m.from)) == 1;
  std::string s = g.name(m.from) + g.name(step_alike ? m.aux1 : m.to);
  if (m.gate) s += gated();
  // A shogi-style promotion (to a `+` piece) is "+", as Fairy-Stockfish writes it; a `+` piece
  // turning back into what it returns to a hand as (turn_over: Kyoto shogi) is "-".
  if (m.promo && pos.variant().pieces[m.promo - 1].mark == '+') s += '+';
  else if (m.promo && m.from != kNoSquare && pos.variant().pieces[type_of(pos.at(m.from))].unpromoted == m.promo - 1) s += '-';
  else if (m.promo) s += char(std::tolower(static_cast<unsigned char>(pos.variant().pieces[m.promo - 1].letter)));
  return s;
}

}  // namespace fairy
