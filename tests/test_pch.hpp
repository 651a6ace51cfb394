// The headers most of unit_tests' files include, precompiled once for all of them
// (tests/CMakeLists.txt, target_precompile_headers). Nothing here but includes.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
