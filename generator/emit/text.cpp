#include "generator/emit/text.hpp"

namespace fairygen::emit {

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

}  // namespace fairygen::emit
