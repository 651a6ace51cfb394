// The rules of a generated module, written once for every module. A module's header names them
// in one line: where the bitboard kernel covers the variant,
//
//   struct Rules : KernelRules<Rules, Kernel> {};
//
// and where it does not (janggi, sandbox, universal), on the move generator the variant shares
// with those of the same pieces and board,
//
//   struct Rules : MailboxRules<Rules, mailbox_janggi::Generator, GenerationSteps{}> {};
//
// Its source alone compiles them (runtime/generated_rules_impl.hpp, an explicit instantiation):
// whoever includes the header links to that code. Both give the same static functions, which
// engines and perft call (runtime/engine.hpp, runtime/movegen.hpp).
#pragma once

#include <cstdint>

#include "runtime/generation.hpp"
#include "runtime/kernel_engine.hpp"

namespace fairy {

// Self: the module's Rules, derived from this. Description: the kernel's description of the
// variant (runtime/bitboard/description.hpp). The kernel counts perft, lists the legal moves for
// play and tests attacks (runtime/bitboard/play.hpp); engines reach them through entry()
// (runtime/kernel_engine.hpp, where what the kernel does not answer, pseudo-legal moves and a
// position it cannot hold, a board with holes, goes to the interpreter on the model). Only the
// kernel is compiled in the module.
template <class Self, class Description>
struct KernelRules {
  static const KernelEntry& entry();
  // Perft on the kernel; by the interpreter where it cannot hold the position.
  static std::uint64_t perft(const Position& pos, int depth);
};

// Self: the module's Rules. Generator: the tag of its move generator (the <name>.mailbox.hpp it
// shares with the variants of the same pieces and board), whose namespace has
//   template <Color Us> void generate_piece(Generator, const Position&, Square from, MoveList&)
//   template <Color Us> bool attacked_by(Generator, const Position&, Square s, Square left, Square entered)
// (the moves of Us's piece on from; whether Us can capture on s, only along routes through left
// or entered unless left is kNoSquare). Steps: those its variant has around the pieces' moves
// (runtime/generation.hpp).
template <class Self, class Generator, GenerationSteps Steps>
struct MailboxRules {
  static void generate(const Position& pos, MoveList& list);
  static bool attacked(const Position& pos, Square s, Color by);
  // Only along routes through a or b (see is_legal in runtime/movegen.hpp).
  static bool attacked_via(const Position& pos, Square s, Color by, Square a, Square b);
  static std::uint64_t perft(const Position& pos, int depth);
  static std::uint64_t generator_perft(Position& pos, int depth);
  // No kernel: play_moves asks generate_legal.
  static bool kernel_moves(const Position&, MoveList&) { return false; }

 private:
  // Us's pieces' moves, square by square (the piece lists of runtime/position.hpp).
  template <Color Us>
  static void generate_pieces(const Position& pos, MoveList& list) {
    const Square* squares = pos.piece_squares(Us);
    for (int i = 0, n = pos.piece_total(Us); i < n; ++i) generate_piece<Us>(Generator{}, pos, squares[i], list);
  }
};

}  // namespace fairy
