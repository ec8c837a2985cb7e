// The Monte Carlo lock: the seed's three searches and the fast one, side by side, one thread.
//
// Full run (recursive at 16 takes tens of seconds, once):
//   build/release/bench/bench_lock --benchmark_repetitions=1
// Quick run without it:
//   build/release/bench/bench_lock --benchmark_filter='-|Fast|Construct/11|Memoize|Recursive/11'

#include <benchmark/benchmark.h>

#include "manyworlds/lock/lock.hpp"

namespace {

using manyworlds::lock::Method;

void run(benchmark::State& state, Method method) {
  manyworlds::lock::SolveOptions o;
  o.method = method;
  o.max_length = static_cast<int>(state.range(0));
  o.threads = 1;
  o.force = true;
  std::uint64_t total = 0;
  for (auto _ : state) {
    auto r = manyworlds::lock::solve(o);
    total = r.total;
    benchmark::DoNotOptimize(r.solutions.data());
  }
  state.counters["solutions"] = static_cast<double>(total);
}

void BM_Recursive(benchmark::State& state) {
  run(state, Method::Recursive);
}
void BM_Memoize(benchmark::State& state) {
  run(state, Method::Memoize);
}
void BM_Construct(benchmark::State& state) {
  run(state, Method::Construct);
}
void BM_Fast(benchmark::State& state) {
  run(state, Method::Fast);
}

BENCHMARK(BM_Recursive)->Arg(11)->Arg(14)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Recursive)->Arg(16)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Memoize)->Arg(11)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Construct)->Arg(11)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fast)->Arg(11)->Arg(16)->Arg(128)->Arg(256)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
