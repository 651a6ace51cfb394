#include "generator/emit/kernel.hpp"

#include <array>
#include <cstdint>

#include "generator/emit/paths.hpp"
#include "generator/emit/text.hpp"
#include "generator/model/coverage.hpp"

namespace fairygen::emit {

namespace {

using fairy::Color;

// The C++ type of a word of `bits` bits (runtime/bitboard/bitboard.hpp).
std::string word_type(int bits) {
  if (bits == 64) return "std::uint64_t";
  if (bits == 128) return "bitboard::u128";
  return "bitboard::Lanes<" + std::to_string(bits / 64) + ">";
}

// The hands (bitboard::HandDesc): their rules (the record's), and what each type returns to a hand as
// and may be dropped as.
std::string hands_text(const fairy::VariantInfo& info, bool royal_drops) {
  if (!info.hands.enabled) return "  static constexpr bitboard::HandDesc hands = {};\n";
  std::string types, faces;
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    types += (t ? ", " : "") + std::to_string(info.hand_type[t]);
    faces += (t ? ", " : "") + std::to_string(info.drop_face[t]);
  }
  Fields derived;
  derived.set("hand_type", "{" + types + "}");
  if (info.hands.drop_promoted) derived.set("drop_face", "{" + faces + "}");
  derived.flag("royal_drops", royal_drops);
  return "  static constexpr bitboard::HandDesc hands = {kVariant.hands, " + derived.str() +
         "};  // hand_type: what a captured piece returns to a hand as, by type\n";
}

// The members for the special rules the variant has (none: no member, and the kernel code of
// the variants without them stays as it was): compulsory captures (must_capture.hpp), no move
// giving check (no_check.hpp), e.p. squares on some ranks only (make.hpp), turns of two moves
// (perft.hpp), game ends (ends.hpp; n-check also perft.hpp), explosions (blast.hpp, explosions.hpp),
// the flying general (attacks.hpp), first-move rights (first_moves.hpp). Their values are the
// record's (kVariant).
std::string rule_members(const fairy::VariantInfo& info) {
  std::string out;
  if (info.must_capture) out += "  static constexpr bool must_capture = kVariant.must_capture;\n";
  if (!info.checks_allowed) out += "  static constexpr bool no_checks = !kVariant.checks_allowed;\n";
  if (info.explosions.enabled)
    out += "  static constexpr bitboard::ExplosionDesc explosions = {.spared = kVariant.explosions.spared};\n";
  if (!info.first_moves.empty()) out += "  static constexpr const auto& first_moves = kFirstMoves;\n";
  if (info.flying_general) out += "  static constexpr bool flying_general = kVariant.flying_general;  // the royal pieces may not face each other\n";
  if (info.ep_ranks) out += "  static constexpr std::uint16_t ep_ranks = kVariant.ep_ranks;\n";
  if (info.ends.checks) out += "  static constexpr int checks = kVariant.ends.checks;  // n-check\n";
  if (info.turn.moves != 1) out += "  static constexpr TurnRule turn = kVariant.turn;\n";
  if (info.ends.extinction.enabled) out += "  static constexpr ExtinctionRule extinction = kVariant.ends.extinction;\n";
  if (info.ends.flag.piece >= 0) out += "  static constexpr FlagRule flag = kVariant.ends.flag;\n";
  return out;
}

// The kernel's board and pieces (Word, files, ranks, pieces): members of the Description, or of
// the KernelBoard that a move generator's header holds for the variants that share it. `table`:
// the pieces' table (piece_table.hpp's kPieces), as the members name it.
std::string board_members(const model::Variant& v, const model::KernelCoverage& coverage, const std::string& table) {
  const fairy::Geometry& g = v.info.geo;
  std::string out = "  using Word = " + word_type(coverage.word_bits) + ";\n";
  out += "  static constexpr int files = " + std::to_string(g.files) + ";\n";
  out += "  static constexpr int ranks = " + std::to_string(g.ranks) + ";\n";
  out += "  static constexpr const auto& pieces = " + table + ";\n";
  return out;
}

// The Description; `board`: the KernelBoard it derives from, else it has those members itself.
std::string description_struct(const model::Variant& v, const model::KernelCoverage& coverage, const std::string& board,
                               const std::string& table) {
  const fairy::VariantInfo& info = v.info;
  std::string out = board.empty() ? "struct Description {\n" + board_members(v, coverage, table)
                                  : "struct Description : " + board + " {  // its board and pieces\n";
  out += "  static constexpr CastlingRule castling = kVariant.castling;\n";
  out += rule_members(info);
  out += info.promotions.empty() ? "  static constexpr std::array<PromotionData, 0> promotions{};\n"
                                 : "  static constexpr auto promotions = kPromotions;\n";
  out += hands_text(info, coverage.royal_drops);
  out += "  static constexpr std::string_view start_fen = kVariant.start_fen;\n";
  out += "};\n";
  return out;
}

}  // namespace

std::string kernel_board(const model::Variant& v, const std::string& table) {
  const model::KernelCoverage coverage = model::kernel_coverage(v.info);
  return coverage.covered ? board_members(v, coverage, table) : "";
}

KernelCode kernel_code(const model::Variant& v, const std::string& board, const std::string& table) {
  const model::KernelCoverage coverage = model::kernel_coverage(v.info);
  KernelCode code;
  if (!coverage.covered) {
    code.description = "// Bitboard kernel: not covered, " + comment(coverage.reason) + "; perft runs on Rules::generate.\n";
    return code;
  }
  code.covered = true;
  const fairy::Geometry& g = v.info.geo;
  std::string& d = code.description;
  d = "// Bitboard kernel (runtime/bitboard/): " + std::to_string(g.files) + "x" + std::to_string(g.ranks) + " = " +
      std::to_string(g.files * g.ranks) + " squares in a " + std::to_string(coverage.word_bits) +
      "-bit word. The variant as constexpr data; its\n// pieces' paths are the tables of the *.paths.hpp headers, which the move generator's model is built from too.\n";
  d += "namespace kernel {\n\n" + description_struct(v, coverage, board, table) + "\n}  // namespace kernel\n";
  return code;
}

}  // namespace fairygen::emit
