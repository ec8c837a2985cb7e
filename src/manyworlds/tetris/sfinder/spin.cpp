#include "manyworlds/tetris/sfinder/spin.hpp"

#include <algorithm>
#include <bit>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/sfinder/fumen_writers.hpp"
#include "manyworlds/tetris/sfinder/html.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

SpinFilter parse_filter(const std::string& text) {
  std::string f = lower(java_trim(text));
  if (f == "strict") return SpinFilter::Strict;
  if (f == "ignore-t" || f == "ignore_t") return SpinFilter::IgnoreT;
  if (f == "none") return SpinFilter::None;
  throw InputError(fmt::format("--filter '{}' is not strict, ignore-t or none", text));
}

SpinFormat parse_format(const std::string& text) {
  std::string f = lower(java_trim(text));
  if (f == "html") return SpinFormat::Html;
  if (f == "csv") return SpinFormat::Csv;
  throw InputError(fmt::format("--format '{}' is not html or csv", text));
}

// FieldView.toReducedString: the rows from the highest non-empty one down to row 0.
std::string reduced_rows(const Field& field) {
  std::string out;
  for (int y = field.height() - 1; y >= 0; --y) {
    for (int x = 0; x < kWidth; ++x) out += field.filled(x, y) ? 'X' : '_';
    if (y > 0) out += '\n';
  }
  return out;
}

// The single piece multiset of the patterns (sfinder's blockCountersStream, which must hold one
// multiset): throws InputError otherwise.
PieceCounts one_multiset(const std::vector<Pattern>& patterns) {
  std::optional<PieceCounts> only;
  for (const Pattern& p : patterns) {
    PieceCounts counts = 0;
    for (const PatternElement& e : p.elements) {
      int size = std::popcount(unsigned(e.pieces));
      bool one = e.take == 0 ? size == 1 : e.take == size;
      if (!one) throw InputError("Should specify only one combination");
      for (Piece piece : kAllPieces) {
        if ((e.pieces >> int(piece)) & 1) counts = add_piece(counts, piece);
      }
    }
    if (only && *only != counts) throw InputError("Should specify only one combination");
    only = counts;
  }
  return only.value_or(0);
}

std::string multiset_letters(PieceCounts counts) {
  std::string out;
  for (Piece p : kAllPieces) out.append(std::size_t(count_of(counts, p)), piece_letter(p));
  return out;
}

std::string_view rotation_csv_name(Rotation r) {
  static constexpr std::string_view kNames[] = {"0", "R", "2", "L"};
  return kNames[int(r)];
}

std::string_view lines_name(int lines) {
  static constexpr std::string_view kNames[] = {"", "Single", "Double", "Triple"};
  return lines >= 1 && lines <= 3 ? kNames[lines] : "";
}

bool blocked(const Field& f, int x, int y) {
  return x < 0 || x >= kWidth || y < 0 || f.filled(x, y);
}

// What the judging needs of a result.
struct Judged {
  Field merged;
  Field cleared_without_t;  // the field without the T, its full rows removed
  Placement t;              // the T lowered with them
  int cleared_by_t = 0, cleared = 0, holes = 0;
};

Judged judge(const Field& init, const TSpinResult& r, int cap) {
  Judged j;
  j.merged = init;
  Field without_t = init;
  for (std::size_t i = 0; i < r.pieces.size(); ++i) {
    for (const Cell& c : r.pieces[i].cells()) {
      if (c.y >= cap) continue;  // beyond sfinder's field capacity
      j.merged.set(c.x, c.y);
      if (int(i) != r.t) without_t.set(c.x, c.y);
    }
  }
  const PathPiece& t = r.pieces[std::size_t(r.t)];
  std::uint32_t full = full_rows(j.merged);
  j.cleared_by_t = std::popcount(full & t.rows);
  j.cleared = std::popcount(full);
  Field cleared = without_rows(j.merged, full);
  for (int y = 0; y + 1 < kMaxHeight; ++y) {
    j.holes += std::popcount(unsigned(cleared.row(y + 1) & ~cleared.row(y) & kFullRow));
  }
  std::uint32_t full_without_t = full_rows(without_t);
  j.cleared_without_t = without_rows(without_t, full_without_t);
  j.t = t.state();
  int bottom = t.y + shape(Piece::T, t.rotation).min_y;
  j.t.y = std::int8_t(t.y - std::popcount(full_without_t & ((1u << std::max(0, bottom)) - 1)));
  return j;
}

