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

// Each side's ordered reserve (drops:) and hand (hands:): "White hand: P 2, N 1".
std::string reserves_text(const Position& pos) {
  const VariantInfo& v = pos.variant();
  std::string out;
  for (Color c : {White, Black}) {
    if (!v.drops.enabled) continue;
    out += c == White ? "White reserve:" : "Black reserve:";
    for (int i = 0; i < pos.reserve_size(c); ++i) out += std::string(" ") + v.letter_of(make_piece(c, pos.reserve_at(c, i)));
    if (!pos.reserve_size(c)) out += " (empty)";
    out += fmt::format(" ({} credit{})\n", pos.credits(c), pos.credits(c) == 1 ? "" : "s");
  }
  for (Color c : {White, Black}) {
    if (!v.hands.enabled) continue;
    std::string held;
    for (int t = 0; t < int(v.pieces.size()); ++t)
      if (pos.in_hand(c, t)) held += fmt::format("{}{} {}", held.empty() ? "" : ", ", v.token_of(make_piece(c, t)), pos.in_hand(c, t));
    out += fmt::format("{} hand: {}\n", c == White ? "White" : "Black", held.empty() ? "(empty)" : held);
  }
  return out;
}

// Each letter of the variant and what it stands for: "K King (K)"; a promoted piece as the FEN
// writes it ("+P Tokin (WfF)").
std::string legend_text(const VariantInfo& v) {
  std::string out = "Pieces (White upper case, Black lower case):\n";
  for (int t = 0; t < int(v.pieces.size()); ++t)
    out += fmt::format("  {} {}{} ({})\n", v.token_of(make_piece(White, t)), piece_name(v, t),
                       v.pieces[t].royal ? ", royal" : "", v.pieces[t].betza);
  return out;
}

constexpr const char* kHelp =
    "Commands:\n"
    "  P e2-e4 | e2-e4 | e2e4   a move in Game Courier notation or in coordinates (as 'fairy moves --uci')\n"
    "  N b1-c3; P d2-d3         several moves of one turn; 'pass' ends a turn early\n"
    "  moves [square]           the legal moves (of the piece on square)\n"
    "  undo                     take back the last turn\n"
    "  board                    draw the board again\n"
    "  legend                   the pieces' letters and moves\n"
    "  fen                      the position as FEN\n"
    "  help                     this list\n"
    "  quit                     end the session (so does end of input)\n";

// A move in coordinates (e2e4, a7a8q, H@d1, a1a2- turning back) as Game Courier notation; other
// text unchanged.
std::string from_coordinates(Position& pos, const Engine& engine, const std::string& text) {
  const std::size_t dash = text.find('-');
  const bool coordinates = text.find_first_of(" ;") == std::string::npos && text != "pass" && text.size() >= 4 &&
                           (dash == std::string::npos || (dash == text.size() - 1 && text.size() >= 5));
  return coordinates ? to_gc(pos, parse_uci(pos, engine, text)) : text;
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
  const std::vector<std::string> moves = legal_in_gc(pos, engine, uci);
  for (const auto& m : moves) fmt::print("{}\n", m);
  // The game is over here: say how, as `fairy play` reports its result. A game can end while
  // moves remain (the 50-move rule, a flag reached):
  // the moves listed are then those the board allows (what perft counts), and the line says so.
  Game game(engine, pos.fen());
  const Outcome o = game.outcome();
  if (moves.empty())
    fmt::print("game over: {}\n", o.result == Result::Ongoing ? "no legal moves" : o.text());
  else if (o.result != Result::Ongoing)
    fmt::print("game over: {} (the moves above are those the board allows)\n", o.text());
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
  // The interactive session draws the board after every move and undo, with the last move and
  // the reserves.
  std::string last_move;
  const auto redraw = [&] {
    fmt::print("{}{}", board_text(game.position()), reserves_text(game.position()));
    if (!last_move.empty()) fmt::print("Last move: {}\n", last_move);
  };
  if (interactive) fmt::print("{}Type 'help' for the commands.\n", legend_text(engine.variant()));
  redraw();
  print_status(game);
  std::vector<std::string> played;
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
        redraw();
        continue;
      }
      if (text == "help") {
        fmt::print("{}", kHelp);
        continue;
      }
      if (text == "legend") {
        fmt::print("{}", legend_text(engine.variant()));
        continue;
      }
      if (text == "undo") {
        const bool undone = game.undo_turn();
        turn -= undone;
        if (undone) played.pop_back();
        last_move = played.empty() ? "" : played.back();
        fmt::print("{}\n", undone ? "taken back" : "nothing to take back");
        redraw();
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
    std::string move = text;
    // Numbered by the position (a turn of several lines keeps its number): "12." or "12...".
    const std::string number = fmt::format("{}{}", game.position().fullmove_number(),
                                           game.position().side_to_move() == White ? "." : "...");
    try {
      move = from_coordinates(game.position(), engine, text);
      game.play_turn(move);
    } catch (const NotationError& e) {
      fmt::print(stderr, "turn {}: '{}': {}\n", turn, text, e.what());
      if (!interactive) return 1;
      --turn;
      continue;
    }
    played.push_back(number + " " + move);
    last_move = played.back();
    fmt::print("{}\n", last_move);
    if (interactive) redraw();
    print_status(game);
  }
  if (!interactive) {
    fmt::print("{}{}", board_text(game.position()), reserves_text(game.position()));
    const Outcome o = game.outcome();
    fmt::print("result: {}\n", o.result == Result::Ongoing ? "* (the game goes on)" : o.text());
  }
  return 0;
}

}  // namespace fairy::cli
