// The code of KernelRules and MailboxRules (runtime/generated_rules.hpp), for the one source of
// each module that instantiates its Rules' base.
#pragma once

#include "runtime/bitboard/perft.hpp"
#include "runtime/bitboard/play.hpp"
#include "runtime/generated_rules.hpp"
#include "runtime/perft.hpp"

namespace fairy {

template <class Self, class Description>
const KernelEntry& KernelRules<Self, Description>::entry() {
  static constexpr KernelEntry kEntry = {&bitboard::perft<Description>, &bitboard::legal_moves<Description>,
                                         &bitboard::attacked<Description>};
  return kEntry;
}

template <class Self, class Description>
std::uint64_t KernelRules<Self, Description>::perft(const Position& pos, int depth) {
  return KernelDispatch(entry()).perft(pos, depth);
}

template <class Self, class Generator, GenerationSteps Steps>
void MailboxRules<Self, Generator, Steps>::generate(const Position& pos, MoveList& list) {
  generate_moves(pos, list, Steps, Self{}, [&] {
    if (pos.side_to_move() == White)
      generate_pieces<White>(pos, list);
    else
      generate_pieces<Black>(pos, list);
  });
}

template <class Self, class Generator, GenerationSteps Steps>
bool MailboxRules<Self, Generator, Steps>::attacked(const Position& pos, Square s, Color by) {
  return attacked_via(pos, s, by, kNoSquare, kNoSquare);
}

template <class Self, class Generator, GenerationSteps Steps>
bool MailboxRules<Self, Generator, Steps>::attacked_via(const Position& pos, Square s, Color by, Square a, Square b) {
  return by == White ? attacked_by<White>(Generator{}, pos, s, a, b) : attacked_by<Black>(Generator{}, pos, s, a, b);
}

template <class Self, class Generator, GenerationSteps Steps>
std::uint64_t MailboxRules<Self, Generator, Steps>::perft(const Position& pos, int depth) {
  Position copy = pos;
  return generator_perft(copy, depth);
}

template <class Self, class Generator, GenerationSteps Steps>
std::uint64_t MailboxRules<Self, Generator, Steps>::generator_perft(Position& pos, int depth) {
  return fairy::perft(pos, Self{}, depth);
}

}  // namespace fairy
