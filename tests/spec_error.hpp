// For tests of spec errors: the message of the SpecError that building every variant of a spec
// text throws, or "" when it builds.
#pragma once

#include <string>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"

namespace fairytest {

// A small chess-like variant 'mini' (King, a non-royal King-mover, Rook on 5x5); tests append
// keys of the variant (an `end:`, `explode:`, ...) after its `start:`.
inline const std::string kMiniSpec = R"(pieces:
  king: {letter: K, betza: K, royal: true}
  man: {letter: M, betza: K}
  rook: {letter: R, betza: R}
variants:
  mini:
    board: {files: 5, ranks: 5}
    pieces: [king, man, rook]
    start: k4/5/5/5/R3K w - - 0 1
)";

inline std::string spec_error(const std::string& yaml) {
  try {
    fairygen::model::build_all(fairygen::spec::load_string(yaml, "v.yaml"));
  } catch (const fairygen::spec::SpecError& e) {
    return e.what();
  }
  return "";
}

// The model of the first variant of a spec text (which must build).
inline fairy::VariantInfo variant_info(const std::string& yaml) {
  const auto file = fairygen::spec::load_string(yaml, "v.yaml");
  return fairygen::model::build(file, file.variants[0]).info;
}

}  // namespace fairytest
