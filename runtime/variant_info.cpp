#include "runtime/variant_info.hpp"

#include <cctype>
#include <algorithm>
#include <stdexcept>

#include "runtime/position.hpp"

namespace fairy {

int VariantInfo::type_of_letter(char upper) const {
  for (int t = 0; t < int(pieces.size()); ++t)
    if (pieces[t].letter == upper) return t;
  return -1;
}

char VariantInfo::letter_of(Piece p) const {
  const char up = pieces[type_of(p)].letter;
  return color_of(p) == White ? up : char(std::tolower(static_cast<unsigned char>(up)));
}

void VariantInfo::finalize() {
  if (pieces.empty() || int(pieces.size()) > kMaxPieceTypes)
    throw std::runtime_error(key + ": a variant needs 1 to " + std::to_string(kMaxPieceTypes) + " piece types");
  if (geo.files < 1 || geo.files > kMaxFiles || geo.ranks < 1 || geo.ranks > kMaxRanks)
    throw std::runtime_error(key + ": board must be 1x1 to 16x16");
  promotion_rule.fill(-1);
  for (int r = 0; r < int(promotions.size()); ++r)
    for (int t : promotions[r].pieces) {
      if (promotion_rule[t] != -1)
        throw std::runtime_error(key + ": piece '" + pieces[t].name + "' is in two promotion rules");
      promotion_rule[t] = r;
    }
  any_safe_passage = false;
  for (const PieceInfo& p : pieces) any_safe_passage = any_safe_passage || p.safe_passage;
  simple_attacks = true;
  aligned.fill(false);
  for (const PieceInfo& p : pieces)
    for (const PieceProgram& prog : p.program)
      for (const Path& path : prog.paths) {
        const Leg& last = path.legs.back();
        if (path.legs.size() > 1 && (last.mode & kCapture)) simple_attacks = false;
        if (last.range == 1) continue;
        for (int k = 1; k < std::max(geo.files, geo.ranks); ++k) {
          const int d = k * geo.offset(last.dx, last.dy);
          if (d > -kMaxSquares && d < kMaxSquares) aligned[kMaxSquares + d] = aligned[kMaxSquares - d] = true;
        }
      }
  finalized = true;
  Position start(*this);
  start.set_fen(start_fen);
  for (int s = 0; s < kMaxSquares; ++s) start_board[s] = s < geo.cells() ? start.at(Square(s)) : kWall;
  for (Color c : {White, Black})
    for (int t = 0; t < int(pieces.size()); ++t) start_count[c][t] = start.count(c, t);
}

}  // namespace fairy
