// `manyworlds bench`: a fixed, deterministic workload per puzzle; prints its work count, a
// signature of its results and the median time of several runs.

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "verb.hpp"
#include "workloads.hpp"

namespace manyworlds::cli {

void setup_bench(CLI::App& app) {
  struct Options {
    int threads = 0;
    int repeat = 5;
    std::vector<std::string> only;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("bench", "Fixed workload per puzzle: work count, signature, time");
  add_threads_option(*sub, o->threads);
  sub->add_option("--repeat", o->repeat, "Runs per puzzle; the median time is shown")
      ->check(CLI::Range(1, 1000));
  sub->add_option("puzzle", o->only, "Only these puzzles");
  on_run(*sub, [o](const RunContext&) {
    return workloads::bench(o->only, o->repeat, resolve_threads(o->threads));
  });
}

}  // namespace manyworlds::cli
