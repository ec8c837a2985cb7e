#include "bridge.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include <emscripten/threading.h>
#define MW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define MW_EXPORT
#endif

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "manyworlds/cards/report.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/render.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/dice/report.hpp"
#include "manyworlds/escape/report.hpp"
#include "manyworlds/lock/report.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/inspect.hpp"
#include "manyworlds/tetris/sfinder/cover.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/path.hpp"
#include "manyworlds/tetris/sfinder/percent.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::web {
namespace {

namespace sf = tetris::sfinder;
namespace fumen = tetris::fumen;

// What a verb answers: the result's JSON and text forms, and the files it wrote (by name).
struct Reply {
  Json result;
  std::string text;
  Json files = Json::object();
};

template <Renderable T>
Reply rendered(const T& value) {
  return {Json(value), fmt::format("{}", value)};
}

// A verb's arguments, named as the CLI's long options ("clear-line", "p1"). Values are strings
// as typed in the page (numbers and booleans are taken too).
class Args {
 public:
  explicit Args(const Json& json) : json_(json) {}
  bool has(const char* name) const { return json_.contains(name) && !json_[name].is_null(); }
  std::string text(const char* name, std::string fallback = {}) const {
    if (!has(name)) return fallback;
    const Json& v = json_[name];
    return v.is_string() ? v.get<std::string>() : v.dump();
  }
  // A whole number in [min, max], with the CLI's message when it is not one.
  int integer(const char* name, int fallback, int min, int max) const {
    if (!has(name) || trim(text(name)).empty()) return fallback;
    return int(parse_int(trim(text(name)), fmt::format("--{}", name), min, max));
  }
  bool flag(const char* name) const {
    if (!has(name)) return false;
    const Json& v = json_[name];
    if (v.is_boolean()) return v.get<bool>();
    auto b = sf::java_bool(text(name));
    if (!b) throw UsageError(fmt::format("--{}: '{}' is not yes or no", name, text(name)));
    return *b;
  }
  // Every value of a list argument (one string is a list of one).
  std::vector<std::string> list(const char* name) const {
    std::vector<std::string> out;
    if (!has(name)) return out;
    const Json& v = json_[name];
    if (!v.is_array()) return {text(name)};
    for (const Json& e : v) out.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    return out;
  }
  const Json& json() const { return json_; }

