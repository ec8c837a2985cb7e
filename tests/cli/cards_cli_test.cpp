// `manyworlds cards`: every verb as a user runs it, and its error contract.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "run.hpp"

namespace manyworlds::testing {
namespace {

std::string reference_without_cr(const std::string& name) {
  std::ifstream in(std::string(MANYWORLDS_TEST_DATA_DIR) + "/cards/" + name, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  std::erase(text, '\r');
  return text;
}

TEST(CardsCli, EnumerateReproducesTheSolutionsFiles) {
  for (const char* n : {"3", "4"}) {
    RunResult r = run_manyworlds({"cards", "enumerate", n});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, reference_without_cr(std::string(n) + "cards.txt")) << n;
  }
}

TEST(CardsCli, EnumeratePlainLimitAndSymmetry) {
  RunResult r = run_manyworlds({"cards", "enumerate", "3", "--format", "plain", "--limit", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The first two lines of 3cards.txt without brackets.
  EXPECT_EQ(r.out, "0 1 0 2 0 1 0\n0 1 0 2 1 0 1\n");
  r = run_manyworlds({"cards", "enumerate", "3", "--up-to-symmetry"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 18 / 3! = 3 classes; the canonical members are the lines of 3cards.txt that use cards in
  // the order 0, 1, 2.
  EXPECT_EQ(r.out, "[0 1 0 2 0 1 0] \n[0 1 0 2 1 0 1] \n[0 1 2 1 0 1 2] \n");
  r = run_manyworlds({"cards", "enumerate", "4", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["count"], 5712);  // OEIS A003043
  EXPECT_EQ(j["sequences"].size(), 5712u);
  EXPECT_EQ(j["sequences"][0], nlohmann::json::parse("[0,1,0,2,0,1,0,3,0,1,0,2,0,1,0]"));
}

TEST(CardsCli, SolveOutputPassesCheck) {
  RunResult solved = run_manyworlds({"cards", "solve", "16"});
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  RunResult checked = run_manyworlds({"cards", "check", "-", "--json"}, solved.out);
  ASSERT_EQ(checked.exit_code, 0) << checked.err;
  auto j = nlohmann::json::parse(checked.out);
  EXPECT_EQ(j["cards"], 16);
  EXPECT_EQ(j["length"], 65535);
  EXPECT_EQ(j["minimal"], true);
}

TEST(CardsCli, SolveFormats) {
  RunResult r = run_manyworlds({"cards", "solve", "3"});
  EXPECT_EQ(r.out, "0 1 0 2 0 1 0\n");  // the seed's S(3)
  r = run_manyworlds({"cards", "solve", "3", "--format", "numpy"});
  EXPECT_EQ(r.out, "[0 1 0 2 0 1 0] \n");
  r = run_manyworlds({"cards", "solve", "2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["sequence"], nlohmann::json::parse("[0,1,0]"));
  EXPECT_EQ(j["length"], 3);
}

TEST(CardsCli, CheckSaysWhichStartsFail) {
  RunResult r = run_manyworlds({"cards", "check", "0", "1", "0", "2", "0", "1", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "works: every start of 3 cards reaches all face down (7 instructions; the minimum, "
            "2^3 - 1)\n");
  r = run_manyworlds({"cards", "check", "0,1,0,1", "--cards", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 0 1 0 1 only visits the states with card 2 face down.
  EXPECT_EQ(r.out,
            "fails: 4 of 8 starts of 3 cards never reach all face down (4 instructions)\n"
            "  instruction 4 brings back a state already seen (no new start is solved)\n"
            "  never all face down (card 0 first, 1 = face up):\n"
            "    001\n    101\n    011\n    111\n");
  r = run_manyworlds({"cards", "check", "[0 1 0 2 1 0 1] ", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["works"], true);
  EXPECT_EQ(j["unsolved"].size(), 0u);
}

TEST(CardsCli, PlayTracesOneStart) {
  RunResult r = run_manyworlds({"cards", "play", "--start", "011", "0 1 0 2 0 1 0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("     4     2  000  <- all face down\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("all face down after step 4 of 7\n"), std::string::npos) << r.out;
  r = run_manyworlds({"cards", "play", "--start", "11", "0", "0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["all_down_at"].is_null());
  EXPECT_EQ(j["steps"][1]["cards"], "01");
}

TEST(CardsCli, CountsAndClasses) {
  RunResult r = run_manyworlds({"cards", "count", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("5712 minimal sequences for 4 cards (15 instructions each)\n", 0), 0u)
      << r.out;
  r = run_manyworlds({"cards", "count", "4", "--up-to-symmetry", "--method", "brute"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "238 classes of minimal sequences for 4 cards under permutations of the cards (5712 "
            "sequences, 24 in each class)\nmethod brute: 19131876 candidate strings checked\n");
  for (const char* threads : {"1", "2", "5"}) {
    r = run_manyworlds({"cards", "count", "4", "--json", "--threads", threads, "-m", "dfs"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["sequences"], "5712");  // OEIS A003043
    EXPECT_EQ(j["classes"], "238");     // 5712 / 4!
  }
}

// Every figure `count 5` prints, the search's node count included, is the same at any thread
// count: the node count is the size of the search tree (docs/cards.md), 468933106, what the
// search without its memo visits (kFiveCardTreeNodes in tests/cards/cards_test.cpp, where
// SlowFiveCardsWithoutTheMemo runs that search); the sequences are OEIS A003043.
TEST(CardsCli, CountFivePrintsOnlyFixedFigures) {
  RunResult r = run_manyworlds({"cards", "count", "5", "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "5859364320 minimal sequences for 5 cards (31 instructions each)\n"
            "method symmetry: 468933106 search nodes over 420 prefixes\n");
}

struct BadInput {
  std::vector<std::string> args;
  std::string input;
  int exit_code;
  std::string message;
};

TEST(CardsCli, ErrorContract) {
  const std::vector<BadInput> cases = {
      {{"cards"}, "", 2, "cards: give a verb"},
      {{"cards", "solve"}, "", 2, "cards is required"},
      {{"cards", "solve", "0"}, "", 1, "solve: the number of cards must be 1..63, not 0"},
      {{"cards", "solve", "64"}, "", 1, "solve: the number of cards must be 1..63, not 64"},
      {{"cards", "solve", "31"},
       "",
       1,
       "solve: 31 cards need 2^31 - 1 = 2147483647 instructions, about 4.3 GB of output; add "
       "--force to write it anyway"},
      {{"cards", "solve", "x"}, "", 2, "x"},
      {{"cards", "solve", "3", "--format", "csv"}, "", 2, "csv"},
      {{"cards", "check"}, "", 2, "sequence is required"},
      {{"cards", "check", "0", "1", "7", "--cards", "3"},
       "",
       1,
       "sequence: instruction 3 flips card 7, but with 3 cards the cards are 0..2"},
      {{"cards", "check", "0", "a"}, "", 1, "sequence: 'a' (instruction 2) is not a card number"},
      {{"cards", "check", "[0 1"}, "", 1, "sequence: unbalanced brackets"},
      {{"cards", "check", "-"}, "", 1, "check: the sequence is empty (e.g. 0 1 0 for two cards)"},
      {{"cards", "check", "40"},
       "",
       1,
       "check: the number of cards must be 1..30 (it keeps one bit per start state, 2^N bits), "
       "not 41"},
      {{"cards", "check", "0", "--cards", "31"}, "", 2, "--cards"},
      {{"cards", "play", "0"}, "", 2, "--start is required"},
      {{"cards", "play", "--start", "0120", "0"},
       "",
       1,
       "start state: '0120' is not a card state (use 0 for face down, 1 for face up, e.g. 0110)"},
      {{"cards", "play", "--start", "", "0"},
       "",
       1,
       "start state: empty (e.g. 0110 for four cards)"},
      {{"cards", "play", "--start", "01", "0", "2"},
       "",
       1,
       "sequence: instruction 2 flips card 2, but with 2 cards the cards are 0..1"},
      {{"cards", "enumerate", "0"}, "", 1, "enumerate: the number of cards must be 1..6, not 0"},
      {{"cards", "enumerate", "7"}, "", 1, "enumerate: the number of cards must be 1..6, not 7"},
      {{"cards", "enumerate", "5"},
       "",
       1,
       "enumerate: 5 cards have 5859364320 minimal sequences; listing them all would be about "
       "386.7 GB of output; use a smaller --limit or add --force"},
      {{"cards", "enumerate", "6"},
       "",
       1,
       "enumerate: 6 cards have more than 7.1e22 minimal sequences (the exact number is "
       "unknown); listing them all would be about 9.2e+24 bytes of output; use a smaller "
       "--limit or add --force"},
      {{"cards", "enumerate", "4", "--limit", "0"}, "", 2, "--limit"},
      {{"cards", "count", "6"},
       "",
       1,
       "count: 6 cards are out of reach: the count is an open problem (more than 7.1e22 "
       "sequences, twice the number of Hamiltonian cycles of the 6-cube, OEIS A066037)"},
      {{"cards", "count", "0"}, "", 1, "count: the number of cards must be 1..5, not 0"},
      {{"cards", "count", "5", "--method", "brute"},
       "",
       1,
       "brute force: the number of cards must be 1..4 (it tries N*(N-1)^(2^N-2) strings: 5.8e18 "
       "for 5 cards), not 5"},
      {{"cards", "count", "4", "--method", "magic"}, "", 2, "magic"},
      {{"cards", "count", "5", "--method", "dfs"},
       "",
       1,
       "count: the plain search meets 5859364320 sequences one by one (estimated: half an "
       "hour of CPU time); use --method symmetry, or add --force"},
      {{"cards", "count", "4", "--threads", "0"}, "", 2, "--threads"},
      {{"cards", "count", "4", "--no-such"}, "", 2, "--no-such"},
  };
  for (const auto& c : cases) {
    std::string command;
    for (const auto& a : c.args) command += a + " ";
    RunResult r = run_manyworlds(c.args, c.input);
    EXPECT_EQ(r.exit_code, c.exit_code) << command << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << command << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << command << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << "\n" << r.err;
    EXPECT_EQ(r.out, "") << command;
  }
}

}  // namespace
}  // namespace manyworlds::testing
