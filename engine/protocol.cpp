#include "engine/protocol.hpp"

#include <algorithm>

#include "engine/match.hpp"
#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::engine_cli {

std::vector<Move> parse_token(Position& pos, const Engine& engine, std::string_view token) {
  std::vector<Move> plies;
  try {
    for (;;) {
      const std::size_t comma = std::min(token.find(','), token.size());
      plies.push_back(parse_uci(pos, engine, token.substr(0, comma)));
      pos.make(plies.back());
      if (comma == token.size()) break;
      token.remove_prefix(comma + 1);
    }
  } catch (...) {
    for (std::size_t i = 0; i < plies.size(); ++i) pos.unmake();
    throw;
  }
  for (std::size_t i = 0; i < plies.size(); ++i) pos.unmake();
  return plies;
}

Table::Table(const std::string& spec) { open_spec(spec); }

void Table::open_spec(const std::string& spec) {
  cli::Catalogue c = cli::Catalogue::open(spec);
  if (c.entries().empty()) throw cli::UsageError("no variants in " + spec);
  catalogue_ = std::move(c);
  spec_ = spec;
  bool kept = false;
  for (const auto& e : catalogue_.entries()) kept |= e.key == key_;
  const bool has_chess = std::any_of(catalogue_.entries().begin(), catalogue_.entries().end(),
                                     [](const auto& e) { return e.key == "chess"; });
  set_variant(kept ? key_ : has_chess ? "chess" : catalogue_.entries().front().key);
}

void Table::set_variant(const std::string& key) {
  auto engine = catalogue_.engine(key);
  searcher_.reset();
  game_.reset();
  engine_ = std::move(engine);
  key_ = key;
  searcher_ = std::make_unique<search::Searcher>(*engine_, hash_mb_);
  set_position("");
}

void Table::set_position(const std::string& fen) {
  auto game = std::make_unique<Game>(*engine_, fen);
  game_ = std::move(game);
  history_.clear();
  turn_start_.clear();
}

void Table::play(std::string_view token) { play(parse_token(position(), *engine_, token)); }

void Table::play(const std::vector<Move>& turn) {
  const std::size_t before = history_.size();
  match::play_turn(*game_, turn, history_);
  turn_start_.push_back(before);
}

bool Table::undo() {
  if (turn_start_.empty() || !game_->undo_turn()) return false;
  history_.resize(turn_start_.back());
  turn_start_.pop_back();
  return true;
}

void Table::set_hash(std::size_t mb) {
  hash_mb_ = mb;
  searcher_->resize(mb);
}

std::string turn_text(Position& pos, const std::vector<Move>& turn) {
  std::string out;
  for (const Move& m : turn) {
    out += (out.empty() ? "" : ",") + to_uci(pos, m);
    pos.make(m);
  }
  for (std::size_t i = 0; i < turn.size(); ++i) pos.unmake();
  return out;
}

std::string uci_score(int score) {
  const int mate = search::mate_in(score);
  return mate ? "mate " + std::to_string(mate) : "cp " + std::to_string(score);
}

}  // namespace fairy::engine_cli
