// Which of colour c's pieces attack a square: the capturing leaps of all c's piece types,
// reversed, their capturing slides, looked up from the square, their bent paths, piece by piece
// for the bent pieces that stand where one could reach the square, and their hops, found from
// the square over the first piece (the screen) to the next. Types that capture alike
// share one group, so one lookup serves them all: Rook, Queen and Chancellor are one
// orthogonal slider group, Knight, Archbishop and Chancellor one knight-leap group.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>

#include "runtime/bitboard/pieces.hpp"

namespace fairy::bitboard {

template <class D, Color c>
struct Attackers {
  using V = Variant<D>;
  using G = typename V::G;
  using B = typename V::B;
  using S = Sliders<G>;

  // Each group's `confined`: its one type, when that is confined to a region (it attacks only
  // there: may_attack), else -1; a confined type shares no group.
  struct LeapGroup {
    TypeSet types = 0;
    int first = 0;  // a type of the group, whose capturing leaps are the group's
    int confined = -1;
  };
  struct SlideAttackGroup {
    SlideGroup slide;  // mode is kCapture
    TypeSet types = 0;
    int confined = -1;
  };
  struct BentAttackGroup {
    Bent bent;  // mode is kCapture
    TypeSet types = 0;
    int confined = -1;
  };
  struct HopAttackGroup {
    Hop hop;  // mode is kCapture
    TypeSet no_hop_over = 0;  // the types whose pieces are no screen (PieceDesc::no_hop_over)
    TypeSet types = 0;
    int confined = -1;
  };
  // Whether pieces of a group confined to type `confined`'s region (-1: none) may attack s.
  template <int confined>
  FAIRY_HOT_INLINE static bool may_attack(int s) {
    if constexpr (confined < 0)
      return true;
    else
      return bool(V::may_end[c][confined] & bit<B>(s));
  }
  struct Groups {
    std::array<LeapGroup, kMaxPieceTypes> leap{};
    int leaps = 0;
    std::array<SlideAttackGroup, 2 * kDirections * kMaxPieceTypes> slide{};
    int slides = 0;
    TypeSet virgin_leapers = 0;  // types with capturing leaps only an unmoved piece may make
    std::array<BentAttackGroup, 64> bent{};
    int bents = 0;
    std::array<HopAttackGroup, 2 * kDirections * kMaxPieceTypes> hop{};
    int hops = 0;
  };

  static constexpr Groups groups = [] {
    Groups out;
    for (int t = 0; t < V::types; ++t) {
      const std::span<const PathDesc> paths = D::pieces[t].paths[c];
      const int confined = V::is_confined(t) ? t : -1;
      const LeapSet leaps = leap_set(paths, kCapture);
      // (A type with moves_on leaps by square: its group is its own.)
      if (leaps.count > 0 || !D::pieces[t].moves_on.empty()) {
        int g = 0;
        const auto shares = [&](int i) {
          const int first = out.leap[i].first;
          return leap_set(D::pieces[first].paths[c], kCapture) == leaps && out.leap[i].confined == confined &&
                 D::pieces[first].moves_on.empty() && D::pieces[t].moves_on.empty();
        };
        while (g < out.leaps && !shares(g)) ++g;
        if (g == out.leaps) out.leap[out.leaps].first = t, out.leap[out.leaps++].confined = confined;
        out.leap[g].types |= TypeSet(1) << t;
      }
      for (const PathDesc& p : paths)
        if (shape_of(p) == PathShape::Leap && p.virgin_only && (p.legs[0].mode & kCapture)) out.virgin_leapers |= TypeSet(1) << t;
      const SlideGroups slides = slide_groups(paths);
      for (int i = 0; i < slides.count; ++i) {
        if (!(slides.group[i].mode & kCapture)) continue;
        SlideGroup key = slides.group[i];
        key.mode = kCapture;
        int g = 0;
        while (g < out.slides && !(out.slide[g].slide == key && out.slide[g].confined == confined)) ++g;
        if (g == out.slides) out.slide[out.slides].slide = key, out.slide[out.slides++].confined = confined;
        out.slide[g].types |= TypeSet(1) << t;
      }
      const Bents bent = bents(paths);
      for (int i = 0; i < bent.count; ++i) {
        if (!(bent.bent[i].mode & kCapture)) continue;
        Bent key = bent.bent[i];
        key.mode = kCapture;
        int g = 0;
        while (g < out.bents && !(out.bent[g].bent == key && out.bent[g].confined == confined)) ++g;
        if (g == out.bents) out.bent[out.bents].bent = key, out.bent[out.bents++].confined = confined;
        out.bent[g].types |= TypeSet(1) << t;
      }
      const Hops hop = hops(paths);
      for (int i = 0; i < hop.count; ++i) {
        if (!(hop.hop[i].mode & kCapture)) continue;
        Hop key = hop.hop[i];
        key.mode = kCapture;
        const TypeSet barred = D::pieces[t].no_hop_over;
        int g = 0;
        while (g < out.hops && !(out.hop[g].hop == key && out.hop[g].no_hop_over == barred && out.hop[g].confined == confined)) ++g;
        if (g == out.hops) out.hop[out.hops].hop = key, out.hop[out.hops].no_hop_over = barred, out.hop[out.hops++].confined = confined;
        out.hop[g].types |= TypeSet(1) << t;
      }
    }
    return out;
  }();
  static constexpr TypeSet bent_types = [] {
    TypeSet s = 0;
    for (int g = 0; g < groups.bents; ++g) s |= groups.bent[g].types;
    return s;
  }();

