#include "manyworlds/tetris/sfinder/setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/sfinder/html.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/path_files.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// The options' sources, the command line first (sfinder's PriorityCommandLineWrapper).
struct Given {
  const OptionValues& command_line;
  const OptionValues& second;  // the fumen comment's options (empty for a text field)

  std::optional<std::string> first(std::string_view name) const {
    if (auto v = command_line.first(name)) return v;
    return second.first(name);
  }
  std::vector<std::string> all(std::string_view name) const {
    auto v = command_line.all(name);
    return v.empty() ? second.all(name) : v;
  }
  bool yes_no(std::string_view name, bool fallback) const {
    auto v = first(name);
    if (!v) return fallback;
    auto b = java_bool(*v);
    if (!b) {
      throw InputError(fmt::format(
          "setup: --{} '{}' is not a yes/no word (yes, no, true, false, use, avoid, ...)", name,
          *v));
    }
    return *b;
  }
};

std::optional<int> integer_option(const OptionValues& values, std::string_view name) {
  auto v = values.first(name);
  if (!v) return std::nullopt;
  auto n = java_int(*v);
  if (!n) throw InputError(fmt::format("setup: --{} '{}' is not an integer", name, *v));
  return n;
}

// ---- colours -------------------------------------------------------------------------------

// One of sfinder's colour words (SetupSettings.parseToColor): a piece colour, or no colour
// (gray, none: matches no cell); nullopt when it is not a word.
std::optional<std::optional<fumen::Color>> colour_word(std::string_view word) {
  const std::string w = lower(java_trim(word));
  struct Word {
    std::string_view text;
    std::optional<fumen::Color> colour;
  };
  static const Word kWords[] = {
      {"i", fumen::Color::I}, {"cyan", fumen::Color::I},   {"cy", fumen::Color::I},
      {"j", fumen::Color::J}, {"blue", fumen::Color::J},   {"bl", fumen::Color::J},
      {"l", fumen::Color::L}, {"orange", fumen::Color::L}, {"or", fumen::Color::L},
      {"o", fumen::Color::O}, {"yellow", fumen::Color::O}, {"ye", fumen::Color::O},
      {"s", fumen::Color::S}, {"green", fumen::Color::S},  {"gr", fumen::Color::S},
      {"t", fumen::Color::T}, {"purple", fumen::Color::T}, {"pu", fumen::Color::T},
      {"z", fumen::Color::Z}, {"red", fumen::Color::Z},    {"re", fumen::Color::Z},
      {"x", std::nullopt},    {"g", std::nullopt},         {"gray", std::nullopt},
      {"none", std::nullopt}, {"null", std::nullopt},      {"empty", std::nullopt},
  };
  for (const Word& k : kWords) {
    if (k.text == w) return k.colour;
  }
  return std::nullopt;
}

// A colour option: one word, or one word per character ("io", "IJLOSZT").
std::vector<fumen::Color> parse_colours(std::string_view value, std::string_view option) {
  std::vector<fumen::Color> out;
  if (auto c = colour_word(value)) {
    if (*c) out.push_back(**c);
    return out;
  }
  for (char ch : value) {
    auto c = colour_word(std::string_view(&ch, 1));
    if (!c) {
      throw InputError(fmt::format(
          "setup: --{} '{}' is not a colour (i, j, l, o, s, t, z, their names such as cyan, or "
          "several letters such as io)",
          option, value));
    }
    if (*c) out.push_back(**c);
  }
  return out;
}

std::vector<fumen::Color> colours_of(const OptionValues& command_line, std::string_view option) {
  auto v = command_line.first(option);
  return v ? parse_colours(*v, option) : std::vector<fumen::Color>{};
}

bool has_colour(const std::vector<fumen::Color>& list, fumen::Color c) {
  return std::find(list.begin(), list.end(), c) != list.end();
}

// ---- the field -----------------------------------------------------------------------------

