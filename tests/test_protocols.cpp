// Scripted UCI and XBoard (CECP) sessions: every reply is checked, against the rules where it
// names moves or counts (perft, legal best moves, the variant's pieces).
#include <gtest/gtest.h>

#include <sstream>

#include "engine/commands.hpp"
#include "engine/protocol.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"

namespace fairy {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Reads replies in order; each expectation consumes lines.
class Replies {
 public:
  explicit Replies(const std::string& text) : lines_(lines_of(text)) {}
  std::string next() {
    EXPECT_LT(at_, lines_.size()) << "no more replies";
    return at_ < lines_.size() ? lines_[at_++] : "";
  }
  bool starts(const std::string& prefix) const { return at_ < lines_.size() && lines_[at_].rfind(prefix, 0) == 0; }
  bool done() const { return at_ == lines_.size(); }
  std::string rest() const {
    std::string out;
    for (std::size_t i = at_; i < lines_.size(); ++i) out += lines_[i] + "\n";
    return out;
  }

 private:
  std::vector<std::string> lines_;
  std::size_t at_ = 0;
};

std::string run(int (*session)(const std::string&, std::istream&, std::ostream&), const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  EXPECT_EQ(session("", in, out), 0);
  return out.str();
}

// Whether `token` (a turn, plies joined by ',') is legal for the side to move in fen.
bool legal_turn(const char* variant, const std::string& fen, const std::string& moves, const std::string& token) {
  engine_cli::Table table("");
  table.set_variant(variant);
  table.set_position(fen);
  std::istringstream in(moves);
  for (std::string m; in >> m;) table.play(m);
  const Color side = table.position().side_to_move();
  try {
    table.play(token);
  } catch (const NotationError&) {
    return false;
  }
  return table.position().side_to_move() != side || table.game().outcome().result != Result::Ongoing;
}

TEST(Uci, ScriptedSession) {
  const std::string out = run(engine_cli::run_uci,
                              "uci\n"
                              "isready\n"
                              "setoption name UCI_Variant value capablanca\n"
                              "position startpos moves e2e4 e7e5\n"
                              "go perft 2\n"
                              "go depth 3\n"
                              "position startpos moves e2e4 zz9\n"
                              "position fen rnbqkbnr/ppppppppp/8 w - - 0 1\n"
                              "setoption name UCI_Variant value nosuch\n"
                              "frobnicate\n"
                              "setoption name UCI_Variant value extramove\n"
                              "position startpos moves e2e4\n"
                              "go depth 2\n"
                              "ucinewgame\n"  // waits for the search: `quit` would stop it, before its
                              "quit\n");      // first info line when the machine is busy
  Replies r(out);
  EXPECT_EQ(r.next(), "id name fairygen");
  EXPECT_TRUE(r.next().rfind("id author ", 0) == 0);
  const std::string variants = r.next();
  EXPECT_TRUE(variants.rfind("option name UCI_Variant type combo default chess", 0) == 0) << variants;
  for (const CompiledVariant& v : compiled_variants())
    EXPECT_NE(variants.find(std::string(" var ") + v.key), std::string::npos) << v.key;
  EXPECT_EQ(r.next(), "option name SpecFile type string default <empty>");
  EXPECT_EQ(r.next(), "option name Hash type spin default 16 min 1 max 4096");
  EXPECT_EQ(r.next(), "uciok");
  EXPECT_EQ(r.next(), "readyok");
  const VariantInfo& capa = find_compiled("capablanca")->info();
  EXPECT_EQ(r.next(), "info string variant capablanca files 10 ranks 8 startpos " + capa.start_fen);

  // go perft 2: Fairy-Stockfish's shape, one line per legal move, counts that add up to perft.
  const auto engine = find_compiled("capablanca")->engine();
  Position pos(capa);
  pos.set_start();
  for (const char* m : {"e2e4", "e7e5"}) pos.make(parse_uci(pos, *engine, m));
  MoveList legal;
  engine->legal_moves(pos, legal);
  std::uint64_t sum = 0;
  for (int i = 0; i < legal.size; ++i) {
    const std::string line = r.next();
    const std::size_t colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << line;
    EXPECT_NO_THROW(parse_uci(pos, *engine, line.substr(0, colon))) << line;
    sum += std::stoull(line.substr(colon + 2));
  }
  EXPECT_EQ(r.next(), "");
  EXPECT_EQ(r.next(), "Nodes searched: " + std::to_string(engine->perft(pos, 2)));
  EXPECT_EQ(sum, engine->perft(pos, 2));

  // go depth 3: one info line per depth, then a legal best move.
  for (int depth = 1; depth <= 3; ++depth) {
    const std::string info = r.next();
    EXPECT_TRUE(info.rfind("info depth " + std::to_string(depth) + " score ", 0) == 0) << info;
    EXPECT_NE(info.find(" pv "), std::string::npos) << info;
  }
  const std::string best = r.next();
  ASSERT_TRUE(best.rfind("bestmove ", 0) == 0) << best;
  EXPECT_TRUE(legal_turn("capablanca", "", "e2e4 e7e5", best.substr(9))) << best;

  EXPECT_EQ(r.next(), "info string illegal move 'zz9': 'zz9' is not a legal move here");
  const std::string fen_error = r.next();
  EXPECT_TRUE(fen_error.rfind("info string bad FEN at column ", 0) == 0) << fen_error;
  const std::string unknown = r.next();
  EXPECT_TRUE(unknown.rfind("info string error: unknown variant 'nosuch'", 0) == 0) << unknown;
  EXPECT_EQ(r.next(), "info string unknown command 'frobnicate'");
  EXPECT_TRUE(r.next().rfind("info string variant extramove files 8 ranks 8 ", 0) == 0);
  // Extra Move Chess: Black's turn is two moves, sent as one, joined by ','.
  EXPECT_TRUE(r.starts("info depth 1 "));
  while (r.starts("info depth ")) r.next();
  const std::string turn = r.next();
  ASSERT_TRUE(turn.rfind("bestmove ", 0) == 0) << turn;
  EXPECT_NE(turn.find(','), std::string::npos) << turn;
  EXPECT_TRUE(legal_turn("extramove", "", "e2e4", turn.substr(9))) << turn;
  EXPECT_TRUE(r.done()) << r.rest();
}

TEST(Uci, StopEndsAnInfiniteSearch) {
  const std::string out = run(engine_cli::run_uci, "position startpos\ngo infinite\nisready\nstop\nquit\n");
  Replies r(out);
  std::string last;
  bool ready = false;  // answered while the search runs, between its info lines
  while (!r.done()) {
    last = r.next();
    ready |= last == "readyok";
    EXPECT_TRUE(last == "readyok" || last.rfind("info depth ", 0) == 0 || r.done()) << last;
  }
  EXPECT_TRUE(ready);
  EXPECT_TRUE(last.rfind("bestmove ", 0) == 0) << last;
  EXPECT_TRUE(legal_turn("chess", "", "", last.substr(9))) << last;
}

TEST(Xboard, ScriptedSession) {
  const std::string out = run(engine_cli::run_xboard,
                              "xboard\n"
                              "protover 2\n"
                              "ping 7\n"
                              "new\n"
                              "variant sandbox\n"
                              "sd 2\n"
                              "usermove e2e4\n"
                              "ping 8\n"
                              "usermove zz\n"
                              "force\n"
                              "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n"
                              "variant normal\n"
                              "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n"
                              "go\n"
                              "foo\n"
                              "quit\n");
  Replies r(out);
  const std::string features = r.next();
  EXPECT_TRUE(features.rfind("feature ", 0) == 0) << features;
  for (const char* f : {" ping=1", " setboard=1", " usermove=1", " sigint=0", " done=1", "variants=\"normal,"})
    EXPECT_NE(features.find(f), std::string::npos) << f;
  for (const CompiledVariant& v : compiled_variants())
    if (std::string(v.key) != "chess") { EXPECT_NE(features.find(std::string(",") + v.key), std::string::npos) << v.key; }
  EXPECT_EQ(r.next(), "pong 7");
  // The variant described: the board, the start position, each piece's XBetza.
  const VariantInfo& sandbox = find_compiled("sandbox")->info();
  const std::string setup = r.next();
  EXPECT_TRUE(setup.rfind("setup (", 0) == 0) << setup;
  EXPECT_NE(setup.find(") 10x10+0_fairy " + sandbox.start_fen), std::string::npos) << setup;
  for (const PieceInfo& p : sandbox.pieces) {
    const std::string piece = r.next();
    EXPECT_TRUE(piece.rfind(std::string("piece ") + p.letter + "& " + p.betza, 0) == 0) << piece;
    EXPECT_NE(setup.find(p.letter), std::string::npos) << p.letter;
  }
  const std::string reply = r.next();
  ASSERT_TRUE(reply.rfind("move ", 0) == 0) << reply;
  EXPECT_TRUE(legal_turn("sandbox", "", "e2e4", reply.substr(5))) << reply;
  EXPECT_EQ(r.next(), "pong 8");
  EXPECT_EQ(r.next(), "Illegal move ('zz' is not a legal move here): zz");
  const std::string bad = r.next();
  EXPECT_TRUE(bad.rfind("Error (rank 10 has 8 squares", 0) == 0) << bad;
  EXPECT_EQ(r.next(), "move a1a8");
  EXPECT_EQ(r.next(), "1-0 {checkmate}");
  EXPECT_EQ(r.next(), "Error (unknown command): foo");
  EXPECT_TRUE(r.done()) << r.rest();
}

}  // namespace
}  // namespace fairy
