// One game played through the server: a Game (runtime/game.hpp) plus the plies of a turn not yet
// finished (Extra Move Chess plays a turn ply by ply), a redo list, and the state as JSON for the
// page: the board, the legal moves with their squares, the move list, the FEN and the result.
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/game.hpp"

namespace fairy::server {

// A request the server refuses: the HTTP status and a message for the page.
struct RequestError : std::runtime_error {
  RequestError(int status, const std::string& what) : std::runtime_error(what), status(status) {}
  int status;
};

// The engine hook: the move the engine plays in `pos` within about movetime_ms (nullopt: none).
// Unset until a search is wired in (the page hides its "engine plays" button then).
using MovePicker = std::function<std::optional<Move>(const Engine&, Position&, int movetime_ms)>;

class PlaySession {
 public:
  // `model` keeps an interpreted variant's model alive as long as the engine that points into it.
  PlaySession(std::shared_ptr<const VariantInfo> model, std::unique_ptr<Engine> engine, const std::string& fen);

  // Plays one ply written as the state's `moves` list writes it (Game Courier, or coordinates).
  void play(const std::string& text);
  // Takes back the unfinished turn, or else the last turn (which redo() plays again).
  void undo();
  void redo();
  void load_fen(const std::string& fen);
  // Lets `picker` play the side to move's whole turn.
  void engine_turn(const MovePicker& picker, int movetime_ms);

  nlohmann::json state();

  std::mutex mutex;  // held by the server around each request on this session
  std::atomic<std::int64_t> last_used{0};  // the server's request count at the last use

 private:
  void play_move(const Move& m);
  void finish_turn_if_over();

  std::shared_ptr<const VariantInfo> model_;
  std::unique_ptr<Engine> engine_;
  Game game_;
  Color turn_side_ = White;            // the side whose turn the partial plies belong to
  struct Ply {
    std::string text;  // Game Courier notation; a turn's plies joined by "; "
    Square from = kNoSquare, to = kNoSquare;  // of the (last) ply, for the page to mark
  };
  std::vector<Ply> partial_;  // plies of the turn being played, made on game_.position()
  std::vector<Ply> turns_;    // turns played
  std::vector<Ply> redo_;     // turns taken back, the next one last
};

// The legend of a variant: each piece's letter, name and XBetza.
nlohmann::json piece_legend(const VariantInfo& v);

}  // namespace fairy::server
