#include "cli.hpp"

namespace manyworlds::cli {

void add_threads_option(CLI::App& app, int& threads) {
  app.add_option("--threads", threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024));
}

void add_force_flag(CLI::App& app, bool& force) {
  app.add_flag("--force", force, "Run even when the estimated work or output is very large");
}

}  // namespace manyworlds::cli
