// Legal move generation, Stockfish-style: find the checkers of our royal piece and the pieces
// pinned to it once per position, then every move's legality follows from its target squares:
// - a royal piece may go where no enemy attacks once it has left its square;
// - in double check, only the royal piece moves;
// - in single check, other pieces must capture the checker or (against a slide) block it;
// - a pinned piece stays between its pinner and the royal piece (or captures the pinner);
// - e.p. captures (two pieces leave) and castling are tested square by square;
// - a drop (hands) lands on an empty square: in single check only between the royal piece and a
//   sliding checker, in double check nowhere;
// - a gating move (seirawan) is legal when the move alone is, as in the move generator and
//   Fairy-Stockfish (the gated piece shields nothing), so the Sink adds the gates (perft.hpp);
// - against bent pieces (a leap, then a slide: v[F?R]), the moves of a piece whose leaving
//   could open a bent path to the royal piece, and every move out of a bent check, are tested
//   target by target on the board as it would be;
// - against hoppers (cpR), moves from or onto a line along which an enemy hopper could hop onto
//   the royal piece are tested (they may add or remove a screen, or, taking a piece that is no
//   screen for it, put one in its place), and every move out of a hopper's check.
// Moves go to a Sink as target sets per piece (see perft.hpp), so a leaf can count them with
// a popcount without making any. Where captures explode, a filter in front of the sink judges
// every move (explosions.hpp): the generator then gives the pseudo-legal ones.
#pragma once

#include <array>

#include "runtime/bitboard/attacks.hpp"
#include "runtime/bitboard/castling.hpp"
#include "runtime/bitboard/first_moves.hpp"
#include "runtime/bitboard/leapers.hpp"

namespace fairy::bitboard {

// The promotion choices for one target square: staying unpromoted (when not compulsory there)
// and the piece types allowed.
struct Choices {
  bool stay = true;
  int n = 0;
  std::array<std::uint8_t, kMaxPieceTypes> to{};
  int count() const { return int(stay) + n; }
};

// A sink that counts moves by their number alone (MoveCounter without gates, perft.hpp).
template <class Sink>
inline constexpr bool kCountsByNumber = requires { requires Sink::counts_by_number; };

// Where the moves of a target set start: one square, or each target less a leap's offset.
struct FromSquare {
  int square;
  int operator()(int) const { return square; }
};
struct FromOffset {
  int offset;
  int operator()(int to) const { return to - offset; }
};

// `phase`: the turn phase whose moves it generates (Phase bits, runtime/program.hpp; kAllPhases:
// a variant without turns). Each phase's paths are PhasePaths (pieces.hpp); perft.hpp's
// perft_in_phase and perft_after_move choose the phase.
template <class D, Color us, std::uint8_t phase = kAllPhases>
struct Generator {
  using V = Variant<D>;
  using B = typename V::B;
  using G = typename V::G;
  static constexpr Color them = ~us;
  using Enemy = Attackers<D, them>;
  // With explosions no check or pin found here holds (explosions.hpp): every pseudo-legal move
  // goes to the sink (castling untested), and ExplosionFilter, which uses this class's checks
  // and pins where they do hold, decides.
  static constexpr bool pseudo_legal = captures_explode<D>;
  template <class, Color, class>
  friend struct ExplosionFilter;

  struct Context {
    B occupied = 0, ours = 0, theirs = 0;
    int royal = -1;   // our royal piece's square, if any
    B checkers = 0;
    B evasions = 0;   // where non-royal moves must land: everywhere but our pieces, or the check's line
    B pinned = 0;
    B verify = 0;     // our pieces whose moves are tested one by one (bent paths, hop lines)
    B hop_lines = 0;  // the empty lines between our royal piece and enemy hoppers that could hop
                      // onto it, and the enemy pieces on such lines that are no screen for them:
                      // targets there are tested one by one (a screen comes)
    int pins = 0;
    std::array<B, 2 * kDirections> pinned_piece, pin_line;  // the first `pins` (not cleared: hot)
  };

