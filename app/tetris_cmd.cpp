// `manyworlds tetris show`, `moves` and `patterns`: a fumen page, the placements of a piece on
// it, the sequences of patterns (tetris/board/inspect.hpp).

#include <unistd.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/tetris/board/inspect.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

void setup_tetris_show(CLI::App& tetris) {
  auto o = std::make_shared<tetris::ShowRequest>();
  auto* s = tetris.add_subcommand("show", "Show a fumen page's field (page piece in lower case)");
  s->add_option("fumen", o->fumen, "Fumen data (v115@..., d115@, m115@, a URL; - for stdin)")
      ->required();
  s->add_option("-P,--page", o->page, "Page, from 1 (1)");
  on_run(*s, [o](const RunContext&) {
    o->color = isatty(STDOUT_FILENO) != 0;
    return tetris::show(*o);
  });
}

void setup_tetris_moves(CLI::App& tetris) {
  auto o = std::make_shared<tetris::MovesRequest>();
  auto* m = tetris.add_subcommand(
      "moves", "Every distinct reachable placement of a piece on a fumen page's field");
  m->add_option("fumen", o->fumen, "Fumen data (v115@..., d115@, m115@, a URL; - for stdin)")
      ->required();
  m->add_option("--piece", o->piece, "The piece: T I L J S Z O")->required();
  m->add_option("-d,--drop", o->drop, "softdrop (default), harddrop, 180 or t-softdrop");
  m->add_option("-K,--kicks", o->kicks,
                "srs (default), nokicks, nullpomino180, srsplus, jstris180, or @FILE / a path: "
                "a kick table in sfinder's properties format");
  m->add_option("-c,--clear-line", o->clear_line,
                "Placements lie below this row, as sfinder's -c (default 24: the whole field)");
  m->add_option("-P,--page", o->page, "Page, from 1 (1)");
  m->add_flag("--fumen", o->fumen_pages, "Print the placements as fumen pages (one per page)");
  on_run(*m, [o](const RunContext&) { return tetris::moves(*o); });
}

void setup_tetris_patterns(CLI::App& tetris) {
  auto o = std::make_shared<tetris::PatternsRequest>();
  auto* sub = tetris.add_subcommand(
      "patterns",
      "Count (and list) the piece sequences of sfinder patterns (T, *, *p4, [SZ]p2, ...)");
  sub->add_option("pattern", o->pattern, "Pattern(s), several joined with ';'");
  sub->add_option("-f,--file", o->file, "Patterns file: one per line, '#' comments (- for stdin)");
  sub->add_flag("--list", o->list,
                "Also list the distinct sequences (at most 1,000,000 without --force)");
  sub->add_option("--length", o->length, "Truncate every sequence to this many pieces");
  add_force_flag(*sub, o->force);
  on_run(*sub, [o](const RunContext&) { return tetris::count_patterns(*o); });
}

}  // namespace manyworlds::cli
