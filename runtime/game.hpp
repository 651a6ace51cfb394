// A game being played: the position, the key history, and how the game ended.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace fairy {

enum class Result { Ongoing, WhiteWins, BlackWins, Draw };

struct Outcome {
  Result result = Result::Ongoing;
  std::string reason;  // "checkmate", "third check", "bare king", "threefold repetition", "50-move rule", ...
  std::string text() const;  // "1-0 (checkmate)"
};

class Game {
 public:
  Game(const Engine& engine, const std::string& fen);

  Position& position() { return pos_; }
  const Position& position() const { return pos_; }
  const Engine& engine() const { return *engine_; }

  // Plays one turn written in Game Courier notation; throws NotationError.
  void play_turn(const std::string& text);
  // Takes back the last turn; false when there is none.
  bool undo_turn();
  bool in_check() const { return engine_->in_check(pos_); }
  Outcome outcome();

 private:
  const Engine* engine_;
  Position pos_;
  std::vector<int> turn_plies_;           // plies of each turn played
  std::vector<std::uint64_t> turn_keys_;  // key at the start of each turn, the current one last
  std::vector<bool> turn_checks_;         // whether the side to move was in check there

  std::optional<Outcome> repetition() const;
  bool drop_mate() const;
};

// The board as text, ranks from the top, files a.. at the bottom.
std::string board_text(const Position& pos);

}  // namespace fairy
