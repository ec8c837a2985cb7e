#include "manyworlds/tetris/sfinder/cover.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// A yes/no option (CommandLineWrapper.getBoolOption), or `fallback` when it is not given.
bool yes_no(const OptionValues& given, std::string_view name, bool fallback) {
  auto v = given.first(name);
  if (!v) return fallback;
  auto b = java_bool(*v);
  if (!b) {
    throw InputError(fmt::format(
        "cover: --{} '{}' is not yes or no (nor true/false, use/avoid, on/off)", name, *v));
  }
  return *b;
}

// An integer option (Integer.valueOf), or `fallback` when it is not given.
int integer(const OptionValues& given, std::string_view name, int fallback) {
  auto v = given.first(name);
  if (!v) return fallback;
  auto n = java_int(*v);
  if (!n) throw InputError(fmt::format("cover: --{} '{}' is not an integer", name, *v));
  return *n;
}

// The setups' texts: --tetfu's words, or the field file's lines (CoverSettingParser
// .loadFumenData), and whether they came from --tetfu.
std::vector<CoverSetup> read_setups(const OptionValues& given) {
  std::vector<CoverSetup> setups;
  if (given.has("tetfu")) {
    for (const std::string& value : given.all("tetfu")) {
      for (const std::string& word : java_split(value, ' ')) {
        if (word.empty()) continue;
        std::optional<CoverSetup> setup = read_cover_setup(word);
        if (!setup) {
          throw InputError(fmt::format("cover: '{}' holds no v115 fumen data (v115@...)", word));
        }
        setups.push_back(std::move(*setup));
      }
    }
    if (setups.empty()) throw InputError("cover: --tetfu given no fumen");
    return setups;
  }
  const std::string path = given.first("field-path").value_or("input/field.txt");
  std::string text;
  try {
    text = read_text(path);
  } catch (const InputError& e) {
    throw InputError(fmt::format(
        "cover: no setups: give -t FUMEN or a field file ({}; see --field-path)", e.what()));
  }
  for (const std::string& raw : java_lines(text)) {
    std::string_view line = raw;
    line = java_trim(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    if (std::optional<CoverSetup> setup = read_cover_setup(line)) {
      setups.push_back(std::move(*setup));
    }
  }
  if (setups.empty()) {
    throw InputError(
        fmt::format("cover: no fumen in the field file '{}' (or give -t FUMEN)", path));
  }
  return setups;
}

}  // namespace

CoverInput read_cover_input(const OptionValues& given) {
  CoverInput in;
  const bool mirror = yes_no(given, "mirror", false);
  for (CoverSetup& s : read_setups(given)) {
    in.setups.push_back(std::move(s));
    if (mirror) in.setups.push_back(mirror_setup(in.setups.back()));
  }

  in.pattern_lines =
      read_pattern_lines(given.all("patterns"),
                         given.first("patterns-path").value_or("input/patterns.txt"), "cover: ");
  if (in.pattern_lines.empty()) throw InputError("cover: patterns: no pattern given");
  in.patterns = parse_pattern_lines(in.pattern_lines);

  CoverOptions& o = in.options;
  if (auto kicks = given.first("kicks")) {
    NamedKicks k = load_named_kicks(*kicks);
    o.kicks = std::move(k.table);
    in.kicks_name = std::move(k.name);
  }
  if (auto drop = given.first("drop")) o.drop = parse_drop_type(*drop, "cover");
  if (auto mode = given.first("mode")) o.mode = parse_cover_mode(*mode);
  if (cover_mode_counts_lines(o.mode)) {
    o.max_softdrop = integer(given, "max-softdrop", -1);
    o.max_clear_line = integer(given, "max-clearline", -1);
  }
  if (auto sort = given.first("sort")) o.sort = parse_cover_sort(*sort);
  in.accumulate = yes_no(given, "accum", false);
  o.last_softdrop = integer(given, "last-sd", 0);
  o.use_hold = yes_no(given, "hold", true);
  o.priority = yes_no(given, "priority", false);
  if (auto log = given.first("log-path")) in.log_path = *log;
  if (auto out = given.first("output-base")) in.output_path = *out;
  o.starting_b2b = integer(given, "starting-b2b", 0);
  return in;
}

