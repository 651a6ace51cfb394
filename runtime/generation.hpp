// The order in which every engine lists a position's moves, written once: the interpreter runs it
// with the steps its variant has read at run time, a generated module (runtime/generated_rules.hpp)
// with the steps the generator wrote into it as a constant, so that the steps it lacks are not
// compiled in at all.
#pragma once

#include "runtime/movegen.hpp"

namespace fairy {

// Which steps around its pieces' own moves and castling a variant has. A structural type: a
// generated module passes its steps as a template argument.
struct GenerationSteps {
  bool drop_phase = false;            // a phase of drops only, before any move (placement)
  bool hand_drops = false;            // drops from hands
  bool first_moves = false;           // first-move rights (Ouk Chatrang)
  bool in_place_promotions = false;   // promotions without a move (runtime/in_place_promotion.hpp)
  bool gating = false;                // gating from hands (Seirawan)
  bool induced_repeats = false;       // a move induced twice (XBetza x) is listed once
  bool swap_repeats = false;          // a swap found from both ends (XBetza u) is listed once
  bool turn_rules = false;            // turns of several moves (TurnRule)
};

// The steps of variant v: the generator's, at generation time, and the interpreter's.
inline GenerationSteps generation_steps(const VariantInfo& v) {
  return {.drop_phase = v.drops.enabled,
          .hand_drops = v.hands.enabled && v.hands.drops,
          .first_moves = !v.first_moves.empty(),
          .in_place_promotions = v.any_in_place,
          .gating = v.hands.gating,
          .induced_repeats = v.has_induction,
          .swap_repeats = v.mutual_swaps,
          .turn_rules = v.turn.moves > 1};
}

// Every move of the side to move (pseudo-legal): a drop phase's drops alone while it lasts; else
// drops from hands, then each piece's own moves (piece_moves()), castling, first moves, in-place
// promotions and gating, then the lists' repeats removed and the turn rules applied. `rules`
// answers first moves' `in_check: false`.
template <class Rules, class PieceMoves>
inline void generate_moves(const Position& pos, MoveList& list, const GenerationSteps& steps, const Rules& rules,
                           const PieceMoves& piece_moves) {
  if (steps.drop_phase && generate_drop_phase(pos, list)) return;
  if (steps.hand_drops) generate_hand_drops(pos, list);
  piece_moves();
  generate_castling(pos, list);
  if (steps.first_moves) add_first_moves(pos, rules, list);
  if (steps.in_place_promotions) add_in_place_promotions(pos, list);
  if (steps.gating) add_gating_moves(pos, list);
  if (steps.induced_repeats) remove_induced_repeats(pos, list);
  if (steps.swap_repeats) remove_swap_repeats(list);
  if (steps.turn_rules) apply_turn_rules(pos, list);
}

}  // namespace fairy
