// Fuzz target: Game Courier notation. The input is a variant key, a newline, then a game file
// as `fairy play --game` reads it: one turn per line ("1. P e2-e4", "# comments"), "fen: FEN"
// to start from a position, and here also "undo" and "uci MOVE" (a ply in coordinate notation,
// played as its Game Courier text).
//
// Properties:
//  - bad input is a NotationError (or a FenError for a "fen:" line); a refused turn leaves the
//    position as it was (FEN and key);
//  - in the position the game ends in, each legal move, printed in Game Courier notation, reads
//    back as that same move, using every part of the text.
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/cli/play.hpp"
#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/fuzz/fuzz_common.hpp"

namespace {

using namespace fairy;

constexpr int kMaxLines = 64;

std::vector<std::string> plies_of(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t semi = text.find(';', start);
    std::string part = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    part.erase(0, part.find_first_not_of(' '));
    parts.push_back(part);
    if (semi == std::string::npos) return parts;
    start = semi + 1;
  }
}

void check_printed_moves(Position& pos, const Engine& engine) {
  MoveList legal;
  engine.legal_moves(pos, legal);
  for (const Move& m : legal) {
    const std::string text = to_gc(pos, m);
    const std::vector<std::string> parts = plies_of(text);
    std::size_t used = 0;
    Move back;
    try {
      back = parse_gc_ply(pos, engine, parts, used);
    } catch (const NotationError& e) {
      fuzz::fail("printed moves read back", pos.fen() + ": '" + text + "': " + e.what());
    }
    FUZZ_EXPECT(back == m && used == parts.size(),
                pos.fen() + ": '" + text + "' (" + to_uci(pos, m) + ") reads back as " + to_uci(pos, back));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [key, game_text] = fuzz::split_first_line(fuzz::as_text(data, size));
  const CompiledVariant* variant = find_compiled(key);
  if (!variant) return 0;
  const std::unique_ptr<Engine> engine = variant->engine();
  Game game(*engine, "");

  std::size_t start = 0;
  for (int line_no = 0; line_no < kMaxLines && start < game_text.size(); ++line_no) {
    const std::size_t nl = std::min(game_text.find('\n', start), game_text.size());
    const std::string line = cli::strip_turn(std::string(game_text.substr(start, nl - start)));
    start = nl + 1;
    if (line.empty()) continue;
    Position& pos = game.position();
    const std::string before = pos.fen();
    const std::uint64_t key_before = pos.key();
    try {
      if (line.rfind("fen:", 0) == 0) {
        game = Game(*engine, cli::strip_turn(line.substr(4)));
      } else if (line == "undo") {
        game.undo_turn();
      } else if (line.rfind("uci ", 0) == 0) {
        game.play_turn(to_gc(pos, parse_uci(pos, *engine, line.substr(4))));
      } else {
        game.play_turn(line);
      }
    } catch (const FenError&) {
    } catch (const NotationError&) {
      FUZZ_EXPECT(pos.fen() == before && pos.key() == key_before, before + ": refused '" + line + "' but left " + pos.fen());
    }
  }
  check_printed_moves(game.position(), *engine);
  return 0;
}
