// fairygen: variants.yaml → generated C++ (one module per variant, a registry, perft tests).
// Stages: spec::load → model::build_all (checks, XBetza compilation) → emit → write.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "generator/emit/emit.hpp"
#include "generator/emit/template.hpp"
#include "generator/model/model.hpp"
#include "generator/spec/spec.hpp"

namespace {

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}


// fairygen.d for the build system: each generated file depends on every spec file read.
fairygen::emit::Output dependency_file(const fairygen::spec::SpecFile& file,
                                       const std::vector<fairygen::emit::Output>& outputs, const std::string& out_dir,
                                       const std::string& depfile) {
  const auto escaped = [](const std::string& path) {
    std::string s;
    for (const char c : std::filesystem::absolute(path).lexically_normal().string()) {
      if (c == ' ' || c == '#' || c == '\\') s += '\\';
      if (c == '$') s += '$';
      s += c;
    }
    return s;
  };
  std::string text;
  for (const auto& o : outputs) {
    text += escaped(out_dir + "/" + o.name) + ":";
    for (const auto& f : file.files) text += " " + escaped(f);
    text += "\n";
  }
  const std::filesystem::path dep(depfile);
  if (std::filesystem::absolute(dep).parent_path().lexically_normal() !=
      std::filesystem::absolute(out_dir).lexically_normal())
    throw std::runtime_error("--depfile must name a file in the --out directory");
  return {dep.filename().string(), text};
}

// The variants to generate: --variants KEYS, else the ones the spec file itself declares (not
// those of the files it includes), else, for a file that only includes others, every one.
std::vector<const fairygen::spec::VariantSpec*> selected_variants(const fairygen::spec::SpecFile& file,
                                                                  const std::string& keys) {
  std::vector<const fairygen::spec::VariantSpec*> out;
  if (!keys.empty()) {
    for (const auto& k : split_list(keys)) {
      const auto* v = file.find_variant(k);
      if (!v) {
        std::string known;
        for (const auto& x : file.variants) known += (known.empty() ? "" : ", ") + x.key;
        throw fairygen::spec::SpecError(fairygen::spec::Location{file.path, 0, 0},
                                        "--variants names '" + k + "', which the spec does not declare (it has: " +
                                            known + ")");
      }
      if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    return out;
  }
  for (const auto& v : file.variants)
    if (!v.included) out.push_back(&v);
  if (out.empty())
    for (const auto& v : file.variants) out.push_back(&v);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fairygen: compile variants.yaml into C++ move generators"};
  std::string spec_path, out_dir, template_dir, expected, spec_name = "variants.yaml";
  bool check = false, list = false;
  int shards = 0;
  std::string depfile;
  app.add_option("--spec", spec_path, "the spec file (variants.yaml)")->required();
  app.add_flag("--list-variants", list,
               "print the keys of the variants the spec declares, one a line, and write nothing "
               "(the ones --variants selects, or by default; checks only the spec's shape)");
  app.add_option("--out", out_dir,
                 "directory for the generated files, fairygen's alone: generated files it no longer writes are removed");
  app.add_option("--templates", template_dir, "directory of the templates");
  app.add_option("--variants", expected,
                 "generate only these variants, ','-separated (default: those the spec file itself declares, "
                 "or, if it only includes others, every one)");
  app.add_option("--shards", shards,
                 "also write modules_0.cpp ... modules_<N-1>.cpp, each including some variants' modules, so "
                 "a build compiles N fixed files whatever variants the spec declares")
      ->check(CLI::Range(1, 64));
  app.add_option("--depfile", depfile,
                 "also write a Makefile-style dependency file: the generated files depend on every spec file read "
                 "(the spec and its includes)");
  app.add_option("--spec-name", spec_name, "how generated comments name the spec file");
  app.add_flag("--check", check,
               "write nothing; exit 1 if any generated file is missing or stale, or one fairygen wrote is no "
               "longer generated");
  CLI11_PARSE(app, argc, argv);
  if (!list && (out_dir.empty() || template_dir.empty())) {
    std::cerr << "fairygen: error: --out and --templates are required (unless --list-variants)\n";
    return 2;
  }

  try {
    const fairygen::spec::SpecFile file = fairygen::spec::load(spec_path);
    const std::vector<const fairygen::spec::VariantSpec*> chosen = selected_variants(file, expected);
    if (list) {
      for (const auto* v : chosen) std::cout << v->key << "\n";
      return 0;
    }
    // Everything the spec declares is checked (every piece's XBetza, every variant), whatever is chosen.
    std::vector<fairygen::model::Variant> variants;
    for (auto& v : fairygen::model::build_all(file))
      if (std::find(chosen.begin(), chosen.end(), v.spec) != chosen.end()) variants.push_back(std::move(v));
    const fairygen::emit::Options opts{template_dir, spec_name};
    std::vector<fairygen::emit::Output> outputs;
    for (auto& o : fairygen::emit::variant_modules(variants, opts, shards)) outputs.push_back(std::move(o));
    outputs.push_back(fairygen::emit::registry(variants, opts));
    outputs.push_back(fairygen::emit::perft_cases(variants, opts));
    outputs.push_back(fairygen::emit::perft_main(opts));
    fairygen::emit::stamp_includes(outputs);

    if (!depfile.empty() && !check) outputs.push_back(dependency_file(file, outputs, out_dir, depfile));
    const auto changed = fairygen::emit::write_outputs(outputs, out_dir, check);
    if (check) {
      for (const auto& name : changed) std::cerr << out_dir << "/" << name << ": stale or missing\n";
      const auto extra = fairygen::emit::stale_files(outputs, out_dir);
      for (const auto& name : extra) std::cerr << out_dir << "/" << name << ": no longer generated\n";
      if (!changed.empty() || !extra.empty()) return 1;
      std::cout << "fairygen: " << outputs.size() << " generated files are up to date\n";
      return 0;
    }
    const auto removed = fairygen::emit::remove_stale(outputs, out_dir);
    std::cout << "fairygen: " << variants.size() << " variants, " << changed.size() << " of " << outputs.size()
              << " files rewritten";
    if (!removed.empty()) std::cout << ", " << removed.size() << " no longer generated removed";
    std::cout << "\n";
    return 0;
  } catch (const fairygen::spec::SpecError& e) {
    std::cerr << e.what() << "\n";
  } catch (const fairygen::emit::TemplateError& e) {
    std::cerr << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "fairygen: error: " << e.what() << "\n";
  }
  return 1;
}