  template <class Sink>
  static void generate(const Board<D>& b, Sink& sink) {
    Context cx;
    cx.occupied = b.occupied();
    cx.ours = b.color[us];
    cx.theirs = b.color[them];
    cx.evasions = ~cx.ours;
    if constexpr (V::royal_types != 0) {
      const B royal = b.template of_types<V::royal_types>(us);
      if (royal) {
        cx.royal = lsb(royal);
        if constexpr (!pseudo_legal) find_checks_and_pins(b, cx);
      }
    }
    // must_drop (keep_drops_if_any, runtime/movegen.hpp): a side that can drop moves nothing else.
    if constexpr (D::hands.must_drop)
      if (drops(b, cx, sink)) return;
    for_each_index<V::types>([&](auto t) { piece_moves<t>(b, cx, sink); });
    if constexpr (V::in_place) in_place_promotions(b, cx, sink);
    if constexpr (V::drops && !D::hands.must_drop) drops(b, cx, sink);
    if constexpr (has_first_moves<D>) first_moves(b, cx, sink);
    if constexpr (D::rules.castling.enabled) {
      if constexpr (D::rules.castling.piece >= 0) {  // Position::castler: the first unmoved one on our first rank
        if (const B castlers = b.virgin & b.template pieces<D::rules.castling.piece>(us) & G::rank_mask(us == White ? 0 : G::ranks - 1))
          castling(b, cx, sink, lsb(castlers));
      } else if (cx.royal >= 0 && !cx.checkers && (b.virgin & bit<B>(cx.royal))) {
        castling(b, cx, sink, cx.royal);
      }
    }
  }

 private:
  // The enemy sliders aimed at our royal piece on an empty board: those with nothing between
  // give check, those with one piece of ours between pin it. Leaping checkers come on top.
  static void find_checks_and_pins(const Board<D>& b, Context& cx) {
    const B leapers = Enemy::leapers(b, cx.royal);
    cx.checkers = leapers;
    if constexpr (Enemy::folded_snipers) {
      find_folded_checks_and_pins(b, cx);
    } else {
      for (B snipers = Enemy::snipers(b, cx.royal); snipers;) {
        const int s = pop_lsb(snipers);
        const B line = G::between(cx.royal, s);
        const B blockers = line & cx.occupied;
        if (!blockers) {
          cx.checkers |= bit<B>(s);
        } else if (!more_than_one(blockers) && (blockers & cx.ours)) {
          pin(cx, blockers, line | bit<B>(s));
        }
      }
    }
    if constexpr (Enemy::groups.hops > 0) {
      if (find_hopper_lines(b, cx)) return;
    }
    if constexpr (Enemy::groups.bents > 0) {
      if (find_bent_checks_and_pins(b, cx)) return;
    }
    if (!cx.checkers) return;
    if (more_than_one(cx.checkers)) {
      cx.evasions = 0;
      return;
    }
    // A leaping checker must be taken; a sliding one may also be blocked.
    const int checker = lsb(cx.checkers);
    cx.evasions = cx.checkers | (leapers ? B(0) : G::between(cx.royal, checker));
  }

  static void pin(Context& cx, B piece, B line) {
    cx.pinned |= piece;
    cx.pinned_piece[cx.pins] = piece;
    cx.pin_line[cx.pins++] = line;
  }
  // The checks and pins by slides where lines fold (Attackers::folded_snipers): along each line
  // through our royal piece, folded, the first piece each way checks if it is an enemy that
  // slides onto the royal piece from there; if it is ours, it is pinned by such an enemy next.
  static void find_folded_checks_and_pins(const Board<D>& b, Context& cx) {
    using S = Sliders<G>;
    for_each_index<4>([&](auto line) {
      if constexpr (Enemy::uses_line(line)) {
        const typename S::Fold l = S::fold(b.lines, line, cx.royal, cx.occupied);
        for_each_index<2>([&](auto sense) {
          constexpr int look = 2 * line + sense;
          if constexpr (Enemy::slides_onto_from(look)) {
            constexpr bool up = S::folds_up(look);
            // The next piece's place along the way, from `ahead` (the pieces ahead; not none).
            const auto next = [](std::uint32_t ahead) { return up ? std::countr_zero(ahead) : 31 - std::countl_zero(ahead); };
            const auto slides_onto = [&](int square, int place) {
              const int distance = place > l.place ? place - l.place : l.place - place;
              return distance <= Enemy::reach_onto[look][b.piece[square] - 1];
            };
            std::uint32_t ahead = l.pieces & (up ? S::above(l.place) : S::below(l.place));
            if (!ahead) return;
            const int place = next(ahead), first = S::square_at(line, cx.royal, place);
            if (!has_square(b.color[us], first)) {
              if (slides_onto(first, place)) cx.checkers |= bit<B>(first);
              return;
            }
            ahead &= ~(std::uint32_t(1) << place);
            if (!ahead) return;
            const int behind = next(ahead), second = S::square_at(line, cx.royal, behind);
            if (has_square(b.color[them], second) && slides_onto(second, behind))
              pin(cx, bit<B>(first), G::between(cx.royal, second) | bit<B>(second));
          }
        });
      }
    });
  }

