// A path's capturing legs in backward form: what an attack test walks, from the square a capture
// lands on back to the piece that makes it (runtime/back_walk.hpp walks them). VariantInfo derives
// them for the interpreter (PieceInfo::back_walks); a generated module writes them as constexpr
// tables. Both derive them here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/geometry.hpp"
#include "runtime/program.hpp"

namespace fairy {

// A board vector: files to the right, ranks up the board (not mirrored for Black).
struct BoardStep {
  int x = 0;
  int y = 0;
  friend bool operator==(const BoardStep&, const BoardStep&) = default;
};

// One leg of a path, walked backwards from where it stopped.
struct BackLeg {
  std::array<BoardStep, 8> steps{};  // step j (1-based, backwards) is steps[(j - 1) % period]
  int period = 1;                    // 1: a straight leg; 2: crooked (XBetza z); 8: circular (q)
  unsigned starts = 1;               // bit r: the leg may have begun after j steps, (j - 1) % period == r
  int range = 0;                     // steps it may make: 1 a leap, 0 unlimited (same-length: the leg before's)
  bool same_length = false;          // it made as many steps as the leg before it (XBetza i in a later leg)
  std::uint8_t before_mode = 0;      // the leg before it: what it may have stopped on (kMove, kCapture, kHop)
  bool before_induces = false;       // the leg before it stopped on a friend that makes the rest (XBetza x)
  std::uint64_t no_hop_over = 0;     // where the leg before it hops: the types it may not hop over
  friend bool operator==(const BackLeg&, const BackLeg&) = default;
};

// A capture walked back to the piece that makes it: legs[0] is the capturing leg (the path's leg
// `capture`), legs[leg_count - 1] the path's first leg.
struct BackWalk {
  std::array<BackLeg, kMaxLegs> legs{};
  int leg_count = 1;
  int capture = 0;           // the path's capturing leg
  bool virgin_only = false;  // the path is only for a piece that has not moved (XBetza i)
  bool locust = false;       // legs follow the capturing one: a locust capture on the way
  friend bool operator==(const BackWalk&, const BackWalk&) = default;
};

// A walk mirrored in rank: Black's from White's (its steps are board vectors).
constexpr BackWalk mirrored(BackWalk w) {
  for (BackLeg& leg : w.legs)
    for (BoardStep& step : leg.steps) step.y = -step.y;
  return w;
}

// A walk's vector (along_each's, runtime/program.hpp): the first step back of each leg `like`
// leaves at (0, 0), its capturing leg and every other along the same vector.
constexpr void set_vector(BackWalk& walk, int dx, int dy) {
  for (int k = 0; k < walk.leg_count; ++k) {
    BoardStep& step = walk.legs[std::size_t(k)].steps[0];
    if (step == BoardStep{}) step = BoardStep{.x = dx, .y = dy};
  }
}

// A piece's walks for both colours, table[c][i]: White's and, mirrored, Black's.
template <std::size_t N>
constexpr std::array<std::array<BackWalk, N>, 2> with_mirrored(const std::array<BackWalk, N>& white) {
  std::array<std::array<BackWalk, N>, 2> table{white, white};
  for (BackWalk& w : table[1]) w = mirrored(w);
  return table;
}

// The walks of a capture by leg `capture` of a path (of one colour's program: its vectors are
// already that colour's), one for each step count, modulo its period, of each crooked or
// circular leg up to the capturing one; no_hop_over is the attacker's.
std::vector<BackWalk> back_walks(const Path& path, std::size_t capture, std::uint64_t no_hop_over);

}  // namespace fairy
