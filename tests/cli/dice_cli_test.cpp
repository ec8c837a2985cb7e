// `manyworlds dice` as a user runs it: output formats, input sources, and the error contract.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "run.hpp"

namespace manyworlds::testing {
namespace {

const char* kSample = "Player 1 starting position: 4\nPlayer 2 starting position: 8\n";

// The puzzle's example: 739785 and 444356092776315 / 341960390180808
// (adventofcode.com/2021/day/21).
TEST(DiceCli, SampleAsText) {
  RunResult r = run_manyworlds({"dice", "--p1", "4", "--p2", "8"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "Part 1: 739785  (losing score 745 x 993 die rolls; player 1 wins)\n"
            "Part 2: 444356092776315  (player 1 wins in more universes)\n"
            "  player 1 wins in 444356092776315 universes\n"
            "  player 2 wins in 341960390180808 universes\n");
  EXPECT_EQ(r.err, "");
}

TEST(DiceCli, InputFileAndStdinGiveTheSameJson) {
  TempDir dir;
  std::string file = dir.write("input.txt", kSample);
  RunResult from_file = run_manyworlds({"dice", "--input", file, "--json"});
  RunResult from_stdin = run_manyworlds({"dice", "--input", "-", "--json"}, kSample);
  ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
  EXPECT_EQ(from_file.out, from_stdin.out);
  auto json = nlohmann::json::parse(from_file.out);
  EXPECT_EQ(json["part1"]["answer"], 739785);
  EXPECT_EQ(json["part2"]["answer"], "444356092776315");
  EXPECT_EQ(json["part2"]["wins"], nlohmann::json({"444356092776315", "341960390180808"}));
  EXPECT_EQ(json["part2"]["winner"], 1);
}

TEST(DiceCli, EveryMethodPrintsTheSameAnswer) {
  std::string expected;
  for (const char* method : {"fast", "moves-to-win", "memo"}) {
    RunResult r = run_manyworlds({"dice", "--start", "7,9", "--part", "2", "--method", method});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    if (expected.empty()) expected = r.out;
    EXPECT_EQ(r.out, expected) << method;
  }
  // tests/data/dice/aoc_inputs.tsv, sim642's input: 433315766324816.
  EXPECT_NE(expected.find("Part 2: 433315766324816"), std::string::npos) << expected;
}

TEST(DiceCli, DistributionSumsToTheWins) {
  RunResult r =
      run_manyworlds({"dice", "--p1", "4", "--p2", "8", "--part", "2", "--distribution", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto json = nlohmann::json::parse(r.out);
  ASSERT_FALSE(json.contains("part1"));
  // The sums are checked with small numbers: player 2's total fits a double exactly.
  double sum = 0;
  for (const auto& turn : json["part2"]["distribution"]) {
    sum += std::stod(turn["universes_won"][1].get<std::string>());
  }
  EXPECT_EQ(sum, 341960390180808.0);
}

TEST(DiceCli, GeneralRulesWithThreePlayers) {
  RunResult r = run_manyworlds({"dice", "--start", "1,2,3", "--board", "7", "--rolls", "2",
                                "--part2-sides", "2", "--part2-target", "9", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["part2"]["wins"].size(), 3u);
  // The brute force, universe by universe, must give the same numbers.
  RunResult brute =
      run_manyworlds({"dice", "--start", "1,2,3", "--board", "7", "--rolls", "2", "--part2-sides",
                      "2", "--part2-target", "9", "--json", "--part", "2", "--method", "brute"});
  ASSERT_EQ(brute.exit_code, 0) << brute.err;
  EXPECT_EQ(nlohmann::json::parse(brute.out)["part2"]["wins"], json["part2"]["wins"]);
}

// Ctrl-C stops long work cleanly: exit code 130, one line saying how far it got, no output.
TEST(DiceCli, CtrlCStopsLongWorkCleanly) {
  RunResult r = run_manyworlds(
      {"dice", "--p1", "4", "--p2", "8", "--part", "2", "--part2-target", "20000", "--force"}, "",
      500);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("manyworlds: error: interrupted after ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

struct BadCase {
  std::vector<std::string> args;
  std::string input;  // standard input
  int exit_code;
  // The whole stderr line after "manyworlds: error: "; a trailing '*' matches any rest.
  std::string message;
};

// Every error is one line on stderr with exit code 1 (bad input) or 2 (usage), and nothing on
// stdout.
TEST(DiceCli, ErrorContract) {
  TempDir dir;
  std::string empty = dir.write("empty.txt", "");
  std::string wrong = dir.write("wrong.txt", "Player 1 starting position: 4\nPlayer two: 8\n");
  std::vector<BadCase> cases = {
      {{"dice"}, "", 2, "dice: give --input FILE, --p1 N --p2 N, or --start A,B,..."},
      {{"dice", "--p1", "4"}, "", 2, "dice: --p1 and --p2 go together"},
      {{"dice", "--p1", "4", "--p2", "8", "--start", "1,2"},
       "",
       2,
       "dice: give only one of --input, --p1/--p2 and --start"},
      {{"dice", "--input", dir.path() + "/missing.txt"},
       "",
       1,
       "cannot read " + dir.path() + "/missing.txt: No such file or directory"},
      {{"dice", "--input", empty}, "", 1, "input has 0 player lines; at least 2 are needed"},
      {{"dice", "--input", wrong},
       "",
       1,
       "input line 2: not a player line (expected 'Player 2 starting position: N')"},
      {{"dice", "--input", "-"},
       "Player 1 starting position: 0\nPlayer 2 starting position: 3\n",
       1,
       "input line 1: starting position: 0 is out of range [1, 10]"},
      {{"dice", "--p1", "11", "--p2", "3"},
       "",
       1,
       "player 1 starting position 11 is off the board (1..10)"},
      {{"dice", "--start", "4,x"}, "", 1, "--start: 'x' is not a whole number"},
      {{"dice", "--start", "4"}, "", 1, "number of players 1 is out of range [2, 16]"},
      {{"dice", "--start", "4,8", "--board", "0"}, "", 1, "--start: 4 is out of range [1, 0]"},
      {{"dice", "--p1", "4", "--p2", "8", "--board", "0"},
       "",
       1,
       "board size 0 is out of range [1, 1000000]"},
      {{"dice", "--p1", "4", "--p2", "8", "--part2-sides", "-3"},
       "",
       1,
       "part 2 die sides -3 is out of range [1, 1000]"},
      {{"dice", "--p1", "4", "--p2", "8", "--part1-target", "0"},
       "",
       1,
       "part 1 target 0 is out of range [1, 1000000]"},
      {{"dice", "--p1", "4", "--p2", "8", "--part", "2", "--part2-target", "1000000"},
       "",
       1,
       "part 2 with method fast needs about *"},
      {{"dice", "--p1", "4", "--p2", "8", "--method", "brute"},
       "",
       1,
       "part 2 with method brute needs about *"},
      {{"dice", "--p1", "4", "--p2", "8", "--method", "memo", "--distribution"},
       "",
       2,
       "dice: --distribution needs --method fast or moves-to-win"},
      {{"dice", "--p1", "4", "--p2", "8", "--method", "quantum"}, "", 2, ""},
      {{"dice", "--p1", "4", "--p2", "8", "--part", "3"}, "", 2, ""},
      {{"dice", "--p1", "4", "--p2", "8", "--threads", "0"}, "", 2, ""},
      {{"dice", "--p1", "four", "--p2", "8"}, "", 2, ""},
      {{"dice", "--bogus"}, "", 2, ""},
  };
  for (const BadCase& c : cases) {
    RunResult r = run_manyworlds(c.args, c.input);
    std::string where = ::testing::PrintToString(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << where << "\n" << r.err;
    EXPECT_EQ(r.out, "") << where;
    ASSERT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << where << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << where << "\n" << r.err;
    if (!c.message.empty() && c.message.back() == '*') {
      std::string prefix = "manyworlds: error: " + c.message.substr(0, c.message.size() - 1);
      EXPECT_EQ(r.err.substr(0, prefix.size()), prefix) << where;
    } else if (!c.message.empty()) {
      EXPECT_EQ(r.err, "manyworlds: error: " + c.message + "\n") << where;
    }
  }
}

}  // namespace
}  // namespace manyworlds::testing
