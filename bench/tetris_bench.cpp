// Placement generation on busy fields: the bit-parallel move generator (MoveGenerator) and, side
// by side, solution-finder's method transcribed state by state (a reverse search per candidate,
// tests/tetris/oracle.hpp). items_per_second = placements generated per second, one thread.

#include <benchmark/benchmark.h>

#include "../tests/tetris/oracle.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "workload.hpp"

namespace {

using namespace manyworlds::tetris;

const std::vector<Field>& fields() {
  static const std::vector<Field> f = busy_fields(1000, 2026);
  return f;
}

// Perfect-clear style fields: the busy fields' lowest 4 rows, placements below row 4.
const std::vector<Field>& low_fields() {
  static const std::vector<Field> f = [] {
    std::vector<Field> out;
    for (const Field& busy : fields()) {
      Field low;
      for (int y = 0; y < 4; ++y) low.set_row(y, busy.row(y) & Row(0x3F7 >> (y % 3)));
      out.push_back(low);
    }
    return out;
  }();
  return f;
}

void generate(benchmark::State& state, Drop drop, const KickTable& kicks, int height,
              const std::vector<Field>& set = fields()) {
  MoveGenerator gen(kicks, drop);
  MoveList list;
  std::size_t placements = 0, i = 0;
  for (auto _ : state) {
    const Field& f = set[i++ % set.size()];
    for (Piece p : kAllPieces) {
      gen.generate(f, p, height, list);
      placements += list.size();
    }
    benchmark::DoNotOptimize(list);
  }
  state.SetItemsProcessed(std::int64_t(placements));
}

void BM_Softdrop(benchmark::State& state) {
  generate(state, Drop::Softdrop, KickTable::srs(), kMaxHeight);
}
void BM_SoftdropClear8(benchmark::State& state) {
  generate(state, Drop::Softdrop, KickTable::srs(), 8);
}
void BM_SoftdropPerfectClear4(benchmark::State& state) {
  generate(state, Drop::Softdrop, KickTable::srs(), 4, low_fields());
}
void BM_Harddrop(benchmark::State& state) {
  generate(state, Drop::Harddrop, KickTable::srs(), kMaxHeight);
}
void BM_Softdrop180(benchmark::State& state) {
  generate(state, Drop::Softdrop180, KickTable::nullpomino180(), kMaxHeight);
}

// The same placements found the way sfinder's LockedCandidate defines them: one reverse search
// per grounded candidate state.
void BM_SoftdropReverseSearchPerState(benchmark::State& state) {
  std::size_t placements = 0, i = 0;
  for (auto _ : state) {
    const Field& f = fields()[i++ % fields().size()];
    testing::Oracle oracle(f, KickTable::srs(), Drop::Softdrop, kMaxHeight);
    for (Piece p : kAllPieces) placements += oracle.placements(p).size();
  }
  state.SetItemsProcessed(std::int64_t(placements));
}

BENCHMARK(BM_Softdrop);
BENCHMARK(BM_SoftdropClear8);
BENCHMARK(BM_SoftdropPerfectClear4);
BENCHMARK(BM_Harddrop);
BENCHMARK(BM_Softdrop180);
BENCHMARK(BM_SoftdropReverseSearchPerState);

}  // namespace

BENCHMARK_MAIN();
