#include "tests/perft_check.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "runtime/registry.hpp"
#include "tests/effort.hpp"
#include "tests/spec_cache.hpp"

namespace fairy::test {

namespace {
const Engine& interpreted(const std::string& key) {
  static std::map<std::string, std::unique_ptr<Engine>> cache;
  auto& slot = cache[key];
  if (!slot) slot = std::make_unique<InterpretedEngine>(cached_variant(FAIRY_SPEC_PATH, key));
  return *slot;
}

// Whether a count for key, fen and depth may rest on the interpreter: some perft entry of the
// variant with that position and depth says "generated and interpreted agree" in its source (so
// an entry sharing its position with such an entry is counted in full too). Read here, not
// written into the generated tests: a spec's free text never changes generated code.
bool interpreter_is_source(const std::string& key, const std::string& fen, int depth) {
  const fairygen::spec::VariantSpec* variant = cached_spec(FAIRY_SPEC_PATH).find_variant(key);
  if (!variant) return true;  // counted in full: the test fails elsewhere
  for (const auto& p : variant->perft)
    if (p.fen.value == fen && int(p.counts.size()) >= depth &&
        p.source.find("generated and interpreted agree") != std::string::npos)
      return true;
  return false;
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

  // The interpreter counts the trees whose count rests on it, and the others up to a size: it
  // walks the same code at every depth, and counts some 3 million leaves a second (chess's depth
  // 6, 119 million leaves from a published table, was 40 s of a CI run). Under the sanitizers,
  // where it is tens of times slower than a module, only the smaller trees of any source (up to
  // 200,000 leaves: the trees between that and a million were a third of the perft tests there).
  constexpr std::uint64_t kInterpreterNodes = 10'000'000, kSanitizedInterpreterNodes = 200'000;
  if (kSanitized && expected > kSanitizedInterpreterNodes) return;
  if (expected > kInterpreterNodes && !interpreter_is_source(key, fen, depth)) return;
  const Engine& interp = interpreted(key);
  Position ipos(interp.variant());
  if (fen == "start") ipos.set_start(); else ipos.set_fen(fen);
  EXPECT_EQ(interp.perft(ipos, depth), expected) << "interpreter, " << key << " " << fen;
}

}  // namespace fairy::test
