// `manyworlds tetris cover`: solution-finder 1.43's cover (which sequences of a pattern build
// each of several setups), with its options, its report, its log and its cover.csv.

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <memory>
#include <system_error>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/cover.hpp"
#include "manyworlds/tetris/pattern.hpp"
#include "manyworlds/version.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;

struct CoverCliOptions {
  std::vector<std::string> fumens;
  std::string patterns;  // a plain string: CLI11 would read [TI] as a list for a vector
  std::string patterns_path = "input/patterns.txt";
  std::string field_path = "input/field.txt";
  std::string hold = "use";
  std::string kicks = "srs";
  std::string drop = "softdrop";
  std::string mirror = "no";
  std::string mode = "normal";
  std::string sort = "input";
  std::string accum = "no";
  std::string priority = "no";
  int starting_b2b = 0;
  int last_softdrop = 0;
  int max_softdrop = -1;
  int max_clear_line = -1;
  std::string log_path = "output/last_output.txt";
  std::string output_base = "output/cover.csv";
  std::string method = "optimized";
  int threads = 0;
  bool json = false;
  bool force = false;
};

// Beyond this many sequences (counted with repeats) cover asks for --force.
constexpr std::uint64_t kMaxSequencesUnforced = 1'000'000;

std::string lower(std::string_view text) {
  std::string s(trim(text));
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// sfinder's yes/no values (CommandLineWrapper.getBoolOption), case-insensitive.
bool parse_yes_no(const std::string& value, std::string_view option) {
  const std::string v = lower(value);
  for (const char* yes :
       {"true", "t", "y", "ok", "yes", "on", "use", "allow", "enable", "visible"}) {
    if (v == yes) return true;
  }
  for (const char* no : {"false", "f", "n", "no", "ng", "off", "avoid", "disable", "hidden"}) {
    if (v == no) return false;
  }
  throw InputError(fmt::format(
      "cover: {} '{}' is not yes or no (nor true/false, use/avoid, on/off)", option, value));
}

// Java's String.split: trailing empty parts dropped.
std::vector<std::string> java_split(const std::string& text, char delimiter) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t at = text.find(delimiter, start);
    parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + 1;
  }
  if (parts.size() > 1) {
    while (!parts.empty() && parts.back().empty()) parts.pop_back();
  }
  return parts;
}

// The lines of a file as Java's Files.lines gives them (\n, \r\n or \r end a line).
std::vector<std::string> file_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back(line);
      line.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// Java's String.format("%.2f", value): the shortest decimal form of the double rounded half up
// (C's printf rounds the binary value: 3.125 gives 3.12 there, 3.13 in Java).
std::string java_2f(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  std::string s(buffer, end);
  if (s.find('.') == std::string::npos) s += '.';
  s += "000";
  std::size_t dot = s.find('.');
  std::string kept = s.substr(0, dot + 3);
  if (s[dot + 3] >= '5') {  // round the kept digits up, carrying
    int i = int(kept.size()) - 1;
    for (; i >= 0; --i) {
      if (kept[std::size_t(i)] == '.' || kept[std::size_t(i)] == '-') continue;
      if (kept[std::size_t(i)] == '9') {
        kept[std::size_t(i)] = '0';
      } else {
        ++kept[std::size_t(i)];
        break;
      }
    }
    if (i < 0) kept.insert(kept[0] == '-' ? 1 : 0, "1");
  }
  return kept;
}

std::string percent_text(std::uint64_t count, std::uint64_t all) {
  return java_2f(double(count) * 100.0 / double(all));
}

