// The rules a generated module states once, as constexpr data in its header, in the model's own
// types (runtime/variant_info.hpp): kCastling, kTurn, kExtinction, kFlag, kHands and
// kPromotions (PromotionData, with the arrays they point at), each only where the variant has
// the rule. The module's make_info() sets its model from them (v.castling = kCastling; v.promotions
// = promotion_rules_of(kPromotions, v.geo)) and the kernel's description reads them as they are.
#pragma once

#include <string>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

std::string rule_data_code(const fairy::VariantInfo& info);

}  // namespace fairygen::emit
