#include "generator/emit/hands.hpp"

namespace fairygen::emit {

std::vector<std::string> hand_piece_code(const fairy::PieceInfo& piece) {
  std::vector<std::string> out;
  if (piece.mark) out.push_back(std::string("p.mark = '") + piece.mark + "';");  // '+' or '~'
  if (piece.unpromoted >= 0) out.push_back("p.unpromoted = " + std::to_string(piece.unpromoted) + ";");
  return out;
}

std::vector<std::string> hand_rule_code(const fairy::VariantInfo& info) {
  const fairy::HandRule& h = info.hands;
  if (!h.enabled) return {};
  std::string ranks;
  for (std::size_t t = 0; t < info.pieces.size(); ++t)
    ranks += (t ? ", " : "") + std::to_string(h.drop_ranks[t]);
  return {
      "v.hands.enabled = true;",
      std::string("v.hands.captures = ") + (h.captures ? "true" : "false") + ";",
      "v.hands.drop_ranks = {" + ranks + "};",
      "v.hands.no_doubled = " + std::to_string(h.no_doubled) + "ull;",
      "v.hands.no_drop_mate = " + std::to_string(h.no_drop_mate) + "ull;",
      std::string("v.hands.no_dead_drops = ") + (h.no_dead_drops ? "true" : "false") + ";",
      std::string("v.hands.drops = ") + (h.drops ? "true" : "false") + ";",
      std::string("v.hands.gating = ") + (h.gating ? "true" : "false") + ";",
      std::string("v.hands.drop_promoted = ") + (h.drop_promoted ? "true" : "false") + ";",
      std::string("v.hands.must_drop = ") + (h.must_drop ? "true" : "false") + ";",
      "v.hands.opposite_colours = " + std::to_string(h.opposite_colours) + "ull;",
      "v.hands.castling_file = " + std::to_string(h.castling_file) + ";",
  };
}

}  // namespace fairygen::emit