// Formatter.getSolutionType.
char mark_of(const Field& init, const TSpinResult& r, const Judged& j, int height) {
  std::vector<PathPiece> others;
  for (std::size_t i = 0; i < r.pieces.size(); ++i) {
    if (int(i) != r.t) others.push_back(r.pieces[i]);
  }
  if (!exists_build_order(init, others, height)) return '-';
  if (!BuildGraph::rests(j.cleared_without_t, j.t)) return '-';
  return rotation_reachable(j.cleared_without_t, j.t, height) ? 'O' : 'X';
}

int mark_rank(char mark) {
  return mark == 'O' ? 10 : mark == 'X' ? 5 : 0;
}

int filter_rank(SpinFilter f) {
  return f == SpinFilter::Strict ? 10 : f == SpinFilter::IgnoreT ? 5 : 0;
}

std::string spin_title(const TSpinKind& k) {
  std::string name;
  if (!k.mini) {
    name = k.name == SpinName::Iso ? "ISO" : k.name == SpinName::Fin ? "FIN" : "Regular";
  } else {
    name = k.name == SpinName::Neo ? "NEO" : "MINI";
  }
  return fmt::format("{} [{}]", lines_name(k.lines), name);
}

std::string column_id(std::string title) {
  for (char& c : title) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c == ' ') c = '-';
  }
  return title;
}

std::string piece_names(const SpinSolution& s) {
  std::string out;
  for (const PathPiece& k : s.pieces) {
    if (!out.empty()) out += ' ';
    out += piece_letter(k.piece);
    out += '-';
    out += java_rotation_name(k.rotation);
  }
  return out;
}

std::string piece_letters(const SpinSolution& s) {
  std::string out;
  for (const PathPiece& k : s.pieces) out += piece_letter(k.piece);
  return out;
}

std::string html_entry(const SpinSolution& s) {
  return fmt::format(
      "<div>[{}] <a href='http://fumen.zui.jp/?v115@{}' target='_blank'>{}</a> [clear={}, "
      "hole={}, piece={}]</div>",
      s.mark, s.fumen, piece_names(s), s.cleared, s.holes, s.pieces.size());
}

std::string csv_line(const SpinSolution& s) {
  const PathPiece& t = s.pieces[std::size_t(s.t)];
  std::string name;
  if (s.spin && s.spin->name != SpinName::None) {
    name = s.spin->name == SpinName::Neo ? "NEO" : s.spin->name == SpinName::Fin ? "FIN" : "ISO";
  }
  return fmt::format("http://fumen.zui.jp/?v115@{},{},{},{},{},{},{},{},{},{},{},{},{}\n", s.fumen,
                     s.mark, piece_letters(s), s.pieces.size(), s.cleared_by_t,
                     s.spin && s.spin->mini ? "O" : "X", name, s.cleared, s.holes,
                     rotation_csv_name(t.rotation), t.x, t.y, t.skipped);
}

// The HTML page (FullSpinOutput, NoRoofSpinOutput): one line, no line breaks.
std::string html_page(const SpinRun& run) {
  HtmlBuilder html("Spin Result");
  // Columns: with roofs one per T-spin, else one per line count.
  struct Column {
    HtmlColumn column;
    int priority;  // sorted by it, highest first
    int tie = 0;   // then by sfinder's Spin order, reversed
  };
  std::vector<Column> columns;
  for (const SpinSolution& s : run.solutions) {
    Column c;
    if (run.roof) {
      std::string title = spin_title(*s.spin);
      c = {{column_id(title), title, std::nullopt},
           s.spin->priority,
           // Spin.compareTo: regular before mini, then NEO FIN ISO none, then lines.
           (s.spin->mini ? 1000 : 0) + int(s.spin->name) * 10 + s.spin->lines};
    } else {
      std::string title(lines_name(s.cleared_by_t));
      c = {{column_id(title), title, std::nullopt}, s.cleared_by_t, 0};
    }
    html.entry(c.column, html_entry(s), s.priority);
    if (std::none_of(columns.begin(), columns.end(),
                     [&](const Column& o) { return o.column.id == c.column.id; })) {
      columns.push_back(c);
    }
  }
  html.header(fmt::format("{} solutions", run.solutions.size()));
  std::sort(columns.begin(), columns.end(), [](const Column& a, const Column& b) {
    return a.priority != b.priority ? a.priority > b.priority : a.tie > b.tie;
  });
  std::vector<std::string> order;
  for (const Column& c : columns) order.push_back(c.column.id);
  return html.text(order, true, "");
}

