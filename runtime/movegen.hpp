// Move-generation pieces shared by generated modules and the interpreter: promotion choices,
// castling, and the legality filter. A "rules" type R provides
//   void generate(const Position&, MoveList&) const;       // pseudo-legal moves
//   bool attacked(const Position&, Square, Color by) const; // can `by` capture on the square
#pragma once

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <tuple>
#include <vector>

#include "runtime/ends.hpp"
#include "runtime/position.hpp"

namespace fairy {

// Whether colour c may promote to target t at depth `at` (PromotionTarget::open_to; 0 for
// in_place promotions, runtime/in_place_promotion.hpp).
inline bool promotion_target_open(const Position& pos, Color c, const PromotionTarget& t, int at = 0) {
  return t.open_to(c, at, [&] { return pos.count(c, t.type); }, pos.variant().start_count[c][t.type]);
}

// Adds m (m.promo == 0), expanded into the promotion choices the variant allows there.
// A move into a rank where promotion is compulsory but no choice is available is dropped.
inline void add_promotions(const Position& pos, MoveList& list, Move m) {
  const VariantInfo& v = pos.variant();
  const Piece p = pos.at(m.from);
  const int rule = v.promotion_rule[type_of(p)];
  if (rule < 0) {
    list.push(m);
    return;
  }
  const PromotionRule& pr = v.promotions[rule];
  const Color c = color_of(p);
  const int depth = v.geo.ranks - v.geo.relative_rank(m.to, c);  // 1 = last rank
  const int at = deciding_depth(pr, depth, v.geo.ranks - v.geo.relative_rank(m.from, c));
  if (!promotes_at(pr, at)) {
    list.push(m);
    return;
  }
  if (may_stay_at(pr, at)) list.push(m);
  if (pr.from_reserve) {  // the last piece left in the reserve, or nothing
    if (pos.reserve_size(c) == 0) return;
    m.promo = std::uint8_t(pos.reserve_back(c) + 1);
    list.push(m);
    return;
  }
  for (const PromotionTarget& t : pr.to) {
    if (!promotion_target_open(pos, c, t, depth)) continue;
    m.promo = std::uint8_t(t.type + 1);
    list.push(m);
  }
}

// The flying general (VariantInfo::flying_general): whether s holds the royal piece of `by`'s
// opponent and `by`'s royal piece stands on its file or rank with nothing between them.
inline bool royals_face(const Position& pos, Square s, Color by) {
  const VariantInfo& v = pos.variant();
  const Square k = pos.royal(by);
  const Piece target = pos.at(s);
  if (!v.flying_general || k == kNoSquare || !is_color(target, ~by) || !v.pieces[type_of(target)].royal) return false;
  return royals_facing(pos, k, s);  // s, not pos.royal(~by): a legality test moves pieces on the board alone
}

// Whether the side to move is in bikjang (end: bikjang, the royal pieces facing): then it may pass
// even in check, and any other move must part them.
inline bool in_bikjang(const Position& pos) { return pos.variant().ends.bikjang && pos.phase() == 0 && royals_facing(pos); }

// Adds a swap (m.kind == Swap) unless the two pieces are identical: that swap changes nothing,
// and chess has no pass (Sandbox: a Knight meeting another swapping Knight of its side).
inline void add_swap(const Position& pos, MoveList& list, const Move& m) {
  if (pos.at(m.from) != pos.at(m.to)) list.push(m);
}

// A swap is one move whichever partner starts it: when both can (two swapping piece types),
// the one found second is dropped.
inline void remove_swap_repeats(MoveList& list) {
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move& m = list.moves[i];
    bool repeat = false;
    for (int j = 0; j < kept && !repeat && m.kind == MoveKind::Swap; ++j)
      repeat = list.moves[j].kind == MoveKind::Swap && list.moves[j].from == m.to && list.moves[j].to == m.from;
    if (!repeat) list.moves[kept++] = m;
  }
  list.size = kept;
}

