// `manyworlds tetris`: the Tetris core's verbs `show` and `moves`; the other verbs (patterns,
// percent, setup-percent) join through the hooks of tetris_cmd.hpp.

#include "tetris_cmd.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "workload.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;

// The fumen argument: the text itself, or "-" for standard input.
std::string fumen_text(const std::string& arg) {
  if (arg == "-") return std::string(trim(read_text("-")));
  return arg;
}

Json placement_json(const Placement& p) {
  Json cells = Json::array();
  for (const Cell& c : shape(p.piece, p.rotation).cells) cells.push_back({p.x + c.x, p.y + c.y});
  return {{"piece", std::string(1, piece_letter(p.piece))},
          {"rotation", std::string(rotation_name(p.rotation))},
          {"x", p.x},
          {"y", p.y},
          {"cells", cells}};
}

// ---- show -------------------------------------------------------------------------------

struct ShowOptions {
  std::string fumen;
  int page = 1;
  bool json = false;
  bool color = false;
};

// ANSI background colours per fumen colour (empty, I L O Z T J S, gray).
constexpr std::array<const char*, 9> kAnsi = {"",          "\x1b[46m", "\x1b[43m",
                                              "\x1b[103m", "\x1b[41m", "\x1b[45m",
                                              "\x1b[44m",  "\x1b[42m", "\x1b[47m"};

std::string row_text(const fumen::Page& page, int y, bool color) {
  std::string s;
  for (int x = 0; x < kWidth; ++x) {
    fumen::Color c = page.field.at(x, y);
    bool piece_cell = false;
    if (page.piece) {
      for (const Cell& cell : shape(page.piece->piece, page.piece->rotation).cells) {
        piece_cell = piece_cell || (page.piece->x + cell.x == x && page.piece->y + cell.y == y);
      }
    }
    if (piece_cell) c = fumen::piece_color(page.piece->piece);
    char ch = c == fumen::Color::Empty ? '.' : fumen::color_letter(c);
    if (piece_cell) ch = char(ch - 'A' + 'a');
    if (color && c != fumen::Color::Empty) {
      s += fmt::format("{}{}\x1b[0m", kAnsi[int(c)], ch);
    } else {
      s += ch;
    }
  }
  return s;
}

void run_show(const ShowOptions& o) {
  std::vector<fumen::Page> pages = fumen::decode(fumen_text(o.fumen));
  if (o.page < 1 || std::size_t(o.page) > pages.size()) {
    throw InputError(fmt::format("fumen: page {} out of range (the data has {} page{})", o.page,
                                 pages.size(), pages.size() == 1 ? "" : "s"));
  }
  const fumen::Page& page = pages[std::size_t(o.page) - 1];
  Field merged = page.merged();
  int top = std::max({merged.height(), page.field.height(), 1});
  if (o.json) {
    Json rows = Json::array();
    for (int y = top - 1; y >= 0; --y) rows.push_back(row_text(page, y, false));
    Json piece = nullptr;
    if (page.piece) piece = placement_json(*page.piece);
    std::string garbage;
    for (int x = 0; x < kWidth; ++x) garbage += fumen::color_letter(page.field.at(x, -1));
    print_json({{"page", o.page},
                {"pages", pages.size()},
                {"comment", page.comment},
                {"piece", piece},
                {"flags",
                 {{"lock", page.flags.lock},
                  {"mirror", page.flags.mirror},
                  {"colorize", page.flags.colorize},
                  {"rise", page.flags.rise},
                  {"quiz", page.flags.quiz}}},
                {"height", merged.height()},
                {"rows", rows},
                {"garbage", garbage},
                {"field", merged.to_string(top, '/')}});
    return;
  }
  fmt::print("page {}/{}", o.page, pages.size());
  if (!page.comment.empty()) fmt::print("  comment: {}", page.comment);
  fmt::print("\n");
  if (page.piece) {
    fmt::print(
        "piece: {} {} at ({}, {}) (lower case below; merged into the field as sfinder "
        "reads it)\n",
        piece_letter(page.piece->piece), rotation_name(page.piece->rotation), page.piece->x,
        page.piece->y);
  }
  for (int y = top - 1; y >= 0; --y) fmt::print("{:>2} |{}|\n", y, row_text(page, y, o.color));
  if (!page.field.garbage_empty()) {
    fmt::print("   +----------+\n{:>2} |{}|  (garbage row)\n", -1, row_text(page, -1, o.color));
  } else {
    fmt::print("   +----------+\n");
  }
}

// ---- moves ------------------------------------------------------------------------------

struct MovesOptions {
  std::string fumen;
  int page = 1;
  std::string piece;
  std::string drop = "softdrop";
  std::string kicks = "srs";
  int clear_line = kMaxHeight;
  bool json = false;
  bool fumen_out = false;
};

Piece parse_piece_option(const std::string& text) {
  if (text.size() == 1) {
    if (auto p = piece_from_letter(text[0])) return *p;
  }
  throw InputError(fmt::format("moves: unknown piece '{}' (expected one of T I L J S Z O)", text));
}

