#include "manyworlds/lock/report.hpp"

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::lock {
namespace {

int parse_length(const std::string& text, const char* what) {
  return static_cast<int>(parse_int(text, what, 1, kMaxLength));
}

// A name for a combination in messages: itself when short and printable.
std::string combination_label(const std::string& x, const char* what) {
  bool printable = x.size() <= 40;
  for (char c : x) printable = printable && c >= 0x21 && c <= 0x7e;
  return printable ? fmt::format("{} '{}'", what, x) : fmt::format("the {}", what);
}

// Letters of the alphabet that no listed solution uses, in alphabet order.
std::string unused_letters(const SolveResult& r, const Alphabet& alphabet) {
  std::string unused;
  for (char c : alphabet.letters()) {
    bool used = false;
    for (const auto& list : r.solutions) {
      for (const auto& s : list) used = used || s.find(c) != std::string::npos;
    }
    if (!used) unused += c;
  }
  return unused;
}

// The figures `method` reports, by name; the text form lists the same names.
Json stats_json(const Stats& s, Method method) {
  switch (method) {
    case Method::Recursive:
      return {{"combinations", s.combinations}, {"related_calls", s.related_calls}};
    case Method::Memoize: {
      double hits = static_cast<double>(s.related_cache_hits + s.not_related_cache_hits);
      return {{"combinations", s.combinations},
              {"related_calls", s.related_calls},
              {"related_cache_size", s.related_cache_size},
              {"not_related_cache_size", s.not_related_cache_size},
              {"cache_lookups", s.cache_lookups},
              {"related_cache_hits", s.related_cache_hits},
              {"not_related_cache_hits", s.not_related_cache_hits},
              {"hit_rate", s.cache_lookups ? hits / static_cast<double>(s.cache_lookups) : 0.0}};
    }
    case Method::Construct:
      return {{"related_pairs", s.pairs}, {"pair_bytes", s.pair_bytes}};
    case Method::Fast:
      return {{"prefixes", s.prefixes},
              {"consistent_systems", s.consistent_systems},
              {"equations", s.equations}};
  }
  return {};
}

// Solutions grouped by length in the seed's format, then the counts; `source` says where they
// come from.
void write_listing(fmt::memory_buffer& out, const SolveResult& r, int min_length, int max_length,
                   bool count_only, const std::string& source) {
  bool first = true;
  std::string counts;
  for (int n = min_length; n <= max_length; ++n) {
    std::uint64_t count = r.counts[static_cast<std::size_t>(n)];
    if (count == 0) continue;
    counts += fmt::format(" {}:{}", n, count);
    if (count_only) {
      append(out, "# length {}: {}\n", n, count);
      continue;
    }
    append(out, "{}# length {}\n", first ? "" : "\n", n);
    first = false;
    for (const auto& s : r.solutions[static_cast<std::size_t>(n)]) append(out, "{}\n", s);
  }
  if (!count_only && !first) append(out, "\n");
  append(out, "# counts per length:{}\n", counts.empty() ? " none" : counts);
  append(out, "# total: {} combinations of length {} to {} ({})\n", r.total, min_length, max_length,
         source);
}

Json listing_json(const SolveResult& r, int min_length, int max_length, bool count_only) {
  Json lengths = Json::array();
  for (int n = min_length; n <= max_length; ++n) {
    std::uint64_t count = r.counts[static_cast<std::size_t>(n)];
    if (count == 0) continue;
    Json entry = {{"length", n}, {"count", count}};
    if (!count_only) entry["solutions"] = r.solutions[static_cast<std::size_t>(n)];
    lengths.push_back(entry);
  }
  return lengths;
}

std::string combination_text(const std::string& x) {
  return x.empty() ? "the empty combination" : x;
}

std::string sp_sentence(const std::string& x, const std::string& y) {
  return fmt::format("Sp: if {} jams the lock, {} is neutral; if {} is neutral, {} jams the lock.",
                     x, combination_text(y), x, combination_text(y));
}

std::string rule_text(char rule) {
  switch (rule) {
    case 'Q':
      return "property Q: QxQ is related to x";
    case 'L':
      return "property L: x related to y gives Lx related to Qy";
    case 'V':
      return "property V: x related to y gives Vx related to reverse(y)";
    default:
      return "property R: x related to y gives Rx related to yy";
  }
}

}  // namespace

// --- solve -------------------------------------------------------------------------------------

SolveReport solve(const SolveRequest& request) {
  SolveReport report;
  SolveOptions& o = report.options;
  o.max_length = parse_length(request.max_length, "--max-length");
  o.min_length = parse_length(request.min_length, "--min-length");
  o.alphabet = Alphabet(request.alphabet);
  o.method = request.method;
  o.count_only = request.count_only;
  o.threads = request.threads;
  o.progress = request.progress;
  o.force = request.force;
  report.result = solve(o);
  if (request.verify) {
    check_against_makay(report.result, o);
    report.verified = true;
  }
  report.stats = request.stats;
  if (!o.count_only) report.unused_letters = unused_letters(report.result, o.alphabet);
  return report;
}

void write_text(fmt::memory_buffer& out, const SolveReport& report) {
  const SolveOptions& o = report.options;
  write_listing(out, report.result, o.min_length, o.max_length, o.count_only,
                fmt::format("method {}, alphabet {}", method_name(o.method), o.alphabet.letters()));
  std::string extra;
  for (char c : o.alphabet.letters()) {
    if (std::string_view("QLVR").find(c) == std::string_view::npos) extra += c;
  }
  if (!extra.empty() && !o.count_only) {
    append(out, "# letters no solution uses: {} (extra letters: {})\n", report.unused_letters,
           extra);
  }
  if (report.verified) {
    append(out, "# verified: equal to Makay's general form at every length {} to {}\n",
           o.min_length, o.max_length);
  }
  if (report.stats) {
    const Json stats = stats_json(report.result.stats, o.method);
    for (const auto& [key, value] : stats.items()) {
      append(out, "# stats: {} {}\n", key, value.dump());
    }
  }
}

void to_json(Json& out, const SolveReport& report) {
  const SolveOptions& o = report.options;
  out = {{"method", std::string(method_name(o.method))},
         {"alphabet", o.alphabet.letters()},
         {"min_length", o.min_length},
         {"max_length", o.max_length},
         {"total", report.result.total},
         {"lengths", listing_json(report.result, o.min_length, o.max_length, o.count_only)}};
  if (!o.count_only) out["unused_letters"] = report.unused_letters;
  if (report.verified) out["verified"] = true;
  if (report.stats) out["stats"] = stats_json(report.result.stats, o.method);
}

// --- relate ------------------------------------------------------------------------------------

RelateReport relate(const RelateRequest& request) {
  Alphabet alphabet(request.alphabet);
  const std::string& x = request.combination;
  if (x.empty()) throw InputError("the combination is empty");
  check_combination(x, alphabet, combination_label(x, "combination"));
  return {x, derive(x)};
}

void write_text(fmt::memory_buffer& out, const RelateReport& report) {
  const std::string& x = report.combination;
  const Derivation& d = report.derivation;
  if (!d.partner) {
    append(out, "{} is specially related to no combination: {}\n", x, d.no_partner_reason);
    return;
  }
  const std::string& y = *d.partner;
  append(out, "{} is specially related to {}\n", x, combination_text(y));
  for (const auto& s : d.steps) {
    append(out, "  {}: {} -> {}   ({})\n", s.rule, s.combination,
           s.partner.empty() ? "(empty)" : s.partner, rule_text(s.rule));
  }
  append(out, "{}\n", sp_sentence(x, y));
  if (y == x) {
    append(out,
           "{} is related to itself, so it can neither jam the lock nor be neutral: it opens "
           "the lock.\n",
           x);
  }
}

void to_json(Json& out, const RelateReport& report) {
  const Derivation& d = report.derivation;
  Json steps = Json::array();
  for (const auto& s : d.steps) {
    steps.push_back(
        {{"rule", std::string(1, s.rule)}, {"combination", s.combination}, {"partner", s.partner}});
  }
  out = {{"combination", report.combination}};
  out["partner"] = d.partner ? Json(*d.partner) : Json(nullptr);
  out["steps"] = steps;
  if (d.partner) {
    out["sp"] = sp_sentence(report.combination, *d.partner);
    out["opens"] = *d.partner == report.combination;
  } else {
    out["reason"] = d.no_partner_reason;
    out["opens"] = false;
  }
}

// --- check -------------------------------------------------------------------------------------

CheckReport check(const CheckRequest& request) {
  Alphabet alphabet(request.alphabet);
  const std::string& x = request.x;
  if (x.empty()) throw InputError("the first combination is empty");
  check_combination(x, alphabet, combination_label(x, "first combination"));
  check_combination(request.y, alphabet, combination_label(request.y, "second combination"));
  CheckReport report;
  report.x = x;
  report.y = request.y;
  report.related = related(x, request.y);
  report.partner_length = partner_length(x);
  if (report.related) {
    report.partner = request.y;
    return report;
  }
  const auto& length = report.partner_length;
  if (length && *length <= kMaxPartner) report.partner = partner(x);
  if (!length) {
    report.reason = fmt::format("{} is specially related to no combination ({})", x,
                                derive(x).no_partner_reason);
  } else if (report.partner) {
    report.reason =
        fmt::format("{} is specially related to {} instead", x, combination_text(*report.partner));
  } else {
    report.reason =
        fmt::format("{} is specially related to a combination of {} letters instead", x, *length);
  }
  return report;
}

void write_text(fmt::memory_buffer& out, const CheckReport& report) {
  if (report.related) {
    append(out, "yes: {} is specially related to {}\n{}\n", report.x, combination_text(report.y),
           sp_sentence(report.x, report.y));
  } else {
    append(out, "no: {}\n", report.reason);
  }
}

void to_json(Json& out, const CheckReport& report) {
  out = {{"x", report.x}, {"y", report.y}, {"related", report.related}};
  out["partner"] = report.partner ? Json(*report.partner) : Json(nullptr);
  if (report.partner_length) out["partner_length"] = *report.partner_length;
  if (report.related) {
    out["sp"] = sp_sentence(report.x, report.y);
  } else {
    out["reason"] = report.reason;
  }
}

// --- formula -----------------------------------------------------------------------------------

FormulaReport formula(const FormulaRequest& request) {
  FormulaReport report;
  report.max_length = parse_length(request.max_length, "--max-length");
  report.min_length = parse_length(request.min_length, "--min-length");
  report.count_only = request.count_only;
  if (report.min_length > report.max_length) {
    throw InputError(fmt::format("--min-length {} is more than --max-length {}", report.min_length,
                                 report.max_length));
  }
  double bytes = request.count_only ? 0 : makay_listing_bytes(report.min_length, report.max_length);
  if (bytes > 1e9 && !request.force) {
    throw InputError(fmt::format(
        "lock formula --max-length {}: about {:.2g} bytes of output; use --count-only, or "
        "--force to print them anyway",
        report.max_length, bytes));
  }
  report.result = makay_result(report.min_length, report.max_length, report.count_only);
  return report;
}

void write_text(fmt::memory_buffer& out, const FormulaReport& report) {
  write_listing(out, report.result, report.min_length, report.max_length, report.count_only,
                "Makay's general form");
}

void to_json(Json& out, const FormulaReport& report) {
  out = {{"form",
          "V^k R V^l L V^m Q V^k R V^l L V^m Q and V^m L V^k R V^l Q V^m L V^k R "
          "V^l QQ, k + l and m odd"},
         {"min_length", report.min_length},
         {"max_length", report.max_length},
         {"total", report.result.total},
         {"lengths",
          listing_json(report.result, report.min_length, report.max_length, report.count_only)}};
}

}  // namespace manyworlds::lock
