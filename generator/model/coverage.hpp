// Which variants the bitboard kernel (runtime/bitboard/) runs, decided when fairygen lowers a
// variant. A variant is covered when
// - its board has at most 256 squares (a 64-bit word up to 64 squares, a 128-bit one up to 128,
//   else 64-bit lanes: 192 bits up to 192 squares, 256 up to 256);
// - every path of every piece has a shape the kernel knows (runtime/bitboard/shapes.hpp): a
//   leap along any vector (m, c, e, but not m and e in one leg), a slide along one of the eight
//   queen directions (m, c; unlimited or limited range), a lame leap of unit steps to a
//   move-only landing (fmnD), a bent slide (a leap to an empty square, then a slide: v[F?R]),
//   or a hop (a slide to a screen, then on past it along the same line: cpR, gQ);
//   leaps and lame leaps may be `i` (virgin only), slides only when short and move-only (ifmW3);
//   no path is limited to some turn phases or barred from promoting;
// - castling (by the royal piece) and promotion are as the model has them, promotion never to a royal piece nor from
//   the reserve;
// - a piece that promotes by some of its moves only (a rule's `moves:`) moves only by leaps, and
//   those that promote land elsewhere than those that do not;
// - it has no drops from a reserve, no turns of several moves, no brouhaha squares; safe passage
//   only for royal pieces;
// - its pieces in hand, if any, are of the crazyhouse kind: captured pieces join the captor's hand
//   (or leave the game) and are dropped on any empty square of their drop ranks, with or without
//   shogi's drop rules (no doubled pawns, no dead drops, no drop mate), also as their promoted
//   face (kyoto shogi's drop_promoted, with pieces that turn over on every move), or of the
//   seirawan kind (gating); placement's rules too (must_drop, the royal piece in hand, drops
//   half on each square colour, castling rights from drops), but not with explosions;
//   promotion on leaving the zone (shogi) only to targets allowed on every rank of the zone;
// - compulsory captures (must_capture.hpp), barred checks (no_check.hpp), and the game ends
//   extinction, bare king and the flag (ends.hpp) are covered, but with pieces in hand only the
//   flag without its extra move (shinobi);
//   explosions (explosions.hpp) too, but not with compulsory captures, bent or hopping pieces,
//   a royal piece with safe passage or a castling piece that is not royal; n-check, double
//   passes and bikjang need the mailbox generator, as does the flying general.
// Everything else keeps the mailbox generator (perft included).
#pragma once

#include <string>

#include "runtime/variant_info.hpp"

namespace fairygen::model {

struct KernelCoverage {
  bool covered = false;
  int word_bits = 0;   // 64, 128, 192 or 256 when covered
  std::string reason;  // why not, when not covered
  bool royal_drops = false;  // a royal piece starts in hand (placement): the kernel holds it there
};

KernelCoverage kernel_coverage(const fairy::VariantInfo& info);

}  // namespace fairygen::model
