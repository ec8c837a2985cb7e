#include "manyworlds/tetris/sfinder/path.hpp"

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/sfinder/path_files.hpp"
#include "manyworlds/tetris/sfinder/percent.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// Path's inputs, read as sfinder's PathSettingParser reads them (the shared reader with
// path's option table for fumen comments, and the T-spin drops).
PercentInput read_path_inputs(const OptionValues& given) {
  PercentInput in = read_percent_input(given, path_options(), DropWords::WithTSpins);
  if (in.clear_line > kMaxPathClearLine) {
    throw InputError(fmt::format("clear line {} out of range (1 to {}: sfinder's path)",
                                 in.clear_line, kMaxPathClearLine));
  }
  // The drop model against the kicks (180 needs 180-degree kicks).
  MoveGenerator::check(in.kicks, in.drop);
  return in;
}

PathFormat parse_format(const std::string& format, const std::string& key) {
  std::string f = lower(java_trim(format));
  if (f == "html" || f == "link") return PathFormat::Html;
  if (f != "csv") {
    throw InputError(fmt::format("--format '{}' is not html or csv", format));
  }
  std::string k = lower(java_trim(key));
  if (k == "none" || k == "n") return PathFormat::CsvNone;
  if (k == "solution" || k == "s") return PathFormat::CsvSolution;
  if (k == "pattern" || k == "p") return PathFormat::CsvPattern;
  if (k == "use" || k == "u") return PathFormat::CsvUse;
  throw InputError(fmt::format("--key '{}' is not none, solution, pattern or use", key));
}

// sfinder's file names for a format: BASE_unique / _minimal (html, csv -k none), BASE.csv.
std::vector<std::string> path_file_names(const std::string& output_base, PathFormat format,
                                         bool exact) {
  auto name = [&](std::string_view suffix) {
    return output_file_name(output_base, "path", suffix);
  };
  switch (format) {
    case PathFormat::Html:
      if (exact) return {name("_unique.html"), name("_minimal.html"), name("_minimal_exact.html")};
      return {name("_unique.html"), name("_minimal.html")};
    case PathFormat::CsvNone:
      if (exact) return {name("_unique.csv"), name("_minimal.csv"), name("_minimal_exact.csv")};
      return {name("_unique.csv"), name("_minimal.csv")};
    default:
      return {name(".csv")};
  }
}

std::string field_rows(const PathResult& r, const std::optional<fumen::ColorField>& reserved) {
  std::string out;
  for (int y = r.clear_line - 1; y >= 0; --y) {
    for (int x = 0; x < kWidth; ++x) {
      char c = r.field.filled(x, y) ? 'X' : '_';
      if (reserved) {
        if (auto p = fumen::color_piece(reserved->at(x, y))) c = piece_letter(*p);
      }
      out += c;
    }
    if (y > 0) out += '\n';
  }
  return out;
}

}  // namespace