// The report's rows: X init, * fill, + free, _ blocked, . margin.
std::vector<std::string> field_rows(const SetupField& f) {
  std::vector<std::string> rows;
  for (int y = f.height - 1; y >= 0; --y) {
    std::string row;
    for (int x = 0; x < kWidth; ++x) {
      row += f.init.filled(x, y)      ? 'X'
             : f.fill.filled(x, y)    ? '*'
             : f.free.filled(x, y)    ? '+'
             : f.blocked.filled(x, y) ? '_'
                                      : '.';
    }
    rows.push_back(row);
  }
  return rows;
}

void check_field_height(int height) {
  if (height < 1 || height > kMaxSetupHeight) {
    throw InputError(fmt::format("setup: max height {} out of range (1 to {}; see --line)", height,
                                 kMaxSetupHeight));
  }
}

// A fumen page's cells by colour (SetupSettingParser.loadTetfu): free, fill, margin, in that
// priority; other empty cells are blocked, gray and other colours are blocks.
SetupField field_from_colours(const fumen::ColorField& colours, const OptionValues& command_line) {
  const std::vector<fumen::Color> fill = colours_of(command_line, "fill");
  const std::vector<fumen::Color> free = colours_of(command_line, "free");
  const std::vector<fumen::Color> margin = colours_of(command_line, "margin");
  SetupField f;
  f.height = integer_option(command_line, "line").value_or(colours.height());
  for (int y = 0; y < std::min(f.height, fumen::kFieldHeight); ++y) {
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color c = colours.at(x, y);
      if (has_colour(free, c)) {
        f.free.set(x, y);
      } else if (has_colour(fill, c)) {
        f.fill.set(x, y);
      } else if (has_colour(margin, c)) {
        // may be covered
      } else if (c == fumen::Color::Empty) {
        f.blocked.set(x, y);
      } else {
        f.init.set(x, y);
        f.blocked.set(x, y);
      }
    }
  }
  return f;
}

// A field file's marks (SetupSettingParser, the text branch): an optional first line with the
// max height (then --line is not read), rows of 10: * fill, + free, . margin, _ or space blocked,
// X a block; any other mark is a block that sfinder still lets pieces cover (they then fail the
// build check). Rows between the marks and the max height may be covered.
SetupField field_from_marks(const std::vector<std::string>& lines, std::string_view name,
                            int& boards) {
  std::size_t first = 0;
  std::optional<int> forced = java_int(lines[0]);
  if (forced) first = 1;
  std::string marks;
  for (std::size_t i = first; i < lines.size(); ++i) marks += lines[i];
  if (marks.size() % 10 != 0) {
    throw InputError(fmt::format("setup: field file {}: {} marks in the rows, not a multiple of 10",
                                 name, marks.size()));
  }
  const int rows = int(marks.size() / 10);
  if (rows > 12) {
    throw InputError(
        fmt::format("setup: field file {}: {} rows, at most 12 (sfinder's limit)", name, rows));
  }
  boards = rows <= 6 ? 1 : 2;
  auto mark = [&](int x, int y) { return marks[std::size_t((rows - 1 - y) * 10 + x)]; };
  int used = 0;
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (mark(x, y) != '_' && mark(x, y) != ' ') used = std::max(used, y + 1);
    }
  }
  SetupField f;
  f.height = forced.value_or(used);
  for (int y = 0; y < std::min(rows, std::max(f.height, 0)); ++y) {
    for (int x = 0; x < kWidth; ++x) {
      switch (mark(x, y)) {
        case '*':
          f.fill.set(x, y);
          break;
        case '+':
          f.free.set(x, y);
          break;
        case '.':
          break;
        case '_':
        case ' ':
          f.blocked.set(x, y);
          break;
        case 'X':
          f.init.set(x, y);
          f.blocked.set(x, y);
          break;
        default:
          f.init.set(x, y);
          break;
      }
    }
  }
  return f;
}

