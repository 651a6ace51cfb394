// One piece type's moves for one colour, as compile-time tables derived from its compiled
// XBetza paths (see shapes.hpp): leap targets per square by mode, slides grouped by line (and
// the virgin ones apart), lame leaps with the squares they pass, bent slides with the square
// each one turns on. pseudo_targets() gives where a piece may go before
// legality is considered.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "runtime/bitboard/board.hpp"
#include "runtime/bitboard/shapes.hpp"
#include "runtime/bitboard/sliders.hpp"

namespace fairy::bitboard {

template <class G>
using SquareTable = std::array<typename G::B, G::squares>;

template <class G>
constexpr bool any(const SquareTable<G>& t) {
  for (const auto& b : t)
    if (b) return true;
  return false;
}
// any(table) of a table in static storage (a shared one: kLeapTable, kSlideSpans), evaluated once.
template <class G, const SquareTable<G>& table>
inline constexpr bool kAny = any<G>(table);

// The vectors of the leaps with `mode` (virgin: only the `i` ones, else the others; backwards:
// reversed, for the squares from which they land on a square), in a canonical order: leaps with
// the same vectors land alike, whatever pieces, colours and modes they are of.
struct LeapSet {
  std::array<Vector, 64> vector{};
  int count = 0;
  constexpr void add(Vector v) {
    int at = 0;
    while (at < count && (vector[at].dx < v.dx || (vector[at].dx == v.dx && vector[at].dy < v.dy))) ++at;
    if (at < count && vector[at] == v) return;
    for (int i = count; i > at; --i) vector[i] = vector[i - 1];
    vector[at] = v;
    ++count;
  }
  friend constexpr bool operator==(const LeapSet&, const LeapSet&) = default;
};
// The vectors of the leaps among `paths` that `keep` accepts (reversed with backwards).
template <class Keep>
constexpr LeapSet leaps_where(std::span<const PathDesc> paths, Keep keep, bool backwards = false) {
  LeapSet out;
  for (const PathDesc& p : paths)
    if (shape_of(p) == PathShape::Leap && keep(p))
      out.add(backwards ? Vector{-p.legs[0].dx, -p.legs[0].dy} : Vector{p.legs[0].dx, p.legs[0].dy});
  return out;
}
constexpr LeapSet leap_set(std::span<const PathDesc> paths, std::uint8_t mode, bool virgin = false, bool backwards = false) {
  return leaps_where(paths, [&](const PathDesc& p) { return p.virgin_only == virgin && (p.legs[0].mode & mode); }, backwards);
}
// The vectors of the leaps that never promote (PathDesc::promotes false), of any mode.
constexpr LeapSet unpromoting_leaps(std::span<const PathDesc> paths) {
  return leaps_where(paths, [](const PathDesc& p) { return !p.promotes; });
}

// Where the leaps of `set` land from each square.
template <class G>
constexpr SquareTable<G> leap_table(const LeapSet& set) {
  SquareTable<G> out{};
  for (int i = 0; i < set.count; ++i)
    for (int s = 0; s < G::squares; ++s)
      if (const int t = G::step(s, set.vector[i].dx, set.vector[i].dy); t >= 0) set_square(out[s], t);
  return out;
}
template <class G>
constexpr SquareTable<G> leap_table(std::span<const PathDesc> paths, std::uint8_t mode, bool virgin, bool backwards = false) {
  return leap_table<G>(leap_set(paths, mode, virgin, backwards));
}
// leap_table of a set as a template argument: built once a board and set, and one table in the
// program, whatever pieces, colours, modes and variants of that board leap alike (the compiler
// evaluates and emits each instance once).
template <class G, LeapSet set>
inline constexpr SquareTable<G> kLeapTable = leap_table<G>(set);

// leap_table (not `i`) for colour c's `piece` whose own paths (in a turn phase) are `paths`: from
// each square by the paths of the first of its moves_on entries whose squares hold it, else by
// `paths`. (A piece without moves_on reads the shared kLeapTable instead: piece_leap_table.)
template <class G>
constexpr SquareTable<G> leap_table_on(const PieceDesc& piece, Color c, std::span<const PathDesc> paths, std::uint8_t mode,
                                       bool backwards = false) {
  SquareTable<G> out{};
  typename G::B left = G::all();  // the squares no entry before holds
  // Adds the leaps of `from_paths` that start on `starts` (backwards: keeps those sources).
  const auto add = [&](std::span<const PathDesc> from_paths, typename G::B starts) {
    const SquareTable<G> table = leap_table<G>(from_paths, mode, false, backwards);
    for (int s = 0; s < G::squares; ++s)
      if (backwards) out[s] |= table[s] & starts;
      else if (starts & bit<typename G::B>(s)) out[s] |= table[s];
  };
  for (const SquareMovesDesc& m : piece.moves_on) {
    const typename G::B on = board_of<typename G::B>(m.on[c], G::squares);
    add(m.paths[c], on & left);
    left &= ~on;
  }
  add(paths, left);
  return out;
}

// Slides along one line: towards higher squares (sense bit 1: direction 2 * line), lower ones
// (bit 2: 2 * line + 1) or both; range 0 is unlimited.
struct SlideGroup {
  int line = 0;
  int senses = 0;
  int range = 0;
  std::uint8_t mode = 0;  // kMove and/or kCapture
  constexpr bool whole_line() const { return senses == 3 && range == 0; }
  friend constexpr bool operator==(const SlideGroup&, const SlideGroup&) = default;
};

struct SlideGroups {
  std::array<SlideGroup, 2 * kDirections> group{};
  int count = 0;
  // Adds a slide in direction d, joining the group of the same line, range and mode.
  constexpr void add(int d, int range, std::uint8_t mode) {
    for (int i = 0; i < count; ++i)
      if (group[i].line == d / 2 && group[i].range == range && group[i].mode == mode) {
        group[i].senses |= 1 << (d & 1);
        return;
      }
    group[count++] = SlideGroup{d / 2, 1 << (d & 1), range, mode};
  }
};

// The slides of one shape (Slide, or VirginSlide: those only an unmoved piece makes).
constexpr SlideGroups slide_groups(std::span<const PathDesc> paths, PathShape shape = PathShape::Slide) {
  SlideGroups out;
  for (const PathDesc& p : paths)
    if (shape_of(p) == shape) out.add(direction_of(p.legs[0].dx, p.legs[0].dy), p.legs[0].range, p.legs[0].mode);
  return out;
}

// A bent path: a leap along `leap` to an empty square, then a slide in `direction` (up to
// `range` steps, 0 unlimited) that may move and/or capture (`mode`).
struct Bent {
  Vector leap;
  int direction = 0;
  int range = 0;
  std::uint8_t mode = 0;
  friend constexpr bool operator==(const Bent&, const Bent&) = default;
};
struct Bents {
  std::array<Bent, 32> bent{};
  int count = 0;
};
constexpr Bents bents(std::span<const PathDesc> paths) {
  Bents out;
  for (const PathDesc& p : paths)
    if (shape_of(p) == PathShape::Bent)
      out.bent[out.count++] = Bent{{p.legs[0].dx, p.legs[0].dy}, direction_of(p.legs[1].dx, p.legs[1].dy), p.legs[1].range,
                                   p.legs[1].mode};
  return out;
}

// A hop: a slide in `direction` to the first piece (the screen), then on beyond it up to the next
// piece (at most `range` steps past the screen, 0 unlimited), landing there to move (kMove: the
// empty squares) and/or capture (kCapture: the piece that ends it).
struct Hop {
  int direction = 0;
  int range = 0;
  std::uint8_t mode = 0;
  friend constexpr bool operator==(const Hop&, const Hop&) = default;
};
struct Hops {
  std::array<Hop, 2 * kDirections> hop{};
  int count = 0;
};
constexpr Hops hops(std::span<const PathDesc> paths) {
  Hops out;
  for (const PathDesc& p : paths)
    if (shape_of(p) == PathShape::Hop)
      out.hop[out.count++] = Hop{direction_of(p.legs[0].dx, p.legs[0].dy), p.legs[1].range, p.legs[1].mode};
  return out;
}

// Where a leap along v from each square lands, or -1 off the board.
template <class G>
constexpr auto leap_landings(Vector v) {
  std::array<std::int16_t, G::squares> out{};
  for (int s = 0; s < G::squares; ++s) out[s] = std::int16_t(G::step(s, v.dx, v.dy));
  return out;
}

// The squares a slide in direction d from s reaches: up to its first blocker and `range` steps.
template <class G>
FAIRY_HOT_INLINE constexpr typename G::B slide_reach(int d, int range, int s, typename G::B occupied) {
  typename G::B a = Sliders<G>::ray_attacks(d, s, occupied);
  if (range) a &= G::ray_within(d, range, s);
  return a;
}

// The squares past the screen a hop in direction d from s reaches, up to and including the next
// piece (none when there is no screen).
template <class G>
FAIRY_HOT_INLINE constexpr typename G::B hop_reach(int d, int range, int s, typename G::B occupied) {
  const typename G::B blockers = G::rays[d][s] & occupied;
  if (!blockers) return 0;
  return slide_reach<G>(d, range, first_along(d, blockers), occupied);
}

// The squares a group's slides can reach from s on an empty board; `backwards` gives the
// squares from which they reach s instead.
template <class G>
constexpr typename G::B slide_span(const SlideGroup& g, int s, bool backwards) {
  typename G::B b = 0;
  for (int sense = 0; sense < 2; ++sense)
    if (g.senses & (1 << sense)) {
      const int d = 2 * g.line + sense;
      b |= G::ray_within(backwards ? opposite(d) : d, g.range, s);
    }
  return b;
}

template <class G>
constexpr SquareTable<G> slide_span_table(const SlideGroup& g, bool backwards) {
  SquareTable<G> out{};
  for (int s = 0; s < G::squares; ++s) out[s] = slide_span<G>(g, s, backwards);
  return out;
}
// A group's spans depend only on its line, senses (reversed backwards: the opposite of
// direction 2 * line is 2 * line + 1) and range: the template argument of kSlideSpans.
constexpr SlideGroup span_key(const SlideGroup& g, bool backwards) {
  const int senses = backwards ? (g.senses & 1) << 1 | (g.senses & 2) >> 1 : g.senses;
  return SlideGroup{g.line, senses, g.range, 0};
}
// slide_span_table of span_key(g, backwards), built once a board and key, and one table in the
// program (as kLeapTable).
template <class G, SlideGroup key>
inline constexpr SquareTable<G> kSlideSpans = slide_span_table<G>(key, false);

// A lame leap: lands on target[s] (empty when off the board) if every square in passed[s] is empty.
template <class G>
struct LameLeap {
  SquareTable<G> target{};
  SquareTable<G> passed{};
  bool virgin = false;
};
// The paths of one shape. The lame leaps below are as many as the piece has: no fixed capacity
// to outgrow (the Bents above keep theirs, 32 a piece, which attacks.hpp shares across types;
// more is a compile error, not a wrong table).
constexpr int count_shape(std::span<const PathDesc> paths, PathShape shape) {
  int n = 0;
  for (const PathDesc& p : paths) n += shape_of(p) == shape;
  return n;
}

template <class G, int N>
struct LameLeaps {
  std::array<LameLeap<G>, N> leap{};
  static constexpr int count = N;
};

template <class G, int N>
constexpr LameLeaps<G, N> lame_leaps(std::span<const PathDesc> paths) {
  LameLeaps<G, N> out;
  int count = 0;
  for (const PathDesc& p : paths) {
    if (shape_of(p) != PathShape::Lame) continue;
    LameLeap<G>& l = out.leap[count++];
    l.virgin = p.virgin_only;
    for (int s = 0; s < G::squares; ++s) {
      int at = s;
      typename G::B passed = 0;
      for (int k = 0; k < p.leg_count && at >= 0; ++k) {
        if (k) set_square(passed, at);
        at = G::step(at, p.legs[k].dx, p.legs[k].dy);
      }
      if (at >= 0) l.target[s] = bit<typename G::B>(at), l.passed[s] = passed;
    }
  }
  return out;
}

// The paths of colour c's pieces of type t usable in a turn phase (Phase bits; kAllPhases:
// all of them, as in variants without turns): those whose phases include it, and at a later
// move of a turn that may not capture (TurnRule::later_captures false) only their moves onto
// empty squares.
template <class D, int t, Color c, std::uint8_t phase>
struct PhasePaths {
  static constexpr bool usable(const PathDesc& p) {
    if (!(p.phases & phase)) return false;
    return phase != kPhaseLater || D::rules.turn.later_captures || (p.legs[p.leg_count - 1].mode & kMove);
  }
  static constexpr int count = [] {
    int n = 0;
    for (const PathDesc& p : D::pieces[t].paths[c]) n += usable(p);
    return n;
  }();
  static constexpr auto kept = [] {
    std::array<PathDesc, (count > 0 ? count : 1)> out{};
    int n = 0;
    for (PathDesc p : D::pieces[t].paths[c]) {
      if (!usable(p)) continue;
      if (phase == kPhaseLater && !D::rules.turn.later_captures) p.legs[p.leg_count - 1].mode &= kMove;
      out[n++] = p;
    }
    return out;
  }();
  static constexpr std::span<const PathDesc> paths{kept.data(), std::size_t(count)};
};
template <class D, int t, Color c>
struct PhasePaths<D, t, c, kAllPhases> {
  static constexpr std::span<const PathDesc> paths = D::pieces[t].paths[c];
};

// leap_table_on of colour c's pieces of type t (in a turn phase) for `mode`, built once.
template <class D, int t, Color c, std::uint8_t phase, std::uint8_t mode, bool backwards>
inline constexpr SquareTable<typename Variant<D>::G> kPieceLeapTable =
    leap_table_on<typename Variant<D>::G>(D::pieces[t], c, PhasePaths<D, t, c, phase>::paths, mode, backwards);
// That table, a shared one (kLeapTable) where the piece moves alike on every square (no moves_on).
template <class D, int t, Color c, std::uint8_t phase, std::uint8_t mode, bool backwards = false>
constexpr const SquareTable<typename Variant<D>::G>& piece_leap_table() {
  if constexpr (D::pieces[t].moves_on.empty())
    return kLeapTable<typename Variant<D>::G, leap_set(PhasePaths<D, t, c, phase>::paths, mode, false, backwards)>;
  else
    return kPieceLeapTable<D, t, c, phase, mode, backwards>;
}

template <class D, int t, Color c, std::uint8_t phase = kAllPhases>
struct PieceMoves {
  using V = Variant<D>;
  using G = typename V::G;
  using B = typename V::B;
  static constexpr std::span<const PathDesc> paths = PhasePaths<D, t, c, phase>::paths;

