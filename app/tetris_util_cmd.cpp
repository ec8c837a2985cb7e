// `manyworlds tetris util seq` (sfinder's util seq: patterns expanded into sequences, through
// hold forwards or backwards, filtered; tetris/sfinder/util_seq.hpp).

#include <memory>

#include "cli.hpp"
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

}  // namespace manyworlds::cli