PathRun run_path(const PathRequest& request) {
  PathRun run;
  const OptionValues& given = request.options;
  run.input = read_path_inputs(given);
  const PercentInput& in = run.input;
  OptionSources src({{&given, "command line"}, {&in.second, in.second_source}});
  bool specified_only = src.yes_no("specified-only").value_or(true);
  run.split = src.yes_no("split").value_or(false);
  // As in sfinder, -r counts on the command line only (it is read before the field).
  bool reserved = OptionSources({{&given, "command line"}}).yes_no("reserved").value_or(false);
  auto pictures = java_bool(request.pictures);
  if (!pictures) {
    throw InputError(fmt::format("--pictures '{}' is not yes or no", request.pictures));
  }
  int max_layer = src.integer("max-layer").value_or(2);
  if (max_layer != 1 && max_layer != 2) {
    throw InputError(
        fmt::format("--max-layer {} is not 1 (unique) or 2 (unique and minimal)", max_layer));
  }
  if (src.integer("cached-bit").value_or(0) < 0) {
    throw InputError("--cached-bit must not be negative");
  }
  std::string minimal_mode = lower(java_trim(request.minimal));
  if (minimal_mode != "sfinder" && minimal_mode != "exact") {
    throw InputError(fmt::format("--minimal '{}' is not sfinder or exact", request.minimal));
  }
  bool exact = minimal_mode == "exact";
  auto format_value = src.first("format");
  run.format = format_value ? parse_format(format_value->first,
                                           src.first("key").value_or(std::pair{"none", ""}).first)
                            : PathFormat::Html;
  std::string output_base =
      src.first("output-base").value_or(std::pair{std::string("output/path.html"), ""}).first;
  run.log_path = in.log_path;
  bool to_console = run.format != PathFormat::Html && output_base == "-";
  if (to_console) output_base = "output/path.html";
  run.files = path_file_names(output_base, run.format, exact);
  for (const auto& f : run.files) prepare_file(f, "output");
  if (request.write_log) prepare_log(run.log_path);

  std::optional<fumen::ColorField> reserved_cells;
  Field field = in.field;
  if (reserved) {
    ReservedField rf = split_reserved(in.colors);
    field = rf.field;
    reserved_cells = rf.reserved;
  }
  PathOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop_type;
  options.kicks = in.kicks;
  options.specified_only = specified_only;
  options.orders = run.format == PathFormat::CsvSolution || run.format == PathFormat::CsvPattern ||
                   run.format == PathFormat::CsvUse;
  options.locked_orders = run.format == PathFormat::CsvNone;
  options.split = run.split;
  options.threads = resolve_threads(in.threads);
  options.progress = request.progress;
  options.max_inputs = request.force ? 0 : kMaxPathInputsUnforced;

  Stopwatch watch;
  run.result = path(field, in.patterns, options, reserved_cells);
  PathResult& r = run.result;
  double search_ms = watch.seconds() * 1000;

  Report& t = run.report;
  t.block("Setup Field");
  t.line(field_rows(r, reserved_cells));
  t.line();
  report_user_defined(t, in, r.clear_line);
  t.block("Initialize / System");
  t.linef("Version = {}", kVersion);
  t.linef("Threads = {}", options.threads);
  t.linef("Need Pieces = {}", r.need);
  t.line();
  t.block("Enumerate pieces");
  t.linef("Piece pop count = {}", r.pop);
  if (r.pop < r.pattern_length) {
    t.warning({"WARNING: more pieces is inputted than necessary.",
               "         so redundant results may be obtained."});
  }
  t.line();
  t.block("Cache");
  t.stopwatch({"     ... done"}, 0);
  t.line();
  t.block("Search");
  t.stopwatch({"     ... searching", "     ... done"}, static_cast<long long>(search_ms + 0.5));
  t.line();
  t.block("Output file");

  run.unique.resize(r.solutions.size());
  for (std::size_t i = 0; i < run.unique.size(); ++i) run.unique[i] = int(i);
  // sfinder's HTML output sorts the unique list in place before it selects the minimal ones,
  // so among solutions with equal sets it keeps the first in the comparator's order.
  if (run.format == PathFormat::Html) {
    r.minimal = select_minimal(r, path_html_order(r, run.unique), specified_only);
  }
  if (exact) {
    std::vector<const std::vector<std::uint32_t>*> sets;
    for (const PathSolution& s : r.solutions) sets.push_back(&s.specified);
    run.exact = minimal_cover(sets, request.minimal_seconds);
  }
  bool minimal_layer = max_layer == 2;
  std::vector<std::pair<std::string, std::string>> contents;  // file, text; in order
  const std::vector<std::string>& files = run.files;
  switch (run.format) {
    case PathFormat::Html: {
      PathHtmlOptions h;
      h.split = run.split;
      h.pictures = *pictures;
      t.linef("Found path [unique] = {}", run.unique.size());
      contents.push_back({files[0], path_html(r, run.unique, h)});
      if (minimal_layer) {
        t.linef("Found path [minimal] = {}", r.minimal.size());
        contents.push_back({files[1], path_html(r, r.minimal, h)});
      }
      if (run.exact) contents.push_back({files[2], path_html(r, run.exact->chosen, h)});
      break;
    }
    case PathFormat::CsvNone: {
      t.linef("Found path [unique] = {}", run.unique.size());
      contents.push_back({files[0], path_csv_none(r, run.unique)});
      if (minimal_layer) {
        t.linef("Found path [minimal] = {}", r.minimal.size());
        contents.push_back({files[1], path_csv_none(r, r.minimal)});
      }
      run.console = contents.back().second;
      if (run.exact) contents.push_back({files[2], path_csv_none(r, run.exact->chosen)});
      break;
    }
    case PathFormat::CsvSolution:
      t.linef("Found path = {}", run.unique.size());
      contents.push_back({files[0], path_csv_solution(r, run.split)});
      run.console = contents.back().second;
      break;
    case PathFormat::CsvPattern: {
      t.linef("Found path = {}", run.unique.size());
      PatternCsv csv = path_csv_pattern(r, in.patterns, in.use_hold, run.split);
      contents.push_back({files[0], csv.text});
      run.console = csv.text;
      t.line();
      t.line("perfect clear percent");
      t.linef("  -> success = {}% ({}/{})",
              java_fixed(100.0 * double(csv.successes) / double(csv.rows), 2), csv.successes,
              csv.rows);
      break;
    }
    case PathFormat::CsvUse: {
      t.linef("Found path = {}", run.unique.size());
      UseCsv csv = path_csv_use(r, in.patterns, run.split);
      contents.push_back({files[0], csv.text});
      run.console = csv.text;
      t.linef("Found piece combinations = {}", csv.rows);
      break;
    }
  }
  if (run.exact) {
    t.linef("Found path [minimal exact] = {} ({}; sfinder's minimal: {})", run.exact->chosen.size(),
            run.exact->optimal
                ? std::string("proven minimal by CBC")
                : fmt::format("NOT proven minimal: CBC stopped at {} s; no cover has fewer than {}",
                              request.minimal_seconds, run.exact->lower_bound),
            r.minimal.size());
  }
  t.line();
  t.finalize();

  for (const auto& [file, text] : contents) write_file_atomically(file, text);
  run.files.clear();
  for (const auto& entry : contents) run.files.push_back(entry.first);
  if (request.write_log) {
    write_log(run.log_path, run.report);
  } else {
    run.log_path.clear();
  }
  if (!to_console) run.console.reset();
  return run;
}

