// Perft speed of the generated modules, bulk-counted at the leaves (as Fairy-Stockfish's
// go perft does). Reports nodes per second as the "nodes/s" counter.
#include <benchmark/benchmark.h>

#include "runtime/registry.hpp"

namespace {

void BM_Perft(benchmark::State& state, const char* key, int depth, bool interpreted) {
  const fairy::CompiledVariant* v = fairy::find_compiled(key);
  const auto engine = interpreted ? std::make_unique<fairy::InterpretedEngine>(v->info()) : v->engine();
  fairy::Position pos(v->info());
  pos.set_start();
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += engine->perft(pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_Perft, chess_5, "chess", 5, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, chess_5_interpreted, "chess", 5, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, capablanca_4, "capablanca", 4, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, grand_3, "grand", 3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, obento_3, "obento", 3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, terachess2_3, "terachess2", 3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, sandbox_3, "sandbox", 3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, extramove_4, "extramove", 4, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, universal_3, "universal", 3, false)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
