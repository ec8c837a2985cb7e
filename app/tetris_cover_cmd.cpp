// `manyworlds tetris cover`: solution-finder 1.43's cover (which sequences of a pattern build
// each of several setups), with its options, its report, its log and its cover.csv.

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <memory>
#include <system_error>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/search/cover.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/sfinder/cover.hpp"
#include "manyworlds/version.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;

namespace sfinder = manyworlds::tetris::sfinder;

// The options of `cover`: sfinder's under their long names (every value given, in order;
// sfinder_args.hpp rewrites sfinder's spellings to these), and our own.
struct CoverCliOptions {
  std::map<std::string, std::vector<std::string>, std::less<>> sfinder;
  std::string method = "optimized";
  int threads = 0;
  bool json = false;
  bool force = false;
};

// Beyond this many sequences (counted with repeats) cover asks for --force.
constexpr std::uint64_t kMaxSequencesUnforced = 1'000'000;

// Creates the folders of `path` and writes it atomically; one-line InputError when it cannot.
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

double percent_of(std::uint64_t count, std::uint64_t all) {
  return all ? 100.0 * double(count) / double(all) : 0.0;
}

void run_cover(const CoverCliOptions& o) {
  sfinder::OptionValues given;
  for (const auto& [name, values] : o.sfinder) {
    for (const std::string& v : values) {
      given.add(name, v.empty() ? std::vector<std::string>{} : std::vector<std::string>{v});
    }
  }
  sfinder::CoverInput in = sfinder::read_cover_input(given);
  CoverOptions& options = in.options;
  if (o.method == "optimized") {
    options.method = CoverMethod::Optimized;
  } else if (o.method == "direct") {
    options.method = CoverMethod::Direct;
  } else {
    throw InputError(fmt::format("cover: method '{}' is not optimized or direct", o.method));
  }
  options.threads = resolve_threads(o.threads);
  options.progress = show_progress() && !o.json;
  options.max_sequences = o.force ? 0 : kMaxSequencesUnforced;

  Stopwatch watch;
  CoverResult r = cover(in.setups, in.patterns, options);
  const double seconds = watch.seconds();
  const std::uint64_t all = r.sequences.size();

  const std::string report = sfinder::cover_report(in, r, fmt::format("manyworlds {}", kVersion),
                                                   static_cast<long long>(seconds * 1000));
  write_output_file(in.log_path, report, "log");
  write_output_file(in.output_path, sfinder::cover_csv(in.setups, r), "results");

  if (!o.json) {
    fmt::print("{}", report);
    return;
  }
  Json json_setups = Json::array();
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
                  {"percent", percent_of(r.counts[s], all)}};
    if (in.accumulate) {
      entry["accumulated_or"] = r.accumulated_or[k];
      entry["accumulated_and"] = r.accumulated_and[k];
    }
    json_setups.push_back(entry);
  }
  Json pats = Json::array();
  for (const auto& p : in.pattern_lines) pats.push_back(p);
  print_json({{"total", all},
              {"setups", json_setups},
              {"or", {{"success", r.or_count}, {"percent", percent_of(r.or_count, all)}}},
              {"and", {{"success", r.and_count}, {"percent", percent_of(r.and_count, all)}}},
              {"hold", options.use_hold ? "use" : "avoid"},
              {"kicks", in.kicks_name},
              {"drop", std::string(drop_type_name(options.drop))},
              {"mode", std::string(cover_mode_name(options.mode))},
              {"priority", options.priority},
              {"patterns", pats},
              {"csv", in.output_path},
              {"log", in.log_path},
              {"seconds", seconds}});
}

}  // namespace

void setup_tetris_cover(CLI::App& tetris) {
  auto o = std::make_shared<CoverCliOptions>();
  auto* c = tetris.add_subcommand(
      "cover",
      "Share of a pattern's sequences that build each of several setups (sfinder's cover)");
  c->footer(
      "sfinder's spellings work as in sfinder: -sb 1, -ms 0, -mc 2, -pp FILE, -fp FILE, -lp FILE, "
      "-t A B C (several setups after one -t), --mirr (a prefix), -M=tsd. Without -t the setups "
      "come from input/field.txt, without -p the patterns from input/patterns.txt; the report is "
      "also written to output/last_output.txt and the table to output/cover.csv.");
  // sfinder's options (sfinder::cover_options()), each under its long name.
  struct Row {
    const char* names;
    const char* type;
    const char* help;
  };
  const std::map<std::string_view, Row> rows = {
      {"tetfu",
       {"-t,--tetfu,--fumen", "FUMEN...",
        "Setups: fumens (v115@..., URLs), each with an optional page range #START:END"}},
      {"patterns", {"-p,--patterns", "PATTERN", "Pattern(s), several joined with ';'"}},
      {"hold", {"-H,--hold", "WORD", "use (default) or avoid; yes/no, true/false, ..."}},
      {"kicks",
       {"-K,--kicks", "NAME", "srs/default, @NAME (kicks/NAME.properties), +NAME, or a file"}},
      {"drop",
       {"-d,--drop", "NAME",
        "softdrop (default), harddrop, 180, t-softdrop, tsz, tsm, tss, tsd, tst"}},
      {"mirror", {"-m,--mirror", "WORD", "yes: add each setup's mirror image (no)"}},
      {"mode",
       {"-M,--mode", "NAME",
        "normal (default), b2b, any, tss, tsd, tst, tetris, tetris-end, 1L..4L, "
        "1L-or-PC..4L-or-PC"}},
      {"sort", {"-s,--sort", "KEY", "input (default), success, success-asc, success-desc"}},
      {"accum", {"-a,--accum", "WORD", "yes: show running OR / AND counts (no)"}},
      {"starting-b2b",
       {"--starting-b2b", "N", "-sb: T-spin modes: first line clears that must keep B2B (0)"}},
      {"priority",
       {"-P,--priority", "WORD", "yes: a sequence counts only for the first setup it builds (no)"}},
      {"last-sd",
       {"-l,--last-sd", "N", "The last N pieces may soft drop, whatever the drop model (0)"}},
      {"max-softdrop",
       {"--max-softdrop", "N", "-ms: line modes: soft drops allowed (-1: any number)"}},
      {"max-clearline",
       {"--max-clearline", "N", "-mc: line modes: line clears allowed (-1: any number)"}},
      {"patterns-path",
       {"--patterns-path", "FILE", "-pp: patterns file when no -p (input/patterns.txt)"}},
      {"field-path",
       {"--field-path", "FILE",
        "-fp: setups file, one fumen a line, when no -t (input/field.txt)"}},
      {"log-path", {"--log-path", "FILE", "-lp: log file (output/last_output.txt)"}},
      {"output-base", {"-o,--output-base", "FILE", "Results CSV (output/cover.csv)"}},
  };
  for (const sfinder::OptionSpec& spec : sfinder::cover_options()) {
    auto row = rows.find(spec.long_name);
    if (row == rows.end()) continue;  // -h is CLI11's own
    c->add_option(row->second.names, o->sfinder[std::string(spec.long_name)], row->second.help)
        ->type_name(row->second.type)
        ->expected(0, 1)           // a value left out arrives as "" (sfinder_args.hpp)
        ->allow_extra_args(false)  // else CLI11 splits "[SZ],[LJ]" as a list
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  c->add_option("--method", o->method, "optimized (default) or direct (sfinder's own search)");
  c->add_option("--threads,--th", o->threads, "Worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  add_json_flag(*c, o->json);
  add_force_flag(*c, o->force);
  c->callback([o] { run_cover(*o); });
}

}  // namespace manyworlds::cli
