// Executes move programs at run time, for variants loaded from a YAML file without rebuilding,
// and as the independent second path every generated module is checked against.
#pragma once

#include "runtime/generation.hpp"

namespace fairy {

class Interpreter {
 public:
  explicit Interpreter(const VariantInfo& variant) : info_(&variant), steps_(generation_steps(variant)) {}

  const VariantInfo& variant() const { return *info_; }
  void generate(const Position& pos, MoveList& list) const;
  bool attacked(const Position& pos, Square s, Color by) const;

 private:
  bool region_attacks(const Position& pos, int type, Square s, Color by) const;

  const VariantInfo* info_;
  GenerationSteps steps_;  // around the pieces' moves (runtime/generation.hpp)
};

}  // namespace fairy
