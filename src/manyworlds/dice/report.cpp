#include "manyworlds/dice/report.hpp"

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::dice {
namespace {

std::vector<int> starting_positions(const Request& r) {
  int given = !r.input.empty() + (r.p1 != 0 || r.p2 != 0) + !r.start.empty();
  if (given == 0) throw UsageError("dice: give --input FILE, --p1 N --p2 N, or --start A,B,...");
  if (given > 1) throw UsageError("dice: give only one of --input, --p1/--p2 and --start");
  if (!r.input.empty()) return parse_input(read_text(r.input), r.rules.board);
  if (!r.start.empty()) {
    std::vector<int> starts;
    for (auto s : parse_int_list(r.start, "--start", 1, r.rules.board)) {
      starts.push_back(static_cast<int>(s));
    }
    return starts;
  }
  if (r.p1 == 0 || r.p2 == 0) throw UsageError("dice: --p1 and --p2 go together");
  return {r.p1, r.p2};
}

BigInt at_or_zero(const std::vector<BigInt>& values, std::size_t n) {
  return n < values.size() ? values[n] : BigInt(0);
}

}  // namespace

Method parse_method(std::string_view name) {
  for (Method m : {Method::Fast, Method::MovesToWin, Method::Memo, Method::Brute}) {
    if (method_name(m) == name) return m;
  }
  throw UsageError(fmt::format("dice: unknown method '{}'", name));
}

Report solve(const Request& request) {
  Report report;
  report.rules = request.rules;
  report.method = request.method;
  report.distribution = request.distribution;
  report.starts = starting_positions(request);
  validate(request.rules, report.starts);
  bool statistic = request.method == Method::Fast || request.method == Method::MovesToWin;
  if (request.distribution && !statistic) {
    throw UsageError("dice: --distribution needs --method fast or moves-to-win");
  }
  if (request.part != 2) report.part1 = play_deterministic(request.rules, report.starts);
  if (request.part != 1) {
    report.part2 = play_dirac(request.rules, report.starts, request.method, request.options);
  }
  return report;
}

void write_text(fmt::memory_buffer& out, const Report& report) {
  if (const auto& p = report.part1) {
    append(out, "Part 1: {}  (losing score {} x {} die rolls; player {} wins)\n", p->answer,
           p->losing_score, p->rolls, p->winner + 1);
  }
  const auto& p = report.part2;
  if (!p) return;
  append(out, "Part 2: {}  (player {} wins in more universes)\n", p->answer, p->winner + 1);
  for (std::size_t i = 0; i < p->wins.size(); ++i) {
    append(out, "  player {} wins in {} universes\n", i + 1, p->wins[i]);
  }
  if (!report.distribution) return;
  append(out,
         "\nUniverses won at each turn (the moves-to-win statistic: a player's own roll\n"
         "outcomes that win on that move, and those that go on):\n");
  for (std::size_t i = 0; i < p->wins.size(); ++i) {
    const auto& s = p->statistics[i];
    append(out, "player {}\n  {:>4}  {:>28}  {:>28}  {:>40}\n", i + 1, "turn", "moves-to-win wins",
           "go on", "universes won");
    for (std::size_t n = 1; n < p->wins_by_turn.size(); ++n) {
      append(out, "  {:>4}  {:>28}  {:>28}  {:>40}\n", n, at_or_zero(s.wins, n),
             at_or_zero(s.go_on, n), p->wins_by_turn[n][i]);
    }
  }
}

void to_json(Json& out, const Report& report) {
  const Rules& r = report.rules;
  out = {{"rules",
          {{"starts", report.starts},
           {"board", r.board},
           {"rolls_per_turn", r.rolls_per_turn},
           {"part1_sides", r.part1_sides},
           {"part1_target", r.part1_target},
           {"part2_sides", r.part2_sides},
           {"part2_target", r.part2_target}}}};
  if (const auto& p = report.part1) {
    out["part1"] = {{"answer", p->answer},
                    {"losing_score", p->losing_score},
                    {"rolls", p->rolls},
                    {"winner", p->winner + 1},
                    {"scores", p->scores}};
  }
  const auto& p = report.part2;
  if (!p) return;
  Json part2 = {{"answer", p->answer},
                {"winner", p->winner + 1},
                {"wins", p->wins},
                {"method", std::string(method_name(report.method))}};
  if (report.distribution) {
    Json turns = Json::array();
    for (std::size_t n = 1; n < p->wins_by_turn.size(); ++n) {
      Json won = Json::array(), moves_to_win = Json::array(), go_on = Json::array();
      for (std::size_t i = 0; i < p->wins.size(); ++i) {
        won.push_back(p->wins_by_turn[n][i]);
        moves_to_win.push_back(at_or_zero(p->statistics[i].wins, n));
        go_on.push_back(at_or_zero(p->statistics[i].go_on, n));
      }
      turns.push_back(
          {{"turn", n}, {"universes_won", won}, {"moves_to_win", moves_to_win}, {"go_on", go_on}});
    }
    part2["distribution"] = turns;
  }
  out["part2"] = part2;
}

}  // namespace manyworlds::dice
