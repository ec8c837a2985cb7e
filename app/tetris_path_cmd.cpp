// `manyworlds tetris path` (solution-finder's path: every perfect-clear solution, sfinder's
// HTML and CSV files and log) and `manyworlds tetris saves` (the pieces a perfect clear can
// leave over). The work and the file formats live in the library (tetris/path.hpp,
// path_files.hpp, minimal_cover.hpp, saves.hpp); this file reads options, inputs and writes.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <memory>
#include <span>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/search/minimal_cover.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/sfinder/path_files.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/saves.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/version.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;
namespace fs = std::filesystem;
namespace sfinder = manyworlds::tetris::sfinder;

constexpr std::uint64_t kMaxInputsUnforced = 1'000'000;

// The options of `path` and `saves`: sfinder's under their long names (every value given, in
// order; sfinder_args.hpp rewrites sfinder's spellings to these), and our own.
struct InputOptions {
  std::map<std::string, std::vector<std::string>, std::less<>> sfinder;
  bool json = false;
  bool force = false;
};

// One option of path's: from the command line, else the fumen comment / field file.
class PathSources {
 public:
  PathSources(const sfinder::OptionValues& command_line, const sfinder::PercentInput& in)
      : cli_(command_line), in_(in) {}
  std::optional<std::pair<std::string, std::string>> first(std::string_view name) const {
    if (auto v = cli_.first(name)) return std::pair{*v, std::string("command line")};
    if (auto v = in_.second.first(name)) return std::pair{*v, in_.second_source};
    return std::nullopt;
  }
  bool yes_no(std::string_view name, bool fallback) const {
    auto v = first(name);
    if (!v) return fallback;
    auto b = sfinder::java_bool(v->first);
    if (!b) {
      throw InputError(fmt::format("{}: --{} '{}' is not a yes/no word (yes, no, true, false, ...)",
                                   v->second, name, v->first));
    }
    return *b;
  }
  std::optional<int> integer(std::string_view name) const {
    auto v = first(name);
    if (!v) return std::nullopt;
    auto n = sfinder::java_int(v->first);
    if (!n) {
      throw InputError(fmt::format("{}: --{} '{}' is not an integer", v->second, name, v->first));
    }
    return n;
  }

 private:
  const sfinder::OptionValues& cli_;
  const sfinder::PercentInput& in_;
};

sfinder::OptionValues given_options(const InputOptions& o) {
  sfinder::OptionValues given;
  for (const auto& [name, values] : o.sfinder) {
    for (const std::string& v : values) {
      given.add(name, v.empty() ? std::vector<std::string>{} : std::vector<std::string>{v});
    }
  }
  return given;
}

// Path's inputs, read as sfinder's PathSettingParser reads them (the shared reader of
// sfinder/inputs.hpp with path's option table for fumen comments).
sfinder::PercentInput read_path_inputs(const sfinder::OptionValues& given) {
  sfinder::PercentInput in =
      sfinder::read_percent_input(given, sfinder::path_options(), sfinder::DropWords::Path);
  if (in.clear_line > kMaxPathClearLine) {
    throw InputError(fmt::format("clear line {} out of range (1 to {}: sfinder's path)",
                                 in.clear_line, kMaxPathClearLine));
  }
  // MoveGenerator checks the drop model against the kicks (180 needs 180-degree kicks).
  MoveGenerator check(in.kicks, in.drop);
  return in;
}

