// `manyworlds tetris ren` (and sfinder's other name for it, `combo`): solution-finder 1.43's ren
// (the longest REN of a queue, with hold or not), with its options, its report, its log and its
// HTML page (tetris/sfinder/ren.hpp).

#include <memory>
#include <string>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/tetris/sfinder/ren.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

namespace {

void add_ren_verb(CLI::App& tetris, const std::string& name) {
  struct Options {
    SfinderValues sfinder;
    int threads = 0;
  };
  auto o = std::make_shared<Options>();
  auto* r = tetris.add_subcommand(
      name, name == "ren" ? "Every longest REN (combo) of a piece queue (sfinder's ren)"
                          : "The same as `tetris ren` (sfinder's other name for it)");
  r->footer(
      "sfinder's spellings work as in sfinder: -t FUMEN -P 2, -p TOLJISZ, -H avoid, -d hard, "
      "-K @nullpomino180, -fp FILE, -pp FILE, -lp FILE, -o out/ (--tetfu=..., -tetfu, a unique "
      "prefix --dr). Without -t the field comes from input/field.txt (rows of X and _), without -p "
      "the "
      "sequence from input/patterns.txt; the report is also written to output/last_output.txt and "
      "the chains to output/ren.html.");
  use_sfinder_help(*r);
  add_sfinder_options(*r, sfinder::ren_options(), o->sfinder);
  r->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  on_run(*r, [o](const RunContext& context) {
    sfinder::RenRequest request;
    request.options = option_values(o->sfinder);
    request.threads = resolve_threads(o->threads);
    request.progress = context.progress && !context.json;
    return sfinder::run_ren(request);
  });
}

}  // namespace

void setup_tetris_ren(CLI::App& tetris) {
  add_ren_verb(tetris, "ren");
}

void setup_tetris_combo(CLI::App& tetris) {
  add_ren_verb(tetris, "combo");
}

}  // namespace manyworlds::cli
