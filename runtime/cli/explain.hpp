// fairy explain: show the squares a piece written in XBetza reaches.
#pragma once

#include <stdexcept>
#include <string>

namespace fairy::cli {

struct ExplainError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// friends, enemies: comma-separated square lists. The diagram as text; throws ExplainError.
std::string explain_text(const std::string& betza, const std::string& board, const std::string& at,
                         const std::string& friends, const std::string& enemies);
// Prints explain_text(); throws ExplainError.
int run_explain(const std::string& betza, const std::string& board, const std::string& at,
                const std::string& friends, const std::string& enemies);

}  // namespace fairy::cli
