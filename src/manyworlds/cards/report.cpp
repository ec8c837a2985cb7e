#include "manyworlds/cards/report.hpp"

#include <algorithm>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::cards {
namespace {

// Published counts of minimal sequences (OEIS A003043), used only to estimate output sizes
// before enumerating; the counts themselves are always computed.
constexpr std::uint64_t kPublishedCounts[] = {0, 1, 2, 18, 5712, 5859364320};

std::string human_bytes(double bytes) {
  if (bytes >= 1e21) return fmt::format("{:.1e} bytes", bytes);
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  int u = 0;
  while (bytes >= 1000 && u < 6) {
    bytes /= 1000;
    ++u;
  }
  return u == 0 ? fmt::format("{:.0f} bytes", bytes) : fmt::format("{:.1f} {}", bytes, units[u]);
}

BigInt factorial(int n) {
  BigInt f = 1;
  for (int k = 2; k <= n; ++k) f *= k;
  return f;
}

const char* plural(int cards) {
  return cards == 1 ? "" : "s";
}

Sequence parse_arguments(const SequenceArguments& args) {
  if (args.size() == 1 && args[0] == "-")
    return parse_sequence(read_text("-", input_limit::kCardSequence));
  std::string joined;
  for (const auto& a : args) {
    joined += a;
    joined += ' ';
  }
  return parse_sequence(joined);
}

int highest_card_plus_one(const Sequence& s) {
  int n = 0;
  for (Card c : s) n = std::max(n, c + 1);
  return n;
}

}  // namespace

// ---- solve -------------------------------------------------------------------------------

SolveReport solve(const SolveRequest& request) {
  if (request.cards < 1 || request.cards > kMaxSolveCards) {
    throw InputError(fmt::format("solve: the number of cards must be 1..{}, not {}", kMaxSolveCards,
                                 request.cards));
  }
  std::uint64_t bytes = solution_text_size(request.cards, request.format);
  if (bytes > kOutputLimit && !request.force) {
    throw InputError(fmt::format(
        "solve: {} cards need 2^{} - 1 = {} instructions, about {} of output; add --force to "
        "write it anyway",
        request.cards, request.cards, minimal_length(request.cards),
        human_bytes(static_cast<double>(bytes))));
  }
  return {request.cards, request.format};
}

void write_text(TextStream& out, const SolveReport& report) {
  write_solution(report.cards, report.format, [&](std::string_view text) { out.write(text); });
}

// The same text with commas between the instructions.
void write_json(TextStream& out, const SolveReport& report) {
  append(out, "{{\"cards\": {}, \"length\": {}, \"method\": \"recursive\", \"sequence\": [",
         report.cards, minimal_length(report.cards));
  std::string piece;
  write_solution(report.cards, Format::Plain, [&](std::string_view text) {
    piece.assign(text);
    std::replace(piece.begin(), piece.end(), ' ', ',');
    if (!piece.empty() && piece.back() == '\n') piece.pop_back();
    out.write(piece);
  });
  out.write("]}\n");
}

// ---- check and play ----------------------------------------------------------------------

CheckResult check(const CheckRequest& request) {
  Sequence s = parse_arguments(request.sequence);
  int n = request.cards;
  if (n == 0) {
    if (s.empty()) throw InputError("check: the sequence is empty (e.g. 0 1 0 for two cards)");
    n = highest_card_plus_one(s);
  }
  return check(s, n, request.list);
}

void write_text(fmt::memory_buffer& out, const CheckResult& r) {
  int n = r.cards;
  if (r.works) {
    append(out, "works: every start of {} card{} reaches all face down ({} instructions; {})\n", n,
           plural(n), r.length,
           r.minimal ? fmt::format("the minimum, 2^{} - 1", n)
                     : fmt::format("the minimum is {}", minimal_length(n)));
    return;
  }
  append(out, "fails: {} of {} starts of {} card{} never reach all face down ({} instructions)\n",
         r.unsolved_count, std::uint64_t{1} << n, n, plural(n), r.length);
  if (r.first_repeat != 0) {
    append(out, "  instruction {} brings back a state already seen (no new start is solved)\n",
           r.first_repeat);
  }
  append(
      out, "  never all face down (card 0 first, 1 = face up){}:\n",
      r.unsolved.size() < r.unsolved_count ? fmt::format(", the first {}", r.unsolved.size()) : "");
  for (auto state : r.unsolved) append(out, "    {}\n", format_state(state, n));
}

void to_json(Json& out, const CheckResult& r) {
  Json unsolved = Json::array();
  for (auto state : r.unsolved) unsolved.push_back(format_state(state, r.cards));
  out = {{"cards", r.cards},
         {"length", r.length},
         {"minimal_length", minimal_length(r.cards)},
         {"works", r.works},
         {"minimal", r.minimal},
         {"unsolved_count", r.unsolved_count},
         {"unsolved", unsolved},
         {"first_repeat", r.first_repeat == 0 ? Json(nullptr) : Json(r.first_repeat)}};
}

PlayResult play(const PlayRequest& request) {
  StartState start = parse_start(request.start);
  Sequence s = parse_arguments(request.sequence);
  return play(s, start.cards, start.state);
}

void write_text(TextStream& out, const PlayResult& r) {
  append(out, "{:>6}  {:>4}  {}\n", "step", "flip", "cards (card 0 first, 1 = face up)");
  for (const auto& step : r.steps) {
    append(out, "{:>6}  {:>4}  {}{}\n", step.step,
           step.flipped < 0 ? "-" : fmt::format("{}", step.flipped),
           format_state(step.state, r.cards),
           static_cast<std::int64_t>(step.step) == r.all_down_at ? "  <- all face down" : "");
  }
  std::size_t length = r.steps.size() - 1;
  if (r.all_down_at >= 0) {
    append(out, "all face down after step {} of {}\n", r.all_down_at, length);
  } else {
    append(out, "never all face down in {} steps\n", length);
  }
}

