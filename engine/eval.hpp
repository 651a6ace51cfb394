// The evaluation: derived from the variant's model alone, no table tuned for one variant.
//
// Piece values come from mobility, as H. G. Muller's Interactive Diagram estimates them: each
// piece is put on every square of the variant's board, once on an empty board and twice among
// enemy pieces scattered at random (a quarter of the squares), and its moves (by the variant's
// own move rules, through the interpreter) are counted; the value grows with that average (see
// value_from_mobility). A piece with `value:` in the spec keeps that value; royal pieces without
// one count nothing (losing one ends the game). On top of material: centralisation of every non-royal
// piece, the advancement of pieces that promote (towards their zone), pieces in reserve, and the
// variant's own way to win while moves remain: checks given (n-check), the flag piece's distance
// to its flag squares (king of the hill, racing kings); and when losing all pieces wins
// (antichess), material counts against its owner. A side far ahead in material is rewarded for
// driving the enemy royal piece to the edge and closing in on it (mop-up).
#pragma once

#include <array>
#include <vector>

#include "runtime/position.hpp"

namespace fairy::search {

// Scores in centipawns, from the side to move's point of view. A 16x16 board holds far more
// material than chess: mate scores lie well above any evaluation (evaluate() is clamped).
constexpr int kMate = 1000000;              // mate in 0 plies; mate in n plies scores kMate - n
constexpr int kMateBound = kMate - 10000;   // |score| above this is a mate score
constexpr int kMaxEval = kMateBound - 1;
constexpr int kInfinite = kMate + 1;

class Evaluator {
 public:
  explicit Evaluator(const VariantInfo& variant);

  int evaluate(const Position& pos) const;
  // The material value of a piece type (0 for royal pieces).
  int value(int type) const { return value_[std::size_t(type)]; }
  // The average number of moves of a piece type (empty board and scattered enemies).
  double mobility(int type) const { return mobility_[std::size_t(type)]; }

 private:
  int side_score(const Position& pos, Color c) const;
  int material(const Position& pos, Color c) const;
  int mop_up(const Position& pos, Color c) const;

  const VariantInfo* info_;
  std::vector<int> value_;
  std::vector<double> mobility_;
  std::vector<int> advance_;   // per type: the most a promoting piece gains by advancing (0: none)
  std::vector<int> centre_;    // per square: closeness to the centre, 0..16
  std::vector<std::array<int, 2>> flag_distance_;  // per square and colour: king steps to the flag
  int material_sign_ = 1;
};

// Value in centipawns of a piece with `mobility` moves on average (a Knight on 8x8 has about 5).
int value_from_mobility(double mobility);

}  // namespace fairy::search