std::string csv_text(const SpinRun& run) {
  std::string out =
      "テト譜,有効マーク,使用ミノ,使用ミノ数,T-Spinライン数,MINI,名前,トータルクリアライン数,hole,"
      "t-"
      "rotate,t-x,t-y,t-deleted-linekey\n";
  for (const SpinSolution& s : run.solutions) out += csv_line(s);
  return out;
}

}  // namespace

std::optional<TSpinKind> best_t_spin(const Field& field, const Placement& t, int lines,
                                     int height) {
  const KickTable& kicks = KickTable::srs();
  const int x = t.x, y = t.y;
  bool front = false;
  switch (t.rotation) {
    case Rotation::North:
      front = blocked(field, x - 1, y + 1) && blocked(field, x + 1, y + 1);
      break;
    case Rotation::South:
      front = blocked(field, x - 1, y - 1) && blocked(field, x + 1, y - 1);
      break;
    case Rotation::West:
      front = blocked(field, x - 1, y - 1) && blocked(field, x - 1, y + 1);
      break;
    case Rotation::East:
      front = blocked(field, x + 1, y - 1) && blocked(field, x + 1, y + 1);
      break;
  }
  std::optional<TSpinKind> best;
  // Clockwise (sfinder's Right) from the counter-clockwise state, then counter-clockwise.
  for (int d = 0; d < 2; ++d) {
    Rotation from = d == 0 ? rotate_ccw(t.rotation) : rotate_cw(t.rotation);
    std::span<const Kick> tests = kicks.tests(Piece::T, from, t.rotation);
    for (const Kick& k : tests) {
      Placement before{Piece::T, from, std::int8_t(x - k.x), std::int8_t(y - k.y)};
      if (!fits_open_top(field, before)) continue;
      int taken = -1;
      Placement to{};
      for (std::size_t i = 0; i < tests.size(); ++i) {
        Placement p{Piece::T, t.rotation, std::int8_t(before.x + tests[i].x),
                    std::int8_t(before.y + tests[i].y)};
        if (fits_open_top(field, p)) {
          taken = int(i);
          to = p;
          break;
        }
      }
      if (taken < 0 || to.x != x || to.y != y) continue;
      if (!locked_reachable(field, before, height, kicks)) continue;
      bool from_back =
          (d == 1 && t.rotation == Rotation::East) || (d == 0 && t.rotation == Rotation::West);
      SpinName name = SpinName::None;
      if (from_back && taken == 3) name = front ? SpinName::Iso : SpinName::Neo;
      if (from_back && taken == 4) name = SpinName::Fin;
      bool regular = front || kicks.privileged(Piece::T, from, t.rotation, std::size_t(taken));
      int rank = regular ? (name == SpinName::Fin   ? 4
                            : name == SpinName::Iso ? 3
                                                    : 5)
                         : (name == SpinName::Neo ? 1 : 2);
      int priority = lines * 10 + rank;
      if (!best || best->priority < priority) best = TSpinKind{!regular, name, lines, priority};
    }
  }
  return best;
}

