// Perfect-clear success rates (tetris percent), side by side: the optimized method (the seed's
// hold optimization over a shared field graph, dead fields cut by the fill oracle) against the
// direct method (a plain search with hold for every sequence, as solution-finder does), on the
// reference cases of tests/data/tetris/cases.tsv and the empty-field case.
// One thread; items_per_second = sequences decided per second. The direct method is left out
// where one run takes minutes. Whole-process figures: scripts/bench-percent.sh.

#include <benchmark/benchmark.h>

#include "manyworlds/tetris/field.hpp"
#include "manyworlds/tetris/pattern.hpp"
#include "manyworlds/tetris/percent.hpp"

namespace {

using namespace manyworlds::tetris;

struct Case {
  const char* field;  // rows top down
  const char* pattern;
  int clear_line;
  std::uint64_t successes;  // sfinder's count: a run that disagrees is an error
};

// cases.tsv: noKicks_srs, count_pattern1, doc_percent_sample; the empty field.
const Case kPco{"XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X", "*p4", 4, 514};
const Case kCount1{"_______XXX/________XX/XX____XXXX/XX_____XXX", "*p7", 4, 4374};
const Case kDoc{
    "XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/"
    "XXXXXXXX__/XXXXXXXX__",
    "*p7", 8, 5032};
const Case kEmpty{"__________", "S,[TZ]p2,*p7", 4, 10080};

void run(benchmark::State& state, const Case& c, PercentMethod method) {
  Field field = Field::parse(c.field);
  auto patterns = parse_patterns(c.pattern);
  PercentOptions o;
  o.clear_line = c.clear_line;
  o.method = method;
  o.threads = 1;
  std::size_t sequences = 0;
  for (auto _ : state) {
    PercentResult r = percent(field, patterns, o);
    if (r.successes != c.successes) {
      state.SkipWithError("wrong success count");
      return;
    }
    sequences += r.total;
  }
  state.SetItemsProcessed(std::int64_t(sequences));
}

void BM_PcoOptimized(benchmark::State& s) {
  run(s, kPco, PercentMethod::Optimized);
}
void BM_PcoDirect(benchmark::State& s) {
  run(s, kPco, PercentMethod::Direct);
}
void BM_CountPattern1Optimized(benchmark::State& s) {
  run(s, kCount1, PercentMethod::Optimized);
}
void BM_CountPattern1Direct(benchmark::State& s) {
  run(s, kCount1, PercentMethod::Direct);
}
void BM_DocSampleOptimized(benchmark::State& s) {
  run(s, kDoc, PercentMethod::Optimized);
}
void BM_DocSampleDirect(benchmark::State& s) {
  run(s, kDoc, PercentMethod::Direct);
}
void BM_EmptyFieldOptimized(benchmark::State& s) {
  run(s, kEmpty, PercentMethod::Optimized);
}

BENCHMARK(BM_PcoOptimized)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PcoDirect)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountPattern1Optimized)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountPattern1Direct)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_DocSampleOptimized)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DocSampleDirect)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_EmptyFieldOptimized)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
