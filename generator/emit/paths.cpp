#include "generator/emit/paths.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "generator/emit/template.hpp"
#include "generator/emit/text.hpp"
#include "generator/spec/names.hpp"
#include "runtime/bitboard/shapes.hpp"

namespace fairygen::emit {

namespace {

using fairy::Color;

// A leg as a designated initialiser; without its vector (dx, dy) where a group of paths gives it.
std::string leg_literal(const fairy::Leg& l, bool with_vector = true) {
  Fields f;
  if (with_vector) f.set("dx", l.dx).set("dy", l.dy);
  if (l.range != fairy::Leg{}.range) f.set("range", l.range);
  if (l.mode) f.set("mode", leg_mode_text(l.mode));
  if (l.flags) f.set("flags", leg_flag_text(l.flags));
  if (l.dx2) f.set("dx2", l.dx2);
  if (l.dy2) f.set("dy2", l.dy2);
  return f.str("Leg");
}

// One PathDesc; `like` true: as along_each's `like` (runtime/program.hpp's set_vector), without
// the vector of its first leg and of every leg along the same vector.
std::string path_literal(const fairy::Path& p, bool like = false) {
  std::string legs;
  for (const fairy::Leg& l : p.legs)
    legs += (legs.empty() ? "" : ", ") + leg_literal(l, !like || l.dx != p.legs[0].dx || l.dy != p.legs[0].dy);
  Fields f;
  f.set("legs", "{" + legs + "}");
  if (p.legs.size() != 1) f.set("leg_count", static_cast<long long>(p.legs.size()));
  f.flag("virgin_only", p.virgin_only);
  if (!p.promotes) f.set("promotes", "false");
  if (p.phases != fairy::kAllPhases) f.set("phases", bit_names(p.phases, {"kPhaseFirst", "kPhaseLater", "kPhaseOpening"}));
  if (p.atom) f.set("atom", p.atom);
  return f.str("PathDesc");
}

// Its shape as the kernel sees it (runtime/bitboard/shapes.hpp), for the comment after it: "leap";
// of `count` paths of its shape, "8 leaps".
std::string shape_text(const fairy::Path& p, std::size_t count = 1) {
  const fairy::bitboard::PathShape shape = fairy::bitboard::shape_of(p.legs, p.virgin_only);
  if (shape == fairy::bitboard::PathShape::Uncovered) return count == 1 ? "not a kernel shape" : "not kernel shapes";
  return count == 1 ? std::string(fairy::bitboard::shape_name(shape)) : std::to_string(count) + " " + fairy::bitboard::shape_name(shape) + "s";
}

// A table named `name` of a program's paths (runtime/program.hpp's table_of): each run of paths
// alike but for their vector and of one kernel shape, an XBetza atom's leaps, slides or hops, as
// one along_each. Where they begin with the paths of `own` (a piece's moves, which its moves on
// some squares add to: Janggi's Rook's R and its diagonals on the palace's lines), those are
// the table `own_name` (kWhite).
std::string table(const std::string& name, const fairy::PieceProgram& program, const fairy::PieceProgram* own = nullptr,
                  const std::string& own_name = "") {
  if (program.paths.empty()) return "inline constexpr std::span<const PathDesc> " + name + "{};  // no moves\n";
  const std::vector<fairy::Path>& paths = program.paths;
  const bool extends = own && !own->paths.empty() && own->paths.size() < paths.size() &&
                       std::equal(own->paths.begin(), own->paths.end(), paths.begin());
  const std::size_t first = extends ? own->paths.size() : 0;
  std::vector<TableRow> rows;
  for (std::size_t i = first; i < paths.size(); ++i) {
    const fairy::Path& p = paths[i];
    const std::string shape = shape_text(p);
    rows.push_back(
        {.literal = path_literal(p), .like = path_literal(p, true), .dx = p.legs[0].dx, .dy = p.legs[0].dy, .comment = shape, .kind = shape});
  }
  return "inline constexpr auto " + name + " = table_of<PathDesc>(\n" + (extends ? "    " + own_name + ",  // its own moves\n" : "") +
         table_parts(rows, "    ", ");",
                     [&](std::size_t a, std::size_t b) { return shape_text(paths[first + a], b - a + 1); });
}

// A program mirrored in rank, leg by leg (runtime/program.hpp's mirrored, which a generated
// module's compiler applies to White's table).
fairy::PieceProgram mirrored(fairy::PieceProgram program) {
  for (fairy::Path& path : program.paths)
    for (fairy::Leg& leg : path.legs) leg = fairy::mirrored(leg);
  return program;
}

// Black's table `black_name`: White's (`white_name`) mirrored by the compiler where that is what
// the betza compiler made for Black (always, in the catalogue), else written out under `heading`.
std::string black_table(const std::string& white_name, const std::string& black_name, const fairy::PieceProgram& white,
                        const fairy::PieceProgram& black, const std::string& heading, const fairy::PieceProgram* own = nullptr) {
  if (!white.paths.empty() && mirrored(white) == black)
    return "// Black's: White's mirrored\ninline constexpr auto " + black_name + " = mirrored(" + white_name + ");\n";
  return heading + table(black_name, black, own, "kBlack");
}

// `// <what>: XBetza "<betza>", <spec>:<line>:<column>`
std::string heading(const std::string& what, const std::string& betza, const spec::Location& where, const std::string& spec_name) {
  return "// " + comment(what + ": XBetza \"" + betza + "\", " + spec_name + ":" + std::to_string(where.line) + ":" +
                         std::to_string(where.column)) + "\n";
}

std::string lower(std::string s) {
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// A pair of tables, kWhite and kBlack (or, with suffix "On0", kWhiteOn0 and kBlackOn0), of
// which code written once for both colours takes colour C's as paths_of<C, kWhite, kBlack>
// (runtime/program.hpp). `own`: the piece's own moves, each colour's, where these are its moves
// on some squares (table's own).
std::string table_pair(const std::string& suffix, const fairy::PieceProgram& white, const fairy::PieceProgram& black,
                       const std::array<fairy::PieceProgram, 2>* own = nullptr) {
  if (white.paths.empty() && black.paths.empty())
    return "inline constexpr std::span<const PathDesc> kWhite" + suffix + "{}, kBlack" + suffix + "{};  // no moves, either colour\n";
  const fairy::PieceProgram* own_white = own ? &(*own)[fairy::White] : nullptr;
  const fairy::PieceProgram* own_black = own ? &(*own)[fairy::Black] : nullptr;
  return table("kWhite" + suffix, white, own_white, "kWhite") +
         black_table("kWhite" + suffix, "kBlack" + suffix, white, black, "// Black's\n", own_black);
}

}  // namespace

PieceTables::PieceTables(const std::vector<const model::Variant*>& vs, const Options& o)
    : spec_name_(o.spec_name), template_dir_(o.template_dir) {
  std::map<std::string, int> stems;  // how many distinct tables each stem has had
  // The header of `tables`, added (named after `name`) where there is none yet.
  const auto file_of = [&](std::string tables, std::string heading, std::string includes, const std::string& name) {
    auto it = std::find_if(files_.begin(), files_.end(), [&](const File& f) { return f.tables == tables; });
    if (it == files_.end()) {
      // A name cannot end with '_', so "pawn_" and "pawn_2" are no other piece's stems.
      const std::string base = lower(spec::identifier(name)) + "_";
      const int n = ++stems[base];
      it = files_.insert(files_.end(), File{base + (n > 1 ? std::to_string(n) : ""), base, std::move(tables), std::move(heading),
                                            std::move(includes)});
    }
    return std::size_t(it - files_.begin());
  };
  for (const model::Variant* v : vs)
    for (std::size_t t = 0; t < v->info.pieces.size(); ++t) {
      const fairy::PieceInfo& p = v->info.pieces[t];
      // The tables are the key: pieces of other names that move alike share one header, named
      // after the catalogue piece whose XBetza it is (model::Variant::moves_name). What the
      // header says depends on its tables and the pieces' rows that name them (share_row), not
      // on which variants use them, so a spec edit that gives one more variant these pieces
      // rewrites no other variant's files.
      const std::string own = "// White\n" + table_pair("", p.program[fairy::White], p.program[fairy::Black]);
      const std::string heading = "// " + comment("the moves of '" + v->moves_name[t] + "': XBetza \"" + p.betza + "\", " +
                                                  o.spec_name + ":" + std::to_string(v->moves_where[t].line) + ":" +
                                                  std::to_string(v->moves_where[t].column)) + "\n";
      if (p.moves_on.empty()) {
        file_of_[{v, int(t)}] = file_of(own, heading, "", v->moves_name[t]);
        continue;
      }
      // A piece with moves on some squares (Janggi's Rook: R, and its diagonals on the palace's
      // lines): its own moves are the header of those moves alone (rook_'s), which its header
      // (rook_2) includes and names.
      const std::string& stem = files_[file_of(own, heading, "", v->moves_name[t])].stem;
      std::string tables = "// its own moves: pieces::" + stem + "'s\n"
                           "inline constexpr const auto& kWhite = " + stem + "::kWhite;\n"
                           "inline constexpr const auto& kBlack = " + stem + "::kBlack;\n";
      std::string with_moves_on = heading;
      for (std::size_t i = 0; i < p.moves_on.size(); ++i) {
        tables += "\n// its moves on the squares of its moves_on entry " + std::to_string(i) + ", White\n" +
                  table_pair("On" + std::to_string(i), p.moves_on[i].program[fairy::White], p.moves_on[i].program[fairy::Black],
                             &p.program);
        with_moves_on += "//   and on the squares of a moves_on entry " + std::to_string(i) + ": XBetza \"" + comment(p.moves_on[i].betza) + "\"\n";
      }
      file_of_[{v, int(t)}] = file_of(std::move(tables), std::move(with_moves_on), "#include \"" + stem + ".paths.hpp\"\n", v->moves_name[t]);
    }
}

std::string PieceTables::name(const model::Variant& v, int type, Color c, int moves) const {
  return "pieces::" + files_[file_of_.at({&v, type})].stem + "::k" + color_name(c) +
         (moves < 0 ? "" : "On" + std::to_string(moves));
}

std::string PieceTables::colour_name(const model::Variant& v, int type, const std::string& c, int moves) const {
  return "paths_of<" + c + ", " + name(v, type, fairy::White, moves) + ", " + name(v, type, fairy::Black, moves) + ">";
}

std::string PieceTables::includes(const model::Variant& v) const {
  std::string out;
  for (std::size_t t = 0; t < v.info.pieces.size(); ++t) {
    const std::string line = "#include \"" + files_[file_of_.at({&v, int(t)})].stem + ".paths.hpp\"\n";
    if (out.find(line) == std::string::npos) out += line;
  }
  return out;
}

std::optional<std::string> PieceTables::share_moves(const model::Variant& v, int type, const std::string& body, bool promotes) const {
  // One function a distinct body: in the piece's own tables' header, or in that of a piece of
  // other moves whose generator is the same code (Janggi's Rook, which has moves of its own on the
  // palace lines, makes its plain slides as chess's Rook does).
  const auto same = [&](const Moves& m) { return m.body == body && m.promotes == promotes; };
  std::optional<std::size_t> file;
  for (const auto& [f, functions] : moves_)
    if (std::any_of(functions.begin(), functions.end(), same)) file = f;
  if (!file) {
    std::vector<Moves>& functions = moves_[file_of_.at({&v, type})];
    if (std::any_of(functions.begin(), functions.end(), [&](const Moves& m) { return m.promotes == promotes; }))
      return std::nullopt;  // the stem's header holds another body of the kind
    functions.push_back(Moves{body, promotes});
    file = file_of_.at({&v, type});
  }
  std::vector<std::size_t>& used = moves_of_[&v];
  if (std::find(used.begin(), used.end(), *file) == used.end()) used.push_back(*file);
  return "pieces::" + files_[*file].stem + (promotes ? "::generate_promoting_moves" : "::generate_moves");
}

std::optional<std::string> PieceTables::share_attacks(const model::Variant& v, int type, int moves,
                                                      const std::string& table) const {
  const auto qualified = [this](std::size_t file, const Walks& w) { return "pieces::" + files_[file].stem + "::" + w.name; };
  // One table of a kind: a piece of other moves whose walks are the same walks from its table
  // (an inducing Queen captures as the Queen does, the Wildebeest does not as the Knight does).
  for (const auto& [file, by_moves] : attacks_)
    for (const auto& [m, walks] : by_moves)
      if (walks.table == table) return qualified(file, walks);
  const std::size_t file = file_of_.at({&v, type});
  const std::string name = "kBackWalks" + (moves < 0 ? std::string() : "On" + std::to_string(moves));
  const auto [it, added] = attacks_[file].try_emplace(moves, Walks{name, table});
  if (!added) return std::nullopt;  // the name holds other walks
  return qualified(file, it->second);
}

std::optional<std::string> PieceTables::share_row(const model::Variant& v, int type, const std::string& row) const {
  // Only in the header named after the piece: one that moves as another (Xiangqi's General, the
  // Wazir's moves) keeps its row in its table, so that giving a piece another's moves rewrites
  // not that one's header.
  const std::size_t file = file_of_.at({&v, type});
  if (files_[file].named_after != lower(spec::identifier(v.info.pieces[std::size_t(type)].name)) + "_") return std::nullopt;
  const auto [it, added] = rows_.try_emplace(file, row);
  if (!added && it->second != row) return std::nullopt;
  return "pieces::" + files_[file].stem + "::kPiece";
}

void PieceTables::use_attacks(const std::string& name, const model::Variant& v) const {
  for (auto& [file, by_moves] : attacks_)
    for (auto& [moves, walks] : by_moves)
      if ("pieces::" + files_[file].stem + "::" + walks.name == name) {
        walks.used = true;
        std::vector<std::size_t>& used = attacks_of_[&v];
        if (std::find(used.begin(), used.end(), file) == used.end()) used.push_back(file);
      }
}

std::string PieceTables::includes_of(const std::map<const model::Variant*, std::vector<std::size_t>>& headers,
                                     const model::Variant& v, const std::string& kind) const {
  std::string out;
  if (const auto it = headers.find(&v); it != headers.end())
    for (std::size_t file : it->second) out += "#include \"" + files_[file].stem + "." + kind + ".hpp\"\n";
  return out;
}

std::string PieceTables::moves_includes(const model::Variant& v) const { return includes_of(moves_of_, v, "moves"); }
std::string PieceTables::attacks_includes(const model::Variant& v) const { return includes_of(attacks_of_, v, "attacks"); }

Output PieceTables::piece_header(const std::string& kind, std::size_t file, const std::string& slot, const std::string& text) const {
  const File& f = files_[file];
  // Whose moves they are: the first line of the tables' heading (not their moves_on).
  return {f.stem + "." + kind + ".hpp", Template::load(template_dir_ + "/" + kind + ".hpp.in")
                                            .render({{"spec", comment(spec_name_)},
                                                     {"stem", f.stem},
                                                     {"heading", f.heading.substr(0, f.heading.find('\n') + 1)},
                                                     {slot, text}})};
}

std::vector<Output> PieceTables::moves_files() const {
  std::vector<Output> out;
  for (const auto& [file, functions] : moves_) {
    std::string text;
    for (const bool promotes : {false, true})  // generate_moves, then generate_promoting_moves
      for (const Moves& m : functions)
        if (m.promotes == promotes)
          text += std::string(text.empty() ? "" : "\n") +
                  (promotes ? "// Where it may promote: from mailbox square kZoneWhite up for White, down to kZoneBlack for Black.\n"
                              "template <Color Us, int kStride, int kZoneWhite, int kZoneBlack>\n"
                              "void generate_promoting_moves("
                            : "template <Color Us, int kStride>\nvoid generate_moves(") +
                  "const Position& pos, Square from, MoveList& list) {\n" + m.body + "}\n";
    out.push_back(piece_header("moves", file, "functions", text));
  }
  return out;
}

std::vector<Output> PieceTables::attacks_files() const {
  std::vector<Output> out;
  for (const auto& [file, by_moves] : attacks_) {
    std::string text;
    for (const auto& [moves, walks] : by_moves)
      if (walks.used)
        text += (text.empty() ? "" : "\n") +
                std::string(moves < 0 ? "" : "// On the squares of its moves_on entry " + std::to_string(moves) + "\n") +
                "inline constexpr auto " + walks.name + walks.table;
    if (!text.empty()) out.push_back(piece_header("attacks", file, "tables", text));
  }
  return out;
}

std::vector<Output> PieceTables::files() const {
  std::vector<Output> out = moves_files();
  for (Output& f : attacks_files()) out.push_back(std::move(f));
  const Template header = Template::load(template_dir_ + "/paths.hpp.in");
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const File& f = files_[i];
    std::string rows;
    if (const auto it = rows_.find(i); it != rows_.end())
      rows = "\n// The piece, as the tables of pieces that have it name it (runtime/bitboard/description.hpp's\n"
             "// PieceDesc: the kernel's, and what the model is made of).\n"
             "inline constexpr bitboard::PieceDesc kPiece = " + it->second + ";\n";
    out.push_back({f.stem + ".paths.hpp", header.render({{"spec", comment(spec_name_)},
                                                         {"stem", f.stem},
                                                         {"heading", f.heading},
                                                         {"tables", f.tables},
                                                         {"includes", f.includes},
                                                         {"rows", rows}})});
  }
  return out;
}

std::string first_move_paths_name(std::size_t i, Color c) { return "kFirstMove" + std::to_string(i) + color_name(c); }

std::string variant_path_tables(const model::Variant& v, const Options& o) {
  const fairy::VariantInfo& info = v.info;
  std::string out;
  for (std::size_t i = 0; i < info.first_moves.size(); ++i) {
    const fairy::FirstMove& f = info.first_moves[i];
    const fairy::PieceInfo& p = info.pieces[std::size_t(f.type)];
    const std::string white = first_move_paths_name(i, fairy::White), black = first_move_paths_name(i, fairy::Black);
    out += heading(p.name + "'s first move, White", f.betza, v.piece_where[std::size_t(f.type)], o.spec_name) +
           table(white, f.program[fairy::White]);
    out += black_table(white, black, f.program[fairy::White], f.program[fairy::Black],
                       heading(p.name + "'s first move, Black", f.betza, v.piece_where[std::size_t(f.type)], o.spec_name));
  }
  if (out.empty()) return "";
  return "// First moves: XBetza compiled to paths (runtime/program.hpp), Black's mirrored.\n" + out + "\n";
}

}  // namespace fairygen::emit
