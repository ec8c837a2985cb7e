// The fixed workloads of dice: the tour's headline and the bench's work count.

#include <fmt/format.h>

#include "manyworlds/dice/dice.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {

TourLine tour_dice() {
  dice::Rules rules;
  std::vector<int> starts{4, 8};
  dice::Part1Result p1 = dice::play_deterministic(rules, starts);
  dice::Part2Result p2 = dice::play_dirac(rules, starts, dice::Method::Fast);
  return {fmt::format("sample 4,8: part 1 {}, part 2 {} universes", p1.answer, p2.answer),
          {{"part1", p1.answer}, {"part2", p2.answer}}};
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

}  // namespace manyworlds::workloads
