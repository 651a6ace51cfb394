// The model's pieces (VariantInfo::pieces) from a generated module's constexpr piece table: the
// one list of a move generator's pieces (bitboard::PieceDesc, its header's kPieces), which the
// kernel reads as it is and make_info() turns into PieceInfo here.
#pragma once

#include <span>
#include <vector>

#include "runtime/bitboard/description.hpp"
#include "runtime/geometry.hpp"
#include "runtime/variant_info.hpp"

namespace fairy {

// The pieces of `table` as the model holds them, on the board g (whose squares the table's
// regions and moves_on entries name in kernel numbering: rank * files + file).
std::vector<PieceInfo> piece_infos(std::span<const bitboard::PieceDesc> table, const Geometry& g);

}  // namespace fairy
