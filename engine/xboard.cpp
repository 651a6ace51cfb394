// `fairy xboard`: the Chess Engine Communication Protocol, version 2 (H. G. Muller's CECP).
// Every variant is offered by its key (chess as "normal"); after `variant KEY` for any variant
// but chess the engine describes it: `setup (PIECES) FILESxRANKS+0_fairy FEN`, then one
// `piece LETTER& XBETZA` per piece, so XBoard shows the board and the legal moves.
// A move is a whole turn, its plies joined by ',' (engine/protocol.hpp). The engine thinks
// synchronously: while it thinks it reads no input (feature sigint=0; time and depth limits end
// the search).
#include <fmt/core.h>

#include <istream>
#include <ostream>
#include <sstream>

#include "engine/commands.hpp"
#include "engine/protocol.hpp"
#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::engine_cli {

namespace {

// XBoard's piece types in its order, for the `setup` command's piece-to-character table: each
// of our piece types takes the slot of its own letter when free, else a free slot; the royal
// piece takes the King's.
constexpr std::string_view kXboardPieces = "PNBRQFEACWMOHIJGDVLSUK";

std::string xboard_name(const std::string& key) { return key == "chess" ? "normal" : key; }
std::string variant_key(const std::string& name) { return name == "normal" ? "chess" : name; }

class XboardSession {
 public:
  XboardSession(const std::string& spec, std::ostream& out) : table_(spec), out_(out) {}

  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    std::string rest;
    std::getline(words >> std::ws, rest);
    if (command.empty() || command == "xboard" || command == "accepted" || command == "rejected" ||
        command == "hard" || command == "easy" || command == "random" || command == "computer" || command == "name" ||
        command == "rating" || command == "ics" || command == "?" || command == "white" || command == "black")
      return true;
    if (command == "quit") return false;
    try {
      dispatch(command, rest);
    } catch (const std::exception& e) {
      send(fmt::format("Error ({}): {}", e.what(), line));
    }
    return true;
  }

 private:
  void send(const std::string& text) { out_ << text << std::endl; }

  void dispatch(const std::string& command, const std::string& rest) {
    if (command == "protover") return features();
    if (command == "ping") return send("pong " + rest);
    if (command == "new") {
      table_.set_variant(table_.catalogue().entries().front().key == "chess" ? "chess" : table_.variant_key());
      table_.searcher().clear();
      force_ = false;
      engine_side_ = Black;
      depth_ = 0;
      return;
    }
    if (command == "variant") return set_variant(variant_key(rest));
    if (command == "setboard") {
      table_.set_position(rest);
      return;
    }
    if (command == "option") return set_option(rest);
    if (command == "usermove") return user_move(rest);
    if (command == "force" || command == "result") {
      force_ = true;
      return;
    }
    if (command == "go") {
      force_ = false;
      engine_side_ = table_.position().side_to_move();
      return think();
    }
    if (command == "playother") {
      force_ = false;
      engine_side_ = ~table_.position().side_to_move();
      return;
    }
    if (command == "undo") return undo(1);
    if (command == "remove") return undo(2);
    if (command == "post" || command == "nopost") {
      post_ = command == "post";
      return;
    }
    if (command == "sd") {
      depth_ = std::clamp(std::stoi(rest), 1, search::kMaxDepth);
      return;
    }
    if (command == "st") {
      move_ms_ = std::int64_t(std::stod(rest) * 1000);
      return;
    }
    if (command == "level") return level(rest);
    if (command == "time" || command == "otim") {
      (command == "time" ? own_cs_ : their_cs_) = std::stoll(rest);
      return;
    }
    throw std::invalid_argument("unknown command");
  }

  void features() {
    std::string names;
    for (const auto& e : table_.catalogue().entries()) names += (names.empty() ? "" : ",") + xboard_name(e.key);
    send("feature ping=1 setboard=1 usermove=1 playother=1 time=1 sigint=0 sigterm=0 colors=0 reuse=1 analyze=0 "
         "myname=\"fairygen\" variants=\"" + names + "\" option=\"SpecFile -file " + table_.spec() + "\" done=1");
  }

  void set_variant(const std::string& key) {
    table_.set_variant(key);
    if (key != "chess") describe();
  }

