// Walking a path forwards (runtime/program.hpp): the one definition of what a path's legs do on
// the board, square by square. The interpreter instantiates it with legs known at run time
// (RuntimeLegs: a Path and the board's geometry), the generated mailbox move generators with legs
// known at compile time (StaticLegs: a generated constexpr PathDesc table and the mailbox stride),
// which the compiler folds into code as straight as if the path had been written out: a leap is
// one square, a slide one loop, each mode test kept only where the leg has that mode.
//
// A walk follows leg k from the square `at` for as many steps as the leg may make. An empty
// square lets it go on (a slide) or stop (a final leg that moves: a move; an earlier leg that
// moves: the next leg starts there). An occupied square (a piece, the edge, a hole) ends the leg:
// a final leg captures an enemy or lands on a friend as its mode allows; an earlier leg captures
// on the way (a locust), induces a friend to make the rest of the move (XBetza `x`), or hops.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "runtime/geometry.hpp"
#include "runtime/hot_inline.hpp"
#include "runtime/movegen.hpp"
#include "runtime/position.hpp"
#include "runtime/program.hpp"
#include "runtime/types.hpp"

namespace fairy {

// Where a walk stands between legs: who started it, what was captured on the way.
struct WalkState {
  Square origin;    // where the moving piece (or the inducer) stands
  Square mover;     // the piece that ends up moving (differs from origin after an induction)
  Square victim;    // square of a locust capture, or kNoSquare
  int prev_steps;   // steps the previous leg made (a same-length leg makes as many)
};

// What the mover may do, besides its legs' modes.
struct WalkRules {
  Color us;                     // the side that moves
  std::uint64_t no_hop_over;    // PieceInfo::no_hop_over: type bits it may not hop over
  std::uint64_t no_capture;     // PieceInfo::no_capture: type bits it may not take
};

// The legs of a Path, read at run time; k is a leg's index.
struct RuntimeLegs {
  const Path& path;
  const Geometry& geo;

  const Leg& leg(std::size_t k) const { return path.legs[k]; }
  bool last(std::size_t k) const { return k + 1 == path.legs.size(); }
  // The mailbox offset of step n (0-based) of leg k.
  int step(std::size_t k, int n) const {
    int x = 0, y = 0;
    leg_step(path.legs[k], n, &x, &y);
    return geo.offset(x, y);
  }
  // Goes on with the next leg (only asked when leg k is not the last).
  template <class Next>
  bool then(std::size_t k, const Next& next, Square at, const WalkState& w) const {
    return next(k + 1, at, w);
  }
};

// The steps a leg repeats, as mailbox offsets: one for a straight leg, two for a crooked one,
// eight for a circular one (step n is steps[n % period]).
struct LegSteps {
  std::array<int, 8> offsets{};
  int period = 1;
};
constexpr LegSteps leg_steps(const Leg& l, int stride) {
  LegSteps s;
  s.period = leg_period(l);
  for (int n = 0; n < s.period; ++n) {
    int x = 0, y = 0;
    leg_step(l, n, &x, &y);
    s.offsets[std::size_t(n)] = y * stride + x;
  }
  return s;
}

// The legs of path I of the constexpr table Paths (a generated PathDesc table, runtime/program.hpp)
// on a mailbox of row stride Stride; k is a leg's index as a compile-time constant.
template <const auto& Paths, std::size_t I, int Stride>
struct StaticLegs {
  static constexpr const PathDesc& kPath = Paths[I];
  template <std::size_t K>
  using Index = std::integral_constant<std::size_t, K>;

