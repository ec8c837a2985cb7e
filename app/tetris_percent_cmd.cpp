// `manyworlds tetris percent` (solution-finder's percent: perfect-clear success rate over the
// sequences of a pattern) and `manyworlds tetris setup-percent` (TetrisPercent's question: the
// share of piece orders that build a setup).

#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "manyworlds/tetris/search/setup.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/version.hpp"
#include "sfinder_args.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;
namespace sfinder = manyworlds::tetris::sfinder;

// The options of `percent`: sfinder's under their long names (every value given, in order;
// sfinder_args.hpp rewrites sfinder's spellings to these), and our own.
struct PercentCliOptions {
  std::map<std::string, std::vector<std::string>, std::less<>> sfinder;
  std::string method = "auto";
  bool json = false;
  bool force = false;
};

std::string fumen_arg(const std::string& arg) {
  if (arg == "-") return std::string(trim(read_text("-")));
  return arg;
}

// Beyond this many sequences (with repeats, after truncation) percent asks for --force: at
// tens of thousands of sequences a second on hard fields, that is minutes of work.
constexpr std::uint64_t kMaxSequencesUnforced = 1'000'000;

bool parse_hold(const std::string& value) {
  if (value == "use" || value == "yes" || value == "true") return true;
  if (value == "avoid" || value == "no" || value == "false") return false;
  throw InputError(fmt::format("hold: '{}' is not use or avoid", value));
}

std::string sequence_list(const Sequence& s) {
  std::string out = "[";
  for (int i = 0; i < s.length; ++i) {
    if (i) out += ", ";
    out += piece_letter(s.at(i));
  }
  return out + "]";
}

// sfinder's report (PercentEntryPoint.run), line for line. Ours differ from sfinder's only in
// "Threads = ", "Version = " and the stopwatch figure, and in the order of a fail list.
std::string percent_report_text(const sfinder::PercentInput& in, const PercentResult& r,
                                const sfinder::PercentReport& rep, unsigned threads,
                                double seconds) {
  std::string t;
  auto line = [&](std::string_view s = {}) {
    t += s;
    t += '\n';
  };
  line("# Setup Field");
  for (const std::string& row : rep.field_rows) line(row);
  line();
  line("# Initialize / User-defined");
  line(fmt::format("Max clear lines: {}", in.clear_line));
  line(fmt::format("Using hold: {}", in.use_hold ? "use" : "avoid"));
  line(fmt::format("Kicks: {}", in.kicks_name));
  line(fmt::format("Drop: {}", sfinder::drop_report_name(in.drop)));
  for (const std::string& l : sfinder::searching_patterns_lines(in.pattern_lines)) line(l);
  line();
  line("# Initialize / System");
  line(fmt::format("Threads = {}", threads));
  line(fmt::format("Version = {}", kVersion));
  line(fmt::format("Necessary Pieces = {}", r.need));
  line();
  line("# Enumerate pieces");
  line(fmt::format("Piece pop count = {}", r.pop));
  if (rep.warning) {
    line();
    line("####################################################################");
    line("WARNING: Inputted pieces is more than 'necessary blocks'.");
    line("         Because reduce unnecessary pieces,");
    line("         there is a possibility of getting no expected percentages.");
    line("####################################################################");
    line();
  }
  line(fmt::format("Searching pattern size (duplicate) = {}", r.with_duplicates.get_str()));
  line(fmt::format("Searching pattern size ( no dup. ) = {}", r.total));
  line();
  line("# Search");
  line("  -> Stopwatch start");
  line(fmt::format("  -> Stopwatch stop : avg.time = {} ms [1 counts]",
                   static_cast<long long>(seconds * 1000)));
  line();
  line("# Output");
  line(fmt::format("success = {}% ({}/{})", rep.success_percent, r.successes, r.total));
  line();
  line(fmt::format("Success pattern tree [Head {} pieces]:", rep.head));
  if (rep.root_line) line(fmt::format("* -> {} %", rep.success_percent));
  for (const auto& e : rep.tree) {
    line(fmt::format("{}∟ {} -> {} %", std::string(std::size_t(2 * (e.depth - 1)), ' '), e.prefix,
                     e.percent));
  }
  line();
  line("-------------------");
  if (in.failed_count != 0) {
    line(in.failed_count < 0 ? std::string("Fail pattern (all)")
                             : fmt::format("Fail pattern (max. {})", in.failed_count));
    for (const Sequence& s : r.failed) line(sequence_list(s));
    if (r.failed.empty()) line("nothing");
  }
  line();
  line("# Finalize");
  line("done");
  return t;
}

