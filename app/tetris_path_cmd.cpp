// `manyworlds tetris path` (solution-finder's path: every perfect-clear solution, sfinder's
// HTML and CSV files and log) and `manyworlds tetris saves` (the pieces a perfect clear can
// leave over). The work and the file formats live in the library (tetris/path.hpp,
// path_files.hpp, minimal_cover.hpp, saves.hpp); this file reads options, inputs and writes.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <sstream>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/fumen.hpp"
#include "manyworlds/tetris/minimal_cover.hpp"
#include "manyworlds/tetris/path.hpp"
#include "manyworlds/tetris/path_files.hpp"
#include "manyworlds/tetris/pattern.hpp"
#include "manyworlds/tetris/saves.hpp"
#include "manyworlds/version.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;
namespace fs = std::filesystem;

constexpr std::uint64_t kMaxInputsUnforced = 1'000'000;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// sfinder's yes/no words (its CommandLineWrapper.getBoolOption).
bool parse_yes_no(const std::string& value, std::string_view option) {
  std::string v = lower(trim(value));
  for (const char* w : {"true", "t", "yes", "y", "ok", "on", "use", "allow", "enable", "visible"}) {
    if (v == w) return true;
  }
  for (const char* w : {"false", "f", "no", "n", "ng", "off", "avoid", "disable", "hidden"}) {
    if (v == w) return false;
  }
  throw InputError(fmt::format("{}: '{}' is not yes or no", option, value));
}

// sfinder's drop names (PathSettings.setDropType) and how its log prints them.
Drop parse_path_drop(const std::string& value) {
  std::string v = lower(trim(value));
  if (v == "soft" || v == "softdrop") return Drop::Softdrop;
  if (v == "hard" || v == "harddrop") return Drop::Harddrop;
  if (v == "180" || v == "softdrop180") return Drop::Softdrop180;
  for (const char* w : {"tsoft", "tsoftdrop", "t-soft", "t-softdrop", "t_soft", "t_softdrop"}) {
    if (v == w) return Drop::TSoftdrop;
  }
  for (const char* w : {"tsz", "tspin0", "tsm", "tspinm", "tss", "tspin1", "tsd", "tspin2", "tst",
                        "tspin3"}) {
    if (v == w) {
      throw InputError(fmt::format(
          "drop: '{}' (sfinder's T-spin drop models) is not supported by path yet", value));
    }
  }
  throw InputError(fmt::format(
      "drop: unknown model '{}' (expected softdrop, harddrop, 180 or t-softdrop)", value));
}

const char* sfinder_drop_name(Drop d) {
  switch (d) {
    case Drop::Softdrop:
      return "softdrop";
    case Drop::Harddrop:
      return "harddrop";
    case Drop::Softdrop180:
      return "softdrop180";
    case Drop::TSoftdrop:
      return "softdroptonly";
  }
  return "softdrop";
}

// sfinder's fumen-comment options for path: a leading number is the clear line; `-p`, `-c`,
// `-H`, `-d`, `-K` and their long names; other words are ignored (comments are often prose).
struct CommentSettings {
  std::optional<int> clear_line;
  std::optional<std::string> patterns, hold, drop, kicks;
};

