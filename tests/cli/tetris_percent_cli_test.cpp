// `manyworlds tetris percent`, `setup-percent` and `patterns` as a user runs them: the 22
// reference cases of tests/data/tetris/cases.tsv (sfinder 1.43's exact counts, run
// with the sfinder arguments of each case), the output format, and the error contract.
// percent writes its log to output/ of the working folder: each test runs in its own.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "run.hpp"
#include "working_folder.hpp"

namespace manyworlds::testing {
namespace {

const std::string kRef = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris";

struct Case {
  std::string id;
  std::uint64_t success = 0, total = 0;
  std::vector<std::string> args;
};

// The sfinder arguments of a case, as written (-pp names usecase/..., relative to kRef).
std::vector<Case> load_cases() {
  std::ifstream in(kRef + "/cases.tsv");
  std::string line;
  std::getline(in, line);  // header
  std::vector<Case> out;
  while (std::getline(in, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
    Case c;
    c.id = cols[0];
    c.success = std::stoull(cols[1]);
    c.total = std::stoull(cols[2]);
    std::istringstream args(cols[12]);
    c.args = {"tetris", "percent"};
    for (std::string w; args >> w;) c.args.push_back(w);
    c.args.push_back("--json");
    out.push_back(c);
  }
  return out;
}

// Cases taking more than about a second here (2 cores).
const std::set<std::string> kSlowCases = {"doc_percent_sample", "file_manyPatterns",
                                          "useTetfuOnly1", "useTetfuAndCommand2", "count_pattern1"};

// `extra`: more arguments (e.g. the direct method).
void run_cases(bool slow, const std::vector<std::string>& extra = {}, std::size_t step = 1) {
  TempDir work;
  InFolder in(work.path());
  std::filesystem::create_directories(work.path() + "/usecase");
  std::filesystem::copy_file(kRef + "/usecase/patterns_wf.txt",
                             work.path() + "/usecase/patterns_wf.txt");
  auto cases = load_cases();
  ASSERT_EQ(cases.size(), 22u);
  std::size_t seen = 0;
  for (const auto& c : cases) {
    if (kSlowCases.count(c.id) != std::size_t(slow)) continue;
    if (seen++ % step != 0) continue;
    std::vector<std::string> args = c.args;
    args.insert(args.end(), extra.begin(), extra.end());
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << c.id << ": " << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["success"].get<std::uint64_t>(), c.success) << c.id;
    EXPECT_EQ(j["total"].get<std::uint64_t>(), c.total) << c.id;
  }
}

TEST(TetrisPercentCli, ReferenceCases) {
  run_cases(false);
}
TEST(TetrisPercentCliSlow, ReferenceCases) {
  run_cases(true);
}
// The independent check, on the 17 cases where it takes seconds rather than minutes (every
// third under the sanitizers).
TEST(TetrisPercentCli, ReferenceCasesDirectMethod) {
  run_cases(false, {"--method", "direct"}, std::size_t(sanitizer_step(3)));
}

// sfinder's output lines (percent_rules.md, "Output sample"), on the PCO case (514/840).
TEST(TetrisPercentCli, TextOutput) {
  TempDir work;
  InFolder in(work.path());
  RunResult r = run_manyworlds({"tetris", "percent", "-t", "v115@9gE8DeG8CeH8BeG8CeA8JeAgH", "-p",
                                "*p4", "--td", "1", "--fc", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("success = 61.19% (514/840)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Success pattern tree [Head 1 pieces]:\n* -> 61.19 %\n∟ T -> 85.83 %\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Fail pattern (max. 2)\n[T, L, S, O]\n[T, L, O, S]\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Necessary Pieces = 3\n"), std::string::npos);
  EXPECT_NE(r.out.find("Piece pop count = 4\n"), std::string::npos);
}

TEST(TetrisPercentCli, DirectMethodAgrees) {
  TempDir work;
  InFolder in(work.path());
  RunResult r = run_manyworlds({"tetris", "percent", "-t", "v115@9gE8DeG8CeH8BeG8CeA8JeAgH", "-p",
                                "*p4", "--method", "direct", "--threads", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["success"], 514);
}

// A setup of two pieces on gray blocks (field below, built with fumen::encode): the O must go
// in before the I covers its hole, so without hold only OI works (1/2); with hold the input IO
// can place O first (2/2).
//    2 |IIII......|
//    1 |OOXX......|
//    0 |OOXX......|
TEST(TetrisPercentCli, SetupPercent) {
  const std::string setup = "v115@HhzhFeRpB8FeRpB8PeAgH";
  RunResult r = run_manyworlds({"tetris", "setup-percent", "-t", setup, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["pieces"], "OI");
  EXPECT_EQ(j["total"], 2);
  EXPECT_EQ(j["orders_without_hold"], 1);
  EXPECT_EQ(j["success"], 2);
  r = run_manyworlds({"tetris", "setup-percent", "-t", setup, "-H", "avoid", "--json"});
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["success"], 1);
  EXPECT_EQ(j["failed"], nlohmann::json::array({"IO"}));
}

TEST(TetrisPatternsCli, CountsAndList) {
  RunResult r = run_manyworlds({"tetris", "patterns", "[IOSL]!,*p7"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "120960 sequences of 11 pieces (120960 distinct)\n");
  r = run_manyworlds({"tetris", "patterns", "[SZ]p2", "--list"});
  EXPECT_EQ(r.out, "2 sequences of 2 pieces (2 distinct)\nSZ\nZS\n");
  TempDir dir;
  std::string file = dir.write("p.txt", "# S first\nS,*p3\nZ,*p3\n");
  r = run_manyworlds({"tetris", "patterns", "--file", file, "--json"});
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["count"], "420");  // exact counts are decimal strings in JSON
  EXPECT_EQ(j["distinct"], 420);
}

// The error contract: bad input exits 1 with one line naming the problem; usage errors exit 2.
TEST(TetrisPercentCli, ErrorContract) {
  struct Bad {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  const std::string pco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";
  TempDir work;
  InFolder in(work.path());
  const std::vector<Bad> bad = {
      {{"tetris", "percent", "-t", pco, "-p", "*p2"},
       1,
       "manyworlds: error: patterns have 2 pieces but the field needs 3\n"},
      {{"tetris", "percent", "-t", pco, "-p", "*p4", "-c", "2"},
       1,
       "manyworlds: error: field: 5 empty cells in the lowest 2 rows, not a multiple of 4\n"},
      {{"tetris", "percent", "-t", pco, "-p", "*p8"},
       1,
       "manyworlds: error: pattern '*p8': p8 takes 8 distinct pieces from a set of 7 at "
       "position 2\n"},
      {{"tetris", "percent", "-t", pco, "-p", "*p4", "-H", "maybe"},
       1,
       "manyworlds: error: command line: --hold 'maybe' is not a yes/no word (use, avoid, yes, "
       "no, true, false, ...)\n"},
      {{"tetris", "percent", "-t", pco, "-p", "*p4", "--method", "fast"},
       1,
       "manyworlds: error: method: 'fast' is not auto, optimized, direct or prefix\n"},
      // sfinder's inputs: without -p the patterns file, without -t the field file.
      {{"tetris", "percent", "-t", pco},
       1,
       "manyworlds: error: no patterns: give -p PATTERN or a patterns file (cannot read "
       "input/patterns.txt: No such file or directory; see --patterns-path)\n"},
      {{"tetris", "percent", "-t", pco, "--pp", "/nonexistent/p.txt"}, 1, ""},
      {{"tetris", "percent", "-p", "*p4"}, 1, ""},
      // The sequence-by-sequence methods refuse huge patterns without --force (the prefix
      // engine's work does not grow with the number of sequences).
      {{"tetris", "percent", "-t", "v115@vhAAgH", "-p", "*p7,*p7,*p7", "-m", "optimized"},
       1,
       "manyworlds: error: 4233600 sequences of 11 pieces to search, beyond 1000000: use a "
       "narrower pattern, or --force\n"},
      {{"tetris", "percent", "-t", "v115@", "-p", "*p4"}, 1, ""},
      {{"tetris", "patterns", "[SZ"},
       1,
       "manyworlds: error: pattern '[SZ': unbalanced '[' at position 1\n"},
      {{"tetris", "patterns"},
       2,
       "manyworlds: error: tetris patterns: give a PATTERN or --file FILE (one of them)\n"},
      {{"tetris", "setup-percent", "-t", "v115@HhzhFeRpB8GeQpB8PeAgH"},
       1,
       "manyworlds: error: setup: the O region at (1, 0) has 3 cells and is not one O piece\n"},
      {{"tetris", "setup-percent", "-t", pco},
       1,
       "manyworlds: error: setup: the page has no coloured cells\n"},
  };
  for (const auto& b : bad) {
    RunResult r = run_manyworlds(b.args);
    std::string joined;
    for (const auto& a : b.args) joined += a + " ";
    EXPECT_EQ(r.exit_code, b.code) << joined << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
    if (!b.message.empty()) {
      EXPECT_EQ(r.err, b.message) << joined;
    }
  }
}

}  // namespace
}  // namespace manyworlds::testing
