// A generated module on the bitboard kernel, as an engine. The kernel's three entry points (perft,
// the legal moves for play, attacks) are the module's own, compiled for its variant; what is
// built around them (a given move's legality, game ends, divide, perft by turns, and perft where
// the kernel cannot hold the position, over the interpreter's moves) is the same code for every
// such module, compiled once here (kernel_engine.cpp) instead of in each, where it was
// instantiated again for each variant's Rules: a tenth of a module's compile in Release, a sixth
// under the sanitizers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "runtime/engine.hpp"

namespace fairy {

// A module's kernel: its functions for its variant (runtime/generated_rules.hpp, KernelRules::entry()).
struct KernelEntry {
  std::optional<std::uint64_t> (*perft)(const Position& pos, int depth);  // nullopt: cannot hold pos
  bool (*legal_moves)(const Position& pos, MoveList& out);                  // false: cannot hold pos
  std::optional<bool> (*attacked)(const Position& pos, Square s, Color by);  // nullopt: cannot hold pos
};

// The rules (runtime/movegen.hpp's interface) of a module on the kernel: the kernel's answers,
// the interpreter's where the kernel cannot hold the position (a board with holes).
class KernelDispatch {
 public:
  explicit KernelDispatch(const KernelEntry& entry) : entry_(&entry) {}
  void generate(const Position& pos, MoveList& list) const;  // pseudo-legal: the interpreter's
  bool attacked(const Position& pos, Square s, Color by) const;
  // Along every route (the kernel's attacks are whole; see is_legal in runtime/movegen.hpp).
  bool attacked_via(const Position& pos, Square s, Color by, Square, Square) const { return attacked(pos, s, by); }
  std::uint64_t perft(const Position& pos, int depth) const;
  bool kernel_moves(const Position& pos, MoveList& out) const { return entry_->legal_moves(pos, out); }

 private:
  const KernelEntry* entry_;
};

extern template class EngineFor<KernelDispatch>;

std::unique_ptr<Engine> kernel_engine(const VariantInfo& info, const KernelEntry& entry);

}  // namespace fairy
