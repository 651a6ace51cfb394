// The pieces' compiled XBetza paths as constexpr tables (runtime/program.hpp's PathDesc): the
// model made at start-up (runtime/variant_data.hpp's model_of: program_of) and the bitboard
// kernel's description both read these tables, and the mailbox move generators walk them
// (runtime/path_walk.hpp), so each path is written out once. A piece's moves are shared by every variant that has the piece, and
// by pieces of other names whose moves compile alike (Xiangqi's General and the Wazir): each
// distinct set of tables (White's, Black's mirrored; and those of the moves it has only on some
// squares) is a header of its own, <stem>.paths.hpp, in namespace fairy::gen::pieces::<stem>,
// named after the catalogue piece whose XBetza it is (model::Variant::moves_name).
// A piece's moves on some squares that add to its own (Janggi's Rook: R, and its diagonals on the
// palace's lines) name its own table first (table_of<PathDesc>(kWhite, ...)), and where its own
// are those of a piece with no others, those are that piece's tables (rook_2's are rook_'s).
// The row of the piece a header is named after (bitboard::PieceDesc) follows, where it holds no
// rule of its variant (share_row). First moves are the variant's: tables in its own header.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
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
  // "paths_of<Us, pieces::king_::kWhite, pieces::king_::kBlack>": the same for the colour named
  // `c` in code written for both (runtime/program.hpp's paths_of).
  std::string colour_name(const model::Variant& v, int type, const std::string& c, int moves = -1) const;
  // The #include lines of v's header for its pieces' tables, in type order.
  std::string includes(const model::Variant& v) const;
  // A piece's move generator (runtime/mailbox_walks.hpp's plain walks and the shared walker on
  // its tables) that is the same code in every variant with the piece: `body` goes to
  // <stem>.moves.hpp (the stem of the first piece with that body, headed as its tables are) as
  // pieces::<stem>::generate_moves, a template on the colour Us and the board's stride kStride,
  // whose name this returns; one that promotes (`promotes`) as generate_promoting_moves, on the
  // first squares of the promotion zone (kZoneWhite, kZoneBlack) too. Nullopt when that header
  // holds another body of the kind already (then the variant keeps its own). Registered as the
  // move generators are emitted (movegen_code), hence mutable.
  std::optional<std::string> share_moves(const model::Variant& v, int type, const std::string& body, bool promotes) const;
  // The #include lines of the shared move generators v's generator calls.
  std::string moves_includes(const model::Variant& v) const;
  // A piece's table of capture walks (runtime/back_walk.hpp's BackWalk, both colours; `table` the
  // text after its name, " = with_mirrored(table_of<BackWalk>(...));") for its paths, or those of its moves_on entry
  // `moves`: one table of those walks, pieces::<stem>::kBackWalks (kBackWalksOn0) of
  // <stem>.attacks.hpp, serves every variant with a piece that has them; this returns its name.
  // Nullopt when the piece's name holds other
  // walks (a variant's rule in them, as Janggi's Cannons that hop over no Cannon): then the
  // variant's move generator keeps its own. Registered as share_moves is; written out once a move
  // generator walks it (use_attacks, with the name share_attacks gave).
  std::optional<std::string> share_attacks(const model::Variant& v, int type, int moves, const std::string& table) const;
  void use_attacks(const std::string& name, const model::Variant& v) const;
  // The #include lines of the shared walk tables v's generator walks.
  std::string attacks_includes(const model::Variant& v) const;
  // A row of a table of pieces (bitboard::PieceDesc) that holds no rule of its variant (no type
  // masks, no squares: piece_table.cpp asks only for those), `row` its literal with the paths
  // as the tables' header names them ({kWhite, kBlack}): written once, in that header where it
  // is named after the piece, as kPiece, for every table with the piece so. Its name
  // ("pieces::king_::kPiece"), or nullopt where the header is another piece's (the Commoner
  // moves as the King) or holds another row of it (Horde's Pawn, whose first two ranks are its
  // start, beside chess's). Registered as the tables of pieces are emitted, hence mutable.
  std::optional<std::string> share_row(const model::Variant& v, int type, const std::string& row) const;
  // One header a shared move generator, and one a piece whose walk tables some move generator
  // walks (after every variant's move generator has been emitted).
  std::vector<Output> moves_files() const;
  std::vector<Output> attacks_files() const;
  // Those, and one header a distinct pair of tables.
  std::vector<Output> files() const;

 private:
  struct File {
    std::string stem;    // "king_" (a piece name cannot end with '_'), "pawn_2" for another pawn
    std::string named_after;  // the stem without its number: "pawn_"
    std::string tables;   // the tables, what tells files apart
    std::string heading;  // whose moves they are (model::Variant::moves_name), the XBetza, where
    std::string includes;  // the header of the tables its own are, if any (Janggi's Rook's: the Rook's)
  };
  struct Moves {
    std::string body;
    bool promotes = false;
  };
  std::vector<File> files_;
  mutable std::map<std::size_t, std::string> rows_;  // kPiece's literal, by index in files_
  std::map<std::pair<const model::Variant*, int>, std::size_t> file_of_;
  mutable std::map<std::size_t, std::vector<Moves>> moves_;  // by index in files_: at most one of each kind
  mutable std::map<const model::Variant*, std::vector<std::size_t>> moves_of_;
  struct Walks {
    std::string name;   // kBackWalks, kBackWalksOn0
    std::string table;  // its literal after the name: "[2][8] = {...};"
    bool used = false;  // walked by some variant's move generator
  };
  // [file][moves]: a piece's walk table (moves -1: of its own paths)
  mutable std::map<std::size_t, std::map<int, Walks>> attacks_;
  mutable std::map<const model::Variant*, std::vector<std::size_t>> attacks_of_;
  // The #include lines of v's headers of a kind ("moves", "attacks") among `headers`.
  std::string includes_of(const std::map<const model::Variant*, std::vector<std::size_t>>& headers, const model::Variant& v,
                          const std::string& kind) const;
  // <stem>.<kind>.hpp of a piece's tables, from <kind>.hpp.in with `text` in its slot `slot`.
  Output piece_header(const std::string& kind, std::size_t file, const std::string& slot, const std::string& text) const;
  std::string spec_name_;
  std::string template_dir_;  // moves.hpp.in, attacks.hpp.in and paths.hpp.in
};

// kFirstMove0White: the paths of the variant's first_moves entry i.
std::string first_move_paths_name(std::size_t i, fairy::Color c);

// The variant's own tables (first moves), each headed by the XBetza it compiles and where the
// spec says it; "" when it has none.
std::string variant_path_tables(const model::Variant& v, const Options& o);

}  // namespace fairygen::emit
