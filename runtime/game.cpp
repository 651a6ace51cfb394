#include "runtime/game.hpp"

#include <algorithm>

#include "runtime/notation.hpp"

namespace fairy {

std::string Outcome::text() const {
  switch (result) {
    case Result::WhiteWins: return "1-0 (" + reason + ")";
    case Result::BlackWins: return "0-1 (" + reason + ")";
    case Result::Draw: return "1/2-1/2 (" + reason + ")";
    case Result::Ongoing: break;
  }
  return "*";
}

Game::Game(const Engine& engine, const std::string& fen) : engine_(&engine), pos_(engine.variant()) {
  if (fen.empty()) pos_.set_start(); else pos_.set_fen(fen);
  turn_keys_.push_back(pos_.key());
}

void Game::play_turn(const std::string& text) {
  const Outcome now = outcome();
  if (now.result != Result::Ongoing) throw NotationError("the game is over: " + now.text(), text);
  turn_plies_.push_back(play_gc_turn(pos_, *engine_, text));
  turn_keys_.push_back(pos_.key());
}

bool Game::undo_turn() {
  if (turn_plies_.empty()) return false;
  for (int i = turn_plies_.back(); i > 0; --i) pos_.unmake();
  turn_plies_.pop_back();
  turn_keys_.pop_back();
  return true;
}

Outcome Game::outcome() {
  MoveList moves;
  engine_->legal_moves(pos_, moves);
  if (moves.size == 0) {
    if (engine_->in_check(pos_))
      return {pos_.side_to_move() == White ? Result::BlackWins : Result::WhiteWins, "checkmate"};
    return {Result::Draw, "stalemate"};
  }
  if (std::count(turn_keys_.begin(), turn_keys_.end(), pos_.key()) >= 3) return {Result::Draw, "threefold repetition"};
  if (pos_.halfmove_clock() >= 100) return {Result::Draw, "50-move rule"};
  return {};
}

std::string board_text(const Position& pos) {
  const Geometry& g = pos.geo();
  std::string out;
  for (int r = g.ranks - 1; r >= 0; --r) {
    out += (r + 1 < 10 ? " " : "") + std::to_string(r + 1) + " ";
    for (int f = 0; f < g.files; ++f) {
      const Piece p = pos.at(g.square(f, r));
      out += ' ';
      out += p == kEmpty ? '.' : p == kHole ? '#' : pos.variant().letter_of(p);
    }
    out += '\n';
  }
  out += "   ";
  for (int f = 0; f < g.files; ++f) out += std::string(" ") + char('a' + f);
  return out + "\n";
}

}  // namespace fairy
