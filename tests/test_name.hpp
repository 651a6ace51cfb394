// A GoogleTest parameter name from a variant key: letters and digits only, not leading with a
// digit (`3check` becomes `v3check`).
#pragma once

#include <cctype>
#include <string>

namespace fairy::test {

inline std::string test_name(std::string key) {
  for (char& ch : key)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return !key.empty() && key[0] >= '0' && key[0] <= '9' ? "v" + key : key;
}

}  // namespace fairy::test