// Adds sfinder's options of `table` under their long names, as app/tetris_percent_cmd.cpp does.
void add_sfinder_options(CLI::App& c, InputOptions& o, std::span<const sfinder::OptionSpec> table) {
  struct Row {
    const char* names;
    const char* type;
    const char* help;
  };
  const std::map<std::string_view, Row> rows = {
      {"tetfu", {"-t,--tetfu,--fumen", "FUMEN", "Fumen of the field (v115@..., URL; - for stdin)"}},
      {"page", {"-P,--page", "N", "Fumen page, from 1 (1)"}},
      {"patterns", {"-p,--patterns", "PATTERN", "Pattern(s), several joined with ';'"}},
      {"patterns-path",
       {"--patterns-path,--patterns-file", "FILE", "-pp: patterns file (input/patterns.txt)"}},
      {"hold", {"-H,--hold", "WORD", "use (default) or avoid; yes/no, true/false, ..."}},
      {"kicks", {"-K,--kicks", "NAME", "srs/default, @NAME (kicks/NAME.properties), or a file"}},
      {"drop",
       {"-d,--drop", "NAME",
        "softdrop (default), harddrop, 180, tsoftdrop; T-spin drops tsz, tsm, tss, tsd, tst"}},
      {"clear-line", {"-c,--clear-line", "N", "Lines to clear, 1..10 (4)"}},
      {"threads", {"--threads", "N", "-th: worker threads (default: all cores)"}},
      {"field-path", {"--field-path", "FILE", "-fp: field file when there is no -t"}},
      {"log-path", {"--log-path", "FILE", "-lp: log file (output/last_output.txt)"}},
      {"specified-only",
       {"--specified-only", "WORD", "-so: minimal from the given sequences only: yes/no (yes)"}},
      {"max-layer", {"-L,--max-layer", "N", "1: unique only; 2: unique and minimal (2)"}},
      {"format", {"-f,--format", "NAME", "html (default) or csv"}},
      {"key", {"-k,--key", "NAME", "CSV layout: none (default), solution, pattern, use"}},
      {"split", {"-s,--split", "WORD", "one fumen page per piece: yes or no (no)"}},
      {"reserved",
       {"-r,--reserved", "WORD", "coloured cells must be covered by their piece: yes/no (no)"}},
      {"output-base",
       {"-o,--output-base", "PATH", "output base (output/path.html); - prints the CSV"}},
      {"cached-bit", {"--cached-bit", "N", "-cb: accepted for sfinder (no effect)"}},
  };
  for (const sfinder::OptionSpec& spec : table) {
    auto row = rows.find(spec.long_name);
    if (row == rows.end()) continue;  // -h is CLI11's own
    c.add_option(row->second.names, o.sfinder[std::string(spec.long_name)], row->second.help)
        ->type_name(row->second.type)
        ->expected(0, 1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  add_json_flag(c, o.json);
  add_force_flag(c, o.force);
}

// ---- path ---------------------------------------------------------------------------------

struct PathCliOptions : InputOptions {
  std::string minimal = "sfinder";
  double minimal_seconds = 60;
  std::string pictures = "yes";
};

enum class Format { Html, CsvNone, CsvSolution, CsvPattern, CsvUse };

Format parse_format(const std::string& format, const std::string& key) {
  std::string f = sfinder::lower(sfinder::java_trim(format));
  if (f == "html" || f == "link") return Format::Html;
  if (f != "csv") {
    throw InputError(fmt::format("--format '{}' is not html or csv", format));
  }
  std::string k = sfinder::lower(sfinder::java_trim(key));
  if (k == "none" || k == "n") return Format::CsvNone;
  if (k == "solution" || k == "s") return Format::CsvSolution;
  if (k == "pattern" || k == "p") return Format::CsvPattern;
  if (k == "use" || k == "u") return Format::CsvUse;
  throw InputError(fmt::format("--key '{}' is not none, solution, pattern or use", key));
}

// sfinder's output names: the base without its extension ("path" when it names a folder).
std::string name_path(const std::string& base) {
  std::string name = base;
  std::size_t dot = name.rfind('.');
  std::size_t slash = name.rfind('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
    name = name.substr(0, dot);
  }
  if (name.empty() || name.back() == '/') name += "path";
  return name;
}

// Makes the folder of `file`; refuses a file name that is a folder.
void prepare_output(const std::string& file) {
  fs::path p(file);
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    throw InputError(fmt::format("output: {} is a folder, not a file", file));
  }
  if (p.has_parent_path() && !fs::exists(p.parent_path(), ec)) {
    fs::create_directories(p.parent_path(), ec);
    if (ec) {
      throw InputError(fmt::format("output: cannot create the folder {}: {}",
                                   p.parent_path().string(), ec.message()));
    }
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

void run_path(const PathCliOptions& o) {
  sfinder::OptionValues given = given_options(o);
  sfinder::PercentInput in = read_path_inputs(given);
  PathSources src(given, in);
  bool specified_only = src.yes_no("specified-only", true);
  bool split = src.yes_no("split", false);
  // As in sfinder, -r counts on the command line only (it is read before the field).
  bool reserved = PathSources(given, sfinder::PercentInput{}).yes_no("reserved", false);
  bool pictures = sfinder::java_bool(o.pictures).value_or(false);
  if (!sfinder::java_bool(o.pictures)) {
    throw InputError(fmt::format("--pictures '{}' is not yes or no", o.pictures));
  }
  int max_layer = src.integer("max-layer").value_or(2);
  if (max_layer != 1 && max_layer != 2) {
    throw InputError(
        fmt::format("--max-layer {} is not 1 (unique) or 2 (unique and minimal)", max_layer));
  }
  if (src.integer("cached-bit").value_or(0) < 0) {
    throw InputError("--cached-bit must not be negative");
  }
  std::string minimal_mode = sfinder::lower(sfinder::java_trim(o.minimal));
  if (minimal_mode != "sfinder" && minimal_mode != "exact") {
    throw InputError(fmt::format("--minimal '{}' is not sfinder or exact", o.minimal));
  }
  bool exact = minimal_mode == "exact";
  auto format_value = src.first("format");
  Format format = format_value
                      ? parse_format(format_value->first,
                                     src.first("key").value_or(std::pair{"none", ""}).first)
                      : Format::Html;
  std::string output_base =
      src.first("output-base").value_or(std::pair{std::string("output/path.html"), ""}).first;
  std::string log_path = in.log_path;
  bool to_console = format != Format::Html && output_base == "-";
  if (to_console) output_base = "output/path.html";
  std::string base = name_path(output_base);
  std::vector<std::string> files;
  switch (format) {
    case Format::Html:
      files = {base + "_unique.html", base + "_minimal.html"};
      if (exact) files.push_back(base + "_minimal_exact.html");
      break;
    case Format::CsvNone:
      files = {base + "_unique.csv", base + "_minimal.csv"};
      if (exact) files.push_back(base + "_minimal_exact.csv");
      break;
    default:
      files = {base + ".csv"};
  }
  for (const auto& f : files) prepare_output(f);
  sfinder::prepare_log_path(log_path);

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
  options.orders =
      format == Format::CsvSolution || format == Format::CsvPattern || format == Format::CsvUse;
  options.locked_orders = format == Format::CsvNone;
  options.split = split;
  options.threads = resolve_threads(in.threads);
  options.progress = show_progress() && !o.json;
  options.max_inputs = o.force ? 0 : kMaxInputsUnforced;

  Stopwatch watch;
  PathResult r = path(field, in.patterns, options, reserved_cells);
  double search_ms = watch.seconds() * 1000;

  std::vector<std::string> log;
  auto line = [&log](std::string s = "") { log.push_back(std::move(s)); };
  line("# Setup Field");
  line(field_rows(r, reserved_cells));
  line();
  line("# Initialize / User-defined");
  line(fmt::format("Max clear lines: {}", r.clear_line));
  line(fmt::format("Using hold: {}", in.use_hold ? "use" : "avoid"));
  line(fmt::format("Kicks: {}", in.kicks_name));
  line(fmt::format("Drop: {}", drop_type_name(in.drop_type)));
  for (const std::string& l : sfinder::searching_patterns_lines(in.pattern_lines)) line(l);
  line();
  line("# Initialize / System");
  line(fmt::format("Version = {}", kVersion));
  line(fmt::format("Threads = {}", options.threads));
  line(fmt::format("Need Pieces = {}", r.need));
  line();
  line("# Enumerate pieces");
  line(fmt::format("Piece pop count = {}", r.pop));
  if (r.pop < r.pattern_length) {
    line();
    line("####################################################################");
    line("WARNING: more pieces is inputted than necessary.");
    line("         so redundant results may be obtained.");
    line("####################################################################");
    line();
  }
  line();
  line("# Cache");
  line("  -> Stopwatch start");
  line("     ... done");
  line("  -> Stopwatch stop : avg.time = 0 ms [1 counts]");
  line();
  line("# Search");
  line("  -> Stopwatch start");
  line("     ... searching");
  line("     ... done");
  line(fmt::format("  -> Stopwatch stop : avg.time = {:.0f} ms [1 counts]", search_ms));
  line();
  line("# Output file");

  std::vector<int> unique(r.solutions.size());
  for (std::size_t i = 0; i < unique.size(); ++i) unique[i] = int(i);
  // sfinder's HTML output sorts the unique list in place before it selects the minimal ones,
  // so among solutions with equal sets it keeps the first in the comparator's order.
  if (format == Format::Html) {
    r.minimal = select_minimal(r, path_html_order(r, unique), specified_only);
  }
  std::optional<ExactCover> cover;
  if (exact) {
    std::vector<const std::vector<std::uint32_t>*> sets;
    for (const PathSolution& s : r.solutions) sets.push_back(&s.specified);
    cover = minimal_cover(sets, o.minimal_seconds);
  }
  bool minimal_layer = max_layer == 2;
  std::vector<std::pair<std::string, std::string>> contents;  // file, text
  std::string console;
  switch (format) {
    case Format::Html: {
      PathHtmlOptions h;
      h.split = split;
      h.pictures = pictures;
      line(fmt::format("Found path [unique] = {}", unique.size()));
      contents.push_back({files[0], path_html(r, unique, h)});
      if (minimal_layer) {
        line(fmt::format("Found path [minimal] = {}", r.minimal.size()));
        contents.push_back({files[1], path_html(r, r.minimal, h)});
      }
      if (cover) contents.push_back({files[2], path_html(r, cover->chosen, h)});
      break;
    }
    case Format::CsvNone: {
      line(fmt::format("Found path [unique] = {}", unique.size()));
      contents.push_back({files[0], path_csv_none(r, unique)});
      if (!minimal_layer) console = contents.back().second;
      if (minimal_layer) {
        line(fmt::format("Found path [minimal] = {}", r.minimal.size()));
        contents.push_back({files[1], path_csv_none(r, r.minimal)});
        console = contents.back().second;
      }
      if (cover) contents.push_back({files[2], path_csv_none(r, cover->chosen)});
      break;
    }
    case Format::CsvSolution:
      line(fmt::format("Found path = {}", unique.size()));
      contents.push_back({files[0], path_csv_solution(r, split)});
      console = contents.back().second;
      break;
    case Format::CsvPattern: {
      line(fmt::format("Found path = {}", unique.size()));
      PatternCsv csv = path_csv_pattern(r, in.patterns, in.use_hold, split);
      contents.push_back({files[0], csv.text});
      console = csv.text;
      line();
      line("perfect clear percent");
      line(fmt::format("  -> success = {}% ({}/{})",
                       java_fixed(100.0 * double(csv.successes) / double(csv.rows), 2),
                       csv.successes, csv.rows));
      break;
    }
    case Format::CsvUse: {
      line(fmt::format("Found path = {}", unique.size()));
      UseCsv csv = path_csv_use(r, in.patterns, split);
      contents.push_back({files[0], csv.text});
      console = csv.text;
      line(fmt::format("Found piece combinations = {}", csv.rows));
      break;
    }
  }
  if (cover) {
    line(fmt::format(
        "Found path [minimal exact] = {} ({}; sfinder's minimal: {})", cover->chosen.size(),
        cover->optimal
            ? std::string("proven minimal by CBC")
            : fmt::format("NOT proven minimal: CBC stopped at {} s; no cover has fewer than {}",
                          o.minimal_seconds, cover->lower_bound),
        r.minimal.size()));
  }
  line();
  line("# Finalize");
  line("done");

  for (const auto& [file, text] : contents) write_file_atomically(file, text);
  std::string log_text;
  for (const auto& l : log) log_text += l + "\n";
  sfinder::write_log(log_path, log_text);

  if (o.json) {
    auto solution_json = [&](int i) {
      const PathSolution& s = r.solutions[std::size_t(i)];
      std::string pieces;
      for (Piece p : s.sample_pieces()) pieces += piece_letter(p);
      return Json{{"fumen", "v115@" + path_fumen(r, s, split)},
                  {"pieces", pieces},
                  {"states", path_link_text(s)},
                  {"sequences", s.specified.size()},
                  {"percent", 100.0 * double(s.specified.size()) / double(r.inputs.size())},
                  {"line_clear", s.skips_rows}};
    };
    Json unique_json = Json::array(), minimal_json = Json::array();
    for (int i : unique) unique_json.push_back(solution_json(i));
    for (int i : r.minimal) minimal_json.push_back(i);
    Json out = {{"clear_line", r.clear_line},
                {"hold", in.use_hold ? "use" : "avoid"},
                {"drop", std::string(drop_type_name(in.drop_type))},
                {"need", r.need},
                {"pop", r.pop},
                {"input_sequences", r.inputs.size()},
                {"unique", unique_json},
                {"minimal", minimal_json}};
    if (cover) {
      out["minimal_exact"] = {
          {"solutions", cover->chosen},       {"size", cover->chosen.size()},
          {"proven", cover->optimal},         {"lower_bound", cover->lower_bound},
          {"sfinder_size", r.minimal.size()}, {"covered_sequences", cover->universe}};
    }
    Json written = Json::array();
    for (const auto& [file, text] : contents) written.push_back(file);
    out["files"] = written;
    out["log"] = log_path;
    print_json(out);
    return;
  }
  if (to_console) {
    fmt::print("{}", console);
    return;
  }
  for (const auto& l : log) fmt::print("{}\n", l);
}

// ---- saves --------------------------------------------------------------------------------

struct SavesCliOptions : InputOptions {
  std::vector<std::string> expressions;
};

void run_saves(const SavesCliOptions& o) {
  std::vector<SavesExpr> expressions;
  for (const auto& e : o.expressions) expressions.push_back(SavesExpr::parse(e));
  sfinder::OptionValues given = given_options(o);
  sfinder::PercentInput in = read_path_inputs(given);
  PathOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop_type;
  options.kicks = in.kicks;
  options.orders = true;
  options.threads = resolve_threads(in.threads);
  options.progress = show_progress() && !o.json;
  options.max_inputs = o.force ? 0 : kMaxInputsUnforced;
  PathResult r = path(in.field, in.patterns, options);
  SavesResult s = saves(r, in.patterns, expressions);
  auto pct = [&](std::uint64_t n) {
    return java_fixed(s.total ? 100.0 * double(n) / double(s.total) : 0.0, 2);
  };
  if (o.json) {
    Json pieces = Json::object();
    for (Piece p : kAllPieces) {
      std::uint64_t n = s.pieces[std::size_t(int(p))];
      pieces[std::string(1, piece_letter(p))] = {{"count", n}, {"percent", std::stod(pct(n))}};
    }
    Json exprs = Json::array();
    for (std::size_t e = 0; e < expressions.size(); ++e) {
      exprs.push_back({{"expression", expressions[e].text()},
                       {"count", s.expressions[e]},
                       {"percent", std::stod(pct(s.expressions[e]))}});
    }
    print_json({{"need", s.need},
                {"sequences", s.total},
                {"perfect_clear", s.successes},
                {"pieces", pieces},
                {"expressions", exprs}});
    return;
  }
  fmt::print("{} sequences of {} pieces (counted as the patterns give them), {} placed\n", s.total,
             s.need + 1, s.need);
  fmt::print("perfect clear: {}% [{}/{}]\n", pct(s.successes), s.successes, s.total);
  fmt::print("saves (perfect clear keeping the piece in hold or next):\n");
  for (Piece p : kAllPieces) {
    std::uint64_t n = s.pieces[std::size_t(int(p))];
    fmt::print("  {}: {}% [{}/{}]\n", piece_letter(p), pct(n), n, s.total);
  }
  for (std::size_t e = 0; e < expressions.size(); ++e) {
    fmt::print("  {}: {}% [{}/{}]\n", expressions[e].text(), pct(s.expressions[e]),
               s.expressions[e], s.total);
  }
}

}  // namespace

void setup_tetris_path(CLI::App& tetris) {
  auto o = std::make_shared<PathCliOptions>();
  auto* c = tetris.add_subcommand(
      "path", "Every perfect-clear solution, sfinder's HTML/CSV files (sfinder's path)");
  c->footer(
      "sfinder's spellings work as in sfinder: -so no, -fp FILE, -pp FILE, -lp FILE, -th 2, "
      "-cb 0, -tetfu, -c4, -c=4. Without -t the field comes from input/field.txt, without -p "
      "the patterns from input/patterns.txt; the log is also written to output/last_output.txt.");
  add_sfinder_options(*c, *o, sfinder::path_options());
  c->add_option("--minimal", o->minimal,
                "sfinder (default) or exact: also the proven smallest covering set")
      ->type_name("MODE");
  c->add_option("--minimal-seconds", o->minimal_seconds,
                "Time limit of --minimal exact's solver (60; 0: none); past it the best cover "
                "found is written, marked not proven, with the solver's lower bound")
      ->type_name("S")
      ->check(CLI::Range(0.0, 1e9));
  c->add_option("--pictures", o->pictures,
                "Draw each solution's field in the HTML: yes (default) or no (sfinder's bytes)")
      ->type_name("WORD");
  c->callback([o] { run_path(*o); });

  auto s = std::make_shared<SavesCliOptions>();
  auto* v = tetris.add_subcommand(
      "saves", "Share of sequences that perfect-clear keeping a piece (in hold or next)");
  add_sfinder_options(*v, *s, sfinder::saves_options());
  v->add_option("-w,--wanted", s->expressions,
                "Saves expression, e.g. 'T|I', '[TI]&!O' (several allowed)")
      ->type_name("EXPR");
  v->callback([s] { run_saves(*s); });
}

}  // namespace manyworlds::cli
