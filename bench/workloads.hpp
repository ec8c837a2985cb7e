#pragma once
// Each puzzle's fixed workloads: the headline result of `manyworlds tour` on the puzzle's
// default input, and the deterministic workload of `manyworlds bench`. The tool and the
// benchmark programs share them (bench/workloads/<puzzle>.cpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/render.hpp"

namespace manyworlds::workloads {

// A headline result: one line of text and the same as data.
struct TourLine {
  std::string headline;
  Json json;
};

// One run of a benchmark workload. `work` counts units of work (nodes, states, placements);
// `signature` is a deterministic digest of the results: a change to either on the same
// workload means the search changed.
struct BenchLine {
  std::string workload;
  std::uint64_t work = 0;
  std::string signature;
};

// FNV-1a, the digest of every signature: bytes one at a time, or whole 64-bit words.
struct Digest {
  std::uint64_t value = 1469598103934665603ULL;
  void add(std::uint64_t word) { value = (value ^ word) * 1099511628211ULL; }
  void add_bytes(std::string_view bytes) {
    for (char c : bytes) add(static_cast<unsigned char>(c));
  }
};

struct Workload {
  const char* puzzle;
  TourLine (*tour)();
  BenchLine (*bench)(unsigned threads);
};

// Every puzzle's workloads, in the order `tour` and `bench` run them.
const std::vector<Workload>& all();

// `manyworlds tour`: each puzzle's headline and its time.
struct TourReport {
  struct Row {
    std::string puzzle;
    TourLine line;
    double seconds = 0;
  };
  std::vector<Row> rows;
};
TourReport tour();
void write_text(fmt::memory_buffer& out, const TourReport& report);
void to_json(Json& out, const TourReport& report);

// `manyworlds bench`: the puzzles named in `only` (all when empty), each run `repeat` times;
// the median time. Throws UsageError for an unknown puzzle, InputError when two runs of one
// workload differ.
struct BenchReport {
  struct Row {
    std::string puzzle;
    BenchLine line;
    double median_seconds = 0;
  };
  std::vector<Row> rows;
  int repeat = 0;
  unsigned threads = 0;
};
BenchReport bench(const std::vector<std::string>& only, int repeat, unsigned threads);
void write_text(fmt::memory_buffer& out, const BenchReport& report);
void to_json(Json& out, const BenchReport& report);

TourLine tour_dice();
BenchLine bench_dice(unsigned threads);
TourLine tour_lock();
BenchLine bench_lock(unsigned threads);
TourLine tour_escape();
BenchLine bench_escape(unsigned threads);
TourLine tour_cards();
BenchLine bench_cards(unsigned threads);
TourLine tour_tetris();
BenchLine bench_tetris(unsigned threads);

}  // namespace manyworlds::workloads
