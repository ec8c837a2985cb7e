// `manyworlds dice`: Dirac Dice (Advent of Code 2021, day 21), both parts, general rules.

#include <fmt/format.h>

#include <memory>
#include <optional>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::cli {
namespace {

struct DiceOptions {
  std::string input;
  int p1 = 0;
  int p2 = 0;
  std::string start;
  int part = 0;  // 0: both
  std::string method = "fast";
  dice::Rules rules;
  bool distribution = false;
  bool json = false;
  bool force = false;
  int threads = 0;
};

std::vector<int> starting_positions(const DiceOptions& o) {
  int given = !o.input.empty() + (o.p1 != 0 || o.p2 != 0) + !o.start.empty();
  if (given == 0) throw UsageError("dice: give --input FILE, --p1 N --p2 N, or --start A,B,...");
  if (given > 1) throw UsageError("dice: give only one of --input, --p1/--p2 and --start");
  if (!o.input.empty()) return dice::parse_input(read_text(o.input), o.rules.board);
  if (!o.start.empty()) {
    std::vector<int> starts;
    for (auto s : parse_int_list(o.start, "--start", 1, o.rules.board)) {
      starts.push_back(static_cast<int>(s));
    }
    return starts;
  }
  if (o.p1 == 0 || o.p2 == 0) throw UsageError("dice: --p1 and --p2 go together");
  return {o.p1, o.p2};
}

Json rules_json(const dice::Rules& r, const std::vector<int>& starts) {
  return {{"starts", starts},
          {"board", r.board},
          {"rolls_per_turn", r.rolls_per_turn},
          {"part1_sides", r.part1_sides},
          {"part1_target", r.part1_target},
          {"part2_sides", r.part2_sides},
          {"part2_target", r.part2_target}};
}

Json part1_json(const dice::Part1Result& p) {
  return {{"answer", p.answer},
          {"losing_score", p.losing_score},
          {"rolls", p.rolls},
          {"winner", p.winner + 1},
          {"scores", p.scores}};
}

Json part2_json(const dice::Part2Result& p, dice::Method method, bool distribution) {
  Json wins = Json::array();
  for (const auto& w : p.wins) wins.push_back(big_json(w));
  Json out = {{"answer", big_json(p.answer)},
              {"winner", p.winner + 1},
              {"wins", wins},
              {"method", std::string(dice::method_name(method))}};
  if (distribution) {
    Json turns = Json::array();
    for (std::size_t n = 1; n < p.wins_by_turn.size(); ++n) {
      Json row = {{"turn", n}};
      Json won = Json::array(), stat_wins = Json::array(), go_on = Json::array();
      for (std::size_t i = 0; i < p.wins.size(); ++i) {
        const auto& s = p.statistics[i];
        won.push_back(big_json(p.wins_by_turn[n][i]));
        stat_wins.push_back(big_json(n < s.wins.size() ? s.wins[n] : BigInt(0)));
        go_on.push_back(big_json(n < s.go_on.size() ? s.go_on[n] : BigInt(0)));
      }
      row["universes_won"] = won;
      row["moves_to_win"] = stat_wins;
      row["go_on"] = go_on;
      turns.push_back(row);
    }
    out["distribution"] = turns;
  }
  return out;
}

void print_distribution(const dice::Part2Result& p) {
  fmt::print(
      "\nUniverses won at each turn (the moves-to-win statistic: a player's own roll\n"
      "outcomes that win on that move, and those that go on):\n");
  for (std::size_t i = 0; i < p.wins.size(); ++i) {
    const auto& s = p.statistics[i];
    fmt::print("player {}\n  {:>4}  {:>28}  {:>28}  {:>40}\n", i + 1, "turn", "moves-to-win wins",
               "go on", "universes won");
    for (std::size_t n = 1; n < p.wins_by_turn.size(); ++n) {
      BigInt wins = n < s.wins.size() ? s.wins[n] : BigInt(0);
      BigInt go_on = n < s.go_on.size() ? s.go_on[n] : BigInt(0);
      fmt::print("  {:>4}  {:>28}  {:>28}  {:>40}\n", n, wins, go_on, p.wins_by_turn[n][i]);
    }
  }
}

void run_dice(const DiceOptions& o) {
  dice::Method method = dice::Method::Fast;
  for (dice::Method m : {dice::Method::MovesToWin, dice::Method::Memo, dice::Method::Brute}) {
    if (dice::method_name(m) == o.method) method = m;
  }
  std::vector<int> starts = starting_positions(o);
  dice::validate(o.rules, starts);
  bool statistic = method == dice::Method::Fast || method == dice::Method::MovesToWin;
  if (o.distribution && !statistic) {
    throw UsageError("dice: --distribution needs --method fast or moves-to-win");
  }
  // Both parts are computed before anything is printed, so a refused part 2 leaves no
  // half-written output.
  std::optional<dice::Part1Result> p1;
  std::optional<dice::Part2Result> p2;
  if (o.part != 2) p1 = dice::play_deterministic(o.rules, starts);
  if (o.part != 1) {
    dice::Part2Options options{resolve_threads(o.threads), show_progress() && !o.json, o.force};
    p2 = dice::play_dirac(o.rules, starts, method, options);
  }
  Json json = {{"rules", rules_json(o.rules, starts)}};
  if (p1 && o.json) {
    json["part1"] = part1_json(*p1);
  } else if (p1) {
    fmt::print("Part 1: {}  (losing score {} x {} die rolls; player {} wins)\n", p1->answer,
               p1->losing_score, p1->rolls, p1->winner + 1);
  }
  if (p2 && o.json) {
    json["part2"] = part2_json(*p2, method, o.distribution);
  } else if (p2) {
    fmt::print("Part 2: {}  (player {} wins in more universes)\n", p2->answer, p2->winner + 1);
    for (std::size_t i = 0; i < p2->wins.size(); ++i) {
      fmt::print("  player {} wins in {} universes\n", i + 1, p2->wins[i]);
    }
    if (o.distribution) print_distribution(*p2);
  }
  if (o.json) print_json(json);
}

}  // namespace