  // Enemy hoppers on lines along which they could hop onto our royal piece. A hop onto it needs
  // exactly one piece (the screen) between, and a move changes a line's count of pieces between
  // by one at most: leaving it (-1), landing on an empty square of it (+1), capturing along it
  // from a square of it (-1). So only a line with no piece between makes targets on it tested
  // (a piece there would be the screen); on one with one or two pieces between, our pieces
  // there are tested (the screen stepping along, or one of two leaving or taking the other);
  // three or more leave no hop. Out of a hopper's check, every move is a tested one (true).
  static bool find_hopper_lines(const Board<D>& b, Context& cx) {
    B hoppers = Enemy::hop_snipers(b, cx.royal);
    if (!hoppers) return false;
    bool screened_once = false;
    B screens_of_ours = 0;
    while (hoppers) {
      const int h = pop_lsb(hoppers);
      const B line = G::between(cx.royal, h);
      const B screens = line & cx.occupied;
      const int count = popcount(screens);
      if (count == 0) {
        cx.hop_lines |= line;
      } else if (count <= 2) {
        screened_once |= count == 1;
        screens_of_ours |= screens & cx.ours;
        // An enemy piece there that is no screen (no_hop_over) becomes one when a piece of ours
        // takes it from off the line: those captures are tested too.
        if constexpr (Enemy::no_screen_types != 0) cx.hop_lines |= screens & b.template of_types<Enemy::no_screen_types>(them);
      }
    }
    if (screened_once)
      if (const B checkers = Enemy::hoppers(b, cx.royal, cx.occupied)) {
        cx.checkers |= checkers | Enemy::benders(b, cx.royal, cx.occupied);
        cx.verify = cx.ours;
        cx.evasions = ~cx.ours;
        return true;
      }
    cx.verify |= screens_of_ours;
    return false;
  }

  // Bent paths to our royal piece: a bent checker makes every move a tested one (true); else a
  // piece of ours that is the one piece on a bent path onto the royal piece (on its turning
  // square, or between) is tested.
  static bool find_bent_checks_and_pins(const Board<D>& b, Context& cx) {
    B checkers = 0;
    Enemy::for_each_bent_path_onto(b, cx.royal, [&](int from, const B& path) {
      const B blockers = path & cx.occupied;
      if (!blockers)
        set_square(checkers, from);
      else if (!more_than_one(blockers) && (blockers & cx.ours))
        cx.verify |= blockers;
    });
    if (!checkers) return false;
    cx.checkers |= checkers;
    cx.verify = cx.ours;
    cx.evasions = ~cx.ours;
    return true;
  }

  // Where our piece on `from` may go as far as checks and pins say: the evasions, and along its
  // pin line if it is pinned.
  static B may_go(const Context& cx, int from) {
    return (cx.pinned & bit<B>(from)) ? cx.evasions & pin_line_of(cx, bit<B>(from)) : cx.evasions;
  }

  // Where a pinned piece may go: along its pin line, up to and including the pinner.
  static B pin_line_of(const Context& cx, B piece) {
    for (int i = 0; i < cx.pins; ++i)
      if (cx.pinned_piece[i] == piece) return cx.pin_line[i];
    return 0;
  }

