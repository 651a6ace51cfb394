// Walking a path backwards (runtime/program.hpp): the one definition of how an attack test finds,
// from the square a capture lands on, a piece that could make it. The interpreter instantiates it
// with walks built at run time (RuntimeBackLegs: VariantInfo's PieceInfo::back_walks), the
// generated attack tests with walks known at compile time (StaticBackLegs: a piece's generated
// constexpr BackWalk table, <stem>.attacks.hpp, and the mailbox stride), which the compiler
// folds into code as straight as if the walk had been written out: one square for a leap, one
// loop for a slide, each test kept only where the leg needs it. (The sanitizer builds walk the generated table at run time: see
// attacks_back.)
//
// A capture by path leg c is walked from the target back along leg c, then legs c - 1, ..., 0:
// each leg steps backwards until it reaches a square where it may have begun, which is what the
// leg before it stopped on (an empty square it moved to, a screen it hopped, an enemy it took
// on the way, a friend it induced), and for leg 0 the attacker itself. A crooked or circular
// leg's steps depend on how many it made, so it gives one walk for each count modulo its period
// (BackLeg::starts). Legs after the capturing one (a locust capture) are not walked backwards:
// the capture counts when the rest of the path can be walked on from the target
// (completes_locust, runtime/path_walk.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "runtime/back_legs.hpp"
#include "runtime/geometry.hpp"
#include "runtime/hot_inline.hpp"
#include "runtime/position.hpp"
#include "runtime/program.hpp"
#include "runtime/types.hpp"

namespace fairy {

// The legs of a BackWalk read at run time; k is a leg's index (0: the capturing leg).
struct RuntimeBackLegs {
  const BackWalk& walk;
  int stride;  // the mailbox's row stride

  const BackLeg& leg(std::size_t k) const { return walk.legs[k]; }
  bool first(std::size_t k) const { return k + 1 == std::size_t(walk.leg_count); }
  bool virgin_only() const { return walk.virgin_only; }
  bool locust() const { return walk.locust; }
  // The mailbox offset of a backward step of leg k, r steps into its period.
  int step(std::size_t k, int r) const {
    const BoardStep& d = walk.legs[k].steps[std::size_t(r)];
    return d.y * stride + d.x;
  }
  // Goes on with the leg before leg k (only asked when leg k is not the path's first).
  template <class Next>
  bool then(std::size_t k, const Next& next, Square at, int exact, bool victim, int captured) const {
    return next(k + 1, at, exact, victim, captured);
  }
};

// Walk I of the constexpr table Walks[Us] (a generated BackWalk table) on a mailbox of row stride
// Stride; k is a leg's index as a compile-time constant.
template <const auto& Walks, Color Us, std::size_t I, int Stride>
struct StaticBackLegs {
  static constexpr const BackWalk& kWalk = Walks[Us][I];
  template <std::size_t K>
  using Index = std::integral_constant<std::size_t, K>;

  template <std::size_t K>
  static constexpr BackLeg leg(Index<K>) { return kWalk.legs[K]; }
  template <std::size_t K>
  static constexpr bool first(Index<K>) { return K + 1 == std::size_t(kWalk.leg_count); }
  static constexpr bool virgin_only() { return kWalk.virgin_only; }
  static constexpr bool locust() { return kWalk.locust; }
  template <std::size_t K>
  FAIRY_HOT_INLINE static int step(Index<K>, int r) {
    constexpr BackLeg kLeg = kWalk.legs[K];
    if constexpr (kLeg.period == 1) {
      return kLeg.steps[0].y * Stride + kLeg.steps[0].x;
    } else {
      const BoardStep& d = kLeg.steps[std::size_t(r)];
      return d.y * Stride + d.x;
    }
  }
  template <std::size_t K, class Next>
  FAIRY_HOT_INLINE static bool then(Index<K>, const Next& next, Square at, int exact, bool victim, int captured) {
    if constexpr (K + 1 < std::size_t(kWalk.leg_count)) return next(Index<K + 1>{}, at, exact, victim, captured);
    else return false;
  }
};

// What a walk looks for where it ends: is_attacker(t, q), whether the piece q on t is one whose
// path it walks; completes(steps), for a locust capture, whether the rest of the path can go on
// from the target, the capturing leg having made `steps` steps.
template <class IsAttacker, class Completes>
struct BackTarget {
  const Position& pos;
  Color us;  // the attacker's colour
  const IsAttacker& is_attacker;
  const Completes& completes;
};

// A walk of legs `legs` to whatever `target` looks for (BackTarget). Leg k, backwards from `at`
// (exactly `exact` steps, when not 0); `victim`: a locust capture is already on the route (there
// is at most one); `captured`: the capturing leg's step count. True when it reaches an attacker.
template <class Legs, class Target>
struct BackWalker {
  Legs legs;
  const Target& target;

