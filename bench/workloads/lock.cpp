// The fixed workloads of lock: the tour's headline and the bench's work count.

#include <fmt/format.h>

#include "manyworlds/lock/lock.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {

// The complete solution set to length 128 by the fast search, checked against the formula.
TourLine tour_lock() {
  lock::SolveOptions o;
  o.max_length = 128;
  lock::SolveResult r = lock::solve(o);
  std::uint64_t formula = 0;
  for (int n = 1; n <= 128; ++n) formula += lock::makay_count(n);
  return {fmt::format("{} combinations up to length 128 open it (formula: {}); shortest {}",
                      r.total, formula, r.solutions[10].front()),
          {{"max_length", 128},
           {"total", r.total},
           {"formula", formula},
           {"shortest", r.solutions[10]}}};
}

// The complete solution set to length 256 by the fast search.
BenchLine bench_lock(unsigned threads) {
  lock::SolveOptions o;
  o.max_length = 256;
  o.threads = threads;
  lock::SolveResult r = lock::solve(o);
  Digest digest;  // every solution, in order, each followed by a line end
  for (const auto& list : r.solutions) {
    for (const auto& s : list) {
      digest.add_bytes(s);
      digest.add('\n');
    }
  }
  return {"fast: complete solution set to length 256", r.stats.prefixes,
          fmt::format("{:016x} ({} solutions)", digest.value, r.total)};
}

}  // namespace manyworlds::workloads