// ---- operations ----------------------------------------------------------------------------

std::optional<Rotation> rotation_word(std::string_view word) {
  if (word == "0" || word == "spawn") return Rotation::North;
  if (word == "r" || word == "right") return Rotation::East;
  if (word == "2" || word == "reverse") return Rotation::South;
  if (word == "l" || word == "left") return Rotation::West;
  return std::nullopt;
}

std::string_view rotation_enum(Rotation r) {
  static constexpr std::string_view kNames[] = {"SPAWN", "RIGHT", "REVERSE", "LEFT"};
  return kNames[int(r)];
}

// One --operate value (SetupSettings.setAddOperations), and its report name.
std::pair<FieldOperation, std::string> parse_operation(std::string_view raw) {
  std::string value;
  for (char c : java_trim(raw)) {
    if (c != ' ') value += c;
  }
  std::size_t open = value.find('(');
  std::size_t close = open == std::string::npos ? open : value.find(')', open + 1);
  if (close == std::string::npos) {
    throw InputError(fmt::format(
        "setup: --operate '{}' is not an operation: row(y), clear(), block(x,y) or a piece such "
        "as T-Reverse(x,y)",
        value));
  }
  const std::string command = value.substr(0, open);
  const std::string args = value.substr(open + 1, close - open - 1);
  auto bad = [&](std::string_view why) {
    return InputError(fmt::format("setup: --operate '{}': {}", value, why));
  };
  auto x_y = [&](FieldOperation& op) {
    std::vector<std::string> parts = java_split(args, ',');
    if (parts.size() < 2) throw bad("give x and y: (x,y)");
    auto x = java_int(parts[0]), y = java_int(parts[1]);
    if (!x || !y) throw bad("x and y must be integers");
    if (*x < 0 || *x >= kWidth) throw bad("x must be 0 to 9");
    if (*y < 0) throw bad("y must not be negative");
    op.x = *x;
    op.y = *y;
  };
  FieldOperation op;
  const std::string name = lower(command);
  if (name == "row") {
    auto y = java_int(args);
    if (!y) throw bad("row(y) takes an integer");
    if (*y < 0) throw bad("y must not be negative");
    op.kind = FieldOperation::Kind::Row;
    op.y = *y;
    return {op, fmt::format("Row({})", op.y)};
  }
  if (name == "clear") {
    op.kind = FieldOperation::Kind::Clear;
    return {op, "Clear"};
  }
  if (name == "block") {
    op.kind = FieldOperation::Kind::Block;
    x_y(op);
    return {op, fmt::format("Block({},{})", op.x, op.y)};
  }
  std::optional<Piece> piece = command.empty() ? std::nullopt : piece_from_letter(command[0]);
  if (!piece) throw bad("not row, clear, block or a piece T I L J S Z O");
  std::size_t dash = command.find('-');
  if (dash == std::string::npos) throw bad("a piece needs its rotation: T-Reverse(x,y)");
  std::vector<std::string> split = java_split(command, '-');
  std::optional<Rotation> rotation =
      split.size() > 1 ? rotation_word(lower(split[1])) : std::nullopt;
  if (!rotation) throw bad("the rotation is one of 0/spawn, r/right, 2/reverse, l/left");
  op.kind = FieldOperation::Kind::Piece;
  op.piece = *piece;
  op.rotation = *rotation;
  x_y(op);
  return {op, fmt::format("{}-{}({},{})", piece_letter(op.piece), rotation_enum(op.rotation), op.x,
                          op.y)};
}

// ---- the files -----------------------------------------------------------------------------

// The field of the initial blocks and `pieces` (rows below H), each piece in its colour.
fumen::ColorField coloured(const SetupInput& in, const std::vector<PathPiece>& pieces) {
  fumen::ColorField f;
  for (int y = 0; y < in.field.height; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (in.field.init.filled(x, y)) f.set(x, y, fumen::Color::Gray);
    }
  }
  for (const PathPiece& p : pieces) {
    for (const Cell& c : p.cells()) f.set(c.x, c.y, fumen::piece_color(p.piece));
  }
  return f;
}