  template <int t, class Sink>
  static void piece_moves(const Board<D>& b, const Context& cx, Sink& sink) {
    using M = PieceMoves<D, t, us, phase>;
    B pieces = b.template pieces<t>(us);
    if constexpr (phase == kPhaseLater)  // (the piece that made the first move, TurnRule)
      if constexpr (!D::rules.turn.later_same_piece) pieces &= ~b.turn.last_moved;
    if constexpr (V::is_royal(t) && !pseudo_legal) {
      // Tested square by square with the royal piece lifted off its square, so that it cannot
      // hide behind itself from a slider.
      for (; pieces;) {
        const int from = pop_lsb(pieces);
        const B occupied = cx.occupied ^ bit<B>(from);
        B safe = 0;
        for (B targets = M::pseudo_targets(b, from, cx.occupied, cx.theirs); targets;) {
          const int to = pop_lsb(targets);
          if constexpr (D::pieces[t].safe_passage)
            if (!passage_is_safe(b, cx, from, to)) continue;
          if (!Enemy::attacks(b, to, occupied)) safe |= bit<B>(to);
        }
        emit<t>(b, sink, FromSquare{from}, safe);
        if constexpr (M::has_en_passant) en_passant_from<t>(b, cx, sink, from);
      }
      return;
    }
    if constexpr (LeaperSet<D, t, us, phase>::applies) {
      // The unpinned pieces all at once; the pinned ones below, one by one.
      LeaperSet<D, t, us, phase>::moves(
          b, pieces & ~cx.pinned & ~cx.verify, cx.occupied, cx.theirs,
          [&](int offset, B targets) {
            targets &= cx.evasions;
            if constexpr (Enemy::groups.hops > 0)
              for (B tested = targets & cx.hop_lines; tested;) {
                const int to = pop_lsb(tested);
                if (legal_after<t>(b, cx, to - offset, to)) emit<t>(b, sink, FromSquare{to - offset}, bit<B>(to));
              }
            emit<t>(b, sink, FromOffset{offset}, targets & ~cx.hop_lines);
          },
          [&](int offset, B targets) {
            while (targets) {
              const int to = pop_lsb(targets);
              en_passant<t>(b, cx, sink, to - offset, to);
            }
          });
      pieces &= cx.pinned | cx.verify;
    }
    B free = pieces & ~cx.pinned & ~cx.verify;
    if constexpr (kCountsByNumber<Sink> && PieceMoves<D, t, us, phase>::counts_by_lines) {
      if (!cx.checkers && !cx.hop_lines) {
        int n = 0;
        for (; free;) n += PieceMoves<D, t, us, phase>::count_moves(b, pop_lsb(free), cx.occupied, cx.theirs);
        sink.count(n);
      }
    }
    while (free) one_piece<t>(b, cx, sink, pop_lsb(free), cx.evasions);
    for (B pinned = pieces & cx.pinned & ~cx.verify; pinned;) {
      const int from = pop_lsb(pinned);
      one_piece<t>(b, cx, sink, from, cx.evasions & pin_line_of(cx, bit<B>(from)));
    }
    if constexpr (Enemy::groups.bents > 0 || Enemy::groups.hops > 0)
      for (B tested = pieces & cx.verify; tested;) {
        const int from = pop_lsb(tested);
        tested_piece<t>(b, cx, sink, from, may_go(cx, from));
      }
  }

  // runtime/movegen.hpp's passage_is_safe: a move of more than one square needs its piece
  // unattacked and one step-by-step route (straight steps first, or diagonal first) crossing
  // only unattacked squares, judged on the board as it stands.
  static bool passage_is_safe(const Board<D>& b, const Context& cx, int from, int to) {
    const int dx = G::file_of(to) - G::file_of(from), dy = G::rank_of(to) - G::rank_of(from);
    const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if (ax <= 1 && ay <= 1) return true;
    if (cx.checkers) return false;
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    const int diag = ax < ay ? ax : ay, straight = (ax > ay ? ax : ay) - diag;
    const int straight_x = ax > ay ? sx : 0, straight_y = ax > ay ? 0 : sy;
    for (bool straight_first : {true, false}) {
      bool safe = true;
      int s = from;
      for (int k = 0; k + 1 < straight + diag && safe; ++k) {
        const bool straight_now = straight_first ? k < straight : k >= diag;
        s = straight_now ? G::step(s, straight_x, straight_y) : G::step(s, sx, sy);
        safe = !Enemy::attacks(b, s, cx.occupied);
      }
      if (safe) return true;
      if (straight == 0 || diag == 0) return false;  // one route only
    }
    return false;
  }

  // one_piece, with each target tested on the board as it would be after the move.
  template <int t, class Sink>
  static void tested_piece(const Board<D>& b, const Context& cx, Sink& sink, int from, B allowed) {
    using M = PieceMoves<D, t, us, phase>;
    B legal = 0;
    for (B targets = M::pseudo_targets(b, from, cx.occupied, cx.theirs) & allowed; targets;) {
      const int to = pop_lsb(targets);
      if (legal_after<t>(b, cx, from, to)) legal |= bit<B>(to);
    }
    emit<t>(b, sink, FromSquare{from}, legal);
    if constexpr (M::has_en_passant)
      if (b.ep) en_passant_from<t>(b, cx, sink, from);
  }