void run_moves(const MovesOptions& o) {
  Piece piece = parse_piece_option(o.piece);
  Drop drop = parse_drop(o.drop);
  if (o.clear_line < 1 || o.clear_line > kMaxHeight) {
    throw InputError(
        fmt::format("moves: --clear-line {} out of range 1..{}", o.clear_line, kMaxHeight));
  }
  KickTable kicks = load_kicks(o.kicks);
  MoveGenerator gen(kicks, drop);
  fumen::Page page = fumen::decode_page(fumen_text(o.fumen), o.page);
  Field field = page.merged();
  auto list = std::make_unique<MoveList>();
  gen.generate(field, piece, o.clear_line, *list);

  std::string pages_fumen;
  if (o.fumen_out) {
    std::vector<fumen::Page> pages;
    fumen::ColorField base;
    for (int y = 0; y < fumen::kFieldHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        fumen::Color c = page.field.at(x, y);
        if (!field.filled(x, y)) continue;
        base.set(x, y, c == fumen::Color::Empty ? fumen::Color::Gray : c);
      }
    }
    std::size_t i = 0;
    for (const Placement& p : *list) {
      fumen::Page out;
      out.field = base;
      out.piece = p;
      out.flags.lock = false;
      out.comment = fmt::format("{}/{} {} {} x={} y={}", ++i, list->size(), piece_letter(p.piece),
                                rotation_name(p.rotation), p.x, p.y);
      pages.push_back(out);
    }
    if (pages.empty()) {
      fumen::Page out;
      out.field = base;
      out.comment = "no placement";
      pages.push_back(out);
    }
    pages_fumen = fumen::encode(pages);
  }

  if (o.json) {
    Json placements = Json::array();
    for (const Placement& p : *list) placements.push_back(placement_json(p));
    Json out = {{"piece", std::string(1, piece_letter(piece))},
                {"drop", std::string(drop_name(drop))},
                {"kicks", kicks.name()},
                {"clear_line", o.clear_line},
                {"page", o.page},
                {"field", field.to_string(std::max(field.height(), 1), '/')},
                {"count", list->size()},
                {"placements", placements}};
    if (o.fumen_out) out["fumen"] = pages_fumen;
    print_json(out);
    return;
  }
  if (o.fumen_out) {
    fmt::print("{}\n", pages_fumen);
    return;
  }
  fmt::print("{} placement{} of {} ({}, kicks {}, below row {})\n", list->size(),
             list->size() == 1 ? "" : "s", piece_letter(piece), drop_name(drop), kicks.name(),
             o.clear_line);
  for (const Placement& p : *list) {
    std::string cells;
    for (const Cell& c : shape(p.piece, p.rotation).cells) {
      cells += fmt::format(" ({},{})", p.x + c.x, p.y + c.y);
    }
    fmt::print("{} {:<7} x={} y={:<2} cells{}\n", piece_letter(p.piece), rotation_name(p.rotation),
               p.x, p.y, cells);
  }
}

}  // namespace

void setup_tetris(CLI::App& app) {
  auto* tetris = app.add_subcommand(
      "tetris", "Tetris (solution-finder conventions): fields, placements, fumen, success rates");
  tetris->require_subcommand(1);

  auto show = std::make_shared<ShowOptions>();
  auto* s = tetris->add_subcommand("show", "Show a fumen page's field (page piece in lower case)");
  s->add_option("fumen", show->fumen, "Fumen data (v115@..., d115@, m115@, a URL; - for stdin)")
      ->required();
  s->add_option("-P,--page", show->page, "Page, from 1 (1)");
  add_json_flag(*s, show->json);
  s->callback([show] {
    show->color = isatty(STDOUT_FILENO) != 0;
    run_show(*show);
  });

  auto moves = std::make_shared<MovesOptions>();
  auto* m = tetris->add_subcommand(
      "moves", "Every distinct reachable placement of a piece on a fumen page's field");
  m->add_option("fumen", moves->fumen, "Fumen data (v115@..., d115@, m115@, a URL; - for stdin)")
      ->required();
  m->add_option("--piece", moves->piece, "The piece: T I L J S Z O")->required();
  m->add_option("-d,--drop", moves->drop, "softdrop (default), harddrop, 180 or t-softdrop");
  m->add_option("-K,--kicks", moves->kicks,
                "srs (default), nokicks, nullpomino180, or @FILE / a path: a kick table in "
                "sfinder's properties format");
  m->add_option("-c,--clear-line", moves->clear_line,
                "Placements lie below this row, as sfinder's -c (default 24: the whole field)");
  m->add_option("-P,--page", moves->page, "Page, from 1 (1)");
  m->add_flag("--fumen", moves->fumen_out, "Print the placements as fumen pages (one per page)");
  add_json_flag(*m, moves->json);
  m->callback([moves] { run_moves(*moves); });

  if (setup_tetris_patterns) setup_tetris_patterns(*tetris);
  if (setup_tetris_percent) setup_tetris_percent(*tetris);
  if (setup_tetris_fig) setup_tetris_fig(*tetris);
  if (setup_tetris_path) setup_tetris_path(*tetris);
  if (setup_tetris_cover) setup_tetris_cover(*tetris);
  if (setup_tetris_util_seq) {
    auto* util = tetris->add_subcommand("util", "sfinder's utilities: seq");
    util->require_subcommand(1);
    setup_tetris_util_seq(*util);
  }
}

}  // namespace manyworlds::cli
