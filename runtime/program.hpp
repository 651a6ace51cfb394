// Move programs: what an XBetza string compiles to, for one piece of one colour.
//
// A piece's moves are a list of paths; a path is a sequence of legs. Each leg steps along one
// board vector, once (a leap) or repeatedly (a slide, up to `range` steps; 0 = unlimited).
// Every square a slide passes before it stops must be empty. Where a leg stops, its mode says
// what it may find there: for the last leg, where the piece lands; for earlier legs, what the
// piece does at that turning point before the next leg starts from it.
// docs/xbetza.md describes the semantics; the generator and the interpreter both execute these.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "runtime/atoms.hpp"
#include "runtime/types.hpp"

namespace fairy {

// Legs of one path at most: up to three XBetza `a`s (a lame G or H has three legs, and its
// landing step). The XBetza compiler refuses more; PathDesc holds this many.
inline constexpr int kMaxLegs = 4;

// Leg modes (bit set).
enum LegMode : std::uint8_t {
  kMove = 1,       // may stop on an empty square
  kCapture = 2,    // may stop on an enemy (final leg: capture it; earlier leg: locust capture)
  kFriend = 4,     // may stop on a friend (final leg: destroy it)
  kHop = 8,        // may stop on any piece and jump on without disturbing it (a screen)
  kEnPassant = 16, // may stop on an en-passant square and capture the piece that passed it
};

// Phases of a turn, for moves allowed only in some (bit set).
enum Phase : std::uint8_t {
  kPhaseFirst = 1,    // the first move of a turn (other than the opening turn)
  kPhaseLater = 2,    // a later move of a turn (the extra move)
  kPhaseOpening = 4,  // the first move of the game (White's first turn)
  kAllPhases = 7,
};

// How a leg steps and what else it does (bit set).
enum LegFlag : std::uint8_t {
  kZigzag = 1,      // steps alternate between (dx, dy) and (dx2, dy2): XBetza `z` (crooked)
  kCircle = 2,      // each step turns to the next vector of the atom's ring, sense dx2 (+1/-1): `q`
  kSameLength = 4,  // exactly as many steps as the previous leg made (`i` in a later leg)
  kUnload = 8,      // landing on a friend swaps the two pieces (`u`)
  kInduce = 16,     // stops on a friend, which then makes the rest of the move (`x`)
};

struct Leg {
  std::int8_t dx = 0;        // files to the right (White's view)
  std::int8_t dy = 0;        // ranks forward for White; already mirrored for Black
  std::uint8_t range = 1;    // steps along the vector: 1 = one leap, 0 = unlimited
  std::uint8_t mode = 0;     // LegMode bits
  std::uint8_t flags = 0;    // LegFlag bits
  std::int8_t dx2 = 0;       // kZigzag: the second vector; kCircle: dx2 is the sense
  std::int8_t dy2 = 0;

  friend bool operator==(const Leg&, const Leg&) = default;
};

// A leg mirrored in rank: Black's form of White's (XBetza's directions are the mover's). A
// crooked leg's second vector is mirrored too, a circular leg turns the other way. Black's
// tables of a generated module are White's mirrored by the compiler (mirrored below), where the
// generator found them equal to those it compiled for Black.
constexpr Leg mirrored(Leg l) {
  l.dy = std::int8_t(-l.dy);
  if (l.flags & kZigzag) l.dy2 = std::int8_t(-l.dy2);
  if (l.flags & kCircle) l.dx2 = std::int8_t(-l.dx2);
  return l;
}

// Vector i (mod 8) of the ring of an atom with legs a >= b, in angular order (counter-clockwise
// from (a, b)); for kCircle legs.
constexpr void ring_vector(int a, int b, int i, int* x, int* y) {
  const int ring[8][2] = {{a, b}, {b, a}, {-b, a}, {-a, b}, {-a, -b}, {-b, -a}, {b, -a}, {a, -b}};
  i = (i % 8 + 8) % 8;
  *x = ring[i][0];
  *y = ring[i][1];
}

// The steps after which a leg's vectors repeat: 2 for a crooked leg, 8 for a circular one (the
// ring of its atom), 1 for a straight one. Step k's vector is step (k mod period)'s.
constexpr int leg_period(const Leg& l) { return (l.flags & kZigzag) ? 2 : (l.flags & kCircle) ? 8 : 1; }

// The vector of step k (0-based) of a leg.
constexpr void leg_step(const Leg& l, int k, int* x, int* y) {
  if (l.flags & kZigzag) {
    *x = (k & 1) ? l.dx2 : l.dx;
    *y = (k & 1) ? l.dy2 : l.dy;
  } else if (l.flags & kCircle) {
    const int ax = l.dx < 0 ? -l.dx : l.dx, ay = l.dy < 0 ? -l.dy : l.dy;
    const int a = ax > ay ? ax : ay, b = ax > ay ? ay : ax;
    int start = 0;
    for (int i = 0; i < 8; ++i) {
      int vx = 0, vy = 0;
      ring_vector(a, b, i, &vx, &vy);
      if (vx == l.dx && vy == l.dy) start = i;
    }
    ring_vector(a, b, start + k * l.dx2, x, y);
  } else {
    *x = l.dx;
    *y = l.dy;
  }
}

// Whether a piece with these paths has a move from (file, rank) on an empty files x ranks board:
// whether the first step of some path stays on it. Where none does, the piece could never move
// again (hands: no_dead_drops). Paths: the model's or the kernel's (runtime/bitboard/description.hpp).
template <class Paths>
constexpr bool can_ever_move(const Paths& paths, int files, int ranks, int file, int rank) {
  for (const auto& path : paths) {
    int dx = 0, dy = 0;
    leg_step(path.legs[0], 0, &dx, &dy);
    if (file + dx >= 0 && file + dx < files && rank + dy >= 0 && rank + dy < ranks) return true;
  }
  return false;
}

struct Path {
  std::vector<Leg> legs;
  bool virgin_only = false;  // XBetza `i`: only a piece that has not moved
  bool promotes = true;      // false: arriving by this path never promotes (see PromotionRule)
  std::uint8_t phases = kAllPhases;  // Phase bits in which this path may be used
  int atom = 0;              // index of the XBetza atom this path came from (for comments)

