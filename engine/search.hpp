// A game-playing search over any variant's rules (a generated module or the interpreter behind
// fairy::Engine): iterative deepening alpha-beta with quiescence, a Zobrist transposition
// table, move ordering (hash move, captures by victim and attacker, killers, history) and
// time control. Game ends are the runtime's: immediate_end (n-check, flag, extinction), the
// variant's checkmate and stalemate results, repetition (a position repeated on the search
// path or in the game's history gets the variant's repetition result) and the move rule.
//
// Multi-move turns: the search works ply by ply (one move of the rules); a child where the
// same side is still to move (the second move of an Extra Move Chess turn, the drop after a
// Universal Chess move) is searched without changing sides. best_turn() plays out a whole turn.
//
// The simple entry point, for a GUI or a web page:
//
//   fairy::search::Limits limits;
//   limits.movetime_ms = 500;  // or depth, nodes, or a clock
//   std::optional<fairy::Move> m = fairy::search::best_move(engine, pos, limits);
//
// Every call costs one virtual call into the Engine per node (legal moves, check, game end):
// docs/engine.md gives its speed next to perft's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/eval.hpp"
#include "runtime/engine.hpp"

namespace fairy::search {

constexpr int kMaxDepth = 64;
// The largest transposition table a Searcher is given, in MB (UCI's Hash option, a match player's hash=).
constexpr std::size_t kMaxHashMb = 4096;
constexpr int kMaxSearchPly = 128;

// When to stop. Zero means "no limit of this kind"; with no limit at all the search runs to
// kMaxDepth (or until stop()). Clock times are in milliseconds.
struct Limits {
  int depth = 0;
  std::int64_t movetime_ms = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms[2] = {0, 0};  // remaining clock time per colour (wtime, btime)
  std::int64_t inc_ms[2] = {0, 0};
  int movestogo = 0;
  bool infinite = false;  // until stop(), whatever the other limits say
};

// What one finished iteration found.
struct Info {
  int depth = 0;
  int score = 0;  // centipawns for the side to move, or a mate score (see mate_in)
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
};

// Moves to mate (positive: the side to move mates; negative: is mated), 0 for other scores;
// plies are counted as moves of the rules, turns of one move each as UCI counts them.
int mate_in(int score);

struct Result {
  std::optional<Move> best;  // nullopt: the game is over (no legal move)
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
};

class Searcher {
 public:
  explicit Searcher(const Engine& engine, std::size_t hash_mb = 16);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Searches pos (left as it was). `history` holds the keys of the positions the game went
  // through before pos (for repetitions); on_iteration is called after each finished depth.
  Result search(Position& pos, const Limits& limits, const std::vector<std::uint64_t>& history = {},
                const std::function<void(const Info&)>& on_iteration = {});
  // Ends a running search as soon as possible (from another thread); it returns its best so far.
  void stop() { stop_ = true; }
  // Forgets what earlier searches learnt (a new game).
  void clear();
  void resize(std::size_t hash_mb);

  const Evaluator& evaluator() const { return eval_; }
  const Engine& engine() const { return *engine_; }

 private:
  struct Impl;
  const Engine* engine_;
  Evaluator eval_;
  std::unique_ptr<Impl> impl_;
  std::atomic<bool> stop_{false};
};

// The best move in pos within the limits, or nullopt when the game is over there.
std::optional<Move> best_move(const Engine& engine, Position& pos, const Limits& limits);

// A whole turn from pos: the best move, and while the same side is still to move (multi-move
// turns, a drop after a move) the best next ones, each within `limits` and no deeper than the
// first reached; on_iteration sees the first search's iterations. pos is left as it was; empty
// when the game is over.
std::vector<Move> best_turn(Searcher& searcher, Position& pos, const Limits& limits,
                            const std::vector<std::uint64_t>& history = {},
                            const std::function<void(const Info&)>& on_iteration = {});

}  // namespace fairy::search
