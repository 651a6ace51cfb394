// The variants compiled into this build (generated/registry.cpp lists them).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine.hpp"

namespace fairy {

struct CompiledVariant {
  const char* key;
  const VariantInfo& (*info)();
  std::unique_ptr<Engine> (*engine)();
};

template <class R>
std::unique_ptr<Engine> make_engine_for(const VariantInfo& info) {
  return std::make_unique<EngineFor<R>>(info, R{});
}

const std::vector<CompiledVariant>& compiled_variants();

// nullptr when the key is unknown.
const CompiledVariant* find_compiled(std::string_view key);

}  // namespace fairy
