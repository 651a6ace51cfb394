// Rules that end a game while moves remain (extinction, bare king, the flag, n-check), as
// Fairy-Stockfish's Position::is_immediate_game_end judges them: once one applies, the position
// has no legal moves (perft counts none, `fairy moves` lists none) and `fairy play` reports it.
#pragma once

#include <algorithm>
#include <optional>

#include "runtime/position.hpp"

namespace fairy {

// From runtime/movegen.hpp.
template <class R>
bool make_if_legal(Position& pos, const R& rules, const Move& m);
template <class R>
bool in_check(const Position& pos, const R& rules);

struct GameEnd {
  EndValue value;      // for the side to move
  const char* reason;  // "extinction", "third check", ... (static text: perft allocates nothing)
};

constexpr EndValue operator-(EndValue v) { return EndValue(-int(v)); }

// "third check" for the 3rd (n-check counts 1 to 9 checks).
inline const char* nth_check(int n) {
  static const char* const names[] = {"check",       "first check",   "second check",
                                      "third check", "fourth check",  "fifth check",
                                      "sixth check", "seventh check", "eighth check", "ninth check"};
  return names[n >= 1 && n <= 9 ? n : 0];
}

// Whether c has lost every piece of a type of the extinction rule (or all pieces, or all but
// the bare king), the opponent keeping enough of it.
inline bool extinct(const Position& pos, Color c) {
  const VariantInfo& v = pos.variant();
  const ExtinctionRule& x = v.ends.extinction;
  const int more = x.claim && c == pos.side_to_move() ? 1 : 0;
  if (x.all && pos.piece_total(c) <= x.count && pos.piece_total(~c) >= x.opponent_count + more) return true;
  for (int t = 0; t < int(v.pieces.size()); ++t)
    if ((x.types >> t & 1) && pos.count(c, t) <= x.count && pos.count(~c, t) >= x.opponent_count + more) return true;
  return false;
}

inline bool flag_reached(const Position& pos, Color c) {
  const FlagRule& f = pos.variant().ends.flag;
  const Piece p = make_piece(c, f.piece);
  bool reached = false;
  for_each_held(pos.variant().geo, f.squares[c], [&](Square s) { reached = reached || pos.at(s) == p; });
  return reached;
}

// With the flag's extra move: whether Black, White having reached the flag, can reach it too
// with a legal move of its flag piece (then the game goes on for that move).
template <class R>
bool can_follow_to_flag(Position& pos, const R& rules) {
  const FlagRule& f = pos.variant().ends.flag;
  MoveList pseudo;
  rules.generate(pos, pseudo);
  for (const Move& m : pseudo) {
    if (m.from == kNoSquare || pos.at(m.from) != make_piece(Black, f.piece)) continue;
    if (!holds(f.squares[Black], kernel_square(pos.variant().geo, m.to))) continue;
    if (make_if_legal(pos, rules, m)) {
      pos.unmake();
      return true;
    }
  }
  return false;
}

// Whether the two royal pieces stand on one file or rank with nothing between them (janggi's
// bikjang; the flying general); `lifted` (a square the moving royal piece leaves) counts as empty.
inline bool royals_facing(const Position& pos, Square a, Square b, Square lifted = kNoSquare) {
  if (a == kNoSquare || b == kNoSquare) return false;
  const Geometry& g = pos.geo();
  const int dx = g.file_of(b) - g.file_of(a), dy = g.rank_of(b) - g.rank_of(a);
  if (dx && dy) return false;
  const int step = g.offset((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
  Square t = Square(a + step);
  while (t != b && (pos.at(t) == kEmpty || t == lifted)) t = Square(t + step);
  return t == b;
}
inline bool royals_facing(const Position& pos) { return royals_facing(pos, pos.royal(White), pos.royal(Black)); }

template <class R>
std::optional<GameEnd> immediate_end(Position& pos, const R& rules) {
  const VariantInfo& v = pos.variant();
  const EndRules& e = v.ends;
  const Color us = pos.side_to_move();
  // A pass after a pass, or a pass that leaves the royal pieces facing (only a pass can: in
  // bikjang every other move must part them). Moves before the FEN are not known: at a FEN's
  // position neither has happened (Fairy-Stockfish's reading).
  if ((e.double_pass || e.bikjang) && pos.last_move() && pos.last_move()->kind == MoveKind::Pass) {
    const Move* before = pos.move_back(1);
    if (e.double_pass && before && before->kind == MoveKind::Pass) return GameEnd{EndValue::Draw, "both sides passed"};
    if (e.bikjang && royals_facing(pos)) return GameEnd{EndValue::Draw, "bikjang"};
  }
  if (e.extinction.enabled) {
    const char* why = e.extinction.bare_king ? "bare king" : "extinction";
    if (extinct(pos, ~us)) return GameEnd{-e.extinction.value, why};
    if (extinct(pos, us)) return GameEnd{e.extinction.value, why};
  }
  if (e.flag.piece >= 0) {
    // A side may win on its own move only with the extra move (the opponent has had it).
    if (e.flag.extra_move && flag_reached(pos, us)) {
      if (us == White && flag_reached(pos, Black)) return GameEnd{EndValue::Draw, "both reached the flag"};
      return GameEnd{EndValue::Win, "flag"};
    }
    const bool royal_flag = v.pieces[e.flag.piece].royal;
    if ((!e.flag.extra_move || royal_flag) && flag_reached(pos, ~us)) {
      // Black may still draw by reaching the flag at once (racing kings).
      const bool follows = e.flag.extra_move && us == Black && !in_check(pos, rules) && can_follow_to_flag(pos, rules);
      if (!follows) return GameEnd{EndValue::Loss, "flag"};
    }
  }
  if (e.checks && pos.checks_left(~us) == 0) return GameEnd{EndValue::Loss, nth_check(e.checks)};
  return std::nullopt;
}

}  // namespace fairy
