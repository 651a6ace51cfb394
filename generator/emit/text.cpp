#include "generator/emit/text.hpp"

namespace fairygen::emit {

std::string color_name(fairy::Color c) { return c == fairy::White ? "White" : "Black"; }

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

}  // namespace fairygen::emit