  friend bool operator==(const Path&, const Path&) = default;

  bool captures() const {
    for (std::size_t i = 0; i < legs.size(); ++i)
      if (legs[i].mode & kCapture) return true;
    return false;
  }
};

// One piece type's moves for one colour.
struct PieceProgram {
  std::vector<Path> paths;
  friend bool operator==(const PieceProgram&, const PieceProgram&) = default;
};

// A Path in constexpr form. A generated module writes each piece's paths once, as tables of these
// in its header (generator/emit/paths.cpp): the bitboard kernel reads them as they are, and the
// model built at start-up turns them into PiecePrograms (program_of).
struct PathDesc {
  std::array<Leg, kMaxLegs> legs{};
  int leg_count = 1;
  bool virgin_only = false;  // XBetza `i`
  bool promotes = true;      // false: arriving by this path never promotes (a rule's `moves:`)
  std::uint8_t phases = kAllPhases;  // the turn phases it may be used in (Phase bits)
  int atom = 0;              // as Path::atom

  constexpr std::span<const Leg> used_legs() const { return {legs.data(), std::size_t(leg_count)}; }
};

// How a generated module writes a table of entries (PathDesc, BackWalk): table_of<Entry>(parts...),
// the parts in order, each an Entry or an array of them; and a run of entries that differ only
// in their vector (an XBetza atom's leaps, slides or hops, in the order the compiler made them)
// as along_each(like, {{dx, dy}, ...}): `like` along each vector in turn (set_vector); a run
// along all of an atom's vectors as along_each(like, atoms::N) (runtime/atoms.hpp).
template <class Entry, std::size_t N>
constexpr std::array<Entry, N> along_each(Entry like, const std::array<std::array<int, 2>, N>& vectors) {
  std::array<Entry, N> out{};
  for (std::size_t i = 0; i < N; ++i) {
    out[i] = like;
    set_vector(out[i], vectors[i][0], vectors[i][1]);
  }
  return out;
}
template <class Entry, std::size_t N>
constexpr std::array<Entry, N> along_each(Entry like, const int (&vectors)[N][2]) {
  std::array<std::array<int, 2>, N> v{};
  for (std::size_t i = 0; i < N; ++i) v[i] = {vectors[i][0], vectors[i][1]};
  return along_each(like, v);
}
template <class Entry, class... Parts>
constexpr auto table_of(const Parts&... parts) {
  constexpr std::size_t n =
      (std::tuple_size_v<std::conditional_t<std::is_same_v<Parts, Entry>, std::array<Entry, 1>, Parts>> + ...);
  std::array<Entry, n> out{};
  std::size_t i = 0;
  const auto add = [&](const auto& part) {
    if constexpr (std::is_same_v<std::decay_t<decltype(part)>, Entry>) out[i++] = part;
    else
      for (const Entry& e : part) out[i++] = e;
  };
  (add(parts), ...);
  return out;
}

// A path's vector, along_each's: that of each leg `like` leaves at (0, 0), its first leg and every
// later one that goes on along the same vector (a hop's, a lame leap's steps).
constexpr void set_vector(PathDesc& path, int dx, int dy) {
  for (int k = 0; k < path.leg_count; ++k) {
    Leg& leg = path.legs[std::size_t(k)];
    if (leg.dx == 0 && leg.dy == 0) leg.dx = std::int8_t(dx), leg.dy = std::int8_t(dy);
  }
}

// A table of paths mirrored in rank (Leg's mirrored): Black's from White's.
template <std::size_t N>
constexpr std::array<PathDesc, N> mirrored(std::array<PathDesc, N> paths) {
  for (PathDesc& d : paths)
    for (int k = 0; k < d.leg_count; ++k) d.legs[std::size_t(k)] = mirrored(d.legs[std::size_t(k)]);
  return paths;
}

// Colour C's of a piece's pair of tables (a generated module's kWhite and kBlack), for code
// written once for both colours: walk_moves<Us, paths_of<Us, kWhite, kBlack>, ...>.
template <Color C, const auto& WhiteTable, const auto& BlackTable>
inline constexpr const auto& paths_of = C == White ? WhiteTable : BlackTable;

inline PieceProgram program_of(std::span<const PathDesc> paths) {
  PieceProgram out;
  out.paths.reserve(paths.size());
  for (const PathDesc& d : paths)
    out.paths.push_back(Path{.legs = {d.legs.begin(), d.legs.begin() + d.leg_count},
                             .virgin_only = d.virgin_only,
                             .promotes = d.promotes,
                             .phases = d.phases,
                             .atom = d.atom});
  return out;
}

}  // namespace fairy