  static constexpr TypeSet hop_types = [] {
    TypeSet s = 0;
    for (int g = 0; g < groups.hops; ++g) s |= groups.hop[g].types;
    return s;
  }();

  // reversed_leaps<g>[s]: where group g's pieces can stand to capture on s by a leap (the
  // tables shared with the pieces' own, pieces.hpp).
  template <int g>
  static constexpr const SquareTable<G>& reversed_leaps = piece_leap_table<D, groups.leap[g].first, c, kAllPhases, kCapture, true>();
  template <int t>
  static constexpr const SquareTable<G>& reversed_virgin_leaps = kLeapTable<G, leap_set(D::pieces[t].paths[c], kCapture, true, true)>;
  // slide_sources<g>[s]: where group g's sliders can stand to reach s on an empty board.
  template <int g>
  static constexpr const SquareTable<G>& slide_sources = kSlideSpans<G, span_key(groups.slide[g].slide, true)>;

  // c's pieces attacking s by a leap.
  static B leapers(const Board<D>& b, int s) {
    B a = 0;
    for_each_index<groups.leaps>([&](auto g) {
      if (may_attack<groups.leap[g].confined>(s)) a |= reversed_leaps<g>[s] & b.template of_types<groups.leap[g].types>(c);
    });
    if constexpr (groups.virgin_leapers != 0)
      for_each_index<V::types>([&](auto t) {
        if constexpr ((groups.virgin_leapers >> t) & 1)
          if (may_attack<(V::is_confined(t) ? int(t) : -1)>(s)) a |= reversed_virgin_leaps<t>[s] & b.template virgin_pieces<t>(c);
      });
    return a;
  }

  static constexpr bool uses_line(int line) {
    for (int g = 0; g < groups.slides; ++g)
      if (groups.slide[g].slide.line == line) return true;
    return false;
  }

  // c's pieces attacking s by a slide, with `occupied` as the blockers.
  static B sliders(const Board<D>& b, int s, B occupied) {
    B a = 0;
    for_each_index<4>([&](auto line) {
      if constexpr (uses_line(line)) {
        const B along = S::line_attacks(line, s, occupied);
        for_each_index<groups.slides>([&](auto g) {
          constexpr SlideAttackGroup group = groups.slide[g];
          if constexpr (group.slide.line == line) {
            const B from = group.slide.whole_line() ? along : along & slide_sources<g>[s];
            if (may_attack<group.confined>(s)) a |= from & b.template of_types<group.types>(c);
          }
        });
      }
    });
    return a;
  }

  // bent_span[s]: where c's bent pieces may stand to capture on s by a bent path on an empty
  // board: a leap back from each square from which a slide reaches s.
  static constexpr SquareTable<G> bent_span = [] {
    SquareTable<G> out{};
    for (int s = 0; s < G::squares; ++s)
      for (int g = 0; g < groups.bents; ++g) {
        const Bent& bent = groups.bent[g].bent;
        const int back = opposite(bent.direction);
        int turn = s;
        for (int k = 0; bent.range == 0 || k < bent.range; ++k) {
          turn = G::step(turn, kDx[back], kDy[back]);
          if (turn < 0) break;
          if (const int from = G::step(turn, -bent.leap.dx, -bent.leap.dy); from >= 0) set_square(out[s], from);
        }
      }
    return out;
  }();

