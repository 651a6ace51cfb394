// The variants compiled into this build (generated/registry.cpp lists them).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine.hpp"
#include "runtime/kernel_engine.hpp"
#include "runtime/variant_data.hpp"

namespace fairy {

struct CompiledVariant {
  const char* key;
  const VariantInfo& (*info)();
  std::unique_ptr<Engine> (*engine)();
  // The module's kernel functions (KernelRules::entry), where it runs on the kernel; else
  // nullptr. The kernel tests reach a variant's kernel by key through it.
  const KernelEntry& (*kernel)() = nullptr;
};

template <class R>
std::unique_ptr<Engine> make_engine_for(const VariantInfo& info) {
  return std::make_unique<EngineFor<R>>(info, R{});
}

// A generated module's variant (its .cpp: `constinit const CompiledVariant kCompiled =
// compiled_variant<Rules, kVariant>();`): the model of its record (model_of), made once, on first
// use, and engines over the module's Rules R: on the kernel, the runtime's one engine over the
// kernel's functions (runtime/kernel_engine.hpp), so that a module compiles the kernel alone;
// else engines whose run-time templates (perft, legality, game ends) are instantiated there, in
// the module, and nowhere else.
template <const VariantData& data>
const VariantInfo& module_info() {
  static const VariantInfo info = model_of(data);
  return info;
}
template <class R, const VariantData& data>
std::unique_ptr<Engine> module_engine() {
  if constexpr (requires { R::entry(); })
    return kernel_engine(module_info<data>(), R::entry());  // on the kernel: its engine is the runtime's
  else
    return make_engine_for<R>(module_info<data>());
}
template <class R, const VariantData& data>
constexpr CompiledVariant compiled_variant() {
  const KernelEntry& (*kernel)() = nullptr;
  if constexpr (requires { R::entry(); }) kernel = &R::entry;
  return {data.key.data(), &module_info<data>, &module_engine<R, data>, kernel};  // the key: a string literal
}

const std::vector<CompiledVariant>& compiled_variants();

// nullptr when the key is unknown.
const CompiledVariant* find_compiled(std::string_view key);

}  // namespace fairy
