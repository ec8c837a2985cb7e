// `manyworlds tetris setup`: solution-finder 1.43's setup (every way to fill the cells of the
// fill colours with pieces, optionally on margin cells), with its options, its report, its log
// and its setup.html or setup.csv (tetris/sfinder/setup.hpp).

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/tetris/sfinder/setup.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_setup(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
    int threads = 0;
    bool force = false;
    std::string quirks = "no";
  };
  auto o = std::make_shared<Options>();
  auto* s = tetris.add_subcommand(
      "setup", "Every way to fill the cells of chosen colours with pieces (sfinder's setup)");
  s->footer(
      "sfinder's spellings work as in sfinder: -f i -m o -F s, -np 4, -fo csv, -op row(1) clear() "
      "(several operations after one -op), -pp FILE, -fp FILE, -lp FILE, --comb yes (a prefix). "
      "Without -t the field comes from input/field.txt, without -p the patterns from "
      "input/patterns.txt; the report is also written to output/last_output.txt and the results "
      "to output/setup.html (or output/setup.csv).");
  add_sfinder_options(*s, sfinder::setup_options(), o->sfinder);
  use_sfinder_help(*s);
  s->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  s->add_option("--sfinder-quirks", o->quirks,
                "yes: also sfinder 1.43's two deviations from its rules (the last column block's "
                "pieces that fill nothing, and -np extras of pieces the patterns lack); no "
                "(default)");
  add_force_flag(*s, o->force);
  on_run(*s, [o](const RunContext& context) {
    sfinder::SetupRequest request;
    request.options = option_values(o->sfinder);
    request.threads = resolve_threads(o->threads);
    request.force = o->force;
    request.progress = context.progress && !context.json;
    request.sfinder_quirks = sfinder::parse_quirks(o->quirks);
    return sfinder::run_setup(request);
  });
}

}  // namespace manyworlds::cli
