// `manyworlds tetris util seq` (sfinder's util seq: patterns expanded into sequences, through
// hold forwards or backwards, filtered; tetris/sfinder/util_seq.hpp).

#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/sfinder/util_seq.hpp"
#include "sfinder_args.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

namespace sfinder = manyworlds::tetris::sfinder;

// Beyond this many lines (an upper bound, before filters) util seq asks for --force.
constexpr std::uint64_t kMaxLinesUnforced = 10'000'000;

struct SeqCliOptions {
  std::map<std::string, std::vector<std::string>, std::less<>> sfinder;
  bool json = false;
  bool force = false;
};

void run_seq(const SeqCliOptions& o) {
  sfinder::OptionValues given;
  for (const auto& [name, values] : o.sfinder) {
    for (const std::string& v : values) {
      given.add(name, v.empty() ? std::vector<std::string>{} : std::vector<std::string>{v});
    }
  }
  sfinder::SeqOptions options = sfinder::read_seq_options(given);
  std::uint64_t estimate = sfinder::estimate_sequences(options);
  if (!o.force && estimate > kMaxLinesUnforced) {
    throw InputError(
        fmt::format("util seq: up to {} sequences, beyond {}: use a narrower pattern, or --force",
                    estimate, kMaxLinesUnforced));
  }
  std::string text;
  Json lines = Json::array();
  sfinder::expand_sequences(options, [&](std::string_view s) {
    if (o.json) {
      lines.push_back(std::string(s));
    } else {
      text += s;
      text += '\n';
    }
  });
  if (o.json) {
    print_json({{"count", lines.size()}, {"sequences", lines}});
  } else {
    fmt::print("{}", text);
  }
}

}  // namespace

void setup_tetris_util_seq(CLI::App& util) {
  auto o = std::make_shared<SeqCliOptions>();
  auto* s = util.add_subcommand(
      "seq", "Expand patterns into sequences, through hold, with filters (sfinder's util seq)");
  s->footer(
      "sfinder's spellings work as in sfinder: -ne EXPR, -hh no, -M backward-and-pass, "
      "-n 'T=2 hold<=1'. Without -p the patterns come from input/patterns.txt.");
  use_sfinder_help(*s);
  struct Row {
    const char* names;
    const char* type;
    const char* help;
  };
  const std::map<std::string_view, Row> rows = {
      {"patterns", {"-p,--patterns", "PATTERN", "Pattern(s): several values, or joined with ';'"}},
      {"mode", {"-M,--mode", "MODE", "pass (default), forward, backward, backward-and-pass"}},
      {"length", {"-l,--length", "N", "Sequence length (default: by mode)"}},
      {"distinct", {"-d,--distinct", "WORD", "yes (default): drop repeated sequences; no"}},
      {"expression",
       {"-e,--expression", "REGEX", "Keep sequences where this regular expression is found"}},
      {"not-expression", {"--not-expression", "REGEX", "-ne: drop sequences where it is found"}},
      {"num", {"-n,--num", "EQUATION", "Count equations: T=2, S>=1, hold<=1 (several values)"}},
      {"head-hold",
       {"--head-hold", "WORD", "-hh: yes (default): the first piece starts in the hold"}},
  };
  for (const sfinder::OptionSpec& spec : sfinder::seq_options()) {
    auto row = rows.find(spec.long_name);
    if (row == rows.end()) continue;  // -h is CLI11's own
    s->add_option(row->second.names, o->sfinder[std::string(spec.long_name)], row->second.help)
        ->type_name(row->second.type)
        ->expected(0, 1)           // a value left out arrives as "" (sfinder_args.hpp)
        ->allow_extra_args(false)  // else CLI11 splits "[SZ],[LJ]" as a list
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  add_json_flag(*s, o->json);
  add_force_flag(*s, o->force);
  s->callback([o] { run_seq(*o); });
}

}  // namespace manyworlds::cli