// The success tree as JSON: each prefix with its children, to the report's depth.
Json tree_json(const sfinder::PercentInput& in, const PercentResult& r) {
  Json root = Json::array();
  std::vector<Json*> open{&root};  // the children array of each open level
  for (const PercentTreeEntry& e : r.tree) {
    int level = e.prefix.length;
    if (in.tree_depth >= 0 && level > in.tree_depth) continue;
    double pct = e.total ? 100.0 * double(e.success) / double(e.total) : 0;
    open.resize(std::size_t(level));
    open.back()->push_back({{"prefix", e.prefix.to_string()},
                            {"success", e.success},
                            {"total", e.total},
                            {"percent", pct},
                            {"children", Json::array()}});
    open.push_back(&open.back()->back()["children"]);
  }
  return root;
}

void run_percent(const PercentCliOptions& o) {
  sfinder::OptionValues given;
  for (const auto& [name, values] : o.sfinder) {
    for (const std::string& v : values) {
      given.add(name, v.empty() ? std::vector<std::string>{} : std::vector<std::string>{v});
    }
  }
  sfinder::PercentInput in = sfinder::read_percent_input(given);

  PercentOptions options;
  options.clear_line = in.clear_line;
  options.use_hold = in.use_hold;
  options.drop = in.drop;
  options.kicks = in.kicks;
  options.method = parse_method(o.method);
  options.threads = resolve_threads(in.threads);
  options.progress = show_progress() && !o.json;
  options.max_sequences = o.force ? 0 : kMaxSequencesUnforced;
  options.tree_depth = sfinder::tree_depth_to_search(in);
  options.failed_limit = in.failed_count < 0 ? -1 : in.failed_count;
  // MoveGenerator checks the drop model against the kicks (180 needs 180-degree kicks).
  MoveGenerator check(options.kicks, options.drop);
  // As sfinder does, the log file's folder is made before the search.
  sfinder::prepare_log_path(in.log_path);

  Stopwatch watch;
  PercentResult r = percent(in.field, in.patterns, options);
  double seconds = watch.seconds();
  sfinder::PercentReport report = sfinder::percent_report(in, r);
  std::string text = percent_report_text(in, r, report, options.threads, seconds);
  sfinder::write_log(in.log_path, text);

  if (!o.json) {
    fmt::print("{}", text);
    return;
  }
  double pct = r.total ? 100.0 * double(r.successes) / double(r.total) : 0;
  Json fails = Json::array();
  for (const Sequence& s : r.failed) fails.push_back(s.to_string());
  Json pats = Json::array();
  for (const auto& p : in.patterns) pats.push_back(p.text);
  print_json({{"success", r.successes},
              {"total", r.total},
              {"percent", pct},
              {"clear_line", in.clear_line},
              {"hold", in.use_hold ? "use" : "avoid"},
              {"drop", std::string(drop_name(in.drop))},
              {"kicks", in.kicks.name()},
              {"patterns", pats},
              {"method", std::string(method_name(r.method))},
              {"necessary_pieces", r.need},
              {"pop_count", r.pop},
              {"with_duplicates", big_json(r.with_duplicates)},
              {"tree",
               {{"head", report.head},
                {"success", r.successes},
                {"total", r.total},
                {"children", tree_json(in, r)}}},
              {"failed", fails},
              {"log_path", in.log_path},
              {"seconds", seconds}});
}

// ---- setup-percent ------------------------------------------------------------------------

struct SetupCliOptions {
  std::string fumen;
  int page = 1;
  std::string hold = "use";
  std::string drop = "softdrop";
  std::string kicks = "srs";
  bool json = false;
};

void run_setup_percent(const SetupCliOptions& o) {
  fumen::Page page = fumen::decode_page(fumen_arg(o.fumen), o.page);
  SetupOptions options;
  options.use_hold = parse_hold(o.hold);
  options.drop = parse_drop(o.drop);
  if (options.drop != Drop::Softdrop && options.drop != Drop::Harddrop) {
    throw InputError("setup-percent: drop must be softdrop or harddrop");
  }
  options.kicks = load_kicks(o.kicks);
  Setup setup = read_setup(page);
  SetupResult r = setup_percent(setup, options);
  double pct = r.total ? 100.0 * double(r.success) / double(r.total) : 0;
  std::string pieces;
  for (const auto& p : setup.pieces) pieces += piece_letter(p.piece);
  if (o.json) {
    Json fails = Json::array();
    for (const auto& s : r.failed) fails.push_back(s);
    print_json({{"pieces", pieces},
                {"hold", options.use_hold ? "use" : "avoid"},
                {"drop", std::string(drop_name(options.drop))},
                {"success", r.success},
                {"total", r.total},
                {"percent", pct},
                {"orders_without_hold", r.works_without_hold},
                {"failed", fails}});
    return;
  }
  fmt::print("Setup pieces: {} ({} orders)\n", pieces, r.total);
  fmt::print("Orders that work without hold: {}\n", r.works_without_hold);
  fmt::print("success = {:.2f}% ({}/{}) with hold {}\n", pct, r.success, r.total,
             options.use_hold ? "use" : "avoid");
  if (!r.failed.empty()) {
    std::string line;
    for (std::size_t i = 0; i < r.failed.size() && i < 20; ++i)
      line += (i ? " " : "") + r.failed[i];
    fmt::print("Failing orders{}: {}\n", r.failed.size() > 20 ? " (first 20)" : "", line);
  }
}

}  // namespace

