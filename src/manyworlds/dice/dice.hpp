#pragma once
// Dirac Dice (Advent of Code 2021, day 21), with general rules.
//
// Rules. Players stand on a circular track of `board` spaces numbered 1..board. On a turn a
// player rolls the die `rolls_per_turn` times, moves forward by the total and adds the number
// of the space it lands on to its score. Players take turns in order, player 1 first; the
// first to reach the target score wins and the game ends.
//  - Part 1: a deterministic die with `part1_sides` faces that rolls 1, 2, ..., sides, 1, 2, ...
//    and target `part1_target`. Answer: the lowest score among the losers times the number of
//    times the die was rolled (with two players: the losing score, as in the puzzle).
//  - Part 2: a quantum die with `part2_sides` faces splits the universe into one copy per face
//    at every roll; target `part2_target`. Answer: the number of universes won by the player
//    who wins in more universes.
// The puzzle's rules are the defaults: board 10, 3 rolls, a 100-sided die to 1000 and a
// 3-sided die to 21, two players.
//
// Encoding: a space p in 1..board is stored as p - 1; scores as they are. Every count of
// universes is exact (GMP big integers; word-sized integers while the counts provably fit).
//
// Methods for part 2 (all exact, all must agree):
//  - MovesToWin: the seed's statistic. For each player alone, wins[n] is the number of its own
//    roll outcomes that reach the target first on its n-th move and go_on[n] the number that
//    have not reached it after n moves; the seed finds them by a depth-first search over the
//    sequences of turn totals. Player i then wins on its n-th move in
//    wins_i[n] * prod_{j<i} go_on_j[n] * prod_{j>i} go_on_j[n-1] universes.
//  - Memo: the seed's memoized recursion over (positions, scores, player to move).
//  - Fast: the same statistic by a dynamic program over (score, space) tables, one move at a
//    time; polynomial in the target.
//  - Brute: universe by universe, one die face at a time; an independent check for small games.
// Source: seed 004 (a blog post on AoC 2021/21, "Many-Worlds over Copenhagen") and the puzzle.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/core/progress.hpp"

namespace manyworlds::dice {

struct Rules {
  int board = 10;
  int rolls_per_turn = 3;
  int part1_sides = 100;
  int part1_target = 1000;
  int part2_sides = 3;
  int part2_target = 21;
};

// Limits checked by validate(); work beyond them is refused by estimate checks instead.
inline constexpr int kMaxBoard = 1'000'000;
inline constexpr int kMaxRollsPerTurn = 100;
inline constexpr int kMaxSides = 1'000'000;
inline constexpr int kMaxPart2Sides = 1000;
inline constexpr int kMaxTarget = 1'000'000;
inline constexpr int kMaxPlayers = 16;

// Throws InputError when a rule or a start is out of range (the message names which).
void validate(const Rules& rules, std::span<const int> starts);

// Starting spaces from the puzzle's input: lines `Player N starting position: P`, N = 1, 2, ...
// in order (blank lines ignored). Throws InputError naming the line.
std::vector<int> parse_input(std::string_view text, int board = 10);

struct Part1Result {
  std::int64_t answer = 0;        // losing_score * rolls
  std::int64_t losing_score = 0;  // lowest score among the players who did not win
  std::int64_t rolls = 0;         // times the die was rolled
  int winner = 0;                 // 0-based
  std::vector<std::int64_t> scores;
};

Part1Result play_deterministic(const Rules& rules, std::span<const int> starts);

// The totals of `rolls` rolls of a die with `sides` faces, each with the number of ways to
// roll it (the seed's "factor": 3 -> 1, 4 -> 3, ..., 9 -> 1 for three 3-sided rolls).
struct RollTotal {
  int total;
  BigInt ways;
};
std::vector<RollTotal> roll_totals(int sides, int rolls);

// One player's moves-to-win statistic. Index n is the move number; wins[0] = 0, go_on[0] = 1,
// and the vectors end at the first n with go_on[n] = 0.
struct MovesToWin {
  std::vector<BigInt> wins;
  std::vector<BigInt> go_on;
  bool operator==(const MovesToWin&) const = default;
};

// The seed's depth-first search over sequences of turn totals.
MovesToWin moves_to_win_search(const Rules& rules, int start);
// The dynamic program over (score, space) tables; advances `progress` (if any) once a move.
MovesToWin moves_to_win_table(const Rules& rules, int start, Progress* progress = nullptr);

// The most moves a player starting on `start` can need to reach the part 2 target (its
// statistic's last index).
int max_moves(const Rules& rules, int start);

struct Part2Result {
  std::vector<BigInt> wins;  // universes won by each player
  int winner = 0;            // 0-based index of the player who wins in more universes
  BigInt answer;             // wins[winner]
  // wins_by_turn[n][i]: universes player i wins on its n-th move (statistic methods only).
  std::vector<std::vector<BigInt>> wins_by_turn;
  std::vector<MovesToWin> statistics;  // per player (statistic methods only)
};

// Combines the players' statistics into universe counts.
Part2Result combine(std::vector<MovesToWin> statistics);

// The seed's memoized recursion; universes won by each player.
std::vector<BigInt> wins_memoized(const Rules& rules, std::span<const int> starts);
// Universe by universe, one die face at a time; universes won by each player.
std::vector<BigInt> wins_brute_force(const Rules& rules, std::span<const int> starts);

enum class Method { Fast, MovesToWin, Memo, Brute };
std::string_view method_name(Method method);

struct Part2Options {
  unsigned threads = 1;   // players' statistics are computed in parallel
  bool progress = false;  // draw progress on stderr
  bool force = false;     // skip the work estimate check
};

// An estimate of the elementary steps `method` needs, used to refuse hopeless requests.
double estimate_steps(const Rules& rules, std::span<const int> starts, Method method);
// Above this many estimated steps a request is refused unless forced (minutes of work).
inline constexpr double kStepLimit = 2e10;

// Part 2 by `method`. Throws InputError when the estimate is over kStepLimit and not forced.
Part2Result play_dirac(const Rules& rules, std::span<const int> starts, Method method,
                       const Part2Options& options = {});

}  // namespace manyworlds::dice
