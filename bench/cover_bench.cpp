// Setup coverage (tetris cover), side by side: the optimized search (one graph of fields per
// setup, the sorted sequences walked as a trie of prefixes) against the direct one (sfinder's
// per-sequence search, nothing shared), one thread, on sfinder's documented example and on a
// database of 70 T-spin-double setups (sfinder's use-case test case9_Cycle3: 70 fumens, `*!`,
// `--mode tsd`). items_per_second = (setup, sequence) pairs decided per second. Whole-process
// figures beside sfinder's: docs/benchmarks.md.

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/cover.hpp"

namespace {

using namespace manyworlds::tetris;

// The setups of one line of the sfinder cover cases (tests/data/tetris/sfinder/cover).
std::vector<CoverSetup> setups_of_case(const std::string& name) {
  std::ifstream in(std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder/cover/cases.tsv");
  std::vector<CoverSetup> setups;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + "\t", 0) != 0) continue;
    std::istringstream words(line.substr(name.size() + 1));
    std::string w;
    words >> w;  // -t
    while (words >> w && w[0] != '-') setups.push_back(*read_cover_setup(w));
  }
  return setups;
}

void run(benchmark::State& state, const std::vector<CoverSetup>& setups, const char* pattern,
         CoverMode mode, CoverMethod method, std::uint64_t or_count) {
  if (setups.empty()) {
    state.SkipWithError("no setups (tests/data/tetris/sfinder/cover/cases.tsv)");
    return;
  }
  auto patterns = parse_patterns(pattern);
  CoverOptions o;
  o.mode = mode;
  o.method = method;
  o.threads = 1;
  std::size_t pairs = 0;
  for (auto _ : state) {
    CoverResult r = cover(setups, patterns, o);
    if (r.or_count != or_count) {  // sfinder's count
      state.SkipWithError("wrong OR count");
      return;
    }
    pairs += r.sequences.size() * setups.size();
  }
  state.SetItemsProcessed(std::int64_t(pairs));
}

// sfinder's docs: OR 61.67 % [3108/5040].
void BM_DocOptimized(benchmark::State& s) {
  run(s, setups_of_case("doc"), "*p7", CoverMode::Normal, CoverMethod::Optimized, 3108);
}
void BM_DocDirect(benchmark::State& s) {
  run(s, setups_of_case("doc"), "*p7", CoverMode::Normal, CoverMethod::Direct, 3108);
}
// sfinder's case9_Cycle3 with --mode tsd: OR 35.00 % [1764/5040].
void BM_TsdCycleOptimized(benchmark::State& s) {
  run(s, setups_of_case("case9_Cycle3_4"), "*!", CoverMode::TSpinDouble, CoverMethod::Optimized,
      1764);
}
void BM_TsdCycleDirect(benchmark::State& s) {
  run(s, setups_of_case("case9_Cycle3_4"), "*!", CoverMode::TSpinDouble, CoverMethod::Direct, 1764);
}

BENCHMARK(BM_DocOptimized)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DocDirect)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TsdCycleOptimized)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TsdCycleDirect)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