SpinRun run_spin(const SpinRequest& request) {
  SpinRun run;
  const OptionValues& given = request.options;
  FieldInput field_input = read_field_input(given, spin_options(), FieldLines::RowsOnly);
  OptionValues second = field_input.loaded.options.value_or(OptionValues{});
  OptionSources src({{&given, "command line"}, {&second, field_input.second_source}});
  std::string patterns_source;
  std::vector<std::string> pattern_lines =
      read_pattern_lines(given, second, field_input.second_source, patterns_source);
  std::optional<int> fill_bottom = src.integer("fill-bottom");
  std::optional<int> fill_top = src.integer("fill-top");
  std::optional<int> margin = src.integer("margin-height");
  run.line = src.integer("line").value_or(2);
  run.roof = src.yes_no("roof").value_or(true);
  std::optional<int> max_roof = src.integer("max-roof");
  if (auto f = src.first("filter")) run.filter = parse_filter(f->first);
  if (auto f = src.first("format")) run.format = parse_format(f->first);
  run.split = src.yes_no("split").value_or(false);
  run.log_path = src.first("log-path").value_or(std::pair{"output/last_output.txt", ""}).first;
  std::string output_base =
      src.first("output-base").value_or(std::pair{"output/spin.html", ""}).first;
  int threads = std::max(src.integer("threads").value_or(0), 0);
  run.file =
      output_file_name(output_base, "spin", run.format == SpinFormat::Csv ? ".csv" : ".html");
  prepare_log(run.log_path);
  prepare_file(run.file, "output file");

  // SpinSettings: the highest block's row, and the values derived from it.
  const Field& field = field_input.loaded.field;
  int top = field.height() - 1;
  run.fill_bottom = fill_bottom.value_or(0);
  run.fill_top = fill_top && *fill_top >= 0 ? *fill_top : top + 1;
  run.margin = margin && *margin >= 0 ? *margin : run.fill_top + 2;
  run.field_height = std::max(run.margin, top);
  run.max_roof = max_roof && *max_roof >= 0 ? *max_roof : -1;

  // SpinEntryPoint.verifyTarget, in its order and with its messages.
  if (run.fill_bottom < 0 || 24 < run.fill_bottom) {
    throw InputError(fmt::format("Fill-bottom should be 0 <= y < 24: bottom={}", run.fill_bottom));
  }
  if (run.fill_top < 0 || 24 < run.fill_top) {
    throw InputError(fmt::format("Fill-top should be 0 <= y < 24: top={}", run.fill_top));
  }
  if (run.fill_top < run.fill_bottom) {
    throw InputError(
        fmt::format("Fill-top should be greater than or equal to fill-bottom: bottom={}, top={}",
                    run.fill_bottom, run.fill_top));
  }
  if (run.margin < 0 || 24 < run.margin) {
    throw InputError(fmt::format("Margin-height should be 0 <= y < 24: margin={}", run.margin));
  }
  if (run.margin < run.fill_top + 2) {
    throw InputError(fmt::format(
        "Margin-height should be greater than or equal to (fill-top+2): top={}, margin={}",
        run.fill_top, run.margin));
  }
  if (run.field_height < 0 || 24 < run.field_height) {
    throw InputError(fmt::format("Field-height should be 0 <= y < 24: field={}", run.field_height));
  }
  if (run.line < 1 || 3 < run.line) {
    throw InputError(
        fmt::format("Required-clear-line should be 1 <= line <= 3: line={}", run.line));
  }
  if (pattern_lines.empty()) throw InputError("Should specify patterns, not allow empty");
  std::vector<Pattern> patterns = parse_pattern_lines(pattern_lines);
  PieceCounts pieces = one_multiset(patterns);
  run.pieces = multiset_letters(pieces);
  if (run.pieces.size() <= 1) {
    throw InputError("Specified piece size should be greater than 1");
  }

  Report& t = run.report;
  t.block("Setup Field");
  t.line(reduced_rows(field));
  t.line();
  t.block("Initialize / User-defined");
  t.linef("Fill: [{},{})", run.fill_bottom, run.fill_top);
  t.linef("Margin height: {}", run.margin);
  t.linef("Field height: {}", run.field_height);
  t.linef("Required clear line: {}", run.line);
  t.linef("Search roof: {}", run.roof ? "yes" : "no");
  if (run.max_roof >= 0) {
    t.linef("Max roof num: {}", run.max_roof);
  } else {
    t.line("Max roof num: no limit");
  }
  t.linef("Version: {}", kVersion);
  t.line("Searching sequence:");
  t.linef("  {}", run.pieces);
  t.line();

  // sfinder's initial field: the field height's capacity (6, 12 or 24 rows).
  int cap = run.field_height <= 6 ? 6 : run.field_height <= 12 ? 12 : 24;
  Field init;
  for (int y = 0; y < cap; ++y) init.set_row(y, field.row(y));
  TSpinSearchOptions options;
  options.fill_bottom = run.fill_bottom;
  options.fill_top = run.fill_top;
  options.margin = run.margin;
  options.field_height = run.field_height;
  options.min_cleared = run.line;
  options.roof = run.roof;
  options.max_roof = run.max_roof >= 0 ? run.max_roof : INT_MAX;
  options.threads = resolve_threads(threads);
  options.progress = request.progress;
  Stopwatch watch;
  std::vector<TSpinResult> results = tspin_search(init, pieces, options);
  double ms = watch.seconds() * 1000;
  run.results = results.size();
  t.block("Search");
  t.stopwatch({"     ... searching", "     ... done"}, static_cast<long long>(ms + 0.5));
  t.line();
  t.block("Output");

  // Judge every result (in parallel, kept in order), then keep what the filter lets through.
  std::vector<std::optional<SpinSolution>> judged(results.size());
  bool spins = run.roof;  // the T-spin is named with roofs, in HTML and CSV
  parallel_for(results.size(), options.threads, [&](std::size_t i) {
    const TSpinResult& r = results[i];
    Judged j = judge(init, r, cap);
    SpinSolution s;
    s.pieces = r.pieces;
    s.t = r.t;
    s.cleared_by_t = j.cleared_by_t;
    s.cleared = j.cleared;
    s.holes = j.holes;
    if (spins) {
      s.spin = best_t_spin(j.cleared_without_t, j.t, j.cleared_by_t, run.field_height);
      // sfinder's CSV leaves out results without a T-spin (its HTML would stop there).
      if (!s.spin) return;
    }
    s.mark = mark_of(init, r, j, run.field_height);
    if (mark_rank(s.mark) < filter_rank(run.filter)) return;
    s.fumen = run.split ? build_order_fumen(init, s.pieces, run.field_height)
                        : one_page_fumen(init, s.pieces, run.field_height, piece_letters(s));
    bool mini = s.spin && s.spin->mini;
    s.priority = (mini ? 1 : 0) * 20 * 24 * 24 * 500 + s.holes * 20 * 24 * 24 +
                 (s.cleared - s.cleared_by_t) * 20 * 24 + r.pieces[std::size_t(r.t)].y * 20 +
                 int(s.pieces.size());
    judged[i] = std::move(s);
  });
  for (auto& s : judged) {
    if (s) run.solutions.push_back(std::move(*s));
  }
  std::string content;
  if (run.format == SpinFormat::Csv) {
    std::stable_sort(
        run.solutions.begin(), run.solutions.end(),
        [](const SpinSolution& a, const SpinSolution& b) { return a.priority < b.priority; });
    content = csv_text(run);
  } else {
    content = html_page(run);
  }
  t.linef("Found solutions = {}", run.solutions.size());
  write_file(run.file, content, "output file");
  write_log(run.log_path, run.report);
  return run;
}

