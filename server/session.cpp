#include "server/session.hpp"

#include <algorithm>

#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::server {

using nlohmann::json;

namespace {

const char* kind_name(MoveKind k) {
  switch (k) {
    case MoveKind::Normal: return "normal";
    case MoveKind::EnPassant: return "ep";
    case MoveKind::Castling: return "castling";
    case MoveKind::Locust: return "locust";
    case MoveKind::Swap: return "swap";
    case MoveKind::Induced: return "induced";
    case MoveKind::Pass: return "pass";
    case MoveKind::Drop: return "drop";
  }
  return "?";
}

json square_name(const Geometry& g, Square s) { return s == kNoSquare ? json(nullptr) : json(g.name(s)); }

// A piece as the FEN writes it: its letter, marked if promoted (shogi's +P, crazyhouse's Q~).
std::string letter(const Position& pos, Color c, int type) { return pos.variant().token_of(make_piece(c, type)); }

// A legal move as the page needs it: what to click (from, to) and what else happens.
json move_json(const Position& pos, const Move& m) {
  const Geometry& g = pos.geo();
  json j{{"gc", to_gc(pos, m)}, {"uci", to_uci(pos, m)}, {"kind", kind_name(m.kind)},
         {"from", square_name(g, m.from)}, {"to", square_name(g, m.to)}};
  const Color us = pos.side_to_move();
  switch (m.kind) {
    case MoveKind::EnPassant:
    case MoveKind::Locust: j["victim"] = g.name(m.aux1); break;
    case MoveKind::Castling: j["partner"] = g.name(m.aux1); break;
    case MoveKind::Induced: j["by"] = g.name(m.aux1); break;
    // The piece in hand; a drop as its promoted type (drop_promoted: Kyoto shogi) has that as `promo`.
    case MoveKind::Drop: j["drop"] = letter(pos, us, pos.variant().hand_type[m.promo - 1]); break;
    default: break;
  }
  if (m.promo && (m.kind != MoveKind::Drop || pos.variant().hand_type[m.promo - 1] != m.promo - 1))
    j["promo"] = letter(pos, us, m.promo - 1);
  // Gating (seirawan): the piece from the hand and the square it enters.
  if (m.gate) j["gate"] = json{{"piece", letter(pos, us, gate_type(m.gate))}, {"square", g.name(gate_square(m))}};
  return j;
}

json board_json(const Position& pos) {
  const Geometry& g = pos.geo();
  json ranks = json::array();
  for (int r = g.ranks - 1; r >= 0; --r) {
    json row = json::array();
    for (int f = 0; f < g.files; ++f) {
      const Piece p = pos.at(g.square(f, r));
      row.push_back(p == kEmpty ? "" : p == kHole ? "#" : letter(pos, color_of(p), type_of(p)));
    }
    ranks.push_back(std::move(row));
  }
  return ranks;
}

json reserve_json(const Position& pos, Color c) {
  json out = json::array();
  for (int i = 0; i < pos.reserve_size(c); ++i) out.push_back(letter(pos, c, pos.reserve_at(c, i)));
  return out;
}

// A side's hand (hands:): each type it holds, how many, and whether a drop of it is legal now.
json hand_json(const Position& pos, Color c, const MoveList& legal) {
  json out = json::array();
  for (int t = 0; t < int(pos.variant().pieces.size()); ++t) {
    if (!pos.in_hand(c, t)) continue;
    const bool droppable = pos.side_to_move() == c && std::any_of(legal.begin(), legal.end(), [t](const Move& m) {
      return m.kind == MoveKind::Drop && m.promo == t + 1;
    });
    out.push_back({{"letter", letter(pos, c, t)}, {"count", pos.in_hand(c, t)}, {"droppable", droppable}});
  }
  return out;
}

const char* result_code(Result r) {
  switch (r) {
    case Result::WhiteWins: return "1-0";
    case Result::BlackWins: return "0-1";
    case Result::Draw: return "1/2-1/2";
    case Result::Ongoing: break;
  }
  return "*";
}

}  // namespace

json piece_legend(const VariantInfo& v) {
  json out = json::array();
  for (int t = 0; t < int(v.pieces.size()); ++t)
    out.push_back({{"letter", v.token_of(make_piece(White, t))},
                   {"name", piece_name(v, t)},
                   {"betza", v.pieces[t].betza},
                   {"royal", v.pieces[t].royal}});
  return out;
}

PlaySession::PlaySession(std::shared_ptr<const VariantInfo> model, std::unique_ptr<Engine> engine,
                         const std::string& fen)
    : model_(std::move(model)), engine_(std::move(engine)), game_(*engine_, "") {
  load_fen(fen);
}

void PlaySession::load_fen(const std::string& fen) {
  try {
    game_ = Game(*engine_, fen);
  } catch (const FenError& e) {
    throw RequestError(400, "bad FEN at column " + std::to_string(e.column) + ": " + e.what());
  }
  partial_.clear();
  turns_.clear();
  redo_.clear();
}

