// Writes the fuzz targets' seed corpus from the repository's own files, so that it never goes
// stale: every XBetza string of the spec (betza/), one small spec per variant with the pieces
// it uses (spec/), every variant's start and perft FENs (fen/), and the games in tests/games
// plus an empty game per variant (notation/).
//
// Usage: fuzz_seeds SPEC GAMES_DIR OUT_DIR
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "generator/spec/spec.hpp"
#include "tests/file_text.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fairygen;

void write(const fs::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out.flush()) throw std::runtime_error(path.string() + ": cannot write");
}

void betza_seeds(const spec::SpecFile& file, const fs::path& dir) {
  std::set<std::string> texts;
  for (const spec::PieceSpec& p : file.pieces) texts.insert(p.betza.value);
  for (const spec::VariantSpec& v : file.variants) {
    for (const spec::PieceUse& u : v.pieces)
      if (u.betza) texts.insert(u.betza->value);
    for (const spec::PromotionSpec& p : v.promotions)
      if (p.moves) texts.insert(p.moves->value);
    if (v.turn)
      for (const spec::PhaseMovesSpec& pm : v.turn->phase_moves) texts.insert(pm.moves.value);
  }
  int n = 0;
  for (const std::string& t : texts) write(dir / ("betza" + std::to_string(++n)), t);
}

// One spec per variant: the variant and the catalogue pieces it uses.
void spec_seeds(const std::string& text, const fs::path& dir) {
  const YAML::Node root = YAML::Load(text);
  for (const auto& kv : root["variants"]) {
    YAML::Node one;
    for (const auto& use : kv.second["pieces"]) {
      const std::string name = use.IsMap() ? use["piece"].as<std::string>() : use.as<std::string>();
      one["pieces"][name] = root["pieces"][name];
    }
    one["variants"][kv.first.as<std::string>()] = kv.second;
    YAML::Emitter out;
    out << one;
    write(dir / (kv.first.as<std::string>() + ".yaml"), std::string(out.c_str()) + "\n");
  }
}

void fen_seeds(const spec::SpecFile& file, const fs::path& dir) {
  for (const spec::VariantSpec& v : file.variants) {
    write(dir / (v.key + "-start"), v.key + "\n" + v.start.value);
    int n = 0;
    for (const spec::PerftSpec& p : v.perft)
      if (p.fen.value != "start") write(dir / (v.key + "-perft" + std::to_string(++n)), v.key + "\n" + p.fen.value);
  }
}

// A game file's variant is the part of its name before '-' (chess when that is no variant).
void notation_seeds(const spec::SpecFile& file, const fs::path& games, const fs::path& dir) {
  for (const spec::VariantSpec& v : file.variants) write(dir / (v.key + "-empty"), v.key + "\n");
  for (const auto& e : fs::directory_iterator(games)) {
    const std::string stem = e.path().stem().string();
    const std::string prefix = stem.substr(0, stem.find('-'));
    const std::string key = file.find_variant(prefix) ? prefix : "chess";
    write(dir / stem, key + "\n" + fairytest::file_text(e.path()));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: fuzz_seeds SPEC GAMES_DIR OUT_DIR\n";
    return 2;
  }
  try {
    const std::string text = fairytest::file_text(argv[1]);
    const spec::SpecFile file = spec::load_string(text, argv[1]);
    const fs::path out = argv[3];
    fs::remove_all(out);
    for (const char* target : {"betza", "spec", "fen", "notation"}) fs::create_directories(out / target);
    betza_seeds(file, out / "betza");
    spec_seeds(text, out / "spec");
    fen_seeds(file, out / "fen");
    notation_seeds(file, argv[2], out / "notation");
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "fuzz_seeds: error: " << e.what() << "\n";
    return 1;
  }
}
