// The pieces' compiled XBetza paths as constexpr tables (runtime/program.hpp's PathDesc), in a
// variant module's header: the model built at start-up (make_info: program_of) and the bitboard
// kernel's description both read these tables, so each path is written out once.
#pragma once

#include <cstddef>
#include <string>

#include "generator/emit/emit.hpp"

namespace fairygen::emit {

// kWhiteK, kBlackP, kWhiteQTilde (Q~), kBlackPPlus (+p): the paths of a piece, named by its FEN
// letter and mark (unique together in a variant).
std::string paths_name(const fairy::PieceInfo& p, fairy::Color c);
// kWhiteJOn0: the paths the piece has on the squares of its moves_on entry i.
std::string square_moves_paths_name(const fairy::PieceInfo& p, fairy::Color c, std::size_t i);
// kFirstMove0White: the paths of the variant's first_moves entry i.
std::string first_move_paths_name(std::size_t i, fairy::Color c);

// Every table of the variant, each headed by the XBetza it compiles and where the spec says it.
std::string path_tables(const model::Variant& v, const Options& o);

}  // namespace fairygen::emit