  // Each bent path by which one of c's pieces could capture on s: f(from, path), where `path`
  // holds the squares that must be empty for it (the turning square, and those between it and
  // s). Only c's bent pieces that stand where one might (bent_span) are looked at, one by one.
  template <class F>
  FAIRY_HOT_INLINE static void for_each_bent_path_onto(const Board<D>& b, int s, F&& f) {
    for (B from_set = b.template of_types<bent_types>(c) & bent_span[s]; from_set;) {
      const int from = pop_lsb(from_set);
      const int type = b.piece[from] - 1;  // (piece: 1 + type)
      for_each_index<groups.bents>([&](auto g) {
        constexpr BentAttackGroup group = groups.bent[g];
        constexpr int d = group.bent.direction;
        if (!((group.types >> type) & 1) || !may_attack<group.confined>(s)) return;
        const int turn = G::step(from, group.bent.leap.dx, group.bent.leap.dy);
        if (turn < 0 || G::direction_between[turn][s] != d) return;
        if constexpr (group.bent.range != 0)
          if (std::max(std::abs(G::file_of(s) - G::file_of(turn)), std::abs(G::rank_of(s) - G::rank_of(turn))) > group.bent.range) return;
        f(from, bit<B>(turn) | (G::rays[d][turn] & G::rays[opposite(d)][s]));
      });
    }
  }

  // c's pieces attacking s by a bent path, with `occupied` as the blockers. Nothing when c has
  // no bent pieces.
  static B benders(const Board<D>& b, int s, B occupied) {
    B a = 0;
    if constexpr (groups.bents > 0)
      for_each_bent_path_onto(b, s, [&](int from, const B& path) {
        if (!(path & occupied)) set_square(a, from);
      });
    return a;
  }

  // c's pieces attacking s by a hop: looking back from s along each hop's direction, the first
  // piece (the screen, within the hop's range of s; not one of a type the hopper may not hop
  // over) and the next piece behind it. Nothing when c has no hoppers. A move tested on the
  // board before it (occupied: after it) names the square it lands on and the type that stands
  // there then (`to`, `mover`; -1: none), for the screens that hoppers may not hop over.
  static B hoppers(const Board<D>& b, int s, B occupied, [[maybe_unused]] int to = -1, [[maybe_unused]] int mover = -1) {
    B a = 0;
    if constexpr (groups.hops > 0) {
      const B ours = b.template of_types<hop_types>(c);
      if (!ours) return a;
      for_each_index<groups.hops>([&](auto g) {
        constexpr HopAttackGroup group = groups.hop[g];
        constexpr int back = opposite(group.hop.direction);
        if (!may_attack<group.confined>(s)) return;
        const B blockers = G::rays[back][s] & occupied;
        if (!blockers) return;
        const int screen = first_along(back, blockers);
        if constexpr (group.no_hop_over != 0) {
          const int type = screen == to ? mover : b.piece[screen] - 1;  // (piece: 1 + type)
          const bool barred = type >= 0 && ((group.no_hop_over >> type) & 1);
          if (barred) return;
        }
        if constexpr (group.hop.range != 0)
          if (!(G::ray_within(back, group.hop.range, s) & bit<B>(screen))) return;
        a |= Sliders<G>::ray_attacks(back, screen, occupied) & occupied & b.template of_types<group.types>(c);
      });
    }
    return a;
  }

  // The types that some of c's hoppers may not hop over (their pieces are no screen for them).
  static constexpr TypeSet no_screen_types = [] {
    TypeSet s = 0;
    for (int g = 0; g < groups.hops; ++g) s |= groups.hop[g].no_hop_over;
    return s;
  }();

  // c's hoppers on the lines along which they could hop onto s, whatever stands between.
  static B hop_snipers(const Board<D>& b, int s) {
    B a = 0;
    for_each_index<groups.hops>([&](auto g) {
      if (may_attack<groups.hop[g].confined>(s))
        a |= G::rays[opposite(groups.hop[g].hop.direction)][s] & b.template of_types<groups.hop[g].types>(c);
    });
    return a;
  }

