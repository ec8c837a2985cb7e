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
  struct Row {
    const char* name;
    TourLine line;
    double seconds;
  };
  std::vector<Row> rows;
  for (const auto& puzzle : puzzles()) {
    Stopwatch watch;
    TourLine line = puzzle.tour();
    rows.push_back({puzzle.name, std::move(line), watch.seconds()});
  }
  if (options.json) {
    Json report = Json::array();
    for (const auto& row : rows) {
      report.push_back({{"puzzle", row.name}, {"seconds", row.seconds}, {"result", row.line.json}});
    }
    print_json(report);
    return;
  }
  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.line.headline.size());
  for (const auto& row : rows) {
    fmt::print("{:<7} {:<{}} {:>10.3f} ms\n", row.name, row.line.headline, width,
               row.seconds * 1e3);
  }
}

}  // namespace

void setup_tour(CLI::App& app) {
  auto options = std::make_shared<TourOptions>();
  auto* sub = app.add_subcommand("tour", "Each puzzle's headline result on its default input");
  add_json_flag(*sub, options->json);
  sub->callback([options] { run_tour(*options); });
}

}  // namespace manyworlds::cli
