// `manyworlds tetris fig`: solution-finder's `util fig` — fumen pages drawn as an animated GIF
// or one PNG per page (and, beyond sfinder, SVG files or one HTML page of inline SVG).
// Options keep sfinder's long names; its one-dash two-letter spellings -lp and -fp are
// --log-path and --field-path here.

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <climits>
#include <ctime>
#include <filesystem>
#include <memory>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/draw/figure.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/theme.hpp"
#include "manyworlds/version.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;
namespace fs = std::filesystem;

struct FigCliOptions {
  std::string fumen;       // positional
  std::string tetfu;       // -t
  std::string field_path;  // -fp
  std::string format = "gif";
  std::string frame = "basic";
  std::string output = "output/fig.gif";
  std::string start = "1";
  std::string end = "-1";
  std::string line = "-1";
  std::string next = "5";
  std::string delay = "30";
  std::string loop = "true";
  std::string hold = "visible";
  std::string color = "default";
  std::string log_path;
  bool no_date_folder = false;
  bool json = false;
};

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

std::string fumen_text(const FigCliOptions& o) {
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
  for (int suffix = 0; fs::exists(parent / name); ++suffix)
    name = fmt::format("{}_{}", stamp, suffix);
  return name;
}

std::string piece_list(const std::vector<Piece>& pieces) {
  std::string s;
  for (Piece p : pieces) s += piece_letter(p);
  return s;
}

void run_fig(const FigCliOptions& o) {
  std::vector<fumen::Page> pages = fumen::decode(fumen_text(o));
  FigOptions options;
  options.start = int_option(o.start, "start");
  options.end = int_option(o.end, "end");
  options.rows = int_option(o.line, "line");
  options.next = int_option(o.next, "next");
  options.frame = parse_frame(o.frame);
  options.hold = parse_switch(o.hold, "hold");
  options.theme = load_theme(o.color);
  FigFormat format = parse_fig_format(o.format);
  int delay = int_option(o.delay, "delay");
  bool loop = parse_switch(o.loop, "loop");

  Figures figures = draw_figures(pages, options);
  bool per_page = format == FigFormat::Png || format == FigFormat::Svg;
  std::string subfolder = per_page && !o.no_date_folder ? date_folder(o.output) : "";
  std::vector<FigFile> files = fig_files(figures, format, o.output, subfolder, delay, loop);
  for (const FigFile& f : files) {
    fs::path parent = fs::path(f.path).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec) throw InputError(fmt::format("cannot create {}: {}", parent.string(), ec.message()));
    write_file_atomically(f.path, f.bytes);
  }
  std::size_t total = 0;
  for (const FigFile& f : files) total += f.bytes.size();
  const FigLayout& l = figures.layout;

  if (!o.log_path.empty()) {
    std::string log = fmt::format("# Setup\nVersion = manyworlds {}\n\n# Generate\n", kVersion);
    for (const FigFile& f : files) log += fmt::format("  .... Output to {}\n", f.path);
    fs::path parent = fs::path(o.log_path).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    write_file_atomically(o.log_path, log);
  }

  if (o.json) {
    Json out = {{"format", std::string(fig_format_name(format))},
                {"frame", std::string(frame_name(l.frame))},
                {"hold", l.hold},
                {"quiz", figures.quiz},
                {"rows", l.rows},
                {"next", l.next},
                {"width", l.width},
                {"height", l.height},
                {"theme", options.theme.name},
                {"delay", delay},
                {"loop", loop},
                {"bytes", total}};
    Json page_list = Json::array();
    for (const Figure& f : figures.pages) {
      page_list.push_back(
          {{"page", f.page},
           {"piece", f.piece ? Json(std::string(1, piece_letter(*f.piece))) : Json(nullptr)},
           {"hold", f.hold ? Json(std::string(1, piece_letter(*f.hold))) : Json(nullptr)},
           {"next", piece_list(f.next)}});
    }
    out["pages"] = page_list;
    Json file_list = Json::array();
    for (const FigFile& f : files) {
      file_list.push_back({{"path", f.path}, {"bytes", f.bytes.size()}, {"pages", f.pages}});
    }
    out["files"] = file_list;
    out["warnings"] = figures.warnings;
    print_json(out);
    return;
  }
  for (const std::string& w : figures.warnings) fmt::print(stderr, "manyworlds: warning: {}\n", w);
  int first = figures.pages.front().page, last = figures.pages.back().page;
  std::string range =
      first == last ? fmt::format("page {}", first) : fmt::format("pages {}-{}", first, last);
  fmt::print("{} ({}), {} x {} pixels, frame {}{}, {} rows, {} next, theme {}\n", range,
             figures.pages.size(), l.width, l.height, frame_name(l.frame),
             l.hold ? " with hold" : "", l.rows, l.next, options.theme.name);
  for (const FigFile& f : files) fmt::print("wrote {} ({} bytes)\n", f.path, f.bytes.size());
}

}  // namespace

void setup_tetris_fig(CLI::App& tetris) {
  auto o = std::make_shared<FigCliOptions>();
  auto* sub = tetris.add_subcommand(
      "fig", "Draw fumen pages as an animated GIF or PNG files (sfinder's util fig), or SVG/HTML");
  sub->add_option("fumen", o->fumen, "Fumen data (v115@..., a URL; - for stdin); or -t");
  sub->add_option("-t,--tetfu", o->tetfu, "Fumen data (sfinder's -t; - for stdin)");
  sub->add_option("--field-path", o->field_path,
                  "File whose first line is the fumen (sfinder's -fp; default input/field.txt)");
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
  sub->add_option("--log-path", o->log_path, "Also write a log of the files here (sfinder's -lp)");
  sub->add_flag("--no-date-folder", o->no_date_folder,
                "png/svg: write the pages beside --output instead of in a new date folder");
  add_json_flag(*sub, o->json);
  sub->callback([o] { run_fig(*o); });
}

}  // namespace manyworlds::cli
