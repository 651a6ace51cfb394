// One perft count a spec gives (its perft: entries, one a depth): the row type of the table that
// fairygen writes to perft_cases.hpp, read by the generated perft program (perft_main.cpp,
// fairygen_add_variants(... PERFT_TESTS)) and by fairygen's own perft tests.
#pragma once

#include <cstdint>

namespace fairy {

struct PerftCase {
  const char* variant;  // the variant's key
  const char* name;     // the entry's name
  const char* fen;      // "start" or a FEN
  int depth;
  std::uint64_t nodes;
  bool slow;  // from the entry's slow_from depth on
  int line;   // the spec's line that gives the count
};

}  // namespace fairy