  // The tables are shared ones (kLeapTable, kSlideSpans), bar the leaps of a piece with moves_on.
  static constexpr const SquareTable<G>& quiet = piece_leap_table<D, t, c, phase, kMove>();
  static constexpr const SquareTable<G>& capture = piece_leap_table<D, t, c, phase, kCapture>();
  static constexpr const SquareTable<G>& en_passant = kLeapTable<G, leap_set(paths, kEnPassant)>;
  static constexpr const SquareTable<G>& virgin_quiet = kLeapTable<G, leap_set(paths, kMove, true)>;
  static constexpr const SquareTable<G>& virgin_capture = kLeapTable<G, leap_set(paths, kCapture, true)>;
  static constexpr const SquareTable<G>& virgin_en_passant = kLeapTable<G, leap_set(paths, kEnPassant, true)>;
  static constexpr SlideGroups slides = slide_groups(paths);
  template <int i>
  static constexpr const SquareTable<G>& slide_spans = kSlideSpans<G, span_key(slides.group[i], false)>;
  static constexpr auto lame = lame_leaps<G, count_shape(paths, PathShape::Lame)>(paths);
  static constexpr SlideGroups virgin_slides = slide_groups(paths, PathShape::VirginSlide);
  template <int i>
  static constexpr const SquareTable<G>& virgin_slide_spans = kSlideSpans<G, span_key(virgin_slides.group[i], false)>;
  static constexpr Bents bent = bents(paths);
  static constexpr auto bent_landings = [] {
    std::array<std::array<std::int16_t, G::squares>, bent.count> out{};
    for (int i = 0; i < bent.count; ++i) out[i] = leap_landings<G>(bent.bent[i].leap);
    return out;
  }();

