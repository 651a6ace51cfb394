#include "generator/emit/rule_data.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "generator/emit/ends.hpp"
#include "generator/emit/paths.hpp"
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
    std::string pieces, targets, letters;
    bool types_only = true;  // targets that are types alone: one line, their letters after it
    for (int t : rule.pieces) pieces += (pieces.empty() ? "" : ", ") + std::to_string(t);
    for (const fairy::PromotionTarget& t : rule.to) {
      Fields target;
      target.set("type", t.type);
      if (t.depth) target.set("depth", t.depth);
      target.flag("recoup", t.recoup);
      if (t.sides != fairy::PromotionTarget{}.sides) target.set("sides", t.sides);
      if (t.limit) target.set("limit", t.limit);
      types_only = types_only && target.str() == Fields().set("type", t.type).str();
      const fairy::PieceInfo& p = info.pieces[std::size_t(t.type)];  // as a FEN writes it: "Q", "+P", "Q~"
      const std::string token = (p.mark == '+' ? "+" : "") + std::string(1, p.letter) + (p.mark == '~' ? "~" : "");
      targets += "    " + target.str() + ",  // " + token + "\n";
      letters += (letters.empty() ? "" : " ") + token;
    }
    if (types_only) {
      targets.clear();
      for (const fairy::PromotionTarget& t : rule.to) targets += (targets.empty() ? "" : ", ") + Fields().set("type", t.type).str();
    }
    out += "inline constexpr int kPromotion" + n + "Pieces[] = {" + pieces + "};\n";
    if (!rule.to.empty())  // (none: from_reserve)
      out += "inline constexpr PromotionTarget kPromotion" + n + "Targets[] = " +
             (types_only ? "{" + targets + "};  // " + letters + "\n" : "{\n" + targets + "};\n");
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

// The first-move rights (bitboard::FirstMoveDesc), their paths the module's kFirstMove<i> tables.
std::string first_moves_data(const fairy::VariantInfo& info) {
  std::string rows;
  for (std::size_t i = 0; i < info.first_moves.size(); ++i) {
    const fairy::FirstMove& f = info.first_moves[i];
    rows += "    " +
            Fields()
                .set("type", f.type)
                .set("betza", c_string(f.betza))
                .set("paths", "{" + first_move_paths_name(i, White) + ", " + first_move_paths_name(i, Black) + "}")
                .set("in_check", f.in_check ? "true" : "false")
                .set("lost_to", std::to_string(f.lost_to) + "u")
                .str() +
            ",  // " + comment(info.pieces[std::size_t(f.type)].name) + "'s\n";
  }
  return "inline constexpr std::array<bitboard::FirstMoveDesc, " + std::to_string(info.first_moves.size()) +
         "> kFirstMoves = {{\n" + rows + "}};\n";
}

// A field of the record, `.name = value`, with a note beside it or none.
struct RecordField {
  std::string text;
  std::string note{};
  // Its name, as VariantData's field: "key" of ".key = ...".
  std::string name() const { return text.substr(1, text.find(" = ") - 1); }
};

// The record's fields (VariantData's, in declaration order), those at their defaults left out.
std::vector<RecordField> record_fields(const fairy::VariantInfo& info, const std::string& pieces) {
  std::vector<RecordField> f = {{".key = " + c_string(info.key)}, {".geo = kBoard"}, {".start_fen = " + c_string(info.start_fen)},
                                {".pieces = " + pieces}};
  if (info.castling.enabled) f.push_back({".castling = " + castling_literal(info.castling)});
  if (!info.promotions.empty()) f.push_back({".promotions = kPromotions"});
  if (info.drops.enabled)
    f.push_back({".drops = " + Fields().set("enabled", "true").set("zone", info.drops.zone).set("pawn", info.drops.pawn).str("DropRule")});
  if (info.hands.enabled)
    f.push_back({".hands = " + hand_literal(info.hands, info.pieces.size()), "drop_ranks by type: bit r, the mover's rank r + 1"});
  if (!(info.turn == fairy::TurnRule{})) f.push_back({".turn = " + turn_literal(info.turn)});
  if (const std::string ends = end_rules_literal(info); !ends.empty()) f.push_back({".ends = " + ends});
  if (info.explosions.enabled)
    f.push_back({".explosions = " +
                 Fields().set("enabled", "true").set("spared", std::to_string(info.explosions.spared) + "ull").str("ExplosionRule")});
  if (info.must_capture) f.push_back({".must_capture = true"});
  if (!info.checks_allowed) f.push_back({".checks_allowed = false"});
  if (info.ep_ranks) f.push_back({".ep_ranks = " + std::to_string(info.ep_ranks)});
  if (info.flying_general) f.push_back({".flying_general = true"});
  if (info.pass) f.push_back({".pass = true"});
  if (!info.brouhaha.empty()) {
    std::string names;
    for (fairy::Square s : info.brouhaha) names += (names.empty() ? "" : " ") + info.geo.name(s);
    f.push_back({".brouhaha = " + c_string(names)});
  }
  if (!info.first_moves.empty()) f.push_back({".first_moves = kFirstMoves"});
  return f;
}