// The drop that may follow a normal move (drops: in the spec): the next reserve piece on any
// empty square of the side's drop zone, or pass. Returns whether the position is at that phase.
inline bool generate_drop_phase(const Position& pos, MoveList& list) {
  if (pos.phase() == 0) return false;
  const VariantInfo& v = pos.variant();
  const Color us = pos.side_to_move();
  const Geometry& g = v.geo;
  const std::uint8_t piece = std::uint8_t(pos.reserve_front(us) + 1);
  for (int r = 0; r < v.drops.zone; ++r)
    for (int f = 0; f < g.files; ++f) {
      const Square s = g.square(f, us == White ? r : g.ranks - 1 - r);
      if (pos.at(s) == kEmpty) list.push(Move{kNoSquare, s, kNoSquare, kNoSquare, MoveKind::Drop, piece});
    }
  list.push(Move{kNoSquare, kNoSquare, kNoSquare, kNoSquare, MoveKind::Pass, 0});
  return true;
}

// Drops repeated moves among list[first..] of a long list, keeping each first one in order:
// by sorting positions (on the heap; few pieces reach this many routes from one square).
inline void remove_repeats_sorted(MoveList& list, int first) {
  const auto key = [&list](int i) {
    const Move& m = list.moves[i];
    return std::make_tuple(m.from, m.to, m.aux1, m.aux2, m.kind, m.promo, i);
  };
  std::vector<int> order(std::size_t(list.size - first));
  std::iota(order.begin(), order.end(), first);
  std::sort(order.begin(), order.end(), [&key](int a, int b) { return key(a) < key(b); });
  std::vector<bool> repeat(std::size_t(list.size), false);
  for (std::size_t k = 1; k < order.size(); ++k)
    repeat[std::size_t(order[k])] = list.moves[order[k]] == list.moves[order[k - 1]];
  int kept = first;
  for (int i = first; i < list.size; ++i)
    if (!repeat[std::size_t(i)]) list.moves[kept++] = list.moves[i];
  list.size = kept;
}

// Drops repeated moves among list[first..]: a piece whose routes can coincide (a Lion's leap
// and its two-step slide) lists each distinct move once. A move to a square none before it
// reached is new at once (a bit a square); only one to a square reached before is compared with
// the moves kept, which is quadratic only in the repeats.
inline void remove_repeats(MoveList& list, int first) {
  if (list.size - first > 256) {  // a long list: sorted, as the loop below is quadratic in the repeats
    remove_repeats_sorted(list, first);
    return;
  }
  std::uint64_t reached[kMaxSquares / 64] = {};
  int kept = first;
  for (int i = first; i < list.size; ++i) {
    const Move m = list.moves[i];
    bool seen = false;
    const bool on_board = m.to >= 0 && m.to < kMaxSquares;
    const std::uint64_t bit = on_board ? std::uint64_t(1) << (m.to & 63) : 0;
    if (!on_board || (reached[m.to >> 6] & bit))
      for (int j = first; j < kept && !seen; ++j) seen = list.moves[j] == m;
    if (on_board) reached[m.to >> 6] |= bit;
    if (!seen) list.moves[kept++] = m;
  }
  list.size = kept;
}

// An induced move has the effect of the induced piece's own move from `from` to `to` when
// that move exists, does not promote and leaves no usable e.p. square (an induced move never
// does either); then, and for two inducers pushing the same piece alike, it is listed once.
inline void remove_induced_repeats(const Position& pos, MoveList& list) {
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move& m = list.moves[i];
    bool repeat = false;
    if (m.kind == MoveKind::Induced) {
      for (int j = 0; j < list.size && !repeat; ++j) {
        const Move& o = list.moves[j];
        if (o.from != m.from || o.to != m.to || o.promo || j == i) continue;
        if (o.kind == MoveKind::Induced) {
          repeat = j < i;
        } else if (o.kind == MoveKind::Normal) {
          std::array<Square, Position::kMaxEp> ep{};
          repeat = pos.usable_ep_squares(o, ep) == 0;
        }
      }
    }
    if (!repeat) list.moves[kept++] = m;
  }
  list.size = kept;
}