 private:
  const Json& json_;
};

// The threads a request may use: the build's pool (1 without threads) bounds it, since a
// thread beyond the pool would wait for a worker that never starts.
unsigned available_threads() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return 1;
#else
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

// --- tetris: sfinder's verbs ----------------------------------------------------------------

const std::map<std::string, std::span<const sf::OptionSpec>, std::less<>>& sfinder_tables() {
  static const std::map<std::string, std::span<const sf::OptionSpec>, std::less<>> tables = {
      {"percent", sf::percent_options()},
      {"path", sf::path_options()},
      {"saves", sf::saves_options()},
      {"cover", sf::cover_options()}};
  return tables;
}

std::span<const sf::OptionSpec> sfinder_table(std::string_view verb) {
  auto it = sfinder_tables().find(verb);
  if (it == sfinder_tables().end()) throw UsageError(fmt::format("no sfinder verb '{}'", verb));
  return it->second;
}

bool has_option(std::span<const sf::OptionSpec> table, std::string_view name) {
  return std::any_of(table.begin(), table.end(),
                     [&](const sf::OptionSpec& s) { return s.long_name == name; });
}

// The page's sfinder options (`args.options`: long name -> value, list of values, or "" for
// an option given without a value) as the CLI hands them to the library (app/sfinder_args.cpp,
// option_values), the thread count in place of -th.
sf::OptionValues sfinder_options(const Args& args, std::span<const sf::OptionSpec> table,
                                 unsigned threads) {
  sf::OptionValues out;
  if (args.has("options")) {
    for (const auto& [name, value] : args.json()["options"].items()) {
      if (!has_option(table, name) || name == "help") {
        throw UsageError(fmt::format("unknown option --{}", name));
      }
      if (name == "threads") continue;
      std::vector<Json> values =
          value.is_array() ? value.get<std::vector<Json>>() : std::vector<Json>{value};
      for (const Json& v : values) {
        std::string s = v.is_string() ? v.get<std::string>() : v.is_null() ? "" : v.dump();
        out.add(name, s.empty() ? std::vector<std::string>{} : std::vector<std::string>{s});
      }
    }
  }
  if (has_option(table, "threads")) out.add("threads", {std::to_string(threads)});
  return out;
}

// The files a run wrote, read back into the reply (the page offers them for download) and
// removed; the log is removed too (in the browser they live in memory).
void collect_files(Reply& reply, const std::vector<std::string>& files, const std::string& log) {
  for (const std::string& file : files) {
    reply.files[std::filesystem::path(file).filename().string()] = read_text(file, 256 * kMiB);
    std::filesystem::remove(file);
  }
  std::error_code ignored;
  std::filesystem::remove(log, ignored);
}

Reply tetris_percent(const Args& a, unsigned threads) {
  sf::PercentRequest request;
  request.options = sfinder_options(a, sf::percent_options(), threads);
  request.method = tetris::parse_method(a.text("method", "auto"));
  request.force = a.flag("force");
  sf::PercentRun run = sf::run_percent(request);
  Reply reply = rendered(run);
  collect_files(reply, {}, run.input.log_path);
  return reply;
}

Reply tetris_path(const Args& a, unsigned threads) {
  sf::PathRequest request;
  request.options = sfinder_options(a, sf::path_options(), threads);
  request.minimal = a.text("minimal", request.minimal);
  request.pictures = a.text("pictures", request.pictures);
  request.force = a.flag("force");
  sf::PathRun run = sf::run_path(request);
  Reply reply = rendered(run);
  collect_files(reply, run.files, run.log_path);
  // The page draws each solution: its field's rows, as `tetris show --json` gives them.
  if (reply.result.contains("unique")) {
    for (Json& solution : reply.result["unique"]) {
      tetris::ShowRequest show;
      show.fumen = solution.at("fumen").get<std::string>();
      solution["rows"] = Json(tetris::show(show)).at("rows");
    }
  }
  return reply;
}

Reply tetris_saves(const Args& a, unsigned threads) {
  sf::SavesRequest request;
  request.options = sfinder_options(a, sf::saves_options(), threads);
  request.expressions = a.list("wanted");
  request.force = a.flag("force");
  return rendered(sf::run_saves(request));
}

Reply tetris_cover(const Args& a, unsigned threads) {
  sf::CoverRequest request;
  request.options = sfinder_options(a, sf::cover_options(), threads);
  request.method = sf::parse_cover_method(a.text("method", "optimized"));
  request.threads = threads;
  request.force = a.flag("force");
  sf::CoverRun run = sf::run_cover(request);
  Reply reply = rendered(run);
  collect_files(reply, {run.input.output_path}, run.input.log_path);
  return reply;
}

// --- tetris: the field editor and the pattern box -------------------------------------------

// A fumen page (`tetris show`), and its comment as `verb` reads it: its options, or null when
// sfinder takes it for prose.
Reply tetris_show(const Args& a, unsigned) {
  tetris::ShowRequest request;
  request.fumen = a.text("tetfu");
  if (trim(request.fumen).empty()) throw InputError("--tetfu needs a fumen (v115@...)");
  request.page = a.integer("page", 1, 1, 100000);
  tetris::ShowResult shown = tetris::show(request);
  Reply reply = rendered(shown);
  std::span<const sf::OptionSpec> table = sfinder_table(a.text("verb", "percent"));
  Json options = nullptr;
  if (auto given = sf::parse_comment(shown.page.comment, table)) {
    options = Json::object();
    for (const sf::OptionSpec& s : table) {
      if (given->has(s.long_name)) options[std::string(s.long_name)] = given->all(s.long_name);
    }
  }
  reply.result["comment_options"] = options;
  return reply;
}

fumen::Color color_of(char letter) {
  if (letter == '.') return fumen::Color::Empty;
  char upper = letter >= 'a' && letter <= 'z' ? char(letter - 'a' + 'A') : letter;
  if (upper == 'G') return fumen::Color::Gray;
  for (int c = 0; c <= int(fumen::Color::Gray); ++c) {
    if (fumen::color_letter(fumen::Color(c)) == upper) return fumen::Color(c);
  }
  throw InputError(fmt::format("'{}' is not a cell (_ I L O Z T J S X)", letter));
}

// The editor's field as one fumen page: `rows` top row first, 10 cells each ('_' empty, a
// piece letter, X gray), with `comment`.
Reply tetris_encode(const Args& a, unsigned) {
  const Json& rows = a.json().at("rows");
  if (rows.size() > std::size_t(fumen::kFieldHeight)) {
    throw InputError(fmt::format("a field has at most {} rows", fumen::kFieldHeight));
  }
  fumen::Page page;
  int y = int(rows.size()) - 1;
  for (const Json& row : rows) {
    std::string cells = row.get<std::string>();
    if (cells.size() != std::size_t(tetris::kWidth)) {
      throw InputError(fmt::format("a row has {} cells, not '{}'", tetris::kWidth, cells));
    }
    for (int x = 0; x < tetris::kWidth; ++x) page.field.set(x, y, color_of(cells[std::size_t(x)]));
    --y;
  }
  page.comment = a.text("comment");
  return {{{"fumen", fumen::encode({page})}}, ""};
}

Reply tetris_patterns(const Args& a, unsigned) {
  tetris::PatternsRequest request;
  request.pattern = a.text("patterns");
  if (trim(request.pattern).empty())
    throw InputError("--patterns needs a pattern (*p7, T,*p4, ...)");
  return rendered(tetris::count_patterns(request));
}

// --- the other puzzles ----------------------------------------------------------------------

Reply dice_solve(const Args& a, unsigned threads) {
  dice::Request request;
  request.p1 = a.integer("p1", 0, 1, INT_MAX);
  request.p2 = a.integer("p2", 0, 1, INT_MAX);
  request.start = a.text("start");
  request.part = a.integer("part", 0, 1, 2);
  request.method = dice::parse_method(a.text("method", "fast"));
  dice::Rules& rules = request.rules;
  rules.board = a.integer("board", rules.board, INT_MIN, INT_MAX);
  rules.rolls_per_turn = a.integer("rolls", rules.rolls_per_turn, INT_MIN, INT_MAX);
  rules.part1_sides = a.integer("part1-sides", rules.part1_sides, INT_MIN, INT_MAX);
  rules.part1_target = a.integer("part1-target", rules.part1_target, INT_MIN, INT_MAX);
  rules.part2_sides = a.integer("part2-sides", rules.part2_sides, INT_MIN, INT_MAX);
  rules.part2_target = a.integer("part2-target", rules.part2_target, INT_MIN, INT_MAX);
  request.distribution = a.flag("distribution");
  request.options.threads = threads;
  request.options.force = a.flag("force");
  return rendered(dice::solve(request));
}

// `lock solve -n N`: the request app/lock_cmd.cpp builds, the library call it makes.
Reply lock_solve(const Args& a, unsigned threads) {
  lock::SolveRequest request;
  if (!a.has("max-length")) throw UsageError("lock solve: --max-length is required");
  request.max_length = a.text("max-length");
  request.min_length = a.text("min-length", request.min_length);
  request.alphabet = a.text("alphabet", request.alphabet);
  request.count_only = a.flag("count-only");
  request.threads = threads;
  request.force = a.flag("force");
  return rendered(lock::solve(request));
}

// `escape flip --cells CELLS --key KEY`: prisoner 1's move and prisoner 2's answer after it.
Reply escape_flip(const Args& a, unsigned) {
  escape::FlipRequest request;
  request.board.cells = a.text("cells");
  request.key = a.text("key");
  return rendered(escape::flip(request));
}

// `cards count N`, and one minimal sequence (`cards solve N`'s) beside it.
Reply cards_count(const Args& a, unsigned threads) {
  cards::CountRequest request;
  request.cards = a.integer("cards", 4, 1, cards::kMaxCountCards);
  request.options.threads = threads;
  Reply reply = rendered(cards::count(request));
  cards::SolveRequest solve;
  solve.cards = request.cards;
  reply.result["sequence"] = std::string(trim(streamed_text(cards::solve(solve))));
  return reply;
}

// --- the page's start ----------------------------------------------------------------------

// The version, the threads, and sfinder's option tables (the page maps its URL's parameters,
// short or long names as on the command line, through them).
Reply meta(const Args&, unsigned) {
  Json tables = Json::object();
  for (const auto& [verb, table] : sfinder_tables()) {
    Json rows = Json::array();
    for (const sf::OptionSpec& s : table) {
      if (s.long_name == "help") continue;
      rows.push_back({{"short", s.short_name},
                      {"long", s.long_name},
                      {"many", s.arity == sf::Arity::Many},
                      {"type", s.type},
                      {"help", s.help}});
    }
    tables[verb] = rows;
  }
  return {{{"version", kVersion}, {"threads", available_threads()}, {"tables", tables}}, ""};
}

using Verb = Reply (*)(const Args&, unsigned threads);

const std::map<std::string, Verb, std::less<>>& verbs() {
  static const std::map<std::string, Verb, std::less<>> all = {
      {"meta", meta},
      {"tetris.show", tetris_show},
      {"tetris.encode", tetris_encode},
      {"tetris.patterns", tetris_patterns},
      {"tetris.percent", tetris_percent},
      {"tetris.path", tetris_path},
      {"tetris.saves", tetris_saves},
      {"tetris.cover", tetris_cover},
      {"dice", dice_solve},
      {"lock", lock_solve},
      {"escape", escape_flip},
      {"cards", cards_count},
  };
  return all;
}

ProgressBlock g_progress;

#if defined(__EMSCRIPTEN__)
EM_JS(void, js_progress, (const char* label, double done, double total, int final), {
  if (Module["onProgress"]) Module["onProgress"](UTF8ToString(label), done, total, !!final);
});
#endif

// The library's progress hook: into the shared block, and to the worker's JavaScript when
// called on its thread (the threads of the pool have no page to talk to).
void on_progress(const char* label, std::uint64_t done, std::uint64_t total, bool final) {
  g_progress.done = double(done);
  g_progress.total = double(total);
  g_progress.final.store(final ? 1 : 0);
  g_progress.seq.fetch_add(1);
#if defined(__EMSCRIPTEN__)
  if (emscripten_is_main_runtime_thread()) {
    js_progress(label, double(done), double(total), final ? 1 : 0);
  }
#else
  (void)label;
#endif
}

Json failure(std::string_view kind, std::string_view message) {
  return {{"ok", false}, {"kind", kind}, {"error", message}};
}

}  // namespace
}  // namespace manyworlds::web