  // Whether our royal piece stands unattacked after a (non-royal, not e.p.) move from -> to of
  // a piece that is of type t there.
  template <int t>
  static bool legal_after(const Board<D>& b, const Context& cx, int from, int to) {
    const B occupied = (cx.occupied ^ bit<B>(from)) | bit<B>(to);
    return !(Enemy::attackers(b, cx.royal, occupied, to, t) & ~bit<B>(to));
  }

  // The moves of the piece on `from` that land in `allowed` (nothing in double check); those
  // landing on a hop line are tested one by one.
  template <int t, class Sink>
  static void one_piece(const Board<D>& b, const Context& cx, Sink& sink, int from, B allowed) {
    using M = PieceMoves<D, t, us, phase>;
    B targets = M::pseudo_targets(b, from, cx.occupied, cx.theirs) & allowed;
    if constexpr (Enemy::groups.hops > 0)
      if (B tested = targets & cx.hop_lines) {
        targets &= ~tested;
        while (tested) {
          const int to = pop_lsb(tested);
          if (!legal_after<t>(b, cx, from, to)) continue;
          targets |= bit<B>(to);
        }
      }
    emit<t>(b, sink, FromSquare{from}, targets);
    if constexpr (M::has_en_passant)
      if (b.ep) en_passant_from<t>(b, cx, sink, from);
  }

  template <int t, class Sink>
  static void en_passant_from(const Board<D>& b, const Context& cx, Sink& sink, int from) {
    for (B targets = PieceMoves<D, t, us, phase>::en_passant_targets(b, from); targets;) en_passant<t>(b, cx, sink, from, pop_lsb(targets));
  }

  // An e.p. capture, tested on the board as it would be: the capturer moved, the victim gone.
  template <int t, class Sink>
  static void en_passant(const Board<D>& b, const Context& cx, Sink& sink, int from, int to) {
    if (cx.royal >= 0 && !pseudo_legal) {
      const B victim = bit<B>(b.ep_victim);
      const B occupied = (cx.occupied ^ bit<B>(from) ^ victim) | bit<B>(to);
      const int royal = cx.royal == from ? to : cx.royal;
      if (Enemy::attackers(b, royal, occupied, to, t) & ~victim) return;
    }
    sink.template en_passant<t>(from, to, choices<t>(b, promotion_depth<t>(G::depth(to, us), from)));
  }

  // The depth (1 = our last rank) that decides a move's promotion (deciding_depth: with
  // `leaving`, the square left's when that is deeper).
  template <int t>
  static int promotion_depth(int to_depth, int from) {
    constexpr int rule = V::promotion_rule[t];
    if constexpr (rule >= 0 && D::rules.promotions[rule].leaving) return deciding_depth(D::rules.promotions[rule], to_depth, G::depth(from, us));
    return to_depth;
  }

  // Passes targets on, split by the promotion choices of their ranks.
  template <int t, class Sink, class From>
  static void emit(const Board<D>& b, Sink& sink, From from, B targets) {
    constexpr int rule = V::promotion_rule[t];
    if constexpr (PieceMoves<D, t, us, phase>::has_unpromoting) {  // (never set-wise: FromSquare)
      if (const B plain = targets & PieceMoves<D, t, us, phase>::unpromoting[from.square]) {
        sink.template moves<t>(from, plain);
        targets &= ~plain;
      }
    }
    if constexpr (rule < 0) {
      if (targets) sink.template moves<t>(from, targets);
    } else {
      constexpr int zone = D::rules.promotions[rule].zone;
      if constexpr (D::rules.promotions[rule].leaving) targets = emit_leaving_zone<t>(b, sink, from, targets);
      constexpr B outside = promotion_zone(zone + 1, G::ranks);
      if (targets & outside) sink.template moves<t>(from, targets & outside);
      if (!(targets & ~outside)) return;
      for_each_index<zone>([&](auto i) {
        constexpr int depth = i + 1;
        if (const B band = targets & promotion_zone(depth, depth)) sink.template promotions<t>(from, band, choices<t>(b, depth));
      });
    }
  }

