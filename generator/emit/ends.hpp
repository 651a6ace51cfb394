// The C++ statements that set a generated module's game ends and move rules (VariantInfo::ends,
// must_capture, checks_allowed) in make_info(); none when they are chess's.
#pragma once

#include <string>
#include <vector>

#include "runtime/variant_info.hpp"

namespace fairygen::emit {

std::vector<std::string> end_rules_code(const fairy::VariantInfo& info);

}  // namespace fairygen::emit