void write_text(fmt::memory_buffer& out, const SpinRun& run) {
  append(out, "{}", run.report.text());
}

void to_json(Json& out, const SpinRun& run) {
  Json solutions = Json::array();
  for (const SpinSolution& s : run.solutions) {
    Json j = {{"fumen", "v115@" + s.fumen}, {"mark", std::string(1, s.mark)},
              {"pieces", piece_names(s)},   {"t_lines", s.cleared_by_t},
              {"clear", s.cleared},         {"hole", s.holes},
              {"piece", s.pieces.size()},   {"priority", s.priority}};
    if (s.spin) j["spin"] = spin_title(*s.spin);
    solutions.push_back(j);
  }
  out = {{"fill", {run.fill_bottom, run.fill_top}},
         {"margin_height", run.margin},
         {"field_height", run.field_height},
         {"required_clear_line", run.line},
         {"roof", run.roof},
         {"max_roof", run.max_roof},
         {"filter", run.filter == SpinFilter::Strict    ? "strict"
                    : run.filter == SpinFilter::IgnoreT ? "ignore-t"
                                                        : "none"},
         {"pieces", run.pieces},
         {"results", run.results},
         {"solutions", solutions},
         {"file", run.file},
         {"log", run.log_path}};
}

}  // namespace manyworlds::tetris::sfinder
