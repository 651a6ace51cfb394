// The bitboard-kernel part of a variant module (runtime/bitboard/): for a variant the kernel
// covers (generator/model/coverage.hpp), the variant's description as constexpr data with
// named fields, which the module's rules (runtime/generated_rules.hpp) run the kernel on.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"
#include "generator/model/coverage.hpp"

namespace fairygen::emit {

// In the module's header, before Rules: `using Kernel = bitboard::Description<...>;` where the
// kernel covers the variant (`coverage`, generator/model/coverage.hpp), else a comment saying
// why not. `table`: the pieces' table as the variant's header names it (pieces_chess::kPieces).
std::string kernel_code(const model::Variant& v, const model::KernelCoverage& coverage, const std::string& table);

}  // namespace fairygen::emit