// The setup's field as sfinder's report draws it: gray cells X, the pieces by their letters,
// empty _; the used rows and one more.
std::vector<std::string> setup_rows(const CoverSetup& setup) {
  std::array<std::array<char, kWidth>, kMaxHeight> cells;
  int used = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      cells[std::size_t(y)][std::size_t(x)] = setup.field.filled(x, y) ? 'X' : '_';
      if (setup.field.filled(x, y)) used = std::max(used, y + 1);
    }
  }
  for (const CoverPiece& piece : setup.pieces) {
    for (const Cell& c : piece.cells) {
      cells[std::size_t(c.y)][std::size_t(c.x)] = piece_letter(piece.placement.piece);
      used = std::max(used, c.y + 1);
    }
  }
  std::vector<std::string> rows;
  for (int y = std::min(used + 1, kMaxHeight) - 1; y >= 0; --y) {
    rows.emplace_back(cells[std::size_t(y)].begin(), cells[std::size_t(y)].end());
  }
  return rows;
}

void write_output_file(const std::string& path, std::string_view content, std::string_view what) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) {
      throw InputError(fmt::format("cover: cannot create the folder '{}' for the {}: {}",
                                   parent.string(), what, ec.message()));
    }
  }
  write_file_atomically(path, content);
}

void run_cover(const CoverCliOptions& o) {
  // Setups: -t (each value may hold several, separated by spaces), else the field file (one
  // fumen a line, '#' starts a comment, lines without fumen data skipped, as sfinder).
  std::vector<CoverSetup> inputs;
  if (!o.fumens.empty()) {
    for (const std::string& value : o.fumens) {
      for (const std::string& word : java_split(value, ' ')) {
        if (word.empty()) continue;
        std::optional<CoverSetup> setup = read_cover_setup(word);
        if (!setup) {
          throw InputError(fmt::format("cover: '{}' holds no v115 fumen data (v115@...)", word));
        }
        inputs.push_back(std::move(*setup));
      }
    }
  } else {
    for (std::string line : file_lines(read_text(o.field_path))) {
      line = std::string(trim(line.substr(0, line.find('#'))));
      if (line.empty()) continue;
      if (std::optional<CoverSetup> setup = read_cover_setup(line)) {
        inputs.push_back(std::move(*setup));
      }
    }
    if (inputs.empty()) {
      throw InputError(
          fmt::format("cover: no fumen in the field file '{}' (or give -t FUMEN)", o.field_path));
    }
  }
  const bool mirror = parse_yes_no(o.mirror, "--mirror");
  std::vector<CoverSetup> setups;
  for (const CoverSetup& s : inputs) {
    setups.push_back(s);
    if (mirror) setups.push_back(mirror_setup(s));
  }

  // Patterns: -p (each value split at ';'), else the patterns file, one a line.
  std::vector<std::string> pattern_lines;
  if (!o.patterns.empty()) {
    pattern_lines = java_split(o.patterns, ';');
  } else {
    pattern_lines = file_lines(read_text(o.patterns_path));
  }
  std::string pattern_text;
  for (const std::string& line : pattern_lines) pattern_text += line + "\n";
  std::vector<Pattern> patterns = parse_patterns(pattern_text);

  CoverOptions options;
  options.use_hold = parse_yes_no(o.hold, "--hold");
  options.drop = parse_cover_drop(o.drop);
  std::string kicks_name = lower(o.kicks);
  if (kicks_name == "default" || kicks_name == "srs") {
    kicks_name = "srs";
    options.kicks = KickTable::srs();
  } else {
    options.kicks = load_kicks(o.kicks);
    kicks_name = lower(o.kicks);
  }
  options.mode = parse_cover_mode(o.mode);
  options.sort = parse_cover_sort(o.sort);
  const bool accumulate = parse_yes_no(o.accum, "--accum");
  options.priority = parse_yes_no(o.priority, "--priority");
  options.starting_b2b = o.starting_b2b;
  options.last_softdrop = o.last_softdrop;
  if (cover_mode_counts_lines(options.mode)) {
    options.max_softdrop = o.max_softdrop;
    options.max_clear_line = o.max_clear_line;
  }
  if (o.method == "optimized") {
    options.method = CoverMethod::Optimized;
  } else if (o.method == "direct") {
    options.method = CoverMethod::Direct;
  } else {
    throw InputError(fmt::format("cover: method '{}' is not optimized or direct", o.method));
  }
  options.threads = resolve_threads(o.threads);
  options.progress = show_progress();
  options.max_sequences = o.force ? 0 : kMaxSequencesUnforced;

  Stopwatch watch;
  CoverResult r = cover(setups, patterns, options);
  double seconds = watch.seconds();
  const std::uint64_t all = r.sequences.size();

  // The report, line for line as sfinder prints it (its version and stopwatch are ours).
  std::vector<std::string> out;
  out.push_back("# Setup Field");
  for (const CoverSetup& s : setups) {
    out.push_back(fmt::format("[{}]", s.label()));
    for (std::string& row : setup_rows(s)) out.push_back(std::move(row));
    out.push_back("");
  }
  out.push_back(fmt::format("Using hold: {}", options.use_hold ? "use" : "avoid"));
  out.push_back(fmt::format("Kicks: {}", kicks_name));
  out.push_back(fmt::format("Drop: {}", cover_drop_name(options.drop)));
  out.push_back(fmt::format("Mode: {}", cover_mode_name(options.mode)));
  if (cover_mode_counts_lines(options.mode)) {
    out.push_back(fmt::format("Max Softdrop Times: {}", std::max(-1, options.max_softdrop)));
    out.push_back(fmt::format("Max Clear Line Times: {}", std::max(-1, options.max_clear_line)));
  }
  out.push_back(fmt::format("StartingB2B: {}", options.starting_b2b));
  out.push_back(fmt::format("Priority: {}", options.priority ? "yes" : "no"));
  out.push_back(fmt::format("Last drop: {}", options.last_softdrop));
  out.push_back(fmt::format("Version: manyworlds {}", kVersion));
  out.push_back("Searching patterns:");
  for (std::size_t i = 0; i < pattern_lines.size() && i < 5; ++i) {
    out.push_back("  " + pattern_lines[i]);
  }
  if (pattern_lines.size() > 5) {
    out.push_back(fmt::format("  ... and more, total {} lines", pattern_lines.size()));
  }
  out.push_back("");
  out.push_back(fmt::format("Searching pattern size ( no dup. ) = {}", all));
  out.push_back("");
  out.push_back("# Calculate");
  out.push_back("  -> Stopwatch start");
  out.push_back("     ... calculating");
  out.push_back("     ... done");
  out.push_back(fmt::format("  -> Stopwatch stop : avg.time = {} ms [1 counts]",
                            std::int64_t(seconds * 1000)));
  out.push_back("");
  out.push_back("# Output");
  out.push_back("success:");
  for (std::size_t k = 0; k < r.order.size(); ++k) {
    const std::size_t s = std::size_t(r.order[k]);
    std::string line =
        fmt::format("{} % [{}/{}]", percent_text(r.counts[s], all), r.counts[s], all);
    if (accumulate) {
      line += fmt::format(" (accum. OR={}, AND={})", r.accumulated_or[k], r.accumulated_and[k]);
    }
    out.push_back(line + ": " + setups[s].url());
  }
  out.push_back(">>>");
  out.push_back(fmt::format("OR  = {} % [{}/{}]", percent_text(r.or_count, all), r.or_count, all));
  out.push_back(
      fmt::format("AND = {} % [{}/{}]", percent_text(r.and_count, all), r.and_count, all));

  std::string report;
  for (const std::string& line : out) report += line + "\n";
  write_output_file(o.log_path, report, "log");
  write_output_file(o.output_base, cover_csv(setups, r), "results");

  if (!o.json) {
    fmt::print("{}", report);
    return;
  }
  Json json_setups = Json::array();
  for (std::size_t k = 0; k < r.order.size(); ++k) {
    const std::size_t s = std::size_t(r.order[k]);
    std::string pieces;
    for (const CoverPiece& p : setups[s].pieces) pieces += piece_letter(p.placement.piece);
    Json entry = {{"label", setups[s].label()},
                  {"url", setups[s].url()},
                  {"input", s},
                  {"mirror", setups[s].mirror},
                  {"pieces", pieces},
                  {"success", r.counts[s]},
                  {"percent", all ? 100.0 * double(r.counts[s]) / double(all) : 0.0}};
    if (accumulate) {
      entry["accumulated_or"] = r.accumulated_or[k];
      entry["accumulated_and"] = r.accumulated_and[k];
    }
    json_setups.push_back(entry);
  }
  Json pats = Json::array();
  for (const auto& p : pattern_lines) pats.push_back(p);
  print_json({{"total", all},
              {"setups", json_setups},
              {"or",
               {{"success", r.or_count},
                {"percent", all ? 100.0 * double(r.or_count) / double(all) : 0.0}}},
              {"and",
               {{"success", r.and_count},
                {"percent", all ? 100.0 * double(r.and_count) / double(all) : 0.0}}},
              {"hold", options.use_hold ? "use" : "avoid"},
              {"kicks", kicks_name},
              {"drop", std::string(cover_drop_name(options.drop))},
              {"mode", std::string(cover_mode_name(options.mode))},
              {"priority", options.priority},
              {"patterns", pats},
              {"csv", o.output_base},
              {"log", o.log_path},
              {"seconds", seconds}});
}

}  // namespace

