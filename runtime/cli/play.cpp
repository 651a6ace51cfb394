#include "runtime/cli/play.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::cli {

std::string strip_turn(std::string line) {
  if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  std::size_t j = i;
  while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
  if (j > i && j < line.size() && line[j] == '.') {  // a move number: "12." or "12..."
    while (j < line.size() && line[j] == '.') ++j;
    while (j < line.size() && std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    i = j;
  }
  line = line.substr(i);
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
  return line;
}

namespace {

std::vector<std::string> legal_in_gc(Position& pos, const Engine& engine, bool uci) {
  MoveList moves;
  engine.legal_moves(pos, moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(uci ? to_uci(pos, m) : to_gc(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

void print_status(Game& game) {
  const Outcome o = game.outcome();
  if (o.result != Result::Ongoing) {
    fmt::print("{}\n", o.text());
    return;
  }
  const Position& pos = game.position();
  fmt::print("{} to move{}{}\n", pos.side_to_move() == White ? "White" : "Black",
             pos.phase() ? " (move " + std::to_string(pos.phase() + 1) + " of the turn)" : "",
             game.in_check() ? ", in check" : "");
}

}  // namespace

int run_moves(const Engine& engine, Position& pos, bool uci) {
  for (const auto& m : legal_in_gc(pos, engine, uci)) fmt::print("{}\n", m);
  return 0;
}

int run_play(const Engine& engine, const std::optional<std::string>& fen, const std::string& game_file, std::istream& in,
             bool interactive) {
  Game game(engine, fen.value_or(""));
  std::ifstream file;
  std::istream* src = &in;
  if (!game_file.empty()) {
    file.open(game_file);
    if (!file) {
      fmt::print(stderr, "fairy: error: cannot open {}\n", game_file);
      return 2;
    }
    src = &file;
  }
  std::string line;
  int turn = 0;
  // A game file may begin with "fen: <FEN>" to start from a position.
  std::string pending;
  while (!game_file.empty() && std::getline(*src, line)) {
    const std::string text = strip_turn(line);
    if (text.empty()) continue;
    if (text.rfind("fen:", 0) == 0) {
      try {
        game = Game(engine, strip_turn(text.substr(4)));
      } catch (const FenError& e) {
        fmt::print(stderr, "{}: bad fen at column {}: {}\n", game_file, e.column, e.what());
        return 2;
      }
    } else {
      pending = line;
    }
    break;
  }
  fmt::print("{}", board_text(game.position()));
  print_status(game);
  while (true) {
    if (interactive) {
      fmt::print("> ");
      std::fflush(stdout);
    }
    if (!pending.empty()) {
      line = pending;
      pending.clear();
    } else if (!std::getline(*src, line)) {
      break;
    }
    const std::string text = strip_turn(line);
    if (text.empty()) continue;
    if (interactive) {
      if (text == "quit") break;
      if (text == "fen") {
        fmt::print("{}\n", game.position().fen());
        continue;
      }
      if (text == "board") {
        fmt::print("{}", board_text(game.position()));
        continue;
      }
      if (text == "undo") {
        const bool undone = game.undo_turn();
        turn -= undone;
        fmt::print("{}\n", undone ? "taken back" : "nothing to take back");
        print_status(game);
        continue;
      }
      if (text == "moves" || text.rfind("moves ", 0) == 0) {
        const std::string from = text.size() > 6 ? text.substr(6) : "";
        for (const auto& m : legal_in_gc(game.position(), engine, false))
          if (from.empty() || m.find(" " + from + "-") != std::string::npos || m.rfind(from + "-", 0) == 0)
            fmt::print("  {}\n", m);
        continue;
      }
    }
    ++turn;
    try {
      game.play_turn(text);
    } catch (const NotationError& e) {
      fmt::print(stderr, "turn {}: '{}': {}\n", turn, text, e.what());
      if (!interactive) return 1;
      --turn;
      continue;
    }
    fmt::print("{}{} {}\n", (turn + 1) / 2, turn % 2 ? "." : "...", text);
    if (interactive) fmt::print("{}", board_text(game.position()));
    print_status(game);
  }
  if (!interactive) {
    fmt::print("{}", board_text(game.position()));
    const Outcome o = game.outcome();
    fmt::print("result: {}\n", o.result == Result::Ongoing ? "* (the game goes on)" : o.text());
  }
  return 0;
}

}  // namespace fairy::cli
