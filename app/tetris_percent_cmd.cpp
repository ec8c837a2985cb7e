// `manyworlds tetris percent` (solution-finder's percent: perfect-clear success rate over the
// sequences of a pattern; tetris/sfinder/percent.hpp) and `manyworlds tetris setup-percent`
// (TetrisPercent's question: the share of piece orders that build a setup;
// tetris/search/setup_percent.hpp).

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/search/setup_percent.hpp"
#include "manyworlds/tetris/sfinder/percent.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_percent(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
    std::string method = "auto";
    bool force = false;
  };
  auto o = std::make_shared<Options>();
  auto* p = tetris.add_subcommand(
      "percent", "Perfect-clear success rate over a pattern's sequences (sfinder's percent)");
  p->footer(
      "sfinder's spellings work as in sfinder: -fc 0, -td 1, -th 2, -pp FILE, -fp FILE, -lp FILE, "
      "-tetfu, --fail (a prefix), -c4, -c=4. Without -t the field comes from input/field.txt, "
      "without -p the patterns from input/patterns.txt; the report is also written to "
      "output/last_output.txt.");
  add_sfinder_options(*p, sfinder::percent_options(), o->sfinder);
  use_sfinder_help(*p);
  p->add_option("-m,--method", o->method,
                "auto (default: prefix above 20,000 sequences and at most 64 patterns, else "
                "optimized), optimized (the seed's two passes), direct or prefix");
  add_force_flag(*p, o->force);
  on_run(*p, [o](const RunContext& context) {
    sfinder::PercentRequest request;
    request.options = option_values(o->sfinder);
    request.method = tetris::parse_method(o->method);
    request.force = o->force;
    request.progress = context.progress && !context.json;
    return sfinder::run_percent(request);
  });
}

void setup_tetris_setup_percent(CLI::App& tetris) {
  auto o = std::make_shared<tetris::SetupPercentRequest>();
  auto* sp = tetris.add_subcommand(
      "setup-percent",
      "Share of the orders of a setup's pieces that build it (coloured cells = the setup)");
  sp->add_option("-t,--tetfu,--fumen", o->fumen, "Fumen of the setup (v115@..., URL; - for stdin)")
      ->required();
  sp->add_option("-P,--page", o->page, "Fumen page, from 1 (1)")->check(CLI::Range(1, 100000));
  sp->add_option("-H,--hold", o->hold, "use (default) or avoid");
  sp->add_option("-d,--drop", o->drop, "softdrop (default) or harddrop");
  sp->add_option("-K,--kicks", o->kicks, "srs (default), nokicks, srsplus, jstris180, @FILE");
  on_run(*sp, [o](const RunContext&) { return tetris::run_setup_percent(*o); });
}

}  // namespace manyworlds::cli
