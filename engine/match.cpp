#include "engine/match.hpp"

#include <charconv>
#include <random>
#include <stdexcept>

#include "runtime/movegen.hpp"
#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::match {

namespace {

// Picks uniformly among the best of a list by a key, with a seeded generator.
class Chooser {
 public:
  void seed(std::uint64_t s) { rng_.seed(s); }
  template <class Key>
  Move best(const MoveList& moves, const Key& key) {
    int best = -1, ties = 0;
    Move chosen = moves[0];
    for (const Move& m : moves) {
      const int k = key(m);
      if (k > best) {
        best = k;
        ties = 0;
      }
      if (k == best && std::uniform_int_distribution<int>(0, ties++)(rng_) == 0) chosen = m;
    }
    return chosen;
  }

 private:
  std::mt19937_64 rng_{1};
};

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(const Engine& e) : engine_(e) {}
  std::string name() const override { return "random"; }
  void new_game(std::uint64_t seed) override { chooser_.seed(seed); }
  Move choose(Position& pos, const std::vector<std::uint64_t>&) override {
    MoveList moves;
    engine_.legal_moves(pos, moves);
    return chooser_.best(moves, [](const Move&) { return 0; });
  }

 private:
  const Engine& engine_;
  Chooser chooser_;
};

// Takes the most valuable piece it can (what it captures plus what it promotes to), else moves
// at random: the search's piece values, one ply, no look at replies.
class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(const Engine& e) : engine_(e), eval_(e.variant()) {}
  std::string name() const override { return "greedy"; }
  void new_game(std::uint64_t seed) override { chooser_.seed(seed); }
  Move choose(Position& pos, const std::vector<std::uint64_t>&) override {
    MoveList moves;
    engine_.legal_moves(pos, moves);
    return chooser_.best(moves, [&](const Move& m) {
      int gain = 0;
      Square at = m.kind == MoveKind::EnPassant || m.kind == MoveKind::Locust ? m.aux1 : m.to;
      if (m.kind != MoveKind::Swap && m.kind != MoveKind::Castling && at != kNoSquare &&
          is_color(pos.at(at), ~pos.side_to_move()))
        gain += eval_.value(type_of(pos.at(at))) + 1;
      if (m.promo && m.kind != MoveKind::Drop) gain += eval_.value(m.promo - 1);
      return gain;
    });
  }

 private:
  const Engine& engine_;
  search::Evaluator eval_;
  Chooser chooser_;
};

class SearchPlayer : public Player {
 public:
  SearchPlayer(const Engine& e, search::Limits limits, std::size_t hash_mb, std::string name)
      : searcher_(e, hash_mb), limits_(limits), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  void new_game(std::uint64_t) override { searcher_.clear(); }
  Move choose(Position& pos, const std::vector<std::uint64_t>& history) override {
    const search::Result r = searcher_.search(pos, limits_, history);
    return r.best ? *r.best : Move{};
  }

 private:
  search::Searcher searcher_;
  search::Limits limits_;
  std::string name_;
};

std::int64_t number(const std::string& text, const std::string& spec) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n <= 0)
    throw std::invalid_argument("bad number '" + text + "' in player '" + spec + "'");
  return n;
}

// A search player's settings: its limits and the size of its transposition table.
struct SearchSettings {
  search::Limits limits;
  std::size_t hash_mb = 16;  // as UCI's Hash option (engine/uci.cpp)
};

SearchSettings parse_search(const std::string& text, const std::string& spec) {
  SearchSettings settings;
  search::Limits& limits = settings.limits;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string part = text.substr(at, comma - at);
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("expected KEY=N, not '" + part + "' in player '" + spec + "'");
    const std::string key = part.substr(0, eq);
    const std::int64_t n = number(part.substr(eq + 1), spec);
    if (key == "depth")
      limits.depth = int(std::min<std::int64_t>(n, search::kMaxDepth));
    else if (key == "movetime")
      limits.movetime_ms = n;
    else if (key == "nodes")
      limits.nodes = std::uint64_t(n);
    else if (key == "hash") {
      settings.hash_mb = std::size_t(n);  // n > 0 (number())
      if (settings.hash_mb > search::kMaxHashMb)
        throw std::invalid_argument("hash=" + part.substr(eq + 1) + " in player '" + spec + "': at most " +
                                    std::to_string(search::kMaxHashMb) + " MB");
    } else
      throw std::invalid_argument("unknown setting '" + key + "' in player '" + spec + "' (depth, movetime, nodes, hash)");
    at = comma + 1;
  }
  return settings;
}

}  // namespace

