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
  return fairygen::model::variant_info(cached_spec(path), key);
}

}  // namespace fairy::test
