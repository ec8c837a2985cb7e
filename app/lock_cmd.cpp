// `manyworlds lock`: Smullyan's Monte Carlo lock — solve, relate, check, formula.

#include <map>
#include <memory>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/lock/report.hpp"
#include "verb.hpp"

namespace manyworlds::cli {
namespace {

template <typename Request>
void add_length_options(CLI::App& sub, Request& r) {
  sub.add_option("-n,--max-length", r.max_length, "Longest combination length")->required();
  sub.add_option("--min-length", r.min_length, "Shortest combination length (1)");
}

}  // namespace

void setup_lock(CLI::App& app) {
  auto* lock_app = app.add_subcommand(
      "lock", "Smullyan's Monte Carlo lock: every combination that opens it, and why");
  lock_app->require_subcommand(1);

  auto solve = std::make_shared<lock::SolveRequest>();
  auto threads = std::make_shared<int>(0);
  auto* s = lock_app->add_subcommand(
      "solve", "Every combination up to a length related to itself (so it opens the lock)");
  add_length_options(*s, *solve);
  const std::map<std::string, lock::Method> methods = {{"recursive", lock::Method::Recursive},
                                                       {"memoize", lock::Method::Memoize},
                                                       {"construct", lock::Method::Construct},
                                                       {"fast", lock::Method::Fast}};
  s->add_option("-m,--method", solve->method, "recursive, memoize, construct or fast (default)")
      ->transform(CLI::CheckedTransformer(methods, CLI::ignore_case));
  s->add_option("--alphabet", solve->alphabet, "Letters combinations may use (QLVR; e.g. QLVRX)");
  s->add_flag("--count-only", solve->count_only, "Print only the number of solutions per length");
  s->add_flag("--verify", solve->verify,
              "Compare with Makay's general form and fail on any difference");
  s->add_flag("--stats", solve->stats, "Print the method's figures (cache sizes, pairs, ...)");
  add_threads_option(*s, *threads);
  add_force_flag(*s, solve->force);
  on_run(*s, [solve, threads](const RunContext& context) {
    solve->threads = resolve_threads(*threads);
    solve->progress = context.progress && !context.json;
    return lock::solve(*solve);
  });

  auto relate = std::make_shared<lock::RelateRequest>();
  auto* r = lock_app->add_subcommand(
      "relate", "The combination X is specially related to, with the derivation and property Sp");
  r->add_option("combination", relate->combination, "The combination X")->required();
  r->add_option("--alphabet", relate->alphabet, "Letters combinations may use (QLVR)");
  on_run(*r, [relate](const RunContext&) { return lock::relate(*relate); });

  auto check = std::make_shared<lock::CheckRequest>();
  auto* c = lock_app->add_subcommand("check", "Whether X is specially related to Y");
  c->add_option("x", check->x, "The combination X")->required();
  c->add_option("y", check->y, "The combination Y")->required();
  c->add_option("--alphabet", check->alphabet, "Letters combinations may use (QLVR)");
  on_run(*c, [check](const RunContext&) { return lock::check(*check); });

  auto formula = std::make_shared<lock::FormulaRequest>();
  auto* f = lock_app->add_subcommand(
      "formula", "The solutions given by Makay's general form (2016), up to a length");
  add_length_options(*f, *formula);
  f->add_flag("--count-only", formula->count_only, "Print only the number per length");
  add_force_flag(*f, formula->force);
  on_run(*f, [formula](const RunContext&) { return lock::formula(*formula); });
}

}  // namespace manyworlds::cli
