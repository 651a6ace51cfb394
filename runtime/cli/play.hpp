// fairy moves / fairy play: legal moves in Game Courier notation; replaying or playing a game.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "runtime/engine.hpp"

namespace fairy::cli {

int run_moves(const Engine& engine, Position& pos, bool uci);
// One line of a game file as a turn: without its move number ("12." or "12..."), a `#` comment
// and surrounding blanks.
std::string strip_turn(std::string line);
// Replays `game_file` (or reads turns from `in` when it is empty): one turn per line, an
// optional move number ("12." or "12...") in front, '#' starts a comment.
int run_play(const Engine& engine, const std::optional<std::string>& fen, const std::string& game_file, std::istream& in,
             bool interactive);

}  // namespace fairy::cli
