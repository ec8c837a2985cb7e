// `manyworlds tetris verify kicks`: solution-finder 1.43's verify kicks (a kick table shown as
// fumens, one per piece and starting state; tetris/sfinder/verify_kicks.hpp).

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/sfinder/verify_kicks.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_verify_kicks(CLI::App& verify) {
  auto values = std::make_shared<SfinderValues>();
  auto* k = verify.add_subcommand(
      "kicks", "A kick table as fumens, one per piece and starting state (sfinder's verify kicks)");
  k->footer(
      "sfinder's spellings work as in sfinder: -K @srsplus, --kicks=+nokicks, -kicks FILE. "
      "@NAME reads kicks/NAME.properties of the working folder, or the built-in table of that "
      "name.");
  use_sfinder_help(*k);
  add_sfinder_options(*k, sfinder::verify_kicks_options(), *values);
  on_run(*k,
         [values](const RunContext&) { return sfinder::run_verify_kicks(option_values(*values)); });
}

}  // namespace manyworlds::cli
