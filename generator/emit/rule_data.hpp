// The variant a generated module states once, as constexpr data in its header (runtime/
// variant_data.hpp's VariantData, in the model's own types): kVariant, its board (kBoard) and the
// arrays the record points at (kPromotions, kFirstMoves). The module's model is made of it
// (model_of) and the kernel's description reads its rules as they are.
#pragma once

#include <span>
#include <string>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

// A record a variant's may be written as changes to: one of a variant declared before it.
struct RecordBase {
  const fairy::VariantInfo& info;
  std::string pieces;  // its pieces' table, as any module names it: "pieces_chess::kPieces"
  std::string name;    // its record, as any module names it: "v_chess::kVariant"
  std::string header;  // the header that declares it: "chess.hpp"
  std::string where;   // for the comment: "'chess' (variants.yaml:145:3)"
};

struct RuleData {
  std::string code;
  const RecordBase* base = nullptr;  // the record it changes (one of `bases`), or none
};

// `pieces`: the pieces' table (piece_table.hpp) as the record names it; `own_pieces`: that
// table's code where it is the variant's own (Horde's), else "". The record is written as the
// one of `bases` it differs least from with what differs (runtime/variant_data.hpp's changed),
// where that takes fewer lines than setting each field; else field by field.
RuleData rule_data_code(const fairy::VariantInfo& info, const std::string& pieces, const std::string& own_pieces,
                        std::span<const RecordBase> bases = {});

}  // namespace fairygen::emit
