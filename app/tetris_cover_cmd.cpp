// `manyworlds tetris cover`: solution-finder 1.43's cover (which sequences of a pattern build
// each of several setups), with its options, its report, its log and its cover.csv
// (tetris/sfinder/cover.hpp).

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/tetris/sfinder/cover.hpp"
#include "sfinder_args.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace sfinder = tetris::sfinder;

void setup_tetris_cover(CLI::App& tetris) {
  struct Options {
    SfinderValues sfinder;
    std::string method = "optimized";
    int threads = 0;
    bool force = false;
  };
  auto o = std::make_shared<Options>();
  auto* c = tetris.add_subcommand(
      "cover",
      "Share of a pattern's sequences that build each of several setups (sfinder's cover)");
  c->footer(
      "sfinder's spellings work as in sfinder: -sb 1, -ms 0, -mc 2, -pp FILE, -fp FILE, -lp FILE, "
      "-t A B C (several setups after one -t), --mirr (a prefix), -M=tsd. Without -t the setups "
      "come from input/field.txt, without -p the patterns from input/patterns.txt; the report is "
      "also written to output/last_output.txt and the table to output/cover.csv.");
  add_sfinder_options(*c, sfinder::cover_options(), o->sfinder);
  c->add_option("--method", o->method, "optimized (default) or direct (sfinder's own search)");
  c->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  add_force_flag(*c, o->force);
  on_run(*c, [o](const RunContext& context) {
    sfinder::CoverRequest request;
    request.options = option_values(o->sfinder);
    request.method = sfinder::parse_cover_method(o->method);
    request.threads = resolve_threads(o->threads);
    request.force = o->force;
    request.progress = context.progress && !context.json;
    return sfinder::run_cover(request);
  });
}

}  // namespace manyworlds::cli
