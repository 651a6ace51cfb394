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

namespace {

// The result when the side to move gets `value`.
Outcome for_side_to_move(Color us, EndValue value, std::string reason) {
  if (value == EndValue::Draw) return {Result::Draw, std::move(reason)};
  const bool white_wins = (value == EndValue::Win) == (us == White);
  return {white_wins ? Result::WhiteWins : Result::BlackWins, std::move(reason)};
}

std::string times(int n) {
  static const char* const names[] = {"", "onefold", "twofold", "threefold", "fourfold", "fivefold",
                                      "sixfold", "sevenfold", "eightfold", "ninefold"};
  return n >= 1 && n <= 9 ? names[n] : std::to_string(n) + "-fold";
}

}  // namespace

Game::Game(const Engine& engine, const std::string& fen) : engine_(&engine), pos_(engine.variant()) {
  if (fen.empty()) pos_.set_start(); else pos_.set_fen(fen);
  turn_keys_.push_back(pos_.key());
  turn_checks_.push_back(in_check());
}

void Game::play_turn(const std::string& text) {
  const Outcome now = outcome();
  if (now.result != Result::Ongoing) throw NotationError("the game is over: " + now.text(), text);
  turn_plies_.push_back(play_gc_turn(pos_, *engine_, text));
  turn_keys_.push_back(pos_.key());
  turn_checks_.push_back(in_check());
}

bool Game::undo_turn() {
  if (turn_plies_.empty()) return false;
  for (int i = turn_plies_.back(); i > 0; --i) pos_.unmake();
  turn_plies_.pop_back();
  turn_keys_.pop_back();
  turn_checks_.pop_back();
  return true;
}

// The n-fold repetition rule (end: repetition): the current position has occurred n times.
// With perpetual_check_loses, a side that gave check in every one of its turns since the first
// of those n occurrences loses (both: a draw), as in Fairy-Stockfish.
std::optional<Outcome> Game::repetition() const {
  const EndRules& e = pos_.variant().ends;
  if (!e.repetition) return std::nullopt;
  const std::size_t now = turn_keys_.size() - 1;
  int seen = 1;
  std::size_t first = now;
  for (std::size_t i = now; i-- > 0 && seen < e.repetition;)
    if (turn_keys_[i] == turn_keys_[now]) {
      ++seen;
      first = i;
    }
  if (seen < e.repetition) return std::nullopt;
  const Color us = pos_.side_to_move();
  if (e.perpetual_check_loses) {
    bool them = true, ours = true;  // them: we were in check at each of our turns; ours: they were
    for (std::size_t i = first; i <= now; ++i) ((now - i) % 2 == 0 ? them : ours) &= turn_checks_[i];
    if (them || ours)
      return for_side_to_move(us, them && ours ? EndValue::Draw : them ? EndValue::Win : EndValue::Loss,
                              "perpetual check");
  }
  return for_side_to_move(us, e.repetition_value, times(e.repetition) + " repetition");
}

// Whether the last move dropped from a hand a piece whose drop may not mate (hands: no_drop_mate).
bool Game::drop_mate() const {
  const Move* last = pos_.last_move();
  return pos_.variant().hands.enabled && last && last->kind == MoveKind::Drop &&
         (pos_.variant().hands.no_drop_mate >> (last->promo - 1) & 1);
}

// In Fairy-Stockfish's order: rules that end the game while moves remain, no legal moves
// (checkmate or stalemate, with the variant's results), repetition, the n-move rule.
Outcome Game::outcome() {
  const Color us = pos_.side_to_move();
  const EndRules& e = pos_.variant().ends;
  if (const auto end = engine_->immediate_end(pos_)) return for_side_to_move(us, end->value, end->reason);
  MoveList moves;
  engine_->legal_moves(pos_, moves);
  if (moves.size == 0 && in_check() && drop_mate())  // the drop was legal; the mated side wins
    return for_side_to_move(us, EndValue::Win, "mate by a drop of " + pos_.variant().pieces[pos_.last_move()->promo - 1].name);
  if (moves.size == 0)
    return in_check() ? for_side_to_move(us, e.checkmate, "checkmate") : for_side_to_move(us, e.stalemate, "stalemate");
  if (const auto repeated = repetition()) return *repeated;
  if (const Counting& c = pos_.counting(); c.limit && c.ply > c.limit) return {Result::Draw, "counting rule"};
  if (e.move_rule && pos_.halfmove_clock() >= 2 * e.move_rule)
    return {Result::Draw, std::to_string(e.move_rule) + "-move rule"};
  return {};
}

// Each piece as the FEN writes it; in a variant with promoted pieces (`+P` or `Q~`, hands) every
// square is two wide, the letters in one column.
std::string board_text(const Position& pos) {
  const Geometry& g = pos.geo();
  const VariantInfo& v = pos.variant();
  char mark = 0;
  for (const PieceInfo& p : v.pieces) mark = p.mark ? p.mark : mark;
  auto cell = [mark](std::string text) {
    if (!mark || text.size() > 1) return " " + text;
    return mark == '+' ? "  " + text : " " + text + " ";
  };
  std::string out;
  for (int r = g.ranks - 1; r >= 0; --r) {
    out += (r + 1 < 10 ? " " : "") + std::to_string(r + 1) + " ";
    for (int f = 0; f < g.files; ++f) {
      const Piece p = pos.at(g.square(f, r));
      out += cell(p == kEmpty ? "." : p == kHole ? "#" : v.token_of(p));
    }
    out += '\n';
  }
  out += "   ";
  for (int f = 0; f < g.files; ++f) out += cell(std::string(1, char('a' + f)));
  return out + "\n";
}

}  // namespace fairy
