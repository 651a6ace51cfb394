// The rules of a generated module, written once for every module. A module's header names them
//
//   struct Rules : GeneratedRules<Rules, mailbox_chess::Generator, GenerationSteps{}, kernel::Description> {};
//
// and its source alone compiles them (runtime/generated_rules_impl.hpp, an explicit
// instantiation): whoever includes the header links to that code.
#pragma once

#include <cstdint>

#include "runtime/generation.hpp"

namespace fairy {

// Self: the module's Rules, derived from this. Generator: the tag of its move generator (the
// <name>.mailbox.hpp it shares with the variants of the same pieces and board), whose namespace
// has
//   template <Color Us> void generate_pieces(Generator, const Position&, MoveList&)
//   template <Color Us> bool attacked_by(Generator, const Position&, Square s, Square left, Square entered)
// (Us's pieces' moves; whether Us can capture on s, only along routes through left or entered
// unless left is kNoSquare); void where the kernel covers the variant: then the kernel counts
// perft, lists the legal moves for play and tests attacks (runtime/bitboard/play.hpp), and what
// it does not answer (pseudo-legal moves, a position it cannot hold) the interpreter does, on
// the model.
// Steps: those its variant has around the pieces' moves (runtime/generation.hpp). Kernel: the
// bitboard kernel's description of the variant (runtime/bitboard/), or void where the kernel
// does not cover it.
template <class Self, class Generator, GenerationSteps Steps, class Kernel>
struct GeneratedRules {
  static void generate(const Position& pos, MoveList& list);
  static bool attacked(const Position& pos, Square s, Color by);
  // Only along routes through a or b (see is_legal in runtime/movegen.hpp).
  static bool attacked_via(const Position& pos, Square s, Color by, Square a, Square b);
  // Perft on the kernel; by the move generator where there is no kernel or the kernel cannot
  // hold the position (a board with holes).
  static std::uint64_t perft(const Position& pos, int depth);
  // Perft by the move generator alone (the tests compare it with the kernel's; with no move
  // generator of its own, the interpreter's).
  static std::uint64_t generator_perft(Position& pos, int depth);
  // The legal moves by the kernel (runtime/bitboard/play.hpp), for play; false where
  // there is no kernel or it cannot hold the position (then play_moves asks generate_legal).
  static bool kernel_moves(const Position& pos, MoveList& out);
};

}  // namespace fairy