  // With `leaving`: passes on the moves that start in the zone, at the depth of the square left
  // or of the target, the deeper (promotion_depth), and returns the other targets.
  template <int t, class Sink, class From>
  static B emit_leaving_zone(const Board<D>& b, Sink& sink, From from, B targets) {
    constexpr int zone = D::rules.promotions[V::promotion_rule[t]].zone;
    for_each_index<zone>([&](auto i) {
      constexpr int from_depth = i + 1;
      const B left = targets & started_at(from, promotion_zone(from_depth, from_depth));
      if (!left) return;
      targets &= ~left;
      for_each_index<from_depth>([&](auto j) {  // deeper targets: their own depth; the rest: the square left's
        constexpr int depth = j + 1;
        const B band = depth < from_depth ? left & promotion_zone(depth, depth) : left & ~promotion_zone(1, from_depth - 1);
        if (band) sink.template promotions<t>(from, band, choices<t>(b, depth));
      });
    });
    return targets;
  }
  // The targets of moves starting in `squares`: all or none from one square; those less the
  // offset from a set.
  static B started_at(FromSquare f, B squares) { return (squares & bit<B>(f.square)) ? ~B(0) : B(0); }
  static B started_at(FromOffset f, B squares) { return f.offset >= 0 ? squares << f.offset : squares >> -f.offset; }

  // The ranks at depths first..last (1 = our last rank).
  static constexpr B promotion_zone(int first, int last) {
    B b = 0;
    for (int depth = first; depth <= last; ++depth) b |= G::rank_mask(us == White ? G::ranks - depth : depth - 1);
    return b;
  }

  // Whether we may promote to `target` at this depth (0: in_place), by PromotionTarget::open_to.
  static bool open(const Board<D>& b, const PromotionTarget& target, int depth) {
    return target.open_to(us, depth, [&] { return b.count(us, target.type); }, V::start_count(us, target.type));
  }

  // add_promotions in runtime/movegen.hpp: what a piece of type t may become at this depth.
  template <int t>
  static Choices choices(const Board<D>& b, int depth) {
    Choices c;
    constexpr int rule = V::promotion_rule[t];
    if constexpr (rule >= 0) {
      constexpr PromotionData pr = D::rules.promotions[rule];
      if (!promotes_at(pr, depth)) return c;
      c.stay = may_stay_at(pr, depth);
      for (const PromotionTarget& target : pr.to)
        if (open(b, target, depth)) c.to[c.n++] = std::uint8_t(target.type);
    }
    return c;
  }

  // Promotions that are moves of their own (in_place; runtime/in_place_promotion.hpp, Fairy-
  // Stockfish's sittuyinPromotion): a piece of the rule's types on one of the rule's squares
  // (anywhere, when it is our last one and the rule says anywhere_when_last) becomes a target
  // where it stands, or by one of the target's capturing leaps onto an empty square, while we
  // have fewer of the target than its limit; the target may attack no enemy piece where it
  // ends, and the move may give no check. Where it stands, nothing moves: legal unless we are in
  // check. A step is tested like any move (legal_after), and for a discovered check.
  template <class Sink>
  static void in_place_promotions(const Board<D>& b, const Context& cx, Sink& sink) {
    for_each_index<V::promotion_rules>([&](auto r) {
      constexpr PromotionData rule = D::rules.promotions[r];
      if constexpr (rule.in_place) {
        const B pieces = b.template of_types<V::rule_types[r]>(us);
        B eligible = pieces & V::in_place_squares[r][us];
        if constexpr (rule.anywhere_when_last)
          if (pieces && !more_than_one(pieces)) eligible = pieces;
        if (!eligible) return;
        for_each_index<int(rule.to.size())>([&](auto i) {
          constexpr PromotionTarget target = rule.to[i];
          if (!open(b, target, 0)) return;
          constexpr Choices choice = [] {
            Choices c;
            c.stay = false;
            c.to[c.n++] = std::uint8_t(target.type);
            return c;
          }();
          constexpr const SquareTable<G>& attacks = target_attacks<target.type>;
          for_each_index<V::types>([&](auto t) {
            if constexpr ((V::rule_types[r] >> t & 1) != 0)
              for (B from_set = eligible & b.template pieces<t>(us); from_set;) {
                const int from = pop_lsb(from_set);
                B targets = 0;
                if (!cx.checkers && !(attacks[from] & cx.theirs) && gives_no_check(b, from, from)) targets |= bit<B>(from);
                for (B steps = attacks[from] & ~cx.occupied; steps;) {
                  const int to = pop_lsb(steps);
                  if (attacks[to] & cx.theirs) continue;
                  if (cx.royal >= 0 && !legal_after<target.type>(b, cx, from, to)) continue;
                  if (gives_no_check(b, from, to)) targets |= bit<B>(to);
                }
                if (targets) sink.template promotions<t>(FromSquare{from}, targets, choice);
              }
          });
        });
      }
    });
  }
  // Where our pieces of type t would attack by a leap from each square.
  template <int t>
  static constexpr const SquareTable<G>& target_attacks = kLeapTable<G, leap_set(D::pieces[t].paths[us], kCapture)>;