  static constexpr Hops hop = hops(paths);
  // The types it may not hop over or capture (PieceDesc); with none, no code looks.
  static constexpr TypeSet no_hop_over = D::pieces[t].no_hop_over, no_capture = D::pieces[t].no_capture;
  // Targets reached by moves that never promote (coverage.cpp: such pieces only leap, and their
  // promoting and unpromoting leaps land apart).
  static constexpr const SquareTable<G>& unpromoting = kLeapTable<G, unpromoting_leaps(paths)>;
  static constexpr bool has_unpromoting = kAny<G, unpromoting>;

  static constexpr bool has_quiet = kAny<G, quiet>, has_capture = kAny<G, capture>;
  static constexpr bool has_en_passant = kAny<G, en_passant> || kAny<G, virgin_en_passant>;
  static constexpr bool has_virgin_moves = [] {
    for (int i = 0; i < lame.count; ++i)
      if (lame.leap[i].virgin) return true;
    return kAny<G, virgin_quiet> || kAny<G, virgin_capture> || virgin_slides.count > 0;
  }();
  // Every move may go to an empty square or capture alike: targets are reach & ~own pieces.
  static constexpr bool uniform = [] {
    for (int i = 0; i < slides.count; ++i)
      if (slides.group[i].mode != (kMove | kCapture)) return false;
    for (int i = 0; i < hop.count; ++i)
      if (hop.hop[i].mode != (kMove | kCapture)) return false;
    return (&quiet == &capture || quiet == capture) && !has_virgin_moves && lame.count == 0 && no_capture == 0;
  }();