  void set_option(const std::string& text) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || text.substr(0, eq) != "SpecFile") throw std::invalid_argument("unknown option");
    table_.open_spec(text.substr(eq + 1));
  }

  // setup and piece commands for a variant XBoard does not know.
  void describe() {
    const VariantInfo& v = table_.engine().variant();
    std::string table(2 * kXboardPieces.size(), '.');
    std::vector<bool> used(kXboardPieces.size(), false);
    std::vector<int> slot(v.pieces.size(), -1);
    const std::size_t king = kXboardPieces.size() - 1;
    for (int pass = 0; pass < 2; ++pass)
      for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        if (slot[t] >= 0) continue;
        const PieceInfo& p = v.pieces[t];
        std::size_t s = p.royal && !used[king] ? king : kXboardPieces.find(p.letter);
        if (pass == 1 && (s == std::string_view::npos || used[s]))
          for (s = 0; s < king && used[s]; ++s) {
          }
        if (s == std::string_view::npos || s >= kXboardPieces.size() || used[s] || (s == king && !p.royal)) continue;
        used[s] = true;
        slot[t] = int(s);
        table[s] = p.letter;
        table[kXboardPieces.size() + s] = char(std::tolower(static_cast<unsigned char>(p.letter)));
      }
    send(fmt::format("setup ({}) {}x{}+0_fairy {}", table, v.geo.files, v.geo.ranks, v.start_fen));
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const PieceInfo& p = v.pieces[t];
      std::string betza = p.betza;
      if (v.castles(int(t)) && betza.find('O') == std::string::npos)
        betza += "O" + std::to_string(v.castling.king_steps);  // castling, unless the XBetza has it
      if (slot[t] < 0)
        send(fmt::format("telluser piece {} ({}) has no XBoard piece type left", p.letter, p.name));
      else
        send(fmt::format("piece {}& {}", p.letter, betza));
    }
  }

  void user_move(const std::string& text) {
    try {
      table_.play(text);
    } catch (const NotationError& e) {
      send(fmt::format("Illegal move ({}): {}", e.what(), text));
      return;
    }
    if (report_end()) return;
    if (!force_ && table_.position().side_to_move() == engine_side_) think();
  }

  void undo(int turns) {
    for (int i = 0; i < turns; ++i)
      if (!table_.undo()) throw std::invalid_argument("no move to take back");
  }

  void level(const std::string& text) {
    std::istringstream in(text);
    std::string mps, base, inc;
    in >> mps >> base >> inc;
    moves_per_session_ = std::stoi(mps);
    const std::size_t colon = base.find(':');
    own_cs_ = their_cs_ = (colon == std::string::npos ? std::stoll(base) * 60
                                                      : std::stoll(base.substr(0, colon)) * 60 + std::stoll(base.substr(colon + 1))) * 100;
    inc_ms_ = std::int64_t(std::stod(inc) * 1000);
    move_ms_ = 0;
  }

  search::Limits limits() {
    search::Limits l;
    l.depth = depth_;
    if (move_ms_ > 0) {
      l.movetime_ms = move_ms_;
    } else if (own_cs_ > 0) {
      const Color us = table_.position().side_to_move();
      l.time_ms[us] = own_cs_ * 10;
      l.time_ms[~us] = their_cs_ * 10;
      l.inc_ms[us] = l.inc_ms[~us] = inc_ms_;
      if (moves_per_session_ > 0) {
        const int played = table_.position().fullmove_number() - 1;
        l.movestogo = moves_per_session_ - played % moves_per_session_;
      }
    } else if (depth_ == 0) {
      l.movetime_ms = 1000;
    }
    return l;
  }

  void think() {
    if (report_end()) return;
    Position& pos = table_.position();
    Position view = pos;
    const auto report = [&](const search::Info& info) {
      if (!post_) return;
      std::string pv;
      for (const Move& m : info.pv) {
        pv += " " + to_uci(view, m);
        view.make(m);
      }
      for (std::size_t i = 0; i < info.pv.size(); ++i) view.unmake();
      const int mate = search::mate_in(info.score);
      const int score = mate > 0 ? 100000 + mate : mate < 0 ? -100000 + mate : info.score;
      send(fmt::format("{} {} {} {}{}", info.depth, score, int(info.seconds * 100), info.nodes, pv));
    };
    const std::vector<Move> turn = search::best_turn(table_.searcher(), pos, limits(), table_.history(), report);
    if (turn.empty()) return;
    const std::string text = turn_text(pos, turn);
    table_.play(turn);
    send("move " + text);
    report_end();
  }

  // Sends the result when the game is over; true then.
  bool report_end() {
    const Outcome o = table_.game().outcome();
    if (o.result == Result::Ongoing) return false;
    const char* score = o.result == Result::WhiteWins ? "1-0" : o.result == Result::BlackWins ? "0-1" : "1/2-1/2";
    send(fmt::format("{} {{{}}}", score, o.reason));
    return true;
  }

  Table table_;
  std::ostream& out_;
  bool force_ = false, post_ = false;
  Color engine_side_ = Black;
  int depth_ = 0, moves_per_session_ = 0;
  std::int64_t move_ms_ = 0, own_cs_ = 0, their_cs_ = 0, inc_ms_ = 0;
};

}  // namespace

int run_xboard(const std::string& spec, std::istream& in, std::ostream& out) {
  XboardSession session(spec, out);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) break;
  return 0;
}

}  // namespace fairy::engine_cli
