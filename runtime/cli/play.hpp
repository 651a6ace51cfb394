// fairy moves / fairy play: legal moves in Game Courier notation; replaying or playing a game.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "runtime/engine.hpp"

namespace fairy::cli {

int run_moves(const Engine& engine, Position& pos, bool uci);
// Replays `game_file` (or reads turns from `in` when it is empty): one turn per line, an
// optional move number ("12." or "12...") in front, '#' starts a comment.
int run_play(const Engine& engine, const std::optional<std::string>& fen, const std::string& game_file, std::istream& in,
             bool interactive);

}  // namespace fairy::cli