void setup_tetris_cover(CLI::App& tetris) {
  auto o = std::make_shared<CoverCliOptions>();
  auto* c = tetris.add_subcommand(
      "cover",
      "Share of a pattern's sequences that build each of several setups (sfinder's cover)");
  c->add_option("-t,--tetfu,--fumen", o->fumens,
                "Setups: fumens (v115@..., URLs), each with an optional page range #START:END")
      ->expected(1, -1);
  c->add_option("-p,--patterns", o->patterns, "Pattern(s), several joined with ';'");
  c->add_option("--patterns-path,--pp", o->patterns_path,
                "Patterns file when no -p (input/patterns.txt)");
  c->add_option("--field-path,--fp", o->field_path,
                "File of setups, one fumen a line, when no -t (input/field.txt)");
  c->add_option("-H,--hold", o->hold, "use (default) or avoid");
  c->add_option("-K,--kicks", o->kicks, "srs (default), nokicks, nullpomino180, @NAME, FILE");
  c->add_option("-d,--drop", o->drop,
                "softdrop (default), harddrop, 180, t-softdrop, tsz, tsm, tss, tsd, tst");
  c->add_option("-m,--mirror", o->mirror, "yes: add each setup's mirror image (no)");
  c->add_option("-M,--mode", o->mode,
                "normal (default), b2b, any, tss, tsd, tst, tetris, tetris-end, 1L..4L, "
                "1L-or-PC..4L-or-PC");
  c->add_option("-s,--sort", o->sort, "input (default), success, success-asc, success-desc");
  c->add_option("-a,--accum", o->accum, "yes: show running OR / AND counts (no)");
  c->add_option("--starting-b2b,--sb", o->starting_b2b,
                "T-spin modes: line clears at the start that must keep B2B (0)");
  c->add_option("-P,--priority", o->priority,
                "yes: a sequence counts only for the first setup it builds (no)");
  c->add_option("-l,--last-sd", o->last_softdrop,
                "The last N pieces may soft drop, whatever the drop model (0)");
  c->add_option("--max-softdrop,--ms", o->max_softdrop,
                "Line modes: soft drops allowed (-1: any number)");
  c->add_option("--max-clearline,--mc", o->max_clear_line,
                "Line modes: line clears allowed (-1: any number)");
  c->add_option("--log-path,--lp", o->log_path, "Log file (output/last_output.txt)");
  c->add_option("-o,--output-base", o->output_base, "Results CSV (output/cover.csv)");
  c->add_option("--method", o->method, "optimized (default) or direct (sfinder's own search)");
  c->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  add_json_flag(*c, o->json);
  add_force_flag(*c, o->force);
  c->callback([o] { run_cover(*o); });
}

}  // namespace manyworlds::cli
