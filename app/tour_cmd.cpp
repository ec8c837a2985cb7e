// `manyworlds tour`: each puzzle's headline result on its default input, with its time.

#include <fmt/format.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/timer.hpp"

namespace manyworlds::cli {
namespace {

struct TourOptions {
  bool json = false;
};

void run_tour(const TourOptions& options) {
  Json report = Json::array();
  for (const auto& puzzle : puzzles()) {
    Stopwatch watch;
    TourLine line = puzzle.tour();
    double seconds = watch.seconds();
    if (options.json) {
      report.push_back({{"puzzle", puzzle.name}, {"seconds", seconds}, {"result", line.json}});
    } else {
      fmt::print("{:<7} {:<72} {:>10.3f} ms\n", puzzle.name, line.headline, seconds * 1e3);
    }
  }
  if (options.json) print_json(report);
}

}  // namespace

void setup_tour(CLI::App& app) {
  auto options = std::make_shared<TourOptions>();
  auto* sub = app.add_subcommand("tour", "Each puzzle's headline result on its default input");
  add_json_flag(*sub, options->json);
  sub->callback([options] { run_tour(*options); });
}

}  // namespace manyworlds::cli
