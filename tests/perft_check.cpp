#include "tests/perft_check.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "generator/model/model.hpp"
#include "runtime/registry.hpp"
#include "tests/effort.hpp"

namespace fairy::test {

namespace {
const Engine& interpreted(const std::string& key) {
  static std::map<std::string, std::unique_ptr<Engine>> cache;
  auto& slot = cache[key];
  if (!slot) slot = std::make_unique<InterpretedEngine>(fairygen::model::load_variant(FAIRY_SPEC_PATH, key));
  return *slot;
}
}  // namespace

void expect_perft(const std::string& key, const std::string& fen, int depth, std::uint64_t expected) {
  const CompiledVariant* v = find_compiled(key);
  ASSERT_NE(v, nullptr) << "variant " << key << " is not compiled in";
  const auto generated = v->engine();
  Position pos(generated->variant());
  if (fen == "start") pos.set_start(); else pos.set_fen(fen);
  const std::uint64_t key_before = pos.key();
  EXPECT_EQ(generated->perft(pos, depth), expected) << "generated module, " << key << " " << fen;
  EXPECT_EQ(pos.key(), key_before) << "position not restored after perft";

  // Under the sanitizers the interpreter (tens of times slower than a module there) counts only
  // the smaller trees: it walks the same code at every depth, and the Release suite counts all.
  constexpr std::uint64_t kSanitizedInterpreterNodes = 1'000'000;
  if (kSanitized && expected > kSanitizedInterpreterNodes) return;
  const Engine& interp = interpreted(key);
  Position ipos(interp.variant());
  if (fen == "start") ipos.set_start(); else ipos.set_fen(fen);
  EXPECT_EQ(interp.perft(ipos, depth), expected) << "interpreter, " << key << " " << fen;
}

}  // namespace fairy::test
