#include "runtime/registry.hpp"

namespace fairy {

const CompiledVariant* find_compiled(std::string_view key) {
  for (const CompiledVariant& v : compiled_variants())
    if (key == v.key) return &v;
  return nullptr;
}

}  // namespace fairy
