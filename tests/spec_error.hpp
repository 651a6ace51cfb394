// For tests of spec errors: the message of the SpecError that building every variant of a spec
// text throws, or "" when it builds.
#pragma once

#include <string>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"

namespace fairytest {

inline std::string spec_error(const std::string& yaml) {
  try {
    fairygen::model::build_all(fairygen::spec::load_string(yaml, "v.yaml"));
  } catch (const fairygen::spec::SpecError& e) {
    return e.what();
  }
  return "";
}

}  // namespace fairytest
