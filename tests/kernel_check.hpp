// Shared by the kernel tests: a covered variant's perfts and legal moves (the bitboard
// kernel's, the interpreter's) compared along seeded random games.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/position.hpp"

namespace fairy::test {

// A compiled variant on the kernel, by key: the tests reach its kernel through the registry
// (CompiledVariant::kernel), not through its module's header.
struct KernelVariant {
  std::string key;
};

inline void PrintTo(const KernelVariant& v, std::ostream* os) { *os << v.key; }  // for gtest

// The compiled variants that run on the kernel, in the registry's order.
std::vector<KernelVariant> kernel_variants();

// What the positions checked held, so that a test can see its games reached what it is about
// (with hands: drops in check, well-filled hands; with gating: gates, in check and on castling;
// with explosions: blasts, exploded royal pieces, royal pieces side by side under attack; with
// placement's rules: castling rights from drops, drops barred; with in_place promotions: some legal; with turns: later moves; with n-check: games won by checks).
struct KernelReach {
  int checks_with_hand = 0;    // positions reached by a move, in check, the mover holding a piece in hand
  int captures_into_hand = 0;  // moves played that put a piece into a hand
  int gating_played = 0;       // gating moves played
  int gating_in_check = 0;     // positions checked, in check, where a legal move gates
  int gating_castling = 0;     // positions checked where a legal castling gates
  int explosions = 0;          // captures played that blew up a piece besides the capturer and the captured one
  int royals_exploded = 0;     // moves played that exploded a royal piece (its game ends)
  int attacked_touching = 0;   // positions checked where the royal pieces touch and another enemy
                               // piece attacks the mover's (explosions: not in check)
  int drops_castling = 0;      // positions checked where a legal drop gives castling rights
  int drops_barred = 0;        // positions checked where a type in hand may not be dropped on some
                               // empty square of its drop ranks (placement: opposite_colours, a
                               // royal piece's attacked squares)
  int in_place_promotions = 0; // positions checked where a promotion that is a move of its own is legal
  int later_moves = 0;         // positions checked at a later move of a turn (turns of two moves)
  int checks_won = 0;          // moves played that gave a side's last check (n-check: its game ends)
  int one_between_royals = 0;  // positions checked where the royal pieces share a file or rank with
                               // one piece between (the flying general: a pin)
};

// Plays `games` seeded random games of up to `plies` moves from the variant's start position,
// each perft position of spec_path and each of `extra`, and expects the module's perft
// (KernelDispatch over its kernel: the kernel's count, the interpreter's where the kernel cannot
// hold the position, as with a royal piece in hand that did not start there) at depths 1 to 3
// and the legal moves to agree with the interpreter's at every position reached. Returns the number of positions checked; fills
// `reach` if given.
int expect_kernel_agrees(const KernelVariant& v, const std::string& spec_path, const std::vector<std::string>& extra,
                         int games, int plies, KernelReach* reach = nullptr);

}  // namespace fairy::test
