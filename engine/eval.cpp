#include "engine/eval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "runtime/interpreter.hpp"

namespace fairy::search {

namespace {

// A small deterministic generator: the same variant always gets the same values.
struct Lcg {
  std::uint64_t state;
  unsigned next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(state >> 33);
  }
};

// A non-royal piece type for the scattered enemies (they are only obstacles and victims).
int obstacle_type(const VariantInfo& v) {
  for (int t = 0; t < int(v.pieces.size()); ++t)
    if (!v.pieces[std::size_t(t)].royal) return t;
  return 0;
}

// The distinct squares a White piece of `type` on `from` can move to (or capture on), with
// enemies on the squares `enemy` marks.
int count_moves(const Interpreter& rules, Position& pos, const std::vector<char>& cells, int type, Square from) {
  const VariantInfo& v = rules.variant();
  const Geometry& g = v.geo;
  const PieceToken own = v.token(make_piece(White, type));  // "+P": a promoted piece, not its base
  const std::string board =
      board_fen(g, [&](Square s) { return s == from ? own : PieceToken(cells[std::size_t(s)]); });
  try {
    pos.set_fen(board + " w - - 0 2");
  } catch (const FenError&) {
    return 0;
  }
  MoveList list;
  rules.generate(pos, list);
  std::vector<Square> seen;
  for (const Move& m : list)
    if (m.from == from && m.kind != MoveKind::Castling && std::find(seen.begin(), seen.end(), m.to) == seen.end())
      seen.push_back(m.to);
  return int(seen.size());
}

// Mobility of each piece type: its average move count over every square of the board, on an
// empty board and among scattered enemies (a quarter of the other squares, two layouts).
std::vector<double> mobilities(const VariantInfo& v) {
  const Interpreter rules(v);
  Position pos(v);
  const Geometry& g = v.geo;
  const char enemy = char(std::tolower(static_cast<unsigned char>(v.pieces[std::size_t(obstacle_type(v))].letter)));
  constexpr int kLayouts = 3;  // the first is the empty board
  std::vector<std::vector<char>> layouts(kLayouts, std::vector<char>(kMaxSquares, 0));
  Lcg rng{0x5eed};
  for (int k = 1; k < kLayouts; ++k)
    for (int f = 0; f < g.files; ++f)
      for (int r = 0; r < g.ranks; ++r)
        if (rng.next() % 4 == 0) layouts[std::size_t(k)][std::size_t(g.square(f, r))] = enemy;
  std::vector<double> out(v.pieces.size(), 0.0);
  for (int t = 0; t < int(v.pieces.size()); ++t) {
    long total = 0, samples = 0;
    for (const auto& cells : layouts)
      for (int f = 0; f < g.files; ++f)
        for (int r = 0; r < g.ranks; ++r) {
          total += count_moves(rules, pos, cells, t, g.square(f, r));
          ++samples;
        }
    out[std::size_t(t)] = samples ? double(total) / double(samples) : 0.0;
  }
  return out;
}

}  // namespace

int value_from_mobility(double m) {
  // Fitted once to chess's pieces (Knight ~3, Bishop ~3.3, Rook ~5, Queen ~9.5) against their
  // mobility here, for every variant alike.
  return int(std::lround(30 + 52 * m));
}

