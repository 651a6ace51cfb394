// fairy: the command-line front of the runtime.
//   fairy list [--spec FILE]
//   fairy perft VARIANT DEPTH [--fen FEN] [--divide] [--turns] [--spec FILE] [--interpret] [--threads N]
//   fairy bench [VARIANT...] [--depth N] [--spec FILE]
//   fairy new|moves|play VARIANT ... [--spec FILE]; fairy explain XBETZA|PIECE [--spec FILE]
//   fairy serve [--port P] [--host H] [--spec FILE]   (the play-test page, server/)
//   fairy match VARIANT PLAYER PLAYER [--games N] [--seed S] ...; fairy uci; fairy xboard (engine/)
// Every command that takes a variant takes --spec FILE: the variants of that spec file (and its
// includes), run by the interpreter, instead of the modules compiled into this build.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <csignal>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include <unistd.h>

#include "engine/commands.hpp"
#include "engine/search.hpp"
#include "generator/model/model.hpp"
#include "runtime/cli/catalogue.hpp"
#include "runtime/cli/explain.hpp"
#include "runtime/cli/play.hpp"
#include "runtime/notation.hpp"
#include "runtime/parallel_perft.hpp"
#include "runtime/setup.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "server/server.hpp"

namespace {

using namespace fairy;

using cli::Catalogue;
using cli::UsageError;

void set_position(Position& pos, const std::optional<std::string>& fen) {
  if (!fen) {
    pos.set_start();
    return;
  }
  try {
    pos.set_fen(*fen);
  } catch (const FenError& e) {
    throw UsageError("bad FEN at column " + std::to_string(e.column) + ": " + e.what() + "\n  " + *fen + "\n  " +
                     std::string(std::size_t(std::max(0, e.column - 1)), ' ') + "^");
  }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of this process so far (unlike wall time, not inflated when other processes share the cores).
double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

void interrupt_perft(int) { perft_interrupted = true; }

// Ctrl-C ends a perft at once; what was counted is then reported as partial.
constexpr int kInterruptedExit = 128 + SIGINT;

int report_interrupted(const std::string& key, int depth, std::uint64_t nodes, double secs) {
  std::fflush(stdout);
  fmt::print(stderr, "fairy: interrupted: partial count {} nodes after {:.3f} s ({} perft {} not finished)\n", nodes,
             secs, key, depth);
  return kInterruptedExit;
}

struct PerftCommand {
  std::string key, spec;
  int depth = 0;
  std::optional<std::string> fen;
  bool divide = false, interpret = false, turns = false;
  int threads = int(std::max(1u, std::thread::hardware_concurrency()));
};

// A progress line on stderr for a person watching a long perft: only when stderr is a terminal,
// and only once the run has lasted a few seconds. Rewritten in place; erased at the end.
class ProgressLine {
 public:
  ProgressLine(const PerftCommand& c, std::chrono::steady_clock::time_point t0)
      : command_(c), t0_(t0), terminal_(isatty(STDERR_FILENO)) {}
  ~ProgressLine() {
    if (shown_) fmt::print(stderr, "\r\033[K");
  }
  void operator()(const PerftProgress& p) {
    const double secs = seconds_since(t0_);
    if (!terminal_ || secs < kAfterSeconds) return;
    fmt::print(stderr, "\r\033[K{} perft {}: {}/{} root moves done, {} nodes so far, {:.0f} s", command_.key,
               command_.depth, p.roots_done, p.roots, p.nodes, secs);
    shown_ = true;
  }

 private:
  static constexpr double kAfterSeconds = 3;
  const PerftCommand& command_;
  std::chrono::steady_clock::time_point t0_;
  bool terminal_, shown_ = false;
};

int run_perft(const PerftCommand& c) {
  const auto engine = Catalogue::open(c.spec).engine(c.key, c.interpret);
  Position pos(engine->variant());
  set_position(pos, c.fen);
  if (c.turns && c.divide) throw UsageError("--turns and --divide cannot be combined");
  std::signal(SIGINT, interrupt_perft);
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = cpu_seconds();
  PerftResult result;
  {
    ProgressLine line(c, t0);
    ParallelPerftOptions options{c.depth, c.turns, unsigned(c.threads), std::ref(line)};
    result = parallel_perft(*engine, pos, options);
  }
  const double secs = seconds_since(t0), cpu = cpu_seconds() - cpu0;
  if (c.divide) {
    for (const auto& root : result.roots)
      if (root.complete) fmt::print("{}: {}\n", to_uci(pos, root.move), root.nodes);
    if (!perft_interrupted) fmt::print("\n");
  }
  if (perft_interrupted) return report_interrupted(c.key, c.depth, result.nodes, secs);
  fmt::print("Nodes searched: {}\n", result.nodes);
  std::fflush(stdout);
  fmt::print(stderr, "{} perft {}: {} nodes in {:.3f} s ({:.0f} nodes/s) on {} thread{}, cpu {:.3f} s\n", c.key,
             c.depth, result.nodes, secs, secs > 0 ? double(result.nodes) / secs : 0.0, c.threads,
             c.threads == 1 ? "" : "s", cpu);
  return 0;
}

// --threads: a whole number from 1 to kMaxPerftThreads.
CLI::Validator thread_count() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        const std::string range = "a whole number of threads from 1 to " + std::to_string(kMaxPerftThreads);
        if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string::npos)
          return "'" + text + "' is not " + range;
        const int n = std::stoi(text);
        return n >= 1 && n <= int(kMaxPerftThreads) ? "" : "'" + text + "' is not " + range;
      },
      "1-" + std::to_string(kMaxPerftThreads));
}

