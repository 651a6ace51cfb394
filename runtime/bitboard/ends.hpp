// Game ends the kernel judges before it generates a position's moves: runtime/ends.hpp's
// immediate_end, the rules of it a covered variant may have. A position whose game has ended
// has no moves, in the mailbox perft as in Fairy-Stockfish's (its perft counts none after an
// immediate game end), so perft counts none there either.
//
// The description's record says which rules its variant has, and only those have code, so the
// other variants' kernel code stays as it was: rules.ends.extinction (end: extinction /
// bare_king), rules.ends.flag (end: flag), rules.ends.checks (end: {checks: N}, n-check; the
// board counts the checks each side has left, perft.hpp).
#pragma once

#include "runtime/bitboard/no_check.hpp"

namespace fairy::bitboard {

template <class D>
struct Ends {
  using V = Variant<D>;
  using B = typename V::B;
  static constexpr bool extinction = D::rules.ends.extinction.enabled;
  static constexpr bool flag = D::rules.ends.flag.piece >= 0;
  static constexpr bool checks = counts_checks<D>;
  static constexpr bool any = extinction || flag || checks;

  // Whether the game has ended with `us` to move (so no move follows).
  template <Color us>
  static bool over(const Board<D>& b) {
    if constexpr (checks)  // the opponent has given its last check
      if (b.checks_left[~us] == 0) return true;
    if constexpr (extinction)
      if (extinct<us, ~us>(b) || extinct<us, us>(b)) return true;
    if constexpr (flag) return flag_over<us>(b);
    return false;
  }

 private:
  // runtime/ends.hpp's flag rule: a side wins on reaching the flag; with the extra move, only on
  // its own turn (the opponent has had its move), and Black, White there first, may still
  // follow with a legal move of its flag piece onto the flag (racing kings: a draw).
  template <Color us>
  static bool flag_over(const Board<D>& b) {
    constexpr FlagRule f = D::rules.ends.flag;
    if constexpr (f.extra_move)
      if (reached(b, us)) return true;
    if constexpr (!f.extra_move || V::is_royal(f.piece)) {
      if (!reached(b, ~us)) return false;
      if constexpr (f.extra_move && us == Black) return !can_follow(b);
      return true;
    }
    return false;
  }

  static constexpr std::array<B, 2> flag_squares = [] {
    std::array<B, 2> out{};
    if constexpr (flag)
      for (const Color c : {White, Black}) out[c] = board_of<B>(D::rules.ends.flag.squares[c], V::squares);
    return out;
  }();

  static bool reached(const Board<D>& b, Color c) { return bool(b.template pieces<D::rules.ends.flag.piece>(c) & flag_squares[c]); }

  // Whether a move of Black's flag piece onto its flag is legal (not while in check).
  // (can_follow_to_flag: any move of the piece, promoting or not, castling too.)
  struct FollowFinder {
    const Board<D>& b;
    bool found = false;
    template <int t, class From>
    void moves(From, B targets) {
      if constexpr (t == D::rules.ends.flag.piece) found |= bool(targets & flag_squares[Black]);
    }
    template <int t, class From>
    void promotions(From, B targets, const Choices&) {
      if constexpr (t == D::rules.ends.flag.piece) found |= bool(targets & flag_squares[Black]);
    }
    template <int t>
    void en_passant(int, int to, const Choices&) {
      if constexpr (t == D::rules.ends.flag.piece) found |= bool(bit<B>(to) & flag_squares[Black]);
    }
    void castling(int king_from, int king_to, int, int) {
      found |= b.piece[king_from] == D::rules.ends.flag.piece + 1 && bool(bit<B>(king_to) & flag_squares[Black]);
    }
  };
  static bool can_follow(const Board<D>& b) {
    for (B royals = b.template of_types<V::royal_types>(Black); royals;)
      if (Attackers<D, White>::attacks(b, pop_lsb(royals), b.occupied())) return false;
    FollowFinder finder{b};
    generate_moves<D, Black>(b, finder);
    return finder.found;
  }

  // runtime/ends.hpp's extinct(pos, c).
  template <Color us, Color c>
  static bool extinct(const Board<D>& b) {
    constexpr ExtinctionRule x = D::rules.ends.extinction;
    constexpr int more = x.claim && c == us ? 1 : 0;
    if constexpr (x.all)
      if (popcount(b.color[c]) <= x.count && popcount(b.color[~c]) >= x.opponent_count + more) return true;
    bool out = false;
    for_each_index<V::types>([&](auto t) {
      if constexpr ((x.types >> t) & 1)
        out = out || (popcount(b.type[t] & b.color[c]) <= x.count && popcount(b.type[t] & b.color[~c]) >= x.opponent_count + more);
    });
    return out;
  }
};

}  // namespace fairy::bitboard
