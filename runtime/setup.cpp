#include "runtime/setup.hpp"

#include <algorithm>
#include <stdexcept>

namespace fairy {

namespace {

// splitmix64: a small, fully specified generator (std::shuffle's results vary by library).
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % std::uint64_t(n)); }
};

std::string move_text(const Position& pos, const Move& m) {
  const Geometry& g = pos.geo();
  return std::string(1, pos.variant().letter_of(pos.at(m.from))) + " " + g.name(m.from) + "-" + g.name(m.to);
}

}  // namespace

std::string pregame_objection(Position& pos, const Engine& engine) {
  const VariantInfo& v = engine.variant();
  const Color us = pos.side_to_move();
  MoveList moves;
  engine.legal_moves(pos, moves);
  for (const Move& m : moves) {
    const Piece target = pos.at(m.to);
    if (m.kind == MoveKind::Normal && is_color(target, ~us) && type_of(target) == v.drops.pawn &&
        !engine.attacked(pos, m.to, ~us))
      return std::string(us == White ? "White" : "Black") + " could take an undefended pawn: " + move_text(pos, m);
    const std::string text = move_text(pos, m);
    pos.make(m);
    MoveList replies;
    engine.legal_moves(pos, replies);
    const bool mate = replies.size == 0 && engine.in_check(pos);
    pos.unmake();
    if (mate) return std::string(us == White ? "White" : "Black") + " could mate at once: " + text;
  }
  return "";
}

DealtSetup deal_setup(const Engine& engine, std::uint64_t seed) {
  const VariantInfo& v = engine.variant();
  if (!v.drops.enabled) throw std::runtime_error(v.key + " has no reserves to deal a random setup into");
  const Geometry& g = v.geo;
  Position start(v);
  start.set_start();
  // The army: every non-pawn piece of the start position and reserve, per side.
  std::vector<int> army[2];
  int royal = -1;
  for (Color c : {White, Black}) {
    for (int t = 0; t < int(v.pieces.size()); ++t) {
      if (t == v.drops.pawn) continue;
      if (v.pieces[t].royal) {
        royal = t;
        continue;
      }
      for (int k = start.count(c, t); k > 0; --k) army[c].push_back(t);
    }
    for (int i = 0; i < start.reserve_size(c); ++i) army[c].push_back(start.reserve_at(c, i));
    if (int(army[c].size()) != g.files - 1 + kMaxReserve)
      throw std::runtime_error(v.key + ": a random setup needs " + std::to_string(g.files - 1 + kMaxReserve) +
                               " pieces besides the king and pawns per side");
  }
  Rng rng{seed};
  DealtSetup out;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    std::string rank[2], reserve[2];
    for (Color c : {White, Black}) {
      std::vector<int> pieces = army[c];
      std::sort(pieces.begin(), pieces.end());
      for (int i = int(pieces.size()) - 1; i > 0; --i) std::swap(pieces[i], pieces[rng.below(i + 1)]);
      const int king_file = rng.below(g.files);
      int next = 0;
      for (int f = 0; f < g.files; ++f)
        rank[c] += v.letter_of(make_piece(c, f == king_file ? royal : pieces[next++]));
      for (; next < int(pieces.size()); ++next) reserve[c] += v.letter_of(make_piece(c, pieces[next]));
    }
    // Keep the start position's other ranks (the pawns) and swap in the dealt back ranks.
    std::string board = start.fen().substr(0, start.fen().find(' '));
    const std::size_t first_slash = board.find('/'), last_slash = board.rfind('/');
    board = rank[Black] + board.substr(first_slash, last_slash - first_slash + 1) + rank[White];
    const std::string fen = board + " w - - 0 1 {" + reserve[White] + "}{" + reserve[Black] + "}";
    Position pos(v);
    pos.set_fen(fen);
    std::string why = pregame_objection(pos, engine);
    if (why.empty()) {
      pos.set_fen(board + " b - - 0 1 {" + reserve[White] + "}{" + reserve[Black] + "}");
      why = pregame_objection(pos, engine);
    }
    if (why.empty()) {
      out.fen = fen;
      return out;
    }
    out.rejected.push_back(fen + "  (" + why + ")");
  }
  throw std::runtime_error("no acceptable setup in 1000 deals");
}

}  // namespace fairy
