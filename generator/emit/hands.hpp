// The C++ that sets a generated module's pieces in hand in make_info(): VariantInfo::hands as one
// literal, its fields named (none for a variant without hands), and a piece's FEN mark and
// unpromoted type as fields of the piece's literal.
#pragma once

#include <string>
#include <vector>

#include "generator/emit/text.hpp"
#include "runtime/variant_info.hpp"

namespace fairygen::emit {

void hand_piece_fields(const fairy::PieceInfo& piece, Fields& fields);  // mark, unpromoted

}  // namespace fairygen::emit
