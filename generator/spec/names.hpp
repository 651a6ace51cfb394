// Names written in a spec (pieces, variant keys, perft positions) and the C++ identifiers the
// generator makes of them: one place for both the rules (checked when a spec is loaded) and
// the derivation (used by the emitter), so that every name the loader accepts is safe in C++.
#pragma once

#include <string>

namespace fairygen::spec {

constexpr std::size_t kMaxNameLength = 40;

// Why `name` cannot name a piece or a perft position, or "" when it can: 1 to 40 ASCII
// letters, digits, '_' and '-', starting with a letter, not ending with '_' or '-' and without
// two of them in a row.
std::string name_problem(const std::string& name);

// Why `key` cannot be a variant key, or "" when it can: 1 to 40 of a-z, 0-9 and '_',
// starting with a letter, and not the name of a file fairygen writes besides the modules.
std::string key_problem(const std::string& key);

// A name as messages show it: control characters and bytes outside ASCII escaped ("a\\nb").
std::string shown(const std::string& name);

// The identifier part a name becomes: '-' turns into '_' ("foo-bar" -> "foo_bar").
std::string identifier(const std::string& name);

}  // namespace fairygen::spec