// A field's default in VariantData, as code.
std::string default_value(const std::string& name) {
  if (name == "checks_allowed") return "true";
  if (name == "must_capture" || name == "flying_general" || name == "pass") return "false";
  return "{}";
}

// The fields that make base's record this variant's (`.key = "3check"`, a field this one
// leaves at its default `.castling = {}`), in VariantData's order; none where the records
// cannot be compared field by field (first-move rights: each module's own path tables) or this
// one is not much like base's.
std::optional<std::vector<RecordField>> record_changes(const fairy::VariantInfo& info, const std::vector<RecordField>& mine,
                                                       const RecordBase& base) {
  if (!info.first_moves.empty() || !base.info.first_moves.empty()) return std::nullopt;
  const std::vector<RecordField> theirs = record_fields(base.info, base.pieces);
  // The fields either record sets, in declaration order (each list is in that order).
  std::vector<std::string> names;
  for (const RecordField& f : theirs) names.push_back(f.name());
  for (const RecordField& f : mine)
    if (std::find(names.begin(), names.end(), f.name()) == names.end()) {
      auto at = names.begin();  // after the last of base's fields that comes before it in mine
      for (const RecordField& g : mine) {
        if (g.name() == f.name()) break;
        if (auto it = std::find(names.begin(), names.end(), g.name()); it != names.end()) at = it + 1;
      }
      names.insert(at, f.name());
    }
  const auto find = [](const std::vector<RecordField>& fields, const std::string& name) -> const RecordField* {
    for (const RecordField& f : fields)
      if (f.name() == name) return &f;
    return nullptr;
  };
  std::vector<RecordField> changes;
  int kept = 0, changed = 0;  // of the rules: the fields but the key and the start
  for (const std::string& name : names) {
    const RecordField* m = find(mine, name);
    const RecordField* t = find(theirs, name);
    // kBoard and kPromotions name each module's own: their contents must agree too.
    const bool same = m && t && m->text == t->text &&
                      (name != "geo" || (info.geo.files == base.info.geo.files && info.geo.ranks == base.info.geo.ranks)) &&
                      (name != "promotions" || promotion_data(info) == promotion_data(base.info));
    const bool rule = name != "key" && name != "start_fen";
    kept += same && rule;
    changed += !same && rule;
    if (same) continue;
    if (m)
      changes.push_back(*m);
    else  // a field at its default here (VariantData's)
      changes.push_back({"." + name + " = " + default_value(name)});
  }
  // Only a record that keeps at least as many of base's rules as it changes is written so: one
  // that changes more is a variant of its own (crazyhouse is not chess with changes).
  if (changed > kept) return std::nullopt;
  return changes;
}

}  // namespace

RuleData rule_data_code(const fairy::VariantInfo& info, const std::string& pieces, const std::string& own_pieces,
                        std::span<const RecordBase> bases) {
  const std::vector<RecordField> fields = record_fields(info, pieces);
  // The record that needs the fewest changes, the first of those; none where every one needs as
  // many changes as there are fields to set, or changes more of its rules than it keeps.
  std::optional<std::vector<RecordField>> changes;
  const RecordBase* base = nullptr;
  for (const RecordBase& candidate : bases)
    if (auto c = record_changes(info, fields, candidate); c && c->size() < (changes ? changes->size() : fields.size())) {
      changes = std::move(c);
      base = &candidate;
    }
  std::string out = changes ? "// The variant as the spec declares it (runtime/variant_data.hpp), as the record of\n// " + base->where +
                                  " with what this one changes: its model is made of this record, and\n"
                                  "// the kernel's description, where there is one, reads its rules as they are.\n"
                            : "// The variant as the spec declares it (runtime/variant_data.hpp): its model is made of this\n"
                              "// record, and the kernel's description, where there is one, reads its rules as they are.\n";
  out += "inline constexpr Geometry kBoard{.files = " + std::to_string(info.geo.files) + ", .ranks = " +
         std::to_string(info.geo.ranks) + "};  // its board, whose squares the data names\n";
  const auto names = [](const std::vector<RecordField>& list, const std::string& name) {
    return std::any_of(list.begin(), list.end(), [&](const RecordField& f) { return f.name() == name; });
  };
  if (!info.promotions.empty() && (!changes || names(*changes, "promotions"))) out += promotion_data(info);
  if (!info.first_moves.empty()) out += first_moves_data(info);
  out += own_pieces;
  if (changes) {
    out += "inline constexpr VariantData kVariant = changed(" + base->name + ", [](VariantData& v) {\n";
    for (const RecordField& change : *changes)
      out += "  v" + change.text + ";" + (change.note.empty() ? "" : "  // " + change.note) + "\n";
    return {out + "});\n\n", base};
  }
  out += "inline constexpr VariantData kVariant = {\n";
  for (const RecordField& field : fields)
    out += "    " + field.text + "," + (field.note.empty() ? "" : "  // " + field.note) + "\n";
  return {out + "};\n\n", nullptr};
}

}  // namespace fairygen::emit
