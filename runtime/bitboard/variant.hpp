// What the kernel derives from a description D once per variant, at compile time: the board
// geometry, which piece types are royal, which have their virginity tracked (royal pieces and
// castling partners, as in Position), promotion rules by type, and the start position's squares
// per colour and type (for XBetza `i` on other pieces, and for recoup promotions), and where a
// piece in hand may be dropped.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "runtime/bitboard/description.hpp"
#include "runtime/bitboard/grid.hpp"
#include "runtime/hot_inline.hpp"

namespace fairy::bitboard {

// Calls f(std::integral_constant<int, i>{}) for i = 0 .. n-1: a loop the compiler unrolls with
// i usable as a template argument. The loop itself is always inlined (FAIRY_HOT_INLINE; f is
// not forced): GCC caps how much a shard of generated modules may grow by inlining, and once
// 3check's kernel shared chess's shard these loops stayed calls (chess's perft 20-30% slower).
template <int n, class F>
FAIRY_HOT_INLINE constexpr void for_each_index(F&& f) {
  [&]<int... i>(std::integer_sequence<int, i...>) __attribute__((always_inline)) {
    (f(std::integral_constant<int, i>{}), ...);
  }(std::make_integer_sequence<int, n>{});
}

using TypeSet = std::uint64_t;  // bit t: piece type t (at most 63 types)

constexpr bool tracks_virginity(const auto& pieces, const CastlingRule& castling, int type) {
  return pieces[type].royal || (castling.enabled && (castling.partner == type || castling.piece == type));
}

template <class D>
struct Variant {
  using B = typename D::Word;
  using G = Grid<D::files, D::ranks, B>;
  static constexpr int types = int(D::pieces.size());
  static constexpr int squares = G::squares;
  // The board as the model's Geometry, whose squares the descriptions name (runtime/square_names.hpp).
  static constexpr Geometry board{.files = D::files, .ranks = D::ranks};
  static_assert(types >= 1 && types <= kMaxPieceTypes);

  static constexpr TypeSet royal_types = [] {
    TypeSet s = 0;
    for (int t = 0; t < types; ++t)
      if (D::pieces[t].royal) s |= TypeSet(1) << t;
    return s;
  }();
  static constexpr TypeSet tracked_types = [] {
    TypeSet s = 0;
    for (int t = 0; t < types; ++t)
      if (tracks_virginity(D::pieces, D::rules.castling, t)) s |= TypeSet(1) << t;
    return s;
  }();
  // The types that castle (VariantInfo::castles): the royal ones, or the castling piece.
  static constexpr TypeSet castler_types = D::rules.castling.piece >= 0 ? TypeSet(1) << D::rules.castling.piece : royal_types;
  static constexpr bool is_royal(int t) { return (royal_types >> t) & 1; }
  static constexpr bool is_tracked(int t) { return (tracked_types >> t) & 1; }

  // promotion_rule[t]: index into D::rules.promotions of the rule by which t's own moves promote, or -1.
  static constexpr auto promotion_rule = [] {
    std::array<int, types> rule{};
    rule.fill(-1);
    for (int r = 0; r < int(D::rules.promotions.size()); ++r)
      if (!D::rules.promotions[r].in_place)
        for (int t : D::rules.promotions[r].pieces) rule[t] = r;
    return rule;
  }();
  // Promotions that are moves of their own (PromotionData::in_place): whether there are any,
  // each rule's piece types, and its squares per colour.
  static constexpr int promotion_rules = int(D::rules.promotions.size());
  static constexpr bool in_place = [] {
    for (const PromotionData& r : D::rules.promotions)
      if (r.in_place) return true;
    return false;
  }();
  static constexpr auto rule_types = [] {
    std::array<TypeSet, promotion_rules> out{};
    for (int r = 0; r < promotion_rules; ++r)
      for (int t : D::rules.promotions[r].pieces) out[r] |= TypeSet(1) << t;
    return out;
  }();
  static constexpr auto in_place_squares = [] {
    std::array<std::array<B, 2>, promotion_rules> out{};
    for (int r = 0; r < promotion_rules; ++r)
      if (D::rules.promotions[r].in_place)
        for (const Color c : {White, Black})
          for_each_kernel_square(board, D::rules.promotions[r].squares[c], [&](int s) { set_square(out[r][c], s); });
    return out;
  }();

