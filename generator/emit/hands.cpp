#include "generator/emit/hands.hpp"

namespace fairygen::emit {

void hand_piece_fields(const fairy::PieceInfo& piece, Fields& fields) {
  if (piece.mark) fields.set("mark", std::string("'") + piece.mark + "'");  // '+' or '~'
  if (piece.unpromoted >= 0) fields.set("unpromoted", piece.unpromoted);
}

std::vector<std::string> hand_rule_code(const fairy::VariantInfo& info) {
  const fairy::HandRule& h = info.hands;
  if (!h.enabled) return {};
  const fairy::HandRule defaults;
  std::string ranks;
  for (std::size_t t = 0; t < info.pieces.size(); ++t)
    ranks += (t ? ", " : "") + std::to_string(h.drop_ranks[t]);
  const auto mask = [](std::uint64_t bits) { return std::to_string(bits) + "ull"; };
  Fields f;
  f.set("enabled", "true");
  if (h.captures != defaults.captures) f.set("captures", h.captures ? "true" : "false");
  f.set("drop_ranks", "{" + ranks + "}");
  if (h.no_doubled) f.set("no_doubled", mask(h.no_doubled));
  if (h.no_drop_mate) f.set("no_drop_mate", mask(h.no_drop_mate));
  f.flag("no_dead_drops", h.no_dead_drops);
  if (h.drops != defaults.drops) f.set("drops", h.drops ? "true" : "false");
  f.flag("gating", h.gating).flag("drop_promoted", h.drop_promoted).flag("must_drop", h.must_drop);
  if (h.opposite_colours) f.set("opposite_colours", mask(h.opposite_colours));
  if (h.castling_file != defaults.castling_file) f.set("castling_file", h.castling_file);
  return {"v.hands = " + f.str("HandRule") + ";"};
}

}  // namespace fairygen::emit
