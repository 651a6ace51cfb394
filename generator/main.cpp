// fairygen: variants.yaml → generated C++ (one module per variant, a registry, perft tests).
// Stages: spec::load → model::build_all (checks, XBetza compilation) → emit → write.
#include <CLI/CLI.hpp>

#include <algorithm>
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fairygen: compile variants.yaml into C++ move generators"};
  std::string spec_path, out_dir, template_dir, expected, spec_name = "variants.yaml";
  bool check = false, list = false;
  app.add_option("--spec", spec_path, "the spec file (variants.yaml)")->required();
  app.add_flag("--list-variants", list,
               "print the keys of the variants the spec declares, one a line, and write nothing "
               "(checks only the spec's shape; CMake's fairygen_add_variant reads them at configure time)");
  app.add_option("--out", out_dir, "directory for the generated files");
  app.add_option("--templates", template_dir, "directory of the templates");
  app.add_option("--variants", expected,
                 "the variant keys the build expects, ','-separated (CMake's FAIRY_VARIANTS); must match the spec");
  app.add_option("--spec-name", spec_name, "how generated comments name the spec file");
  app.add_flag("--check", check, "write nothing; exit 1 if any generated file is missing or stale");
  CLI11_PARSE(app, argc, argv);
  if (!list && (out_dir.empty() || template_dir.empty())) {
    std::cerr << "fairygen: error: --out and --templates are required (unless --list-variants)\n";
    return 2;
  }

  try {
    const fairygen::spec::SpecFile file = fairygen::spec::load(spec_path);
    if (list) {
      for (const auto& v : file.variants) std::cout << v.key << "\n";
      return 0;
    }
    const std::vector<fairygen::model::Variant> variants = fairygen::model::build_all(file);
    if (app.count("--variants")) {
      std::vector<std::string> want = split_list(expected), have;
      for (const auto& v : variants) have.push_back(v.info.key);
      std::sort(want.begin(), want.end());
      std::sort(have.begin(), have.end());
      if (want != have) {
        std::string w, h;
        for (const auto& k : want) w += " " + k;
        for (const auto& k : have) h += " " + k;
        std::cerr << spec_path << ": error: the spec declares variants{" << h
                  << " } but the build lists{" << w
                  << " } (CMakeLists.txt's FAIRY_VARIANTS, or fairygen_add_variant's VARIANTS): keep the two "
                     "in step (each variant is one generated module)\n";
        return 1;
      }
    }
    const fairygen::emit::Options opts{template_dir, spec_name};
    std::vector<fairygen::emit::Output> outputs;
    for (const auto& v : variants)
      for (auto& o : fairygen::emit::variant_module(v, opts)) outputs.push_back(std::move(o));
    outputs.push_back(fairygen::emit::registry(variants, opts));
    for (auto& o : fairygen::emit::perft_tests(variants, opts)) outputs.push_back(std::move(o));

    const auto changed = fairygen::emit::write_outputs(outputs, out_dir, check);
    if (check) {
      for (const auto& name : changed) std::cerr << out_dir << "/" << name << ": stale or missing\n";
      if (!changed.empty()) return 1;
      std::cout << "fairygen: " << outputs.size() << " generated files are up to date\n";
      return 0;
    }
    std::cout << "fairygen: " << variants.size() << " variants, " << changed.size() << " of " << outputs.size()
              << " files rewritten\n";
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
