// `fairy uci`: UCI as Fairy-Stockfish speaks it, for any variant of the catalogue.
//   uci, isready, ucinewgame, setoption name UCI_Variant|SpecFile|Hash value V,
//   position startpos|fen FEN [moves M...], go [depth N] [movetime MS] [nodes N] [wtime MS]
//   [btime MS] [winc MS] [binc MS] [movestogo N] [infinite] | go perft N, stop, d, quit.
// The search runs on its own thread, so `stop` and `isready` are answered while it thinks.
#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "engine/commands.hpp"
#include "engine/protocol.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/notation.hpp"
#include "runtime/uci.hpp"

namespace fairy::engine_cli {

namespace {

class UciSession {
 public:
  UciSession(const std::string& spec, std::ostream& out) : table_(spec), out_(out) {}
  ~UciSession() { wait(true); }
  // The end of input: a search with limits finishes and sends its bestmove.
  void finish() { wait(); }

  // Handles one command line; false at `quit`.
  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty()) return true;
    if (command == "quit") {
      wait(true);
      return false;
    }
    if (command == "isready") {
      send("readyok");
      return true;
    }
    if (command == "stop") {
      wait(true);
      return true;
    }
    wait();  // every other command waits for a running search to end (stops an infinite one)
    if (command == "uci") {
      identify();
    } else if (command == "ucinewgame") {
      table_.searcher().clear();
    } else if (command == "setoption") {
      set_option(words);
    } else if (command == "position") {
      position(words);
    } else if (command == "go") {
      go(words);
    } else if (command == "d") {
      send(board_text(table_.position()) + "\nFen: " + table_.position().fen());
    } else {
      send("info string unknown command '" + command + "'");
    }
    return true;
  }

 private:
  void send(const std::string& text) {
    const std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << text << std::endl;
  }

