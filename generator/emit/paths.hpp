// The pieces' compiled XBetza paths as constexpr tables (runtime/program.hpp's PathDesc): the
// model built at start-up (make_info: program_of) and the bitboard kernel's description both
// read these tables, so each path is written out once. A piece's own moves are shared by every
// variant that has the piece: each distinct pair of tables (White's, Black's mirrored) is a
// header of its own, <stem>.paths.hpp, in namespace fairy::gen::pieces::<stem>. The moves a piece
// has only on some squares, and first moves, are the variant's: tables in its own header.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "generator/emit/emit.hpp"

namespace fairygen::emit {

class PieceTables {
 public:
  PieceTables(const std::vector<const model::Variant*>& vs, const Options& o);
  // "pieces::king_::kWhite": colour c's table of piece type `type` of v.
  std::string name(const model::Variant& v, int type, fairy::Color c) const;
  // The #include lines of v's header for its pieces' tables, in type order.
  std::string includes(const model::Variant& v) const;
  // One header a distinct pair of tables.
  std::vector<Output> files() const;

 private:
  struct File {
    std::string stem;  // "king_" (a piece name cannot end with '_'), "pawn_2" for another pawn
    std::string body;
  };
  std::vector<File> files_;
  std::map<std::pair<const model::Variant*, int>, std::size_t> file_of_;
  std::string spec_name_;
};

// kWhitePOn0: the paths piece p has on the squares of its moves_on entry i.
std::string square_moves_paths_name(const fairy::PieceInfo& p, fairy::Color c, std::size_t i);
// kFirstMove0White: the paths of the variant's first_moves entry i.
std::string first_move_paths_name(std::size_t i, fairy::Color c);

// The variant's own tables (moves on some squares, first moves), each headed by the XBetza it
// compiles and where the spec says it; "" when it has none.
std::string variant_path_tables(const model::Variant& v, const Options& o);

}  // namespace fairygen::emit
