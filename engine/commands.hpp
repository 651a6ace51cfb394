// The `fairy` subcommands built on the search: match, uci, xboard (engine/commands.cpp,
// engine/uci.cpp, engine/xboard.cpp). They read commands from `in` and write to `out`, so
// tests can script whole sessions.
#pragma once

#include <iosfwd>
#include <string>

#include "engine/match.hpp"
#include "runtime/cli/catalogue.hpp"

namespace fairy::engine_cli {

// `fairy match VARIANT PLAYER1 PLAYER2`: plays the games, a progress line on stderr when it is a
// terminal, then the score from PLAYER1's side; with `verbose` every game's moves.
int run_match(const Engine& engine, const std::string& first, const std::string& second,
              const match::MatchOptions& options, bool verbose, std::ostream& out);

// `fairy values VARIANT`: each piece's mobility and the value the evaluation gives it.
int run_values(const Engine& engine, std::ostream& out);

// `fairy uci`: the Universal Chess Interface over the catalogue (or a spec file set with the
// SpecFile option). Returns at `quit` or the end of input.
int run_uci(const std::string& spec, std::istream& in, std::ostream& out);

// `fairy xboard`: the Chess Engine Communication Protocol, version 2.
int run_xboard(const std::string& spec, std::istream& in, std::ostream& out);

}  // namespace fairy::engine_cli
