// `manyworlds tetris fig` and `tetris util fig` (the same verb under sfinder's name):
// solution-finder's `util fig` (tetris/sfinder/util_fig.hpp). Options keep sfinder's names, and
// its spellings (-fp, -lp, -tetfu, --tet, -s2, ...) are rewritten by the registry's sfinder
// table (sfinder::fig_options(), app/sfinder_args.hpp) before these options are read.

#include <memory>
#include <string>

#include "cli.hpp"
#include "manyworlds/tetris/sfinder/util_fig.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

namespace {

void add_fig_verb(CLI::App& parent, const std::string& help) {
  auto o = std::make_shared<tetris::sfinder::FigRequest>();
  auto* sub = parent.add_subcommand("fig", help);
  sub->add_option("fumen", o->fumen, "Fumen data (v115@..., a URL; - for stdin); or -t");
  sub->add_option("-t,--tetfu", o->tetfu, "Fumen data (sfinder's -t; - for stdin)");
  sub->add_option("--field-path", o->field_path,
                  "-fp: file whose first line is the fumen (default input/field.txt)");
  sub->add_option("-F,--format", o->format,
                  "gif (default): one animated GIF; png: one file per page; svg: one file per "
                  "page; html: one page of inline SVG");
  sub->add_option("-f,--frame", o->frame,
                  "basic (default: hold left, next right), right (both right) or no (field only)");
  sub->add_option("-o,--output", o->output,
                  "Output path (default output/fig.gif; the extension follows the format; png "
                  "and svg pages go to a date folder beside it, as sfinder's)");
  sub->add_option("-s,--start", o->start, "First page drawn (default 1)");
  sub->add_option("-e,--end", o->end, "Last page drawn (default -1: the last page)");
  sub->add_option("-l,--line", o->line,
                  "Field rows shown, 1..23 (default -1: the highest block + 1; grown to fit "
                  "the next boxes)");
  sub->add_option("-n,--next", o->next, "Next boxes, 0..14 (default 5)");
  sub->add_option("-d,--delay", o->delay, "GIF frame time in hundredths of a second (default 30)");
  sub->add_option("-L,--loop", o->loop, "GIF loops forever: true (default) or false");
  sub->add_option("-H,--hold", o->hold,
                  "visible (default; shown only when a quiz comment gives a hold) or hidden");
  sub->add_option("-c,--color", o->color,
                  "Theme: default, fumen, four, mipi, theme/NAME.properties, or a .properties "
                  "file");
  sub->add_option("--log-path", o->log_path, "-lp: also write a log of the files here");
  sub->add_flag("--no-date-folder", o->no_date_folder,
                "png/svg: write the pages beside --output instead of in a new date folder");
  on_run(*sub, [o](const RunContext&) { return tetris::sfinder::run_fig(*o); });
}

}  // namespace

void setup_tetris_fig(CLI::App& tetris) {
  add_fig_verb(tetris,
               "Draw fumen pages as an animated GIF or PNG files (sfinder's util fig), or "
               "SVG/HTML");
}

void setup_tetris_util_fig(CLI::App& util) {
  add_fig_verb(util, "The same as `tetris fig`, under sfinder's name (util fig)");
}

}  // namespace manyworlds::cli