CommentSettings parse_comment(const std::string& comment) {
  CommentSettings s;
  std::string_view c = trim(comment);
  if (c.rfind("#Q=", 0) == 0) {
    std::string pattern;
    for (char ch : c.substr(3)) {
      if (piece_from_letter(ch) && ch >= 'A' && ch <= 'Z') pattern += ch;
    }
    if (!pattern.empty()) s.patterns = pattern;
    return s;
  }
  std::istringstream in{std::string(c)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  std::size_t i = 0;
  if (!words.empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    s.clear_line = int(parse_int(words[0], "fumen comment clear line", 1, kMaxPathClearLine));
    i = 1;
  }
  for (; i + 1 < words.size(); ++i) {
    const std::string& w = words[i];
    const std::string& v = words[i + 1];
    if (w == "-p" || w == "--patterns") {
      s.patterns = v;
    } else if (w == "-c" || w == "--clear-line") {
      s.clear_line = int(parse_int(v, "fumen comment clear line", 1, kMaxPathClearLine));
    } else if (w == "-H" || w == "--hold") {
      s.hold = v;
    } else if (w == "-d" || w == "--drop") {
      s.drop = v;
    } else if (w == "-K" || w == "--kicks") {
      s.kicks = v;
    } else {
      continue;
    }
    ++i;
  }
  return s;
}

// The field of a page with its piece drawn in (sfinder reads pages so), in colour.
fumen::ColorField merged_colors(const fumen::Page& page) {
  fumen::ColorField f = page.field;
  if (page.piece) {
    for (const Cell& c : shape(page.piece->piece, page.piece->rotation).cells) {
      int x = page.piece->x + c.x, y = page.piece->y + c.y;
      if (x >= 0 && x < kWidth && y >= 0 && y < fumen::kFieldHeight) {
        f.set(x, y, fumen::piece_color(page.piece->piece));
      }
    }
  }
  return f;
}

// Options shared by path and saves.
struct InputOptions {
  std::string fumen;
  int page = 1;
  std::string patterns;
  std::string patterns_path;
  std::string field_path = "input/field.txt";
  int clear_line = 4;
  std::string hold = "use";
  std::string drop = "softdrop";
  std::string kicks = "srs";
  int threads = 0;
  bool json = false;
  bool force = false;
  CLI::Option* fumen_option = nullptr;
  CLI::Option* patterns_option = nullptr;
  CLI::Option* clear_line_option = nullptr;
  CLI::Option* hold_option = nullptr;
  CLI::Option* drop_option = nullptr;
  CLI::Option* kicks_option = nullptr;
};

struct Inputs {
  fumen::ColorField colors;  // rows as read (the page's piece drawn in)
  int clear_line = 4;
  bool use_hold = true;
  Drop drop = Drop::Softdrop;
  std::string kicks_spec;
  KickTable kicks = KickTable::srs();
  std::vector<Pattern> patterns;
  std::vector<std::string> pattern_lines;  // as given, for the log
};

// The field, clear line and patterns as sfinder reads them: -t FUMEN (its comment's options
// count unless the command line gives them) or the field file; -p, else the comment's
// pattern, else the patterns file.
Inputs read_inputs(const InputOptions& o, std::string_view verb) {
  Inputs in;
  CommentSettings comment;
  std::optional<int> file_clear_line;
  auto load_fumen = [&](const std::string& text) {
    fumen::Page page = fumen::decode_page(text, o.page);
    comment = parse_comment(page.comment);
    in.colors = merged_colors(page);
  };
  if (o.fumen_option->count()) {
    load_fumen(o.fumen == "-" ? std::string(trim(read_text("-"))) : o.fumen);
  } else {
    std::vector<std::string> lines;
    for (std::string_view line : split_lines(read_text(o.field_path))) {
      std::string_view l = line.substr(0, line.find('#'));
      l = trim(l);
      if (!l.empty()) lines.emplace_back(l);
    }
    if (lines.empty()) {
      throw InputError(fmt::format("field file {}: no clear line and field", o.field_path));
    }
    std::size_t at = lines[0].find("115@");
    if (at != std::string::npos && at > 0) {
      load_fumen(lines[0]);
    } else {
      file_clear_line =
          int(parse_int(lines[0], fmt::format("field file {}: clear line", o.field_path), 1,
                        kMaxPathClearLine));
      int rows = int(lines.size()) - 1;
      if (rows > fumen::kFieldHeight) {
        throw InputError(fmt::format("field file {}: {} rows, at most {}", o.field_path, rows,
                                     fumen::kFieldHeight));
      }
      for (int r = 0; r < rows; ++r) {
        const std::string& row = lines[std::size_t(r) + 1];
        if (row.size() != std::size_t(kWidth)) {
          throw InputError(fmt::format("field file {}: row '{}' does not have 10 cells",
                                       o.field_path, row));
        }
        int y = rows - 1 - r;
        for (int x = 0; x < kWidth; ++x) {
          char c = row[std::size_t(x)];
          fumen::Color color = fumen::Color::Gray;
          if (c == '_' || c == '.') {
            color = fumen::Color::Empty;
          } else if (auto p = piece_from_letter(c); p && c >= 'A' && c <= 'Z') {
            color = fumen::piece_color(*p);
          }
          in.colors.set(x, y, color);
        }
      }
    }
  }
  in.clear_line = o.clear_line_option->count()
                      ? o.clear_line
                      : comment.clear_line.value_or(file_clear_line.value_or(o.clear_line));
  if (in.clear_line < 1 || in.clear_line > kMaxPathClearLine) {
    throw InputError(fmt::format("clear line {} out of range 1..{}", in.clear_line,
                                 kMaxPathClearLine));
  }
  in.use_hold =
      parse_yes_no(o.hold_option->count() ? o.hold : comment.hold.value_or(o.hold), "hold");
  in.drop = parse_path_drop(o.drop_option->count() ? o.drop : comment.drop.value_or(o.drop));
  in.kicks_spec = o.kicks_option->count() ? o.kicks : comment.kicks.value_or(o.kicks);
  in.kicks = load_kicks(lower(trim(in.kicks_spec)));
  MoveGenerator check(in.kicks, in.drop);  // 180 needs 180-degree kicks
  std::string pattern_text;
  if (o.patterns_option->count()) {
    pattern_text = o.patterns;
  } else if (comment.patterns) {
    pattern_text = *comment.patterns;
  } else {
    std::string file = o.patterns_path.empty() ? "input/patterns.txt" : o.patterns_path;
    try {
      pattern_text = read_text(file);
    } catch (const InputError&) {
      throw UsageError(fmt::format(
          "tetris {}: no pattern (give -p PATTERN, --patterns-path FILE or a fumen comment; {} "
          "cannot be read)",
          verb, file));
    }
  }
  in.patterns = parse_patterns(pattern_text);
  for (const Pattern& p : in.patterns) in.pattern_lines.push_back(p.text);
  return in;
}

void add_input_options(CLI::App& c, InputOptions& o) {
  o.fumen_option = c.add_option("-t,--tetfu,--fumen", o.fumen,
                                "Fumen of the field (v115@..., URL; - for stdin)");
  c.add_option("-P,--page", o.page, "Fumen page, from 1 (1)")->check(CLI::Range(1, 100000));
  o.patterns_option = c.add_option("-p,--patterns", o.patterns, "Pattern(s), joined with ';'");
  c.add_option("--patterns-path,--pp", o.patterns_path,
               "Patterns file, when no -p (input/patterns.txt)");
  c.add_option("--field-path,--fp", o.field_path, "Field file, when no -t (input/field.txt)");
  o.clear_line_option =
      c.add_option("-c,--clear-line", o.clear_line, "Lines to clear, 1..10 (4)");
  o.hold_option = c.add_option("-H,--hold", o.hold, "use (default) or avoid");
  o.drop_option =
      c.add_option("-d,--drop", o.drop, "softdrop (default), harddrop, 180, t-softdrop");
  o.kicks_option =
      c.add_option("-K,--kicks", o.kicks, "srs (default), nokicks, nullpomino180, @FILE");
  c.add_option("--threads,--th", o.threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(-1, 1024));
  add_json_flag(c, o.json);
  add_force_flag(c, o.force);
}

// ---- path ---------------------------------------------------------------------------------

struct PathCliOptions : InputOptions {
  std::string specified_only = "yes";
  int max_layer = 2;
  std::string format = "html";
  std::string key = "none";
  std::string split = "no";
  std::string reserved = "no";
  std::string log_path = "output/last_output.txt";
  std::string output_base = "output/path.html";
  int cached_bit = 0;
  std::string minimal = "sfinder";
  std::string pictures = "yes";
  CLI::Option* format_option = nullptr;
  CLI::Option* key_option = nullptr;
};

enum class Format { Html, CsvNone, CsvSolution, CsvPattern, CsvUse };

Format parse_format(const std::string& format, const std::string& key, bool key_given) {
  std::string f = lower(trim(format));
  if (f == "html" || f == "link") return Format::Html;
  if (f != "csv") {
    throw InputError(fmt::format("format: '{}' is not html or csv", format));
  }
  std::string k = key_given ? lower(trim(key)) : "none";
  if (k == "none" || k == "n") return Format::CsvNone;
  if (k == "solution" || k == "s") return Format::CsvSolution;
  if (k == "pattern" || k == "p") return Format::CsvPattern;
  if (k == "use" || k == "u") return Format::CsvUse;
  throw InputError(fmt::format("key: '{}' is not none, solution, pattern or use", key));
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
      throw InputError(
          fmt::format("output: cannot create the folder {}: {}", p.parent_path().string(),
                      ec.message()));
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
  Inputs in = read_inputs(o, "path");
  bool specified_only = parse_yes_no(o.specified_only, "specified-only");
  bool split = parse_yes_no(o.split, "split");
  bool reserved = parse_yes_no(o.reserved, "reserved");
  bool pictures = parse_yes_no(o.pictures, "pictures");
  if (o.max_layer != 1 && o.max_layer != 2) {
    throw InputError(fmt::format("max-layer: {} is not 1 (unique) or 2 (unique and minimal)",
                                 o.max_layer));
  }
  if (o.cached_bit < 0) {
    throw InputError(fmt::format("cached-bit: {} is negative", o.cached_bit));
  }
  std::string minimal_mode = lower(trim(o.minimal));
  if (minimal_mode != "sfinder" && minimal_mode != "exact") {
    throw InputError(fmt::format("minimal: '{}' is not sfinder or exact", o.minimal));
  }
  bool exact = minimal_mode == "exact";
  Format format =
      o.format_option->count() ? parse_format(o.format, o.key, o.key_option->count() > 0)
                               : Format::Html;
  bool to_console = format != Format::Html && o.output_base == "-";
  std::string base = name_path(o.output_base == "-" && format != Format::Html
                                   ? std::string("output/path.html")
                                   : o.output_base);
  if (format == Format::Html && o.output_base == "-") {
    throw InputError("output-base: '-' (standard output) works with -f csv only");
  }
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
  prepare_output(o.log_path);

  std::optional<fumen::ColorField> reserved_cells;
  Field field = in.colors.blocks();
  if (reserved) {
    ReservedField rf = split_reserved(in.colors);
    field = rf.field;
    reserved_cells = rf.reserved;
  }
  PathOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop;
  options.kicks = in.kicks;
  options.specified_only = specified_only;
  options.orders = format == Format::CsvSolution || format == Format::CsvPattern ||
                   format == Format::CsvUse;
  options.locked_orders = format == Format::CsvNone;
  options.split = split;
  options.threads = resolve_threads(o.threads);
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
  line(fmt::format("Kicks: {}", lower(in.kicks_spec) == "default" ? "srs" : lower(in.kicks_spec)));
  line(fmt::format("Drop: {}", sfinder_drop_name(in.drop)));
  line("Searching patterns:");
  for (std::size_t i = 0; i < in.pattern_lines.size() && i < 5; ++i) {
    line("  " + in.pattern_lines[i]);
  }
  if (in.pattern_lines.size() > 5) {
    line(fmt::format("  ... and more, total {} lines", in.pattern_lines.size()));
  }
  line();
  line("# Initialize / System");
  line(fmt::format("Version = manyworlds {}", kVersion));
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
  std::optional<ExactCover> cover;
  if (exact) {
    std::vector<const std::vector<std::uint32_t>*> sets;
    for (const PathSolution& s : r.solutions) sets.push_back(&s.specified);
    cover = minimal_cover(sets);
  }
  bool minimal_layer = o.max_layer == 2;
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
    line(fmt::format("Found path [minimal exact] = {} ({}; sfinder's minimal: {})",
                     cover->chosen.size(),
                     cover->optimal ? "proven minimal by CBC" : "NOT proven minimal",
                     r.minimal.size()));
  }
  line();
  line("# Finalize");
  line("done");

  for (const auto& [file, text] : contents) write_file_atomically(file, text);
  std::string log_text;
  for (const auto& l : log) log_text += l + "\n";
  write_file_atomically(o.log_path, log_text);

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
                {"drop", sfinder_drop_name(in.drop)},
                {"need", r.need},
                {"pop", r.pop},
                {"input_sequences", r.inputs.size()},
                {"unique", unique_json},
                {"minimal", minimal_json}};
    if (cover) {
      out["minimal_exact"] = {{"solutions", cover->chosen},
                              {"size", cover->chosen.size()},
                              {"proven", cover->optimal},
                              {"sfinder_size", r.minimal.size()},
                              {"covered_sequences", cover->universe}};
    }
    Json written = Json::array();
    for (const auto& [file, text] : contents) written.push_back(file);
    out["files"] = written;
    out["log"] = o.log_path;
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
  Inputs in = read_inputs(o, "saves");
  PathOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop;
  options.kicks = in.kicks;
  options.orders = true;
  options.threads = resolve_threads(o.threads);
  options.progress = show_progress() && !o.json;
  options.max_inputs = o.force ? 0 : kMaxInputsUnforced;
  PathResult r = path(in.colors.blocks(), in.patterns, options);
  SavesResult s = saves(r, in.patterns, expressions);
  auto pct = [&](std::uint64_t n) {
    return java_fixed(s.total ? 100.0 * double(n) / double(s.total) : 0.0, 2);
  };
  if (o.json) {
    Json pieces = Json::object();
    for (Piece p : kAllPieces) {
      std::uint64_t n = s.pieces[std::size_t(int(p))];
      pieces[std::string(1, piece_letter(p))] = {{"count", n},
                                                  {"percent", std::stod(pct(n))}};
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
  fmt::print("{} sequences of {} pieces (counted as the patterns give them), {} placed\n",
             s.total, s.need + 1, s.need);
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
  add_input_options(*c, *o);
  c->add_option("--specified-only,--so", o->specified_only,
                "Minimal from the given sequences only: yes (default) or no");
  c->add_option("-L,--max-layer", o->max_layer, "1: unique only; 2: unique and minimal (2)");
  o->format_option = c->add_option("-f,--format", o->format, "html (default) or csv");
  o->key_option =
      c->add_option("-k,--key", o->key, "CSV layout: none (default), solution, pattern, use");
  c->add_option("-s,--split", o->split, "One fumen page per piece: yes or no (default)");
  c->add_option("-r,--reserved", o->reserved,
                "Coloured cells must be covered by their piece: yes or no (default)");
  c->add_option("--log-path,--lp", o->log_path, "Log file (output/last_output.txt)");
  c->add_option("-o,--output-base", o->output_base,
                "Output base (output/path.html); - prints the CSV");
  c->add_option("--cached-bit,--cb", o->cached_bit, "Accepted for sfinder (no effect)");
  c->add_option("--minimal", o->minimal,
                "sfinder (default) or exact: also the proven smallest covering set");
  c->add_option("--pictures", o->pictures,
                "Draw each solution's field in the HTML: yes (default) or no (sfinder's bytes)");
  c->callback([o] { run_path(*o); });

  auto s = std::make_shared<SavesCliOptions>();
  auto* v = tetris.add_subcommand(
      "saves", "Share of sequences that perfect-clear keeping a piece (in hold or next)");
  add_input_options(*v, *s);
  v->add_option("-w,--wanted", s->expressions,
                "Saves expression, e.g. 'T|I', '[TI]&!O' (several allowed)");
  v->callback([s] { run_saves(*s); });
}

}  // namespace manyworlds::cli