void write_text(fmt::memory_buffer& out, const PathRun& run) {
  append(out, "{}", run.console ? *run.console : run.report.text());
}

void to_json(Json& out, const PathRun& run) {
  const PercentInput& in = run.input;
  const PathResult& r = run.result;
  auto solution_json = [&](int i) {
    const PathSolution& s = r.solutions[std::size_t(i)];
    std::string pieces;
    for (Piece p : s.sample_pieces()) pieces += piece_letter(p);
    return Json{{"fumen", "v115@" + path_fumen(r, s, run.split)},
                {"pieces", pieces},
                {"states", path_link_text(s)},
                {"sequences", s.specified.size()},
                {"percent", 100.0 * double(s.specified.size()) / double(r.inputs.size())},
                {"line_clear", s.skips_rows}};
  };
  Json unique = Json::array();
  for (int i : run.unique) unique.push_back(solution_json(i));
  out = {{"clear_line", r.clear_line},
         {"hold", in.use_hold ? "use" : "avoid"},
         {"drop", std::string(drop_type_name(in.drop_type))},
         {"need", r.need},
         {"pop", r.pop},
         {"input_sequences", r.inputs.size()},
         {"unique", unique},
         {"minimal", r.minimal}};
  if (run.exact) {
    out["minimal_exact"] = {
        {"solutions", run.exact->chosen},   {"size", run.exact->chosen.size()},
        {"proven", run.exact->optimal},     {"lower_bound", run.exact->lower_bound},
        {"sfinder_size", r.minimal.size()}, {"covered_sequences", run.exact->universe}};
  }
  out["files"] = run.files;
  out["log"] = run.log_path;
}

SavesRun run_saves(const SavesRequest& request) {
  SavesRun run;
  for (const auto& e : request.expressions) run.expressions.push_back(SavesExpr::parse(e));
  PercentInput in = read_path_inputs(request.options);
  PathOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop_type;
  options.kicks = in.kicks;
  options.orders = true;
  options.threads = resolve_threads(in.threads);
  options.progress = request.progress;
  options.max_inputs = request.force ? 0 : kMaxPathInputsUnforced;
  PathResult r = path(in.field, in.patterns, options);
  run.result = saves(r, in.patterns, run.expressions);
  return run;
}

namespace {

std::string saves_percent(const SavesResult& s, std::uint64_t n) {
  return java_fixed(s.total ? 100.0 * double(n) / double(s.total) : 0.0, 2);
}

}  // namespace

void write_text(fmt::memory_buffer& out, const SavesRun& run) {
  const SavesResult& s = run.result;
  append(out, "{} sequences of {} pieces (counted as the patterns give them), {} placed\n", s.total,
         s.need + 1, s.need);
  append(out, "perfect clear: {}% [{}/{}]\n", saves_percent(s, s.successes), s.successes, s.total);
  append(out, "saves (perfect clear keeping the piece in hold or next):\n");
  for (Piece p : kAllPieces) {
    std::uint64_t n = s.pieces[std::size_t(int(p))];
    append(out, "  {}: {}% [{}/{}]\n", piece_letter(p), saves_percent(s, n), n, s.total);
  }
  for (std::size_t e = 0; e < run.expressions.size(); ++e) {
    append(out, "  {}: {}% [{}/{}]\n", run.expressions[e].text(),
           saves_percent(s, s.expressions[e]), s.expressions[e], s.total);
  }
}

void to_json(Json& out, const SavesRun& run) {
  const SavesResult& s = run.result;
  Json pieces = Json::object();
  for (Piece p : kAllPieces) {
    std::uint64_t n = s.pieces[std::size_t(int(p))];
    pieces[std::string(1, piece_letter(p))] = {{"count", n},
                                               {"percent", std::stod(saves_percent(s, n))}};
  }
  Json expressions = Json::array();
  for (std::size_t e = 0; e < run.expressions.size(); ++e) {
    expressions.push_back({{"expression", run.expressions[e].text()},
                           {"count", s.expressions[e]},
                           {"percent", std::stod(saves_percent(s, s.expressions[e]))}});
  }
  out = {{"need", s.need},
         {"sequences", s.total},
         {"perfect_clear", s.successes},
         {"pieces", pieces},
         {"expressions", expressions}};
}

}  // namespace manyworlds::tetris::sfinder
