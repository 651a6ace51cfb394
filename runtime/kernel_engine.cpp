#include "runtime/kernel_engine.hpp"

namespace fairy {

void KernelDispatch::generate(const Position& pos, MoveList& list) const { Interpreter(pos.variant()).generate(pos, list); }

bool KernelDispatch::attacked(const Position& pos, Square s, Color by) const {
  if (const std::optional<bool> kernel = entry_->attacked(pos, s, by)) return *kernel;
  return Interpreter(pos.variant()).attacked(pos, s, by);
}

std::uint64_t KernelDispatch::perft(const Position& pos, int depth) const {
  if (const std::optional<std::uint64_t> nodes = entry_->perft(pos, depth)) return *nodes;
  Position copy = pos;  // by make and unmake over the interpreter's moves, legal by the kernel's attacks
  return fairy::perft(copy, *this, depth);
}

template class EngineFor<KernelDispatch>;

std::unique_ptr<Engine> kernel_engine(const VariantInfo& info, const KernelEntry& entry) {
  return std::make_unique<EngineFor<KernelDispatch>>(info, KernelDispatch(entry));
}

}  // namespace fairy
