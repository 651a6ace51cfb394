// Text the emitters share. Spec text (or command-line text) written into generated C++: as a
// string literal or as the body of a one-line comment, so that it can never break out of either;
// and small pieces of C++ (colour names, designated initialisers, bit names).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "runtime/types.hpp"
#include "runtime/variant_info.hpp"

namespace fairygen::emit {

// Quotes and backslashes escaped, anything outside printable ASCII as an octal escape.
std::string c_string(const std::string& s);

// A char as C++: 'K' for a letter, digit, '+' or '~' (a FEN mark), else char(N).
std::string c_char(char ch);

// One line (line breaks and tabs become spaces, other bytes outside printable ASCII '?'), no
// '\\' that could splice the next line into a // comment, no "*/" that could end a /* comment.
std::string comment(const std::string& s);

// A colour's name in C++ ("White", "Black": fairy::Color's enumerators).
std::string color_name(fairy::Color c);

// A braced literal with designated initialisers, `Type{.a = 1, .b = 2}`: the model's structs
// written with the names of their fields (declaration order), the fields left at their
// defaults omitted.
class Fields {
 public:
  Fields& set(const std::string& name, const std::string& value) {
    text_ += (text_.empty() ? "." : ", .") + name + " = " + value;
    return *this;
  }
  Fields& set(const std::string& name, long long value) { return set(name, std::to_string(value)); }
  Fields& flag(const std::string& name, bool value) { return value ? set(name, "true") : *this; }
  std::string str(const std::string& type = "") const { return type + "{" + text_ + "}"; }

 private:
  std::string text_;
};

// An entry of a generated table_of<Entry>(...) (runtime/program.hpp): as it is, and as along_each's
// `like` (without its first vector; "" for one in no run), with that vector.
struct TableRow {
  std::string literal;
  std::string like;
  int dx = 0, dy = 0;
  std::string comment;  // beside it, where it stands alone
  std::string kind;     // a run is of entries of one like and one kind
};

// The arguments of table_of<Entry>(...), a line (or two) each, at `indent`: each run of entries of
// one `like` as along_each(like, {{dx, dy}, ...}) (run_comment(first, last) beside it), the others
// as they are; `closer` after the last.
std::string table_parts(const std::vector<TableRow>& rows, const std::string& indent, const std::string& closer,
                        const std::function<std::string(std::size_t first, std::size_t last)>& run_comment);

// A set of squares by name, as a string literal for runtime/square_names.hpp: rectangles by their
// corners ("d1-f3") and single squares ("e4").
std::string square_names(const fairy::Geometry& g, const fairy::SquareSet& set);

// The model's rules as a module's record (kVariant) states them, in the model's types
// (runtime/variant_info.hpp): CastlingRule{...} (its landing files with it, as finalize()
// sets them), TurnRule{...}, ExtinctionRule{...}; and an EndValue (EndValue::Loss).
std::string castling_literal(const fairy::CastlingRule& castling);
std::string turn_literal(const fairy::TurnRule& turn);
std::string extinction_literal(const fairy::ExtinctionRule& extinction);
std::string end_value_text(fairy::EndValue v);

// `a | b` of the names of the bits set in `bits` (names[i]: bit i), or "0".
std::string bit_names(unsigned bits, const std::vector<std::string>& names);
// A leg's modes and flags by their names in runtime/program.hpp ("kMove | kCapture").
std::string leg_mode_text(unsigned mode);
std::string leg_flag_text(unsigned flags);

}  // namespace fairygen::emit
