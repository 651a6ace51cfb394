#include "generator/emit/paths.hpp"

#include <cctype>

#include "generator/emit/text.hpp"
#include "runtime/bitboard/shapes.hpp"

namespace fairygen::emit {

namespace {

using fairy::Color;

std::string leg_literal(const fairy::Leg& l) {
  Fields f;
  f.set("dx", l.dx).set("dy", l.dy);
  if (l.range != fairy::Leg{}.range) f.set("range", l.range);
  if (l.mode) f.set("mode", leg_mode_text(l.mode));
  if (l.flags) f.set("flags", leg_flag_text(l.flags));
  if (l.dx2) f.set("dx2", l.dx2);
  if (l.dy2) f.set("dy2", l.dy2);
  return f.str("Leg");
}

// One PathDesc, and its shape as the kernel sees it (runtime/bitboard/shapes.hpp).
std::string path_literal(const fairy::Path& p) {
  std::string legs;
  for (const fairy::Leg& l : p.legs) legs += (legs.empty() ? "" : ", ") + leg_literal(l);
  Fields f;
  f.set("legs", "{" + legs + "}");
  if (p.legs.size() != 1) f.set("leg_count", static_cast<long long>(p.legs.size()));
  f.flag("virgin_only", p.virgin_only);
  if (!p.promotes) f.set("promotes", "false");
  if (p.phases != fairy::kAllPhases) f.set("phases", bit_names(p.phases, {"kPhaseFirst", "kPhaseLater", "kPhaseOpening"}));
  if (p.atom) f.set("atom", p.atom);
  const fairy::bitboard::PathShape shape = fairy::bitboard::shape_of(p.legs, p.virgin_only);
  return f.str() + ",  // " + (shape == fairy::bitboard::PathShape::Uncovered ? "not a kernel shape" : fairy::bitboard::shape_name(shape));
}

// `// <what>: XBetza "<betza>", <spec>:<line>:<column>` and the table itself.
std::string table(const std::string& name, const fairy::PieceProgram& program, const std::string& what,
                  const std::string& betza, const spec::Location& where, const Options& o) {
  std::string out = "// " + comment(what + ": XBetza \"" + betza + "\", " + o.spec_name + ":" + std::to_string(where.line) +
                                    ":" + std::to_string(where.column)) + "\n";
  if (program.paths.empty()) return out + "inline constexpr std::span<const PathDesc> " + name + "{};  // no moves\n";
  out += "inline constexpr PathDesc " + name + "[] = {\n";
  for (const fairy::Path& path : program.paths) out += "    " + path_literal(path) + "\n";
  return out + "};\n";
}

}  // namespace

std::string paths_name(const fairy::PieceInfo& p, Color c) {
  const std::string mark = p.mark == '~' ? "Tilde" : p.mark == '+' ? "Plus" : "";
  const unsigned char letter = static_cast<unsigned char>(p.letter);
  return "k" + color_name(c) + (std::isalnum(letter) ? std::string(1, p.letter) : "Char" + std::to_string(int(letter))) + mark;
}

std::string square_moves_paths_name(const fairy::PieceInfo& p, Color c, std::size_t i) {
  return paths_name(p, c) + "On" + std::to_string(i);
}

std::string first_move_paths_name(std::size_t i, Color c) { return "kFirstMove" + std::to_string(i) + color_name(c); }

std::string path_tables(const model::Variant& v, const Options& o) {
  const fairy::VariantInfo& info = v.info;
  std::string out = "// The pieces' moves: their XBetza compiled to paths (runtime/program.hpp), Black's mirrored.\n";
  for (Color c : {fairy::White, fairy::Black})
    for (std::size_t t = 0; t < info.pieces.size(); ++t) {
      const fairy::PieceInfo& p = info.pieces[t];
      const std::string who = std::string(1, p.letter) + (p.mark ? std::string(1, p.mark) : "") + " (" + p.name + "), " + color_name(c);
      out += table(paths_name(p, c), p.program[c], who, p.betza, v.piece_where[t], o);
      for (std::size_t i = 0; i < p.moves_on.size(); ++i)
        out += table(square_moves_paths_name(p, c, i), p.moves_on[i].program[c], who + ", on its squares " + std::to_string(i),
                     p.moves_on[i].betza, v.piece_where[t], o);
    }
  for (std::size_t i = 0; i < info.first_moves.size(); ++i) {
    const fairy::FirstMove& f = info.first_moves[i];
    const fairy::PieceInfo& p = info.pieces[std::size_t(f.type)];
    for (Color c : {fairy::White, fairy::Black})
      out += table(first_move_paths_name(i, c), f.program[c], p.name + "'s first move, " + color_name(c), f.betza,
                   v.piece_where[std::size_t(f.type)], o);
  }
  return out + "\n";
}

}  // namespace fairygen::emit
