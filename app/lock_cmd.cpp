// `manyworlds lock`: Smullyan's Monte Carlo lock — solve, relate, check, formula.

#include <fmt/format.h>

#include <map>
#include <memory>
#include <stdexcept>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::cli {
namespace {

using lock::Alphabet;

struct LockOptions {
  std::string max_length;
  std::string min_length = "1";
  std::string alphabet = "QLVR";
  lock::Method method = lock::Method::Fast;
  bool count_only = false;
  bool verify = false;
  bool stats = false;
  bool json = false;
  bool force = false;
  int threads = 0;
  std::string x;
  std::string y;
};

int parse_length(const std::string& text, const char* what) {
  return static_cast<int>(parse_int(text, what, 1, lock::kMaxLength));
}

// A name for a combination in messages: itself when short and printable.
std::string combination_label(const std::string& x, const char* what) {
  bool printable = x.size() <= 40;
  for (char c : x) printable = printable && c >= 0x21 && c <= 0x7e;
  return printable ? fmt::format("{} '{}'", what, x) : fmt::format("the {}", what);
}

// Letters of the alphabet that no listed solution uses, in alphabet order.
std::string unused_letters(const lock::SolveResult& r, const Alphabet& alphabet) {
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

Json stats_json(const lock::Stats& s, lock::Method method) {
  switch (method) {
    case lock::Method::Recursive:
      return {{"combinations", s.combinations}, {"related_calls", s.related_calls}};
    case lock::Method::Memoize: {
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
    case lock::Method::Construct:
      return {{"related_pairs", s.pairs}, {"pair_bytes", s.pair_bytes}};
    case lock::Method::Fast:
      return {{"prefixes", s.prefixes},
              {"consistent_systems", s.consistent_systems},
              {"equations", s.equations}};
  }
  return {};
}

void print_stats_text(const Json& stats) {
  for (const auto& [key, value] : stats.items()) fmt::print("# stats: {} {}\n", key, value.dump());
}

// Prints solutions grouped by length in the seed's format, then the counts.
void print_listing(const lock::SolveResult& r, int min_length, int max_length, bool count_only,
                   const std::string& source) {
  bool first = true;
  std::string counts;
  for (int n = min_length; n <= max_length; ++n) {
    std::uint64_t count = r.counts[static_cast<std::size_t>(n)];
    if (count == 0) continue;
    counts += fmt::format(" {}:{}", n, count);
    if (count_only) {
      fmt::print("# length {}: {}\n", n, count);
      continue;
    }
    fmt::print("{}# length {}\n", first ? "" : "\n", n);
    first = false;
    for (const auto& s : r.solutions[static_cast<std::size_t>(n)]) fmt::print("{}\n", s);
  }
  if (!count_only && !first) fmt::print("\n");
  fmt::print("# counts per length:{}\n", counts.empty() ? " none" : counts);
  fmt::print("# total: {} combinations of length {} to {} ({})\n", r.total, min_length, max_length,
             source);
}

Json listing_json(const lock::SolveResult& r, int min_length, int max_length, bool count_only) {
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

// The solutions from Makay's formula, in the SolveResult shape.
lock::SolveResult formula_result(int min_length, int max_length, bool count_only,
                                 const Alphabet& alphabet) {
  lock::SolveResult r;
  r.solutions.assign(static_cast<std::size_t>(max_length) + 1, {});
  r.counts.assign(static_cast<std::size_t>(max_length) + 1, 0);
  for (int n = min_length; n <= max_length; ++n) {
    auto k = static_cast<std::size_t>(n);
    if (count_only) {
      r.counts[k] = lock::makay_count(n);
    } else {
      r.solutions[k] = lock::makay_solutions(n, alphabet);
      r.counts[k] = r.solutions[k].size();
    }
    r.total += r.counts[k];
  }
  return r;
}

// --verify: the search against Makay's general form, length by length.
void verify_against_formula(const lock::SolveResult& r, const lock::SolveOptions& o) {
  for (int n = o.min_length; n <= o.max_length; ++n) {
    auto k = static_cast<std::size_t>(n);
    if (o.count_only) {
      if (r.counts[k] != lock::makay_count(n)) {
        throw std::runtime_error(
            fmt::format("lock solve --verify: length {}: the search counts {}, Makay's formula {}",
                        n, r.counts[k], lock::makay_count(n)));
      }
      continue;
    }
    std::vector<std::string> expected = lock::makay_solutions(n, o.alphabet);
    if (r.solutions[k] == expected) continue;
    for (const auto& s : r.solutions[k]) {
      if (std::find(expected.begin(), expected.end(), s) == expected.end()) {
        throw std::runtime_error(fmt::format(
            "lock solve --verify: length {}: the search found {}, which is not of Makay's form", n,
            s));
      }
    }
    for (const auto& s : expected) {
      if (std::find(r.solutions[k].begin(), r.solutions[k].end(), s) == r.solutions[k].end()) {
        throw std::runtime_error(fmt::format(
            "lock solve --verify: length {}: Makay's form gives {}, which the search missed", n,
            s));
      }
    }
  }
}

void run_solve(const LockOptions& cli) {
  lock::SolveOptions o;
  o.max_length = parse_length(cli.max_length, "--max-length");
  o.min_length = parse_length(cli.min_length, "--min-length");
  o.alphabet = Alphabet(cli.alphabet);
  o.method = cli.method;
  o.count_only = cli.count_only;
  o.threads = resolve_threads(cli.threads);
  o.progress = show_progress() && !cli.json;
  o.force = cli.force;
  lock::SolveResult r = lock::solve(o);
  if (cli.verify) verify_against_formula(r, o);
  const Json stats = stats_json(r.stats, o.method);
  const std::string unused = cli.count_only ? "" : unused_letters(r, o.alphabet);
  std::string extra;
  for (char c : o.alphabet.letters()) {
    if (std::string_view("QLVR").find(c) == std::string_view::npos) extra += c;
  }
  if (cli.json) {
    Json out = {{"method", std::string(lock::method_name(o.method))},
                {"alphabet", o.alphabet.letters()},
                {"min_length", o.min_length},
                {"max_length", o.max_length},
                {"total", r.total},
                {"lengths", listing_json(r, o.min_length, o.max_length, o.count_only)}};
    if (!cli.count_only) out["unused_letters"] = unused;
    if (cli.verify) out["verified"] = true;
    if (cli.stats) out["stats"] = stats;
    print_json(out);
    return;
  }
  print_listing(
      r, o.min_length, o.max_length, o.count_only,
      fmt::format("method {}, alphabet {}", lock::method_name(o.method), o.alphabet.letters()));
  if (!extra.empty() && !cli.count_only) {
    fmt::print("# letters no solution uses: {} (extra letters: {})\n", unused, extra);
  }
  if (cli.verify) {
    fmt::print("# verified: equal to Makay's general form at every length {} to {}\n", o.min_length,
               o.max_length);
  }
  if (cli.stats) print_stats_text(stats);
}

std::string sp_sentence(const std::string& x, const std::string& y) {
  return fmt::format("Sp: if {} jams the lock, {} is neutral; if {} is neutral, {} jams the lock.",
                     x, y.empty() ? "the empty combination" : y, x,
                     y.empty() ? "the empty combination" : y);
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

void run_relate(const LockOptions& cli) {
  Alphabet alphabet(cli.alphabet);
  if (cli.x.empty()) throw InputError("the combination is empty");
  check_combination(cli.x, alphabet, combination_label(cli.x, "combination"));
  lock::Derivation d = lock::derive(cli.x);
  if (cli.json) {
    Json steps = Json::array();
    for (const auto& s : d.steps) {
      steps.push_back({{"rule", std::string(1, s.rule)},
                       {"combination", s.combination},
                       {"partner", s.partner}});
    }
    Json out = {{"combination", cli.x}};
    out["partner"] = d.partner ? Json(*d.partner) : Json(nullptr);
    out["steps"] = steps;
    if (d.partner) {
      out["sp"] = sp_sentence(cli.x, *d.partner);
      out["opens"] = *d.partner == cli.x;
    } else {
      out["reason"] = d.no_partner_reason;
      out["opens"] = false;
    }
    print_json(out);
    return;
  }
  if (!d.partner) {
    fmt::print("{} is specially related to no combination: {}\n", cli.x, d.no_partner_reason);
    return;
  }
  const std::string& y = *d.partner;
  fmt::print("{} is specially related to {}\n", cli.x, y.empty() ? "the empty combination" : y);
  for (const auto& s : d.steps) {
    fmt::print("  {}: {} -> {}   ({})\n", s.rule, s.combination,
               s.partner.empty() ? "(empty)" : s.partner, rule_text(s.rule));
  }
  fmt::print("{}\n", sp_sentence(cli.x, y));
  if (y == cli.x) {
    fmt::print(
        "{} is related to itself, so it can neither jam the lock nor be neutral: it opens "
        "the lock.\n",
        cli.x);
  }
}

void run_check(const LockOptions& cli) {
  Alphabet alphabet(cli.alphabet);
  if (cli.x.empty()) throw InputError("the first combination is empty");
  check_combination(cli.x, alphabet, combination_label(cli.x, "first combination"));
  check_combination(cli.y, alphabet, combination_label(cli.y, "second combination"));
  bool is_related = lock::related(cli.x, cli.y);
  std::optional<std::size_t> length = lock::partner_length(cli.x);
  std::optional<std::string> partner;
  if (!is_related && length && *length <= lock::kMaxPartner) partner = lock::partner(cli.x);
  if (is_related) partner = cli.y;
  std::string why;
  if (!is_related) {
    if (!length) {
      why = fmt::format("{} is specially related to no combination ({})", cli.x,
                        lock::derive(cli.x).no_partner_reason);
    } else if (partner) {
      why = fmt::format("{} is specially related to {} instead", cli.x,
                        partner->empty() ? "the empty combination" : *partner);
    } else {
      why = fmt::format("{} is specially related to a combination of {} letters instead", cli.x,
                        *length);
    }
  }
  if (cli.json) {
    Json out = {{"x", cli.x}, {"y", cli.y}, {"related", is_related}};
    out["partner"] = partner ? Json(*partner) : Json(nullptr);
    if (length) out["partner_length"] = *length;
    if (is_related) {
      out["sp"] = sp_sentence(cli.x, cli.y);
    } else {
      out["reason"] = why;
    }
    print_json(out);
    return;
  }
  if (is_related) {
    fmt::print("yes: {} is specially related to {}\n{}\n", cli.x,
               cli.y.empty() ? "the empty combination" : cli.y, sp_sentence(cli.x, cli.y));
  } else {
    fmt::print("no: {}\n", why);
  }
}

void run_formula(const LockOptions& cli) {
  int max_length = parse_length(cli.max_length, "--max-length");
  int min_length = parse_length(cli.min_length, "--min-length");
  if (min_length > max_length) {
    throw InputError(
        fmt::format("--min-length {} is more than --max-length {}", min_length, max_length));
  }
  double bytes = 0;
  for (int n = min_length; n <= max_length && !cli.count_only; ++n) {
    bytes += static_cast<double>(lock::makay_count(n)) * (n + 1);
  }
  if (bytes > 1e9 && !cli.force) {
    throw InputError(fmt::format(
        "lock formula --max-length {}: about {:.2g} bytes of output; use --count-only, or "
        "--force to print them anyway",
        max_length, bytes));
  }
  Alphabet alphabet;
  lock::SolveResult r = formula_result(min_length, max_length, cli.count_only, alphabet);
  if (cli.json) {
    print_json({{"form",
                 "V^k R V^l L V^m Q V^k R V^l L V^m Q and V^m L V^k R V^l Q V^m L V^k R "
                 "V^l QQ, k + l and m odd"},
                {"min_length", min_length},
                {"max_length", max_length},
                {"total", r.total},
                {"lengths", listing_json(r, min_length, max_length, cli.count_only)}});
    return;
  }
  print_listing(r, min_length, max_length, cli.count_only, "Makay's general form");
}

void add_length_options(CLI::App& sub, LockOptions& o) {
  sub.add_option("-n,--max-length", o.max_length, "Longest combination length")->required();
  sub.add_option("--min-length", o.min_length, "Shortest combination length (1)");
}

}  // namespace

void setup_lock(CLI::App& app) {
  auto o = std::make_shared<LockOptions>();
  auto* lock_app = app.add_subcommand(
      "lock", "Smullyan's Monte Carlo lock: every combination that opens it, and why");
  lock_app->require_subcommand(1);

  auto* solve = lock_app->add_subcommand(
      "solve", "Every combination up to a length related to itself (so it opens the lock)");
  add_length_options(*solve, *o);
  const std::map<std::string, lock::Method> methods = {{"recursive", lock::Method::Recursive},
                                                       {"memoize", lock::Method::Memoize},
                                                       {"construct", lock::Method::Construct},
                                                       {"fast", lock::Method::Fast}};
  solve->add_option("-m,--method", o->method, "recursive, memoize, construct or fast (default)")
      ->transform(CLI::CheckedTransformer(methods, CLI::ignore_case));
  solve->add_option("--alphabet", o->alphabet, "Letters combinations may use (QLVR; e.g. QLVRX)");
  solve->add_flag("--count-only", o->count_only, "Print only the number of solutions per length");
  solve->add_flag("--verify", o->verify,
                  "Compare with Makay's general form and fail on any difference");
  solve->add_flag("--stats", o->stats, "Print the method's figures (cache sizes, pairs, ...)");
  add_threads_option(*solve, o->threads);
  add_force_flag(*solve, o->force);
  add_json_flag(*solve, o->json);
  solve->callback([o] { run_solve(*o); });

  auto* relate = lock_app->add_subcommand(
      "relate", "The combination X is specially related to, with the derivation and property Sp");
  relate->add_option("combination", o->x, "The combination X")->required();
  relate->add_option("--alphabet", o->alphabet, "Letters combinations may use (QLVR)");
  add_json_flag(*relate, o->json);
  relate->callback([o] { run_relate(*o); });

  auto* check = lock_app->add_subcommand("check", "Whether X is specially related to Y");
  check->add_option("x", o->x, "The combination X")->required();
  check->add_option("y", o->y, "The combination Y")->required();
  check->add_option("--alphabet", o->alphabet, "Letters combinations may use (QLVR)");
  add_json_flag(*check, o->json);
  check->callback([o] { run_check(*o); });

  auto* formula = lock_app->add_subcommand(
      "formula", "The solutions given by Makay's general form (2016), up to a length");
  add_length_options(*formula, *o);
  formula->add_flag("--count-only", o->count_only, "Print only the number per length");
  add_force_flag(*formula, o->force);
  add_json_flag(*formula, o->json);
  formula->callback([o] { run_formula(*o); });
}

}  // namespace manyworlds::cli