// Castling: the unmoved royal (or castling piece, castling: {piece: ...}) castles with an unmoved
// partner on its rank: it lands on CastlingRule's landing file on that side (king_steps from its
// start file, wherever it stands: Fairy-Stockfish's rule, so it may move fewer or more squares,
// or none), and the partner lands next to it, on the side it came from. Every square between the
// two and both landing squares must be empty (except for the two pieces). Attacks are checked
// by is_legal() (a castling piece that is not royal may castle out of, through and into attack).
inline void generate_castling(const Position& pos, MoveList& list) {
  const VariantInfo& v = pos.variant();
  if (!v.castling.enabled) return;
  const Color us = pos.side_to_move();
  const Square k = pos.castler(us);
  if (k == kNoSquare || !pos.tracked_virgin(k)) return;
  const Geometry& g = v.geo;
  const Piece partner = make_piece(us, v.castling.partner);
  const int kf = g.file_of(k), rank = g.rank_of(k);
  for (int dir : {1, -1}) {
    const int kto_f = v.castling.landing_file(dir);
    if (kto_f < 0) continue;
    for (int pf = kf + dir; pf >= 0 && pf < g.files; pf += dir) {
      const Square ps = g.square(pf, rank);
      if (pos.at(ps) != partner || !pos.tracked_virgin(ps)) continue;
      const int rto_f = kto_f - dir;
      const int lo = std::min({kf, pf, kto_f, rto_f}), hi = std::max({kf, pf, kto_f, rto_f});
      bool clear = true;
      for (int f = lo; f <= hi && clear; ++f)
        if (f != kf && f != pf && pos.at(g.square(f, rank)) != kEmpty) clear = false;
      if (clear) list.push(Move{k, g.square(kto_f, rank), ps, g.square(rto_f, rank), MoveKind::Castling, 0});
    }
  }
}

// For a piece with safe_passage making a move of more than one square: it must not stand
// attacked, and one of the two step-by-step routes (straight steps first, or diagonal steps
// first) must cross only unattacked squares. Judged in the current position.
template <class R>
bool passage_is_safe(const Position& pos, const R& rules, const Move& m) {
  const Geometry& g = pos.geo();
  const int dx = g.file_of(m.to) - g.file_of(m.from), dy = g.rank_of(m.to) - g.rank_of(m.from);
  const int ax = std::abs(dx), ay = std::abs(dy);
  if (std::max(ax, ay) <= 1) return true;
  const Color them = ~pos.side_to_move();
  if (rules.attacked(pos, m.from, them)) return false;
  const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  const int diag = std::min(ax, ay), straight = std::max(ax, ay) - diag;
  const int straight_step = ax > ay ? g.offset(sx, 0) : g.offset(0, sy), diag_step = g.offset(sx, sy);
  for (bool straight_first : {true, false}) {
    bool safe = true;
    Square s = m.from;
    for (int k = 0; k + 1 < straight + diag && safe; ++k) {
      const bool straight_now = straight_first ? k < straight : k >= diag;
      s = Square(s + (straight_now ? straight_step : diag_step));
      safe = !rules.attacked(pos, s, them);
    }
    if (safe) return true;
    if (straight == 0 || diag == 0) break;  // one route only
  }
  return false;
}

// Explosions (atomic): whether two squares are neighbours (a royal piece next to the enemy's
// cannot be taken by it: the taker's royal piece would explode too).
inline bool next_to(const Geometry& g, Square a, Square b) {
  return a != kNoSquare && b != kNoSquare && std::abs(g.file_of(a) - g.file_of(b)) <= 1 &&
         std::abs(g.rank_of(a) - g.rank_of(b)) <= 1;
}

