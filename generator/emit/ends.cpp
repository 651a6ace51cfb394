#include "generator/emit/ends.hpp"

#include "generator/emit/text.hpp"

namespace fairygen::emit {

namespace {

// The flag, each colour's squares by name on the variant's board (kBoard).
std::string flag_literal(const fairy::VariantInfo& info) {
  const fairy::FlagRule& flag = info.ends.flag;
  std::string names;
  for (const fairy::Color c : {fairy::White, fairy::Black})
    names += std::string(names.empty() ? "" : ", ") + "square_words(kBoard, " +
             square_names(info.geo, fairy::square_set(info.geo, flag.squares[c])) + ")";
  return Fields().set("piece", flag.piece).set("squares", "{" + names + "}").flag("extra_move", flag.extra_move).str("FlagRule");
}

std::string counting_literal(const fairy::CountingRule& c) {
  std::string limits;
  for (int l : c.limits) limits += (limits.empty() ? "" : ", ") + std::to_string(l);
  return Fields()
      .set("enabled", "true")
      .set("pawn", c.pawn)
      .set("rook", c.rook)
      .set("khon", c.khon)
      .set("knight", c.knight)
      .set("board_pieces", c.board_pieces)
      .flag("board_with_pawns", c.board_with_pawns)
      .set("limits", "{" + limits + "}")
      .flag("asean", c.asean)
      .str("CountingRule");
}

}  // namespace

std::string end_rules_literal(const fairy::VariantInfo& info) {
  const fairy::EndRules& e = info.ends;
  const fairy::EndRules chess;
  Fields f;  // EndRules' fields, in declaration order
  if (e.checkmate != chess.checkmate) f.set("checkmate", end_value_text(e.checkmate));
  if (e.stalemate != chess.stalemate) f.set("stalemate", end_value_text(e.stalemate));
  if (e.checks) f.set("checks", e.checks);
  if (e.extinction.enabled) f.set("extinction", extinction_literal(e.extinction));
  if (e.flag.piece >= 0) f.set("flag", flag_literal(info));
  if (e.repetition != chess.repetition) f.set("repetition", e.repetition);
  if (e.repetition_value != chess.repetition_value) f.set("repetition_value", end_value_text(e.repetition_value));
  f.flag("perpetual_check_loses", e.perpetual_check_loses);
  if (e.move_rule != chess.move_rule) f.set("move_rule", e.move_rule);
  if (e.counting.enabled) f.set("counting", counting_literal(e.counting));
  f.flag("double_pass", e.double_pass).flag("bikjang", e.bikjang);
  return e == chess ? "" : f.str("EndRules");
}

}  // namespace fairygen::emit
