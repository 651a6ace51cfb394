// A whole file's text, for every stage that reads one (the spec and its includes, the templates,
// the outputs already on disk): nothing when the file cannot be opened, and each caller says so
// in its own terms (a SpecError at the include, a TemplateError, a file to write afresh).
#pragma once

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace fairygen {

inline std::optional<std::string> read_whole_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace fairygen