// Whether c's royal piece stands attacked (never while it touches the enemy's royal piece, where
// pieces explode).
template <class R>
bool royal_attacked(const Position& pos, const R& rules, Color c) {
  const Square royal = pos.royal(c);
  if (royal == kNoSquare) return false;
  if (pos.variant().explosions.enabled && next_to(pos.geo(), royal, pos.royal(~c))) return false;
  return rules.attacked(pos, royal, ~c);
}

// Castling: the royal piece may not stand or pass on an attacked square (its destination is
// tested after the move). With explosions, a square next to the enemy's royal piece is never
// attacked, and each square is tested with the royal piece lifted from its own, as Fairy-Stockfish
// tests its pseudo-royal king. With the flying general, the royal piece may not pass a square
// that faces the enemy's royal piece either (lifted from its own square, as Fairy-Stockfish's
// legal(): synochess).
template <class R>
bool castling_passage_safe(Position& pos, const R& rules, const Move& m) {
  const Color them = ~pos.side_to_move();
  const bool explosions = pos.variant().explosions.enabled;
  const auto unsafe = [&](Square s) {
    if (pos.variant().flying_general && s != m.from && royals_facing(pos, s, pos.royal(them), m.from)) return true;
    if (!explosions) return rules.attacked(pos, s, them);
    if (next_to(pos.geo(), s, pos.royal(them))) return false;
    const Move lifted{m.from, s, kNoSquare, kNoSquare, MoveKind::Normal, 0};
    return pos.test_on_board(lifted, [&](Square) { return rules.attacked(pos, s, them); });
  };
  // Never out of check, also where the royal piece lands on its own square (the partner's move
  // could block the check: Fairy-Stockfish generates no castling in check).
  if (m.from == m.to) return !unsafe(m.from);
  const int step = m.to > m.from ? 1 : -1;
  for (Square s = m.from; s != m.to; s = Square(s + step))
    if (unsafe(s)) return false;
  return true;
}

// Whether the mover's royal piece is safe after its move (made): not attacked; with explosions,
// not exploded, and anything goes once the enemy's royal piece has exploded (the game is over).
template <class R>
bool royal_safe_after(const Position& pos, const R& rules, Color us, bool had_royal, bool enemy_had_royal) {
  if (!pos.variant().explosions.enabled) {
    const Square royal = pos.royal(us);
    return royal == kNoSquare || !rules.attacked(pos, royal, ~us);
  }
  if (had_royal && pos.royal(us) == kNoSquare) return false;
  if (enemy_had_royal && pos.royal(~us) == kNoSquare) return true;
  return !royal_attacked(pos, rules, us);
}

// Whether m is an in_place promotion (PromotionRule::in_place: a move of its own, which may not
// give check). Asked before m is made.
inline bool is_in_place_promotion(const Position& pos, const Move& m) {
  const VariantInfo& v = pos.variant();
  return v.any_in_place && m.promo && m.kind == MoveKind::Normal && v.promotion_rule[type_of(pos.at(m.from))] < 0;
}

// Makes m if it is legal and returns true; otherwise leaves the position unchanged.
template <class R>
bool make_if_legal(Position& pos, const R& rules, const Move& m) {
  const Color us = pos.side_to_move();
  if (m.kind == MoveKind::Drop && pos.variant().hands.enabled) return make_drop_if_legal(pos, rules, m);
  if (m.kind == MoveKind::Pass && pos.variant().pass && !in_bikjang(pos) && in_check(pos, rules)) return false;
  if (m.kind == MoveKind::Pass || m.kind == MoveKind::Drop) {  // never in check at a later move
    pos.make(m);
    return true;
  }
  if (m.gate) {  // legal when the move alone is (see is_legal)
    Move alone = m;
    alone.gate = 0;
    if (!make_if_legal(pos, rules, alone)) return false;
    pos.unmake();
    pos.make(m);
    return true;
  }
  if (m.kind != MoveKind::Castling && pos.variant().bound_to_safe_passage(pos.at(m.from)) && !passage_is_safe(pos, rules, m))
    return false;
  // A castling piece that is not royal is never impeded by attacks (Fairy-Stockfish's legal()).
  if (m.kind == MoveKind::Castling && pos.variant().castling.piece < 0 && !castling_passage_safe(pos, rules, m))
    return false;
  const bool had_royal = pos.royal(us) != kNoSquare, enemy_had_royal = pos.royal(~us) != kNoSquare;
  const bool no_check = !pos.variant().checks_allowed || is_in_place_promotion(pos, m);
  const bool bikjang = in_bikjang(pos);
  pos.make(m);
  if (!royal_safe_after(pos, rules, us, had_royal, enemy_had_royal) || (bikjang && royals_facing(pos)) ||
      (no_check && pos.phase() == 0 && in_check(pos, rules))) {
    pos.unmake();
    return false;
  }
  return true;
}