  template <std::size_t K>
  static constexpr Leg leg(Index<K>) { return kPath.legs[K]; }
  template <std::size_t K>
  static constexpr bool last(Index<K>) { return K + 1 == std::size_t(kPath.leg_count); }
  template <std::size_t K>
  FAIRY_HOT_INLINE static int step(Index<K>, int n) {
    static constexpr LegSteps kSteps = leg_steps(kPath.legs[K], Stride);
    if constexpr (kSteps.period == 1) return kSteps.offsets[0];
    else return kSteps.offsets[std::size_t(n % kSteps.period)];
  }
  template <std::size_t K, class Next>
  FAIRY_HOT_INLINE static bool then(Index<K>, const Next& next, Square at, const WalkState& w) {
    if constexpr (K + 1 < std::size_t(kPath.leg_count)) return next(Index<K + 1>{}, at, w);
    else return false;
  }
};

// Leg k of a walk from `at`. cell(s) reads the board (an attack test may pretend a piece stands
// somewhere); sink(move) takes each move the walk completes and returns true to end the walk;
// next(k + 1, square, state) goes on with the next leg (through legs.then). True when the sink
// ended the walk.
template <class Legs, class K, class Cell, class Sink, class Next>
FAIRY_HOT_INLINE inline bool walk_leg(const Legs& legs, K k, Square at, const WalkState& w, const WalkRules& r,
                                      const Position& pos, const Cell& cell, const Sink& sink, const Next& next) {
  const Leg leg = legs.leg(k);
  const bool last = legs.last(k);
  const bool same_length = leg.flags & kSameLength;
  // An unlimited straight leg is stopped by what it meets (the board's edge is a wall): no count
  // to keep. A crooked or circular one keeps one all the same (it could come round again).
  const bool bounded = same_length || leg.range || leg_period(leg) > 1;
  const int steps = same_length ? w.prev_steps : leg.range ? leg.range : kMaxSteps;
  // A move ending on this leg: induced (aux: the inducer), a locust capture (aux: the victim) or normal.
  const bool induced = w.mover != w.origin;
  const MoveKind kind = induced ? MoveKind::Induced : w.victim != kNoSquare ? MoveKind::Locust : MoveKind::Normal;
  const Square aux = induced ? w.origin : w.victim;
  Square t = at;
  for (int n = 0; !bounded || n < steps; ++n) {
    t = Square(t + legs.step(k, n));
    const Piece p = cell(t);
    const bool may_stop = !same_length || n + 1 == steps;
    WalkState after = w;
    after.prev_steps = n + 1;
    if (p == kEmpty) {
      if (!may_stop) continue;
      if (last) {
        if ((leg.mode & kEnPassant) && pos.is_ep_square(t)) {
          if (sink(Move{w.mover, t, pos.ep_victim(), kNoSquare, MoveKind::EnPassant, 0})) return true;
        } else if (leg.mode & kMove) {
          if (sink(Move{w.mover, t, aux, kNoSquare, kind, 0})) return true;
        }
      } else if (leg.mode & kMove) {
        if (legs.then(k, next, t, after)) return true;
      }
      continue;
    }
    if (p == kWall || p == kHole || !may_stop) return false;
    const bool enemy = is_color(p, ~r.us);
    if (last) {
      if (enemy && (leg.mode & kCapture) && !((r.no_capture >> type_of(p)) & 1)) {
        if (sink(Move{w.mover, t, aux, kNoSquare, kind, 0})) return true;
      } else if (!enemy && (leg.mode & kFriend) && t != w.mover) {
        const MoveKind own = (leg.flags & kUnload) ? MoveKind::Swap : MoveKind::Normal;
        if (sink(Move{w.mover, t, kNoSquare, kNoSquare, own, 0})) return true;
      }
      return false;
    }
    if (enemy && (leg.mode & kCapture) && w.victim == kNoSquare) {
      WalkState locust = after;
      locust.victim = t;
      if (legs.then(k, next, t, locust)) return true;
    }
    if (!enemy && (leg.flags & kInduce) && t != w.mover) {
      WalkState induce = after;
      induce.mover = t;
      if (legs.then(k, next, t, induce)) return true;
    }
    if ((leg.mode & kHop) && !((r.no_hop_over >> type_of(p)) & 1)) return legs.then(k, next, t, after);
    return false;
  }
  return false;
}

// Adds a move a walk completed for a piece of colour `us`: a swap as add_swap makes it; a move
// by a path that promotes (Path::promotes, of a piece with a promotion rule), unless induced, as
// add_promotions expands it; anything else as it is. zone_white / zone_black, when zone_white is
// not negative, are the mailbox squares where the promotion zone starts for each colour (White
// from it up, Black down to it): a move that ends outside it is not looked at further.
FAIRY_HOT_INLINE inline void add_walked(const Position& pos, MoveList& list, const Move& m, Color us, bool promotes,
                                        int zone_white, int zone_black) {
  const bool in_zone = zone_white < 0 || (us == White ? m.to >= zone_white : m.to <= zone_black);
  if (m.kind == MoveKind::Swap)
    add_swap(pos, list, m);
  else if (promotes && m.kind != MoveKind::Induced && in_zone)
    add_promotions(pos, list, m);
  else
    list.push(m);
}

// A whole walk of a path, leg after leg: with legs known at compile time (StaticLegs, and
// runtime/mailbox_walks.hpp's RayLegs for the plain leaps, slides and hops) every leg is inlined
// into the next (the generated move generators' walks); with legs read at run time
// (RuntimeLegs), the interpreter's.
template <class Legs, class Cell, class Sink>
struct PathWalk {
  const Position& pos;
  Legs legs;
  WalkRules rules;
  const Cell& cell;
  const Sink& sink;