int run_list(const Catalogue& catalogue) {
  for (const auto& v : catalogue.entries()) {
    const auto model = v.info();
    const VariantInfo& info = *model;
    fmt::print("{:<12} {}x{}  {} piece types  {}\n", v.key, info.geo.files, info.geo.ranks, info.pieces.size(),
               info.start_fen);
  }
  return 0;
}

// The start-position perft of each variant at a depth that keeps the run short.
int run_bench(const Catalogue& catalogue, const std::vector<std::string>& keys, int depth) {
  for (const auto& k : keys) catalogue.find(k);
  fmt::print("{:<12} {:>5} {:>14} {:>9} {:>14}\n", "variant", "depth", "nodes", "seconds", "nodes/s");
  std::uint64_t total = 0;
  double total_secs = 0;
  for (const auto& v : catalogue.entries()) {
    if (!keys.empty() && std::find(keys.begin(), keys.end(), v.key) == keys.end()) continue;
    const auto model = v.info();
    const VariantInfo& info = *model;
    const int d = depth ? depth : info.geo.files * info.geo.ranks <= 64 ? 5 : info.geo.files * info.geo.ranks <= 100 ? 4 : 3;
    const auto engine = v.engine();
    Position pos(info);
    pos.set_start();
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t nodes = engine->perft(pos, d);
    const double secs = seconds_since(t0);
    total += nodes;
    total_secs += secs;
    fmt::print("{:<12} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", v.key, d, nodes, secs, secs > 0 ? nodes / secs : 0.0);
    std::fflush(stdout);
  }
  fmt::print("{:<12} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", "total", "", total, total_secs,
             total_secs > 0 ? total / total_secs : 0.0);
  return 0;
}

// `fairy explain`'s argument: XBetza, or with --spec the name of one of the file's pieces.
std::string piece_moves(const std::string& betza_or_name, const std::string& spec) {
  if (spec.empty()) return betza_or_name;
  const fairygen::spec::SpecFile file = fairygen::spec::load(spec);
  const fairygen::spec::PieceSpec* piece = file.find_piece(betza_or_name);
  return piece ? piece->betza.value : betza_or_name;
}