// Whether m takes an enemy piece (on its square, e.p. or on the way).
inline bool is_capture(const Position& pos, const Move& m) {
  return m.kind == MoveKind::EnPassant || m.kind == MoveKind::Locust ||
         (m.to != kNoSquare && is_color(pos.at(m.to), ~pos.side_to_move()));
}

// Captures compulsory (must_capture): when some move in the list captures, only captures stay.
inline void keep_captures_if_any(const Position& pos, MoveList& list) {
  int kept = 0;
  for (const Move& m : list)
    if (is_capture(pos, m)) list.moves[kept++] = m;
  if (kept) list.size = kept;
}

// Drops compulsory (hands: {must_drop: true}): while the side to move holds a piece in hand and
// some drop in the list is legal, only drops stay (Fairy-Stockfish's mustDrop).
inline void keep_drops_if_any(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  bool holds = false;
  for (int t = 0; t < int(pos.variant().pieces.size()) && !holds; ++t) holds = pos.in_hand(us, t) > 0;
  if (!holds) return;
  int kept = 0;
  for (const Move& m : list)
    if (m.kind == MoveKind::Drop) list.moves[kept++] = m;
  if (kept) list.size = kept;
}

// Later moves of a multi-move turn: a Pass is always one of them; captures and moves of the
// piece that moved last may be barred. Called after a variant's pseudo-legal generation.
inline void apply_turn_rules(const Position& pos, MoveList& list) {
  if (pos.phase() == 0) return;
  const TurnRule& turn = pos.variant().turn;
  int kept = 0;
  for (const Move& m : list) {
    if (!turn.later_same_piece && m.from == pos.last_moved()) continue;
    if (!turn.later_captures && is_capture(pos, m)) continue;
    list.moves[kept++] = m;
  }
  list.size = kept;
  list.push(Move{kNoSquare, kNoSquare, kNoSquare, kNoSquare, MoveKind::Pass, 0});
}

