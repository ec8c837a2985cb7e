#include "cli.hpp"

#include <fmt/format.h>

#include "manyworlds/core/progress.hpp"

namespace manyworlds::cli {

void add_json_flag(CLI::App& app, bool& json) {
  app.add_flag("--json", json, "Print the result as JSON (big counts as decimal strings)");
}

void add_threads_option(CLI::App& app, int& threads) {
  app.add_option("--threads", threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024));
}

void add_force_flag(CLI::App& app, bool& force) {
  app.add_flag("--force", force, "Run even when the estimated work or output is very large");
}

void print_json(const Json& value) {
  fmt::print("{}\n", value.dump(2));
}

bool show_progress() {
  return Progress::stderr_is_terminal();
}

}  // namespace manyworlds::cli
