// `manyworlds tour`: each puzzle's headline result on its default input, with its time.

#include "cli.hpp"
#include "verb.hpp"
#include "workloads.hpp"

namespace manyworlds::cli {

void setup_tour(CLI::App& app) {
  auto* sub = app.add_subcommand("tour", "Each puzzle's headline result on its default input");
  on_run(*sub, [](const RunContext&) { return workloads::tour(); });
}

}  // namespace manyworlds::cli
