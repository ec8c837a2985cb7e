#include <algorithm>
#include <limits>

#include "manyworlds/dice/count.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {
namespace {

// The sum of the first n rolls of a deterministic die with `sides` faces (1, 2, ..., sides, 1,
// ...): n / sides full cycles plus the first n % sides faces.
detail::U128 deterministic_sum(std::int64_t n, std::int64_t sides) {
  auto cycles = static_cast<detail::U128>(n / sides);
  auto rest = static_cast<detail::U128>(n % sides);
  auto full = static_cast<detail::U128>(sides) * static_cast<detail::U128>(sides + 1) / 2;
  return cycles * full + rest * (rest + 1) / 2;
}

}  // namespace

// A plain simulation, one turn at a time; each turn's total is found in constant time, so the
// work is the number of turns (at most players * target).
Part1Result play_deterministic(const Rules& rules, std::span<const int> starts) {
  validate(rules, starts);
  const std::int64_t board = rules.board;
  std::vector<std::int64_t> position(starts.begin(), starts.end());
  for (auto& p : position) --p;
  Part1Result result;
  result.scores.assign(starts.size(), 0);
  std::int64_t rolls = 0;
  for (std::size_t player = 0;; player = (player + 1) % starts.size()) {
    detail::U128 total = deterministic_sum(rolls + rules.rolls_per_turn, rules.part1_sides) -
                         deterministic_sum(rolls, rules.part1_sides);
    rolls += rules.rolls_per_turn;
    position[player] = static_cast<std::int64_t>(
        (static_cast<detail::U128>(position[player]) + total % static_cast<detail::U128>(board)) %
        static_cast<detail::U128>(board));
    result.scores[player] += position[player] + 1;
    if (result.scores[player] >= rules.part1_target) {
      result.winner = static_cast<int>(player);
      break;
    }
  }
  result.losing_score = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (static_cast<int>(i) != result.winner) {
      result.losing_score = std::min(result.losing_score, result.scores[i]);
    }
  }
  result.rolls = rolls;
  result.answer = result.losing_score * rolls;
  return result;
}

}  // namespace manyworlds::dice
