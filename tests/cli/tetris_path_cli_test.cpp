// `manyworlds tetris path` and `tetris saves` as a player runs them: sfinder's spellings and
// files (compared with sfinder 1.43's, tests/data/tetris/sfinder/path/, commands in its
// README), --minimal exact, every bad option value (one line, exit 1), and the HTML with its
// inline fields rendered by headless Chromium.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "run.hpp"
#include "testing/browser.hpp"
#include "testing/files.hpp"
#include "testing/required.hpp"
#include "working_folder.hpp"

namespace manyworlds::testing {
namespace {

const std::string kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";
const std::string kData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder/path/";

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

TEST(TetrisPathCli, WritesSfindersFilesAndLog) {
  TempDir dir;
  InFolder in(dir.path());
  RunResult r = run_manyworlds({"tetris", "path", "-t", kPco, "-p", "*p4", "-c", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Found path [unique] = 18\nFound path [minimal] = 16\n"), std::string::npos);
  EXPECT_EQ(slurp("output/last_output.txt"), r.out);
  // Inline fields: one per solution, and "18 solutions" as sfinder's header says.
  std::string unique = slurp("output/path_unique.html");
  EXPECT_EQ(count_of(unique, "<svg"), 18u);
  EXPECT_EQ(count_of(slurp("output/path_minimal.html"), "<svg"), 16u);
  EXPECT_NE(unique.find("<div>18 solutions <span style='color: #999'>[840 input sequences]"),
            std::string::npos);
}

TEST(TetrisPathCli, SfinderSpellingsAndCsvToStandardOutput) {
  TempDir dir;
  InFolder in(dir.path());
  // sfinder's one-dash spellings (-tetfu, -c4, -lp) and -o - (sfinder 1.43's stdout.txt).
  RunResult r = run_manyworlds({"tetris", "path", "-tetfu", kPco, "-p", "*p4", "-c4", "-f", "csv",
                                "-o", "-", "-lp", "logs/path.txt"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(kData + "pco/stdout/stdout.txt"));
  EXPECT_NE(slurp("logs/path.txt").find("Found path [minimal] = 16"), std::string::npos);
  // -k none files byte for byte; -L 1 writes the unique file only.
  r = run_manyworlds({"tetris", "path", "-t", kPco, "-p", "*p4", "-f", "csv", "-k", "none", "-o",
                      "out/x.csv", "-L", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp("out/x_unique.csv"), slurp(kData + "pco/none_L1/path_unique.csv"));
  EXPECT_FALSE(std::ifstream("out/x_minimal.csv").good());
  // The field and patterns files (-fp, -pp), and a fumen comment giving the clear line.
  dir.write("f.txt", "4\nXXXXX____X\nXXXXXX___X\nXXXXXXX__X\nXXXXXX___X\n");
  dir.write("p.txt", "*p4\n");
  r = run_manyworlds({"tetris", "path", "-fp", "f.txt", "-pp", "p.txt", "-f", "csv", "-k",
                      "pattern", "-o", "k/p.csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  -> success = 61.19% (514/840)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Found path = 18"), std::string::npos);
}

// sfinder's log without the lines that differ by design (its version, the stopwatch times; the
// runs below use 2 threads, as sfinder's did).
std::vector<std::string> comparable_log(const std::string& log) {
  std::vector<std::string> out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Version = ", 0) == 0 || line.rfind("  -> Stopwatch stop", 0) == 0) continue;
    out.push_back(line);
  }
  return out;
}

// The T-spin drops, reserved cells (-r) and -cb through the command line, against sfinder
// 1.43's log and CSV files for the same arguments (tests/data/tetris/sfinder/path/capture.sh).
TEST(TetrisPathCli, DropsReservedAndCachedBitAsSfinder) {
  const std::string gamushiro = "v115@zgwhGeRpwhGeRpwhh0Eehlwhg0DeR4hli0AeBtwwwh?RpJeAgH";
  const std::string tsz = "v115@+gE8CeA8AeE8EeE8EeH8KeAgH";
  const std::string reserved = "v115@ChE8DeF8CeG8DeF8JexEJ";
  struct Run {
    const char* dir;
    std::vector<std::string> args;
  };
  const Run runs[] = {
      {"tspin/tsm_html", {"-t", gamushiro, "-p", "*!", "-c", "5", "-d", "tsm"}},
      {"tspin/tss_none", {"-t", gamushiro, "-p", "*!", "-c", "5", "-d", "tss", "-f", "csv"}},
      {"tspin/tsd_pattern",
       {"-t", gamushiro, "-p", "*!", "-c", "5", "-d", "tsd", "-f", "csv", "-k", "pattern"}},
      {"tspin/tst_html", {"-t", gamushiro, "-p", "*!", "-c", "5", "-d", "tspin3"}},
      {"tspin/tsz_html", {"-t", tsz, "--hold", "no", "-p", "TSLI", "-d", "tsz"}},
      {"tspin/tsm_none", {"-t", tsz, "--hold", "no", "-p", "TSLI", "-d", "tsm", "-f", "csv"}},
      {"reserved/html3", {"-t", reserved, "-p", "I,*p4", "-r", "yes"}},
      {"reserved/none3", {"-t", reserved, "-p", "I,*p4", "-f", "csv", "-r", "yes"}},
      {"reserved/pattern3",
       {"-t", reserved, "-p", "I,*p4", "-f", "csv", "-k", "pattern", "-r", "yes"}},
      {"cached/pco_cb", {"-t", kPco, "-p", "*p4", "-c", "4", "-f", "csv", "-cb", "3"}},
  };
  for (const Run& run : runs) {
    TempDir dir;
    InFolder in(dir.path());
    std::vector<std::string> args = {"tetris", "path", "-th", "2"};
    args.insert(args.end(), run.args.begin(), run.args.end());
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << run.dir << ": " << r.err;
    const std::string theirs = kData + run.dir + "/";
    EXPECT_EQ(comparable_log(slurp("output/last_output.txt")),
              comparable_log(slurp(theirs + "last_output.txt")))
        << run.dir;
    // -f csv without -k writes path_unique.csv and path_minimal.csv; sfinder's must be there.
    bool csv_none = std::find(run.args.begin(), run.args.end(), "csv") != run.args.end() &&
                    std::find(run.args.begin(), run.args.end(), "-k") == run.args.end();
    if (csv_none) {
      ASSERT_TRUE(std::ifstream(theirs + "path_unique.csv").good()) << theirs << " is missing";
      EXPECT_EQ(slurp("output/path_unique.csv"), slurp(theirs + "path_unique.csv")) << run.dir;
      EXPECT_EQ(slurp("output/path_minimal.csv"), slurp(theirs + "path_minimal.csv")) << run.dir;
    }
  }
}

// Every other capture of capture.sh, from the command line: sfinder's log line by line (the
// lines that differ by design aside), and the CSV files where the run writes them (-o - too:
// sfinder writes the files and the minimal list on stdout).
TEST(TetrisPathCli, EveryCapturedLogAsSfinder) {
  const std::string pco = kPco, square = "v115@9gF8DeF8DeF8DeF8NeAgH",
                    six = "v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH",
                    eight = "v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH";
  struct Run {
    const char* dir;
    std::vector<std::string> args;
  };
  const Run runs[] = {
      {"pco/html", {"-t", pco, "-p", "*p4", "-c", "4"}},
      {"pco/html_split", {"-t", pco, "-p", "*p4", "-c", "4", "-s", "yes"}},
      {"pco/so_no", {"-t", pco, "-p", "*p4", "-c", "4", "-so", "no"}},
      {"pco/nokicks", {"-t", pco, "-p", "*p4", "-c", "4", "-K", "@nokicks"}},
      {"pco/none", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-k", "none"}},
      {"pco/none_L1", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-k", "none", "-L", "1"}},
      {"pco/nohold", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-H", "avoid"}},
      {"pco/harddrop", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-d", "harddrop"}},
      {"pco/solution", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-k", "solution"}},
      {"pco/pattern", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-k", "pattern"}},
      {"pco/use", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-k", "use"}},
      {"pco/stdout", {"-t", pco, "-p", "*p4", "-c", "4", "-f", "csv", "-o", "-"}},
      {"square/html", {"-t", square, "-p", "*p7"}},
      {"square/none", {"-t", square, "-p", "*p7", "-f", "csv"}},
      {"square/pattern", {"-t", square, "-p", "*p7", "-f", "csv", "-k", "pattern"}},
      {"six/html", {"-t", six, "-p", "*p7", "-c", "6"}},
      {"six/none", {"-t", six, "-p", "*p7", "-c", "6", "-f", "csv"}},
      {"eight/html", {"-t", eight, "-p", "*,*p4", "-c", "8"}},
      {"eight/none", {"-t", eight, "-p", "*,*p4", "-c", "8", "-f", "csv"}},
  };
  for (const Run& run : runs) {
    SCOPED_TRACE(run.dir);
    TempDir dir;
    InFolder in(dir.path());
    std::vector<std::string> args = {"tetris", "path", "-th", "2"};
    args.insert(args.end(), run.args.begin(), run.args.end());
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string theirs = kData + run.dir + "/";
    ASSERT_TRUE(std::ifstream(theirs + "last_output.txt").good()) << theirs << " is missing";
    EXPECT_EQ(comparable_log(slurp("output/last_output.txt")),
              comparable_log(slurp(theirs + "last_output.txt")));
    // The key-less CSV lists are in sfinder's order; the keyed ones are compared by
    // path_files_test.cpp, as sets where sfinder's order is a hash order.
    for (const char* csv : {"path_unique.csv", "path_minimal.csv"}) {
      if (std::ifstream(theirs + csv).good()) {
        EXPECT_EQ(slurp(std::string("output/") + csv), slurp(theirs + csv)) << csv;
      }
    }
    if (std::ifstream(theirs + "stdout.txt").good()) {
      EXPECT_EQ(r.out, slurp(theirs + "stdout.txt"));
    }
  }
}

TEST(TetrisPathCli, MinimalExactAndJson) {
  TempDir dir;
  InFolder in(dir.path());
  // The square field: sfinder's minimal has 69 solutions; the proven minimum is smaller.
  RunResult r = run_manyworlds({"tetris", "path", "-t", "v115@9gF8DeF8DeF8DeF8NeAgH", "-p", "*p7",
                                "--minimal", "exact", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unique"].size(), 135u);
  EXPECT_EQ(j["minimal"].size(), 69u);
  EXPECT_TRUE(j["minimal_exact"]["proven"].get<bool>());
  std::size_t exact = j["minimal_exact"]["size"];
  EXPECT_LT(exact, 69u);
  EXPECT_EQ(j["minimal_exact"]["lower_bound"].get<std::size_t>(), exact);
  EXPECT_EQ(count_of(slurp("output/path_minimal_exact.html"), "<svg"), exact);
}

TEST(TetrisPathCli, Saves) {
  RunResult r = run_manyworlds({"tetris", "saves", "-t", kPco, "-p", "*p4", "-w", "T|I", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["sequences"], 840);  // sfinder's pattern CSV: 840 rows, 514 perfect clears
  EXPECT_EQ(j["perfect_clear"], 514);
  EXPECT_EQ(j["expressions"][0]["expression"], "T|I");
  std::uint64_t t = j["pieces"]["T"]["count"], i = j["pieces"]["I"]["count"];
  std::uint64_t either = j["expressions"][0]["count"];
  EXPECT_GE(either, std::max(t, i));
  EXPECT_LE(either, t + i);
}

TEST(TetrisPathCli, ErrorContract) {
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string err;  // empty: any one-line message
  };
  const std::vector<std::string> base = {"tetris", "path", "-t", kPco, "-p", "*p4"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> a = base;
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  const Case cases[] = {
      {with({"-c", "11"}), 1,
       "manyworlds: error: clear line 11 out of range (1 to 10: sfinder's path)\n"},
      {with({"-f", "xml"}), 1, "manyworlds: error: --format 'xml' is not html or csv\n"},
      {with({"-f", "csv", "-k", "foo"}), 1,
       "manyworlds: error: --key 'foo' is not none, solution, pattern or use\n"},
      {with({"-L", "3"}), 1,
       "manyworlds: error: --max-layer 3 is not 1 (unique) or 2 (unique and minimal)\n"},
      {with({"-L", "x"}), 1,
       "manyworlds: error: command line: --max-layer 'x' is not an integer\n"},
      {with({"-so", "maybe"}), 1,
       "manyworlds: error: command line: --specified-only 'maybe' is not a yes/no word (yes, "
       "no, true, false, ...)\n"},
      {with({"-s", "maybe"}), 1, ""},
      {with({"-r", "maybe"}), 1, ""},
      {with({"-d", "tsq"}), 1,
       "manyworlds: error: path: drop 'tsq' is not one of softdrop, harddrop, 180, t-softdrop, "
       "tsz, tsm, tss, tsd, tst\n"},
      {with({"-d", "fly"}), 1, ""},
      {with({"-K", "@missing"}), 1, ""},
      {with({"-cb", "-1"}), 1, "manyworlds: error: --cached-bit must not be negative\n"},
      {with({"--minimal", "best"}), 1,
       "manyworlds: error: --minimal 'best' is not sfinder or exact\n"},
      {with({"--minimal-seconds", "-1"}), 2, ""},
      {with({"--pictures", "maybe"}), 1,
       "manyworlds: error: --pictures 'maybe' is not yes or no\n"},
      {{"tetris", "path", "-t", kPco, "-p", "X"},
       1,
       "manyworlds: error: pattern 'X': unknown piece 'X' at position 1\n"},
      {{"tetris", "path", "-t", "v115@9gE8DeG8CeH8BeG8CeA8JeAgH", "-p", "*p2"}, 1, ""},
      {{"tetris", "path", "-t", "v115@vhAAgH", "-p", "*p7,*p7,*p7"}, 1, ""},
      {{"tetris", "path", "-p", "*p4", "-fp", "/nonexistent/f.txt"}, 1, ""},
      {{"tetris", "path", "-t", kPco, "-pp", "/nonexistent/p.txt"}, 1, ""},
      {{"tetris", "path", "-t", kPco, "-p", "*p4", "--frobnicate"}, 2, ""},
      {{"tetris", "saves", "-t", kPco, "-p", "*p4", "-w", "T|"}, 1, ""},
      {{"tetris", "saves", "-t", kPco, "-p", "*p3"}, 1, ""},
  };
  TempDir dir;
  InFolder in(dir.path());
  for (const Case& c : cases) {
    RunResult r = run_manyworlds(c.args);
    std::string cmd;
    for (const auto& a : c.args) cmd += a + " ";
    EXPECT_EQ(r.exit_code, c.code) << cmd << r.err;
    if (!c.err.empty()) {
      EXPECT_EQ(r.err, c.err) << cmd;
    } else if (c.code == 1) {
      EXPECT_EQ(count_of(r.err, "\n"), 1u) << cmd << r.err;
      EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << cmd << r.err;
    }
  }
}

// The HTML in a real browser: as many fields as solutions, and the page is not blank.
TEST(TetrisPathBrowser, HtmlShowsEverySolutionSlow) {
  auto chromium = find_chromium();
  MANYWORLDS_REQUIRE(chromium.has_value(), kNoChromium);
  TempDir dir;
  InFolder in(dir.path());
  RunResult r = run_manyworlds({"tetris", "path", "-t", kPco, "-p", "*p4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string page = dir.path() + "/output/path_unique.html";
  Browser browser(*chromium);
  std::string dom = browser.dump_dom(page);
  EXPECT_EQ(count_of(dom, "<svg"), 18u);
  EXPECT_EQ(count_of(dom, "http://fumen.zui.jp/?v115@"), 18u + 1u);  // + All solutions
  Pixels shot = browser.screenshot(page, 1000, 1600);
  std::size_t white = shot.count("#ffffff");
  std::size_t total = std::size_t(shot.width) * std::size_t(shot.height);
  // Not blank: the fields' cells cover a good part of the page.
  EXPECT_GT(total - white, total / 20) << "drawn pixels: " << total - white;
}

}  // namespace
}  // namespace manyworlds::testing