  // The flying general (royals_fly): c's royal piece, when it stands on s's file or rank with
  // nothing between. The kernel asks it only of squares that hold or would hold the other
  // side's royal piece (its moves, castling, checks), where it is runtime/movegen.hpp's
  // royals_face. Nothing without the rule.
  static B facing(const Board<D>& b, int s, B occupied) {
    if constexpr (royals_fly<D>) {
      const B royal = b.template of_types<V::royal_types>(c) & files_and_ranks[s];
      if (royal && !(G::between(s, lsb(royal)) & occupied)) return royal;
    }
    return 0;
  }
  // files_and_ranks[s]: the squares sharing s's file or rank.
  static constexpr SquareTable<G> files_and_ranks = [] {
    SquareTable<G> out{};
    for (int s = 0; s < G::squares; ++s) out[s] = G::rays[0][s] | G::rays[1][s] | G::rays[2][s] | G::rays[3][s];
    return out;
  }();

  static B attackers(const Board<D>& b, int s, B occupied, int to = -1, int mover = -1) {
    return leapers(b, s) | sliders(b, s, occupied) | benders(b, s, occupied) | hoppers(b, s, occupied, to, mover) |
           facing(b, s, occupied);
  }
  static bool attacks(const Board<D>& b, int s, B occupied) {
    return leapers(b, s) || sliders(b, s, occupied) || benders(b, s, occupied) || hoppers(b, s, occupied) ||
           facing(b, s, occupied);
  }

  // Whether c's pieces, all but those on `ignored`, attack a royal piece of the other colour,
  // with `occupied` as the board's occupancy: a check given, tested on the board after a move
  // (ignored none), or on the board before it with the occupancy after it (ignored: the mover,
  // which attacks nothing where it lands).
  static bool attack_royal(const Board<D>& b, B occupied, B ignored = 0) {
    for (B royals = b.template of_types<V::royal_types>(~c); royals;) {
      const int s = pop_lsb(royals);
      if (ignored ? (attackers(b, s, occupied) & ~ignored) != 0 : attacks(b, s, occupied)) return true;
    }
    return false;
  }

  // How far c's pieces of each type capture by a slide onto a square from the square's direction
  // `look` (the slide itself runs the opposite way): reach_onto[look][t] squares (0: none, 255:
  // any distance).
  static constexpr auto reach_onto = [] {
    std::array<std::array<std::uint8_t, V::types>, kDirections> out{};
    for (int g = 0; g < groups.slides; ++g)
      for (int sense = 0; sense < 2; ++sense) {
        const SlideGroup& slide = groups.slide[g].slide;
        if (!((slide.senses >> sense) & 1)) continue;
        const int look = opposite(2 * slide.line + sense), far = slide.range == 0 ? 255 : slide.range;
        for (int t = 0; t < V::types; ++t)
          if (((groups.slide[g].types >> t) & 1) && out[look][t] < far) out[look][t] = std::uint8_t(far);
      }
    return out;
  }();
  static constexpr bool slides_onto_from(int look) {
    for (int t = 0; t < V::types; ++t)
      if (reach_onto[look][t]) return true;
    return false;
  }
  // Whether the checks and pins by c's slides may be found along the lines through a square,
  // folded (Sliders::folds): every slide group attacks everywhere (none confined), and royal
  // pieces do not fly.
  static constexpr bool folded_snipers = [] {
    if (!Sliders<G>::folds || royals_fly<D>) return false;
    for (int g = 0; g < groups.slides; ++g)
      if (groups.slide[g].confined >= 0) return false;
    return true;
  }();

  // c's sliders that would attack s on an empty board (candidates for pinning a piece to s),
  // with the flying general also c's royal piece on s's file or rank.
  static B snipers(const Board<D>& b, int s) {
    B a = 0;
    if constexpr (royals_fly<D>) a |= files_and_ranks[s] & b.template of_types<V::royal_types>(c);
    for_each_index<groups.slides>([&](auto g) {
      if (may_attack<groups.slide[g].confined>(s)) a |= slide_sources<g>[s] & b.template of_types<groups.slide[g].types>(c);
    });
    return a;
  }
};

}  // namespace fairy::bitboard
