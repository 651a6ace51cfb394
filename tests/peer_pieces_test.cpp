// Peer test for XBetza pieces in Fairy-Stockfish's subset: on 8x8 and 10x10 boards with random
// obstacles (knights of both sides), the legal moves of the piece must match Fairy-Stockfish's
// (npm ffish via tools/peer/movelists.mjs) square for square.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "generator/model/model.hpp"
#include "runtime/engine.hpp"
#include "runtime/uci.hpp"

namespace {

using namespace fairy;

const char* const kPieces[] = {"nN", "nA", "mRcpR", "mBcpB", "gQ", "NN", "CF", "NC",
                               "NCZ", "KNAD", "KADGH", "HGfmWfcF", "mQcpQ", "RF", "BW", "QN",
                               // directions on an oblique atom (not j: Fairy-Stockfish reads jR as R)
                               "fNsW", "fsNbF", "frNlfN", "lvNrbN", "fhN"};
constexpr int kPositions = 15;

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

struct Board {
  int files, ranks;
};

std::string fen_of(const std::vector<std::pair<Square, char>>& pieces, const Geometry& g) {
  return board_fen(g, [&](Square s) {
           for (const auto& [at, letter] : pieces)
             if (at == s) return PieceToken(letter);
           return PieceToken();
         }) +
         " w - - 0 1";
}

TEST(PeerPieces, LegalMovesMatchFairyStockfish) {
  const std::string script = FAIRY_SOURCE_DIR "/tools/peer/movelists.mjs";
  ASSERT_TRUE(std::filesystem::exists(FAIRY_SOURCE_DIR "/tools/peer/node_modules/ffish"))
      << "npm's ffish is not installed: scripts/setup.sh installs it (npm ci --prefix tools/peer)";
  std::string ini;
  struct Job {
    std::string variant, fen, from, betza;
    std::set<std::string> ours;
  };
  std::vector<Job> jobs;
  std::mt19937 rng(20261122);
  for (int i = 0; i < int(std::size(kPieces)); ++i)
    for (const Board b : {Board{8, 8}, Board{10, 10}}) {
      const std::string name = "p" + std::to_string(i) + "_" + std::to_string(b.files);
      const std::string empty_start = b.files == 8 ? "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
                                                   : "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1";
      ini += "[" + name + ":chess]\ncustomPiece1 = a:" + kPieces[i] + "\ncastling = false\n";
      if (b.files == 10) ini += "maxRank = 10\nmaxFile = j\nstartFen = " + empty_start + "\n";
      // The same piece through our compiler and interpreter.
      const std::string yaml = "pieces:\n  king: {letter: K, betza: K, royal: true}\n  knight: {letter: N, betza: N}\n"
                               "  piece: {letter: A, betza: \"" + std::string(kPieces[i]) + "\"}\nvariants:\n  v:\n"
                               "    board: {files: " + std::to_string(b.files) + ", ranks: " + std::to_string(b.ranks) +
                               "}\n    pieces: [king, knight, piece]\n    start: " + empty_start + "\n";
      const auto spec = fairygen::spec::load_string(yaml, "peer.yaml");
      const InterpretedEngine engine(fairygen::model::build(spec, spec.variants[0]).info);
      const Geometry& g = engine.variant().geo;
      for (int n = 0; n < kPositions;) {
        std::vector<std::pair<Square, char>> placed;
        std::set<Square> used;
        const auto random_square = [&] {
          Square s;
          do s = g.square(int(rng() % b.files), int(rng() % b.ranks));
          while (used.count(s));
          used.insert(s);
          return s;
        };
        const Square piece = random_square();
        placed = {{random_square(), 'K'}, {random_square(), 'k'}, {piece, 'A'}};
        for (int k = 3 + int(rng() % 8); k > 0; --k) placed.push_back({random_square(), rng() % 2 ? 'N' : 'n'});
        const std::string fen = fen_of(placed, g);
        Position pos(engine.variant());
        pos.set_fen(fen);
        // Black must not be in check with White to move (not a position either engine plays).
        Position black(engine.variant());
        black.set_fen(fen.substr(0, fen.find(' ')) + " b - - 0 1");
        if (engine.in_check(black)) continue;
        MoveList moves;
        engine.legal_moves(pos, moves);
        Job job{name, fen, g.name(piece), kPieces[i], {}};
        for (const Move& m : moves)
          if (m.from == piece) job.ours.insert(to_uci(pos, m));
        jobs.push_back(job);
        ++n;
      }
    }
  const auto dir = std::filesystem::temp_directory_path() / ("fairy_peer_pieces_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir / "jobs.json");
    out << "[";
    for (std::size_t i = 0; i < jobs.size(); ++i)
      out << (i ? ",\n" : "") << "{\"ini\": \"" << json_escape(ini) << "\", \"variant\": \"" << jobs[i].variant
          << "\", \"fen\": \"" << jobs[i].fen << "\", \"from\": \"" << jobs[i].from << "\"}";
    out << "]\n";
  }
  const std::string cmd = "node " + script + " " + (dir / "jobs.json").string() + " > " + (dir / "out.txt").string();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(dir / "out.txt");
  std::string line;
  std::size_t i = 0, compared = 0;
  while (std::getline(in, line) && i < jobs.size()) {
    std::set<std::string> theirs;
    std::istringstream words(line);
    for (std::string w; words >> w;) theirs.insert(w);
    EXPECT_EQ(jobs[i].ours, theirs) << jobs[i].betza << " on " << jobs[i].from << " in " << jobs[i].fen;
    compared += !theirs.empty() || !jobs[i].ours.empty();
    ++i;
  }
  EXPECT_EQ(i, jobs.size()) << "Fairy-Stockfish answered " << i << " of " << jobs.size();
  EXPECT_GT(compared, jobs.size() / 2) << "most positions must give the piece some move";
  std::filesystem::remove_all(dir);
}

}  // namespace
