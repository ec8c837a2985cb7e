// Perfect-clear success rates (tetris percent), side by side: the optimized method (the seed's
// hold optimization over a shared field graph, dead fields cut by the fill oracle) against the
// direct method (a plain search with hold for every sequence, as solution-finder does), on the
// reference cases of tests/data/tetris/cases.tsv and the empty-field case.
// One thread; items_per_second = sequences decided per second. The direct method is left out
// where one run takes minutes. Whole-process figures: scripts/bench-percent.sh.
//
// The prefix engine (issue 14): against the optimized method on `*p7,*p2` over two full
// columns (211,680 sequences, one thread), and the targets with 2 threads, as measured
// there: `*p7,*p4` on the empty field (<= 5 s) and the seven bag offsets of an 11-piece queue
// (<= 60 s together; BM_SevenOffsetsPrefix runs them in one iteration, about 50 s here).
// Whole-process figures: scripts/bench-offsets.sh. Without hold (issue 35), 2 threads:
// `T,I,L,*p7` on the empty field and `*p7,*p2` on two full columns.

#include <benchmark/benchmark.h>

#include <array>
#include <span>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"

namespace {

using namespace manyworlds::tetris;

struct Case {
  const char* field;  // rows top down
  const char* pattern;
  int clear_line;
  std::uint64_t successes;  // sfinder's count: a run that disagrees is an error
  bool use_hold = true;
};

// cases.tsv: noKicks_srs, count_pattern1, doc_percent_sample; the empty field.
const Case kPco{"XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X", "*p4", 4, 514};
const Case kCount1{"_______XXX/________XX/XX____XXXX/XX_____XXX", "*p7", 4, 4374};
const Case kDoc{
    "XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/"
    "XXXXXXXX__/XXXXXXXX__",
    "*p7", 8, 5032};
const Case kEmpty{"__________", "S,[TZ]p2,*p7", 4, 10080};
// Prefix engine: a 4-line field with two full columns (needs 8 pieces).
const Case kTwoColumns{"XX________/XX________/XX________/XX________", "*p7,*p2", 4, 211680};
// The seven offsets of an 11-piece queue: every sequence succeeds (TemariVirus/unperfect-tetris).
const std::array<Case, 7> kOffsets{{{"__________", "*p7,*p4", 4, 4233600},
                                    {"__________", "*p6,*p5", 4, 12700800},
                                    {"__________", "*p5,*p6", 4, 12700800},
                                    {"__________", "*p4,*p7", 4, 4233600},
                                    {"__________", "*p3,*p7,*p1", 4, 7408800},
                                    {"__________", "*p2,*p7,*p2", 4, 8890560},
                                    {"__________", "*p1,*p7,*p3", 4, 7408800}}};
// Without hold (issue 35): the empty field with `T,I,L,*p7` (every sequence succeeds, as
// sfinder 1.43 counts), and the two full columns with `*p7,*p2` (25,803 of 35,280, as the
// direct method counts).
const Case kNoHoldEmpty{"__________", "T,I,L,*p7", 4, 5040, false};
const Case kNoHoldTwoColumns{"XX________/XX________/XX________/XX________", "*p7,*p2", 4, 25803,
                             false};

// Counts the cases; false when a count differs from the case's (sfinder's, the published one,
// or for two full columns the one the optimized method gives).
bool count(std::span<const Case> cases, PercentMethod method, unsigned threads,
           std::size_t& sequences) {
  for (const Case& c : cases) {
    PercentOptions o;
    o.clear_line = c.clear_line;
    o.method = method;
    o.threads = threads;
    o.use_hold = c.use_hold;
    PercentResult r = percent(Field::parse(c.field), parse_patterns(c.pattern), o);
    if (r.successes != c.successes) return false;
    sequences += r.total;
  }
  return true;
}

void run(benchmark::State& state, std::span<const Case> cases, PercentMethod method,
         unsigned threads = 1) {
  std::size_t sequences = 0;
  for (auto _ : state) {
    if (!count(cases, method, threads, sequences)) {
      state.SkipWithError("wrong success count");
      return;
    }
  }
  state.SetItemsProcessed(std::int64_t(sequences));
}
void run(benchmark::State& state, const Case& c, PercentMethod method, unsigned threads = 1) {
  run(state, std::span<const Case>(&c, 1), method, threads);
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

void BM_TwoColumnsPrefix(benchmark::State& s) {
  run(s, kTwoColumns, PercentMethod::Prefix);
}
void BM_TwoColumnsOptimized(benchmark::State& s) {
  run(s, kTwoColumns, PercentMethod::Optimized);
}
void BM_FirstBagPrefix(benchmark::State& s) {
  run(s, kOffsets[0], PercentMethod::Prefix, 2);  // `*p7,*p4`
}
void BM_SevenOffsetsPrefix(benchmark::State& s) {
  run(s, kOffsets, PercentMethod::Prefix, 2);
}
BENCHMARK(BM_TwoColumnsPrefix)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwoColumnsOptimized)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_FirstBagPrefix)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_SevenOffsetsPrefix)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

void BM_NoHoldEmptyFieldPrefix(benchmark::State& s) {
  run(s, kNoHoldEmpty, PercentMethod::Prefix, 2);
}
void BM_NoHoldTwoColumnsPrefix(benchmark::State& s) {
  run(s, kNoHoldTwoColumns, PercentMethod::Prefix, 2);
}
BENCHMARK(BM_NoHoldEmptyFieldPrefix)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NoHoldTwoColumnsPrefix)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
