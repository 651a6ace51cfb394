// Stage 4 of fairygen: C++ emission. Generated files are byte-identical for the same input,
// are written only when their content changes, and never half-written.
#pragma once

#include <string>
#include <vector>

#include "generator/model/model.hpp"

namespace fairygen::emit {

struct Output {
  std::string name;     // file name inside the output directory
  std::string content;
};

struct Options {
  std::string template_dir;
  std::string spec_name;  // how the spec file is named in comments, e.g. "variants.yaml"
};

// <key>.hpp and <key>.cpp for every variant, and <name>.mailbox.hpp for each mailbox move
// generator they use: variants whose generators are the same (the same pieces on the same
// board) share one, named after the first of them.
std::vector<Output> variant_modules(const std::vector<model::Variant>& vs, const Options& o);
// The same for one variant: <key>.hpp, <key>.cpp and <key>.mailbox.hpp.
std::vector<Output> variant_module(const model::Variant& v, const Options& o);
// registry.cpp: every generated variant, by key.
Output registry(const std::vector<model::Variant>& vs, const Options& o);
// modules_0.cpp ... modules_<shards-1>.cpp: each includes the modules of some variants (dealt
// in spec order), so a build compiles a fixed set of files whatever the spec declares.
std::vector<Output> module_shards(const std::vector<model::Variant>& vs, int shards, const Options& o);
// Appends to every `#include "x"` of a generated file that names another generated file a hash
// of that file's content: a file including a module changes whenever the module does, so a
// build system that knows only the including files (the shards, the registry) still rebuilds.
// The included files are written for the compiler, not known to the build by name.
void stamp_includes(std::vector<Output>& outputs);
// perft_tests.cpp and perft_slow_tests.cpp: GoogleTest cases from every perft: entry.
std::vector<Output> perft_tests(const std::vector<model::Variant>& vs, const Options& o);
// perft_main.cpp: the same entries as one program that needs no GoogleTest (for projects that
// use fairygen as a build step).
Output perft_main(const std::vector<model::Variant>& vs, const Options& o);

// The C++ of a variant's move generator alone (the body the module template wraps).
std::string movegen_code(const model::Variant& v, const Options& o);

// Writes each output whose content differs from the file on disk, all or nothing: every one
// goes to a temporary file first, and they are renamed into place only when all are written;
// on a failure it throws and leaves the previous files and no temporaries. Returns the names
// written. With check_only, writes nothing and returns the names that are missing or stale.
std::vector<std::string> write_outputs(const std::vector<Output>& outputs, const std::string& dir, bool check_only);

}  // namespace fairygen::emit
