#include "generator/emit/ends.hpp"

#include "generator/emit/text.hpp"

namespace fairygen::emit {

std::vector<std::string> end_rules_code(const fairy::VariantInfo& info) {
  std::vector<std::string> out;
  const fairy::EndRules& e = info.ends;
  if (e.checkmate != fairy::EndRules{}.checkmate) out.push_back("v.ends.checkmate = " + end_value_text(e.checkmate) + ";");
  if (e.stalemate != fairy::EndRules{}.stalemate) out.push_back("v.ends.stalemate = " + end_value_text(e.stalemate) + ";");
  if (e.checks) out.push_back("v.ends.checks = " + std::to_string(e.checks) + ";");
  if (e.extinction.enabled) out.push_back("v.ends.extinction = kExtinction;");
  if (e.flag.piece >= 0) out.push_back("v.ends.flag = kFlag;");
  if (e.repetition != fairy::EndRules{}.repetition) out.push_back("v.ends.repetition = " + std::to_string(e.repetition) + ";");
  if (e.repetition_value != fairy::EndRules{}.repetition_value)
    out.push_back("v.ends.repetition_value = " + end_value_text(e.repetition_value) + ";");
  if (e.perpetual_check_loses) out.push_back("v.ends.perpetual_check_loses = true;");
  if (e.counting.enabled) {
    std::string limits;
    for (int l : e.counting.limits) limits += (limits.empty() ? "" : ", ") + std::to_string(l);
    out.push_back("v.ends.counting = " +
                  Fields()
                      .set("enabled", "true")
                      .set("pawn", e.counting.pawn)
                      .set("rook", e.counting.rook)
                      .set("khon", e.counting.khon)
                      .set("knight", e.counting.knight)
                      .set("board_pieces", e.counting.board_pieces)
                      .flag("board_with_pawns", e.counting.board_with_pawns)
                      .set("limits", "{" + limits + "}")
                      .flag("asean", e.counting.asean)
                      .str("CountingRule") +
                  ";");
  }
  if (e.double_pass) out.push_back("v.ends.double_pass = true;");
  if (e.bikjang) out.push_back("v.ends.bikjang = true;");
  if (e.move_rule != fairy::EndRules{}.move_rule) out.push_back("v.ends.move_rule = " + std::to_string(e.move_rule) + ";");
  if (info.must_capture) out.push_back("v.must_capture = true;");
  if (!info.checks_allowed) out.push_back("v.checks_allowed = false;");
  if (info.explosions.enabled)
    out.push_back("v.explosions = " +
                  Fields().set("enabled", "true").set("spared", std::to_string(info.explosions.spared) + "ull").str("ExplosionRule") +
                  ";");
  if (info.ep_ranks) out.push_back("v.ep_ranks = " + std::to_string(info.ep_ranks) + ";");
  return out;
}

}  // namespace fairygen::emit
