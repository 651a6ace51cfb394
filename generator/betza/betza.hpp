// XBetza → move programs.
//
// Stage 1 (parse) turns the text into atoms with their modifiers; stage 2 (compile) resolves
// directions and modalities into concrete legs for one colour. docs/xbetza.md is the reference
// for what each letter means here.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/program.hpp"
#include "runtime/types.hpp"

namespace fairygen::betza {

// Limits on what one XBetza string may say (docs/spec.md, "Limits"): refused with the column.
constexpr int kMaxLength = 256;  // characters
using fairy::kMaxLegs;           // legs of one move (runtime/program.hpp)
constexpr int kMaxPaths = 1024;  // paths of one piece, after directions are expanded (aaW has 196)

// A malformed or unsupported XBetza string; `column` is 1-based within the string.
struct Error : std::runtime_error {
  Error(const std::string& what, int column) : std::runtime_error(what), column(column) {}
  int column;
};

// A later leg of a multi-leg move (after `a`, or the second atom of a bracket form).
struct LegSpec {
  std::string directions;  // relative to the previous leg
  std::string modality;
  char letter = 0;         // the atom of this leg
  int range = 1;
  int column = 0;
};

// One atom with what stands before and after it, e.g. "ifmnD" or "NN" or "W3" or "cafK".
// The fields describe the first (or only) leg; `later` holds any further legs.
struct Atom {
  std::string directions;  // f b l r v s h, in order
  std::string modality;    // m c d e i n p g y x u q z, in order
  char letter = 0;         // W F D N A H C Z G (K Q R B are expanded by the parser); 'O' = castling
  int range = 1;           // 1 = leap once; 0 = unlimited; n = up to n steps
  int column = 0;          // 1-based column of the letter
  int source = 0;          // index of the written atom it came from (K → W and F share one)
  std::vector<LegSpec> later;
  bool bracket = false;         // written as [X?Y] or [X-Y]
  bool may_stop_early = false;  // `?`: the move may also end after the first leg
  std::string outer;            // direction letters before '[': filter every leg
};

// Parses the whole string; throws Error for unknown or misplaced letters.
std::vector<Atom> parse(std::string_view text);

// Compiles parsed atoms for one colour (Black's board vectors are White's mirrored in rank).
fairy::PieceProgram compile(const std::vector<Atom>& atoms, fairy::Color color);

// The castling distance written with `O` (e.g. 3 for "KisO3"), or 0 when there is none.
int castling_steps(const std::vector<Atom>& atoms);

// parse + compile; throws Error.
fairy::PieceProgram compile(std::string_view text, fairy::Color color);

}  // namespace fairygen::betza
