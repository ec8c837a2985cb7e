// Card flips: the seed's brute-force scan next to the searches, and the streamed construction.
//   build/release/bench/bench_cards --benchmark_repetitions=5
//   --benchmark_report_aggregates_only=true
// BM_CountFiveCards is issue 35's target: `cards count 5` with 2 threads in at most 1 s for the
// whole process, both threads busy (its CPU column is the whole process's CPU time, so CPU near
// twice the real time means both threads worked). Whole-process figures: docs/benchmarks.md.

#include <benchmark/benchmark.h>

#include "manyworlds/cards/cards.hpp"

namespace manyworlds::cards {
namespace {

// The seed's approach: every base-N string without repeated neighbours, each played.
void BM_SeedBruteForce(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    std::uint64_t found = 0;
    std::uint64_t candidates = brute_force(n, [&](std::span<const Card>) { ++found; });
    benchmark::DoNotOptimize(found);
    state.counters["candidates"] = static_cast<double>(candidates);
  }
}
BENCHMARK(BM_SeedBruteForce)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// A plain depth-first search over every sequence (with the dead-end test).
void BM_PlainSearch(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    CountResult r = count(n, {Method::Dfs, 1});
    benchmark::DoNotOptimize(r.sequences);
  }
}
BENCHMARK(BM_PlainSearch)->Arg(4)->Unit(benchmark::kMillisecond);

// Ours: canonical sequences only, times N!, memo, work split over prefixes.
void BM_SymmetrySearch(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  unsigned threads = static_cast<unsigned>(state.range(1));
  for (auto _ : state) {
    CountResult r = count(n, {Method::Symmetry, threads});
    benchmark::DoNotOptimize(r.sequences);
  }
}
BENCHMARK(BM_SymmetrySearch)->Args({4, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

// count 5 at 1 and 2 threads; a count other than OEIS A003043's is an error.
void BM_CountFiveCards(benchmark::State& state) {
  unsigned threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    CountResult r = count(5, {Method::Symmetry, threads});
    if (r.sequences != 5859364320u || r.classes != 48828036u) {
      state.SkipWithError("count 5: not A003043's 5859364320 sequences in 48828036 classes");
      return;
    }
  }
}
BENCHMARK(BM_CountFiveCards)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

void BM_Enumerate(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    std::uint64_t seen = enumerate(n, {}, [](std::span<const Card>) { return true; });
    benchmark::DoNotOptimize(seen);
  }
}
BENCHMARK(BM_Enumerate)->Arg(4)->Unit(benchmark::kMillisecond);

// solve 24: 2^24 - 1 instructions as text (about 35 MB), bytes counted, not written.
void BM_SolveText(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    std::uint64_t bytes = 0;
    write_solution(n, Format::Plain, [&](std::string_view piece) { bytes += piece.size(); });
    benchmark::DoNotOptimize(bytes);
  }
}
BENCHMARK(BM_SolveText)->Arg(24)->Unit(benchmark::kMillisecond);

void BM_Check(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  Sequence s = recursive_solution(n);
  for (auto _ : state) {
    CheckResult r = check(s, n);
    benchmark::DoNotOptimize(r.works);
  }
}
BENCHMARK(BM_Check)->Arg(20)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace manyworlds::cards

BENCHMARK_MAIN();