  // Whether, after our piece on `from` goes to `to` (the same square: it stays) and becomes one
  // that attacks no enemy piece there, no enemy royal piece is attacked: tested on the board
  // before the move, with the occupancy after it and the mover left out.
  static bool gives_no_check(const Board<D>& b, int from, int to) {
    const B occupied = (b.occupied() ^ bit<B>(from)) | bit<B>(to);
    return !Attackers<D, us>::attack_royal(b, occupied, bit<B>(from));
  }

  // Drops from our hand onto the empty squares of each type's drop ranks that the evasions
  // allow (with no_doubled, not onto a file holding one of ours of the type; with
  // opposite_colours, as ColourRule says), with drop_promoted also as their promoted face. A
  // drop only adds a piece of ours, so it exposes nothing, except that against hoppers it may
  // make a screen (on a hop line), and out of a hopper's or a bent check the evasions do not
  // say which squares block: those drops are tested square by square, as are the drops of a
  // royal piece (royal_drops: it may not land where it is attacked). Returns whether it passed
  // any drop on.
  // (A piece that an enemy hopper may not hop over is no screen for it: where there are such
  // hoppers, each type's drops are tested as that type, `dropped`.)
  template <class Sink>
  static bool drops(const Board<D>& b, const Context& cx, Sink& sink) {
    const auto tested_empty = [&](int dropped) {
      B empty = ~cx.occupied & cx.evasions;
      if constexpr (Enemy::groups.hops > 0 || Enemy::groups.bents > 0)
        if (cx.royal >= 0) {
          constexpr B board = G::all();
          for (B tested = empty & (cx.checkers ? board : cx.hop_lines); tested;) {
            const int to = pop_lsb(tested);
            if (Enemy::attackers(b, cx.royal, cx.occupied | bit<B>(to), to, dropped)) empty ^= bit<B>(to);
          }
        }
      return empty;
    };
    constexpr bool by_type = Enemy::no_screen_types != 0;
    [[maybe_unused]] const B empty = by_type ? B(0) : tested_empty(-1);
    [[maybe_unused]] const auto colours = [&] {
      if constexpr (D::hands.opposite_colours != 0)
        return ColourRule(b, cx.occupied);
      else
        return NoColourRule{};
    }();
    bool any = false;
    for_each_index<V::types>([&](auto t) {
      if constexpr (V::in_hands(t))
        if (b.hand[us][t]) {
          B allowed = by_type ? tested_empty(t) : empty;
          if constexpr ((D::hands.no_doubled >> t & 1) != 0) allowed &= ~G::files_of(b.template pieces<t>(us));
          if constexpr (D::hands.opposite_colours != 0) allowed &= colours.template allowed<t>();
          if constexpr (V::is_royal(t)) allowed = unattacked(b, cx.occupied, allowed & V::drop_squares[us][t]);
          if (const B targets = allowed & V::drop_squares[us][t]) {
            sink.template drops<t>(targets);
            any = true;
          }
          if constexpr (V::drop_face(t) >= 0)
            if (const B targets = allowed & V::face_drop_squares[us][t]) {
              sink.template drops<t, V::drop_face(t)>(targets);
              any = true;
            }
        }
    });
    return any;
  }

  // The squares of `targets` where our royal piece, dropped or moved there (`occupied`: the
  // board without it), would not be attacked.
  static B unattacked(const Board<D>& b, B occupied, B targets) {
    B out = 0;
    while (targets) {
      const int to = pop_lsb(targets);
      if (!Enemy::attacks(b, to, occupied | bit<B>(to))) out |= bit<B>(to);
    }
    return out;
  }