  static bool virgin(const Board<D>& b, int s) { return bool(b.template virgin_pieces<t>(c) & bit<B>(s)); }

  // Slide, bent and hop reach from s, split into the squares it may move to and capture on; no
  // hop over a screen in `barred` (barred_screens). `occupied` is b's occupied squares (where
  // lines fold, they come folded from the board).
  FAIRY_HOT_INLINE static void add_slides(const Board<D>& b, int s, B occupied, B& quiet_reach, B& capture_reach, [[maybe_unused]] B barred) {
    if constexpr (Sliders<G>::folds) {
      add_folded_lines(b, s, occupied, quiet_reach, capture_reach, barred);
    } else {
      for_each_index<slides.count>([&](auto i) FAIRY_HOT_LAMBDA {
        constexpr SlideGroup g = slides.group[i];
        B a = Sliders<G>::line_attacks(g.line, s, occupied);
        if constexpr (!g.whole_line()) a &= slide_spans<i>[s];
        if constexpr ((g.mode & kMove) != 0) quiet_reach |= a;
        if constexpr ((g.mode & kCapture) != 0) capture_reach |= a;
      });
    }
    add_off_lines(s, occupied, quiet_reach, capture_reach, barred);
  }
  // The bent paths' reach, and the hops' that do not fold.
  FAIRY_HOT_INLINE static void add_off_lines(int s, B occupied, B& quiet_reach, B& capture_reach, [[maybe_unused]] B barred) {
    for_each_index<bent.count>([&](auto i) FAIRY_HOT_LAMBDA {
      constexpr Bent g = bent.bent[i];
      const int mid = bent_landings[i][s];
      if (mid < 0 || has_square(occupied, mid)) return;
      const B a = slide_reach<G>(g.direction, g.range, mid, occupied);
      if constexpr ((g.mode & kMove) != 0) quiet_reach |= a;
      if constexpr ((g.mode & kCapture) != 0) capture_reach |= a;
    });
    for_each_index<hop.count>([&](auto i) FAIRY_HOT_LAMBDA {
      constexpr Hop g = hop.hop[i];
      if constexpr (!folded(g)) {
        if (hop_barred(g.direction, s, occupied, barred)) return;
        const B a = hop_reach<G>(g.direction, g.range, s, occupied);
        if constexpr ((g.mode & kMove) != 0) quiet_reach |= a;
        if constexpr ((g.mode & kCapture) != 0) capture_reach |= a;
      }
    });
  }
  // Whether the hop from s in direction d would hop over a screen in `barred`.
  FAIRY_HOT_INLINE static bool hop_barred(int d, int s, B occupied, [[maybe_unused]] B barred) {
    if constexpr (no_hop_over != 0)
      if (const B blockers = G::rays[d][s] & occupied; barred & blockers) return bool(barred & bit<B>(first_along(d, blockers)));
    return false;
  }

