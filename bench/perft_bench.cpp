// Perft speed of the generated modules, bulk-counted at the leaves (as Fairy-Stockfish's
// go perft). Reports nodes per second as the "nodes/s" counter.
#include <benchmark/benchmark.h>

#include "runtime/registry.hpp"

namespace {

void BM_Perft(benchmark::State& state, const char* key, int depth) {
  const fairy::CompiledVariant* v = fairy::find_compiled(key);
  const auto engine = v->engine();
  fairy::Position pos(v->info());
  pos.set_start();
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += engine->perft(pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_Perft, chess_5, "chess", 5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, capablanca_4, "capablanca", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, grand_3, "grand", 3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
