// The impossible escape: the seed's approaches and ours side by side.
//  - Colouring the n-cube: the seed's search ported straight (allowed colours recomputed from
//    the second-degree neighbours each time) against the same search with kept counts.
//  - The parity: the seed's per-region bit test (index.toBitSet().get(region) for every set
//    cell and region) against one XOR per set cell.
//  - verify at n = 16 (every board, every key), counts and proofs.
// Run: build/release/bench/bench_escape --benchmark_repetitions=5
//      --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <vector>

#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"

namespace {

using namespace manyworlds::escape;

void BM_ColorSeedPort(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(color_hypercube_seed(n).assignments);
}
BENCHMARK(BM_ColorSeedPort)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);

void BM_ColorFast(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(color_hypercube(n).assignments);
}
BENCHMARK(BM_ColorFast)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);

// The seed's parity: for every cell showing 1 and every region r < log2(n), flip bit r of the
// result when bit r of the cell's index is set (the index converted to a bit set each time).
std::size_t seed_style_parity(const std::vector<std::uint8_t>& board) {
  int regions = 0;
  while ((std::size_t{1} << regions) < board.size()) ++regions;
  std::size_t result = 0;
  for (std::size_t index = 0; index < board.size(); ++index) {
    if (!board[index]) continue;
    for (int region = 0; region < regions; ++region) {
      std::vector<bool> bits;
      for (std::size_t value = index; value != 0; value >>= 1) bits.push_back(value & 1u);
      bool in_region =
          static_cast<std::size_t>(region) < bits.size() && bits[static_cast<std::size_t>(region)];
      if (in_region) result ^= std::size_t{1} << region;
    }
  }
  return result;
}

std::vector<std::uint8_t> example_board(std::size_t n) {
  std::vector<std::uint8_t> board(n);
  for (std::size_t i = 0; i < n; ++i) board[i] = (i * 2654435761u >> 9) & 1u;
  return board;
}

void BM_ParitySeedStyle(benchmark::State& state) {
  auto board = example_board(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(seed_style_parity(board));
}
BENCHMARK(BM_ParitySeedStyle)->Arg(64)->Arg(65536);

void BM_ParityXor(benchmark::State& state) {
  auto board = example_board(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(xor_parity(board));
}
BENCHMARK(BM_ParityXor)->Arg(64)->Arg(65536);

void BM_Verify16(benchmark::State& state) {
  Strategy strategy = Strategy::make(16, {}, StrategyKind::Xor);
  VerifyOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(verify(strategy, options).failures);
}
BENCHMARK(BM_Verify16)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Verify16Coloring(benchmark::State& state) {
  Strategy strategy = Strategy::make(16, {}, StrategyKind::Coloring);
  for (auto _ : state) benchmark::DoNotOptimize(verify(strategy, {}).failures);
}
BENCHMARK(BM_Verify16Coloring)->Unit(benchmark::kMillisecond);

void BM_Count(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(count_colorings(n).colorings.get_ui());
}
BENCHMARK(BM_Count)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);

void BM_CountBruteForce(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(count_colorings_brute_force(n));
}
BENCHMARK(BM_CountBruteForce)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_ProveImpossible(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(prove_impossible(n).search.nodes);
}
BENCHMARK(BM_ProveImpossible)->Arg(6)->Arg(7)->Unit(benchmark::kMicrosecond);

void BM_NoFlipSearch(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(search_dominating(n).nodes);
}
BENCHMARK(BM_NoFlipSearch)->Arg(5)->Unit(benchmark::kMillisecond);

// The bound that rules out n = 5 and n = 6 with no flip: no dominating set of floor(2^n / n).
void BM_NoFlipBound(benchmark::State& state) {
  int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(search_dominating_set(n, (1 << n) / n).nodes);
}
BENCHMARK(BM_NoFlipBound)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