  template <class K>
  FAIRY_HOT_INLINE bool operator()(K k, Square at, const WalkState& w) const {
    return walk_leg(legs, k, at, w, rules, pos, cell, sink, *this);
  }
};

// The moves of the path `legs` for the piece on `from`, on the board as it stands: each goes to
// sink(move).
template <class Legs, class Sink>
FAIRY_HOT_INLINE inline void walk_from(const Position& pos, Square from, const Legs& legs, const WalkRules& rules,
                                       const Sink& sink) {
  const Piece* b = pos.board();
  const auto cell = [b](Square s) { return b[s]; };
  PathWalk<Legs, decltype(cell), Sink>{pos, legs, rules, cell, sink}(std::integral_constant<std::size_t, 0>{}, from,
                                                                     WalkState{from, from, kNoSquare, 0});
}

// The moves of paths I... of Paths for a piece of colour Us on `from`: each goes to sink(move).
template <Color Us, const auto& Paths, int Stride, std::size_t... I, class Sink>
FAIRY_HOT_INLINE inline void walk_moves(const Position& pos, Square from, std::uint64_t no_hop_over,
                                        std::uint64_t no_capture, const Sink& sink) {
  const WalkRules rules{Us, no_hop_over, no_capture};
  (walk_from(pos, from, StaticLegs<Paths, I, Stride>{}, rules, sink), ...);
}

// The attack tests' half of a locust capture (runtime/back_walk.hpp): whether a path of colour
// us, having captured on s with leg `first` - 1 in `steps` steps, can be completed from s, the
// victim still standing there. The rest of the path is walked as its moves are; it completes the
// capture when it ends a move (a landing on a friend or an e.p. capture is no such move, nor is
// a move an induced friend makes).
template <class Legs, class K>
FAIRY_HOT_INLINE inline bool completes_locust(const Legs& legs, K first, Color us, const Position& pos, Square s,
                                              int steps, Piece victim, std::uint64_t no_hop_over) {
  const Piece* b = pos.board();
  const auto cell = [b, s, victim](Square t) { return t == s ? victim : b[t]; };
  const auto completed = [](const Move& m) { return m.kind == MoveKind::Locust; };
  const PathWalk<Legs, decltype(cell), decltype(completed)> walk{pos, legs, WalkRules{us, no_hop_over, 0}, cell,
                                                                  completed};
  return walk(first, s, WalkState{kNoSquare, kNoSquare, s, steps});
}

// completes_locust for path I of a generated table Paths (generated attacked_by<Us>).
template <Color Us, const auto& Paths, int Stride, std::size_t I, std::size_t First>
FAIRY_HOT_INLINE inline bool completes_locust(const Position& pos, Square s, int steps, Piece victim,
                                              std::uint64_t no_hop_over) {
  return completes_locust(StaticLegs<Paths, I, Stride>{}, std::integral_constant<std::size_t, First>{}, Us, pos, s,
                          steps, victim, no_hop_over);
}

// The rest of a locust capture's path for a generated attack test (WalkGroup): legs First on
// of path I of the generated table Paths, which must go on from the target (completes_locust,
// `victim` standing there) without hopping over no_hop_over's types.
template <const auto& Paths, std::size_t I, std::size_t First>
struct LocustRest {
  Piece victim;
  std::uint64_t no_hop_over;
  static constexpr std::size_t kFirst = First;
  static constexpr std::span<const Leg> legs() { return Paths[I].used_legs(); }
  template <Color Us, int Stride>
  FAIRY_HOT_INLINE bool completes(const Position& pos, Square s, int steps) const {
    return completes_locust<Us, Paths, Stride, I, First>(pos, s, steps, victim, no_hop_over);
  }
};

}  // namespace fairy