  // opposite_colours (drop_keeps_colours in runtime/hand.hpp, Fairy-Stockfish's
  // dropOppositeColoredBishop): for each such type t, of our pieces of t on the board and in
  // hand at most half, rounded up, may stand on one square colour, so t is not dropped on a
  // colour holding that many; and each colour must keep room for half of them, rounded down
  // (the pieces of t there and the empty squares of t's drop ranks), so a drop of another type
  // may not take the last square of such room, nor land anywhere once the room is short.
  struct ColourRule {
    std::array<B, V::types> self{};  // by type t of the rule: where t may be dropped
    std::array<B, V::types> others{};  // by type t of the rule: where the other types may be
    ColourRule(const Board<D>& b, B occupied) {
      for_each_index<V::types>([&](auto t) {
        if constexpr ((D::hands.opposite_colours >> t & 1) != 0) {
          const B mine = b.template pieces<t>(us);
          int total = popcount(mine);
          if constexpr (V::in_hands(t)) total += b.hand[us][t];
          const B room = ~occupied & V::relative_ranks(us, D::hands.drop_ranks[t]);
          self[t] = others[t] = ~B(0);
          for (const B colour : V::square_colour) {
            const int placed = popcount(mine & colour);
            if (placed + 1 > (total + 1) / 2) self[t] &= ~colour;
            const int spare = placed + popcount(room & colour) - total / 2;
            if (spare < 0) others[t] = 0;
            else if (spare == 0) others[t] &= ~(room & colour);
          }
        }
      });
    }
    // Where a piece of type u may be dropped.
    template <int u>
    B allowed() const {
      B out = ~B(0);
      for_each_index<V::types>([&](auto t) {
        if constexpr ((D::hands.opposite_colours >> t & 1) != 0) out &= t == u ? self[t] : others[t];
      });
      return out;
    }
  };
  struct NoColourRule {};

  // First-move rights (first_moves.hpp; runtime/first_moves.hpp's add_first_moves): our pieces
  // of each right's type on first-rank squares that keep our right leap onto empty squares (not
  // in check where the right says so), tested like the piece's other moves. Each is a move of
  // its own, also where another move of the piece lands alike (as in the move generator).
  template <class Sink>
  static void first_moves(const Board<D>& b, const Context& cx, Sink& sink) {
    using F = FirstMoves<D>;
    for_each_index<F::count>([&](auto i) {
      constexpr FirstMoveDesc fm = D::rules.first_moves[i];
      constexpr int t = fm.type;
      if constexpr (!fm.in_check)
        if (cx.checkers) return;
      for (B pieces = b.gates & b.template pieces<t>(us) & F::template first_rank<us>; pieces;) {
        const int from = pop_lsb(pieces);
        const B leaps = F::template leaps<i, us>()[from] & ~cx.occupied;
        B targets = 0;
        if constexpr (V::is_royal(t)) {
          targets = unattacked(b, cx.occupied ^ bit<B>(from), leaps);
        } else {
          for (B tested = leaps & may_go(cx, from); tested;) {
            const int to = pop_lsb(tested);
            if (!((cx.verify & bit<B>(from)) || (cx.hop_lines & bit<B>(to))) || legal_after<t>(b, cx, from, to)) targets |= bit<B>(to);
          }
        }
        if (targets) sink.template moves<t>(FromSquare{from}, targets);
      }
    });
  }

  // Castling (see castling.hpp) of the piece on k with an unmoved partner: a royal one not out
  // of check (the caller sees to that), nor across or onto an attacked square; a castling piece
  // that is not royal whatever attacks it (Fairy-Stockfish's legal()).
  template <class Sink>
  static void castling(const Board<D>& b, const Context& cx, Sink& sink, int k) {
    constexpr bool royal = D::rules.castling.piece < 0;
    const int rank_start = G::square(0, G::rank_of(k));
    B partners = b.virgin & b.template pieces<D::rules.castling.partner>(us) & (G::rays[0][k] | G::rays[1][k]);
    while (partners) {
      const int p = pop_lsb(partners);
      const auto& rule = Castling<D>::rules[k - rank_start][p - rank_start];
      if (!rule.possible || (cx.occupied & (rule.empty << rank_start) & ~bit<B>(k) & ~bit<B>(p))) continue;
      const int king_to = rank_start + rule.king_to, partner_to = rank_start + rule.partner_to;
      if constexpr (royal && !pseudo_legal) {
        bool safe = true;
        for (B crossed = rule.crossed << rank_start; crossed && safe;) safe = !Enemy::attacks(b, pop_lsb(crossed), cx.occupied);
        const B after = (cx.occupied ^ bit<B>(k) ^ bit<B>(p)) | bit<B>(king_to) | bit<B>(partner_to);
        if (!safe || Enemy::attacks(b, king_to, after)) continue;
      }
      sink.castling(k, king_to, p, partner_to);
    }
  }
};

}  // namespace fairy::bitboard