std::unique_ptr<Player> make_player(const std::string& spec, const Engine& engine) {
  if (spec == "random") return std::make_unique<RandomPlayer>(engine);
  if (spec == "greedy") return std::make_unique<GreedyPlayer>(engine);
  if (spec.rfind("search:", 0) == 0) {
    const SearchSettings s = parse_search(spec.substr(7), spec);
    return std::make_unique<SearchPlayer>(engine, s.limits, s.hash_mb, spec);
  }
  throw std::invalid_argument("unknown player '" + spec + "' (random, greedy, search:depth=N|movetime=MS|nodes=N|hash=MB)");
}

std::string play_turn(Game& game, const std::vector<Move>& turn, std::vector<std::uint64_t>& history) {
  Position& pos = game.position();
  std::string text;
  std::vector<std::uint64_t> keys;
  for (const Move& m : turn) {
    text += (text.empty() ? "" : "; ") + to_gc(pos, m);
    keys.push_back(pos.key());
    pos.make(m);
  }
  for (std::size_t i = 0; i < turn.size(); ++i) pos.unmake();
  try {
    game.play_turn(text);
  } catch (const NotationError& e) {
    throw NotationError(std::string(e.what()) + " (turn '" + text + "' in " + pos.fen() + ")", e.token);
  }
  history.insert(history.end(), keys.begin(), keys.end());
  return text;
}

GameRecord play_game(const Engine& engine, Player& white, Player& black, const std::string& fen, int max_turns) {
  Game game(engine, fen);
  GameRecord record;
  std::vector<std::uint64_t> history;
  Position& pos = game.position();
  for (;;) {
    record.final_fen = pos.fen();
    const Outcome outcome = game.outcome();
    if (outcome.result != Result::Ongoing) {
      record.result = outcome.result;
      record.reason = outcome.reason;
      return record;
    }
    if (record.turns >= max_turns) {
      record.result = Result::Draw;
      record.reason = "turn limit";
      return record;
    }
    // One turn: moves of the side to move until the other side is to move.
    const Color us = pos.side_to_move();
    Player& player = us == White ? white : black;
    std::vector<Move> turn;
    std::vector<std::uint64_t> keys = history;
    do {
      const Move m = player.choose(pos, keys);
      MoveList legal;
      engine.legal_moves(pos, legal);
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
        record.illegal = player.name() + " played " + to_uci(pos, m) + " in " + pos.fen();
        for (std::size_t i = 0; i < turn.size(); ++i) pos.unmake();
        record.result = us == White ? Result::BlackWins : Result::WhiteWins;
        record.reason = "illegal move";
        return record;
      }
      turn.push_back(m);
      keys.push_back(pos.key());
      pos.make(m);
    } while (pos.side_to_move() == us && !engine.immediate_end(pos));
    for (std::size_t i = 0; i < turn.size(); ++i) pos.unmake();
    record.moves.push_back(play_turn(game, turn, history));
    ++record.turns;
  }
}

MatchResult play_match(const Engine& engine, Player& first, Player& second, const MatchOptions& options,
                       const std::function<void(int, const MatchResult&)>& progress) {
  MatchResult result;
  for (int i = 0; i < options.games; ++i) {
    const bool first_white = i % 2 == 0;
    first.new_game(options.seed * 1000003 + std::uint64_t(i) * 2);
    second.new_game(options.seed * 1000003 + std::uint64_t(i) * 2 + 1);
    const GameRecord g = first_white ? play_game(engine, first, second, options.fen, options.max_turns)
                                     : play_game(engine, second, first, options.fen, options.max_turns);
    if (!g.illegal.empty()) ++result.illegal;
    const bool first_won = g.result == (first_white ? Result::WhiteWins : Result::BlackWins);
    if (g.result == Result::Draw)
      ++result.draws;
    else if (first_won)
      ++result.wins;
    else
      ++result.losses;
    result.reasons.push_back(std::string(g.result == Result::Draw ? "draw" : first_won ? "win" : "loss") + " (" +
                             g.reason + (g.illegal.empty() ? "" : ": " + g.illegal) + ")");
    result.final_fens.push_back(g.final_fen);
    if (progress) progress(i + 1, result);
  }
  return result;
}

}  // namespace fairy::match
