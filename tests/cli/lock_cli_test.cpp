// `manyworlds lock`: output formats, JSON, and the error contract of every verb.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "manyworlds/lock/lock.hpp"
#include "run.hpp"

namespace manyworlds::testing {
namespace {

// The seed's format for its first four solutions (seed 000, "Solutions"), plus our summary.
const char* const kEleven =
    "# length 10\n"
    "VRLVQVRLVQ\n"
    "RVLVQRVLVQ\n"
    "\n"
    "# length 11\n"
    "VLVRQVLVRQQ\n"
    "VLRVQVLRVQQ\n"
    "\n"
    "# counts per length: 10:2 11:2\n";

TEST(LockCli, SolveListsInTheSeedsFormat) {
  RunResult r = run_manyworlds({"lock", "solve", "--max-length", "11"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::string(kEleven) +
                       "# total: 4 combinations of length 1 to 11 (method fast, alphabet QLVR)\n");
  EXPECT_EQ(r.err, "");
}

TEST(LockCli, EveryMethodPrintsTheSameListing) {
  for (const char* method : {"recursive", "memoize", "construct", "fast"}) {
    RunResult r = run_manyworlds({"lock", "solve", "-n", "11", "--method", method});
    ASSERT_EQ(r.exit_code, 0) << method << r.err;
    EXPECT_EQ(r.out.substr(0, std::string(kEleven).size()), kEleven) << method;
  }
}

TEST(LockCli, FormulaPrintsWhatSolveFinds) {
  RunResult formula = run_manyworlds({"lock", "formula", "-n", "40"});
  RunResult solve = run_manyworlds({"lock", "solve", "-n", "40", "--verify"});
  ASSERT_EQ(formula.exit_code, 0) << formula.err;
  ASSERT_EQ(solve.exit_code, 0) << solve.err;
  auto body = [](const std::string& s) { return s.substr(0, s.find("# total")); };
  EXPECT_EQ(body(formula.out), body(solve.out));
  EXPECT_NE(solve.out.find("# verified: equal to Makay's general form at every length 1 to 40\n"),
            std::string::npos);
}

TEST(LockCli, SolveJsonWithStats) {
  RunResult r =
      run_manyworlds({"lock", "solve", "-n", "12", "--method", "construct", "--json", "--stats"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["method"], "construct");
  EXPECT_EQ(j["total"], 4);  // 2 + 2, the seed's list to length 12
  EXPECT_EQ(j["lengths"][1]["length"], 11);
  EXPECT_EQ(j["lengths"][1]["solutions"][0], "VLVRQVLVRQQ");
  EXPECT_EQ(j["stats"]["related_pairs"].get<std::uint64_t>(), lock::count_related_pairs(12, 4));
  RunResult fast = run_manyworlds({"lock", "solve", "-n", "15", "--json"});
  EXPECT_EQ(nlohmann::json::parse(fast.out)["total"], 16);  // 2 + 2 + 6 + 6, the seed's list
}

TEST(LockCli, ExtraLettersAreReportedUnused) {
  RunResult r = run_manyworlds({"lock", "solve", "-n", "15", "--alphabet", "QLVRX"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("# letters no solution uses: X (extra letters: X)\n"), std::string::npos)
      << r.out;
  RunResult j = run_manyworlds(
      {"lock", "solve", "-n", "10", "--alphabet", "QLVRX", "--json", "--method", "recursive"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["unused_letters"], "X");
}

TEST(LockCli, CountOnly) {
  RunResult r = run_manyworlds({"lock", "solve", "-n", "200", "--count-only", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  // Sum of j(j + 1) over n <= 200 with n = 2, 3 (mod 4), j = (n - 6) / 4: 2 * sum_{j=1}^{48}.
  std::uint64_t total = 0;
  for (std::uint64_t k = 1; k <= 48; ++k) total += 2 * k * (k + 1);
  EXPECT_EQ(j["total"].get<std::uint64_t>(), total);
  EXPECT_FALSE(j["lengths"][0].contains("solutions"));
}

TEST(LockCli, RelateShowsTheDerivationAndSp) {
  RunResult r = run_manyworlds({"lock", "relate", "RVLVQRVLVQ"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "RVLVQRVLVQ is specially related to RVLVQRVLVQ\n"
            "  Q: QRVLVQ -> RVLV   (property Q: QxQ is related to x)\n"
            "  V: VQRVLVQ -> VLVR   (property V: x related to y gives Vx related to reverse(y))\n"
            "  L: LVQRVLVQ -> QVLVR   (property L: x related to y gives Lx related to Qy)\n"
            "  V: VLVQRVLVQ -> RVLVQ   (property V: x related to y gives Vx related to "
            "reverse(y))\n"
            "  R: RVLVQRVLVQ -> RVLVQRVLVQ   (property R: x related to y gives Rx related to yy)\n"
            "Sp: if RVLVQRVLVQ jams the lock, RVLVQRVLVQ is neutral; if RVLVQRVLVQ is neutral, "
            "RVLVQRVLVQ jams the lock.\n"
            "RVLVQRVLVQ is related to itself, so it can neither jam the lock nor be neutral: it "
            "opens the lock.\n");
  RunResult none = run_manyworlds({"lock", "relate", "VQL"});
  ASSERT_EQ(none.exit_code, 0);
  EXPECT_EQ(none.out,
            "VQL is specially related to no combination: 'QL' starts with Q but is not of the "
            "form QzQ\n");
  RunResult j = run_manyworlds({"lock", "relate", "LQVQ", "--json"});
  auto json = nlohmann::json::parse(j.out);
  EXPECT_EQ(json["partner"], "QV");
  EXPECT_EQ(json["opens"], false);
  EXPECT_EQ(json["steps"].size(), 2u);
}

TEST(LockCli, Check) {
  RunResult yes = run_manyworlds({"lock", "check", "VLVRQVLVRQQ", "VLVRQVLVRQQ"});
  ASSERT_EQ(yes.exit_code, 0);
  EXPECT_EQ(yes.out.rfind("yes: VLVRQVLVRQQ is specially related to VLVRQVLVRQQ\n", 0), 0u);
  RunResult no = run_manyworlds({"lock", "check", "RQVQ", "V"});
  EXPECT_EQ(no.out, "no: RQVQ is specially related to VV instead\n");
  RunResult none = run_manyworlds({"lock", "check", "VV", "V", "--json"});
  auto j = nlohmann::json::parse(none.out);
  EXPECT_EQ(j["related"], false);
  EXPECT_TRUE(j["partner"].is_null());
  RunResult huge = run_manyworlds({"lock", "check", std::string(60, 'R') + "LQQ", "Q"});
  EXPECT_EQ(huge.exit_code, 0);
  EXPECT_EQ(huge.out.rfind("no: ", 0), 0u);
}

TEST(LockCli, EveryVerbTakesJson) {
  const std::vector<std::vector<std::string>> verbs = {
      {"lock", "solve", "-n", "12", "--json"},
      {"lock", "relate", "VRLVQVRLVQ", "--json"},
      {"lock", "check", "QVQ", "V", "--json"},
      {"lock", "formula", "-n", "15", "--json"},
  };
  for (const auto& args : verbs) {
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << args[1] << r.err;
    EXPECT_TRUE(nlohmann::json::accept(r.out)) << args[1] << r.out;
  }
  auto formula = nlohmann::json::parse(run_manyworlds(verbs[3]).out);
  EXPECT_EQ(formula["total"], 16);  // 2 + 2 + 6 + 6, the seed's list to length 15
  EXPECT_EQ(formula["lengths"][3]["solutions"][5], "VVVLRVQVVVLRVQQ");
}

// The error contract: every verb, bad inputs, exit code and the exact one-line message.
TEST(LockCli, ErrorContract) {
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"lock"}, 2, "lock: give a verb"},
      {{"lock", "solve"}, 2, "--max-length is required"},
      {{"lock", "solve", "-n", ""}, 1, "--max-length: '' is not a whole number"},
      {{"lock", "solve", "-n", "abc"}, 1, "--max-length: 'abc' is not a whole number"},
      {{"lock", "solve", "-n", "0"}, 1, "--max-length: 0 is out of range [1, 100000]"},
      {{"lock", "solve", "-n", "-3"}, 1, "--max-length: -3 is out of range [1, 100000]"},
      {{"lock", "solve", "-n", "99999999999999999999"},
       1,
       "--max-length: 99999999999999999999 is out of range [1, 100000]"},
      {{"lock", "solve", "-n", "10", "--min-length", "11"},
       1,
       "--min-length 11 is more than --max-length 10"},
      {{"lock", "solve", "-n", "12", "--alphabet", "QLV"},
       1,
       "--alphabet 'QLV' lacks R (the rules need Q, L, V and R)"},
      {{"lock", "solve", "-n", "12", "--alphabet", "QLVRQ"},
       1,
       "--alphabet 'QLVRQ': the letter Q appears twice"},
      {{"lock", "solve", "-n", "12", "--alphabet", ""},
       1,
       "--alphabet is empty (it needs Q, L, V and R)"},
      {{"lock", "solve", "-n", "12", "--method", "magic"}, 2, "--method"},
      {{"lock", "solve", "-n", "16", "--method", "construct"},
       1,
       "lock solve --method construct --max-length 16: needs about 11.0 GiB of memory (limit "
       "4.0 GiB); --force to run anyway"},
      {{"lock", "solve", "-n", "99999"},
       1,
       "lock solve --method fast --max-length 99999: needs about"},
      {{"lock", "solve", "-n", "20", "--method", "recursive"},
       1,
       "lock solve --method recursive --max-length 20: about 2.2e+12 steps of work (limit "
       "5e+10); --force to run anyway"},
      {{"lock", "relate"}, 2, "combination is required"},
      {{"lock", "relate", ""}, 1, "the combination is empty"},
      {{"lock", "relate", "VRLX"},
       1,
       "combination 'VRLX': 'X' at position 4 is not in the alphabet QLVR"},
      {{"lock", "relate", "vrlv"},
       1,
       "combination 'vrlv': 'v' at position 1 is not in the alphabet QLVR"},
      {{"lock", "relate", "VRLV", "--alphabet", "LVR"},
       1,
       "--alphabet 'LVR' lacks Q (the rules need Q, L, V and R)"},
      {{"lock", "relate", std::string(40, 'R') + "LQQ"},
       1,
       "the derivation of a 43-letter combination would have 2199023256496 letters (more than "
       "100000000); not built"},
      {{"lock", "check", "VQ"}, 2, "y is required"},
      {{"lock", "check", "", "Q"}, 1, "the first combination is empty"},
      {{"lock", "check", "QVQ", "VX"},
       1,
       "second combination 'VX': 'X' at position 2 is not in the alphabet QLVR"},
      {{"lock", "check", "Q Q", "Q"},
       1,
       "the first combination: byte 0x20 at position 2 is not in the alphabet QLVR"},
      {{"lock", "formula"}, 2, "--max-length is required"},
      {{"lock", "formula", "-n", "x"}, 1, "--max-length: 'x' is not a whole number"},
      {{"lock", "formula", "-n", "100001"}, 1, "--max-length: 100001 is out of range [1, 100000]"},
      {{"lock", "formula", "-n", "5000"},
       1,
       "lock formula --max-length 5000: about 4.9e+12 bytes of output; use --count-only, or "
       "--force to print them anyway"},
      {{"lock", "formula", "-n", "5", "--min-length", "6"},
       1,
       "--min-length 6 is more than --max-length 5"},
  };
  for (const Case& c : cases) {
    RunResult r = run_manyworlds(c.args);
    std::string where = c.args.size() > 2 ? c.args[1] + " " + c.args[2] : c.args.back();
    EXPECT_EQ(r.exit_code, c.code) << where << ": " << r.err;
    EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << where << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << where << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << where << ": " << r.err;
    EXPECT_EQ(r.out, "") << where;
  }
}

TEST(LockCli, TourAndBenchHaveALockLine) {
  RunResult tour = run_manyworlds({"tour", "--json"});
  ASSERT_EQ(tour.exit_code, 0) << tour.err;
  EXPECT_NE(tour.out.find("\"puzzle\": \"lock\""), std::string::npos);
  RunResult bench = run_manyworlds({"bench", "lock", "--repeat", "1"});
  ASSERT_EQ(bench.exit_code, 0) << bench.err;
  EXPECT_NE(bench.out.find("166656 solutions"), std::string::npos) << bench.out;
}

}  // namespace
}  // namespace manyworlds::testing
