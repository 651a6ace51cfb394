// A spec file read once a process, for the test binaries that check many of its variants. The
// perft and kernel tests read and checked the whole catalogue again for each variant (load_variant):
// about 0.2 s a variant under the sanitizers, most of the perft tests' time there.
#pragma once

#include <string>

#include "generator/spec/spec.hpp"
#include "runtime/variant_info.hpp"

namespace fairy::test {
// The file at path, read and checked on the first call with that path.
const fairygen::spec::SpecFile& cached_spec(const std::string& path);
// model::variant_info of that file (the variant's model; for an unknown key, the error naming the
// variants the file has).
VariantInfo cached_variant(const std::string& path, const std::string& key);
}  // namespace fairy::test
