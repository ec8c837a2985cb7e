// Dirac Dice part 2: the seed's two methods and ours side by side on the same games.
// Run: build/release/bench/bench_dice --benchmark_repetitions=5 --benchmark_report_aggregates_only

#include <benchmark/benchmark.h>

#include "manyworlds/dice/dice.hpp"

namespace {

using manyworlds::dice::Method;

void part2(benchmark::State& state, Method method, int target) {
  manyworlds::dice::Rules rules;
  rules.part2_target = target;
  std::vector<int> starts{4, 8};
  for (auto _ : state) {
    auto result = manyworlds::dice::play_dirac(rules, starts, method, {1, false, true});
    benchmark::DoNotOptimize(result.answer);
  }
}

}  // namespace

BENCHMARK_CAPTURE(part2, target21_seed_moves_to_win, Method::MovesToWin, 21)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(part2, target21_seed_memo, Method::Memo, 21)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(part2, target21_fast, Method::Fast, 21)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(part2, target35_seed_moves_to_win, Method::MovesToWin, 35)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(part2, target35_seed_memo, Method::Memo, 35)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(part2, target35_fast, Method::Fast, 35)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(part2, target1000_fast, Method::Fast, 1000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
