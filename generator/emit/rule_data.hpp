// The variant a generated module states once, as constexpr data in its header (runtime/
// variant_data.hpp's VariantData, in the model's own types): kVariant, its board (kBoard) and the
// arrays the record points at (kPromotions, kFirstMoves). The module's model is made of it
// (model_of) and the kernel's description reads its rules as they are.
#pragma once

#include <string>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

// `pieces`: the pieces' table (piece_table.hpp) as the record names it; `own_pieces`: that
// table's code where it is the variant's own (Horde's), else "".
std::string rule_data_code(const fairy::VariantInfo& info, const std::string& pieces, const std::string& own_pieces);

}  // namespace fairygen::emit