  // On a board whose lines fold (Sliders::fold), the slides and the hops without a limit past
  // the screen: each line they take is folded once, their reach found there, and unfolded once
  // a mode. (The other hops, and the bent paths, go by rays.)
  static constexpr bool folded(const Hop& h) { return Sliders<G>::folds && h.range == 0; }
  static constexpr bool folds_on(int line) {
    for (int i = 0; i < slides.count; ++i)
      if (slides.group[i].line == line) return true;
    for (int i = 0; i < hop.count; ++i)
      if (hop.hop[i].direction / 2 == line && folded(hop.hop[i])) return true;
    return false;
  }
  // Calls reach(line, fold, quiet, capture) for each line that folds: its folded squares, and
  // the places along it that the piece may move to and capture on.
  template <class Reach>
  FAIRY_HOT_INLINE static void for_each_folded_line(const Board<D>& b, int s, B occupied, [[maybe_unused]] B barred, Reach&& reach) {
    using S = Sliders<G>;
    for_each_index<4>([&](auto line) FAIRY_HOT_LAMBDA {
      if constexpr (folds_on(line)) {
        const typename S::Fold l = S::fold(b.lines, line, s, occupied);
        assert(l.pieces == S::fold(line, s, occupied).pieces);  // the board's lines kept (checked where asserts are on: the sanitizer builds)
        std::uint32_t q = 0, x = 0;
        for_each_index<slides.count>([&](auto i) FAIRY_HOT_LAMBDA {
          constexpr SlideGroup g = slides.group[i];
          if constexpr (g.line == line) {
            const std::uint32_t a = S::slide_fold(l, line, g.senses, g.range);
            if constexpr ((g.mode & kMove) != 0) q |= a;
            if constexpr ((g.mode & kCapture) != 0) x |= a;
          }
        });
        for_each_index<hop.count>([&](auto i) FAIRY_HOT_LAMBDA {
          constexpr Hop g = hop.hop[i];
          if constexpr (g.direction / 2 == line && folded(g)) {
            if (hop_barred(g.direction, s, occupied, barred)) return;
            const std::uint32_t a = S::hop_fold(l, S::folds_up(g.direction));
            if constexpr ((g.mode & kMove) != 0) q |= a;
            if constexpr ((g.mode & kCapture) != 0) x |= a;
          }
        });
        reach(line, l, q, x);
      }
    });
  }
  FAIRY_HOT_INLINE static void add_folded_lines(const Board<D>& b, int s, B occupied, B& quiet_reach, B& capture_reach, B barred) {
    using S = Sliders<G>;
    for_each_folded_line(b, s, occupied, barred, [&](int line, typename S::Fold, std::uint32_t q, std::uint32_t x) FAIRY_HOT_LAMBDA {
      if (q == x) {
        const B a = S::unfold(line, s, q);
        quiet_reach |= a;
        capture_reach |= a;
      } else {
        quiet_reach |= S::unfold(line, s, q);
        capture_reach |= S::unfold(line, s, x);
      }
    });
  }