std::string letters(const std::vector<PathPiece>& pieces, const std::vector<int>& order) {
  std::string out;
  for (int i : order) out += piece_letter(pieces[std::size_t(i)].piece);
  return out;
}

std::string letters(const std::vector<PathPiece>& pieces) {
  std::string out;
  for (const PathPiece& p : pieces) out += piece_letter(p.piece);
  return out;
}

// The data of a sub solution's link: one page (OneFumenParser), or one page per piece (-s yes).
std::string link_data(const SetupInput& in, const SetupSub& s) {
  if (in.options.split) {
    std::vector<PathPiece> order;
    for (int i : s.split) order.push_back(s.pieces[std::size_t(i)]);
    return sequence_fumen(in.field.init, in.field.height, order);
  }
  fumen::Page page;
  page.field = coloured(in, s.pieces);
  page.comment = letters(s.pieces);
  return fumen::encode_sfinder({page});
}

// A solution's column (FieldHTMLColumn): the initial blocks and the solution's pieces.
HtmlColumn column_of(const SetupInput& in, const SetupSolution& solution) {
  Field f;
  for (int y = 0; y < in.field.height; ++y) f.set_row(y, in.field.init.row(y));
  for (const PathPiece& p : solution.key) {
    for (const Cell& c : p.cells()) f.set(c.x, c.y);
  }
  HtmlColumn column;
  for (int x = 0; x < kWidth; ++x) {
    int n = 0;
    for (int y = 0; y < in.field.height; ++y) n += f.filled(x, y);
    column.title += n < 10 ? char('0' + n) : '+';
  }
  for (int b = 0; b < in.boards; ++b) {
    std::uint64_t board = 0;
    for (int y = 6 * b; y < 6 * b + 6; ++y) board |= std::uint64_t(f.row(y)) << (10 * (y - 6 * b));
    column.id += fmt::format("{:x}_", board);
  }
  std::string rows;
  for (int y = in.field.height - 1; y >= 0; --y) {
    if (!rows.empty()) rows += "<br />";
    for (int x = 0; x < kWidth; ++x) rows += f.filled(x, y) ? 'X' : '_';
  }
  column.description = "<tt>" + rows + "</tt>";
  return column;
}

// The sub solutions of a solution as sfinder lists them: by build orders, most first.
std::vector<const SetupSub*> by_orders(const SetupSolution& s) {
  std::vector<const SetupSub*> out;
  for (const SetupSub& sub : s.subs) out.push_back(&sub);
  std::stable_sort(out.begin(), out.end(),
                   [](const SetupSub* a, const SetupSub* b) { return a->orders > b->orders; });
  return out;
}

std::string sub_name(const SetupSub& s) {
  return letters(s.pieces, s.name);
}

}  // namespace

