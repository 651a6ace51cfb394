// A group's pieces as one constexpr table (runtime/bitboard/description.hpp's PieceDesc): its
// header's kPieces (<name>.pieces.hpp, or a move generator's <name>.mailbox.hpp), which the
// bitboard kernel reads as it is (bitboard::Description's pieces) and each module's record (kVariant) names
// for the model (runtime/variant_data.hpp's model_of). A variant whose pieces differ from its
// move generator's first variant's has a table of its own in its header.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"
#include "generator/emit/paths.hpp"

namespace fairygen::emit {

// The table's contents: its moves_on tables and its rows, a piece a line in type order. Two
// variants whose contents are the same share a table.
std::string piece_rows(const model::Variant& v, const PieceTables& tables);

// v's table, kPieces, with the moves_on tables it points at before it. Its regions and moves_on
// entries name their squares on kBoard: the move generator's, or the variant's (rule_data.hpp).
std::string piece_table_code(const model::Variant& v, const Options& o, const PieceTables& tables);

}  // namespace fairygen::emit
