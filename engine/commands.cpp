#include "engine/commands.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <ostream>

namespace fairy::engine_cli {

int run_match(const Engine& engine, const std::string& first, const std::string& second,
              const match::MatchOptions& options, bool verbose, std::ostream& out) {
  const auto a = match::make_player(first, engine);
  const auto b = match::make_player(second, engine);
  const bool terminal = isatty(STDERR_FILENO);
  const match::MatchResult r = match::play_match(engine, *a, *b, options, [&](int done, const match::MatchResult& so_far) {
    if (terminal)
      fmt::print(stderr, "\r\033[K{} {} vs {}: game {}/{}  +{} -{} ={}", engine.variant().key, first, second, done,
                 options.games, so_far.wins, so_far.losses, so_far.draws);
    if (verbose) out << "game " << done << ": " << so_far.reasons.back() << ", " << so_far.final_fens.back() << "\n";
  });
  if (terminal) fmt::print(stderr, "\r\033[K");
  out << fmt::format("{} {} vs {}: {} games, +{} -{} ={}, score {:.1f}%{}\n", engine.variant().key, first, second,
                     options.games, r.wins, r.losses, r.draws, 100 * r.score(),
                     r.illegal ? fmt::format(", {} ILLEGAL MOVES", r.illegal) : "");
  return r.illegal ? 1 : 0;
}

}  // namespace fairy::engine_cli

namespace fairy::engine_cli {

int run_values(const Engine& engine, std::ostream& out) {
  const search::Evaluator eval(engine.variant());
  const VariantInfo& v = engine.variant();
  for (int t = 0; t < int(v.pieces.size()); ++t)
    out << fmt::format("{} {:<16} {:>6.2f} moves {:>6} cp{}\n", v.pieces[std::size_t(t)].letter,
                       v.pieces[std::size_t(t)].name, eval.mobility(t), eval.value(t),
                       v.pieces[std::size_t(t)].royal ? "  (royal)" : "");
  return 0;
}

}  // namespace fairy::engine_cli