std::vector<std::string> cover_setup_rows(const CoverSetup& setup) {
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

std::string cover_report(const CoverInput& in, const CoverResult& r, std::string_view version,
                         long long milliseconds) {
  const CoverOptions& o = in.options;
  const double all = double(r.sequences.size());
  Report t;
  t.block("Setup Field");
  for (const CoverSetup& s : in.setups) {
    t.linef("[{}]", s.label());
    t.lines(cover_setup_rows(s));
    t.line();
  }
  t.linef("Using hold: {}", o.use_hold ? "use" : "avoid");
  t.linef("Kicks: {}", in.kicks_name);
  t.linef("Drop: {}", drop_type_name(o.drop));
  t.linef("Mode: {}", cover_mode_name(o.mode));
  if (cover_mode_counts_lines(o.mode)) {
    t.linef("Max Softdrop Times: {}", std::max(-1, o.max_softdrop));
    t.linef("Max Clear Line Times: {}", std::max(-1, o.max_clear_line));
  }
  t.linef("StartingB2B: {}", o.starting_b2b);
  t.linef("Priority: {}", o.priority ? "yes" : "no");
  t.linef("Last drop: {}", o.last_softdrop);
  t.linef("Version: {}", version);
  t.patterns(in.pattern_lines);
  t.line();
  t.linef("Searching pattern size ( no dup. ) = {}", r.sequences.size());
  t.line();
  t.block("Calculate");
  t.stopwatch({"     ... calculating", "     ... done"}, milliseconds);
  t.line();
  t.block("Output");
  t.line("success:");
  for (std::size_t k = 0; k < r.order.size(); ++k) {
    const std::size_t s = std::size_t(r.order[k]);
    std::string text = fmt::format("{} % [{}/{}]", java_percent(double(r.counts[s]), all),
                                   r.counts[s], r.sequences.size());
    if (in.accumulate) {
      text += fmt::format(" (accum. OR={}, AND={})", r.accumulated_or[k], r.accumulated_and[k]);
    }
    t.line(text + ": " + in.setups[s].url());
  }
  t.line(">>>");
  t.linef("OR  = {} % [{}/{}]", java_percent(double(r.or_count), all), r.or_count,
          r.sequences.size());
  t.linef("AND = {} % [{}/{}]", java_percent(double(r.and_count), all), r.and_count,
          r.sequences.size());
  return t.text();
}

std::string cover_csv(const std::vector<CoverSetup>& setups, const CoverResult& result) {
  std::string out = "sequence,";
  for (std::size_t k = 0; k < result.order.size(); ++k) {
    if (k) out += ',';
    out += setups[std::size_t(result.order[k])].label();
  }
  out += '\n';
  out.reserve(out.size() + result.sequences.size() * (22 + 2 * result.order.size()));
  for (std::size_t q = 0; q < result.sequences.size(); ++q) {
    out += result.sequences[q].to_string();
    for (int s : result.order) {
      out += ',';
      out += result.success[std::size_t(s)][q] ? 'O' : 'X';
    }
    out += '\n';
  }
  return out;
}

CoverMethod parse_cover_method(std::string_view name) {
  if (name == "optimized") return CoverMethod::Optimized;
  if (name == "direct") return CoverMethod::Direct;
  throw InputError(fmt::format("cover: method '{}' is not optimized or direct", name));
}

CoverRun run_cover(const CoverRequest& request) {
  CoverRun run;
  run.input = read_cover_input(request.options);
  CoverOptions& options = run.input.options;
  options.method = request.method;
  options.threads = request.threads;
  options.progress = request.progress;
  options.max_sequences = request.force ? 0 : kMaxCoverSequencesUnforced;
  Stopwatch watch;
  run.result = cover(run.input.setups, run.input.patterns, options);
  run.seconds = watch.seconds();
  run.report = cover_report(run.input, run.result, fmt::format("manyworlds {}", kVersion),
                            static_cast<long long>(run.seconds * 1000));
  write_file(run.input.log_path, run.report, "log file");
  write_file(run.input.output_path, cover_csv(run.input.setups, run.result), "results file");
  return run;
}

void write_text(fmt::memory_buffer& out, const CoverRun& run) {
  append(out, "{}", run.report);
}

void to_json(Json& out, const CoverRun& run) {
  const CoverInput& in = run.input;
  const CoverResult& r = run.result;
  const std::uint64_t all = r.sequences.size();
  auto percent_of = [all](std::uint64_t count) {
    return all ? 100.0 * double(count) / double(all) : 0.0;
  };
  Json setups = Json::array();
  for (std::size_t k = 0; k < r.order.size(); ++k) {
    const std::size_t s = std::size_t(r.order[k]);
    const CoverSetup& setup = in.setups[s];
    std::string pieces;
    for (const CoverPiece& p : setup.pieces) pieces += piece_letter(p.placement.piece);
    Json entry = {{"label", setup.label()},
                  {"url", setup.url()},
                  {"input", s},
                  {"mirror", setup.mirror},
                  {"pieces", pieces},
                  {"success", r.counts[s]},
                  {"percent", percent_of(r.counts[s])}};
    if (in.accumulate) {
      entry["accumulated_or"] = r.accumulated_or[k];
      entry["accumulated_and"] = r.accumulated_and[k];
    }
    setups.push_back(entry);
  }
  out = {{"total", all},
         {"setups", setups},
         {"or", {{"success", r.or_count}, {"percent", percent_of(r.or_count)}}},
         {"and", {{"success", r.and_count}, {"percent", percent_of(r.and_count)}}},
         {"hold", in.options.use_hold ? "use" : "avoid"},
         {"kicks", in.kicks_name},
         {"drop", std::string(drop_type_name(in.options.drop))},
         {"mode", std::string(cover_mode_name(in.options.mode))},
         {"priority", in.options.priority},
         {"patterns", in.pattern_lines},
         {"csv", in.output_path},
         {"log", in.log_path},
         {"seconds", run.seconds}};
}

}  // namespace manyworlds::tetris::sfinder
