#include "tests/spec_cache.hpp"

#include <map>
#include <mutex>

#include "generator/model/model.hpp"

namespace fairy::test {

const fairygen::spec::SpecFile& cached_spec(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, fairygen::spec::SpecFile> files;
  const std::lock_guard lock(mutex);
  auto it = files.find(path);
  if (it == files.end()) it = files.emplace(path, fairygen::spec::load(path)).first;
  return it->second;
}

VariantInfo cached_variant(const std::string& path, const std::string& key) {
  const fairygen::spec::SpecFile& file = cached_spec(path);
  const fairygen::spec::VariantSpec* v = file.find_variant(key);
  if (!v) return fairygen::model::load_variant(path, key);  // throws, naming the variants the file has
  return fairygen::model::build(file, *v).info;
}

}  // namespace fairy::test
