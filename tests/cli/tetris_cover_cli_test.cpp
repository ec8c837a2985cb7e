// `manyworlds tetris cover` against sfinder 1.43's own runs. Every case of
// tests/data/tetris/sfinder/cover/cases.tsv (sfinder's cover use-case tests, every mode with and
// without hold on five groups of setups, the drop models, -l, -ms/-mc, -sb, mirror, sort,
// accumulation, priority, page ranges, field and pattern files) runs with the same arguments
// in a fresh folder laid out as sfinder's (input/, kicks/, output/); its report must equal
// sfinder's line for line (the version and stopwatch lines aside), its log must equal its
// report, and its cover.csv must equal sfinder's byte for byte. Then the error contract.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "run.hpp"
#include "testing/sha256.hpp"

namespace manyworlds::testing {
namespace {

const std::string kData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder/cover";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool exists(const std::string& path) {
  return std::filesystem::exists(path);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream ss(text);
  for (std::string line; std::getline(ss, line);) lines.push_back(line);
  return lines;
}

// The report without the two lines that are sfinder's own (its version, its stopwatch).
std::string normalized(const std::string& report) {
  std::string out;
  for (const std::string& line : lines_of(report)) {
    if (line.rfind("Version: ", 0) == 0 || line.rfind("  -> Stopwatch stop", 0) == 0) continue;
    out += line + "\n";
  }
  return out;
}

struct CoverCase {
  std::string name;
  std::vector<std::string> args;  // as given to sfinder
};

// gtest names a parameter by this (instead of its bytes).
void PrintTo(const CoverCase& c, std::ostream* os) {
  *os << c.name;
}

std::vector<CoverCase> load_cases() {
  std::ifstream in(kData + "/cases.tsv");
  std::vector<CoverCase> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    CoverCase c;
    std::size_t tab = line.find('\t');
    c.name = line.substr(0, tab);
    std::istringstream words(line.substr(tab + 1));
    for (std::string w; words >> w;) c.args.push_back(w);
    out.push_back(c);
  }
  return out;
}

// sfinder's arguments, as they are (app/sfinder_args.hpp reads its spellings).
std::vector<std::string> our_args(const std::vector<std::string>& sfinder) {
  std::vector<std::string> args = {"tetris", "cover"};
  args.insert(args.end(), sfinder.begin(), sfinder.end());
  return args;
}

// Where the case writes its log and CSV (sfinder's defaults unless -lp / -o).
std::pair<std::string, std::string> output_paths(const std::vector<std::string>& args) {
  std::string log = "output/last_output.txt", csv = "output/cover.csv";
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-lp" || args[i] == "--log-path") log = args[i + 1];
    if (args[i] == "-o" || args[i] == "--output-base") csv = args[i + 1];
  }
  return {log, csv};
}

void check_case(const CoverCase& c) {
  SCOPED_TRACE(c.name);
  TempDir dir;
  namespace fs = std::filesystem;
  for (const char* sub : {"input", "kicks", "output"})
    fs::create_directories(dir.path() + "/" + sub);
  fs::copy(kData + "/kicks", dir.path() + "/kicks", fs::copy_options::recursive);
  if (exists(kData + "/input/" + c.name)) {
    fs::copy(kData + "/input/" + c.name, dir.path() + "/input", fs::copy_options::recursive);
  }
  RunResult r = run_manyworlds_in(dir.path(), our_args(c.args));
  const std::string expected = kData + "/expected/" + c.name;
  if (exists(expected + ".err")) {
    // sfinder stopped with an error, before any result: ours is one line, exit code 1.
    EXPECT_EQ(read_file(expected + ".err").rfind("exit 1\n", 0), 0u) << "sfinder's exit code";
    if (exists(expected + ".out")) {
      EXPECT_EQ(read_file(expected + ".out").find("# Output"), std::string::npos);
    }
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << r.err;
    return;
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The report.
  if (exists(expected + ".out")) {
    std::vector<std::string> want = lines_of(read_file(expected + ".out"));
    std::vector<std::string> got = lines_of(r.out);
    ASSERT_EQ(got.size(), want.size()) << r.out;
    const std::regex stopwatch(R"(  -> Stopwatch stop : avg\.time = \d+ ms \[1 counts\])");
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (want[i].rfind("Version: ", 0) == 0) {
        EXPECT_EQ(got[i].rfind("Version: ", 0), 0u) << got[i];
      } else if (want[i].rfind("  -> Stopwatch stop", 0) == 0) {
        EXPECT_TRUE(std::regex_match(got[i], stopwatch)) << got[i];
      } else {
        EXPECT_EQ(got[i], want[i]) << "line " << i + 1;
      }
    }
  } else {
    // A long report: its digest, and its result section in full.
    std::string digest = read_file(expected + ".out.sha256").substr(0, 64);
    EXPECT_EQ(sha256_hex(normalized(r.out)), digest);
    std::string result = read_file(expected + ".result");
    EXPECT_EQ(r.out.substr(r.out.find("# Output\n")), result);
  }
  auto [log_path, csv_path] = output_paths(c.args);
  EXPECT_EQ(read_file(dir.path() + "/" + log_path), r.out) << "the log is the report";
  std::string csv = read_file(dir.path() + "/" + csv_path);
  if (exists(expected + ".csv")) {
    EXPECT_EQ(csv, read_file(expected + ".csv"));
  } else {
    EXPECT_EQ(sha256_hex(csv), read_file(expected + ".csv.sha256").substr(0, 64));
  }
}

