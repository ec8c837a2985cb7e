// `manyworlds cards`: Matt Parker's card-flip puzzle (MPMP 4): construct, check, play,
// enumerate and count the minimal flip sequences.

#include <map>
#include <memory>
#include <string>

#include "cli.hpp"
#include "manyworlds/cards/report.hpp"
#include "manyworlds/core/parallel.hpp"
#include "verb.hpp"

namespace manyworlds::cli {
namespace {

using cards::Format;

const std::map<std::string, Format> kFormats = {{"plain", Format::Plain}, {"numpy", Format::Numpy}};

}  // namespace

void setup_cards(CLI::App& app) {
  auto* cards_app = app.add_subcommand(
      "cards", "Matt Parker's card flips (MPMP 4): minimal flip sequences for N unseen cards");
  cards_app->require_subcommand(1);

  {
    auto o = std::make_shared<cards::SolveRequest>();
    auto* sub = cards_app->add_subcommand(
        "solve", "One minimal sequence for N cards: S(N) = S(N-1), N-1, S(N-1), streamed");
    sub->add_option("cards", o->cards, "Number of cards N")->required();
    sub->add_option("--format", o->format, "plain (0 1 0) or numpy ([0 1 0] )")
        ->transform(CLI::CheckedTransformer(kFormats, CLI::ignore_case))
        ->option_text("FORMAT");
    add_force_flag(*sub, o->force);
    on_run(*sub, [o](const RunContext&) { return cards::solve(*o); });
  }
  {
    auto o = std::make_shared<cards::CheckRequest>();
    auto* sub = cards_app->add_subcommand(
        "check", "Whether a sequence works for every start; the starts it misses");
    sub->add_option("sequence", o->sequence,
                    "Card numbers (spaces or commas, or a line like '[0 1 0] '; - for stdin)")
        ->required();
    sub->add_option("-n,--cards", o->cards, "Number of cards (default: highest card + 1)")
        ->check(CLI::Range(1, cards::kMaxCheckCards));
    sub->add_option("--list", o->list, "List at most this many missed starts (16)");
    on_run(*sub, [o](const RunContext&) { return cards::check(*o); });
  }
  {
    auto o = std::make_shared<cards::PlayRequest>();
    auto* sub = cards_app->add_subcommand("play", "The trace of one start under a sequence");
    sub->add_option("-s,--start", o->start, "Start state, card 0 first, 1 = face up (e.g. 0110)")
        ->required();
    sub->add_option("sequence", o->sequence, "Card numbers (spaces or commas; - for stdin)")
        ->required();
    on_run(*sub, [o](const RunContext&) { return cards::play(*o); });
  }
  {
    auto o = std::make_shared<cards::EnumerateRequest>();
    auto* sub = cards_app->add_subcommand("enumerate",
                                          "Every minimal sequence for N cards, in sorted order");
    sub->add_option("cards", o->cards, "Number of cards N")->required();
    sub->add_option("--format", o->format, "numpy ([0 1 0] , as the Solutions files) or plain")
        ->transform(CLI::CheckedTransformer(kFormats, CLI::ignore_case))
        ->option_text("FORMAT");
    sub->add_option("--limit", o->options.limit, "Stop after this many sequences")
        ->check(CLI::PositiveNumber);
    sub->add_flag("--up-to-symmetry", o->options.canonical_only,
                  "One sequence per class under card permutations (cards first used in order)");
    add_force_flag(*sub, o->force);
    on_run(*sub, [o](const RunContext&) { return cards::enumerate(*o); });
  }
  {
    auto o = std::make_shared<cards::CountRequest>();
    auto threads = std::make_shared<int>(0);
    auto* sub = cards_app->add_subcommand("count", "The exact number of minimal sequences");
    sub->add_option("cards", o->cards, "Number of cards N (1..5)")->required();
    sub->add_flag("--up-to-symmetry", o->up_to_symmetry,
                  "Count classes under permutations of the cards");
    const std::map<std::string, cards::Method> methods = {{"symmetry", cards::Method::Symmetry},
                                                          {"dfs", cards::Method::Dfs},
                                                          {"brute", cards::Method::Brute}};
    sub->add_option("-m,--method", o->options.method,
                    "symmetry (canonical search x N!), dfs (every sequence) or brute (the "
                    "seed's scan, N <= 4)")
        ->transform(CLI::CheckedTransformer(methods, CLI::ignore_case))
        ->option_text("METHOD");
    add_threads_option(*sub, *threads);
    add_force_flag(*sub, o->force);
    on_run(*sub, [o, threads](const RunContext& context) {
      o->options.threads = resolve_threads(*threads);
      o->options.progress = context.progress && !context.json;
      return cards::count(*o);
    });
  }
}

}  // namespace manyworlds::cli