  template <class K>
  FAIRY_HOT_INLINE bool operator()(K k, Square at, int exact, bool victim, int captured) const {
    const auto& leg = legs.leg(k);  // a reference to the run-time walk's, a constant of the static one's
    const bool first = legs.first(k);
    const bool capturing = std::size_t(k) == 0;
    const Piece* b = target.pos.board();
    // An unlimited leg is stopped by what it meets (the board's edge is a wall).
    const bool bounded = exact || leg.range;
    const int limit = exact ? exact : leg.range;
    Square t = at;
    // Step j of the leg is step r = (j - 1) % period of its period (no division on the way).
    for (int j = 1, r = 0; !bounded || j <= limit; ++j, r = r + 1 == leg.period ? 0 : r + 1) {
      t = Square(t + legs.step(k, r));
      const Piece q = b[t];
      const bool may_begin = (!exact || j == exact) && ((leg.starts >> r) & 1);
      if (!may_begin) {
        if (q != kEmpty) return false;
        continue;
      }
      const int steps = capturing ? j : captured;
      if (first) {  // the attacker's square: an empty one is passed (no attacker is kEmpty)
        if (q == kEmpty) continue;
        return target.is_attacker(t, q) && (!legs.virgin_only() || target.pos.is_virgin(t)) &&
               (!legs.locust() || target.completes(steps));
      }
      const int count = leg.same_length ? j : 0;
      if (q == kEmpty) {
        if ((leg.before_mode & kMove) && legs.then(k, *this, t, count, victim, steps)) return true;
        continue;
      }
      if (leg.before_mode & kHop) {
        if ((is_color(q, White) || is_color(q, Black)) && !((leg.no_hop_over >> type_of(q)) & 1) &&
            legs.then(k, *this, t, count, victim, steps))
          return true;
      } else if ((leg.before_mode & kCapture) && !victim && is_color(q, ~target.us) &&
                 legs.then(k, *this, t, count, true, steps)) {
        return true;
      }
      if (leg.before_induces && is_color(q, target.us) && legs.then(k, *this, t, count, victim, steps)) return true;
      return false;
    }
    return false;
  }
};

// Walks `walk` back from s (its first leg, the capturing one) to what `target` looks for.
template <class Legs, class K, class Target>
FAIRY_HOT_INLINE inline bool walk_back(const Legs& legs, K first_leg, const Target& target, Square s) {
  return BackWalker<Legs, Target>{legs, target}(first_leg, s, 0, legs.locust(), 0);
}

// The entries I... of a walk table that one attacks_back call walks, and R..., the bits of the
// generated attack test's routes (via) that say where each may run.
template <std::size_t... I>
struct WalkEntries {};
template <std::size_t... R>
struct RouteBits {};

// The generated attack tests' walks: entry I of Walks[Us] (a piece's table of walks, generated
// beside its paths) where via(R), for each pair of I... and R...: whether one reaches a piece that
// is_attacker(t, q) accepts (completes: see BackTarget).
template <Color Us, const auto& Walks, int Stride, std::size_t... I, std::size_t... R, class Via, class IsAttacker,
          class Completes>
FAIRY_HOT_INLINE inline bool attacks_back(WalkEntries<I...>, RouteBits<R...>, const Position& pos, Square s, const Via& via,
                                          const IsAttacker& is_attacker, const Completes& completes) {
  static_assert(sizeof...(I) == sizeof...(R), "a route bit a walk");
  const BackTarget<IsAttacker, Completes> target{pos, Us, is_attacker, completes};
#if defined(FAIRY_SANITIZED)
  // The sanitizer builds only check (runtime/hot_inline.hpp): one walker a call, the legs read
  // from the table at run time, compile in a fraction of the time of a walker a walk.
  constexpr std::size_t entries[] = {I...}, routes[] = {R...};
  for (std::size_t k = 0; k < sizeof...(I); ++k)
    if (via(routes[k]) && walk_back(RuntimeBackLegs{Walks[Us][entries[k]], Stride}, std::size_t(0), target, s)) return true;
  return false;
#else
  return ((via(R) && walk_back(StaticBackLegs<Walks, Us, I, Stride>{}, std::integral_constant<std::size_t, 0>{}, target, s)) ||
          ...);
#endif
}

// For attacks_back's walks without a locust capture.
inline constexpr auto kNoLocust = [](int) { return false; };

}  // namespace fairy
