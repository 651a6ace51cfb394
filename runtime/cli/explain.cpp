// fairy explain BETZA: the squares a piece reaches, as the Interactive Diagram shows them.
#include "runtime/cli/explain.hpp"

#include <fmt/format.h>

#include <iterator>
#include <map>
#include <sstream>

#include "generator/betza/betza.hpp"
#include "runtime/interpreter.hpp"

namespace fairy::cli {

namespace {

struct Board {
  Geometry geo;
  Square at = kNoSquare;
  std::map<Square, char> others;  // 'F' friend, 'E' enemy
};

std::vector<Square> parse_squares(const Geometry& geo, const std::string& list, const char* what) {
  std::vector<Square> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    const auto [s, used] = geo.parse(item);
    if (used == 0 || used != int(item.size()))
      throw ExplainError(std::string("bad square '") + item + "' in " + what + " (the board is " +
                         std::to_string(geo.files) + "x" + std::to_string(geo.ranks) + ")");
    out.push_back(s);
  }
  return out;
}

std::string fen_of(const Board& b, Square extra_enemy) {
  return board_fen(b.geo, [&](Square s) {
           if (s == b.at) return PieceToken('X');
           if (s == extra_enemy) return PieceToken('o');
           const auto it = b.others.find(s);
           return it == b.others.end() ? PieceToken() : PieceToken(it->second == 'F' ? 'O' : 'o');
         }) +
         " w - - 0 1";
}

// A one-piece variant: the explained piece (X), and a neutral blocker (O) for the others.
VariantInfo model(const std::string& betza, const Board& b, bool single_legs_only) {
  VariantInfo v;
  v.key = "explain";
  v.geo = b.geo;
  PieceInfo piece;
  piece.name = "piece";
  piece.letter = 'X';
  piece.betza = betza;
  auto atoms = fairygen::betza::parse(betza);
  if (single_legs_only)  // leave out what was written as a multi-leg move
    std::erase_if(atoms, [](const fairygen::betza::Atom& a) { return !a.later.empty(); });
  for (Color c : {White, Black}) piece.program[c] = fairygen::betza::compile(atoms, c);
  PieceInfo blocker;
  blocker.name = "blocker";
  blocker.letter = 'O';
  v.pieces = {piece, blocker};
  v.start_fen = fen_of(b, kNoSquare);  // the piece stands on its start square: it has not moved
  v.finalize();
  return v;
}

struct Reach {
  std::map<Square, bool> move, capture, victim, swap, induced;
};

Reach reach(const VariantInfo& v, const Board& b) {
  Reach out;
  const Interpreter interp(v);
  Position pos(v);
  // Moves on the board as given.
  pos.set_fen(fen_of(b, kNoSquare));
  MoveList list;
  interp.generate(pos, list);
  for (const Move& m : list) {
    if (m.from != b.at && m.kind != MoveKind::Induced) continue;
    switch (m.kind) {
      case MoveKind::Swap: out.swap[m.to] = true; break;
      case MoveKind::Induced: out.induced[m.to] = true; break;
      default:
        if (pos.at(m.to) == kEmpty) out.move[m.to] = true;
        else out.capture[m.to] = true;
        if (m.kind == MoveKind::Locust) out.victim[m.aux1] = true;
    }
  }
  // Could it capture on each empty square? Put an enemy there and look.
  for (int r = 0; r < b.geo.ranks; ++r)
    for (int f = 0; f < b.geo.files; ++f) {
      const Square s = b.geo.square(f, r);
      if (s == b.at || b.others.count(s)) continue;
      pos.set_fen(fen_of(b, s));
      MoveList caps;
      interp.generate(pos, caps);
      for (const Move& m : caps) {
        if (m.from != b.at) continue;
        if (m.to == s && m.kind != MoveKind::Swap) out.capture[s] = true;
        if (m.kind == MoveKind::Locust && m.aux1 == s) out.victim[s] = true;
      }
    }
  return out;
}

}  // namespace