// Per-node legality shortcut: when the side to move is not in check, a normal move of a
// non-royal piece that leaves no square of an attack route ending on the royal piece cannot
// expose it (VariantInfo::aligned), so it needs no test. Where an occupied square can be a
// turning point (hoppers, locust captures, induction) a move can also give check by entering
// such a square, so then that square must be off every such route too. Only the routes of the
// enemy's piece types on the board count (Position::present): a move of ours adds none.
class QuickLegality {
 public:
  template <class R>
  QuickLegality(const Position& pos, const R& rules)
      : info_(pos.variant()),
        royal_(pos.royal(pos.side_to_move())),
        attackers_(pos.present(~pos.side_to_move())),
        turning_(info_.occupied_turns & attackers_) {
    bikjang_ = in_bikjang(pos);
    enabled_ = info_.checks_allowed && !info_.explosions.enabled && !bikjang_ &&
               (royal_ == kNoSquare || !rules.attacked(pos, royal_, ~pos.side_to_move()));
  }
  // The side to move is in bikjang (in_bikjang): every move but the pass must part the royal pieces.
  bool bikjang() const { return bikjang_; }
  // The side to move was not in check (or has no royal piece).
  bool not_in_check() const { return enabled_; }
  // Whether a piece entering s may give a route of an enemy piece on the board a turning point
  // (VariantInfo::occupied_turns: a hopper's screen, a locust's victim, an induced friend).
  bool turns_at(Square s) const { return turning_ && royal_ != kNoSquare && (info_.aligned_types(s, royal_) & turning_); }
  bool surely_legal(const Position& pos, const Move& m) const {
    if (!enabled_ || royal_ == kNoSquare) return enabled_;
    return m.kind == MoveKind::Normal && m.from != royal_ && !(info_.aligned_types(m.from, royal_) & attackers_) &&
           !turns_at(m.to) && !info_.bound_to_safe_passage(pos.at(m.from));
  }
  // Whether a normal move of a non-royal piece is legal because the royal piece, not in check,
  // stays safe with the mover lifted off its square. A piece entering a square only blocks
  // routes and taking an enemy there only removes one, unless an occupied square can turn a
  // route (occupied_turns: hoppers, locust captures, induction) and the square entered is on
  // one (as in surely_legal); otherwise the square left decides: each piece is lifted once for
  // all its moves, which come one after another (the last answer is kept).
  template <class R>
  bool legal_when_lifted(Position& pos, const R& rules, const Move& m) const {
    if (!enabled_ || royal_ == kNoSquare || m.kind != MoveKind::Normal || m.from == royal_ || turns_at(m.to) ||
        info_.bound_to_safe_passage(pos.at(m.from)))
      return false;
    if (m.from != lifted_) {
      lifted_ = m.from;
      const Color them = ~pos.side_to_move();
      lifted_safe_ = pos.test_lifted(m.from, [&] {
        if constexpr (requires { rules.attacked_via(pos, royal_, them, m.from, m.from); })
          return !rules.attacked_via(pos, royal_, them, m.from, m.from);
        else
          return !rules.attacked(pos, royal_, them);
      });
    }
    return lifted_safe_;
  }

 private:
  const VariantInfo& info_;
  Square royal_;
  std::uint64_t attackers_;  // the enemy's piece types on the board
  std::uint64_t turning_;    // those of them whose routes may turn on an occupied square
  bool enabled_ = false;
  bool bikjang_ = false;
  mutable Square lifted_ = kNoSquare;  // legal_when_lifted's last piece, and its answer
  mutable bool lifted_safe_ = false;
};