// Indented as Json::dump(2) indents it, one step at a time.
void write_json(TextStream& out, const PlayResult& r) {
  append(out, "{{\n  \"cards\": {},\n  \"start\": \"{}\",\n  \"all_down_at\": {},\n  \"steps\": [",
         r.cards, format_state(r.steps.front().state, r.cards),
         r.all_down_at < 0 ? "null" : fmt::format("{}", r.all_down_at));
  for (const auto& step : r.steps) {
    append(out,
           "{}\n    {{\n      \"step\": {},\n      \"cards\": \"{}\",\n      \"flip\": {}\n    }}",
           step.step == 0 ? "" : ",", step.step, format_state(step.state, r.cards),
           step.flipped < 0 ? "null" : fmt::format("{}", step.flipped));
  }
  out.write("\n  ]\n}\n");
}

// ---- enumerate ---------------------------------------------------------------------------

EnumerateReport enumerate(const EnumerateRequest& request) {
  int n = request.cards;
  if (n < 1 || n > kMaxEnumerateCards) {
    throw InputError(
        fmt::format("enumerate: the number of cards must be 1..{}, not {}", kMaxEnumerateCards, n));
  }
  std::uint64_t length = minimal_length(n);
  std::uint64_t limit = request.options.limit;
  bool canonical = request.options.canonical_only;
  double line_bytes = static_cast<double>(length * 2 + (n > 10 ? length : 0) + 4);
  if (!request.force) {
    double lines = 0;
    std::string what;
    if (n <= 5) {
      double known = static_cast<double>(kPublishedCounts[n]);
      if (canonical) {
        for (int k = 2; k <= n; ++k) known /= k;
      }
      lines = limit == 0 ? known : std::min(known, static_cast<double>(limit));
      what = fmt::format("{} cards have {:.0f} minimal sequences{}", n, known,
                         canonical ? " up to card permutations" : "");
    } else {
      lines = limit == 0 ? 7.1e22 : static_cast<double>(limit);
      what = fmt::format(
          "{} cards have more than 7.1e22 minimal sequences (the exact number is "
          "unknown)",
          n);
    }
    if (lines * line_bytes > static_cast<double>(kOutputLimit)) {
      throw InputError(fmt::format(
          "enumerate: {}; {} would be about {} of output; use a smaller --limit or add --force",
          what, limit == 0 ? "listing them all" : fmt::format("--limit {}", limit),
          human_bytes(lines * line_bytes)));
    }
  }
  return {n, request.format, request.options};
}

void write_text(TextStream& out, const EnumerateReport& report) {
  enumerate(report.cards, report.options, [&](std::span<const Card> s) {
    out.write(format_sequence(s, report.format));
    out.write("\n");
    return true;
  });
}

void write_json(TextStream& out, const EnumerateReport& report) {
  append(out, "{{\"cards\": {}, \"length\": {}, \"up_to_symmetry\": {}, \"sequences\": [",
         report.cards, minimal_length(report.cards), report.options.canonical_only);
  bool first = true;
  std::string line;
  std::uint64_t total = enumerate(report.cards, report.options, [&](std::span<const Card> s) {
    line = format_sequence(s, Format::Plain);
    std::replace(line.begin(), line.end(), ' ', ',');
    out.write(first ? "\n  [" : ",\n  [");
    out.write(line);
    out.write("]");
    first = false;
    return true;
  });
  append(out, "\n], \"count\": {}}}\n", total);
}

// ---- count -------------------------------------------------------------------------------

CountReport count(const CountRequest& request) {
  const CountOptions& options = request.options;
  if (options.method == Method::Dfs && request.cards == 5 && !request.force) {
    throw InputError(
        "count: the plain search meets 5859364320 sequences one by one (estimated: half an "
        "hour of CPU time); use --method symmetry, or add --force");
  }
  CountReport report;
  report.result = count(request.cards, options);
  report.method = options.method;
  report.threads = options.method == Method::Brute ? 1u : options.threads;
  report.up_to_symmetry = request.up_to_symmetry;
  return report;
}

void write_text(fmt::memory_buffer& out, const CountReport& report) {
  const CountResult& r = report.result;
  if (report.up_to_symmetry) {
    append(out,
           "{} classes of minimal sequences for {} card{} under permutations of the cards "
           "({} sequences, {} in each class)\n",
           r.classes, r.cards, plural(r.cards), r.sequences, factorial(r.cards));
  } else {
    append(out, "{} minimal sequences for {} card{} ({} instructions each)\n", r.sequences, r.cards,
           plural(r.cards), minimal_length(r.cards));
  }
  if (report.method == Method::Brute) {
    append(out, "method brute: {} candidate strings checked\n", r.nodes);
  } else {
    append(out, "method {}: {} search nodes over {} prefixes\n", method_name(report.method),
           r.nodes, r.tasks);
  }
}

void to_json(Json& out, const CountReport& report) {
  const CountResult& r = report.result;
  out = {{"cards", r.cards},
         {"length", minimal_length(r.cards)},
         {"sequences", r.sequences},
         {"classes", r.classes},
         {"class_size", factorial(r.cards)},
         {"method", std::string(method_name(report.method))},
         {"nodes", r.nodes},
         {"tasks", r.tasks},
         {"threads", report.threads}};
}

}  // namespace manyworlds::cards
