#include "generator/spec/names.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace fairygen::spec {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A key becomes KEY.hpp and KEY.cpp beside these.
constexpr std::array<std::string_view, 3> kOwnFiles = {"registry.cpp", "perft_cases.hpp", "perft_main.cpp"};

std::string length_problem(const std::string& name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxNameLength)
    return "is " + std::to_string(name.size()) + " characters long (at most " + std::to_string(kMaxNameLength) + ")";
  if (!is_letter(name[0])) return "must start with a letter";
  return "";
}

}  // namespace

std::string name_problem(const std::string& name) {
  if (std::string why = length_problem(name); !why.empty()) return why;
  for (char c : name)
    if (!is_letter(c) && !is_digit(c) && c != '_' && c != '-')
      return "may use only letters, digits, '_' and '-'";
  // Generated C++ appends '_' to a name (Pieces<Us>::king_), and an identifier holding "__" is
  // the implementation's.
  const auto joiner = [](char c) { return c == '_' || c == '-'; };
  if (joiner(name.back())) return "may not end with '_' or '-'";
  for (std::size_t i = 1; i < name.size(); ++i)
    if (joiner(name[i]) && joiner(name[i - 1])) return "may not have two of '_' and '-' in a row";
  return "";
}

// A variant key may start with a digit (Fairy-Stockfish's 3check, 5check): it becomes a file
// name and part of identifiers (v_3check, Perft_3check), never an identifier alone.
std::string key_problem(const std::string& key) {
  if (key.empty()) return "is empty";
  if (key.size() > kMaxNameLength)
    return "is " + std::to_string(key.size()) + " characters long (at most " + std::to_string(kMaxNameLength) + ")";
  for (char c : key)
    if (!(c >= 'a' && c <= 'z') && !is_digit(c) && c != '_') return "may use only a-z, 0-9 and _";
  if (!(key[0] >= 'a' && key[0] <= 'z') && !is_digit(key[0])) return "must start with a letter or a digit";
  const bool shard = key.rfind("modules_", 0) == 0 && key.size() > 8 &&
                     key.find_first_not_of("0123456789", 8) == std::string::npos;
  if (shard) return "names a file fairygen writes itself (" + key + ".cpp)";
  for (const std::string_view file : kOwnFiles)
    if (file.substr(0, file.find('.')) == key) return "names a file fairygen writes itself (" + std::string(file) + ")";
  return "";
}

std::string shown(const std::string& name) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (const char ch : name) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '\n') out += "\\n";
    else if (ch == '\t') out += "\\t";
    else if (byte < 0x20 || byte > 0x7e) out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
    else out += ch;
  }
  return out;
}

std::string identifier(const std::string& name) {
  std::string out = name;
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

}  // namespace fairygen::spec