// Whether a pseudo-legal move is legal: at once when the shortcut says so; for a move whose
// legality is only whether the royal piece stands attacked after it, by moving its pieces on
// the board alone; otherwise by making and unmaking it.
// A generated module also has attacked_via(pos, s, by, a, b), which runs only the attack walks
// whose routes pass a or b: when the royal piece stayed and was not in check, a normal move can
// attack it only along a route through the square it left or the one it entered.
template <class R>
bool is_legal(Position& pos, const R& rules, const QuickLegality& quick, const Move& m) {
  if (m.kind == MoveKind::Drop && pos.variant().hands.enabled) return hand_drop_is_legal(pos, rules, quick, m);
  if (m.kind == MoveKind::Pass && pos.variant().pass) return quick.bikjang() || !in_check(pos, rules);  // as make_if_legal
  if (m.kind == MoveKind::Pass || m.kind == MoveKind::Drop) return true;  // as make_if_legal
  // Made and tested (make_if_legal), then taken back.
  const auto legal_when_made = [&] {
    if (!make_if_legal(pos, rules, m)) return false;
    pos.unmake();
    return true;
  };
  if (is_in_place_promotion(pos, m)) return legal_when_made();  // may not give check
  const VariantInfo& v = pos.variant();
  const auto plain = [&v, &pos](Square s) {  // neither royal nor bound to a safe passage
    return !v.pieces[type_of(pos.at(s))].royal && !v.bound_to_safe_passage(pos.at(s));
  };
  // A swap of two plain pieces of ours leaves every square as occupied as it was: legal exactly
  // when the side is not in check.
  if (m.kind == MoveKind::Swap && !m.gate && quick.not_in_check() && plain(m.from) && plain(m.to)) return true;
  // An induced move relocates one piece as a non-capturing, unpromoting move of its own would:
  // the same tests decide.
  if (m.kind == MoveKind::Induced && !m.gate) {
    Move own = m;
    own.kind = MoveKind::Normal;
    own.aux1 = kNoSquare;
    return is_legal(pos, rules, quick, own);
  }
  if (quick.surely_legal(pos, m) || quick.legal_when_lifted(pos, rules, m)) return true;
  if (quick.bikjang()) return legal_when_made();  // the move must part the royal pieces
  // A gating move is legal when the move alone is (as in Fairy-Stockfish, the gated piece
  // does not shield the royal piece); the piece can expose nothing.
  if (m.gate) {
    Move alone = m;
    alone.gate = 0;
    return is_legal(pos, rules, quick, alone);
  }
  // Where a move may not give check (racing kings) or explodes, make_if_legal decides.
  const bool board_only = pos.variant().checks_allowed && !pos.variant().explosions.enabled && (m.kind == MoveKind::Normal ||
                                                           m.kind == MoveKind::EnPassant || m.kind == MoveKind::Locust);
  if (board_only && !pos.variant().bound_to_safe_passage(pos.at(m.from))) {
    const Color them = ~pos.side_to_move();
    const Square royal_before = pos.royal(pos.side_to_move());
    return pos.test_on_board(m, [&](Square royal) {
      if (royal == kNoSquare) return true;
      if constexpr (requires { rules.attacked_via(pos, royal, them, m.from, m.to); })
        if (royal == royal_before && quick.not_in_check() && m.kind == MoveKind::Normal)
          return !rules.attacked_via(pos, royal, them, m.from, m.to);
      return !rules.attacked(pos, royal, them);
    });
  }
  return legal_when_made();
}

template <class R>
bool in_check(const Position& pos, const R& rules) {
  return royal_attacked(pos, rules, pos.side_to_move());
}

// The legal moves: none once the game has ended (runtime/ends.hpp), only captures when captures
// are compulsory and some capture is legal.
template <class R>
void generate_legal(Position& pos, const R& rules, MoveList& out) {
  out.size = 0;
  if (pos.variant().ends.immediate() && immediate_end(pos, rules)) return;
  MoveList pseudo;
  rules.generate(pos, pseudo);
  // pass: a side may pass at its turn (is_legal: not in check, unless in bikjang).
  if (pos.variant().pass && pos.phase() == 0 && pos.royal(pos.side_to_move()) != kNoSquare)
    pseudo.push(Move{kNoSquare, kNoSquare, kNoSquare, kNoSquare, MoveKind::Pass, 0});
  const QuickLegality quick(pos, rules);
  for (const Move& m : pseudo)
    if (is_legal(pos, rules, quick, m)) out.push(m);
  if (pos.variant().must_capture) keep_captures_if_any(pos, out);
  if (pos.variant().hands.must_drop) keep_drops_if_any(pos, out);
}

// The legal moves for play (a game, notation, the search, the server): a generated module's
// kernel lists them where it can (kernel_moves, runtime/kernel_engine.hpp), else
// generate_legal. The same moves as generate_legal's (tests/kernel_check.cpp compares them),
// perhaps in another order.
template <class R>
void play_moves(Position& pos, const R& rules, MoveList& out) {
  if constexpr (requires { rules.kernel_moves(pos, out); })
    if (rules.kernel_moves(pos, out)) return;
  generate_legal(pos, rules, out);
}

}  // namespace fairy

// Drops from a hand (generate_hand_drops and their legality) build on the pieces above.
#include "runtime/hand.hpp"  // IWYU pragma: export
// First-move rights (Ouk Chatrang) likewise.
#include "runtime/first_moves.hpp"  // IWYU pragma: export
// Promotions that are moves of their own (Sittuyin) likewise.
#include "runtime/in_place_promotion.hpp"  // IWYU pragma: export
