// Stages 2 and 3 of fairygen: check a loaded spec and lower one variant to the runtime model
// (fairy::VariantInfo), compiling every XBetza string. Errors carry the spec location.
#pragma once

#include <string>
#include <vector>

#include "generator/spec/spec.hpp"
#include "runtime/variant_info.hpp"

namespace fairygen::model {

// The lowered variant plus where each part came from, for comments in generated code.
struct Variant {
  fairy::VariantInfo info;
  const spec::VariantSpec* spec = nullptr;
  std::vector<spec::Location> piece_where{};  // per piece type: where its XBetza was written
  // Per piece type: whose moves these are by name, for naming the headers shared by every piece
  // with the same moves: the first piece of the pieces: catalogue whose XBetza is the same text
  // (Xiangqi's General makes the Wazir's W; a variant's Knight given NW, the Marquis's), else,
  // or when it has moves_on, the piece's own; and where that XBetza is written.
  std::vector<std::string> moves_name{};
  std::vector<spec::Location> moves_where{};
};

// Builds and finalizes one variant; throws spec::SpecError.
Variant build(const spec::SpecFile& file, const spec::VariantSpec& variant);

// Builds every variant (checks the whole file); throws spec::SpecError at the first error.
std::vector<Variant> build_all(const spec::SpecFile& file);

// One variant's model by key, built from a file read already; throws spec::SpecError (naming
// the variants the file has for an unknown key).
fairy::VariantInfo variant_info(const spec::SpecFile& file, const std::string& key);

// Convenience for the interpreter: load a file and build one variant by key (variant_info).
fairy::VariantInfo load_variant(const std::string& path, const std::string& key);

}  // namespace fairygen::model
