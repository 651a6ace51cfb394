// The bitboard-kernel part of a variant module (runtime/bitboard/): for a variant the kernel
// covers (generator/model/coverage.hpp), the variant's description as constexpr data with
// named fields, which the module's rules (runtime/generated_rules.hpp) run the kernel on.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"

namespace fairygen::emit {

struct KernelCode {
  bool covered = false;     // kernel::Description is defined
  std::string description;  // in the module's header, before Rules: namespace kernel { ... }
};

// The description is a comment only when the kernel does not cover the variant (saying why).
// `table`: the pieces' table as the variant's header names it (pieces_chess::kPieces).
KernelCode kernel_code(const model::Variant& v, const std::string& table);

}  // namespace fairygen::emit
