// `manyworlds tetris path` (solution-finder's path: every perfect-clear solution, sfinder's
// HTML and CSV files and log) and `manyworlds tetris saves` (the pieces a perfect clear can
// leave over), both in tetris/sfinder/path.hpp.

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/sfinder/path.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_path(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
    sfinder::PathRequest request;
  };
  auto o = std::make_shared<Options>();
  auto* c = tetris.add_subcommand(
      "path", "Every perfect-clear solution, sfinder's HTML/CSV files (sfinder's path)");
  c->footer(
      "sfinder's spellings work as in sfinder: -so no, -fp FILE, -pp FILE, -lp FILE, -th 2, "
      "-cb 0, -tetfu, -c4, -c=4. Without -t the field comes from input/field.txt, without -p "
      "the patterns from input/patterns.txt; the log is also written to output/last_output.txt.");
  add_sfinder_options(*c, sfinder::path_options(), o->sfinder);
  add_force_flag(*c, o->request.force);
  c->add_option("--minimal", o->request.minimal,
                "sfinder (default) or exact: also the proven smallest covering set")
      ->type_name("MODE");
  c->add_option("--minimal-seconds", o->request.minimal_seconds,
                "Time limit of --minimal exact's solver (60; 0: none); past it the best cover "
                "found is written, marked not proven, with the solver's lower bound")
      ->type_name("S")
      ->check(CLI::Range(0.0, 1e9));
  c->add_option("--pictures", o->request.pictures,
                "Draw each solution's field in the HTML: yes (default) or no (sfinder's bytes)")
      ->type_name("WORD");
  on_run(*c, [o](const RunContext& context) {
    o->request.options = option_values(o->sfinder);
    o->request.progress = context.progress && !context.json;
    return sfinder::run_path(o->request);
  });
}

void setup_tetris_saves(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
    sfinder::SavesRequest request;
  };
  auto o = std::make_shared<Options>();
  auto* v = tetris.add_subcommand(
      "saves", "Share of sequences that perfect-clear keeping a piece (in hold or next)");
  add_sfinder_options(*v, sfinder::saves_options(), o->sfinder);
  add_force_flag(*v, o->request.force);
  v->add_option("-w,--wanted", o->request.expressions,
                "Saves expression, e.g. 'T|I', '[TI]&!O' (several allowed)")
      ->type_name("EXPR");
  on_run(*v, [o](const RunContext& context) {
    o->request.options = option_values(o->sfinder);
    o->request.progress = context.progress && !context.json;
    return sfinder::run_saves(o->request);
  });
}

}  // namespace manyworlds::cli
