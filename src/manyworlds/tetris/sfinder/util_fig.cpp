#include "manyworlds/tetris/sfinder/util_fig.hpp"

#include <fmt/chrono.h>

#include <climits>
#include <ctime>
#include <filesystem>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/theme.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

namespace fs = std::filesystem;

int int_option(const std::string& text, std::string_view what) {
  return int(parse_int(text, what, INT_MIN, INT_MAX));
}

// The first line of a field file that is not blank once '#' comments are cut (sfinder's
// FigUtilSettingParser).
std::string fumen_from_file(const std::string& path) {
  std::string text = read_text(path);
  for (std::string_view line : split_lines(text)) {
    line = trim(line.substr(0, line.find('#')));
    if (!line.empty()) return std::string(line);
  }
  throw InputError(fmt::format("{}: no fumen in the file", path));
}

std::string fumen_text(const FigRequest& o) {
  int given = !o.fumen.empty() + !o.tetfu.empty() + !o.field_path.empty();
  if (given > 1) {
    throw UsageError("tetris fig: give the fumen once (FUMEN, --tetfu or --field-path)");
  }
  std::string arg = !o.fumen.empty() ? o.fumen : o.tetfu;
  if (arg == "-") return std::string(trim(read_text("-")));
  if (!arg.empty()) return arg;
  if (!o.field_path.empty()) return fumen_from_file(o.field_path);
  // sfinder's default field file.
  if (!fs::exists("input/field.txt")) {
    throw UsageError(
        "tetris fig: no fumen (give FUMEN, --tetfu or --field-path; "
        "input/field.txt does not exist)");
  }
  return fumen_from_file("input/field.txt");
}

// sfinder's theme lookup: a name in its theme/ folder; here the four built-in themes first,
// then theme/NAME.properties in the working folder, or a path to a .properties file.
Theme load_theme(std::string name) {
  if (name.starts_with('@') || name.starts_with('+')) name.erase(0, 1);
  bool is_path = name.find('/') != std::string::npos || name.ends_with(".properties");
  if (!is_path) {
    for (const std::string& builtin : builtin_theme_names()) {
      if (builtin == name) return builtin_theme(name);
    }
    std::string file = fmt::format("theme/{}.properties", name);
    if (!fs::exists(file)) {
      throw InputError(fmt::format(
          "color: unknown theme '{}' (built in: default, fumen, four, mipi; or a .properties "
          "file)",
          name));
    }
    return parse_theme(read_text(file), name);
  }
  return parse_theme(read_text(name), fs::path(name).stem().string());
}

// sfinder's PNG folder: yyyyMMdd_HHmmss of now beside the output, with _0, _1, ... when taken.
std::string date_folder(const std::string& output) {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  std::string stamp = fmt::format("{:%Y%m%d_%H%M%S}", local);
  fs::path parent = fs::path(output).parent_path();
  std::string name = stamp;
  for (int suffix = 0; fs::exists(parent / name); ++suffix) {
    name = fmt::format("{}_{}", stamp, suffix);
  }
  return name;
}

std::string piece_list(const std::vector<Piece>& pieces) {
  std::string s;
  for (Piece p : pieces) s += piece_letter(p);
  return s;
}

}  // namespace

FigRun run_fig(const FigRequest& o) {
  std::vector<fumen::Page> pages = fumen::decode(fumen_text(o));
  FigOptions options;
  options.start = int_option(o.start, "start");
  options.end = int_option(o.end, "end");
  options.rows = int_option(o.line, "line");
  options.next = int_option(o.next, "next");
  options.frame = parse_frame(o.frame);
  options.hold = parse_switch(o.hold, "hold");
  options.theme = load_theme(o.color);
  FigRun run;
  run.format = parse_fig_format(o.format);
  run.delay = int_option(o.delay, "delay");
  run.loop = parse_switch(o.loop, "loop");
  run.theme = options.theme.name;

  run.figures = draw_figures(pages, options);
  run.warnings = run.figures.warnings;
  bool per_page = run.format == FigFormat::Png || run.format == FigFormat::Svg;
  std::string subfolder = per_page && !o.no_date_folder ? date_folder(o.output) : "";
  run.files = fig_files(run.figures, run.format, o.output, subfolder, run.delay, run.loop);
  for (const FigFile& f : run.files) write_file(f.path, f.bytes, "output file");
  if (!o.log_path.empty()) {
    std::string log = fmt::format("# Setup\nVersion = manyworlds {}\n\n# Generate\n", kVersion);
    for (const FigFile& f : run.files) log += fmt::format("  .... Output to {}\n", f.path);
    write_file(o.log_path, log, "log file");
  }
  return run;
}

void write_text(fmt::memory_buffer& out, const FigRun& run) {
  const FigLayout& l = run.figures.layout;
  int first = run.figures.pages.front().page, last = run.figures.pages.back().page;
  std::string range =
      first == last ? fmt::format("page {}", first) : fmt::format("pages {}-{}", first, last);
  append(out, "{} ({}), {} x {} pixels, frame {}{}, {} rows, {} next, theme {}\n", range,
         run.figures.pages.size(), l.width, l.height, frame_name(l.frame),
         l.hold ? " with hold" : "", l.rows, l.next, run.theme);
  for (const FigFile& f : run.files) append(out, "wrote {} ({} bytes)\n", f.path, f.bytes.size());
}

void to_json(Json& out, const FigRun& run) {
  const FigLayout& l = run.figures.layout;
  std::size_t total = 0;
  for (const FigFile& f : run.files) total += f.bytes.size();
  out = {{"format", std::string(fig_format_name(run.format))},
         {"frame", std::string(frame_name(l.frame))},
         {"hold", l.hold},
         {"quiz", run.figures.quiz},
         {"rows", l.rows},
         {"next", l.next},
         {"width", l.width},
         {"height", l.height},
         {"theme", run.theme},
         {"delay", run.delay},
         {"loop", run.loop},
         {"bytes", total}};
  Json pages = Json::array();
  for (const Figure& f : run.figures.pages) {
    pages.push_back(
        {{"page", f.page},
         {"piece", f.piece ? Json(std::string(1, piece_letter(*f.piece))) : Json(nullptr)},
         {"hold", f.hold ? Json(std::string(1, piece_letter(*f.hold))) : Json(nullptr)},
         {"next", piece_list(f.next)}});
  }
  out["pages"] = pages;
  Json files = Json::array();
  for (const FigFile& f : run.files) {
    files.push_back({{"path", f.path}, {"bytes", f.bytes.size()}, {"pages", f.pages}});
  }
  out["files"] = files;
  out["warnings"] = run.warnings;
}

}  // namespace manyworlds::tetris::sfinder