SetupInput read_setup_input(const OptionValues& cl) {
  SetupInput in;
  const int page = integer_option(cl, "page").value_or(1);
  OptionValues second;
  auto from_fumen = [&](const std::string& text) {
    FieldFile loaded = load_fumen_page(text, page, setup_options());
    second = loaded.options.value_or(OptionValues{});
    in.field = field_from_colours(loaded.colors, cl);
  };
  if (cl.has("tetfu")) {
    auto text = cl.first("tetfu");
    if (!text) throw InputError("setup: --tetfu needs a fumen (v115@...)");
    from_fumen(*text == "-" ? std::string(trim(read_text("-"))) : *text);
  } else {
    const std::string path = cl.first("field-path").value_or("input/field.txt");
    std::string text;
    try {
      text = read_text(path);
    } catch (const InputError& e) {
      throw InputError(fmt::format(
          "setup: no field: give -t FUMEN or a field file ({}; see --field-path)", e.what()));
    }
    const std::vector<std::string> lines = field_file_lines(text);
    if (lines.empty()) {
      throw InputError(fmt::format(
          "setup: field file {}: no rows (sfinder's format: an optional max height, then rows of "
          "* fill, . margin, + free, _ blocked, X block)",
          path));
    }
    if (auto data = fumen_in_line(lines[0])) {
      from_fumen(*data);
    } else {
      in.field = field_from_marks(lines, path, in.boards);
    }
  }
  if (in.field.height > 6) in.boards = 2;
  const Given given{cl, second};

  // Patterns: from -p (each value split at ';') or the patterns file, read now, parsed when the
  // field has been checked (sfinder's order of errors).
  in.pattern_lines =
      read_pattern_lines(given.all("patterns"),
                         given.first("patterns-path").value_or("input/patterns.txt"), "setup: ");

  SetupOptions& o = in.options;
  if (auto kicks = given.first("kicks")) {
    NamedKicks k = load_named_kicks(*kicks);
    o.kicks = std::move(k.table);
    in.kicks_name = std::move(k.name);
  }
  if (auto drop = given.first("drop")) o.drop = parse_drop_type(*drop, "setup", DropWords::Placing);
  o.use_hold = given.yes_no("hold", true);
  o.combination = given.yes_no("combination", false);
  if (auto exclude = given.first("exclude")) {
    const std::string e = lower(java_trim(*exclude));
    if (e == "hole" || e == "holes" || e == "all-hole" || e == "all-holes") {
      o.exclude = SetupExclude::Holes;
    } else if (e == "strict-hole" || e == "strict-holes") {
      o.exclude = SetupExclude::StrictHoles;
    } else if (e == "none") {
      o.exclude = SetupExclude::None;
    } else {
      throw InputError(
          fmt::format("setup: --exclude '{}' is not none, holes or strict-holes", *exclude));
    }
  }
  for (const std::string& value : given.all("operate")) {
    for (const std::string& part : java_split(value, ' ')) {
      if (java_trim(part).empty()) continue;
      auto [op, name] = parse_operation(part);
      o.operations.push_back(op);
      in.operation_names.push_back(std::move(name));
    }
  }
  if (auto v = given.first("n-pieces")) {
    auto n = java_int(*v);
    if (!n) throw InputError(fmt::format("setup: --n-pieces '{}' is not an integer", *v));
    o.n_pieces = std::max(*n, 0);
  }
  o.split = given.yes_no("split", false);
  if (auto log = given.first("log-path")) in.log_path = *log;
  if (auto format = given.first("format")) {
    const std::string f = lower(java_trim(*format));
    if (f == "csv") {
      in.csv = true;
    } else if (f != "html" && f != "link") {
      throw InputError(fmt::format("setup: --format '{}' is not html, link or csv", *format));
    }
  }
  if (auto base = given.first("output-base")) {
    if (in.csv && *base == "-") {
      in.csv_to_stdout = true;
    } else if (*base == "-") {
      throw InputError("setup: -o - prints the CSV only (-fo csv); give a file for the HTML");
    } else {
      in.output_path = *base;
    }
  }
  if (in.csv) in.output_path = output_file_name(in.output_path, "setup", ".csv");

  // sfinder's checks, in its order: something to fill, the height, the patterns.
  bool any_fill = false;
  for (int y = 0; y < std::min(in.field.height, kMaxHeight); ++y) {
    any_fill = any_fill || in.field.fill.row(y) != 0;
  }
  if (!any_fill) {
    throw InputError(
        "setup: no cell to fill: give --fill the colour(s) of the cells to fill (i, o, io, ...) "
        "present in the field's rows");
  }
  check_field_height(in.field.height);
  for (int y = in.field.height; y < kMaxHeight; ++y) {
    in.field.init.set_row(y, 0);
    in.field.fill.set_row(y, 0);
    in.field.free.set_row(y, 0);
    in.field.blocked.set_row(y, 0);
  }
  in.field_rows = field_rows(in.field);
  if (in.pattern_lines.empty()) throw InputError("setup: patterns: no pattern given");
  o.patterns = parse_pattern_lines(in.pattern_lines);
  return in;
}

