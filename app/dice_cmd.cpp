// `manyworlds dice`: Dirac Dice (Advent of Code 2021, day 21), both parts, general rules.

#include <fmt/format.h>

#include <memory>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/dice/report.hpp"
#include "verb.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app) {
  auto o = std::make_shared<dice::Request>();
  auto method = std::make_shared<std::string>("fast");
  auto* sub = app.add_subcommand(
      "dice", "Dirac Dice (AoC 2021 day 21): both parts, exact, with general rules");
  sub->add_option("-i,--input", o->input,
                  "Puzzle input ('Player 1 starting position: 4'; - for stdin)");
  sub->add_option("--p1", o->p1, "Player 1's starting space")->check(CLI::PositiveNumber);
  sub->add_option("--p2", o->p2, "Player 2's starting space")->check(CLI::PositiveNumber);
  sub->add_option("--start", o->start, "Starting spaces of any number of players, e.g. 4,8,3");
  sub->add_option("--part", o->part, "Only part 1 or part 2")->check(CLI::IsMember({1, 2}));
  sub->add_option("-m,--method", *method, "Part 2 method (default fast)")
      ->check(CLI::IsMember({"fast", "moves-to-win", "memo", "brute"}));
  sub->add_option("--board", o->rules.board, "Spaces on the track (10)");
  sub->add_option("--rolls", o->rules.rolls_per_turn, "Die rolls per turn (3)");
  sub->add_option("--part1-sides", o->rules.part1_sides, "Faces of the deterministic die (100)");
  sub->add_option("--part1-target", o->rules.part1_target, "Winning score in part 1 (1000)");
  sub->add_option("--part2-sides", o->rules.part2_sides, "Faces of the quantum die (3)");
  sub->add_option("--part2-target", o->rules.part2_target, "Winning score in part 2 (21)");
  sub->add_flag("--distribution", o->distribution,
                "Also print, per player, the universes won at each turn");
  auto threads = std::make_shared<int>(0);
  add_threads_option(*sub, *threads);
  add_force_flag(*sub, o->options.force);
  on_run(*sub, [o, method, threads](const RunContext& context) {
    o->method = dice::parse_method(*method);
    o->options.threads = resolve_threads(*threads);
    o->options.progress = context.progress && !context.json;
    return dice::solve(*o);
  });
}

}  // namespace manyworlds::cli