void setup_tetris_percent(CLI::App& tetris) {
  auto o = std::make_shared<PercentCliOptions>();
  auto* p = tetris.add_subcommand(
      "percent", "Perfect-clear success rate over a pattern's sequences (sfinder's percent)");
  p->footer(
      "sfinder's spellings work as in sfinder: -fc 0, -td 1, -th 2, -pp FILE, -fp FILE, -lp FILE, "
      "-tetfu, --fail (a prefix), -c4, -c=4. Without -t the field comes from input/field.txt, "
      "without -p the patterns from input/patterns.txt; the report is also written to "
      "output/last_output.txt.");
  // sfinder's options (sfinder::percent_options()), each under its long name.
  struct Row {
    const char* names;
    const char* type;
    const char* help;
  };
  const std::map<std::string_view, Row> rows = {
      {"tetfu", {"-t,--tetfu,--fumen", "FUMEN", "Fumen of the field (v115@..., URL; - for stdin)"}},
      {"page", {"-P,--page", "N", "Fumen page, from 1 (1)"}},
      {"patterns",
       {"-p,--patterns", "PATTERN", "Pattern(s), several joined with ';' (or a quiz #Q=...)"}},
      {"patterns-path",
       {"--patterns-path,--patterns-file", "FILE", "-pp: patterns file (input/patterns.txt)"}},
      {"hold", {"-H,--hold", "WORD", "use (default) or avoid; yes/no, true/false, ..."}},
      {"kicks",
       {"-K,--kicks", "NAME", "srs/default, @NAME (kicks/NAME.properties), +NAME, or a file"}},
      {"drop", {"-d,--drop", "NAME", "softdrop (default), harddrop, 180/softdrop180, tsoftdrop"}},
      {"clear-line", {"-c,--clear-line", "N", "Lines to clear (4)"}},
      {"tree-depth", {"--tree-depth", "N", "-td: depth of the success tree (3; -1 all)"}},
      {"failed-count", {"--failed-count", "N", "-fc: failing sequences listed (100; -1 all)"}},
      {"threads", {"--threads", "N", "-th: worker threads (default: all cores)"}},
      {"field-path",
       {"--field-path", "FILE", "-fp: field file when there is no -t (input/field.txt)"}},
      {"log-path", {"--log-path", "FILE", "-lp: log file (output/last_output.txt)"}},
  };
  for (const sfinder::OptionSpec& spec : sfinder::percent_options()) {
    auto row = rows.find(spec.long_name);
    if (row == rows.end()) continue;  // -h is CLI11's own
    p->add_option(row->second.names, o->sfinder[std::string(spec.long_name)], row->second.help)
        ->type_name(row->second.type)
        ->expected(0, 1)           // a value left out arrives as "" (sfinder_args.hpp)
        ->allow_extra_args(false)  // else CLI11 splits "[SZ],[LJ]" as a list
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  use_sfinder_help(*p);
  p->add_option("-m,--method", o->method,
                "auto (default: prefix above 20,000 sequences and at most 64 patterns, else "
                "optimized), optimized (the seed's two passes), direct or prefix");
  add_json_flag(*p, o->json);
  add_force_flag(*p, o->force);
  p->callback([o] { run_percent(*o); });

  auto s = std::make_shared<SetupCliOptions>();
  auto* sp = tetris.add_subcommand(
      "setup-percent",
      "Share of the orders of a setup's pieces that build it (coloured cells = the setup)");
  sp->add_option("-t,--tetfu,--fumen", s->fumen, "Fumen of the setup (v115@..., URL; - for stdin)")
      ->required();
  sp->add_option("-P,--page", s->page, "Fumen page, from 1 (1)")->check(CLI::Range(1, 100000));
  sp->add_option("-H,--hold", s->hold, "use (default) or avoid");
  sp->add_option("-d,--drop", s->drop, "softdrop (default) or harddrop");
  sp->add_option("-K,--kicks", s->kicks, "srs (default), nokicks, @FILE");
  add_json_flag(*sp, s->json);
  sp->callback([s] { run_setup_percent(*s); });
}

}  // namespace manyworlds::cli
