// Executes move programs at run time, for variants loaded from a YAML file without rebuilding,
// and as the independent second path every generated module is checked against.
#pragma once

#include "runtime/movegen.hpp"

namespace fairy {

class Interpreter {
 public:
  explicit Interpreter(const VariantInfo& variant) : info_(&variant) {}

  const VariantInfo& variant() const { return *info_; }
  void generate(const Position& pos, MoveList& list) const;
  bool attacked(const Position& pos, Square s, Color by) const;

  // Generic attack test for one path that cannot be walked backwards (see Path::reversible).
  bool path_attacks(const Position& pos, const Path& path, int type, Square s, Color by) const;

 private:
  bool region_attacks(const Position& pos, int type, Square s, Color by) const;
  bool forward_attacks(const Position& pos, int type, Square s, Color by, const Path* only) const;
  bool reaches_back(const Position& pos, const Path& path, std::size_t leg, Square at, Piece attacker) const;

  const VariantInfo* info_;
};

}  // namespace fairy
