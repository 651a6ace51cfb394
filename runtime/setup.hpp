// Random start positions for variants declared with setup: {random: true} (Universal Chess):
// each side independently puts its royal piece on a random square of its first rank and
// shuffles its other non-pawn pieces into the rest of that rank and the ordered reserve.
// Setups where the side to move (White, or Black if it moved first) could mate at once or take
// an undefended pawn are dealt again (the seed page's pregame rule).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace fairy {

struct DealtSetup {
  std::string fen;
  std::vector<std::string> rejected;  // earlier deals, each with why it was dealt again
};

// Deterministic for the same variant and seed. Throws std::runtime_error if the variant
// cannot be dealt (no reserves, wrong piece count).
DealtSetup deal_setup(const Engine& engine, std::uint64_t seed);

// Why this position breaks the pregame rule, or "" when it does not.
std::string pregame_objection(Position& pos, const Engine& engine);

}  // namespace fairy
