// For tests that look at files written to disk: a file's whole text ("" when it cannot be read).
#pragma once

#include <filesystem>
#include <string>

#include "generator/file_text.hpp"

namespace fairytest {

inline std::string file_text(const std::filesystem::path& p) { return fairygen::read_whole_file(p).value_or(""); }

}  // namespace fairytest