class TetrisCoverSfinder : public ::testing::TestWithParam<CoverCase> {};
TEST_P(TetrisCoverSfinder, SameReportLogAndCsv) {
  check_case(GetParam());
}
std::string case_name(const ::testing::TestParamInfo<CoverCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return name;
}
INSTANTIATE_TEST_SUITE_P(Cases, TetrisCoverSfinder, ::testing::ValuesIn(load_cases()), case_name);

TEST(TetrisCoverCli, CasesAreAllThere) {
  // 99 from sfinder's use-case tests, the rest written for this suite (cases.tsv).
  EXPECT_GE(load_cases().size(), 360u);
}

// sfinder's documented example (docs/source/contents/cover/main.rst): 33.33 % [1680/5040],
// 44.44 % [2240/5040], OR 61.67 % [3108/5040], AND 16.11 % [812/5040].
const std::vector<std::string> kDocSetups = {"v115@vhFRQJUGJKJJvMJTNJGBJ",
                                             "v115@vhFRQJPGJKJJGMJTNJ0BJ"};

TEST(TetrisCoverCli, DocumentedExampleAsJsonAtAnyThreadCount) {
  for (const char* threads : {"1", "3"}) {
    TempDir dir;
    RunResult r =
        run_manyworlds_in(dir.path(), {"tetris", "cover", "-t", kDocSetups[0], kDocSetups[1], "-p",
                                       "*p7", "--json", "--threads", threads});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["total"], 5040);
    EXPECT_EQ(j["setups"][0]["success"], 1680);
    EXPECT_EQ(j["setups"][1]["success"], 2240);
    EXPECT_EQ(j["or"]["success"], 3108);
    EXPECT_EQ(j["and"]["success"], 812);
    EXPECT_EQ(j["setups"][0]["label"], kDocSetups[0]);
    EXPECT_EQ(j["setups"][0]["pieces"], "IZLSOJ");  // in page order
    // The files are written with --json too.
    EXPECT_TRUE(exists(dir.path() + "/output/cover.csv"));
    EXPECT_NE(read_file(dir.path() + "/output/last_output.txt").find("OR  = 61.67 % [3108/5040]"),
              std::string::npos);
  }
}

TEST(TetrisCoverCli, DirectMethodGivesTheSameFiles) {
  TempDir a, b;
  std::vector<std::string> args = {"tetris",      "cover", "-t",   kDocSetups[0],
                                   kDocSetups[1], "-p",    "*p7",  "-M",
                                   "2L-or-pc",    "-H",    "avoid"};
  RunResult fast = run_manyworlds_in(a.path(), args);
  args.insert(args.end(), {"--method", "direct"});
  RunResult direct = run_manyworlds_in(b.path(), args);
  ASSERT_EQ(fast.exit_code, 0) << fast.err;
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  EXPECT_EQ(normalized(fast.out), normalized(direct.out));
  EXPECT_EQ(read_file(a.path() + "/output/cover.csv"), read_file(b.path() + "/output/cover.csv"));
}

