// Move programs: what an XBetza string compiles to, for one piece of one colour.
//
// A piece's moves are a list of paths; a path is a sequence of legs. Each leg steps along one
// board vector, once (a leap) or repeatedly (a slide, up to `range` steps; 0 = unlimited).
// Every square a slide passes before it stops must be empty. Where a leg stops, its mode says
// what it may find there: for the last leg, where the piece lands; for earlier legs, what the
// piece does at that turning point before the next leg starts from it.
// docs/xbetza.md describes the semantics; the generator and the interpreter both execute these.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fairy {

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

struct Leg {
  std::int8_t dx = 0;        // files to the right (White's view)
  std::int8_t dy = 0;        // ranks forward for White; already mirrored for Black
  std::uint8_t range = 1;    // steps along the vector: 1 = one leap, 0 = unlimited
  std::uint8_t mode = 0;     // LegMode bits

  friend bool operator==(const Leg&, const Leg&) = default;
};

struct Path {
  std::vector<Leg> legs;
  bool virgin_only = false;  // XBetza `i`: only a piece that has not moved
  bool promotes = true;      // false: arriving by this path never promotes (see PromotionRule)
  std::uint8_t phases = kAllPhases;  // Phase bits in which this path may be used
  int atom = 0;              // index of the XBetza atom this path came from (for comments)

  friend bool operator==(const Path&, const Path&) = default;
};

// One piece type's moves for one colour.
struct PieceProgram {
  std::vector<Path> paths;
  friend bool operator==(const PieceProgram&, const PieceProgram&) = default;
};

}  // namespace fairy
