// A program built with fairygen as a build step: its variant (my_variants.yaml) is generated
// at build time by fairygen_add_variants and found here by key.
//   custom_perft VARIANT DEPTH   prints "Nodes searched: N" for the start position
#include <cstdio>
#include <cstdlib>
#include <string>

#include "runtime/registry.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s VARIANT DEPTH\n", argv[0]);
    return 2;
  }
  const fairy::CompiledVariant* variant = fairy::find_compiled(argv[1]);
  const int depth = std::atoi(argv[2]);
  if (!variant || depth < 1 || depth > fairy::kMaxPerftDepth) {
    std::fprintf(stderr, "%s: unknown variant '%s' or bad depth '%s'\n", argv[0], argv[1], argv[2]);
    return 2;
  }
  const auto engine = variant->engine();
  fairy::Position pos(engine->variant());
  pos.set_start();
  std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(engine->perft(pos, depth)));
  return 0;
}
