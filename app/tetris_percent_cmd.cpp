// `manyworlds tetris percent` (solution-finder's percent: perfect-clear success rate over the
// sequences of a pattern) and `manyworlds tetris setup-percent` (TetrisPercent's question: the
// share of piece orders that build a setup).

#include <fmt/format.h>

#include <map>
#include <memory>
#include <sstream>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/fumen.hpp"
#include "manyworlds/tetris/pattern.hpp"
#include "manyworlds/tetris/percent.hpp"
#include "manyworlds/tetris/setup.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;

struct PercentCliOptions {
  std::string fumen;
  int page = 1;
  std::string patterns;
  std::string patterns_file;
  int clear_line = 4;
  std::string hold = "use";
  std::string drop = "softdrop";
  std::string kicks = "srs";
  std::string method = "auto";
  int threads = 0;
  int tree_depth = 3;
  int failed_count = 100;
  bool json = false;
  bool force = false;
  CLI::Option* clear_line_option = nullptr;
  CLI::Option* hold_option = nullptr;
  CLI::Option* drop_option = nullptr;
  CLI::Option* kicks_option = nullptr;
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

// sfinder's fumen-comment rules: a quiz `#Q=[H](C)NEXT` is the pattern H C N...; a comment
// starting with a digit is `--clear-line N` followed by options; otherwise options. Options
// given on the command line win. Unknown words are ignored (a comment is often prose).
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
      if (piece_from_letter(ch) && ch != 'p') pattern += ch;
    }
    if (!pattern.empty()) s.patterns = pattern;
    return s;
  }
  std::istringstream in{std::string(c)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  std::size_t i = 0;
  if (!words.empty() && !words[0].empty() &&
      std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    s.clear_line = int(parse_int(words[0], "fumen comment clear line", 1, kMaxHeight));
    i = 1;
  }
  for (; i + 1 < words.size(); ++i) {
    const std::string& w = words[i];
    const std::string& v = words[i + 1];
    if (w == "-p" || w == "--patterns") {
      s.patterns = v;
    } else if (w == "-c" || w == "--clear-line") {
      s.clear_line = int(parse_int(v, "fumen comment clear line", 1, kMaxHeight));
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

// sfinder's tree lines ("∟ TI -> 100.00 %", indented two spaces per level) and their JSON.
void tree_lines(const PercentResult& r, std::vector<std::string>& out, Json& json) {
  std::vector<Json*> open;  // the JSON array of each level's children
  open.push_back(&json);
  for (const PercentTreeEntry& e : r.tree) {
    int level = e.prefix.length - 1;
    double pct = e.total ? 100.0 * double(e.success) / double(e.total) : 0;
    std::string name = e.prefix.to_string();
    out.push_back(
        fmt::format("{}∟ {} -> {:.2f} %", std::string(std::size_t(2 * level), ' '), name, pct));
    open.resize(std::size_t(level) + 1);
    open.back()->push_back(
        {{"prefix", name}, {"success", e.success}, {"total", e.total}, {"percent", pct}});
    Json& entry = open.back()->back();
    entry["children"] = Json::array();
    open.push_back(&entry["children"]);
  }
}

std::string sequence_list(const Sequence& s) {
  std::string out = "[";
  for (int i = 0; i < s.length; ++i) {
    if (i) out += ", ";
    out += piece_letter(s.at(i));
  }
  return out + "]";
}

void run_percent(const PercentCliOptions& o) {
  fumen::Page page = fumen::decode_page(fumen_arg(o.fumen), o.page);
  CommentSettings comment = parse_comment(page.comment);
  Field field = page.merged();

  PercentOptions options;
  options.clear_line =
      o.clear_line_option->count() ? o.clear_line : comment.clear_line.value_or(o.clear_line);
  options.use_hold = parse_hold(o.hold_option->count() ? o.hold : comment.hold.value_or(o.hold));
  options.drop = parse_drop(o.drop_option->count() ? o.drop : comment.drop.value_or(o.drop));
  std::string kicks_spec = o.kicks_option->count() ? o.kicks : comment.kicks.value_or(o.kicks);
  options.kicks = load_kicks(kicks_spec);
  options.method = parse_method(o.method);
  options.threads = resolve_threads(o.threads);
  options.progress = show_progress() && !o.json;
  options.max_sequences = o.force ? 0 : kMaxSequencesUnforced;
  options.tree_depth = o.tree_depth;
  options.failed_limit = o.failed_count;

  std::string pattern_text;
  if (!o.patterns_file.empty()) {
    if (!o.patterns.empty())
      throw UsageError("tetris percent: give --patterns or --patterns-file, not both");
    pattern_text = read_text(o.patterns_file);
  } else if (!o.patterns.empty()) {
    pattern_text = o.patterns;
  } else if (comment.patterns) {
    pattern_text = *comment.patterns;
  } else {
    throw UsageError(
        "tetris percent: no pattern (give -p PATTERN, --patterns-file FILE or a fumen comment)");
  }
  std::vector<Pattern> patterns = parse_patterns(pattern_text);
  // MoveGenerator checks the drop model against the kicks (180 needs 180-degree kicks).
  MoveGenerator check(options.kicks, options.drop);

  Stopwatch watch;
  PercentResult r = percent(field, patterns, options);
  double seconds = watch.seconds();

  std::uint64_t total = r.total;
  double pct = total ? 100.0 * double(r.successes) / double(total) : 0;
  int depth = std::clamp(o.tree_depth, 0, r.pop);
  std::vector<std::string> tree;
  Json tree_json = Json::array();
  tree_lines(r, tree, tree_json);
  std::vector<const Sequence*> failed;
  for (const Sequence& s : r.failed) failed.push_back(&s);

  if (o.json) {
    Json fails = Json::array();
    for (const auto* s : failed) fails.push_back(s->to_string());
    Json pats = Json::array();
    for (const auto& p : patterns) pats.push_back(p.text);
    print_json({{"success", r.successes},
                {"total", total},
                {"percent", pct},
                {"clear_line", options.clear_line},
                {"hold", options.use_hold ? "use" : "avoid"},
                {"drop", std::string(drop_name(options.drop))},
                {"kicks", options.kicks.name()},
                {"patterns", pats},
                {"method", std::string(method_name(r.method))},
                {"necessary_pieces", r.need},
                {"pop_count", r.pop},
                {"with_duplicates", big_json(r.with_duplicates)},
                {"tree",
                 {{"head", depth},
                  {"success", r.successes},
                  {"total", total},
                  {"children", tree_json}}},
                {"failed", fails},
                {"seconds", seconds}});
    return;
  }
  fmt::print("# Setup\n");
  fmt::print("Max clear lines: {}\n", options.clear_line);
  fmt::print("Using hold: {}\n", options.use_hold ? "use" : "avoid");
  fmt::print("Drop: {}\n", drop_name(options.drop));
  fmt::print("Kicks: {}\n", options.kicks.name());
  fmt::print("Searching patterns:\n");
  for (const auto& p : patterns) fmt::print("  {}\n", p.text);
  fmt::print("Method: {}\n", method_name(r.method));
  fmt::print("Necessary Pieces = {}\n", r.need);
  fmt::print("Piece pop count = {}\n", r.pop);
  fmt::print("Searching pattern size (duplicate) = {}\n", r.with_duplicates);
  fmt::print("Searching pattern size ( no dup. ) = {}\n", total);
  fmt::print("Time: {:.0f} ms\n", seconds * 1000);
  fmt::print("# Output\n");
  fmt::print("success = {:.2f}% ({}/{})\n", pct, r.successes, total);
  if (depth > 0) {
    fmt::print("\nSuccess pattern tree [Head {} pieces]:\n", depth);
    fmt::print("* -> {:.2f} %\n", pct);
    for (const auto& line : tree) fmt::print("{}\n", line);
  }
  fmt::print("-------------------\n");
  if (o.failed_count != 0) {
    fmt::print("Fail pattern ({})\n",
               o.failed_count < 0 ? std::string("all") : fmt::format("max. {}", o.failed_count));
    if (failed.empty()) fmt::print("nothing\n");
    for (const auto* s : failed) fmt::print("{}\n", sequence_list(*s));
  }
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
  p->add_option("-t,--tetfu,--fumen", o->fumen, "Fumen of the field (v115@..., URL; - for stdin)")
      ->required();
  p->add_option("-P,--page", o->page, "Fumen page, from 1 (1)")->check(CLI::Range(1, 100000));
  p->add_option("-p,--patterns", o->patterns, "Pattern(s), several joined with ';'");
  p->add_option("--patterns-file,--pp", o->patterns_file,
                "Patterns file (one per line, # comments)");
  o->clear_line_option = p->add_option("-c,--clear-line", o->clear_line, "Lines to clear (4)");
  o->hold_option = p->add_option("-H,--hold", o->hold, "use (default) or avoid");
  o->drop_option =
      p->add_option("-d,--drop", o->drop, "softdrop (default), harddrop, 180, t-softdrop");
  o->kicks_option =
      p->add_option("-K,--kicks", o->kicks, "srs (default), nokicks, nullpomino180, @FILE");
  p->add_option("-m,--method", o->method, "auto (default: prefix above 100,000 sequences, else optimized), optimized (the seed's two passes), direct or prefix");
  p->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  p->add_option("--tree-depth,--td", o->tree_depth, "Depth of the success tree (3)")
      ->check(CLI::Range(0, 21));
  p->add_option("--failed-count,--fc", o->failed_count, "Failing sequences printed (100; -1 all)")
      ->check(CLI::Range(-1, 1 << 30));
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
