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

// A generated module's variant (its .cpp: `constinit const CompiledVariant kCompiled =
// compiled_variant<Rules, make_info>("key");`): the model make_info() builds, once, on first use,
// and engines over the module's Rules R, whose run-time templates (perft, legality, game ends)
// are instantiated there, in the module, and nowhere else.
template <VariantInfo (*make_info)()>
const VariantInfo& module_info() {
  static const VariantInfo info = make_info();
  return info;
}
template <class R, VariantInfo (*make_info)()>
std::unique_ptr<Engine> module_engine() {
  return make_engine_for<R>(module_info<make_info>());
}
template <class R, VariantInfo (*make_info)()>
constexpr CompiledVariant compiled_variant(const char* key) {
  return {key, &module_info<make_info>, &module_engine<R, make_info>};
}

const std::vector<CompiledVariant>& compiled_variants();

// nullptr when the key is unknown.
const CompiledVariant* find_compiled(std::string_view key);

}  // namespace fairy
