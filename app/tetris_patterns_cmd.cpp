// `manyworlds tetris patterns`: count (and list) the sequences of sfinder patterns.

#include <fmt/format.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "tetris_cmd.hpp"

namespace manyworlds::cli {
namespace {

using namespace manyworlds::tetris;

struct PatternsOptions {
  std::string pattern;
  std::string file;
  bool list = false;
  int length = 0;
  bool json = false;
  bool force = false;
};

constexpr std::uint64_t kListLimit = 1'000'000;

void run_patterns(const PatternsOptions& o) {
  if (o.pattern.empty() == o.file.empty()) {
    throw UsageError("tetris patterns: give a PATTERN or --file FILE (one of them)");
  }
  std::vector<Pattern> patterns = parse_patterns(o.file.empty() ? o.pattern : read_text(o.file));
  int length = patterns.front().length();
  if (o.length != 0) {
    if (o.length < 1 || o.length > length) {
      throw InputError(fmt::format("--length {} out of range 1..{}", o.length, length));
    }
    length = o.length;
  }
  BigInt with_duplicates = count_with_duplicates(patterns);
  std::uint64_t limit = o.force ? 200'000'000 : kListLimit;
  // Distinct sequences need the enumeration: skipped for huge sets unless listing (--force).
  bool distinct_known = o.list || with_duplicates <= limit;
  std::vector<Sequence> sequences;
  if (distinct_known) sequences = enumerate(patterns, length, limit);
  if (o.json) {
    Json out = {{"patterns", Json::array()},
                {"length", length},
                {"count", big_json(with_duplicates)},
                {"distinct", distinct_known ? Json(sequences.size()) : Json(nullptr)}};
    for (const auto& p : patterns) out["patterns"].push_back(p.text);
    if (o.list) {
      Json list = Json::array();
      for (const auto& s : sequences) list.push_back(s.to_string());
      out["sequences"] = list;
    }
    print_json(out);
    return;
  }
  std::string truncated =
      length != patterns.front().length() ? fmt::format(" after truncation to {}", length) : "";
  if (distinct_known) {
    fmt::print("{} sequences of {} pieces ({} distinct{})\n", with_duplicates,
               patterns.front().length(), sequences.size(), truncated);
  } else {
    fmt::print("{} sequences of {} pieces\n", with_duplicates, patterns.front().length());
  }
  if (o.list) {
    std::string text;
    for (const auto& s : sequences) {
      text += s.to_string();
      text += '\n';
    }
    fmt::print("{}", text);
  }
}

}  // namespace

void setup_tetris_patterns(CLI::App& tetris) {
  auto o = std::make_shared<PatternsOptions>();
  auto* sub = tetris.add_subcommand(
      "patterns",
      "Count (and list) the piece sequences of sfinder patterns (T, *, *p4, [SZ]p2, ...)");
  sub->add_option("pattern", o->pattern, "Pattern(s), several joined with ';'");
  sub->add_option("-f,--file", o->file, "Patterns file: one per line, '#' comments (- for stdin)");
  sub->add_flag("--list", o->list,
                "Also list the distinct sequences (at most 1,000,000 without --force)");
  sub->add_option("--length", o->length, "Truncate every sequence to this many pieces");
  add_force_flag(*sub, o->force);
  add_json_flag(*sub, o->json);
  sub->callback([o] { run_patterns(*o); });
}

}  // namespace manyworlds::cli
