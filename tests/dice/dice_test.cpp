// Dirac Dice: known answers, and every method checked against the others and against a
// universe-by-universe brute force.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {
namespace {

constexpr Method kAllMethods[] = {Method::Fast, Method::MovesToWin, Method::Memo, Method::Brute};

std::vector<BigInt> wins_of(const Rules& rules, const std::vector<int>& starts, Method method) {
  return play_dirac(rules, starts, method, {1, false, false}).wins;
}

// The puzzle's example (adventofcode.com/2021/day/21): part 1 is 745 * 993 = 739785; in part 2
// player 1 wins in 444356092776315 universes and player 2 in 341960390180808.
TEST(DiceSample, Part1) {
  Part1Result p = play_deterministic(Rules{}, std::vector<int>{4, 8});
  EXPECT_EQ(p.losing_score, 745);
  EXPECT_EQ(p.rolls, 993);
  EXPECT_EQ(p.answer, 739785);
  EXPECT_EQ(p.winner, 0);
}

TEST(DiceSample, Part2EveryStatisticAndMemoMethod) {
  for (Method method : {Method::Fast, Method::MovesToWin, Method::Memo}) {
    Part2Result p = play_dirac(Rules{}, std::vector<int>{4, 8}, method);
    EXPECT_EQ(p.wins[0], BigInt("444356092776315")) << method_name(method);
    EXPECT_EQ(p.wins[1], BigInt("341960390180808")) << method_name(method);
    EXPECT_EQ(p.answer, BigInt("444356092776315"));
    EXPECT_EQ(p.winner, 0);
  }
}

// Real puzzle inputs with the answers their public repositories assert
// (tests/data/dice/aoc_inputs.tsv).
TEST(DiceReference, EveryAocInput) {
  std::string text = read_text(std::string(MANYWORLDS_TEST_DATA_DIR) + "/dice/aoc_inputs.tsv");
  int cases = 0;
  for (std::string_view line : split_lines(text)) {
    if (line.empty() || line.substr(0, 8) == "p1_start") continue;
    std::istringstream fields{std::string(line)};
    int p1, p2;
    std::int64_t part1;
    std::string part2, wins1, wins2;
    fields >> p1 >> p2 >> part1 >> part2 >> wins1 >> wins2;
    std::vector<int> starts{p1, p2};
    EXPECT_EQ(play_deterministic(Rules{}, starts).answer, part1) << line;
    for (Method method : {Method::Fast, Method::MovesToWin, Method::Memo}) {
      Part2Result p = play_dirac(Rules{}, starts, method);
      EXPECT_EQ(p.answer, BigInt(part2)) << line;
      EXPECT_EQ(p.wins[0], BigInt(wins1)) << line;
      EXPECT_EQ(p.wins[1], BigInt(wins2)) << line;
    }
    ++cases;
  }
  EXPECT_GE(cases, 4);
}

// Parsing the same inputs as files in the puzzle's format.
TEST(DiceInput, ParsesThePuzzleFormat) {
  EXPECT_EQ(parse_input("Player 1 starting position: 4\nPlayer 2 starting position: 8\n"),
            (std::vector<int>{4, 8}));
  EXPECT_EQ(parse_input("Player 1 starting position: 10\r\n\r\nPlayer 2 starting position: 1"),
            (std::vector<int>{10, 1}));
  EXPECT_EQ(parse_input("Player 1 starting position: 1\nPlayer 2 starting position: 2\n"
                        "Player 3 starting position: 3\n"),
            (std::vector<int>{1, 2, 3}));
}

TEST(DiceInput, RejectsMalformedInput) {
  auto message = [](std::string_view text) {
    try {
      parse_input(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(""), "input has 0 player lines; at least 2 are needed");
  EXPECT_EQ(message("Player 1 starting position: 4\n"),
            "input has 1 player line; at least 2 are needed");
  EXPECT_EQ(message("Player 1 starting position: 4\nPlayer 3 starting position: 8\n"),
            "input line 2: player 3 out of order (expected 'Player 2 starting position: N')");
  EXPECT_EQ(message("Player 1 starting position: 11\nPlayer 2 starting position: 8\n"),
            "input line 1: starting position: 11 is out of range [1, 10]");
  EXPECT_EQ(message("Player 1 starting position: x\n"),
            "input line 1: starting position: 'x' is not a whole number");
  EXPECT_EQ(message("Player 1 start: 4\n"),
            "input line 1: not a player line (expected 'Player 1 starting position: N')");
}

TEST(DiceRules, RejectsOutOfRangeRules) {
  std::vector<int> starts{4, 8};
  Rules bad_board;
  bad_board.board = 0;
  EXPECT_THROW(validate(bad_board, starts), InputError);
  Rules bad_sides;
  bad_sides.part2_sides = 0;
  EXPECT_THROW(validate(bad_sides, starts), InputError);
  EXPECT_THROW(validate(Rules{}, std::vector<int>{4, 11}), InputError);
  EXPECT_THROW(validate(Rules{}, std::vector<int>{4}), InputError);
}

// A target of a million is refused with an estimate, and runs only when forced.
TEST(DiceRules, RefusesHopelessWork) {
  Rules huge;
  huge.part2_target = 1'000'000;
  try {
    play_dirac(huge, std::vector<int>{4, 8}, Method::Fast);
    FAIL() << "no refusal";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--force"), std::string::npos) << e.what();
  }
  Rules memo;
  memo.part2_target = 200;
  EXPECT_THROW(play_dirac(memo, std::vector<int>{1, 2, 3}, Method::Memo), InputError);
}

// Part 1 against a literal simulation that rolls the die one face at a time.
std::int64_t part1_literal(const Rules& r, std::vector<int> space) {
  std::vector<std::int64_t> score(space.size(), 0);
  std::int64_t rolls = 0;
  int face = 0;
  for (std::size_t p = 0;; p = (p + 1) % space.size()) {
    std::int64_t moved = 0;
    for (int i = 0; i < r.rolls_per_turn; ++i) {
      face = face % r.part1_sides + 1;
      moved += face;
      ++rolls;
    }
    space[p] = static_cast<int>((space[p] - 1 + moved) % r.board) + 1;
    score[p] += space[p];
    if (score[p] >= r.part1_target) {
      std::int64_t low = -1;
      for (std::size_t q = 0; q < space.size(); ++q) {
        if (q != p && (low < 0 || score[q] < low)) low = score[q];
      }
      return low * rolls;
    }
  }
}

TEST(DicePart1, AgreesWithALiteralSimulationUnderGeneralRules) {
  for (int board : {1, 3, 10, 13}) {
    for (int sides : {1, 6, 100, 101}) {
      for (int rolls : {1, 3, 5}) {
        for (int target : {1, 50, 1000}) {
          Rules r;
          r.board = board;
          r.part1_sides = sides;
          r.rolls_per_turn = rolls;
          r.part1_target = target;
          for (std::vector<int> starts :
               {std::vector<int>{1, board}, std::vector<int>{board, 1, 1}}) {
            EXPECT_EQ(play_deterministic(r, starts).answer, part1_literal(r, starts))
                << board << " " << sides << " " << rolls << " " << target;
          }
        }
      }
    }
  }
}

// All four methods agree, universe for universe, on small games under varied rules.
TEST(DicePart2, AllMethodsAgreeWithBruteForce) {
  struct Case {
    int board, sides, rolls, target;
    std::vector<int> starts;
  };
  std::vector<Case> cases = {
      {10, 3, 3, 1, {4, 8}},    {10, 3, 3, 5, {4, 8}},      {10, 3, 3, 8, {1, 10}},
      {10, 3, 3, 9, {7, 9}},    {7, 2, 2, 12, {1, 5}},      {5, 4, 1, 15, {2, 2}},
      {10, 3, 3, 6, {1, 2, 3}}, {1, 2, 1, 6, {1, 1}},       {12, 6, 1, 14, {3, 9, 12}},
      {10, 1, 3, 21, {4, 8}},   {3, 2, 1, 4, {1, 2, 3, 1}},
  };
  for (const Case& c : cases) {
    Rules r;
    r.board = c.board;
    r.part2_sides = c.sides;
    r.rolls_per_turn = c.rolls;
    r.part2_target = c.target;
    std::vector<BigInt> brute = wins_of(r, c.starts, Method::Brute);
    for (Method method : kAllMethods) {
      EXPECT_EQ(wins_of(r, c.starts, method), brute)
          << method_name(method) << " board " << c.board << " sides " << c.sides << " target "
          << c.target;
    }
  }
}

// The puzzle's target: the statistic from the seed's search equals the table's for every start
// (so every pair of starts combines the same numbers), and the memoized recursion, which
// shares nothing with them, gives the same universes on ten pairs that use every start.
TEST(DicePart2, StatisticsAndMemoAgreeAtTheTarget) {
  Rules r;
  for (int start = 1; start <= 10; ++start) {
    EXPECT_EQ(moves_to_win_search(r, start), moves_to_win_table(r, start)) << start;
  }
  for (int a = 1; a <= 10; ++a) {
    std::vector<int> starts{a, (a * 7) % 10 + 1};
    EXPECT_EQ(wins_of(r, starts, Method::Fast), wins_of(r, starts, Method::Memo)) << a;
  }
}

// The same on all 100 pairs (about 2 s in release, 15 s under the sanitizers).
TEST(DicePart2, MemoAgreesOnEveryStartPairSlow) {
  Rules r;
  for (int a = 1; a <= 10; ++a) {
    for (int b = 1; b <= 10; ++b) {
      std::vector<int> starts{a, b};
      EXPECT_EQ(wins_of(r, starts, Method::Fast), wins_of(r, starts, Method::Memo)) << a << b;
    }
  }
}

// Past 64 and 128 bits (counts overflow uint64 from target 28) the methods still agree.
TEST(DicePart2, BigCountsAgreeAcrossMethods) {
  for (int target : {27, 28, 33}) {
    Rules r;
    r.part2_target = target;
    std::vector<int> starts{4, 8};
    std::vector<BigInt> memo = wins_of(r, starts, Method::Memo);
    EXPECT_EQ(wins_of(r, starts, Method::Fast), memo) << target;
    EXPECT_EQ(wins_of(r, starts, Method::MovesToWin), memo) << target;
  }
}

// Past 128 bits (target 60): the table against the memoized recursion (about 1.5 s in release).
TEST(DicePart2, CountsPast128BitsAgreeSlow) {
  Rules r;
  r.part2_target = 60;
  std::vector<BigInt> fast = wins_of(r, {4, 8}, Method::Fast);
  EXPECT_GT(fast[0], BigInt(1) << 128);
  EXPECT_EQ(fast, wins_of(r, {4, 8}, Method::Memo));
}

// The statistic's own bookkeeping: go_on[n] = go_on[n-1] * 27 - wins[n], ending at 0, and the
// universes won at each turn add up to each player's total.
TEST(DicePart2, DistributionAddsUp) {
  Rules r;
  r.part2_target = 60;
  Part2Result p = play_dirac(r, std::vector<int>{3, 7, 10}, Method::Fast);
  for (std::size_t i = 0; i < 3; ++i) {
    const MovesToWin& s = p.statistics[i];
    EXPECT_EQ(s.go_on.back(), 0);
    for (std::size_t n = 1; n < s.wins.size(); ++n) {
      EXPECT_EQ(s.go_on[n], s.go_on[n - 1] * 27 - s.wins[n]);
    }
    BigInt sum = 0;
    for (const auto& turn : p.wins_by_turn) sum += turn[i];
    EXPECT_EQ(sum, p.wins[i]);
  }
}

TEST(DicePart2, AnyThreadCountGivesTheSameCounts) {
  Rules r;
  r.part2_target = 150;
  std::vector<int> starts{2, 5, 9};
  std::vector<BigInt> one = play_dirac(r, starts, Method::Fast, {1}).wins;
  for (unsigned threads : {2u, 3u, 8u}) {
    EXPECT_EQ(play_dirac(r, starts, Method::Fast, {threads}).wins, one) << threads;
  }
}

TEST(DiceRollTotals, ThreeRollsOfAThreeSidedDie) {
  // The seed's factor-for table: 3 -> 1, 4 -> 3, 5 -> 6, 6 -> 7, 7 -> 6, 8 -> 3, 9 -> 1.
  std::vector<RollTotal> totals = roll_totals(3, 3);
  ASSERT_EQ(totals.size(), 7u);
  const int ways[] = {1, 3, 6, 7, 6, 3, 1};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(totals[i].total, i + 3);
    EXPECT_EQ(totals[i].ways, ways[i]);
  }
}

}  // namespace
}  // namespace manyworlds::dice