Evaluator::Evaluator(const VariantInfo& v) : info_(&v) {
  const Geometry& g = v.geo;
  mobility_ = mobilities(v);
  value_.resize(v.pieces.size());
  for (std::size_t t = 0; t < v.pieces.size(); ++t)
    value_[t] = v.pieces[t].value ? v.pieces[t].value : v.pieces[t].royal ? 0 : value_from_mobility(mobility_[t]);
  // Advancement: a promoting piece gains up to a quarter of what its best promotion adds.
  advance_.assign(v.pieces.size(), 0);
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    const int rule = v.promotion_rule[t];
    if (rule < 0) continue;
    int best = 0;
    for (const PromotionTarget& to : v.promotions[std::size_t(rule)].to) best = std::max(best, value_[std::size_t(to.type)]);
    advance_[t] = std::max(0, best - value_[t]) / 4;
  }
  centre_.assign(kMaxSquares, 0);
  flag_distance_.assign(kMaxSquares, {0, 0});
  const double cf = (g.files - 1) / 2.0, cr = (g.ranks - 1) / 2.0;
  for (int f = 0; f < g.files; ++f)
    for (int r = 0; r < g.ranks; ++r) {
      const Square s = g.square(f, r);
      const double d = std::max(std::abs(f - cf), std::abs(r - cr)), most = std::max(cf, cr);
      centre_[std::size_t(s)] = most > 0 ? int(std::lround(16 * (1 - d / most))) : 0;
      for (Color c : {White, Black}) {
        int near = kMaxSteps;
        for_each_held(g, v.ends.flag.squares[c], [&](Square t) {
          near = std::min(near, std::max(std::abs(g.file_of(t) - f), std::abs(g.rank_of(t) - r)));
        });
        flag_distance_[std::size_t(s)][c] = near;
      }
    }
  const ExtinctionRule& x = v.ends.extinction;
  if (x.enabled && x.all && x.value == EndValue::Win) material_sign_ = -1;
}

int Evaluator::side_score(const Position& pos, Color c) const {
  const VariantInfo& v = *info_;
  const Geometry& g = v.geo;
  int material = 0, position = 0;
  const Square* squares = pos.piece_squares(c);
  for (int i = 0; i < pos.piece_total(c); ++i) {
    const Square s = squares[i];
    const int t = type_of(pos.at(s));
    material += value_[std::size_t(t)];
    if (!v.pieces[std::size_t(t)].royal) position += centre_[std::size_t(s)] * std::min(value_[std::size_t(t)], 600) / 300;
    if (advance_[std::size_t(t)]) {
      const int r = g.relative_rank(s, c), last = g.ranks - 1;
      position += advance_[std::size_t(t)] * r * r * r / (last * last * last);
    }
    if (v.ends.flag.piece == t) position += 60 * (kMaxSteps - flag_distance_[std::size_t(s)][c]);
  }
  for (int i = 0; i < pos.reserve_size(c); ++i) material += value_[std::size_t(pos.reserve_at(c, i))] / 2;
  if (v.ends.checks) {
    const int given = v.ends.checks - pos.checks_left(c);
    position += 120 * given * given;
  }
  return material_sign_ * material + position;
}

int Evaluator::material(const Position& pos, Color c) const {
  int total = 0;
  const Square* squares = pos.piece_squares(c);
  for (int i = 0; i < pos.piece_total(c); ++i) total += value_[std::size_t(type_of(pos.at(squares[i])))];
  return total;
}

// Mating a lone royal piece: once c has more than twice the other side's material, its pieces
// gather round the enemy royal piece and drive it to the edge (a search a few plies deep cannot
// see a mate on a big board otherwise).
int Evaluator::mop_up(const Position& pos, Color c) const {
  const Square royal = pos.royal(~c);
  if (royal == kNoSquare || material_sign_ < 0) return 0;
  const int ours = material(pos, c), theirs = material(pos, ~c);
  if (ours <= 2 * theirs + 200) return 0;
  const Geometry& g = info_->geo;
  int bonus = 8 * (16 - centre_[std::size_t(royal)]);
  const Square* squares = pos.piece_squares(c);
  for (int i = 0; i < pos.piece_total(c); ++i) {
    const Square s = squares[i];
    const int d = std::max(std::abs(g.file_of(s) - g.file_of(royal)), std::abs(g.rank_of(s) - g.rank_of(royal)));
    bonus += 3 * (kMaxFiles - d);
  }
  return bonus;
}

int Evaluator::evaluate(const Position& pos) const {
  const Color us = pos.side_to_move();
  const int score = side_score(pos, us) - side_score(pos, ~us) + mop_up(pos, us) - mop_up(pos, ~us);
  return std::clamp(score, -kMaxEval, kMaxEval);
}

}  // namespace fairy::search