  // Where its bent paths reach from s on an empty board.
  static constexpr B bent_reach_on_empty_board(int s) {
    B reach = 0;
    for (int i = 0; i < bent.count; ++i)
      if (const int mid = bent_landings[i][s]; mid >= 0) reach |= slide_reach<G>(bent.bent[i].direction, bent.bent[i].range, mid, B(0));
    return reach;
  }

  // Counting at the leaves, where lines fold: the moves of an unpinned piece, out of check,
  // counted along each folded line without putting its reach back onto the board (the empty
  // places it reaches, and the enemy pieces among the pieces it reaches to capture), and off
  // them from its other targets. Only for a piece whose targets are just that: no promotion,
  // region, e.p., unmoved-only move, lame leap, type it may not capture, and other targets that
  // never land on the lines it folds, so that each target counts once: leaps and bent paths
  // (their reach on an empty board), and hops that do not fold (along a line that folds they
  // could reach where a folded hop does).
  static constexpr bool counts_by_lines = [] {
    if constexpr (!Sliders<G>::folds) {
      return false;
    } else {
      if (V::promotion_rule[t] >= 0 || V::is_confined(t) || has_en_passant || has_virgin_moves || lame.count > 0 || no_capture != 0)
        return false;
      if (!folds_on(0) && !folds_on(1) && !folds_on(2) && !folds_on(3)) return false;
      for (int i = 0; i < hop.count; ++i)
        if (!folded(hop.hop[i]) && folds_on(hop.hop[i].direction / 2)) return false;
      for (int s = 0; s < G::squares; ++s) {
        B lines = 0;
        for (int line = 0; line < 4; ++line)
          if (folds_on(line)) lines |= G::rays[2 * line][s] | G::rays[2 * line + 1][s];
        if ((quiet[s] | capture[s] | bent_reach_on_empty_board(s)) & lines) return false;
      }
      return true;
    }
  }();
  // Whether a folded line's captures are one each way at most: by slides (on the first piece)
  // or by hops (on the second), not both.
  static constexpr bool captures_one_a_way(int line) {
    bool slide = false, hop_ = false;
    for (int i = 0; i < slides.count; ++i) slide |= slides.group[i].line == line && (slides.group[i].mode & kCapture);
    for (int i = 0; i < hop.count; ++i) hop_ |= hop.hop[i].direction / 2 == line && folded(hop.hop[i]) && (hop.hop[i].mode & kCapture);
    return !(slide && hop_);
  }
  // The first steps of its slides (unit leaps): when each lands on a piece of its own or off
  // the board, its slides have no target. (Not where a hop folds: a hop passes its own pieces.)
  static constexpr LeapSet first_step_set = [] {
    LeapSet out;
    for (int i = 0; i < slides.count; ++i)
      for (int sense = 0; sense < 2; ++sense)
        if ((slides.group[i].senses >> sense) & 1) {
          const int d = 2 * slides.group[i].line + sense;
          out.add(Vector{kDx[d], kDy[d]});
        }
    return out;
  }();
  static constexpr bool hops_fold = [] {
    for (int i = 0; i < hop.count; ++i)
      if (folded(hop.hop[i])) return true;
    return false;
  }();
  // Whether the piece on s is hemmed in along every line it slides: each first step lands on
  // a piece of its own or off the board (`theirs`: the enemy's pieces among `occupied`).
  FAIRY_HOT_INLINE static bool hemmed_in(int s, B occupied, B theirs) {
    return !(kLeapTable<G, first_step_set>[s] & (~occupied | theirs));
  }
  FAIRY_HOT_INLINE static int count_moves(const Board<D>& b, int s, B occupied, B theirs) {
    using S = Sliders<G>;
    B q = quiet[s], x = capture[s];
    const B barred = barred_screens(b);
    add_off_lines(s, occupied, q, x, barred);
    int n = popcount((q & ~occupied) | (x & theirs));
    if constexpr (!hops_fold)
      if (hemmed_in(s, occupied, theirs)) return n;
    for_each_folded_line(b, s, occupied, barred, [&](auto line, typename S::Fold l, std::uint32_t quiet_places, std::uint32_t capture_places) FAIRY_HOT_LAMBDA {
      n += std::popcount(quiet_places & S::places(line, s) & ~l.pieces);
      const std::uint32_t taken = capture_places & l.pieces;
      const auto theirs_at = [&](int place) FAIRY_HOT_LAMBDA {  // (the board's word: a copy on the stack stalled the load)
        return int(has_square(b.color[~c], S::square_at(line, s, place)));
      };
      if constexpr (captures_one_a_way(line)) {  // the lowest and the highest (without a branch: the piece's own place when none)
        const int low = taken ? std::countr_zero(taken) : l.place, high = taken ? 31 - std::countl_zero(taken) : l.place;
        n += theirs_at(low) + (theirs_at(high) & int(low != high));
      } else {
        for (std::uint32_t rest = taken; rest; rest &= rest - 1) n += theirs_at(std::countr_zero(rest));
      }
    });
    return n;
  }

