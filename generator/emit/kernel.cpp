#include "generator/emit/kernel.hpp"

#include "generator/emit/text.hpp"
#include "generator/model/coverage.hpp"

namespace fairygen::emit {

namespace {

// The C++ type of a word of `bits` bits (runtime/bitboard/bitboard.hpp).
std::string word_type(int bits) {
  if (bits == 64) return "std::uint64_t";
  if (bits == 128) return "bitboard::u128";
  return "bitboard::Lanes<" + std::to_string(bits / 64) + ">";
}

// The hands (bitboard::HandDesc) where the variant has them: their rules (the record's), and what
// each type returns to a hand as and may be dropped as.
std::string hands_text(const fairy::VariantInfo& info, bool royal_drops) {
  std::string types, faces;
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    types += (t ? ", " : "") + std::to_string(info.hand_type[t]);
    faces += (t ? ", " : "") + std::to_string(info.drop_face[t]);
  }
  Fields derived;
  derived.set("hand_type", "{" + types + "}");
  if (info.hands.drop_promoted) derived.set("drop_face", "{" + faces + "}");
  derived.flag("royal_drops", royal_drops);
  return "inline constexpr bitboard::HandDesc kHands = {kVariant.hands, " + derived.str() +
         "};  // hand_type: what a captured piece returns to a hand as, by type\n";
}

}  // namespace

std::string kernel_code(const model::Variant& v, const model::KernelCoverage& coverage, const std::string& table) {
  if (!coverage.covered)
    return "// Bitboard kernel: not covered, " + comment(coverage.reason) + "; perft runs on Rules::generate.\n";
  const fairy::Geometry& g = v.info.geo;
  const bool hands = v.info.hands.enabled;
  return "// Bitboard kernel (runtime/bitboard/): " + std::to_string(g.files) + "x" + std::to_string(g.ranks) + " = " +
         std::to_string(g.files * g.ranks) + " squares in a " + std::to_string(coverage.word_bits) +
         "-bit word. Its description: the word, the board,\n// the pieces (their paths the *.paths.hpp tables, which the model is made of too), the record above" +
         (hands ? " and the hands." : ".") + "\n" + (hands ? hands_text(v.info, coverage.royal_drops) : "") +
         "using Kernel = bitboard::Description<" + word_type(coverage.word_bits) + ", " + std::to_string(g.files) + ", " +
         std::to_string(g.ranks) + ", " + table + ", kVariant" + (hands ? ", kHands" : "") + ">;\n";
}

}  // namespace fairygen::emit
