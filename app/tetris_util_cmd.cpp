// `manyworlds tetris util seq` and `tetris util fumen`: sfinder's util seq (patterns expanded
// into sequences, through hold forwards or backwards, filtered; tetris/sfinder/util_seq.hpp)
// and util fumen (fumens reduced to one page, without comments, or without a piece;
// tetris/sfinder/util_fumen.hpp). `tetris util fig` is in tetris_fig_cmd.cpp.

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/sfinder/util_fumen.hpp"
#include "manyworlds/tetris/sfinder/util_seq.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_util_seq(CLI::App& util) {
  struct Options {
    SfinderValues sfinder;
    bool force = false;
  };
  auto o = std::make_shared<Options>();
  auto* s = util.add_subcommand(
      "seq", "Expand patterns into sequences, through hold, with filters (sfinder's util seq)");
  s->footer(
      "sfinder's spellings work as in sfinder: -ne EXPR, -hh no, -M backward-and-pass, "
      "-n 'T=2 hold<=1'. Without -p the patterns come from input/patterns.txt.");
  use_sfinder_help(*s);
  add_sfinder_options(*s, sfinder::seq_options(), o->sfinder);
  add_force_flag(*s, o->force);
  on_run(*s, [o](const RunContext&) {
    return sfinder::run_util_seq(option_values(o->sfinder), o->force);
  });
}

void setup_tetris_util_fumen(CLI::App& util) {
  auto values = std::make_shared<SfinderValues>();
  auto* f = util.add_subcommand(
      "fumen",
      "Rewrite fumens: reduce to one page, remove comments, or filter out a piece (sfinder's "
      "util fumen)");
  f->footer(
      "sfinder's spellings work as in sfinder: -M reduce, -t FUMEN FUMEN ... (several after one "
      "-t), -f T, -fp FILE, -lp FILE. Without -t the fumens come from input/field.txt, one a "
      "line; the lines are also written to output/last_output.txt.");
  use_sfinder_help(*f);
  add_sfinder_options(*f, sfinder::util_fumen_options(), *values);
  on_run(*f,
         [values](const RunContext&) { return sfinder::run_util_fumen(option_values(*values)); });
}

}  // namespace manyworlds::cli
