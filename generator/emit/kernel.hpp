// The bitboard-kernel part of a variant module (runtime/bitboard/): for a variant the kernel
// covers (generator/model/coverage.hpp), the variant's description as constexpr data with
// named fields, and a Rules::perft that runs the kernel on it.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"
#include "generator/emit/paths.hpp"

namespace fairygen::emit {

struct KernelCode {
  std::string description;  // in the module's header, before Rules: namespace kernel { ... }
  std::string declaration;  // inside Rules
  std::string definition;   // in the module's source
};

// All three are comments only when the kernel does not cover the variant (saying why).
KernelCode kernel_code(const model::Variant& v, const PieceTables& tables);

}  // namespace fairygen::emit