// Serves until killed; prints the address to open once it listens.
int run_serve(server::ServerOptions options) {
  if (!options.spec.empty()) options.include_dir = std::filesystem::path(options.spec).parent_path().string();
  if (options.include_dir.empty()) options.include_dir = ".";
  // The page's "Engine plays": engine/'s search, a ply at a time within the page's movetime.
  options.engine = [](const Engine& e, Position& pos, int movetime_ms) {
    search::Limits limits;
    limits.movetime_ms = movetime_ms;
    return search::best_move(e, pos, limits);
  };
  const std::string host = options.host;
  server::Server srv(std::move(options));
  const int port = srv.bind();
  fmt::print("fairy serve: open http://{}:{}/ (Ctrl-C stops)\n", host, port);
  std::fflush(stdout);
  return srv.listen() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fairy: chess-variant rules, move generation and perft"};
  app.require_subcommand(1);

  auto* list = app.add_subcommand("list", "list the compiled variants (or a spec file's)");
  std::string list_spec;
  list->add_option("--spec", list_spec, "list the variants of this YAML file");

  auto* perft = app.add_subcommand("perft", "count the leaf nodes of the legal move tree");
  PerftCommand pc;
  perft->add_option("variant", pc.key, "variant key (see 'fairy list')")->required();
  perft->add_option("depth", pc.depth, "depth in plies (1-" + std::to_string(kMaxPerftDepth) + "; Ctrl-C stops early)")
      ->required()
      ->check(CLI::Range(1, kMaxPerftDepth));
  perft->add_option("--fen", pc.fen, "start from this FEN instead of the start position");
  perft->add_flag("--divide", pc.divide, "one line per root move, like Fairy-Stockfish's go perft");
  perft->add_flag("--turns", pc.turns, "DEPTH counts whole turns, not moves (multi-move turns; a pass is a move)");
  perft->add_option("--spec", pc.spec, "interpret the variant from this YAML file instead of the compiled module");
  perft->add_flag("--interpret", pc.interpret, "run the compiled variant's model through the interpreter");
  perft->add_option("--threads", pc.threads, "threads to count on (default: one per core; the counts do not change)")
      ->check(thread_count());

  auto* bench = app.add_subcommand("bench", "start-position perft of every variant, with nodes/second");
  std::vector<std::string> bench_keys;
  int bench_depth = 0;
  bench->add_option("variants", bench_keys, "only these variants");
  bench->add_option("--depth", bench_depth, "depth for all (default: by board size)")
      ->check(CLI::Range(1, kMaxPerftDepth));
  std::string bench_spec;
  bench->add_option("--spec", bench_spec, "interpret the variants of this YAML file instead of the compiled modules");

  auto* explain = app.add_subcommand("explain", "show the squares a piece written in XBetza reaches");
  std::string betza, board = "9x9", at, obstacles, enemies;
  std::string explain_spec;
  explain->add_option("betza", betza, "the piece's moves in XBetza (with --spec, or a piece's name)")->required();
  explain->add_option("--spec", explain_spec, "a YAML file whose pieces may be named instead of XBetza");
  explain->add_option("--board", board, "board size FILESxRANKS (default 9x9)");
  explain->add_option("--at", at, "the piece's square (default: the centre)");
  explain->add_option("--obstacles", obstacles, "friendly pieces, e.g. e6,f5");
  explain->add_option("--enemies", enemies, "enemy pieces, e.g. c7");

  auto* deal = app.add_subcommand("new", "deal a random start position (variants with setup: random)");
  std::string new_key;
  std::uint64_t seed = 1;
  deal->add_option("variant", new_key, "variant key")->required();
  deal->add_option("--seed", seed, "the same seed gives the same setup");
  std::string new_spec;
  deal->add_option("--spec", new_spec, "interpret the variant from this YAML file");

  auto* moves = app.add_subcommand("moves", "list the legal moves (Game Courier notation)");
  std::string moves_key, moves_spec;
  std::optional<std::string> moves_fen;
  bool moves_uci = false;
  moves->add_option("variant", moves_key, "variant key")->required();
  moves->add_option("--fen", moves_fen, "position (default: the start)");
  moves->add_flag("--uci", moves_uci, "coordinates (e2e4) instead of Game Courier notation");
  moves->add_option("--spec", moves_spec, "interpret the variant from this YAML file");

  auto* play = app.add_subcommand("play", "replay a game (--game FILE) or play one on the terminal");
  std::string play_key, play_spec, game_file;
  std::optional<std::string> play_fen;
  play->add_option("variant", play_key, "variant key")->required();
  play->add_option("--fen", play_fen, "start position (default: the variant's)");
  play->add_option("--game", game_file, "a game: one turn per line in Game Courier notation");
  play->add_option("--spec", play_spec, "interpret the variant from this YAML file");

  auto* serve = app.add_subcommand("serve", "serve the play-test page on 127.0.0.1 (docs/serve.md)");
  server::ServerOptions so;
  serve->add_option("--port", so.port, "port (default 8080; 0: any free port)")->check(CLI::Range(0, 65535));
  serve->add_option("--host", so.host, "address to listen on (default 127.0.0.1: this machine only)");
  serve->add_option("--spec", so.spec, "offer this YAML file's variants, interpreted, instead of the compiled ones");
  serve->add_option("--max-games", so.max_games, "games kept at once; the least recently used goes first")
      ->check(CLI::Range(1, 1000000));
  auto* match = app.add_subcommand("match", "play games between two players and report the score");
  std::string match_key, match_spec, first_player, second_player;
  match::MatchOptions match_options;
  bool match_verbose = false;
  std::optional<std::string> match_fen;
  match->add_option("variant", match_key, "variant key")->required();
  match->add_option("first", first_player, "random, greedy or search:depth=N|movetime=MS|nodes=N[,hash=MB]")->required();
  match->add_option("second", second_player, "the opponent, written alike")->required();
  match->add_option("--games", match_options.games, "games to play (colours alternate)")->check(CLI::Range(1, 100000));
  match->add_option("--seed", match_options.seed, "the same seed gives the same games (without time limits)");
  match->add_option("--max-turns", match_options.max_turns, "a game still going after this many turns is a draw")
      ->check(CLI::Range(1, 100000));
  match->add_option("--fen", match_fen, "start position (default: the variant's)");
  match->add_flag("--verbose", match_verbose, "one line per game");
  match->add_option("--spec", match_spec, "interpret the variant from this YAML file");

  auto* values = app.add_subcommand("values", "the piece values the search uses (estimated from mobility)");
  std::string values_key, values_spec;
  values->add_option("variant", values_key, "variant key")->required();
  values->add_option("--spec", values_spec, "interpret the variant from this YAML file");

  auto* uci = app.add_subcommand("uci", "talk UCI on stdin/stdout (UCI_Variant: any compiled variant)");
  std::string uci_spec;
  uci->add_option("--spec", uci_spec, "offer the variants of this YAML file instead of the compiled ones");
  auto* xboard = app.add_subcommand("xboard", "talk XBoard (CECP v2) on stdin/stdout");
  std::string xboard_spec;
  xboard->add_option("--spec", xboard_spec, "offer the variants of this YAML file instead of the compiled ones");

  CLI11_PARSE(app, argc, argv);
  try {
    if (app.got_subcommand("moves")) {
      const auto engine = Catalogue::open(moves_spec).engine(moves_key);
      Position pos(engine->variant());
      set_position(pos, moves_fen);
      return cli::run_moves(*engine, pos, moves_uci);
    }
    if (app.got_subcommand("play")) {
      const auto engine = Catalogue::open(play_spec).engine(play_key);
      Position check(engine->variant());
      set_position(check, play_fen);
      return cli::run_play(*engine, play_fen, game_file, std::cin, game_file.empty());
    }
    if (app.got_subcommand("new")) {
      const auto engine = Catalogue::open(new_spec).engine(new_key);
      const DealtSetup setup = deal_setup(*engine, seed);
      for (const auto& r : setup.rejected) fmt::print("dealt again: {}\n", r);
      fmt::print("{}\n", setup.fen);
      return 0;
    }
    if (app.got_subcommand("match")) {
      const auto engine = Catalogue::open(match_spec).engine(match_key);
      Position check(engine->variant());
      set_position(check, match_fen);
      match_options.fen = match_fen.value_or("");
      return engine_cli::run_match(*engine, first_player, second_player, match_options, match_verbose, std::cout);
    }
    if (app.got_subcommand("values"))
      return engine_cli::run_values(*Catalogue::open(values_spec).engine(values_key), std::cout);
    if (app.got_subcommand("uci")) return engine_cli::run_uci(uci_spec, std::cin, std::cout);
    if (app.got_subcommand("xboard")) return engine_cli::run_xboard(xboard_spec, std::cin, std::cout);
    if (app.got_subcommand("explain"))
      return cli::run_explain(piece_moves(betza, explain_spec), board, at, obstacles, enemies);
    if (app.got_subcommand("list")) return run_list(Catalogue::open(list_spec));
    if (app.got_subcommand("serve")) return run_serve(std::move(so));
    if (app.got_subcommand("perft")) return run_perft(pc);
    if (app.got_subcommand("bench")) return run_bench(Catalogue::open(bench_spec), bench_keys, bench_depth);
  } catch (const cli::ExplainError& e) {
    fmt::print(stderr, "fairy: error: {}\n", e.what());
    return 2;
  } catch (const UsageError& e) {
    fmt::print(stderr, "fairy: error: {}\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "fairy: error: {}\n", e.what());
    return 2;
  } catch (const fairygen::spec::SpecError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "fairy: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
