// The variants a `fairy` command works on: the modules compiled into this build, or, with
// --spec FILE, the variants of a spec file (and of the files it includes) run by the interpreter.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace fairygen::spec {
struct SpecFile;
}

namespace fairy::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Catalogue {
 public:
  struct Entry {
    std::string key;
    // The variant's model. A compiled module builds its model when it is first asked for it, so
    // a command that runs one variant builds that one model only.
    std::function<std::shared_ptr<const VariantInfo>()> info;
    std::function<std::unique_ptr<Engine>()> engine;
  };

  // spec empty: the compiled modules; else the spec file's variants, interpreted (throws
  // fairygen::spec::SpecError for a bad spec).
  static Catalogue open(const std::string& spec);
  // The variants of spec text (e.g. pasted into a page); `path` names it in messages and is
  // where its includes are looked for. Throws fairygen::spec::SpecError.
  static Catalogue from_text(const std::string& text, const std::string& path);

  const std::vector<Entry>& entries() const { return entries_; }
  // Throws UsageError naming the known keys when `key` is not one of them.
  const Entry& find(const std::string& key) const;
  // The engine for `key`; `interpret` runs a compiled module's model through the interpreter.
  std::unique_ptr<Engine> engine(const std::string& key, bool interpret = false) const;

 private:
  static Catalogue interpreted(const fairygen::spec::SpecFile& file, const std::string& spec);

  std::vector<Entry> entries_;
  std::string spec_;  // empty: the compiled modules
};

}  // namespace fairy::cli
