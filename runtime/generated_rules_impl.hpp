// The code of GeneratedRules (runtime/generated_rules.hpp), for the one source of each module that
// instantiates it.
#pragma once

#include <optional>
#include <type_traits>

#include "runtime/bitboard/play.hpp"
#include "runtime/bitboard/perft.hpp"
#include "runtime/generated_rules.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/perft.hpp"

namespace fairy {

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
void GeneratedRules<Self, Generator, Steps, Kernel>::generate(const Position& pos, MoveList& list) {
  if constexpr (std::is_void_v<Generator>) {
    Interpreter(pos.variant()).generate(pos, list);
  } else {
    generate_moves(pos, list, Steps, Self{}, [&] {
      if (pos.side_to_move() == White)
        generate_pieces<White>(Generator{}, pos, list);
      else
        generate_pieces<Black>(Generator{}, pos, list);
    });
  }
}

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
bool GeneratedRules<Self, Generator, Steps, Kernel>::attacked(const Position& pos, Square s, Color by) {
  return attacked_via(pos, s, by, kNoSquare, kNoSquare);
}

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
bool GeneratedRules<Self, Generator, Steps, Kernel>::attacked_via(const Position& pos, Square s, Color by, Square a, Square b) {
  if constexpr (std::is_void_v<Generator>) {  // along every route
    if constexpr (!std::is_void_v<Kernel>)
      if (const std::optional<bool> kernel = bitboard::attacked<Kernel>(pos, s, by)) return *kernel;
    return Interpreter(pos.variant()).attacked(pos, s, by);
  } else
    return by == White ? attacked_by<White>(Generator{}, pos, s, a, b) : attacked_by<Black>(Generator{}, pos, s, a, b);
}

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
std::uint64_t GeneratedRules<Self, Generator, Steps, Kernel>::perft(const Position& pos, int depth) {
  if constexpr (!std::is_void_v<Kernel>)
    if (const auto nodes = bitboard::perft<Kernel>(pos, depth)) return *nodes;
  Position copy = pos;
  return generator_perft(copy, depth);
}

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
std::uint64_t GeneratedRules<Self, Generator, Steps, Kernel>::generator_perft(Position& pos, int depth) {
  return fairy::perft(pos, Self{}, depth);
}

template <class Self, class Generator, GenerationSteps Steps, class Kernel>
bool GeneratedRules<Self, Generator, Steps, Kernel>::kernel_moves(const Position& pos, MoveList& out) {
  if constexpr (std::is_void_v<Kernel>)
    return false;
  else
    return bitboard::legal_moves<Kernel>(pos, out);
}

}  // namespace fairy
