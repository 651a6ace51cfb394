// Games between two players in any variant, for play-testing and for measuring the search:
// the searcher at a depth, node count or time, a random mover and a one-ply greedy capturer.
// Every move a player chooses is checked against the rules' legal moves before it is played,
// and each turn is then played through the notation (fairy::Game), whose outcome() decides
// when the game ends (the runtime's rules, not re-implemented here).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "runtime/game.hpp"

namespace fairy::match {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // One move of the side to move in pos (left as it was); history: the keys of the positions
  // the game went through before pos.
  virtual Move choose(Position& pos, const std::vector<std::uint64_t>& history) = 0;
  virtual void new_game(std::uint64_t /*seed*/) {}
};

// "random", "greedy", or "search" with limits: "search:depth=4", "search:movetime=100" (ms),
// "search:nodes=20000" (comma-separated, e.g. "search:depth=6,movetime=100"), and optionally the
// size of its transposition table, "hash=MB" (default 16, at most search::kMaxHashMb). Throws
// std::invalid_argument naming the bad part.
std::unique_ptr<Player> make_player(const std::string& spec, const Engine& engine);

// Plays a turn (its moves, legal ones) on the game through its notation (fairy::Game), and
// appends the keys of the positions it leaves to history; returns the turn's text. Throws
// NotationError (nothing played) if the notation does not give the same turn back.
std::string play_turn(Game& game, const std::vector<Move>& turn, std::vector<std::uint64_t>& history);

struct GameRecord {
  Result result = Result::Ongoing;
  std::string reason;
  int turns = 0;
  std::vector<std::string> moves;  // each turn in Game Courier notation
  std::string illegal;             // a player's move that was not legal (then the game stops)
  std::string final_fen;
};

// Plays one game from fen (empty: the variant's start); a game still going after max_turns
// turns is adjudicated a draw.
GameRecord play_game(const Engine& engine, Player& white, Player& black, const std::string& fen, int max_turns);

struct MatchOptions {
  int games = 10;
  std::uint64_t seed = 1;
  int max_turns = 300;
  std::string fen;
};

struct MatchResult {
  int wins = 0, losses = 0, draws = 0;  // for the first player
  int illegal = 0;                      // games stopped by an illegal move
  std::vector<std::string> reasons;     // how each game ended, from the first player's view
  std::vector<std::string> final_fens;
  double score() const { return wins + losses + draws ? (wins + 0.5 * draws) / (wins + losses + draws) : 0; }
};

// Plays `games` games, the first player White in even-numbered games. progress(i, result) is
// called after each game. Deterministic for the same seed when the players are (depth or node
// limits, not time).
MatchResult play_match(const Engine& engine, Player& first, Player& second, const MatchOptions& options,
                       const std::function<void(int, const MatchResult&)>& progress = {});

}  // namespace fairy::match
