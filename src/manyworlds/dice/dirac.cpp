// Part 2: combining statistics, the seed's memoized recursion, brute force, estimates.

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <unordered_map>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/dice/count.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {

std::string_view method_name(Method method) {
  switch (method) {
    case Method::Fast:
      return "fast";
    case Method::MovesToWin:
      return "moves-to-win";
    case Method::Memo:
      return "memo";
    case Method::Brute:
      return "brute";
  }
  return "?";
}

Part2Result combine(std::vector<MovesToWin> statistics) {
  const std::size_t players = statistics.size();
  std::size_t turns = 0;
  for (const auto& s : statistics) turns = std::max(turns, s.wins.size());
  auto go_on = [&](std::size_t player, std::size_t move) -> const BigInt& {
    static const BigInt kZero = 0;
    const auto& g = statistics[player].go_on;
    return move < g.size() ? g[move] : kZero;
  };
  Part2Result result;
  result.wins.assign(players, 0);
  result.wins_by_turn.assign(turns, std::vector<BigInt>(players, 0));
  for (std::size_t n = 1; n < turns; ++n) {
    for (std::size_t i = 0; i < players; ++i) {
      if (n >= statistics[i].wins.size() || sgn(statistics[i].wins[n]) == 0) continue;
      // Player i wins on its n-th move: the players before it have made n moves and the
      // players after it n - 1 moves, none of them reaching the target.
      BigInt universes = statistics[i].wins[n];
      for (std::size_t j = 0; j < players && sgn(universes) != 0; ++j) {
        if (j != i) universes *= go_on(j, j < i ? n : n - 1);
      }
      result.wins_by_turn[n][i] = universes;
      result.wins[i] += universes;
    }
  }
  result.statistics = std::move(statistics);
  return result;
}

namespace {

void choose_winner(Part2Result& result) {
  result.winner = 0;
  for (std::size_t i = 1; i < result.wins.size(); ++i) {
    if (result.wins[i] > result.wins[result.winner]) result.winner = static_cast<int>(i);
  }
  result.answer = result.wins[result.winner];
}

// The seed's play2, for any number of players: the state lists (space, score) in turn order
// starting with the player to move; the answer lists universes won in the same order.
template <typename C>
class Memo {
 public:
  Memo(const Rules& rules, const std::vector<RollTotal>& totals) : rules_(rules) {
    for (const auto& [total, ways] : totals) die_.emplace_back(total, detail::from_big<C>(ways));
  }

  std::vector<C> solve(const std::vector<std::pair<int, int>>& players) {
    const std::size_t k = players.size();
    if (players.back().second >= rules_.part2_target) {
      std::vector<C> won(k, C(0));
      won[k - 1] = C(1);  // the player who just moved has won
      return won;
    }
    std::uint64_t key = 0;
    for (const auto& [space, score] : players) {
      key = key * static_cast<std::uint64_t>(rules_.board) * rules_.part2_target +
            static_cast<std::uint64_t>(score) * rules_.board + space;
    }
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    if ((cache_.size() & 0xFFFF) == 0 && cancel_requested()) {
      throw Cancelled(
          fmt::format("interrupted after {} states of the memoized recursion", cache_.size()));
    }
    std::vector<C> won(k, C(0));
    std::vector<std::pair<int, int>> child(players.begin() + 1, players.end());
    child.emplace_back();
    for (const auto& [total, ways] : die_) {
      int to = (players[0].first + total) % rules_.board;
      child.back() = {to, players[0].second + to + 1};
      std::vector<C> sub = solve(child);
      detail::add_product(won[0], sub[k - 1], ways);
      for (std::size_t j = 1; j < k; ++j) detail::add_product(won[j], sub[j - 1], ways);
    }
    cache_.emplace(key, won);
    return won;
  }

 private:
  const Rules& rules_;
  std::vector<std::pair<int, C>> die_;
  std::unordered_map<std::uint64_t, std::vector<C>> cache_;
};

// Universe by universe: every face of every roll is its own branch; each leaf is one universe.
struct BruteForce {
  const Rules& rules;
  std::vector<int> space;
  std::vector<int> score;
  std::vector<std::uint64_t> wins;

  void turn(std::size_t player, int roll, int moved) {
    if (roll < rules.rolls_per_turn) {
      for (int face = 1; face <= rules.part2_sides; ++face) turn(player, roll + 1, moved + face);
      return;
    }
    int old_space = space[player];
    int old_score = score[player];
    space[player] = (old_space + moved) % rules.board;
    score[player] += space[player] + 1;
    if (score[player] >= rules.part2_target) {
      ++wins[player];
    } else {
      turn((player + 1) % space.size(), 0, 0);
    }
    space[player] = old_space;
    score[player] = old_score;
  }
};

double bits_per_turn(const Rules& rules) {
  return rules.rolls_per_turn * std::log2(static_cast<double>(rules.part2_sides));
}

// The number of distinct sequences of turn totals the seed's search walks, by a table over
// (score, space) in decreasing score order.
double search_nodes(const Rules& rules, int start, const std::vector<RollTotal>& totals) {
  const int board = rules.board;
  const int target = rules.part2_target;
  std::vector<double> nodes(static_cast<std::size_t>(board) * target, 0);
  for (int score = target - 1; score >= 0; --score) {
    for (int space = 0; space < board; ++space) {
      double sum = 0;
      for (const auto& t : totals) {
        int to = (space + t.total) % board;
        int to_score = score + to + 1;
        sum +=
            1 + (to_score >= target ? 0 : nodes[static_cast<std::size_t>(to_score) * board + to]);
      }
      nodes[static_cast<std::size_t>(score) * board + space] = sum;
    }
  }
  return nodes[start - 1];
}

}  // namespace

std::vector<BigInt> wins_memoized(const Rules& rules, std::span<const int> starts) {
  validate(rules, starts);
  std::vector<RollTotal> totals = roll_totals(rules.part2_sides, rules.rolls_per_turn);
  double moves = 0;
  for (int start : starts) moves += max_moves(rules, start);
  return detail::with_count_type(moves * bits_per_turn(rules) + 1, [&]<typename C>() {
    Memo<C> memo(rules, totals);
    std::vector<std::pair<int, int>> players;
    for (int start : starts) players.emplace_back(start - 1, 0);
    std::vector<BigInt> wins;
    for (const C& w : memo.solve(players)) wins.push_back(detail::to_big(w));
    return wins;
  });
}

std::vector<BigInt> wins_brute_force(const Rules& rules, std::span<const int> starts) {
  validate(rules, starts);
  BruteForce brute{
      rules, {}, std::vector<int>(starts.size(), 0), std::vector<std::uint64_t>(starts.size(), 0)};
  for (int start : starts) brute.space.push_back(start - 1);
  brute.turn(0, 0, 0);
  std::vector<BigInt> wins;
  for (std::uint64_t w : brute.wins) wins.push_back(BigInt(w));
  return wins;
}

double estimate_steps(const Rules& rules, std::span<const int> starts, Method method) {
  validate(rules, starts);
  const double cells = static_cast<double>(rules.board) * rules.part2_target;
  const double totals = static_cast<double>(rules.rolls_per_turn) * (rules.part2_sides - 1) + 1;
  const double steps = std::min<double>(totals, rules.board);
  // Every method first finds the longest game per player: one pass over the table.
  double prepare = cells * steps * static_cast<double>(starts.size());
  if (prepare > kStepLimit) return prepare;
  // A rough figure first, from an average gain of (board + 1) / 2 points a move: far beyond the
  // limit, it answers without that pass.
  double rough_moves = rules.part2_target / ((rules.board + 1) / 2.0);
  double rough = static_cast<double>(starts.size()) * rough_moves * cells * steps *
                 std::max(1.0, rough_moves * bits_per_turn(rules) / 64);
  if (rough > 100 * kStepLimit) return rough;
  std::vector<int> moves;
  for (int start : starts) moves.push_back(max_moves(rules, start));
  switch (method) {
    case Method::Fast: {
      // Each move visits at most every (score, space) cell and each step out of it; a step
      // costs one word operation per 64 bits of the counts.
      double total = prepare;
      for (int m : moves) total += m * cells * steps * std::max(1.0, m * bits_per_turn(rules) / 64);
      return total;
    }
    case Method::MovesToWin: {
      std::vector<RollTotal> all = roll_totals(rules.part2_sides, rules.rolls_per_turn);
      double total = prepare;
      for (int start : starts) total += search_nodes(rules, start, all);
      return total;
    }
    case Method::Memo: {
      double states = std::pow(cells, static_cast<double>(starts.size()));
      if (states > 1.8e19) return std::numeric_limits<double>::infinity();  // keys need 64 bits
      return prepare + states * totals * static_cast<double>(starts.size());
    }
    case Method::Brute: {
      // One step per universe per roll: the universes come from the fast statistic.
      Part2Result fast = play_dirac(rules, starts, Method::Fast, {1, false, false});
      BigInt universes = 0;
      for (const auto& w : fast.wins) universes += w;
      double longest = 0;
      for (int m : moves) longest += m;
      return prepare + universes.get_d() * rules.rolls_per_turn * longest;
    }
  }
  return 0;
}

Part2Result play_dirac(const Rules& rules, std::span<const int> starts, Method method,
                       const Part2Options& options) {
  validate(rules, starts);
  if (!options.force) {
    double steps = estimate_steps(rules, starts, method);
    if (steps > kStepLimit) {
      throw InputError(fmt::format(
          "part 2 with method {} needs about {:.1e} steps (board {}, target {}, {} players); "
          "that is beyond {:.0e}: use a smaller target or a faster method, or --force",
          method_name(method), steps, rules.board, rules.part2_target, starts.size(), kStepLimit));
    }
  }
  Part2Result result;
  if (method == Method::Fast || method == Method::MovesToWin) {
    std::vector<MovesToWin> statistics(starts.size());
    // Progress counts moves of the table (players' longest games added up), or players for
    // the search.
    std::uint64_t total = starts.size();
    if (method == Method::Fast && options.progress) {
      total = 0;
      for (int start : starts) total += static_cast<std::uint64_t>(max_moves(rules, start));
    }
    Progress progress("dice part 2", total, options.progress);
    parallel_for(starts.size(), options.threads, [&](std::size_t i) {
      if (method == Method::Fast) {
        statistics[i] = moves_to_win_table(rules, starts[i], &progress);
      } else {
        statistics[i] = moves_to_win_search(rules, starts[i]);
        progress.advance();
      }
    });
    result = combine(std::move(statistics));
  } else {
    result.wins =
        method == Method::Memo ? wins_memoized(rules, starts) : wins_brute_force(rules, starts);
  }
  choose_winner(result);
  return result;
}

}  // namespace manyworlds::dice
