#include "generator/emit/rule_data.hpp"

#include "generator/emit/text.hpp"

namespace fairygen::emit {

namespace {

using fairy::Black;
using fairy::White;

std::string promotion_data(const fairy::VariantInfo& info) {
  std::string out, rules;
  for (std::size_t r = 0; r < info.promotions.size(); ++r) {
    const fairy::PromotionRule& rule = info.promotions[r];
    const std::string n = std::to_string(r);
    std::string pieces, targets;
    for (int t : rule.pieces) pieces += (pieces.empty() ? "" : ", ") + std::to_string(t);
    for (const fairy::PromotionTarget& t : rule.to) {
      Fields target;
      target.set("type", t.type);
      if (t.depth) target.set("depth", t.depth);
      target.flag("recoup", t.recoup);
      if (t.sides != fairy::PromotionTarget{}.sides) target.set("sides", t.sides);
      if (t.limit) target.set("limit", t.limit);
      targets += "    " + target.str() + ",  // " + info.pieces[std::size_t(t.type)].letter + "\n";
    }
    out += "inline constexpr int kPromotion" + n + "Pieces[] = {" + pieces + "};\n";
    if (!rule.to.empty())  // (none: from_reserve)
      out += "inline constexpr PromotionTarget kPromotion" + n + "Targets[] = {\n" + targets + "};\n";
    Fields f;
    f.set("pieces", "kPromotion" + n + "Pieces").set("zone", rule.zone).set("mandatory", rule.mandatory);
    f.set("to", rule.to.empty() ? "{}" : "kPromotion" + n + "Targets");
    f.flag("from_reserve", rule.from_reserve)
        .flag("leaving", rule.leaving)
        .flag("in_place", rule.in_place);
    if (rule.in_place)
      f.set("squares", "{" + square_names(info.geo, rule.squares[White]) + ", " + square_names(info.geo, rule.squares[Black]) + "}")
          .flag("anywhere_when_last", rule.anywhere_when_last);
    rules += "    " + f.str() + ",\n";
  }
  return out + "inline constexpr std::array<PromotionData, " + std::to_string(info.promotions.size()) +
         "> kPromotions = {{\n" + rules + "}};\n";
}

std::string flag_data(const fairy::VariantInfo& info) {
  const fairy::FlagRule& flag = info.ends.flag;
  std::string names;
  for (const fairy::Color c : {White, Black}) {
    fairy::SquareSet set;
    fairy::for_each_held(info.geo, flag.squares[c], [&set](fairy::Square s) { set.set(std::size_t(s)); });
    names += std::string(names.empty() ? "" : ", ") + "square_words(kBoard, " + square_names(info.geo, set) + ")";
  }
  return Fields().set("piece", flag.piece).set("squares", "{" + names + "}").flag("extra_move", flag.extra_move).str("FlagRule");
}

std::string hand_literal(const fairy::HandRule& h, std::size_t types) {
  const fairy::HandRule defaults;
  std::string ranks;
  for (std::size_t t = 0; t < types; ++t) ranks += (t ? ", " : "") + std::to_string(h.drop_ranks[t]);
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
  return f.str("HandRule");
}

}  // namespace

std::string rule_data_code(const fairy::VariantInfo& info) {
  std::string out = "inline constexpr Geometry kBoard{.files = " + std::to_string(info.geo.files) + ", .ranks = " +
                    std::to_string(info.geo.ranks) + "};  // its board, whose squares the data names\n";
  out += "inline constexpr std::string_view kStartFen = " + c_string(info.start_fen) + ";\n";
  if (info.castling.enabled) out += "inline constexpr CastlingRule kCastling = " + castling_literal(info.castling) + ";\n";
  if (!(info.turn == fairy::TurnRule{})) out += "inline constexpr TurnRule kTurn = " + turn_literal(info.turn) + ";\n";
  if (info.ends.extinction.enabled)
    out += "inline constexpr ExtinctionRule kExtinction = " + extinction_literal(info.ends.extinction) + ";\n";
  if (info.ends.flag.piece >= 0) out += "inline constexpr FlagRule kFlag = " + flag_data(info) + ";  // White's squares, Black's\n";
  if (info.hands.enabled)
    out += "inline constexpr HandRule kHands = " + hand_literal(info.hands, info.pieces.size()) + ";  // drop_ranks by type: bit r, the mover's rank r + 1\n";
  if (!info.promotions.empty()) out += promotion_data(info);
  return "// The variant's rules as data (runtime/variant_info.hpp): make_info() sets its model from them, and\n"
         "// the kernel's description, where there is one, reads them as they are.\n" + out + "\n";
}

}  // namespace fairygen::emit