extern "C" {

MW_EXPORT const char* mw_call(const char* request) {
  using namespace manyworlds;
  using namespace manyworlds::web;
  static std::string answer;
  Json out;
  try {
    Json req = Json::parse(request);
    std::string verb = req.at("verb").get<std::string>();
    auto it = verbs().find(verb);
    if (it == verbs().end()) throw UsageError(fmt::format("unknown verb '{}'", verb));
    int asked = req.value("threads", 1);
    unsigned threads = std::clamp<unsigned>(asked <= 0 ? available_threads() : unsigned(asked), 1,
                                            available_threads());
    const Json args = req.value("args", Json::object());
    clear_cancel();
    set_progress_hook(&on_progress);
    auto start = std::chrono::steady_clock::now();
    Reply reply = it->second(Args(args), threads);
    std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
    out = {{"ok", true},
           {"result", std::move(reply.result)},
           {"text", std::move(reply.text)},
           {"files", std::move(reply.files)},
           {"threads", threads},
           {"ms", ms.count()}};
  } catch (const Cancelled& e) {
    out = failure("cancelled", e.what());
  } catch (const InputError& e) {
    out = failure("input", e.what());
  } catch (const UsageError& e) {
    out = failure("usage", e.what());
  } catch (const nlohmann::json::exception& e) {
    out = failure("usage", e.what());
  } catch (const std::exception& e) {
    out = failure("internal", e.what());
  }
  set_progress_hook(nullptr);
  answer = out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return answer.c_str();
}

MW_EXPORT std::atomic<bool>* mw_cancel_flag() {
  return manyworlds::cancel_flag();
}

MW_EXPORT manyworlds::web::ProgressBlock* mw_progress_block() {
  return &manyworlds::web::g_progress;
}

}  // extern "C"
