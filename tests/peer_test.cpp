// Peer test: current Fairy-Stockfish (npm fairy-stockfish-nnue.wasm under node, built-in
// variants, through tools/peer/uci.mjs) against the generated modules, on the start position and on positions reached by seeded random legal
// play; per-root-move perft counts at depth 3 must agree move for move.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/registry.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

constexpr int kRandomPositions = 50;
constexpr int kDepth = 3;

using Divide = std::map<std::string, std::uint64_t>;

// The command that runs the peer engine, or "" when it is not installed.
std::string peer_command() {
  const std::filesystem::path peer = std::filesystem::path(FAIRY_SOURCE_DIR) / "tools" / "peer";
  if (!std::filesystem::exists(peer / "node_modules" / "fairy-stockfish-nnue.wasm")) return "";
  return "node " + (peer / "uci.mjs").string();
}

// Runs every FEN through one engine process and returns its divide output per FEN.
std::vector<Divide> peer_divides(const std::string& variant, const std::vector<std::string>& fens, int depth) {
  const auto dir = std::filesystem::temp_directory_path() / ("fairy_peer_" + variant + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in.txt", out = dir / "out.txt";
  {
    std::ofstream cmd(in);
    cmd << "uci\nsetoption name UCI_Variant value " << variant << "\n";
    for (const auto& fen : fens) cmd << "position fen " << fen << "\ngo perft " << depth << "\n";
    cmd << "quit\n";
  }
  const std::string run = peer_command() + " < " + in.string() + " > " + out.string() + " 2>&1";
  EXPECT_EQ(std::system(run.c_str()), 0) << run;
  std::vector<Divide> result;
  std::ifstream output(out);
  std::string line;
  Divide current;
  while (std::getline(output, line)) {
    if (line.rfind("Nodes searched:", 0) == 0) {
      result.push_back(std::move(current));
      current.clear();
      continue;
    }
    const auto colon = line.find(": ");
    if (colon == std::string::npos || colon > 8 || line.find(' ') < colon) continue;
    current[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
  }
  std::filesystem::remove_all(dir);
  return result;
}

// Positions reached by seeded random legal play (1 to 40 plies), skipping finished games.
std::vector<std::string> random_positions(const Engine& engine, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> fens;
  while (int(fens.size()) < count) {
    Position pos(engine.variant());
    pos.set_start();
    const int plies = 1 + int(rng() % 40);
    bool alive = true;
    for (int i = 0; i < plies && alive; ++i) {
      MoveList moves;
      engine.legal_moves(pos, moves);
      if (moves.size == 0) alive = false;
      else pos.make(moves[int(rng() % unsigned(moves.size))]);
    }
    MoveList moves;
    engine.legal_moves(pos, moves);
    if (alive && moves.size > 0) fens.push_back(pos.fen());
  }
  return fens;
}

class PeerTest : public ::testing::TestWithParam<const char*> {};

TEST_P(PeerTest, DivideMatchesFairyStockfish) {
  if (peer_command().empty()) GTEST_FAIL() << "npm fairy-stockfish-nnue.wasm is not installed (scripts/setup.sh installs it)";
  const std::string key = GetParam();
  const CompiledVariant* v = find_compiled(key);
  ASSERT_NE(v, nullptr);
  const auto engine = v->engine();
  std::vector<std::string> fens = {v->info().start_fen};
  const auto more = random_positions(*engine, kRandomPositions, 20261122u);
  fens.insert(fens.end(), more.begin(), more.end());

  const std::vector<Divide> peer = peer_divides(key, fens, kDepth);
  ASSERT_EQ(peer.size(), fens.size()) << "Fairy-Stockfish answered " << peer.size() << " of " << fens.size();
  for (std::size_t i = 0; i < fens.size(); ++i) {
    Position pos(engine->variant());
    pos.set_fen(fens[i]);
    Divide ours;
    for (const auto& [move, count] : engine->divide(pos, kDepth)) ours[to_uci(pos, move)] = count;
    ASSERT_FALSE(peer[i].empty()) << "no moves from Fairy-Stockfish for " << fens[i];
    EXPECT_EQ(ours, peer[i]) << key << " position " << i << ": " << fens[i];
  }
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, PeerTest, ::testing::Values("chess", "capablanca", "grand"));

}  // namespace