void setup_dice(CLI::App& app) {
  auto o = std::make_shared<DiceOptions>();
  auto* sub = app.add_subcommand(
      "dice", "Dirac Dice (AoC 2021 day 21): both parts, exact, with general rules");
  sub->add_option("-i,--input", o->input,
                  "Puzzle input ('Player 1 starting position: 4'; - for stdin)");
  sub->add_option("--p1", o->p1, "Player 1's starting space")->check(CLI::PositiveNumber);
  sub->add_option("--p2", o->p2, "Player 2's starting space")->check(CLI::PositiveNumber);
  sub->add_option("--start", o->start, "Starting spaces of any number of players, e.g. 4,8,3");
  sub->add_option("--part", o->part, "Only part 1 or part 2")->check(CLI::IsMember({1, 2}));
  sub->add_option("-m,--method", o->method, "Part 2 method (default fast)")
      ->check(CLI::IsMember({"fast", "moves-to-win", "memo", "brute"}));
  sub->add_option("--board", o->rules.board, "Spaces on the track (10)");
  sub->add_option("--rolls", o->rules.rolls_per_turn, "Die rolls per turn (3)");
  sub->add_option("--part1-sides", o->rules.part1_sides, "Faces of the deterministic die (100)");
  sub->add_option("--part1-target", o->rules.part1_target, "Winning score in part 1 (1000)");
  sub->add_option("--part2-sides", o->rules.part2_sides, "Faces of the quantum die (3)");
  sub->add_option("--part2-target", o->rules.part2_target, "Winning score in part 2 (21)");
  sub->add_flag("--distribution", o->distribution,
                "Also print, per player, the universes won at each turn");
  add_threads_option(*sub, o->threads);
  add_force_flag(*sub, o->force);
  add_json_flag(*sub, o->json);
  sub->callback([o] { run_dice(*o); });
}

TourLine tour_dice() {
  dice::Rules rules;
  std::vector<int> starts{4, 8};
  dice::Part1Result p1 = dice::play_deterministic(rules, starts);
  dice::Part2Result p2 = dice::play_dirac(rules, starts, dice::Method::Fast);
  return {fmt::format("sample 4,8: part 1 {}, part 2 {} universes", p1.answer, p2.answer),
          {{"part1", p1.answer}, {"part2", big_json(p2.answer)}}};
}

// Part 2 for all 100 pairs of starts at target 21, and one pair at target 300 (big counts).
BenchLine bench_dice(unsigned threads) {
  dice::Rules rules;
  std::uint64_t work = 0;
  BigInt digest = 0;
  for (int a = 1; a <= 10; ++a) {
    for (int b = 1; b <= 10; ++b) {
      std::vector<int> starts{a, b};
      dice::Part2Result p = dice::play_dirac(rules, starts, dice::Method::Fast, {threads});
      for (const auto& w : p.wins) digest = (digest * 1000003 + w) % BigInt("18446744073709551557");
      for (const auto& s : p.statistics) work += s.wins.size() - 1;
    }
  }
  rules.part2_target = 300;
  std::vector<int> starts{4, 8};
  dice::Part2Result p = dice::play_dirac(rules, starts, dice::Method::Fast, {threads});
  for (const auto& w : p.wins) digest = (digest * 1000003 + w) % BigInt("18446744073709551557");
  for (const auto& s : p.statistics) work += s.wins.size() - 1;
  return {"part 2: 100 start pairs to 21, one pair to 300", work,
          fmt::format("{:016x}", digest.get_ui())};
}

}  // namespace manyworlds::cli