TEST(TetrisCoverCli, OutputFoldersAreCreated) {
  TempDir dir;
  RunResult r = run_manyworlds_in(dir.path(), {"tetris", "cover", "-t", kDocSetups[0], "-p", "*p7",
                                               "-o", "a/b/c.csv", "-lp", "d/e/log.txt"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(exists(dir.path() + "/a/b/c.csv"));
  EXPECT_EQ(read_file(dir.path() + "/d/e/log.txt"), r.out);
}

// Every bad value: one line on stderr, exit code 1 (bad input) or 2 (usage), nothing on stdout.
TEST(TetrisCoverCli, ErrorsAreOneLine) {
  TempDir dir;
  const std::string setup = kDocSetups[0];
  dir.write("empty.txt", "# nothing here\n4\nXXXX______\n");
  struct Bad {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  std::string file_as_folder = dir.write("file", "x");
  const std::vector<Bad> bad = {
      {{"-t", "xyz", "-p", "*p7"}, 1, "holds no v115 fumen data"},
      {{"-t", "v110@vhAAgH", "-p", "*p7"}, 1, "holds no v115 fumen data"},
      {{"-t", "v115@vh!!", "-p", "*p7"}, 1, "fumen"},
      {{"-t", setup + "#0:3", "-p", "*p7"}, 1, "start page must be 1 or more"},
      {{"-t", setup + "#9", "-p", "*p7"}, 1, "start page must be at most 6"},
      {{"-t", setup + "#3:2", "-p", "*p7"}, 1, "end page must not be before the start page"},
      {{"-t", setup + "#1:9", "-p", "*p7"}, 1, "end page must be at most 6"},
      {{"-t", setup + "#x:2", "-p", "*p7"}, 1, "page 'x' is not a number"},
      {{"-t", setup, "-p", "*p7", "-M", "foo"}, 1, "mode 'foo'"},
      {{"-t", setup, "-p", "*p7", "-d", "foo"}, 1, "drop 'foo'"},
      {{"-t", setup, "-p", "*p7", "-s", "foo"}, 1, "sort 'foo'"},
      {{"-t", setup, "-p", "*p7", "-H", "maybe"}, 1, "--hold 'maybe' is not yes or no"},
      {{"-t", setup, "-p", "*p7", "-m", "maybe"}, 1, "--mirror 'maybe'"},
      {{"-t", setup, "-p", "*p7", "-a", "maybe"}, 1, "--accum 'maybe'"},
      {{"-t", setup, "-p", "*p7", "-P", "maybe"}, 1, "--priority 'maybe'"},
      {{"-t", setup, "-p", "*p7", "-K", "nosuch"}, 1, "kicks: 'nosuch'"},
      {{"-t", setup, "-p", "*p7", "-d", "180"}, 1, "no 180-degree kicks"},
      {{"-t", setup, "-p", "*p7", "--method", "fast"}, 1, "method 'fast'"},
      {{"-t", setup, "-p", "*q7"}, 1, "pattern"},
      {{"-t", setup, "-p", "*p7;*p3"}, 1, "pattern"},
      {{"-t", setup, "-p", "*p7,*p7"}, 1, "--force"},
      {{"-t", setup, "-p", "*p7", "-sb", "x"}, 1, "--starting-b2b 'x' is not an integer"},
      {{"-t", setup, "-p", "*p7", "--sb", "x"}, 1, "--starting-b2b 'x' is not an integer"},
      {{"-t", setup, "-p", "*p7", "-l", "x"}, 1, "--last-sd 'x' is not an integer"},
      {{"-t", setup, "-p", "*p7", "-l", "99999999999"}, 1, "--last-sd '99999999999'"},
      {{"-t", setup, "-p", "*p7", "-ms", "1.5"}, 1, "--max-softdrop '1.5' is not an integer"},
      {{"-t", setup, "-p", "*p7", "-mc", "x"}, 1, "--max-clearline 'x' is not an integer"},
      {{"-t", setup, "-p", "*p7", "--max", "1"}, 2, "ambiguous option --max"},
      {{"-t", setup, "-p", "*p7", "--threads", "-2"}, 2, "--threads"},
      {{"-t", setup, "-p", "*p7", "--nosuch"}, 2, "nosuch"},
      {{"-t", setup, "-p", "*p7", "-o", file_as_folder + "/x.csv"}, 1, "cannot create the folder"},
      {{"-t", setup, "-p", "*p7", "--lp", file_as_folder + "/x.txt"},
       1,
       "cannot create the folder"},
      {{"-t", setup}, 1, "input/patterns.txt"},
      {{"-p", "*p7"}, 1, "input/field.txt"},
      {{"-p", "*p7", "-fp", dir.path() + "/empty.txt"}, 1, "no fumen in the field file"},
      {{"-t", setup, "-pp", dir.path() + "/nosuch.txt"}, 1, "nosuch.txt"},
      {{"-t"}, 1, "--tetfu given no fumen"},
      {{"-t", "", "-p", "*p7"}, 1, "--tetfu given no fumen"},
  };
  for (const Bad& b : bad) {
    std::vector<std::string> args = {"tetris", "cover"};
    args.insert(args.end(), b.args.begin(), b.args.end());
    RunResult r = run_manyworlds_in(dir.path(), args);
    SCOPED_TRACE(b.message);
    EXPECT_EQ(r.exit_code, b.code) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(b.message), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace manyworlds::testing
