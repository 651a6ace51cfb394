// The pieces' compiled XBetza paths as constexpr tables (runtime/program.hpp's PathDesc): the
// model built at start-up (make_info: program_of) and the bitboard kernel's description both
// read these tables, and the mailbox move generators walk them (runtime/path_walk.hpp), so each
// path is written out once. A piece's moves are shared by every variant that has the piece: each
// distinct set of tables (White's, Black's mirrored; and those of the moves it has only on some
// squares) is a header of its own, <stem>.paths.hpp, in namespace fairy::gen::pieces::<stem>.
// First moves are the variant's: tables in its own header.
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
  // "pieces::king_::kWhite": colour c's table of piece type `type` of v; moves >= 0: of its
  // moves_on entry `moves` ("pieces::rook_2::kWhiteOn0").
  std::string name(const model::Variant& v, int type, fairy::Color c, int moves = -1) const;
  // "pieces::king_::kPaths<Us>": the same for the colour named `c` in code written for both.
  std::string colour_name(const model::Variant& v, int type, const std::string& c, int moves = -1) const;
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

// kFirstMove0White: the paths of the variant's first_moves entry i.
std::string first_move_paths_name(std::size_t i, fairy::Color c);

// The variant's own tables (first moves), each headed by the XBetza it compiles and where the
// spec says it; "" when it has none.
std::string variant_path_tables(const model::Variant& v, const Options& o);

}  // namespace fairygen::emit
