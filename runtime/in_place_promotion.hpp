// Promotions that are moves of their own (PromotionRule::in_place; Fairy-Stockfish's
// sittuyinPromotion), shared by generated modules and the interpreter. A piece of the rule's
// types standing on one of the rule's squares (anywhere, when it is the side's last one and the
// rule says anywhere_when_last) becomes a target where it stands, or by one of the target's
// single leaps onto an empty square; the target may attack no enemy piece from where it ends
// (and the move may not give check: is_in_place_promotion in movegen.hpp). A target with a
// limit is chosen only while the side has fewer of it on the board.
#pragma once

#include "runtime/movegen.hpp"

namespace fairy {

inline void add_in_place_promotions(const Position& pos, MoveList& list) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  for (const PromotionRule& r : v.promotions) {
    if (!r.in_place) continue;
    int count = 0;
    for (int t : r.pieces) count += pos.count(us, t);
    const Square* squares = pos.piece_squares(us);
    for (int i = 0; i < pos.piece_total(us); ++i) {
      const Square from = squares[i];
      const int type = type_of(pos.at(from));
      if (std::find(r.pieces.begin(), r.pieces.end(), type) == r.pieces.end()) continue;
      if (!r.squares[us][std::size_t(from)] && !(r.anywhere_when_last && count == 1)) continue;
      for (const PromotionTarget& t : r.to) {
        if (!promotion_target_open(pos, us, t)) continue;
        const PieceProgram& program = v.pieces[t.type].program[us];
        // Whether the target on s would attack an enemy piece (its leaps need no empty squares).
        const auto attacks_enemy = [&](Square s) {
          for (const Path& path : program.paths)
            if (path.legs[0].mode & kCapture)
              if (is_color(pos.at(Square(s + g.offset(path.legs[0].dx, path.legs[0].dy))), ~us)) return true;
          return false;
        };
        const std::uint8_t promo = std::uint8_t(t.type + 1);
        if (!attacks_enemy(from)) list.push(Move{from, from, kNoSquare, kNoSquare, MoveKind::Normal, promo});
        for (const Path& path : program.paths) {
          if (!(path.legs[0].mode & kCapture)) continue;  // where it attacks (Fairy-Stockfish's attacks_from)
          const Square to = Square(from + g.offset(path.legs[0].dx, path.legs[0].dy));
          if (pos.at(to) == kEmpty && !attacks_enemy(to))
            list.push(Move{from, to, kNoSquare, kNoSquare, MoveKind::Normal, promo});
        }
      }
    }
  }
}

}  // namespace fairy
