#include "manyworlds/tetris/board/inspect.hpp"

#include <algorithm>
#include <array>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/spin.hpp"

namespace manyworlds::tetris {
namespace {

// ANSI background colours per fumen colour (empty, I L O Z T J S, gray).
constexpr std::array<const char*, 9> kAnsi = {"",          "\x1b[46m", "\x1b[43m",
                                              "\x1b[103m", "\x1b[41m", "\x1b[45m",
                                              "\x1b[44m",  "\x1b[42m", "\x1b[47m"};

// A row of the page, the page's piece in lower case.
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

int top_row(const fumen::Page& page) {
  return std::max({page.merged().height(), page.field.height(), 1});
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

Piece parse_piece(const std::string& text) {
  if (text.size() == 1) {
    if (auto p = piece_from_letter(text[0])) return *p;
  }
  throw InputError(fmt::format("moves: unknown piece '{}' (expected one of T I L J S Z O)", text));
}

// The placements as fumen pages over the field's cells (gray where the field has no colour),
// each page with its piece and a comment "i/n P rotation x= y=".
std::string placement_pages(const fumen::Page& page, const Field& field,
                            const std::vector<Placement>& placements) {
  fumen::ColorField base;
  for (int y = 0; y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color c = page.field.at(x, y);
      if (!field.filled(x, y)) continue;
      base.set(x, y, c == fumen::Color::Empty ? fumen::Color::Gray : c);
    }
  }
  std::vector<fumen::Page> pages;
  std::size_t i = 0;
  for (const Placement& p : placements) {
    fumen::Page out;
    out.field = base;
    out.piece = p;
    out.flags.lock = false;
    out.comment = fmt::format("{}/{} {} {} x={} y={}", ++i, placements.size(),
                              piece_letter(p.piece), rotation_name(p.rotation), p.x, p.y);
    pages.push_back(out);
  }
  if (pages.empty()) {
    fumen::Page out;
    out.field = base;
    out.comment = "no placement";
    pages.push_back(out);
  }
  return fumen::encode(pages);
}

}  // namespace

std::string fumen_argument(const std::string& argument) {
  if (argument == "-") return std::string(trim(read_text("-")));
  return argument;
}

ShowResult show(const ShowRequest& request) {
  std::vector<fumen::Page> pages = fumen::decode(fumen_argument(request.fumen));
  if (request.page < 1 || std::size_t(request.page) > pages.size()) {
    throw InputError(fmt::format("fumen: page {} out of range (the data has {} page{})",
                                 request.page, pages.size(), pages.size() == 1 ? "" : "s"));
  }
  return {pages[std::size_t(request.page) - 1], request.page, pages.size(), request.color};
}

void write_text(fmt::memory_buffer& out, const ShowResult& r) {
  const fumen::Page& page = r.page;
  append(out, "page {}/{}", r.number, r.pages);
  if (!page.comment.empty()) append(out, "  comment: {}", page.comment);
  append(out, "\n");
  if (page.piece) {
    append(out,
           "piece: {} {} at ({}, {}) (lower case below; merged into the field as sfinder "
           "reads it)\n",
           piece_letter(page.piece->piece), rotation_name(page.piece->rotation), page.piece->x,
           page.piece->y);
  }
  for (int y = top_row(page) - 1; y >= 0; --y) {
    append(out, "{:>2} |{}|\n", y, row_text(page, y, r.color));
  }
  if (!page.field.garbage_empty()) {
    append(out, "   +----------+\n{:>2} |{}|  (garbage row)\n", -1, row_text(page, -1, r.color));
  } else {
    append(out, "   +----------+\n");
  }
}

void to_json(Json& out, const ShowResult& r) {
  const fumen::Page& page = r.page;
  int top = top_row(page);
  Json rows = Json::array();
  for (int y = top - 1; y >= 0; --y) rows.push_back(row_text(page, y, false));
  std::string garbage;
  for (int x = 0; x < kWidth; ++x) garbage += fumen::color_letter(page.field.at(x, -1));
  Field merged = page.merged();
  out = {{"page", r.number},
         {"pages", r.pages},
         {"comment", page.comment},
         {"piece", page.piece ? placement_json(*page.piece) : Json(nullptr)},
         {"flags",
          {{"lock", page.flags.lock},
           {"mirror", page.flags.mirror},
           {"colorize", page.flags.colorize},
           {"rise", page.flags.rise},
           {"quiz", page.flags.quiz}}},
         {"height", merged.height()},
         {"rows", rows},
         {"garbage", garbage},
         {"field", merged.to_string(top, '/')}};
}

MovesResult moves(const MovesRequest& request) {
  MovesResult r;
  r.piece = parse_piece(request.piece);
  r.drop = placing_drop(parse_drop_type(request.drop, "moves", DropWords::Placing));
  if (request.clear_line < 1 || request.clear_line > kMaxHeight) {
    throw InputError(
        fmt::format("moves: --clear-line {} out of range 1..{}", request.clear_line, kMaxHeight));
  }
  r.clear_line = request.clear_line;
  r.page = request.page;
  KickTable kicks = load_kicks(request.kicks);
  r.kicks = kicks.name();
  MoveGenerator gen(kicks, r.drop);
  fumen::Page page = fumen::decode_page(fumen_argument(request.fumen), request.page);
  r.field = page.merged();
  auto list = std::make_unique<MoveList>();
  gen.generate(r.field, r.piece, r.clear_line, *list);
  r.placements.assign(list->begin(), list->end());
  if (request.fumen_pages) r.fumen = placement_pages(page, r.field, r.placements);
  return r;
}

void write_text(fmt::memory_buffer& out, const MovesResult& r) {
  if (r.fumen) {
    append(out, "{}\n", *r.fumen);
    return;
  }
  append(out, "{} placement{} of {} ({}, kicks {}, below row {})\n", r.placements.size(),
         r.placements.size() == 1 ? "" : "s", piece_letter(r.piece), drop_name(r.drop), r.kicks,
         r.clear_line);
  for (const Placement& p : r.placements) {
    append(out, "{} {:<7} x={} y={:<2} cells", piece_letter(p.piece), rotation_name(p.rotation),
           p.x, p.y);
    for (const Cell& c : shape(p.piece, p.rotation).cells) {
      append(out, " ({},{})", p.x + c.x, p.y + c.y);
    }
    append(out, "\n");
  }
}

void to_json(Json& out, const MovesResult& r) {
  Json placements = Json::array();
  for (const Placement& p : r.placements) placements.push_back(placement_json(p));
  out = {{"piece", std::string(1, piece_letter(r.piece))},
         {"drop", std::string(drop_name(r.drop))},
         {"kicks", r.kicks},
         {"clear_line", r.clear_line},
         {"page", r.page},
         {"field", r.field.to_string(std::max(r.field.height(), 1), '/')},
         {"count", r.placements.size()},
         {"placements", placements}};
  if (r.fumen) out["fumen"] = *r.fumen;
}

PatternsResult count_patterns(const PatternsRequest& request) {
  if (request.pattern.empty() == request.file.empty()) {
    throw UsageError("tetris patterns: give a PATTERN or --file FILE (one of them)");
  }
  PatternsResult r;
  r.list = request.list;
  r.patterns = parse_patterns(request.file.empty() ? request.pattern : read_text(request.file));
  r.length = r.patterns.front().length();
  if (request.length != 0) {
    if (request.length < 1 || request.length > r.length) {
      throw InputError(fmt::format("--length {} out of range 1..{}", request.length, r.length));
    }
    r.length = request.length;
  }
  r.with_duplicates = count_with_duplicates(r.patterns);
  std::uint64_t limit = request.force ? 200'000'000 : kPatternsListLimit;
  // Distinct sequences need the enumeration: skipped for huge sets unless listing (--force).
  if (request.list || r.with_duplicates <= limit) {
    r.distinct = enumerate(r.patterns, r.length, limit);
  }
  return r;
}

void write_text(fmt::memory_buffer& out, const PatternsResult& r) {
  int full = r.patterns.front().length();
  std::string truncated = r.length != full ? fmt::format(" after truncation to {}", r.length) : "";
  if (r.distinct) {
    append(out, "{} sequences of {} pieces ({} distinct{})\n", r.with_duplicates, full,
           r.distinct->size(), truncated);
  } else {
    append(out, "{} sequences of {} pieces\n", r.with_duplicates, full);
  }
  if (!r.list) return;
  for (const auto& s : *r.distinct) append(out, "{}\n", s.to_string());
}

void to_json(Json& out, const PatternsResult& r) {
  out = {{"patterns", Json::array()},
         {"length", r.length},
         {"count", r.with_duplicates},
         {"distinct", r.distinct ? Json(r.distinct->size()) : Json(nullptr)}};
  for (const auto& p : r.patterns) out["patterns"].push_back(p.text);
  if (r.list) {
    Json list = Json::array();
    for (const auto& s : *r.distinct) list.push_back(s.to_string());
    out["sequences"] = list;
  }
}

}  // namespace manyworlds::tetris