  // The virgin slides' reach from s (they only move).
  static B virgin_slide_reach(int s, B occupied) {
    B reach = 0;
    for_each_index<virgin_slides.count>([&](auto i) {
      reach |= Sliders<G>::line_attacks(virgin_slides.group[i].line, s, occupied) & virgin_slide_spans<i>[s];
    });
    return reach;
  }

  // Where the piece on s may move or capture (not e.p.) before legality: inside its region if
  // it is confined to one.
  FAIRY_HOT_INLINE static B pseudo_targets(const Board<D>& b, int s, B occupied, B theirs) {
    if constexpr (V::is_confined(t))
      return reach_targets(b, s, occupied, theirs) & V::may_end[c][t];
    else
      return reach_targets(b, s, occupied, theirs);
  }
  // The pieces that are no screen for its hops (of its no_hop_over types; none without).
  static B barred_screens(const Board<D>& b) {
    if constexpr (no_hop_over != 0)
      return b.template of_types<no_hop_over>(White) | b.template of_types<no_hop_over>(Black);
    else
      return 0;
  }
  // Inlined where the generator asks (with add_slides and its steps): a call returned a word of
  // lanes through memory, lane by lane, and the caller's next load of the whole word waited for
  // those stores (a third of one_piece's time in terachess2's perft).
  FAIRY_HOT_INLINE static B reach_targets(const Board<D>& b, int s, B occupied, B theirs) {
    if constexpr (no_capture != 0) theirs &= ~b.template of_types<no_capture>(~c);
    if constexpr (uniform) {
      B reach = quiet[s], unused = 0;
      add_slides(b, s, occupied, reach, unused, barred_screens(b));
      return reach & (~occupied | theirs);
    } else {
      B q = quiet[s], x = capture[s];
      add_slides(b, s, occupied, q, x, barred_screens(b));
      bool unmoved = false;
      if constexpr (has_virgin_moves) {
        unmoved = virgin(b, s);
        if (unmoved) q |= virgin_quiet[s] | virgin_slide_reach(s, occupied), x |= virgin_capture[s];
      }
      for_each_index<lame.count>([&](auto i) {
        constexpr bool needs_virgin = lame.leap[i].virgin;
        if ((!needs_virgin || unmoved) && !(lame.leap[i].passed[s] & occupied)) q |= lame.leap[i].target[s];
      });
      return (q & ~occupied) | (x & theirs);
    }
  }

  // The e.p. squares the piece on s may capture on.
  static B en_passant_targets(const Board<D>& b, int s) {
    B reach = en_passant[s];
    if constexpr (kAny<G, virgin_en_passant>)
      if (virgin(b, s)) reach |= virgin_en_passant[s];
    if constexpr (V::is_confined(t)) reach &= V::may_end[c][t];
    return reach & b.ep;
  }
};

}  // namespace fairy::bitboard