  // Waits for a running search's bestmove; with `stop` (or when the search is infinite, which
  // never ends by itself), stops it first. The stop is repeated until the thread ends: one sent
  // before the thread's search began (which clears it) would be lost.
  void wait(bool stop = false) {
    if (!thread_.joinable()) return;
    while (!finished_ && (stop || infinite_)) {
      table_.searcher().stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    thread_.join();
  }

  void identify() {
    send("id name fairygen");
    send("id author the fairygen authors");
    std::string vars;
    for (const auto& e : table_.catalogue().entries()) vars += " var " + e.key;
    send("option name UCI_Variant type combo default " + table_.variant_key() + vars);
    send("option name SpecFile type string default " + (table_.spec().empty() ? std::string("<empty>") : table_.spec()));
    send("option name Hash type spin default 16 min 1 max " + std::to_string(search::kMaxHashMb));
    send("uciok");
  }

  void set_option(std::istringstream& words) {
    std::string word, name, value;
    words >> word;  // "name"
    while (words >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(words >> std::ws, value);
    try {
      if (name == "UCI_Variant") {
        table_.set_variant(value);
        const VariantInfo& v = table_.engine().variant();
        send(fmt::format("info string variant {} files {} ranks {} startpos {}", v.key, v.geo.files, v.geo.ranks,
                         v.start_fen));
      } else if (name == "SpecFile") {
        table_.open_spec(value == "<empty>" ? "" : value);
        std::string keys;
        for (const auto& e : table_.catalogue().entries()) keys += " " + e.key;
        send("info string variants" + keys);
      } else if (name == "Hash") {
        const int mb = std::stoi(value);
        if (mb < 1 || mb > std::int64_t(search::kMaxHashMb))
          throw std::invalid_argument("Hash must be 1 to " + std::to_string(search::kMaxHashMb) + " MB");
        table_.set_hash(std::size_t(mb));
      } else {
        send("info string unknown option '" + name + "'");
      }
    } catch (const std::exception& e) {
      send(std::string("info string error: ") + e.what());
    }
  }

  void position(std::istringstream& words) {
    std::string word, fen;
    words >> word;
    if (word == "fen") {
      while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else if (word == "startpos") {
      words >> word;
    } else {
      send("info string position needs startpos or fen, not '" + word + "'");
      return;
    }
    try {
      table_.set_position(fen);
    } catch (const FenError& e) {
      send(fmt::format("info string bad FEN at column {}: {}", e.column, e.what()));
      return;
    }
    if (word != "moves") return;
    while (words >> word) {
      try {
        table_.play(word);
      } catch (const std::exception& e) {
        send("info string illegal move '" + word + "': " + e.what());
        return;
      }
    }
  }

  void go(std::istringstream& words) {
    search::Limits limits;
    std::string word;
    try {
      while (words >> word) {
        const auto number = [&]() -> std::int64_t {
          std::string n;
          words >> n;
          std::size_t used = 0;
          const long long v = std::stoll(n, &used);
          if (used != n.size() || v < 0) throw std::invalid_argument("bad number '" + n + "' after " + word);
          return v;
        };
        if (word == "perft") {
          perft(int(number()));
          return;
        }
        if (word == "depth") limits.depth = int(std::min<std::int64_t>(number(), search::kMaxDepth));
        else if (word == "movetime") limits.movetime_ms = number();
        else if (word == "nodes") limits.nodes = std::uint64_t(number());
        else if (word == "wtime") limits.time_ms[White] = number();
        else if (word == "btime") limits.time_ms[Black] = number();
        else if (word == "winc") limits.inc_ms[White] = number();
        else if (word == "binc") limits.inc_ms[Black] = number();
        else if (word == "movestogo") limits.movestogo = int(number());
        else if (word == "infinite") limits.infinite = true;
        else throw std::invalid_argument("unknown go parameter '" + word + "'");
      }
    } catch (const std::exception& e) {
      send(std::string("info string error: ") + e.what());
      return;
    }
    finished_ = false;
    infinite_ = limits.infinite;
    thread_ = std::thread([this, limits] {
      think(limits);
      finished_ = true;
    });
  }

  void think(const search::Limits& limits) {
    Position& pos = table_.position();
    Position view = pos;  // for printing the PV while the search uses pos
    const auto report = [&](const search::Info& info) {
      std::string pv;
      for (const Move& m : info.pv) {
        pv += " " + to_uci(view, m);
        view.make(m);
      }
      for (std::size_t i = 0; i < info.pv.size(); ++i) view.unmake();
      const auto ms = std::int64_t(info.seconds * 1000);
      send(fmt::format("info depth {} score {} nodes {} nps {} time {} pv{}", info.depth, uci_score(info.score),
                       info.nodes, ms > 0 ? info.nodes * 1000 / std::uint64_t(ms) : info.nodes, ms, pv));
    };
    const std::vector<Move> turn = search::best_turn(table_.searcher(), pos, limits, table_.history(), report);
    send("bestmove " + (turn.empty() ? std::string("(none)") : turn_text(pos, turn)));
  }

  void perft(int depth) {
    if (depth < 1 || depth > kMaxPerftDepth) {
      send("info string perft depth must be 1 to " + std::to_string(kMaxPerftDepth));
      return;
    }
    Position& pos = table_.position();
    std::uint64_t total = 0;
    for (const auto& [m, n] : table_.engine().divide(pos, depth)) {
      send(to_uci(pos, m) + ": " + std::to_string(n));
      total += n;
    }
    send("\nNodes searched: " + std::to_string(total));
  }

  Table table_;
  std::ostream& out_;
  std::mutex out_mutex_;
  std::thread thread_;
  std::atomic<bool> finished_{true};
  bool infinite_ = false;
};

}  // namespace

int run_uci(const std::string& spec, std::istream& in, std::ostream& out) {
  UciSession session(spec, out);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) return 0;
  session.finish();
  return 0;
}

}  // namespace fairy::engine_cli