void PlaySession::play(const std::string& text) {
  Position& pos = game_.position();
  if (const Outcome o = game_.outcome(); o.result != Result::Ongoing)
    throw RequestError(400, "the game is over: " + o.text());
  MoveList legal;
  engine_->legal_moves(pos, legal);
  for (const Move& m : legal)
    if (to_gc(pos, m) == text || to_uci(pos, m) == text) {
      play_move(m);
      redo_.clear();
      return;
    }
  // Not a ply as listed: say why, in the words of the notation reader.
  if (text.find_first_of(" -;") == std::string::npos && text != "pass")
    throw RequestError(400, "illegal move '" + text + "': not a legal move here");
  try {
    const int plies = play_gc_turn(pos, *engine_, text);
    for (int i = 0; i < plies; ++i) pos.unmake();
  } catch (const NotationError& e) {
    throw RequestError(400, "illegal move '" + text + "': " + e.what());
  }
  throw RequestError(400, "'" + text + "' is not one ply written as the legal moves list writes it (e.g. '" +
                              (legal.size ? to_gc(pos, legal[0]) : std::string("pass")) + "')");
}

void PlaySession::play_move(const Move& m) {
  Position& pos = game_.position();
  if (partial_.empty()) turn_side_ = pos.side_to_move();
  partial_.push_back({to_gc(pos, m), m.kind == MoveKind::Drop || m.kind == MoveKind::Pass ? m.to : m.from, m.to});
  pos.make(m);
  finish_turn_if_over();
}

// Once the side to move changes, the turn's plies are taken back and played again as one turn
// through Game, which keeps the history that repetition rules read.
void PlaySession::finish_turn_if_over() {
  Position& pos = game_.position();
  if (pos.side_to_move() == turn_side_) return;
  const std::uint64_t key = pos.key();
  std::string text;
  for (const Ply& p : partial_) text += (text.empty() ? "" : "; ") + p.text;
  for (std::size_t i = 0; i < partial_.size(); ++i) pos.unmake();
  const Ply last = partial_.back();
  partial_.clear();
  try {
    game_.play_turn(text);
  } catch (const NotationError& e) {
    throw RequestError(500, "internal error: the turn '" + text + "' cannot be read back: " + e.what());
  }
  if (pos.key() != key) {
    game_.undo_turn();
    throw RequestError(500, "internal error: the turn '" + text + "' read back differently");
  }
  turns_.push_back({text, last.from, last.to});
}

void PlaySession::undo() {
  if (!partial_.empty()) {
    for (std::size_t i = 0; i < partial_.size(); ++i) game_.position().unmake();
    partial_.clear();
    return;
  }
  if (!game_.undo_turn()) throw RequestError(400, "nothing to take back");
  redo_.push_back(turns_.back());
  turns_.pop_back();
}

void PlaySession::redo() {
  if (redo_.empty()) throw RequestError(400, "nothing to play again");
  if (!partial_.empty()) throw RequestError(400, "finish or take back the turn being played first");
  game_.play_turn(redo_.back().text);
  turns_.push_back(redo_.back());
  redo_.pop_back();
}

void PlaySession::engine_turn(const MovePicker& picker, int movetime_ms) {
  if (!picker) throw RequestError(501, "no engine in this build");
  Position& pos = game_.position();
  const Color side = pos.side_to_move();
  for (int ply = 0; ply <= pos.variant().turn.first_turn_moves + pos.variant().turn.moves; ++ply) {
    if (pos.side_to_move() != side || game_.outcome().result != Result::Ongoing) return;
    Position scratch = pos;
    const std::optional<Move> m = picker(*engine_, scratch, movetime_ms);
    if (!m) throw RequestError(500, "the engine found no move");
    MoveList legal;
    engine_->legal_moves(pos, legal);
    if (std::find(legal.begin(), legal.end(), *m) == legal.end())
      throw RequestError(500, "the engine chose an illegal move");
    play_move(*m);
    redo_.clear();
  }
}

json PlaySession::state() {
  Position& pos = game_.position();
  const VariantInfo& v = pos.variant();
  const Outcome outcome = game_.outcome();
  json moves = json::array();
  MoveList legal;
  if (outcome.result == Result::Ongoing) {
    engine_->legal_moves(pos, legal);
    for (const Move& m : legal) moves.push_back(move_json(pos, m));
  }
  json turns = json::array();
  for (const Ply& t : turns_) turns.push_back(t.text);
  json partial = json::array();
  for (const Ply& p : partial_) partial.push_back(p.text);
  const Ply* last = !partial_.empty() ? &partial_.back() : !turns_.empty() ? &turns_.back() : nullptr;
  json j{{"variant", v.key},
         {"files", v.geo.files},
         {"ranks", v.geo.ranks},
         {"board", board_json(pos)},
         {"fen", pos.fen()},
         {"side", pos.side_to_move() == White ? "white" : "black"},
         {"phase", pos.phase()},
         {"check", game_.in_check()},
         {"moves", std::move(moves)},
         {"turns", std::move(turns)},
         {"partial", std::move(partial)},
         {"can_undo", !turns_.empty() || !partial_.empty()},
         {"can_redo", !redo_.empty() && partial_.empty()},
         {"reserves", {{"white", reserve_json(pos, White)}, {"black", reserve_json(pos, Black)}}},
         {"credits", {{"white", pos.credits(White)}, {"black", pos.credits(Black)}}},
         {"last", last ? json{{"from", square_name(v.geo, last->from)}, {"to", square_name(v.geo, last->to)}}
                       : json(nullptr)},
         {"result", outcome.result == Result::Ongoing
                        ? json(nullptr)
                        : json{{"code", result_code(outcome.result)}, {"reason", outcome.reason}, {"text", outcome.text()}}}};
  if (v.hands.enabled) j["hands"] = {{"white", hand_json(pos, White, legal)}, {"black", hand_json(pos, Black, legal)}};
  return j;
}

}  // namespace fairy::server
