// What UCI and XBoard share: moves as text and the time a move may take.
//
// A protocol move is a whole turn: its plies in coordinates (e2e4, a7a8q, N@c1, pass), joined
// by ',' when a turn has several (Extra Move Chess "e2e4,g1f3" or "e2e4,pass"; Universal Chess
// "e1e2,N@c1"). The engine always sends whole turns, every ply written out; it accepts a turn
// whole or ply by ply (a token without ',' is one ply, after which the same side may still be
// to move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/search.hpp"
#include "runtime/cli/catalogue.hpp"
#include "runtime/game.hpp"

namespace fairy::engine_cli {

// The game a protocol session plays: the variants offered (compiled, or a spec file's), the
// variant chosen, its rules, a searcher, and the game so far (fairy::Game, for its outcome;
// the keys of every position, for the search's repetitions).
class Table {
 public:
  explicit Table(const std::string& spec);

  // Offers the variants of a spec file ("" : the compiled ones); keeps the variant if the new
  // catalogue has it, else takes the first. Throws SpecError, UsageError.
  void open_spec(const std::string& spec);
  // Throws cli::UsageError naming the known variants.
  void set_variant(const std::string& key);
  // The start position (empty fen) or fen; throws FenError (the table then keeps the last).
  void set_position(const std::string& fen);
  // Plays one protocol token (a ply or a whole turn); throws NotationError, nothing played.
  void play(std::string_view token);
  void play(const std::vector<Move>& turn);
  // Takes back the last turn played; false when there is none.
  bool undo();
  void set_hash(std::size_t mb);

  const cli::Catalogue& catalogue() const { return catalogue_; }
  const std::string& variant_key() const { return key_; }
  const Engine& engine() const { return *engine_; }
  search::Searcher& searcher() { return *searcher_; }
  Game& game() { return *game_; }
  Position& position() { return game_->position(); }
  const std::vector<std::uint64_t>& history() const { return history_; }
  const std::string& spec() const { return spec_; }

 private:
  std::string spec_, key_;
  cli::Catalogue catalogue_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<search::Searcher> searcher_;
  std::unique_ptr<Game> game_;
  std::vector<std::uint64_t> history_;
  std::vector<std::size_t> turn_start_;  // history_'s size before each turn
  std::size_t hash_mb_ = 16;
};

// The plies of one protocol token, read on pos (left as it was); throws NotationError.
std::vector<Move> parse_token(Position& pos, const Engine& engine, std::string_view token);

// The plies of a turn in protocol form.
std::string turn_text(Position& pos, const std::vector<Move>& turn);

// "cp 35" or "mate 3" / "mate -2" as UCI writes a score.
std::string uci_score(int score);

}  // namespace fairy::engine_cli