std::string setup_report(const SetupInput& in, const SetupResult& r, unsigned threads,
                         std::string_view version, long long milliseconds) {
  const SetupOptions& o = in.options;
  Report t;
  t.block("Setup Field");
  t.lines(in.field_rows);
  t.line();
  t.block("Initialize / User-defined");
  t.linef("Max height: {}", in.field.height);
  t.linef("Kicks: {}", in.kicks_name);
  t.linef("Drop: {}", drop_type_name(o.drop));
  t.linef("Operations: {}", fmt::join(in.operation_names, " -> "));
  t.linef("Exclude: {}", o.exclude == SetupExclude::Holes         ? "holes"
                         : o.exclude == SetupExclude::StrictHoles ? "strictholes"
                                                                  : "none");
  t.linef("Using N pieces: {} {}", r.local_search ? "==" : "<=", r.max_pieces);
  if (!o.combination) t.linef("Using hold: {}", o.use_hold ? "use" : "avoid");
  t.patterns(in.pattern_lines,
             o.combination ? "Searching patterns [combination]:" : "Searching patterns [order]:");
  t.line();
  t.block("Initialize / System");
  t.linef("Version = {}", version);
  t.linef("Available processors = {}", threads);
  t.linef("Need Pieces = {}", r.need);
  t.line();
  t.block("Search");
  const std::string found = fmt::format("     Found solutions = {}", r.solutions.size());
  const std::string subs = fmt::format("     Found sub solutions = {}", r.sub_solutions);
  if (r.local_search) {
    t.stopwatch({"     Search sub solutions for '--n-pieces'", found, subs}, milliseconds);
  } else {
    t.stopwatch({found}, milliseconds);
  }
  t.line();
  t.block("Output file");
  t.line();
  t.finalize();
  return t.text();
}

std::string setup_html(const SetupInput& in, const SetupResult& r) {
  HtmlBuilder html("Setup result");
  html.header(fmt::format("<div>{} solutions / {} sub solutions</div>", r.solutions.size(),
                          r.sub_solutions));
  // "All solutions": a page per sub solution listed (copies too), by count, most first.
  struct AllPage {
    std::uint64_t orders;
    std::size_t field;  // index into fields
    std::size_t sub;    // index into comments
  };
  std::vector<fumen::ColorField> fields;
  std::vector<std::string> comments;
  std::vector<AllPage> all;
  for (const SetupSolution& s : r.solutions) {
    const HtmlColumn column = column_of(in, s);
    for (const SetupSub* sub : by_orders(s)) {
      const std::string name = sub_name(*sub);
      fields.push_back(coloured(in, sub->pieces));
      comments.push_back(fmt::format("{} : {}", sub->orders, name));
      std::string data;
      if (in.options.split) {
        data = link_data(in, *sub);
      } else {
        fumen::Page page;
        page.field = fields.back();
        page.comment = letters(sub->pieces);
        data = fumen::encode_sfinder({page});
      }
      const std::string line = fmt::format(
          "<div><a href='http://fumen.zui.jp/?v115@{}'>{}</a> <span style='color: "
          "#999'>[{}]</span></div>",
          data, name, sub->orders);
      for (std::uint64_t c = 0; c < sub->copies; ++c) {
        html.entry(column, line, -static_cast<long long>(sub->orders));
        all.push_back({sub->orders, fields.size() - 1, comments.size() - 1});
      }
    }
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const AllPage& a, const AllPage& b) { return a.orders > b.orders; });
  std::vector<fumen::Page> pages(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    pages[i].field = fields[all[i].field];
    pages[i].comment = comments[all[i].sub];
  }
  // Tetfu.encode of no page writes one empty page.
  const std::string merged = pages.empty() ? "vhAAgH" : fumen::encode_sfinder(pages);
  html.header(
      fmt::format("<div><a href='http://fumen.zui.jp/?v115@{}'>All solutions</a></div>", merged));
  std::vector<std::string> order = html.column_ids();
  std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
    return html.column(a).title > html.column(b).title;
  });
  return html.text(order, true, "\n");
}

