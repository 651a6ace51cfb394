// Shared by the generated perft tests: run a position through the compiled module and the
// interpreter (over the same variants.yaml, loaded at test time) and check both counts.
#pragma once

#include <cstdint>
#include <string>

namespace fairy::test {
void expect_perft(const std::string& key, const std::string& fen, int depth, std::uint64_t expected);
}  // namespace fairy::test

using fairy::test::expect_perft;