  // start_squares[c][t]: where colour c's pieces of type t stand in the start position.
  static constexpr auto start_squares = [] {
    std::array<std::array<B, types>, 2> out{};
    constexpr auto start = fen_board<D>(D::rules.start_fen);
    for (int s = 0; s < squares; ++s)
      if (const Piece p = start[std::size_t(s)]; p != kEmpty) set_square(out[color_of(p)][type_of(p)], s);
    return out;
  }();
  static constexpr int start_count(Color c, int t) { return popcount(start_squares[c][t]); }

  // may_end[c][t]: where colour c's pieces of type t may end a move and attack (every square
  // unless the type is confined to a region: PieceDesc::region).
  static constexpr auto may_end = [] {
    std::array<std::array<B, types>, 2> out{};
    for (const Color c : {White, Black})
      for (int t = 0; t < types; ++t) out[c][t] = D::pieces[t].confined ? board_of<B>(D::pieces[t].region[c], squares) : G::all();
    return out;
  }();
  static constexpr bool is_confined(int t) { return D::pieces[t].confined; }

  static constexpr bool hands = D::hands.enabled;
  static constexpr bool drops = hands && D::hands.drops;
  static constexpr bool gating = hands && D::hands.gating;
  // Whether the board keeps rights on first-rank squares (Board::gates): gating's or first moves'.
  static constexpr bool gate_rights = gating || has_first_moves<D>;
  // Whether pieces of type t can be in a hand: those that return to it as themselves (a
  // promoted piece returns as another type). A royal piece is in a hand only before it is
  // placed (placement: royal_drops; elsewhere Board::load declines it).
  static constexpr bool in_hands(int t) {
    return hands && D::hands.hand_type[t] == t && (!is_royal(t) || D::hands.royal_drops);
  }
  // The type a piece of type t in hand may also be dropped as (drop_promoted), or -1.
  static constexpr int drop_face(int t) { return in_hands(t) && D::hands.drop_promoted ? D::hands.drop_face[t] : -1; }
  // The squares of the drop ranks of type t, counted from c's side, less those where `as` could
  // never move (no_dead_drops; can_ever_move, runtime/program.hpp).
  static constexpr B drop_targets(Color c, int t, int as) {
    B out = 0;
    for (int s = 0; s < squares; ++s) {
      if (!(D::hands.drop_ranks[t] >> G::relative_rank(s, c) & 1)) continue;
      if (D::hands.no_dead_drops && !can_ever_move(D::pieces[as].paths[c], G::files, G::ranks, G::file_of(s), G::rank_of(s)))
        continue;
      set_square(out, s);
    }
    return out;
  }
  // drop_squares[c][t]: where colour c drops type t as itself; face_drop_squares: as its face.
  static constexpr auto drop_squares = [] {
    std::array<std::array<B, types>, 2> out{};
    for (int t = 0; t < types; ++t)
      for (const Color c : {White, Black})
        if (in_hands(t)) out[c][t] = drop_targets(c, t, t);
    return out;
  }();
  static constexpr auto face_drop_squares = [] {
    std::array<std::array<B, types>, 2> out{};
    for (int t = 0; t < types; ++t)
      for (const Color c : {White, Black})
        if (drop_face(t) >= 0) out[c][t] = drop_targets(c, t, drop_face(t));
    return out;
  }();
  // The squares of each colour: square_colour[0] holds a1's, [1] the others.
  static constexpr auto square_colour = [] {
    std::array<B, 2> out{};
    for (int s = 0; s < squares; ++s) set_square(out[(G::file_of(s) + G::rank_of(s)) & 1], s);
    return out;
  }();
  // Colour c's ranks whose bits are set in `ranks` (bit r: its rank r + 1).
  static constexpr B relative_ranks(Color c, unsigned ranks) {
    B b = 0;
    for (int r = 0; r < G::ranks; ++r)
      if ((ranks >> r) & 1) b |= G::rank_mask(c == White ? r : G::ranks - 1 - r);
    return b;
  }
};

}  // namespace fairy::bitboard
