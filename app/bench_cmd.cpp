// `manyworlds bench`: a fixed, deterministic workload per puzzle; prints its work count, a
// signature of its results and the median time of several runs.

#include <fmt/format.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/timer.hpp"

namespace manyworlds::cli {
namespace {

struct BenchOptions {
  bool json = false;
  int threads = 0;
  int repeat = 5;
  std::vector<std::string> only;
};

void run_bench(const BenchOptions& options) {
  for (const auto& name : options.only) {
    bool known = false;
    for (const auto& puzzle : puzzles()) known = known || name == puzzle.name;
    if (!known) throw UsageError(fmt::format("bench: no puzzle named '{}'", name));
  }
  unsigned threads = resolve_threads(options.threads);
  Json report = Json::array();
  for (const auto& puzzle : puzzles()) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), puzzle.name) == options.only.end()) {
      continue;
    }
    std::vector<double> times;
    BenchLine line;
    for (int run = 0; run < options.repeat; ++run) {
      Stopwatch watch;
      BenchLine this_run = puzzle.bench(threads);
      times.push_back(watch.seconds());
      if (run > 0 && (this_run.work != line.work || this_run.signature != line.signature)) {
        throw InputError(
            fmt::format("bench: {} gave different results on repeated runs", puzzle.name));
      }
      line = this_run;
    }
    double seconds = median(times);
    if (options.json) {
      report.push_back({{"puzzle", puzzle.name},
                        {"workload", line.workload},
                        {"work", line.work},
                        {"signature", line.signature},
                        {"median_seconds", seconds},
                        {"runs", options.repeat},
                        {"threads", threads}});
    } else {
      fmt::print("{:<7} {:<52} work {:>14}  signature {}  median {:>10.3f} ms\n", puzzle.name,
                 line.workload, line.work, line.signature, seconds * 1e3);
    }
  }
  if (options.json) print_json(report);
}

}  // namespace

void setup_bench(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  auto* sub = app.add_subcommand("bench", "Fixed workload per puzzle: work count, signature, time");
  add_json_flag(*sub, options->json);
  add_threads_option(*sub, options->threads);
  sub->add_option("--repeat", options->repeat, "Runs per puzzle; the median time is shown")
      ->check(CLI::Range(1, 1000));
  sub->add_option("puzzle", options->only, "Only these puzzles");
  sub->callback([options] { run_bench(*options); });
}

}  // namespace manyworlds::cli
