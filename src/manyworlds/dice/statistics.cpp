// The moves-to-win statistic of one player: the seed's search and the dynamic program.

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/dice/count.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {

std::vector<RollTotal> roll_totals(int sides, int rolls) {
  // ways[t] for totals t = rolls..rolls*sides, by repeated convolution with one die.
  std::vector<BigInt> ways{1};  // zero rolls: total 0 one way
  for (int r = 0; r < rolls; ++r) {
    std::vector<BigInt> next(ways.size() + sides - 1);
    for (std::size_t t = 0; t < ways.size(); ++t) {
      for (int face = 0; face < sides; ++face) next[t + face] += ways[t];
    }
    ways = std::move(next);
  }
  std::vector<RollTotal> totals;
  for (std::size_t t = 0; t < ways.size(); ++t) {
    totals.push_back({static_cast<int>(t) + rolls, ways[t]});
  }
  return totals;
}

namespace {

// Totals folded modulo the board: what a turn does to a player's space, with its ways.
std::vector<RollTotal> steps_mod_board(const Rules& rules) {
  std::vector<BigInt> by_residue(rules.board);
  for (const auto& [total, ways] : roll_totals(rules.part2_sides, rules.rolls_per_turn)) {
    by_residue[total % rules.board] += ways;
  }
  std::vector<RollTotal> steps;
  for (int r = 0; r < rules.board; ++r) {
    if (sgn(by_residue[r]) != 0) steps.push_back({r, by_residue[r]});
  }
  return steps;
}

// log2 of the universes one turn makes: rolls * log2(sides).
double bits_per_turn(const Rules& rules) {
  return rules.rolls_per_turn * std::log2(static_cast<double>(rules.part2_sides));
}

template <typename C>
MovesToWin search_with(const Rules& rules, int start, const std::vector<RollTotal>& totals) {
  std::vector<std::pair<int, C>> die;
  for (const auto& [total, ways] : totals) die.emplace_back(total, detail::from_big<C>(ways));
  // The seed's explicit stack: each frame is a state and the next total to try from it.
  struct Frame {
    int position;
    int score;
    C factor;
    std::size_t next;
  };
  std::vector<Frame> stack{{start - 1, 0, C(1), 0}};
  std::vector<C> wins(1, C(0));
  std::uint64_t steps = 0;
  while (!stack.empty()) {
    if ((++steps & 0xFFFFF) == 0 && cancel_requested()) {
      throw Cancelled(fmt::format("interrupted after {} steps of the moves-to-win search", steps));
    }
    Frame& top = stack.back();
    if (top.next == die.size()) {
      stack.pop_back();
      continue;
    }
    const auto& [total, ways] = die[top.next++];
    int position = (top.position + total) % rules.board;
    int score = top.score + position + 1;
    C factor = top.factor * ways;
    std::size_t move = stack.size();
    if (score >= rules.part2_target) {
      if (wins.size() <= move) wins.resize(move + 1, C(0));
      wins[move] += factor;
      continue;
    }
    stack.push_back({position, score, std::move(factor), 0});
  }
  // Residual universes: go_on[n] = go_on[n-1] * (universes per turn) - wins[n].
  BigInt per_turn = 0;
  for (const auto& t : totals) per_turn += t.ways;
  MovesToWin result;
  result.wins.push_back(0);
  result.go_on.push_back(1);
  for (std::size_t n = 1; n < wins.size(); ++n) {
    result.wins.push_back(detail::to_big(wins[n]));
    result.go_on.push_back(result.go_on.back() * per_turn - result.wins.back());
  }
  return result;
}

template <typename C>
MovesToWin table_with(const Rules& rules, int start, const std::vector<RollTotal>& steps,
                      Progress* progress) {
  const int board = rules.board;
  const int target = rules.part2_target;
  std::vector<std::pair<int, C>> die;
  BigInt per_turn = 0;
  for (const auto& [residue, ways] : steps) {
    die.emplace_back(residue, detail::from_big<C>(ways));
    per_turn += ways;
  }
  // cur[score * board + space]: universes (of this player alone) in that state after n moves.
  std::vector<C> cur(static_cast<std::size_t>(board) * target, C(0));
  std::vector<C> next(cur.size(), C(0));
  cur[start - 1] = C(1);
  int low = 0;
  int high = 0;
  MovesToWin result;
  result.wins.push_back(0);
  result.go_on.push_back(1);
  while (low <= high) {
    if (cancel_requested()) {
      throw Cancelled(fmt::format("interrupted after {} moves of the table for start {}",
                                  result.wins.size() - 1, start));
    }
    C won(0);
    int next_low = target;
    int next_high = -1;
    for (int score = low; score <= high; ++score) {
      C* row = &cur[static_cast<std::size_t>(score) * board];
      for (int space = 0; space < board; ++space) {
        if (detail::is_zero(row[space])) continue;
        for (const auto& [residue, ways] : die) {
          int to = space + residue;
          if (to >= board) to -= board;
          int to_score = score + to + 1;
          if (to_score >= target) {
            detail::add_product(won, row[space], ways);
          } else {
            detail::add_product(next[static_cast<std::size_t>(to_score) * board + to], row[space],
                                ways);
            next_low = std::min(next_low, to_score);
            next_high = std::max(next_high, to_score);
          }
        }
        row[space] = C(0);
      }
    }
    result.wins.push_back(detail::to_big(won));
    result.go_on.push_back(result.go_on.back() * per_turn - result.wins.back());
    std::swap(cur, next);
    if (progress) progress->advance();
    low = next_low;
    high = next_high;
  }
  return result;
}

}  // namespace

int max_moves(const Rules& rules, int start) {
  // longest[score * board + space]: the most moves from that state until the target is reached
  // (the last move reaching it), by increasing-score order: every move adds at least 1.
  const int board = rules.board;
  const int target = rules.part2_target;
  std::vector<RollTotal> steps = steps_mod_board(rules);
  std::vector<int> longest(static_cast<std::size_t>(board) * target, 0);
  for (int score = target - 1; score >= 0; --score) {
    for (int space = 0; space < board; ++space) {
      int best = 0;
      for (const auto& step : steps) {
        int to = (space + step.total) % board;
        int to_score = score + to + 1;
        int after =
            to_score >= target ? 0 : longest[static_cast<std::size_t>(to_score) * board + to];
        best = std::max(best, after);
      }
      longest[static_cast<std::size_t>(score) * board + space] = best + 1;
    }
  }
  return longest[start - 1];
}

MovesToWin moves_to_win_search(const Rules& rules, int start) {
  std::vector<RollTotal> totals = roll_totals(rules.part2_sides, rules.rolls_per_turn);
  double bits = max_moves(rules, start) * bits_per_turn(rules) + 1;
  return detail::with_count_type(
      bits, [&]<typename C>() { return search_with<C>(rules, start, totals); });
}

MovesToWin moves_to_win_table(const Rules& rules, int start, Progress* progress) {
  std::vector<RollTotal> steps = steps_mod_board(rules);
  double bits = max_moves(rules, start) * bits_per_turn(rules) + 1;
  return detail::with_count_type(
      bits, [&]<typename C>() { return table_with<C>(rules, start, steps, progress); });
}

}  // namespace manyworlds::dice
