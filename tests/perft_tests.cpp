// The spec's perft counts (the generated perft_cases.hpp) as GoogleTest tests,
// Perft_<variant>.<name>_depth<d>, one a row; a failure names the spec's line. Each runs the
// generated module and the interpreter on the same position; both must give the listed count
// (the interpreter the largest trees only where the count's source is the interpreter:
// tests/perft_check.cpp). Built twice (tests/CMakeLists.txt): perft_tests with the rows below the
// entries' slow_from depths, perft_slow_tests (FAIRY_PERFT_SLOW) with the rest.
#include <gtest/gtest.h>

#include <string>

#include "perft_cases.hpp"
#include "tests/perft_check.hpp"

#ifndef FAIRY_PERFT_SLOW
#define FAIRY_PERFT_SLOW 0
#endif

namespace {

class PerftTest : public ::testing::Test {
 public:
  explicit PerftTest(const fairy::PerftCase& c) : case_(c) {}
  void TestBody() override {
    SCOPED_TRACE("the count of the spec's line " + std::to_string(case_.line));
    expect_perft(case_.variant, case_.fen, case_.depth, case_.nodes);
  }

 private:
  const fairy::PerftCase& case_;
};

const bool kRegistered = [] {
  for (const fairy::PerftCase& c : kPerftCases)
    if (c.slow == bool(FAIRY_PERFT_SLOW))
      ::testing::RegisterTest(("Perft_" + std::string(c.variant)).c_str(), (std::string(c.name) + "_depth" + std::to_string(c.depth)).c_str(),
                              nullptr, nullptr, __FILE__, __LINE__, [&c]() -> PerftTest* { return new PerftTest(c); });
  return true;
}();

}  // namespace
