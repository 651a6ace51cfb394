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
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "runtime/attack_routes.hpp"
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

// The entries I... of a walk table that a WalkGroup walks.
template <std::size_t... I>
struct WalkEntries {};

// What walks without a locust capture look for at the end: nothing more.
struct NoLocust {
  static constexpr std::size_t kFirst = 0;
  static constexpr std::span<const Leg> legs() { return {}; }
  template <Color Us, int Stride>
  static constexpr bool completes(const Position&, Square, int) { return false; }
};

// The walks of a group, n-th of them entry I of Walks[Us], where bit n of `run`.
template <const auto& Walks, Color Us, int Stride, std::size_t... I, std::size_t... N, class Target>
FAIRY_HOT_INLINE inline bool walk_entries(std::index_sequence<N...>, std::uint64_t run, const Target& target, Square s) {
#if defined(FAIRY_SANITIZED)
  // The sanitizer builds only check (runtime/hot_inline.hpp): one walker a group, the legs read
  // from the table at run time, compile in a fraction of the time of a walker a walk.
  constexpr std::size_t entries[] = {I...};
  for (std::size_t n = 0; n < sizeof...(I); ++n)
    if (((run >> n) & 1) && walk_back(RuntimeBackLegs{Walks[Us][entries[n]], Stride}, std::size_t(0), target, s)) return true;
  return false;
#else
  return ((((run >> N) & 1) && walk_back(StaticBackLegs<Walks, Us, I, Stride>{}, std::integral_constant<std::size_t, 0>{}, target, s)) ||
          ...);
#endif
}

// What most walks look for at the end: a piece of the attacker's colour of one of the group's
// types (WalkGroup's OfTypes).
struct AnyOfTypes {};

// A group of a generated attack test's walks: entries I... of Walks[Us] (a piece's table of
// walks, generated beside its paths), walked while a piece of the types Types (a mask) is on the
// board. A walk that reaches a piece q on t has found an attacker when is_attacker(t, q) says so
// (AnyOfTypes: q is a piece of Us of one of those types); `locust` is the rest of its path after a
// locust capture (or NoLocust), which must go on from the target.
template <const auto& Walks, std::uint64_t Types, class IsAttacker, class Locust, std::size_t... I>
struct WalkGroup {
  static constexpr std::size_t kCount = sizeof...(I);
  IsAttacker is_attacker;
  Locust locust;

  // Whether q is a piece of Us of one of the types.
  template <Color Us>
  struct OfTypes {
    FAIRY_HOT_INLINE constexpr bool operator()(Square, Piece q) const {
      if constexpr (std::popcount(Types) == 1) {
        return q == make_piece(Us, std::countr_zero(Types));
      } else {
        const unsigned type = unsigned(q) - unsigned(make_piece(Us, 0));  // wraps for other pieces
        return type < 64 && ((Types >> type) & 1);
      }
    }
  };

  // Its walks' routes, as the attack test's walks first, first + 1, ...
  template <Color Us, class Table>
  static constexpr void mark_routes(Table& table, std::size_t first) {
    std::size_t bit = first;
    (table.mark(bit++, Walks[Us][I], Locust::legs(), Locust::kFirst), ...);
  }
  // Whether one of its walks (the attack test's walks First, First + 1, ... in `routes`, the
  // test's route bits to run) reaches an attacker of s.
  template <Color Us, int Stride, std::size_t First>
  FAIRY_HOT_INLINE bool attacks(const Position& pos, Square s, const std::uint64_t* routes) const {
    static_assert(First % 64 + kCount <= 64, "a group's walks in one word of the route bits");
    const std::uint64_t run = (routes[First / 64] >> (First % 64)) & ((std::uint64_t(1) << kCount) - 1);
    if (!run || !(pos.present(Us) & Types)) return false;
    const auto completes = [&](int steps) { return locust.template completes<Us, Stride>(pos, s, steps); };
    const auto& test = attacker_test<Us>();
    const BackTarget<std::remove_cvref_t<decltype(test)>, decltype(completes)> target{pos, Us, test, completes};
    return walk_entries<Walks, Us, Stride, I...>(std::make_index_sequence<kCount>{}, run, target, s);
  }

 private:
  template <Color Us>
  static constexpr OfTypes<Us> kOfTypes{};
  template <Color Us>
  FAIRY_HOT_INLINE const auto& attacker_test() const {
    if constexpr (std::is_same_v<IsAttacker, AnyOfTypes>) return kOfTypes<Us>;
    else return is_attacker;
  }
};

template <const auto& Walks, std::uint64_t Types, std::size_t... I, class IsAttacker = AnyOfTypes, class Locust = NoLocust>
constexpr WalkGroup<Walks, Types, IsAttacker, Locust, I...> walk_group(WalkEntries<I...>, const IsAttacker& is_attacker = {},
                                                                       const Locust& locust = {}) {
  return {is_attacker, locust};
}

// The route table of an attack test made of groups Groups... of walks, on a Files x Ranks board.
template <Color Us, int Files, int Ranks, class... Groups>
inline constexpr auto kAttackRoutes = [] {
  RouteTable<Files, Ranks, ((Groups::kCount + ... + 0) + 63) / 64> table;
  std::size_t first = 0;
  ((Groups::template mark_routes<Us>(table, first), first += Groups::kCount), ...);
  return table;
}();

// The first walk of each of groups Groups... in the attack test's order.
template <class... Groups>
constexpr std::array<std::size_t, sizeof...(Groups)> first_walks() {
  std::array<std::size_t, sizeof...(Groups)> out{};
  std::size_t first = 0, g = 0;
  ((out[g++] = first, first += Groups::kCount), ...);
  return out;
}

template <Color Us, int Stride, std::size_t... G, class... Groups>
FAIRY_HOT_INLINE inline bool groups_attack(std::index_sequence<G...>, const Position& pos, Square s, const std::uint64_t* routes,
                                           const Groups&... groups) {
  constexpr auto kFirst = first_walks<Groups...>();
  return (groups.template attacks<Us, Stride, kFirst[G]>(pos, s, routes) || ...);
}

// A generated attack test (attacked_by<Us>): whether a walk of one of `groups` reaches, from s,
// a piece of Us that could capture there, on a Files x Ranks board. Unless left is kNoSquare,
// only the walks whose routes pass left or entered run (the groups' route table, built at compile
// time: runtime/attack_routes.hpp): after a move that changed no square of a walk's routes, the
// walk finds what it found before.
template <Color Us, int Files, int Ranks, class... Groups>
FAIRY_HOT_INLINE inline bool attacks_back(const Position& pos, Square s, Square left, Square entered, const Groups&... groups) {
  constexpr const auto& kRoutes = kAttackRoutes<Us, Files, Ranks, Groups...>;
  constexpr std::size_t kWords = kRoutes.rows[0].size();
  std::uint64_t routes[kWords + 1];  // bit b: run walk b
  for (std::size_t w = 0; w < kWords; ++w) routes[w] = left == kNoSquare ? ~std::uint64_t(0) : kRoutes.via(left, entered, s, w);
  return groups_attack<Us, kRoutes.kGeometry.stride()>(std::make_index_sequence<sizeof...(Groups)>{}, pos, s, routes, groups...);
}

}  // namespace fairy
