// Fuzz target: XBetza. The input is one XBetza string. It is parsed and compiled for both
// colours; the piece then stands on a few boards among friends and enemies and the interpreter
// computes its reach, as `fairy explain` does; the emitter writes its move code.
//
// Properties:
//  - bad input is a betza::Error whose column lies in the string (or just past its end);
//  - compile(text) is compile(parse(text));
//  - every move starts from the piece (an induced move: is induced by it) and stays on the
//    board; make then unmake gives back the same FEN and key;
//  - attacked(s) (its backward walks) agrees with the moves: the piece
//    attacks s exactly when, with an enemy on s, one of its moves captures there; and the
//    empty-board attack routes (for_attack_routes) reach the piece's square from s;
//  - the emitter writes the piece's C++ without throwing.
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "generator/betza/betza.hpp"
#include "generator/emit/emit.hpp"
#include "runtime/attack_routes.hpp"
#include "runtime/interpreter.hpp"
#include "tests/captures_on.hpp"
#include "tests/fuzz/fuzz_common.hpp"

namespace {

using namespace fairy;
namespace betza = fairygen::betza;

struct BoardCase {
  int files, ranks;
  int file, rank;  // where the piece stands
  bool attacks;    // check attacks on every square (one move generation per square)
};

// A mid-board square with room around it, a corner of the largest board, and a narrow strip.
constexpr BoardCase kBoards[] = {{8, 8, 3, 3, true}, {16, 16, 1, 14, false}, {2, 5, 0, 1, true}};

// What stands on each square: the piece ('X' or 'x'), friends and enemies in a fixed scatter,
// or nothing (0); `enemy_on` adds one more enemy.
char cell(const BoardCase& b, Color us, int f, int r, Square enemy_on, const Geometry& g) {
  const bool white = us == White;
  if (f == b.file && r == b.rank) return white ? 'X' : 'x';
  if (g.square(f, r) == enemy_on) return white ? 'o' : 'O';
  switch ((3 * f + 5 * r) % 7) {
    case 0: return white ? 'O' : 'o';  // a friend
    case 3: return white ? 'o' : 'O';  // an enemy
    default: return 0;
  }
}

std::string fen(const BoardCase& b, Color us, Square enemy_on) {
  const Geometry g{b.files, b.ranks};
  return board_fen(g, [&](Square s) { return PieceToken(cell(b, us, g.file_of(s), g.rank_of(s), enemy_on, g)); }) +
         (us == White ? " w - - 0 1" : " b - - 0 1");
}

// The piece (type 0) and a blocker without moves (type 1), the piece on its start square.
VariantInfo model(const BoardCase& b, Color us, const std::string& text, const PieceProgram& white,
                  const PieceProgram& black) {
  VariantInfo v;
  v.key = "fuzz";
  v.geo = Geometry{b.files, b.ranks};
  PieceInfo piece;
  piece.name = "piece";
  piece.letter = 'X';
  piece.betza = text;
  piece.program[White] = white;
  piece.program[Black] = black;
  PieceInfo blocker;
  blocker.name = "blocker";
  blocker.letter = 'O';
  v.pieces = {piece, blocker};
  v.start_fen = fen(b, us, kNoSquare);
  v.finalize();
  return v;
}

void check_moves(Position& pos, const Interpreter& rules, Square at, const std::string& text) {
  const Geometry& g = pos.geo();
  MoveList list;
  rules.generate(pos, list);
  const std::string before = pos.fen();
  const std::uint64_t key = pos.key();
  for (const Move& m : list) {
    const std::string where = text + " on " + before + ": " + g.name(m.from) + g.name(m.to) + " kind " +
                              std::to_string(int(m.kind)) + " aux " + g.name(m.aux1);
    FUZZ_EXPECT(g.on_board(m.from) && g.on_board(m.to), where);
    FUZZ_EXPECT(m.kind == MoveKind::Induced ? m.aux1 == at : m.from == at, where);
    FUZZ_EXPECT(m.kind != MoveKind::Locust || g.on_board(m.aux1), where);
    pos.make(m);
    pos.unmake();
    FUZZ_EXPECT(pos.fen() == before && pos.key() == key, where + " then unmade: " + pos.fen());
  }
}

// The squares, relative to a capture's target, that for_attack_routes marks for the piece's
// paths (VariantInfo::aligned; the generated attack tests' tables, kAttackRoutes, walk the same).
std::set<std::pair<int, int>> route_squares(const VariantInfo& v, Color us) {
  std::set<std::pair<int, int>> out;
  for (const Path& path : v.pieces[0].program[us].paths)
    for_attack_routes(path, v.geo, -1, [&out](int x, int y) { out.insert({x, y}); });
  return out;
}

void check_attacks(const VariantInfo& v, const BoardCase& b, Color us, const std::string& text) {
  const Interpreter rules(v);
  Position pos(v);
  const Geometry& g = v.geo;
  const std::set<std::pair<int, int>> routes = route_squares(v, us);
  for (int r = 0; r < b.ranks; ++r)
    for (int f = 0; f < b.files; ++f) {
      const Square s = g.square(f, r);
      if (cell(b, us, f, r, kNoSquare, g)) continue;
      pos.set_fen(fen(b, us, s));
      MoveList list;
      rules.generate(pos, list);
      const bool captures = captures_on(list, s);
      FUZZ_EXPECT(rules.attacked(pos, s, us) == captures, text + " attacking " + g.name(s) + " in " + pos.fen());
      FUZZ_EXPECT(!captures || routes.count({b.file - f, b.rank - r}),
                  text + ": no attack route from its square to " + g.name(s) + " in " + pos.fen());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fairy::fuzz::as_text(data, size));
  std::vector<betza::Atom> atoms;
  PieceProgram white, black;
  try {
    atoms = betza::parse(text);
    white = betza::compile(atoms, White);
    black = betza::compile(atoms, Black);
  } catch (const betza::Error& e) {
    FUZZ_EXPECT(e.column >= 1 && e.column <= int(text.size()) + 1, text + ": column " + std::to_string(e.column));
    return 0;
  }
  FUZZ_EXPECT(betza::compile(text, White) == white && betza::compile(text, Black) == black, text);
  // Every leg steps somewhere: walk_leg and BackWalker rely on the board's walls to end an
  // unlimited leg, which a zero vector would never reach.
  for (const PieceProgram* program : {&white, &black})
    for (const Path& path : program->paths)
      for (const Leg& leg : path.legs)
        FUZZ_EXPECT(leg.dx != 0 || leg.dy != 0, text + ": a leg of vector (0,0)");
  FUZZ_EXPECT(betza::castling_steps(atoms) >= 0, text);

  for (const BoardCase& b : kBoards)
    for (Color us : {White, Black}) {
      const VariantInfo v = model(b, us, text, white, black);
      Position pos(v);
      pos.set_start();
      check_moves(pos, Interpreter(v), v.geo.square(b.file, b.rank), text);
      if (b.attacks) check_attacks(v, b, us, text);
    }

  const VariantInfo v = model(kBoards[0], White, text, white, black);
  fairygen::model::Variant mv{.info = v, .spec = nullptr};
  for (const fairy::PieceInfo& p : v.pieces) {
    mv.piece_where.push_back(fairygen::spec::Location{});
    mv.moves_name.push_back(p.name);
    mv.moves_where.push_back(fairygen::spec::Location{});
  }
  const std::string code = fairygen::emit::movegen_code(mv, fairygen::emit::Options{FAIRY_SOURCE_DIR "/templates", "fuzz"});
  FUZZ_EXPECT(!code.empty(), text);
  return 0;
}
