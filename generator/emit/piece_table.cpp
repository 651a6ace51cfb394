#include "generator/emit/piece_table.hpp"

#include <map>
#include <vector>

#include "generator/emit/text.hpp"

namespace fairygen::emit {

namespace {

constexpr std::size_t kLineLength = 120;  // of a wrapped list of rows' names

// A set of squares of each colour (a region's, a moves_on entry's) as PieceDesc keeps it
// (SquareWords), by the squares' names on the board kBoard.
std::string square_words(const fairy::Geometry& g, const std::array<fairy::SquareSet, 2>& sets) {
  return "{square_words(kBoard, " + square_names(g, sets[fairy::White]) + "), square_words(kBoard, " +
         square_names(g, sets[fairy::Black]) + ")}";
}

// The rows of type t's moves_on table, an entry a line.
std::string moves_on_rows(const model::Variant& v, const PieceTables& tables, int t) {
  const fairy::PieceInfo& p = v.info.pieces[std::size_t(t)];
  std::string out;
  for (std::size_t i = 0; i < p.moves_on.size(); ++i)
    out += "    " +
           Fields()
               .set("on", square_words(v.info.geo, p.moves_on[i].on))
               .set("betza", c_string(p.moves_on[i].betza))
               .set("paths", "{" + tables.name(v, t, fairy::White, int(i)) + ", " + tables.name(v, t, fairy::Black, int(i)) + "}")
               .str() +
           ",\n";
  return out;
}

// The moves_on tables of v's pieces that have them: each type's name (kMovesOn<t>, or that of
// the first type with the same table: Janggi's General and Advisor keep to the palace's lines
// alike), or "" for none; and their code, before kPieces, which points at them.
struct MovesOnTables {
  std::vector<std::string> names;
  std::string code;
};
MovesOnTables moves_on_tables(const model::Variant& v, const PieceTables& tables) {
  MovesOnTables out;
  std::map<std::string, std::string> first_of;  // a table's rows: the first table with them
  for (int t = 0; t < int(v.info.pieces.size()); ++t) {
    const fairy::PieceInfo& p = v.info.pieces[std::size_t(t)];
    if (p.moves_on.empty()) {
      out.names.emplace_back();
      continue;
    }
    const std::string rows = moves_on_rows(v, tables, t);
    const auto [it, added] = first_of.try_emplace(rows, "kMovesOn" + std::to_string(t));
    out.names.push_back(it->second);
    if (!added) continue;
    out.code += "// " + comment(p.name) + "'s moves on some squares instead of its own (moves_on)\n";
    out.code += "inline constexpr bitboard::SquareMovesDesc " + it->second + "[] = {\n" + rows + "};\n";
  }
  return out;
}

// The table's rows, given the names of its moves_on tables: a piece's row where it holds a rule
// of the variant (type masks, squares), else the name of the row its tables' header holds
// (PieceTables::share_row: chess's King is pieces::king_::kPiece in every table); the names a
// list wrapped at the line length, each row a line.
std::string rows_of(const model::Variant& v, const PieceTables& tables, const std::vector<std::string>& moves_on) {
  std::string out, line;
  const auto end_line = [&] {
    if (!line.empty()) out += "    " + line + ",\n";
    line.clear();
  };
  for (int t = 0; t < int(v.info.pieces.size()); ++t) {
    const fairy::PieceInfo& p = v.info.pieces[std::size_t(t)];
    Fields f;  // PieceDesc's fields, in declaration order
    f.set("name", c_string(p.name)).set("letter", c_char(p.letter));
    if (p.mark) f.set("mark", c_char(p.mark));
    f.set("betza", c_string(p.betza))
        .flag("royal", p.royal)
        .flag("ep_victim", p.ep_victim)
        .flag("resets_clock", p.resets_clock)
        .flag("safe_passage", p.safe_passage);
    if (p.initial_ranks) f.set("initial_ranks", p.initial_ranks);
    if (p.value) f.set("value", p.value);
    const bool plain = !p.no_hop_over && !p.no_capture && p.unpromoted < 0 && !p.confined && p.moves_on.empty();
    if (plain) {
      Fields shared = f;
      shared.set("paths", "{kWhite, kBlack}");
      if (const auto name = tables.share_row(v, t, shared.str())) {
        if (!line.empty() && 4 + line.size() + 2 + name->size() + 1 > kLineLength) end_line();
        line += (line.empty() ? "" : ", ") + *name;
        continue;
      }
    }
    if (p.no_hop_over) f.set("no_hop_over", std::to_string(p.no_hop_over) + "u");
    if (p.no_capture) f.set("no_capture", std::to_string(p.no_capture) + "u");
    if (p.unpromoted >= 0) f.set("unpromoted", p.unpromoted);
    if (p.confined) f.set("confined", "true").set("region", square_words(v.info.geo, p.region));
    if (!p.moves_on.empty()) f.set("moves_on", moves_on[std::size_t(t)]);
    f.set("paths", "{" + tables.name(v, t, fairy::White) + ", " + tables.name(v, t, fairy::Black) + "}");
    end_line();
    line = f.str();
    end_line();
  }
  end_line();
  return out;
}

}  // namespace

std::string piece_rows(const model::Variant& v, const PieceTables& tables) {
  const MovesOnTables moves_on = moves_on_tables(v, tables);
  return moves_on.code + rows_of(v, tables, moves_on.names);
}

std::string piece_table_code(const model::Variant& v, const Options& o, const PieceTables& tables) {
  const fairy::VariantInfo& info = v.info;
  std::string where;
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    const spec::Location& w = v.piece_where[std::size_t(t)];
    where += (t ? ", " : "") + info.pieces[std::size_t(t)].name + " " + std::to_string(w.line) + ":" + std::to_string(w.column);
  }
  std::string out = "// The pieces as the spec declares them, in type order: the kernel reads them as they are, and\n"
                    "// the model is made of them (runtime/variant_data.hpp). Their XBetza in\n"
                    "// " + comment(o.spec_name + ": " + where) + ".\n";
  const MovesOnTables moves_on = moves_on_tables(v, tables);
  out += moves_on.code + "inline constexpr std::array<bitboard::PieceDesc, " + std::to_string(info.pieces.size()) +
         "> kPieces = {{\n" + rows_of(v, tables, moves_on.names) + "}};\n";
  return out;
}

}  // namespace fairygen::emit