std::string setup_csv(const SetupInput& in, const SetupResult& r) {
  std::string out = "テト譜,使用ミノ,手順数\n";
  for (const SetupSolution& s : r.solutions) {
    for (const SetupSub* sub : by_orders(s)) {
      const std::string line = fmt::format("http://fumen.zui.jp/?v115@{},{},{}\n",
                                           link_data(in, *sub), sub_name(*sub), sub->orders);
      for (std::uint64_t c = 0; c < sub->copies; ++c) out += line;
    }
  }
  return out;
}

bool parse_quirks(std::string_view text) {
  auto b = java_bool(text);
  if (!b) throw InputError(fmt::format("--sfinder-quirks '{}' is not yes or no", text));
  return *b;
}

SetupRun run_setup(const SetupRequest& request) {
  SetupRun run;
  run.input = read_setup_input(request.options);
  SetupOptions& options = run.input.options;
  options.threads = request.threads;
  options.progress = request.progress;
  options.sfinder_quirks = request.sfinder_quirks;
  options.max_sub_solutions = request.force ? 0 : kMaxSubSolutionsUnforced;
  run.threads = std::max(1u, request.threads);
  prepare_log(run.input.log_path);
  prepare_file(run.input.output_path, "output file");
  Stopwatch watch;
  run.result = fill_setups(run.input.field, options);
  run.seconds = watch.seconds();
  run.report = setup_report(run.input, run.result, run.threads, kVersion,
                            static_cast<long long>(run.seconds * 1000));
  write_file(run.input.log_path, run.report, "log file");
  if (run.input.csv) {
    run.csv = setup_csv(run.input, run.result);
    write_file(run.input.output_path, run.csv, "output file");
  } else {
    write_file(run.input.output_path, setup_html(run.input, run.result), "output file");
  }
  return run;
}

void write_text(fmt::memory_buffer& out, const SetupRun& run) {
  append(out, "{}", run.input.csv_to_stdout ? run.csv : run.report);
}

void to_json(Json& out, const SetupRun& run) {
  const SetupInput& in = run.input;
  const SetupResult& r = run.result;
  Json solutions = Json::array();
  for (const SetupSolution& s : r.solutions) {
    Json subs = Json::array();
    for (const SetupSub* sub : by_orders(s)) {
      subs.push_back({{"fumen", "v115@" + link_data(in, *sub)},
                      {"pieces", letters(sub->pieces)},
                      {"name", sub_name(*sub)},
                      {"orders", sub->orders},
                      {"copies", sub->copies}});
    }
    solutions.push_back(
        {{"field", column_of(in, s).title}, {"pieces", letters(s.key)}, {"sub_solutions", subs}});
  }
  out = {{"solutions", r.solutions.size()},
         {"sub_solutions", r.sub_solutions},
         {"max_height", in.field.height},
         {"need_pieces", r.need},
         {"pieces", r.max_pieces},
         {"exact_pieces", r.local_search},
         {"mode", in.options.combination ? "combination" : "order"},
         {"hold", in.options.use_hold ? "use" : "avoid"},
         {"kicks", in.kicks_name},
         {"drop", std::string(drop_type_name(in.options.drop))},
         {"operations", in.operation_names},
         {"patterns", in.pattern_lines},
         {"field", in.field_rows},
         {"results", solutions},
         {"output", in.output_path},
         {"log", in.log_path},
         {"threads", run.threads},
         {"seconds", run.seconds}};
}

}  // namespace manyworlds::tetris::sfinder