std::string explain_text(const std::string& betza, const std::string& board, const std::string& at,
                         const std::string& friends, const std::string& enemies) {
  Board b;
  int files = 0, ranks = 0;
  char x = 0;
  std::stringstream dims(board);
  if (!(dims >> files >> x >> ranks) || x != 'x' || !(dims >> std::ws).eof() || files < 1 || files > kMaxFiles ||
      ranks < 1 || ranks > kMaxRanks)
    throw ExplainError("bad --board '" + board + "': expected FILESxRANKS, each 1 to 16 (e.g. 9x9)");
  b.geo = Geometry{files, ranks};
  const std::string where = at.empty() ? std::string(1, char('a' + files / 2)) + std::to_string(ranks / 2 + 1) : at;
  const auto at_list = parse_squares(b.geo, where, "--at");
  if (at_list.size() != 1) throw ExplainError("--at takes one square");
  b.at = at_list[0];
  for (Square s : parse_squares(b.geo, friends, "--obstacles")) b.others[s] = 'F';
  for (Square s : parse_squares(b.geo, enemies, "--enemies")) b.others[s] = 'E';
  if (b.others.count(b.at)) throw ExplainError("the piece's square " + where + " also holds an obstacle");

  VariantInfo full, single;
  try {
    full = model(betza, b, false);
    single = model(betza, b, true);
  } catch (const fairygen::betza::Error& e) {
    throw ExplainError("bad XBetza at column " + std::to_string(e.column) + ": " + e.what() + "\n  " + betza + "\n  " +
                       std::string(std::size_t(e.column - 1), ' ') + "^");
  }
  const Reach all = reach(full, b), direct = reach(single, b);
  std::string text;
  auto out = std::back_inserter(text);

  fmt::format_to(out, "{} on {} ({}x{} board)\n\n", betza, where, files, ranks);
  int moves = 0, captures = 0;
  for (int r = ranks - 1; r >= 0; --r) {
    fmt::format_to(out, "{:>3} ", r + 1);
    for (int f = 0; f < files; ++f) {
      const Square s = b.geo.square(f, r);
      char c = '.';
      const bool m = all.move.count(s), cap = all.capture.count(s);
      if (s == b.at) c = '@';
      else if (b.others.count(s)) c = b.others.at(s) == 'F' ? (all.swap.count(s) ? 'S' : 'F') : (cap ? 'X' : 'E');
      else if (m && cap) c = '*';
      else if (m) c = 'm';
      else if (cap) c = 'c';
      else if (all.induced.count(s)) c = 'i';
      if (all.victim.count(s) && c != '@') c = c == '.' || c == 'c' || c == '*' ? 'x' : c;
      // Reached only through a later leg of a multi-leg move: upper case.
      if ((c == 'm' || c == 'c') && !direct.move.count(s) && !direct.capture.count(s)) c = char(c - 'a' + 'A');
      if (c == '*' && !direct.move.count(s) && !direct.capture.count(s)) c = '#';
      moves += m;
      captures += cap;
      fmt::format_to(out, " {}", c);
    }
    fmt::format_to(out, "\n");
  }
  fmt::format_to(out, "    ");
  for (int f = 0; f < files; ++f) fmt::format_to(out, " {}", char('a' + f));
  fmt::format_to(out, "\n\n{} squares to move to, {} to capture on.\n", moves, captures);
  fmt::format_to(out, 
      "@ the piece   m move only   c capture only   * both   (M C # the same, reached only through a later leg)\n"
      "x an enemy there is captured on the way (locust)   F friend   S friend it can swap with   E enemy   "
      "X enemy it captures   i a friend can be pushed there\n");
  return text;
}

int run_explain(const std::string& betza, const std::string& board, const std::string& at,
                const std::string& friends, const std::string& enemies) {
  fmt::print("{}", explain_text(betza, board, at, friends, enemies));
  return 0;
}

}  // namespace fairy::cli
