// Set-wise moves of a leaper type: all its pieces at once, one shift of the whole set per leap
// vector, as Stockfish moves its pawns. Used for a non-royal type without slides that has no
// more leap vectors than pieces at the start (pawns; not knights, whose two pieces are cheaper
// one by one). Paths that land with the same vector form one group, so a square two paths reach
// from the same piece counts once, as the move generator's remove_repeats has it.
#pragma once

#include <algorithm>
#include <array>

#include "runtime/bitboard/pieces.hpp"

namespace fairy::bitboard {

// A move through empty squares to an empty one: a lame path (steps 0: its own legs), or the
// first `steps` steps of a virgin slide.
struct LameMove {
  int path = 0;  // index into the piece's paths
  int steps = 0;
};

struct LeapVector {
  Vector v;
  std::uint8_t modes = 0;         // kMove, kCapture, kEnPassant of its plain leaps
  std::uint8_t virgin_modes = 0;  // and of its `i` leaps
  std::array<LameMove, kMaxLegs * 2> lame{};  // its lame moves
  int lames = 0;
};

struct LeapVectors {
  std::array<LeapVector, 64> group{};
  int count = 0;
  constexpr LeapVector& of(Vector v) {
    for (int i = 0; i < count; ++i)
      if (group[i].v == v) return group[i];
    group[count].v = v;
    return group[count++];
  }
};

constexpr LeapVectors leap_vectors(std::span<const PathDesc> paths) {
  LeapVectors out;
  for (int i = 0; i < int(paths.size()); ++i) {
    const PathDesc& p = paths[i];
    if (shape_of(p) == PathShape::Leap) {
      LeapVector& g = out.of(landing(p.used_legs()));
      (p.virgin_only ? g.virgin_modes : g.modes) |= p.legs[0].mode;
    } else if (shape_of(p) == PathShape::Lame) {
      LeapVector& g = out.of(landing(p.used_legs()));
      g.lame[g.lames++] = LameMove{i, 0};
    } else if (shape_of(p) == PathShape::VirginSlide) {
      for (int k = 1; k <= p.legs[0].range; ++k) {
        LeapVector& g = out.of(Vector{k * p.legs[0].dx, k * p.legs[0].dy});
        g.lame[g.lames++] = LameMove{i, k};
      }
    }
  }
  return out;
}

template <class D, int t, Color c, std::uint8_t phase = kAllPhases>
struct LeaperSet {
  using V = Variant<D>;
  using G = typename V::G;
  using B = typename V::B;
  using M = PieceMoves<D, t, c, phase>;
  static constexpr LeapVectors vectors = leap_vectors(M::paths);

  static constexpr bool applies = [] {
    if (V::is_royal(t) || M::slides.count > 0 || M::bent.count > 0 || M::hop.count > 0 || M::has_unpromoting ||
        M::no_capture != 0 || V::is_confined(t) || !D::pieces[t].moves_on.empty() || vectors.count == 0)
      return false;
    const int pieces = std::max(V::start_count(White, t), V::start_count(Black, t));
    return vectors.count <= pieces;
  }();

  static constexpr int offset(Vector v) { return v.dy * G::files + v.dx; }
  template <Vector v>
  static B step(B set) {
    return G::template shift<v.dx, v.dy>(set);
  }

  // Where the pieces of `set` land by a lame move: through and onto empty squares only.
  template <LameMove move>
  static B lame_landing(B set, B empty) {
    constexpr PathDesc path = M::paths[move.path];
    if constexpr (move.steps == 0)
      for_each_index<path.leg_count>([&](auto k) { set = step<Vector{path.legs[k].dx, path.legs[k].dy}>(set) & empty; });
    else
      for_each_index<move.steps>([&](auto) { set = step<Vector{path.legs[0].dx, path.legs[0].dy}>(set) & empty; });
    return set;
  }

  // Calls found(offset, targets) per vector with the squares the movers reach by moving or
  // capturing, and en_passant(offset, targets) with the e.p. squares they reach.
  template <class Found, class EnPassant>
  static void moves(const Board<D>& b, B movers, B occupied, B theirs, Found found, EnPassant en_passant) {
    B unmoved = 0;
    if constexpr (M::has_virgin_moves) unmoved = movers & b.template virgin_pieces<t>(c);
    for_each_index<vectors.count>([&](auto g) {
      constexpr LeapVector lv = vectors.group[g];
      auto from = [&](std::uint8_t mode) {
        return ((lv.modes & mode) ? movers : B(0)) | ((lv.virgin_modes & mode) ? unmoved : B(0));
      };
      B targets = (step<lv.v>(from(kMove)) & ~occupied) | (step<lv.v>(from(kCapture)) & theirs);
      for_each_index<lv.lames>([&](auto k) {
        constexpr LameMove move = lv.lame[k];
        targets |= lame_landing<move>(M::paths[move.path].virgin_only ? unmoved : movers, ~occupied);
      });
      found(offset(lv.v), targets);
      if constexpr (((lv.modes | lv.virgin_modes) & kEnPassant) != 0)
        if (b.ep) en_passant(offset(lv.v), step<lv.v>(from(kEnPassant)) & b.ep);
    });
  }
};

}  // namespace fairy::bitboard
