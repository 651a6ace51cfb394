// A generated module's game ends (VariantInfo::ends) as a literal of the model's EndRules, its
// fields named, those at chess's defaults left out; "" when all are.
#pragma once

#include <string>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

std::string end_rules_literal(const fairy::VariantInfo& info);

}  // namespace fairygen::emit
