// `manyworlds tetris spin` (solution-finder's spin: T-spin setups for a field and a set of
// pieces, sfinder's HTML or CSV file and log; tetris/sfinder/spin.hpp).

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/sfinder/spin.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_spin(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
  };
  auto o = std::make_shared<Options>();
  auto* c = tetris.add_subcommand(
      "spin", "T-spin setups for a field and a set of pieces, sfinder's HTML/CSV (sfinder's spin)");
  c->footer(
      "sfinder's spellings work as in sfinder: -fb 0 -ft 4 -m 6 -c 2 -r yes -mr 1 -f strict "
      "-fo csv -s yes -fp FILE -pp FILE -lp FILE -o PATH, --fill-top=4, -c2. Without -t the field "
      "comes from input/field.txt (rows of X and _), without -p the pieces from "
      "input/patterns.txt; the report is also written to output/last_output.txt.");
  add_sfinder_options(*c, sfinder::spin_options(), o->sfinder);
  use_sfinder_help(*c);
  on_run(*c, [o](const RunContext& context) {
    sfinder::SpinRequest request;
    request.options = option_values(o->sfinder);
    request.progress = context.progress && !context.json;
    return sfinder::run_spin(request);
  });
}

}  // namespace manyworlds::cli
