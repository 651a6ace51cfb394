#include "generator/emit/text.hpp"

#include <cctype>

#include "runtime/atoms.hpp"

namespace fairygen::emit {

std::string color_name(fairy::Color c) { return c == fairy::White ? "White" : "Black"; }

std::string c_char(char ch) {
  return std::isalnum(static_cast<unsigned char>(ch)) || ch == '+' || ch == '~' ? "'" + std::string(1, ch) + "'"
                                                                                  : "char(" + std::to_string(int(ch)) + ")";
}

std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (byte < 0x20 || byte > 0x7e) {
      out += '\\';
      for (int shift : {6, 3, 0}) out += char('0' + ((byte >> shift) & 7));
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string comment(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '\n' || ch == '\r' || ch == '\t') out += ' ';
    else if (byte < 0x20 || byte > 0x7e) out += '?';
    else if (ch == '\\') out += '/';
    else if (ch == '/' && !out.empty() && out.back() == '*') out += " /";
    else out += ch;
  }
  return out;
}

std::string bit_names(unsigned bits, const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (bits & (1u << i)) out += (out.empty() ? "" : " | ") + names[i];
  const unsigned known = names.size() >= 32 ? ~0u : (1u << names.size()) - 1;
  if (bits & ~known) out += (out.empty() ? "" : " | ") + std::to_string(bits & ~known);
  return out.empty() ? "0" : out;
}

std::string leg_mode_text(unsigned mode) { return bit_names(mode, {"kMove", "kCapture", "kFriend", "kHop", "kEnPassant"}); }

std::string leg_flag_text(unsigned flags) {
  return bit_names(flags, {"kZigzag", "kCircle", "kSameLength", "kUnload", "kInduce"});
}

namespace {

// How generated code names the vectors rows[first, last) take: an atom's in their order
// (runtime/atoms.hpp), "atoms::N", or each of them turned round, "atoms::opposite(atoms::N)";
// "" when they are no atom's.
std::string atom_vectors_name(const std::vector<TableRow>& rows, std::size_t first, std::size_t last) {
  for (const int sign : {1, -1})
    for (const char letter : fairy::kNamedAtoms) {
      const fairy::AtomVectors a = fairy::named_vectors(letter);
      if (std::size_t(a.count) != last - first) continue;
      bool same = true;
      for (std::size_t k = first; k < last && same; ++k)
        same = rows[k].dx == sign * a.vector[k - first][0] && rows[k].dy == sign * a.vector[k - first][1];
      if (same) return sign > 0 ? std::string("atoms::") + letter : std::string("atoms::opposite(atoms::") + letter + ")";
    }
  return "";
}

}  // namespace

std::string table_parts(const std::vector<TableRow>& rows, const std::string& indent, const std::string& closer,
                        const std::function<std::string(std::size_t first, std::size_t last)>& run_comment) {
  std::string out;
  for (std::size_t i = 0, next = 0; i < rows.size(); i = next) {
    for (next = i + 1; next < rows.size() && !rows[i].like.empty() && rows[next].like == rows[i].like && rows[next].kind == rows[i].kind;) ++next;
    const std::string end = next == rows.size() ? closer : ",";
    if (next - i == 1) {
      out += indent + rows[i].literal + end + "  // " + rows[i].comment + "\n";
      continue;
    }
    if (const std::string atom = atom_vectors_name(rows, i, next); !atom.empty()) {
      out += indent + "along_each(" + rows[i].like + ", " + atom + ")" + end + "  // " + run_comment(i, next - 1) + "\n";
      continue;
    }
    std::string vectors;
    for (std::size_t k = i; k < next; ++k)
      vectors += (k == i ? "{" : ", {") + std::to_string(rows[k].dx) + ", " + std::to_string(rows[k].dy) + "}";
    out += indent + "along_each(" + rows[i].like + ",  // " + run_comment(i, next - 1) + "\n" + indent + "           {" + vectors +
           "})" + end + "\n";
  }
  return out;
}

// A set of squares by name, as a string literal for runtime/square_names.hpp: rectangles by their
// corners ("d1-f3") and single squares ("e4"), rank by rank from the first: each square not yet
// named starts a rectangle as wide, then as high, as the set's squares not yet named allow.
std::string square_names(const fairy::Geometry& g, const fairy::SquareSet& set) {
  fairy::SquareSet named;
  const auto open = [&](int f, int r) {
    return f < g.files && r < g.ranks && set[std::size_t(g.square(f, r))] && !named[std::size_t(g.square(f, r))];
  };
  std::string names;
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) {
      if (!open(f, r)) continue;
      int width = 1, height = 1;
      while (open(f + width, r)) ++width;
      for (;; ++height) {
        bool row = true;
        for (int x = f; x < f + width; ++x) row = row && open(x, r + height);
        if (!row) break;
      }
      for (int y = r; y < r + height; ++y)
        for (int x = f; x < f + width; ++x) named.set(std::size_t(g.square(x, y)));
      names += (names.empty() ? "" : " ") + g.name(g.square(f, r)) +
               (width * height > 1 ? "-" + g.name(g.square(f + width - 1, r + height - 1)) : "");
    }
  return "\"" + names + "\"";
}

std::string end_value_text(fairy::EndValue v) {
  return v == fairy::EndValue::Win ? "EndValue::Win" : v == fairy::EndValue::Loss ? "EndValue::Loss" : "EndValue::Draw";
}

std::string castling_literal(const fairy::CastlingRule& castling) {
  Fields f;
  if (castling.enabled) {
    f.set("enabled", "true").set("king_steps", castling.king_steps).set("partner", castling.partner);
    if (castling.queenside_steps) f.set("queenside_steps", castling.queenside_steps);
    if (castling.piece >= 0) f.set("piece", castling.piece);
    f.set("kingside_file", castling.kingside_file).set("queenside_file", castling.queenside_file);
  }
  return f.str("CastlingRule");
}

std::string turn_literal(const fairy::TurnRule& turn) {
  return Fields()
      .set("moves", turn.moves)
      .set("first_turn_moves", turn.first_turn_moves)
      .set("later_captures", turn.later_captures ? "true" : "false")
      .set("later_same_piece", turn.later_same_piece ? "true" : "false")
      .str("TurnRule");
}

std::string extinction_literal(const fairy::ExtinctionRule& x) {
  return Fields()
      .flag("enabled", x.enabled)
      .set("value", end_value_text(x.value))
      .set("types", std::to_string(x.types) + "ull")
      .flag("all", x.all)
      .set("count", x.count)
      .set("opponent_count", x.opponent_count)
      .flag("claim", x.claim)
      .flag("bare_king", x.bare_king)
      .str("ExtinctionRule");
}

}  // namespace fairygen::emit
