// Whether one of a list of moves captures the piece on a square: by landing there, or on the way
// (a locust). The attack tests check the backward walks against it (tests/test_attacks.cpp,
// tests/fuzz/fuzz_betza.cpp): a piece attacks s exactly when, with an enemy on s, one of its
// moves captures there.
#pragma once

#include "runtime/types.hpp"

namespace fairy {

inline bool captures_on(const MoveList& moves, Square s) {
  for (const Move& m : moves) {
    const bool lands = m.to == s && (m.kind == MoveKind::Normal || m.kind == MoveKind::Induced ||
                                     m.kind == MoveKind::Locust);
    if (lands || (m.kind == MoveKind::Locust && m.aux1 == s)) return true;
  }
  return false;
}

}  // namespace fairy
