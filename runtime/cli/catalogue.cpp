#include "runtime/cli/catalogue.hpp"

#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"
#include "runtime/registry.hpp"

namespace fairy::cli {

Catalogue Catalogue::open(const std::string& spec) {
  Catalogue c;
  if (spec.empty()) {
    for (const auto& v : compiled_variants()) {
      const CompiledVariant* compiled = &v;
      // The compiled module's model lives as long as the program: no copy, no ownership.
      c.entries_.push_back({v.key,
                            [compiled] { return std::shared_ptr<const VariantInfo>(&compiled->info(), [](const VariantInfo*) {}); },
                            [compiled] { return compiled->engine(); }});
    }
    return c;
  }
  return interpreted(fairygen::spec::load(spec), spec);
}

Catalogue Catalogue::from_text(const std::string& text, const std::string& path) {
  return interpreted(fairygen::spec::load_string(text, path), path);
}

Catalogue Catalogue::interpreted(const fairygen::spec::SpecFile& file, const std::string& spec) {
  Catalogue c;
  c.spec_ = spec;
  for (auto& built : fairygen::model::build_all(file)) {
    auto info = std::make_shared<const VariantInfo>(std::move(built.info));
    c.entries_.push_back({info->key, [info] { return info; }, [info] { return std::make_unique<InterpretedEngine>(*info); }});
  }
  return c;
}

const Catalogue::Entry& Catalogue::find(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.key == key) return e;
  std::string known;
  for (const auto& e : entries_) known += (known.empty() ? "" : ", ") + e.key;
  throw UsageError("unknown variant '" + key + "' (known" + (spec_.empty() ? "" : " in " + spec_) + ": " +
                   (known.empty() ? "none" : known) + ")");
}

std::unique_ptr<Engine> Catalogue::engine(const std::string& key, bool interpret) const {
  const Entry& e = find(key);
  if (interpret) return std::make_unique<InterpretedEngine>(*e.info());
  return e.engine();
}

}  // namespace fairy::cli
