#include "manyworlds/tetris/sfinder/percent.hpp"

#include <algorithm>

#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

std::string sequence_list(const Sequence& s) {
  std::string out = "[";
  for (int i = 0; i < s.length; ++i) {
    if (i) out += ", ";
    out += piece_letter(s.at(i));
  }
  return out + "]";
}

// The tree depth to ask percent() for so that the report can draw the tree: every level when
// tree_depth is negative, else at least one (the `*` line needs the first pieces).
int tree_depth_to_search(const PercentInput& input) {
  return input.tree_depth < 0 ? kMaxSequenceLength : std::max(input.tree_depth, 1);
}

// The levels of the success tree the report shows (-td; negative: all).
bool shown(const PercentInput& input, const PercentTreeEntry& e) {
  return input.tree_depth < 0 || e.prefix.length <= input.tree_depth;
}

// sfinder's report (PercentEntryPoint.run), line for line. Ours differs from sfinder's only in
// "Threads = ", "Version = " and the stopwatch figure, and in the order of a fail list.
Report percent_report(const PercentInput& in, const PercentResult& r, unsigned threads,
                      double seconds) {
  Report t;
  t.block("Setup Field");
  for (int y = in.clear_line - 1; y >= 0; --y) {
    std::string row;
    for (int x = 0; x < kWidth; ++x) row += in.field.filled(x, y) ? 'X' : '_';
    t.line(row);
  }
  t.line();
  report_user_defined(t, in, in.clear_line);
  t.block("Initialize / System");
  t.linef("Threads = {}", threads);
  t.linef("Version = {}", kVersion);
  t.linef("Necessary Pieces = {}", r.need);
  t.line();
  t.block("Enumerate pieces");
  t.linef("Piece pop count = {}", r.pop);
  int pattern_length = in.patterns.front().length();
  if (r.pop < pattern_length) {
    t.warning({"WARNING: Inputted pieces is more than 'necessary blocks'.",
               "         Because reduce unnecessary pieces,",
               "         there is a possibility of getting no expected percentages."});
  }
  t.linef("Searching pattern size (duplicate) = {}", r.with_duplicates.get_str());
  t.linef("Searching pattern size ( no dup. ) = {}", r.total);
  t.line();
  t.block("Search");
  t.stopwatch({}, static_cast<long long>(seconds * 1000));
  t.line();
  t.block("Output");
  std::string success = java_percent(double(r.successes), double(r.total));
  t.linef("success = {}% ({}/{})", success, r.successes, r.total);
  t.line();
  t.linef("Success pattern tree [Head {} pieces]:", std::min(in.tree_depth, pattern_length));
  int first_pieces = 0;
  for (const PercentTreeEntry& e : r.tree) first_pieces += e.prefix.length == 1;
  if (first_pieces > 1) t.linef("* -> {} %", success);
  for (const PercentTreeEntry& e : r.tree) {
    if (!shown(in, e)) continue;
    t.linef("{}∟ {} -> {} %", std::string(std::size_t(2 * (e.prefix.length - 1)), ' '),
            e.prefix.to_string(), java_percent(double(e.success), double(e.total)));
  }
  t.line();
  t.line("-------------------");
  if (in.failed_count != 0) {
    t.line(in.failed_count < 0 ? std::string("Fail pattern (all)")
                               : fmt::format("Fail pattern (max. {})", in.failed_count));
    for (const Sequence& s : r.failed) t.line(sequence_list(s));
    if (r.failed.empty()) t.line("nothing");
  }
  t.line();
  t.finalize();
  return t;
}

double percent_of(std::uint64_t count, std::uint64_t all) {
  return all ? 100.0 * double(count) / double(all) : 0.0;
}

// The success tree as JSON: each prefix with its children, to the report's depth.
Json tree_json(const PercentInput& in, const PercentResult& r) {
  Json root = Json::array();
  std::vector<Json*> open{&root};  // the children array of each open level
  for (const PercentTreeEntry& e : r.tree) {
    if (!shown(in, e)) continue;
    open.resize(std::size_t(e.prefix.length));
    open.back()->push_back({{"prefix", e.prefix.to_string()},
                            {"success", e.success},
                            {"total", e.total},
                            {"percent", percent_of(e.success, e.total)},
                            {"children", Json::array()}});
    open.push_back(&open.back()->back()["children"]);
  }
  return root;
}

}  // namespace

void report_user_defined(Report& report, const PercentInput& in, int clear_line) {
  report.block("Initialize / User-defined");
  report.linef("Max clear lines: {}", clear_line);
  report.linef("Using hold: {}", in.use_hold ? "use" : "avoid");
  report.linef("Kicks: {}", in.kicks_name);
  report.linef("Drop: {}", drop_type_name(in.drop_type));
  report.patterns(in.pattern_lines);
  report.line();
}

PercentRun run_percent(const PercentRequest& request) {
  PercentRun run;
  run.input = read_percent_input(request.options);
  const PercentInput& in = run.input;
  PercentOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop;
  options.kicks = in.kicks;
  options.method = request.method;
  options.threads = resolve_threads(in.threads);
  options.progress = request.progress;
  options.max_sequences = request.force ? 0 : kMaxSequencesUnforced;
  options.tree_depth = tree_depth_to_search(in);
  options.failed_limit = in.failed_count < 0 ? -1 : in.failed_count;
  // The drop model against the kicks (180 needs 180-degree kicks), before the log is written.
  MoveGenerator::check(options.kicks, options.drop);
  if (request.write_log) prepare_log(in.log_path);

  Stopwatch watch;
  run.result = percent(in.field, in.patterns, options);
  run.seconds = watch.seconds();
  run.threads = options.threads;
  run.report = percent_report(in, run.result, run.threads, run.seconds);
  if (request.write_log) {
    write_log(in.log_path, run.report);
  } else {
    run.input.log_path.clear();
  }
  return run;
}

void write_text(fmt::memory_buffer& out, const PercentRun& run) {
  append(out, "{}", run.report.text());
}

void to_json(Json& out, const PercentRun& run) {
  const PercentInput& in = run.input;
  const PercentResult& r = run.result;
  Json fails = Json::array();
  for (const Sequence& s : r.failed) fails.push_back(s.to_string());
  Json patterns = Json::array();
  for (const auto& p : in.patterns) patterns.push_back(p.text);
  out = {{"success", r.successes},
         {"total", r.total},
         {"percent", percent_of(r.successes, r.total)},
         {"clear_line", in.clear_line},
         {"hold", in.use_hold ? "use" : "avoid"},
         {"drop", std::string(drop_name(in.drop))},
         {"kicks", in.kicks.name()},
         {"patterns", patterns},
         {"method", std::string(method_name(r.method))},
         {"necessary_pieces", r.need},
         {"pop_count", r.pop},
         {"with_duplicates", r.with_duplicates},
         {"tree",
          {{"head", std::min(in.tree_depth, in.patterns.front().length())},
           {"success", r.successes},
           {"total", r.total},
           {"children", tree_json(in, r)}}},
         {"failed", fails},
         {"log_path", in.log_path},
         {"seconds", run.seconds}};
}

}  // namespace manyworlds::tetris::sfinder
