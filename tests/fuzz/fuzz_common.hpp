// Shared by the fuzz targets in tests/fuzz: what counts as a finding, and how inputs are cut.
//
// A target catches the error types its code under test documents (and checks what they say);
// anything else — a crash, a sanitizer report, an uncaught exception, a hang, a broken
// property — is a finding. Properties are checked with FUZZ_EXPECT, which aborts so that
// libFuzzer keeps the input (and the replay runner fails).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

namespace fairy::fuzz {

[[noreturn]] inline void fail(const char* property, const std::string& detail) {
  std::fprintf(stderr, "fuzz finding: %s\n  %s\n", property, detail.c_str());
  std::abort();
}

// "first line\nrest": the first line names what the rest is about (a variant key).
inline std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
  const std::size_t nl = text.find('\n');
  if (nl == std::string_view::npos) return {text, {}};
  return {text.substr(0, nl), text.substr(nl + 1)};
}

inline std::string_view as_text(const unsigned char* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace fairy::fuzz

// Checks a property; `detail` is only built when it fails.
#define FUZZ_EXPECT(cond, detail)                          \
  do {                                                     \
    if (!(cond)) ::fairy::fuzz::fail(#cond, (detail));     \
  } while (0)
