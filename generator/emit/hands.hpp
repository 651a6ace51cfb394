// The C++ statements that set a generated module's pieces in hand (VariantInfo::hands, and a
// piece's FEN mark and unpromoted type) in make_info(); none for a variant without hands.
#pragma once

#include <string>
#include <vector>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

std::vector<std::string> hand_piece_code(const fairy::PieceInfo& piece);  // statements on `p`
std::vector<std::string> hand_rule_code(const fairy::VariantInfo& info);  // statements on `v`

}  // namespace fairygen::emit
