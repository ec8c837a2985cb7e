// `manyworlds escape`: every verb on the seed's files and examples, the error contract, and
// board files that are never half-written.

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "run.hpp"
#include "testing/files.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string reference(const std::string& name) {
  std::ifstream in(std::string(MANYWORLDS_TEST_DATA_DIR) + "/escape/" + name, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The names in a folder (to see that no temporary file was left behind).
std::vector<std::string> listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

Json run_json(const std::vector<std::string>& args) {
  RunResult r = run_manyworlds(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return Json::parse(r.out);
}

// The seed repository's example after prisoner 1 (vectors.tsv, row example_files: board_after),
// in the file's shape: 8 rows, no final line end.
const char* kExampleAfter =
    "10110101\n01101101\n10001001\n10010110\n00011000\n10101111\n10011001\n10001010";

TEST(EscapeCli, FlipOnTheExampleFiles) {
  TempDir dir;
  std::string board = dir.write("board.txt", reference("board.txt.example"));
  RunResult r = run_manyworlds({"escape", "flip", "--board", board, "--key", "34"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // vectors.tsv: parity 24, flip 58 (c1 on the chess board), answer 34.
  EXPECT_NE(r.out.find("parity: 24\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("prisoner 1: flip 58 (c1)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("key at 34 (c4)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  8 | 1 0 1 1 0 1 0 1\n"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(board), reference("board.txt.example"));  // not written without --write
  Json j = run_json({"escape", "flip", "--board", board, "--key", "c4", "--json"});
  EXPECT_EQ(j["syndrome"], 24);
  EXPECT_EQ(j["move"]["cell"], 58);
  EXPECT_EQ(j["move"]["square"], "c1");
  EXPECT_EQ(j["answer"]["cell"], 34);
  EXPECT_EQ(j["board_after"], "1011010101101101100010011001011000011000101011111001100110001010");
  EXPECT_TRUE(j["written"].is_null());
}

TEST(EscapeCli, FlipWriteRewritesTheBoard) {
  TempDir dir;
  std::string board = dir.write("board.txt", reference("board.txt.example"));
  RunResult r = run_manyworlds({"escape", "flip", "--board", board, "--key", "34", "--write"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(board), kExampleAfter);
  EXPECT_EQ(listing(dir.path()), std::vector<std::string>{"board.txt"});
  // Prisoner 2 reads the rewritten file.
  Json j = run_json({"escape", "find", "--board", board, "--json"});
  EXPECT_EQ(j["answer"]["cell"], 34);
  EXPECT_EQ(j["answer"]["square"], "c4");
}

TEST(EscapeCli, RunActsAsTheSeedProgram) {
  TempDir dir;
  dir.write("board.txt", reference("board.txt.example"));
  dir.write("key.txt", reference("key.txt.example"));
  dir.write("mode.txt", reference("mode.txt.example"));  // "1": prisoner 1
  RunResult one = run_manyworlds({"escape", "run", "--dir", dir.path()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("prisoner 1: flip 58 (c1)"), std::string::npos) << one.out;
  EXPECT_EQ(slurp(dir.path() + "/board.txt"), kExampleAfter);
  dir.write("mode.txt", "2\n");
  fs::remove(dir.path() + "/key.txt");  // prisoner 2 does not see the key
  RunResult two = run_manyworlds({"escape", "run", "--dir", dir.path()});
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_NE(two.out.find("prisoner 2: the key is under 34 (c4)"), std::string::npos) << two.out;
  Json j = run_json({"escape", "run", "--dir", dir.path(), "--json"});
  EXPECT_EQ(j["answer"]["cell"], 34);
}

TEST(EscapeCli, SeedReadmeExampleOn4x4) {
  // Seed README: 1011110100111010 = 48442; B3 flipped gives 47418; key C2 = colour 10.
  Json find = run_json({"escape", "find", "--cells", "1011110100111010", "--json"});
  EXPECT_EQ(find["vertex"], 48442);
  Json after = run_json({"escape", "find", "--cells", "1011100100111010", "--json"});
  EXPECT_EQ(after["vertex"], 47418);
  RunResult r = run_manyworlds(
      {"escape", "flip", "--cells", "1011110100111010", "--key", "C2", "--strategy", "coloring"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("key: 10 (C2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  4 | 1 0 1 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("      A B C D\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("key at 10 (C2)"), std::string::npos) << r.out;
  // --naming index prints numbers only; chess naming lower case.
  Json idx = run_json({"escape", "flip", "--cells", "1011110100111010", "--key", "10", "--naming",
                       "index", "--json"});
  EXPECT_FALSE(idx["key"].contains("square"));
  Json chess = run_json({"escape", "flip", "--cells", "1011110100111010", "--key", "c2", "--naming",
                         "chess", "--json"});
  EXPECT_EQ(chess["key"]["square"], "c2");
}

TEST(EscapeCli, CoinsAndVariants) {
  TempDir dir;
  std::string board = dir.write("coins.txt", "HTHH\nTHTH\nHHTT\nTTTH\n");
  Json j = run_json({"escape", "flip", "--board", board, "--key", "3", "--write", "--json"});
  EXPECT_EQ(j["answer"]["cell"], 3);
  std::string after = slurp(board);
  EXPECT_EQ(after.size(), 20u);
  EXPECT_EQ(after.find_first_not_of("HT\n"), std::string::npos) << after;
  // Hamming code on 7 cells with no flip allowed.
  Json h =
      run_json({"escape", "flip", "--cells", "1010101", "--key", "2", "--allow-no-flip", "--json"});
  EXPECT_EQ(h["strategy"], "hamming");
  EXPECT_EQ(h["answer"]["cell"], 2);
  // Dice: 9 cells of 3-sided dice.
  Json d =
      run_json({"escape", "flip", "--cells", "012210111", "--key", "5", "--dice", "3", "--json"});
  EXPECT_EQ(d["strategy"], "dice-vector");
  EXPECT_EQ(d["answer"]["cell"], 5);
}

TEST(EscapeCli, VerifyEveryBoardAtSixteen) {
  // 2^16 boards x 16 keys = 1,048,576 cases (issue 6).
  Json j = run_json({"escape", "verify", "--size", "16", "--json"});
  EXPECT_EQ(j["exhaustive"], true);
  EXPECT_EQ(j["cases"], 1048576);
  EXPECT_EQ(j["failures"], 0);
  RunResult r = run_manyworlds({"escape", "verify", "--size", "64", "--samples", "50"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("50 random boards from seed 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checked 50 boards, 3200 cases: 0 failures"), std::string::npos) << r.out;
  Json dice =
      run_json({"escape", "verify", "--size", "25", "--dice", "5", "--samples", "20", "--json"});
  EXPECT_EQ(dice["failures"], 0);
}

// Many random samples (here 1e8, 6.25 million tasks of 16) keep the memory small: the tasks'
// results are held a block at a time (it once held them all, 590 MB here). Stopped with Ctrl-C
// after half a second; the memory is not checked under the sanitizers.
TEST(EscapeCli, VerifyManySamplesInLittleMemory) {
  RunOptions options;
  options.interrupt_after_ms = 500;
  options.timeout_ms = 120'000;
  RunResult r = run_manyworlds(
      {"escape", "verify", "-n", "32", "--samples", "100000000", "--force"}, options);
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.err.rfind("manyworlds: error: interrupted verify stopped after ", 0), 0u) << r.err;
  if (!under_sanitizers()) {
    EXPECT_LT(r.max_rss_kib, 100 * 1024);
  }
}

TEST(EscapeCli, ColorAndCount) {
  Json c = run_json({"escape", "color", "--size", "16", "--json"});
  EXPECT_EQ(c["exists"], true);
  EXPECT_EQ(c["verified"], true);
  EXPECT_EQ(c["vertices"], 65536);
  RunResult six = run_manyworlds({"escape", "color", "--size", "6"});
  ASSERT_EQ(six.exit_code, 0) << six.err;
  EXPECT_NE(six.out.find("n = 6: no strategy exists."), std::string::npos) << six.out;
  EXPECT_NE(six.out.find("2^6 / 6"), std::string::npos) << six.out;
  EXPECT_NE(six.out.find("search complete"), std::string::npos) << six.out;
  Json five = run_json({"escape", "color", "--size", "5", "--json"});
  EXPECT_EQ(five["exists"], false);
  EXPECT_EQ(five["search"]["complete"], true);
  EXPECT_EQ(five["search"]["colorings_found"], 0);
  Json six_nf = run_json({"escape", "color", "--size", "6", "--allow-no-flip", "--json"});
  EXPECT_EQ(six_nf["decided"], true);
  EXPECT_EQ(six_nf["exists"], false);
  Json nine_nf = run_json({"escape", "color", "--size", "9", "--allow-no-flip", "--json"});
  EXPECT_EQ(nine_nf["decided"], false);
  Json three_nf = run_json({"escape", "color", "--size", "3", "--allow-no-flip", "--json"});
  EXPECT_EQ(three_nf["exists"], true);
  EXPECT_EQ(three_nf["verified"], true);
  Json nf = run_json({"escape", "color", "--size", "7", "--allow-no-flip", "--json"});
  EXPECT_EQ(nf["exists"], true);
  EXPECT_EQ(nf["method"], "Hamming code");
  // Issue 6: 4 colourings for n = 2, 0 for n = 3.
  EXPECT_EQ(run_json({"escape", "count", "--size", "2", "--json"})["colorings"], "4");
  EXPECT_EQ(run_json({"escape", "count", "--size", "3", "--json"})["colorings"], "0");
  Json twelve = run_json({"escape", "count", "--size", "12", "--json"});
  EXPECT_EQ(twelve["colorings"], "0");
  EXPECT_EQ(twelve["method"], "counting argument");
  TempDir dir;
  std::string out = dir.path() + "/coloring.txt";
  Json w = run_json({"escape", "color", "--size", "2", "--output", out, "--json"});
  EXPECT_EQ(slurp(out), "0 0\n1 0\n2 1\n3 1\n");
}

// Makes every file the child writes fail past `bytes` bytes (also for root), for one run.
RunResult run_with_file_size_limit(const std::vector<std::string>& args, rlim_t bytes) {
  rlimit old{};
  getrlimit(RLIMIT_FSIZE, &old);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small{bytes, old.rlim_max};
  setrlimit(RLIMIT_FSIZE, &small);
  RunResult r = run_manyworlds(args);
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  return r;
}

TEST(EscapeCli, FailedWriteLeavesTheBoardIntact) {
  TempDir dir;
  std::string original = reference("board.txt.example");
  std::string board = dir.write("board.txt", original);
  RunResult r =
      run_with_file_size_limit({"escape", "flip", "--board", board, "--key", "34", "--write"}, 10);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("manyworlds: error: cannot write " + board + ": ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(slurp(board), original);
  EXPECT_EQ(listing(dir.path()), std::vector<std::string>{"board.txt"});
  // The target is a folder: the rename fails, the folder stays, nothing is left behind.
  fs::create_directory(dir.path() + "/out");
  RunResult to_dir = run_manyworlds(
      {"escape", "flip", "--board", board, "--key", "34", "--output", dir.path() + "/out"});
  EXPECT_EQ(to_dir.exit_code, 1);
  EXPECT_NE(to_dir.err.find("cannot write"), std::string::npos) << to_dir.err;
  EXPECT_TRUE(fs::is_directory(dir.path() + "/out"));
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"board.txt", "out"}));
  // run --dir: the same for prisoner 1's rewrite.
  TempDir seed_dir;
  seed_dir.write("board.txt", original);
  seed_dir.write("key.txt", "34");
  seed_dir.write("mode.txt", "1");
  RunResult run = run_with_file_size_limit({"escape", "run", "--dir", seed_dir.path()}, 10);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(slurp(seed_dir.path() + "/board.txt"), original);
  EXPECT_EQ(listing(seed_dir.path()),
            (std::vector<std::string>{"board.txt", "key.txt", "mode.txt"}));
}

struct BadInput {
  std::vector<std::string> args;
  std::map<std::string, std::string> files;  // written into a fresh folder first; $D is its path
  int exit_code;
  std::string message;  // the whole stderr line after "manyworlds: error: ", or a prefix + "*"
};

TEST(EscapeCli, ErrorContract) {
  std::vector<BadInput> cases = {
      // flip
      {{"escape", "flip", "--board", "$D/b", "--key", "1"},
       {{"b", "101\n10\n"}},
       1,
       "board line 2: row has 2 cells, the first row has 3"},
      {{"escape", "flip", "--board", "$D/b", "--key", "1"},
       {{"b", "10\n1x\n"}},
       1,
       "board line 2, column 2: 'x' is not a cell (0/1 or H/T)"},
      {{"escape", "flip", "--board", "$D/b", "--key", "1"}, {{"b", ""}}, 1, "board is empty"},
      {{"escape", "flip", "--board", "$D/missing", "--key", "1"},
       {},
       1,
       "cannot read $D/missing: No such file or directory"},
      {{"escape", "flip", "--board", "$D/b", "--key", "1"},
       {{"b", "101\n010\n"}},
       1,
       "no strategy exists for 6 cells: n must be a power of two*"},
      {{"escape", "flip", "--cells", "1011", "--key", "4"},
       {},
       1,
       "--key (a cell 0..3): 4 is out of range [0, 3]"},
      {{"escape", "flip", "--cells", "1011110100111010", "--key", "E1"},
       {},
       1,
       "--key: 'E1' is not a square of the 4x4 board (A1..D4)"},
      {{"escape", "flip", "--cells", "1011"}, {}, 2, "--key is required*"},
      {{"escape", "flip", "--cells", "1011", "--key", "1", "--write"},
       {},
       2,
       "escape flip: --write needs --board FILE"},
      {{"escape", "flip", "--key", "1"},
       {},
       2,
       "escape: give exactly one of --board FILE and --cells CELLS"},
      {{"escape", "flip", "--cells", "10112", "--key", "1"},
       {},
       1,
       "--cells: character 5: '2' is not a cell (0/1 or H/T)"},
      {{"escape", "flip", "--cells", "012", "--key", "1", "--dice", "3", "--allow-no-flip"},
       {},
       1,
       "--allow-no-flip is for coins only, not with --dice"},
      {{"escape", "flip", "--cells", "1011", "--key", "1", "--strategy", "nope"}, {}, 2, "*"},
      // find
      {{"escape", "find", "--board", "$D/b"},
       {{"b", "10\n\n01\n"}},
       1,
       "board line 2: blank line inside the board"},
      {{"escape", "find", "--board", "$D/b"},
       {{"b", "1H\n"}},
       1,
       "board line 1, column 2: mixes 0/1 and H/T cells"},
      {{"escape", "find", "--cells", "101"},
       {},
       1,
       "no strategy exists for 3 cells: n must be a power of two*"},
      {{"escape", "find", "--cells", "10111011", "--naming", "chess"},
       {},
       1,
       "square names need a square board of side at most 26 (this board has 8 cells in rows of "
       "8)"},
      {{"escape", "find", "--cells", "1011", "--no-such"}, {}, 2, "*--no-such*"},
      // run
      {{"escape", "run", "--dir", "$D"},
       {{"board.txt", "10\n01\n"}, {"key.txt", "1"}},
       1,
       "cannot read $D/mode.txt: No such file or directory"},
      {{"escape", "run", "--dir", "$D"},
       {{"board.txt", "10\n01\n"}, {"key.txt", "1"}, {"mode.txt", "3"}},
       1,
       "$D/mode.txt: mode is '3', expected 1 (prisoner 1) or 2 (prisoner 2)"},
      {{"escape", "run", "--dir", "$D"},
       {{"board.txt", "10\n01\n"}, {"key.txt", "9"}, {"mode.txt", "1"}},
       1,
       "$D/key.txt (a cell 0..3): 9 is out of range [0, 3]"},
      {{"escape", "run", "--dir", "$D"},
       {{"board.txt", "10\n01\n"}, {"mode.txt", "1"}},
       1,
       "cannot read $D/key.txt: No such file or directory"},
      {{"escape", "run", "--dir", "$D"},
       {{"mode.txt", "1"}, {"key.txt", "1"}},
       1,
       "cannot read $D/board.txt: No such file or directory"},
      {{"escape", "run", "--dir", "$D"},
       {{"board.txt/x", "1"}, {"mode.txt", "2"}},
       1,
       "cannot read $D/board.txt: Is a directory"},
      {{"escape", "find", "--board", "$D"}, {}, 1, "cannot read $D: Is a directory"},
      {{"escape", "run"}, {}, 2, "--dir is required*"},
      // verify
      {{"escape", "verify", "--size", "12"},
       {},
       1,
       "no strategy exists for 12 cells: n must be a power of two*"},
      {{"escape", "verify", "--size", "0"}, {}, 2, "*"},
      {{"escape", "verify", "--size", "10", "--dice", "3"},
       {},
       1,
       "no vector strategy for 10 cells with 3-sided dice: n must be a power of 3"},
      {{"escape", "verify", "--size", "65536", "--samples", "100000"},
       {},
       1,
       "verify: 100000 samples of 65536 cells is about 2.0e+10 cell visits; use fewer "
       "--samples or --force"},
      {{"escape", "verify"}, {}, 2, "--size is required*"},
      // color
      {{"escape", "color", "--size", "32"},
       {},
       1,
       "color: the colouring search is for n up to 16 (2^n boards), not 32; the xor strategy "
       "covers every power of two (escape verify --size 32)"},
      {{"escape", "color", "--size", "6", "--print"},
       {},
       1,
       "no colouring exists for n = 6 to print or write"},
      {{"escape", "color", "--size", "4", "--method", "magic"}, {}, 2, "*"},
      // count
      {{"escape", "count", "--size", "16"}, {}, 1, "count: n = 16 is beyond reach*"},
      {{"escape", "count", "--size", "-1"}, {}, 2, "*"},
      {{"escape", "count"}, {}, 2, "--size is required*"},
      {{"escape"}, {}, 2, "*"},
  };
  for (const BadInput& c : cases) {
    TempDir dir;
    auto expand = [&](std::string s) {
      for (std::size_t at; (at = s.find("$D")) != std::string::npos;) s.replace(at, 2, dir.path());
      return s;
    };
    for (const auto& [name, content] : c.files) {
      fs::create_directories(fs::path(dir.path() + "/" + name).parent_path());
      dir.write(name, content);
    }
    std::vector<std::string> args;
    for (const auto& a : c.args) args.push_back(expand(a));
    RunResult r = run_manyworlds(args);
    std::string line = args.size() > 1 ? args[1] + " " + (args.size() > 2 ? args[2] : "") : "";
    SCOPED_TRACE(line + " -> " + c.message);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
    EXPECT_EQ(r.out, "");
    ASSERT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    std::string message = r.err.substr(19, r.err.size() - 20);
    std::string expected = expand(c.message);
    if (expected == "*") continue;
    if (expected.front() == '*') {
      std::string inner = expected.substr(1, expected.size() - 2);
      EXPECT_NE(message.find(inner), std::string::npos) << message;
    } else if (expected.back() == '*') {
      EXPECT_EQ(message.rfind(expected.substr(0, expected.size() - 1), 0), 0u) << message;
    } else {
      EXPECT_EQ(message, expected);
    }
  }
}

TEST(EscapeCli, EveryVerbTakesJson) {
  TempDir dir;
  dir.write("board.txt", "1011\n1101\n0011\n1010\n");
  dir.write("key.txt", "C2\n");
  dir.write("mode.txt", "1\n");
  std::vector<std::vector<std::string>> commands = {
      {"escape", "flip", "--cells", "1011", "--key", "2", "--json"},
      {"escape", "find", "--cells", "1011", "--json"},
      {"escape", "run", "--dir", dir.path(), "--json"},
      {"escape", "verify", "--size", "8", "--json"},
      {"escape", "color", "--size", "8", "--json"},
      {"escape", "count", "--size", "4", "--json"},
  };
  for (const auto& args : commands) {
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << args[1] << ": " << r.err;
    EXPECT_NO_THROW({
      Json parsed = Json::parse(r.out);
      EXPECT_TRUE(parsed.is_object());
    }) << args[1]
       << ": " << r.out;
  }
  Json count = run_json({"escape", "count", "--size", "4", "--json"});
  EXPECT_EQ(count["colorings"], "576");
}

}  // namespace
}  // namespace manyworlds::testing
