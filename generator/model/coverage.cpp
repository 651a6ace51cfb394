#include "generator/model/coverage.hpp"

#include <algorithm>

#include "runtime/bitboard/description.hpp"
#include "runtime/bitboard/shapes.hpp"

namespace fairygen::model {

namespace {

// A piece that promotes by some of its moves only: every move a leap (not e.p.), and no leap
// that promotes lands like one that does not (the kernel splits a piece's targets by square).
bool promotes_by_leaps_apart(const fairy::PieceProgram& program) {
  for (const fairy::Path& a : program.paths) {
    if (fairy::bitboard::shape_of(a.legs, a.virgin_only) != fairy::bitboard::PathShape::Leap ||
        (a.legs[0].mode & fairy::kEnPassant))
      return false;
    for (const fairy::Path& b : program.paths)
      if (a.promotes != b.promotes && a.legs[0].dx == b.legs[0].dx && a.legs[0].dy == b.legs[0].dy) return false;
  }
  return true;
}

// Whether the variant has promotions that are moves of their own (sittuyin's in_place).
bool has_in_place_promotions(const fairy::VariantInfo& info) {
  return std::any_of(info.promotions.begin(), info.promotions.end(), [](const fairy::PromotionRule& r) { return r.in_place; });
}

// Whether pieces of this type castle: as the partner, or as the castling piece (the royal one
// unless castling names another).
bool castles(const fairy::VariantInfo& info, int type) {
  const fairy::CastlingRule& c = info.castling;
  return c.enabled && (c.partner == type || (c.piece < 0 ? info.pieces[std::size_t(type)].royal : c.piece == type));
}

// Whether pieces of this type have first-move rights.
bool has_first_moves(const fairy::VariantInfo& info, int type) {
  return std::any_of(info.first_moves.begin(), info.first_moves.end(), [type](const fairy::FirstMove& f) { return f.type == type; });
}

// Why the kernel cannot run this piece, or "" when it can.
std::string uncovered_piece(const fairy::VariantInfo& info, int type) {
  const fairy::PieceInfo& p = info.pieces[type];
  if (p.safe_passage && !p.royal) return "piece '" + p.name + "' needs safe passage but is not royal";
  if (p.confined) {
    // The kernel keeps a confined piece's moves and attacks inside its region (pieces.hpp,
    // attacks.hpp) where its moves are its own paths' targets.
    if (castles(info, type) || has_first_moves(info, type) || info.hands.enabled || info.explosions.enabled ||
        has_in_place_promotions(info) || p.safe_passage)
      return "piece '" + p.name + "' may move only inside a region, beside castling, first moves, hands, explosions, "
             "promotions that are moves of their own or safe passage";
  }
  if (!p.moves_on.empty()) {
    // The kernel makes the leap tables of a piece that only leaps square by square (pieces.hpp's
    // leap_table_on), and its attack group is its own.
    const std::string why = "piece '" + p.name + "' has other moves on some squares (moves_on) ";
    const auto leaps_only = [](const fairy::PieceProgram& program) {
      return std::all_of(program.paths.begin(), program.paths.end(), [](const fairy::Path& path) {
        return fairy::bitboard::shape_of(path.legs, path.virgin_only) == fairy::bitboard::PathShape::Leap && !path.virgin_only &&
               !(path.legs[0].mode & fairy::kEnPassant);
      });
    };
    bool leaps = true;
    for (const fairy::Color c : {fairy::White, fairy::Black}) {
      leaps = leaps && leaps_only(p.program[c]);
      for (const fairy::SquareMoves& m : p.moves_on) leaps = leaps && leaps_only(m.program[c]);
    }
    if (!leaps) return why + "and moves that are not plain leaps (no e.p., none only unmoved)";
    if (info.promotion_rule[type] >= 0 || p.confined || castles(info, type) || has_first_moves(info, type) || info.hands.enabled ||
        info.explosions.enabled || has_in_place_promotions(info) || info.turn.moves != 1)
      return why + "beside its promotion, a region, castling, first moves, hands, explosions, promotions that are moves of "
                   "their own or turns of two moves";
  }
  if (p.no_hop_over || p.no_capture) {
    // The kernel bars screens and victims by type (pieces.hpp, attacks.hpp) for hops, leaps and
    // slides; no royal piece may be spared (attacks on it would need the attacker's type).
    for (int u = 0; u < int(info.pieces.size()); ++u)
      if (info.pieces[u].royal && (p.no_capture >> u & 1))
        return "piece '" + p.name + "' may not capture royal piece '" + info.pieces[u].name + "' (no_capture)";
    // The kernel tests a move on the board before it, knowing the type that moves (legal.hpp's
    // legal_after): not the type a promotion or a gate brings, nor the castling partner's.
    for (int u = 0; u < int(info.pieces.size()); ++u) {
      if (!(p.no_hop_over >> u & 1)) continue;
      if (info.promotion_rule[u] >= 0)
        return "piece '" + p.name + "' may not hop over '" + info.pieces[u].name + "', which promotes (no_hop_over)";
      if (info.castling.enabled && info.castling.partner == u)
        return "piece '" + p.name + "' may not hop over the castling partner '" + info.pieces[u].name + "' (no_hop_over)";
      for (const fairy::PromotionRule& r : info.promotions)
        for (const fairy::PromotionTarget& target : r.to)
          if (target.type == u) return "piece '" + p.name + "' may not hop over promotion target '" + info.pieces[u].name + "' (no_hop_over)";
      if (info.hands.gating || info.hands.drop_promoted)
        return "piece '" + p.name + "' may not hop over some pieces (no_hop_over) beside gating or drops of promoted faces";
    }
    for (const fairy::PieceProgram& program : p.program)
      for (const fairy::Path& path : program.paths) {
        const auto shape = fairy::bitboard::shape_of(path.legs, path.virgin_only);
        if (path.virgin_only || shape == fairy::bitboard::PathShape::Lame || (path.legs.back().mode & fairy::kEnPassant))
          return "piece '" + p.name + "' may not hop over or capture some pieces (no_hop_over, no_capture) and has "
                 "moves only an unmoved piece makes, lame leaps or e.p. captures";
      }
  }
  const bool promotes = info.promotion_rule[type] >= 0;
  for (const fairy::PieceProgram& program : p.program)
    for (const fairy::Path& path : program.paths) {
      const std::string where = "piece '" + p.name + "' (XBetza " + p.betza + ")";
      if (fairy::bitboard::shape_of(path.legs, path.virgin_only) == fairy::bitboard::PathShape::Uncovered)
        return where + " has a move that is not a leap, a queen-line slide, a lame leap, a bent slide or a hop";
      if (path.phases != fairy::kAllPhases && (path.legs.back().mode & ~fairy::kMove))
        return where + " has a move limited to some turn phases that may capture";
      if (promotes && !path.promotes && !promotes_by_leaps_apart(program))
        return where + " has a move that never promotes beside moves that are not leaps or land alike";
    }
  return "";
}

// Why the kernel cannot run this variant's hands, or "" when they are of the crazyhouse kind:
// captures into the hand (or none), drops onto the empty squares of each type's drop ranks, with
// or without shogi's drop rules (no_doubled, no_dead_drops; no_drop_mate ends the game after a
// legal move, runtime/game.cpp, and changes no move count), also as their promoted face
// (drop_promoted), with or without placement's rules (must_drop, opposite_colours,
// castling_file; opposite_colours not with drop_promoted); or of the seirawan kind: gating, with
// or without drops.
std::string uncovered_hands(const fairy::HandRule& h) {
  if (!h.drops && !h.gating) return "its pieces in hand are never dropped";
  if (h.opposite_colours && h.drop_promoted) return "drops must keep pieces on both square colours and may be promoted";
  return "";
}

// Whether a royal piece starts in hand (placement; then it is its side's only one: Position's
// FEN rule).
bool royal_in_start_hand(const fairy::VariantInfo& info) {
  for (const fairy::Color c : {fairy::White, fairy::Black})
    for (int t = 0; t < int(info.pieces.size()); ++t)
      if (info.pieces[t].royal && info.start_in_hand[c][t]) return true;
  return false;
}

// Why the kernel cannot run this variant's explosions, or "" when it can: its legality filter
// (runtime/bitboard/explosions.hpp) takes checks and pins from leaps and slides alone, and
// comes in front of no other filter.
std::string uncovered_explosions(const fairy::VariantInfo& info) {
  if (info.must_capture) return "captures explode and are compulsory";
  if (info.castling.enabled && info.castling.piece >= 0) return "captures explode and a piece that is not royal castles";
  for (const fairy::PieceInfo& p : info.pieces) {
    if (p.royal && p.safe_passage) return "captures explode and royal piece '" + p.name + "' needs safe passage";
    for (const fairy::PieceProgram& program : p.program)
      for (const fairy::Path& path : program.paths) {
        const auto shape = fairy::bitboard::shape_of(path.legs, path.virgin_only);
        if (shape == fairy::bitboard::PathShape::Bent || shape == fairy::bitboard::PathShape::Hop)
          return "captures explode and piece '" + p.name + "' (XBetza " + p.betza + ") bends or hops";
      }
  }
  return "";
}

// Why the kernel cannot run this variant's flying general, or "" when it can: the enemy royal
// piece is one more slider aimed at ours (attacks.hpp's facing), for checks, pins and the royal
// piece's moves and castling, beside no rule that asks about attacks in other ways.
std::string uncovered_flying_general(const fairy::VariantInfo& info) {
  const std::string why = "its royal pieces may not face each other (flying general) ";
  int royal_types = 0;
  for (const fairy::PieceInfo& p : info.pieces) {
    if (p.royal && p.safe_passage) return why + "and royal piece '" + p.name + "' needs safe passage";
    royal_types += p.royal;
  }
  if (royal_types > 1) return why + "and it has more than one royal piece type";
  if (info.explosions.enabled || info.must_capture || !info.checks_allowed || info.ends.extinction.enabled ||
      info.ends.flag.extra_move || info.ends.checks || info.turn.moves != 1 || info.hands.gating || royal_in_start_hand(info) ||
      has_in_place_promotions(info))
    return why + "beside explosions, compulsory captures, barred checks, extinction, the flag's extra move, n-check, "
                 "turns of two moves, gating, a royal piece in hand or promotions that are moves of their own";
  return "";
}

// Why the kernel cannot run this variant's first-move rights, or "" when it can: the rights
// live on the board beside no other kind (gating), the leaps are plain moves of pieces that
// never promote, and no filter but legality judges them (runtime/bitboard/first_moves.hpp).
std::string uncovered_first_moves(const fairy::VariantInfo& info) {
  const std::string why = "it has first-move rights (first_moves) ";
  if (info.hands.enabled || info.castling.enabled || info.explosions.enabled || info.must_capture || !info.checks_allowed ||
      info.turn.moves != 1 ||
      has_in_place_promotions(info))
    return why + "beside hands, castling, explosions, compulsory captures, barred checks, turns of two moves or "
                 "promotions that are moves of their own";
  for (const fairy::FirstMove& f : info.first_moves) {
    const fairy::PieceInfo& p = info.pieces[std::size_t(f.type)];
    if (info.promotion_rule[f.type] >= 0) return why + "of piece '" + p.name + "', which promotes";
    if (p.royal && p.safe_passage) return why + "of royal piece '" + p.name + "', which needs safe passage";
    for (const fairy::PieceProgram& program : f.program)
      for (const fairy::Path& path : program.paths)
        if (fairy::bitboard::shape_of(path.legs, path.virgin_only) != fairy::bitboard::PathShape::Leap || path.legs[0].mode != fairy::kMove)
          return why + "of piece '" + p.name + "' that are not leaps that only move (XBetza " + f.betza + ")";
  }
  return "";
}

}  // namespace

KernelCoverage kernel_coverage(const fairy::VariantInfo& info) {
  KernelCoverage out;
  const int squares = info.geo.files * info.geo.ranks;
  auto refuse = [&out](std::string reason) {
    out.reason = std::move(reason);
    return out;
  };
  if (squares > fairy::bitboard::kMaxSquares)
    return refuse("the board has " + std::to_string(squares) + " squares (at most " +
                  std::to_string(fairy::bitboard::kMaxSquares) + ")");
  if (info.drops.enabled) return refuse("it has drops");
  if (info.hands.enabled) {
    if (std::string why = uncovered_hands(info.hands); !why.empty()) return refuse("its hands: " + why);
    if (info.hands.must_drop && info.explosions.enabled) return refuse("its hands: drops are compulsory and captures explode");
    out.royal_drops = royal_in_start_hand(info);
  }
  // Compulsory captures and barred checks filter moves through sinks of their own
  // (must_capture.hpp, no_check.hpp) that know no drops, as does the search for Black's move
  // onto the flag that the flag's extra move allows (ends.hpp); extinction is not checked with
  // pieces in hand. The flag alone looks at the board (shinobi).
  if (info.hands.enabled &&
      (info.must_capture || !info.checks_allowed || info.ends.extinction.enabled || (info.ends.flag.piece >= 0 && info.ends.flag.extra_move)))
    return refuse("its hands come with compulsory captures, barred checks, extinction or the flag's extra move");
  // Turns of two moves (perft.hpp's perft_in_phase): alone, and a later move that captures
  // nothing, as in Extra Move Chess (so no attack depends on the phase).
  if (info.turn.moves != 1 || info.turn.first_turn_moves != 1) {
    const fairy::TurnRule& t = info.turn;
    if (t.moves != 2 || t.first_turn_moves < 1 || t.first_turn_moves > 2 || t.later_captures)
      return refuse("its turns have more than two moves, or a later move may capture");
    if (info.hands.enabled || info.must_capture || !info.checks_allowed || info.explosions.enabled || info.pass ||
        info.ends.extinction.enabled || info.ends.flag.piece >= 0 || info.ends.checks ||
        has_in_place_promotions(info))
      return refuse("its turns of two moves come with hands, compulsory captures, barred checks, explosions, passes, "
                    "game ends or promotions that are moves of their own");
  }
  if (!info.brouhaha.empty()) return refuse("it has brouhaha squares");
  if (info.explosions.enabled)
    if (std::string why = uncovered_explosions(info); !why.empty()) return refuse(why);
  if (!info.first_moves.empty())
    if (std::string why = uncovered_first_moves(info); !why.empty()) return refuse(why);
  for (const fairy::PromotionRule& r : info.promotions) {
    // A promotion that is a move of its own (legal.hpp's in_place_promotions) passes through
    // the sinks as a promotion of the piece where it stands, which only the plain ones know.
    if (r.in_place && (info.explosions.enabled || info.must_capture || !info.checks_allowed || info.hands.gating ||
                       info.ends.flag.piece >= 0 || info.ends.extinction.enabled))
      return refuse("it has promotions that are moves of their own (in_place) beside explosions, compulsory captures, "
                    "barred checks, gating, the flag or extinction");
    if (r.in_place && (r.squares[fairy::White].none() || r.squares[fairy::Black].none()))
      return refuse("it has promotions that are moves of their own (in_place) on no square");
    for (const fairy::PromotionTarget& t : r.to) {
      if (t.limit && !r.in_place) return refuse("a promotion target of moves that promote has a limit");
      if (r.leaving && t.depth) return refuse("it promotes on moves out of the zone too (leaving) to targets of some ranks only");
    }
  }
  if (info.flying_general)
    if (std::string why = uncovered_flying_general(info); !why.empty()) return refuse(why);
  const fairy::EndRules& ends = info.ends;  // extinction and the flag: runtime/bitboard/ends.hpp
  if (ends.double_pass || ends.bikjang) return refuse("its games can end while moves remain (passes, bikjang)");
  for (int t = 0; t < int(info.pieces.size()); ++t)
    if (std::string why = uncovered_piece(info, t); !why.empty()) return refuse(why);
  for (const fairy::PromotionRule& rule : info.promotions) {
    if (rule.from_reserve) return refuse("it promotes from the reserve");
    // A royal piece may become another royal type (chak's King, its Divine King: still one
    // royal piece a side); a piece that is not royal may not become one.
    bool royal_pieces = true;
    for (const int type : rule.pieces) royal_pieces = royal_pieces && info.pieces[std::size_t(type)].royal;
    for (const fairy::PromotionTarget& target : rule.to) {
      if (info.pieces[target.type].royal && !royal_pieces) return refuse("a piece that is not royal promotes to a royal piece");
    }
  }
  out.covered = true;
  out.word_bits = squares <= 64 ? 64 : squares <= 128 ? 128 : 64 * ((squares + 63) / 64);
  return out;
}

}  // namespace fairygen::model
