// The bitboard-kernel part of a variant module (runtime/bitboard/): for a variant the kernel
// covers (generator/model/coverage.hpp), the variant's description as constexpr data with
// named fields, which the module's rules (runtime/generated_rules.hpp) run the kernel on.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"

namespace fairygen::emit {

struct KernelCode {
  bool covered = false;     // kernel::Description is defined
  std::string description;  // in the module's header, before Rules: namespace kernel { ... }
};

// The members of the kernel's description that say its board and pieces (Word, files, ranks,
// pieces: a reference to `table`, the pieces' table as the members name it), or empty when the
// kernel does not cover v. Variants that share a move generator and these share them too: a
// struct KernelBoard with them in the generator's header.
std::string kernel_board(const model::Variant& v, const std::string& table);

// The description is a comment only when the kernel does not cover the variant (saying why).
// `board`: the KernelBoard the description derives from (mailbox_chess::KernelBoard), or empty
// (then its pieces are `table`).
KernelCode kernel_code(const model::Variant& v, const std::string& board, const std::string& table);

}  // namespace fairygen::emit
