// Bounded reading (docs/cli.md, "Input sizes"): every input the tool reads, from a file or from
// standard input, stops at its format's size limit. For each input:
//  - a valid input padded (with what its format ignores) to exactly the limit is read and
//    answered as the unpadded input is;
//  - one byte more is refused with one line, `PATH: larger than N MiB`, exit code 1;
//  - /dev/zero and a FIFO whose writer never stops are refused the same way, quickly and with
//    little memory (each run has a time-out, so a reader that does not stop fails the test
//    instead of hanging it).

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "manyworlds/core/text.hpp"
#include "run.hpp"
#include "testing/endless_fifo.hpp"
#include "testing/files.hpp"

namespace manyworlds::testing {
namespace {

// The PCO field (docs/tetris.md): *p4 succeeds in 514 of 840 sequences.
const std::string kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";

// Generous: a refusal takes milliseconds, but the suite runs on loaded machines.
constexpr int kTimeoutMs = 60'000;
constexpr double kMaxSeconds = 20;
// The bound on the memory of a refused input (peak resident set of the process). Not
// checked under the sanitizers.
constexpr long kMaxRssKiB = 100 * 1024;

// `text` without the lines that report a time ("Time: 6 ms", tetris percent's).
// The output without what legitimately changes with the padding and the clock: timing lines
// and the listing of the patterns file's lines (sfinder's report echoes every line, blank ones
// included).
std::string without_times(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (listing) {
      if (!line.empty() && line[0] != ' ')
        listing = false;
      else
        continue;
    }
    if (line == "Searching patterns:") listing = true;
    if (line.rfind("Time: ", 0) == 0 || line.find("Stopwatch stop") != std::string::npos) continue;
    out += line + "\n";
  }
  return out;
}

// One input of one verb. In `args`, "$F" is the input file's path and "$D" the test's folder;
// with `from_stdin` the input is standard input instead (the args hold "-").
struct Input {
  Input(std::vector<std::string> args_, bool from_stdin_, std::size_t limit_, std::string valid_,
        char pad_ = '\n')
      : args(std::move(args_)),
        from_stdin(from_stdin_),
        limit(limit_),
        valid(std::move(valid_)),
        pad(pad_) {}
  std::vector<std::string> args;
  bool from_stdin = false;
  std::size_t limit = 0;
  std::string valid;  // an input the verb answers
  char pad = '\n';    // a byte the format ignores after `valid`
  // Verbs that echo their input (sfinder's output formats): compare only the output lines that
  // start with this.
  std::string compared_lines;
  // Verbs that put a failed read into their own message (sfinder's "no patterns: give ... (why;
  // see ...)"): the refusal is part of the one line rather than all of it.
  bool refusal_in_context = false;
};

class Bounded {
 public:
  explicit Bounded(Input input) : in_(std::move(input)) {}

  // Runs the verb on `content` (a file, or standard input).
  RunResult run_on(const std::string& content) const {
    if (in_.from_stdin) return run_manyworlds(args(""), content);
    std::string path = dir_.write("input.txt", content);  // input_path()
    return run_manyworlds(args(path));
  }

  // Runs the verb on `path` (a device or FIFO) as its input file or as standard input.
  RunResult run_on_path(const std::string& path) const {
    RunOptions options;
    options.timeout_ms = kTimeoutMs;
    if (in_.from_stdin) {
      options.stdin_path = path;
      return run_manyworlds(args(""), options);
    }
    return run_manyworlds(args(path), options);
  }

  std::string refusal(const std::string& name) const {
    return "manyworlds: error: " + name + ": larger than " + std::to_string(in_.limit / kMiB) +
           " MiB\n";
  }
  // The input file of run_on.
  std::string input_path() const { return dir_.file("input.txt"); }
  std::string name_of(const std::string& path) const {
    return in_.from_stdin ? "standard input" : path;
  }

  void check() const {
    SCOPED_TRACE(command());
    // The refusals first, while this process holds no large input (see RunResult::max_rss_kib).
    check_refused(run_on_path("/dev/zero"), name_of("/dev/zero"), "/dev/zero");
    {
      EndlessFifo fifo(dir_.file("endless"), std::string(4096, in_.pad));
      check_refused(run_on_path(fifo.path()), name_of(fifo.path()), "an endless FIFO");
    }

    RunResult plain = run_on(in_.valid);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    ASSERT_FALSE(plain.out.empty());

    std::string at_limit = in_.valid;
    at_limit.resize(in_.limit, in_.pad);
    RunResult at = run_on(at_limit);
    EXPECT_EQ(at.exit_code, 0) << at.err;
    EXPECT_EQ(compared(at.out), compared(plain.out));

    at_limit.push_back(in_.pad);
    RunResult over = run_on(at_limit);
    EXPECT_EQ(over.exit_code, 1);
    expect_refusal(over.err, name_of(input_path()));
    EXPECT_EQ(over.out, "");
  }

 private:
  void expect_refusal(const std::string& err, const std::string& name) const {
    std::string line = refusal(name);
    if (!in_.refusal_in_context) {
      EXPECT_EQ(err, line);
      return;
    }
    std::string core = line.substr(std::string("manyworlds: error: ").size());
    core.pop_back();  // the line end
    EXPECT_EQ(err.rfind("manyworlds: error: ", 0), 0u) << err;
    EXPECT_NE(err.find(core), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
  std::string compared(const std::string& out) const {
    if (in_.compared_lines.empty()) return without_times(out);
    std::string kept;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind(in_.compared_lines, 0) == 0) kept += line + "\n";
    }
    EXPECT_NE(kept, "") << out;
    return kept;
  }

  void check_refused(const RunResult& r, const std::string& name, const std::string& what) const {
    SCOPED_TRACE(what);
    ASSERT_FALSE(r.timed_out) << "still reading after " << kTimeoutMs << " ms";
    EXPECT_EQ(r.exit_code, 1);
    expect_refusal(r.err, name);
    EXPECT_LT(r.seconds, kMaxSeconds);
    if (!under_sanitizers()) {
      EXPECT_LT(r.max_rss_kib, kMaxRssKiB);
    }
  }

  std::vector<std::string> args(const std::string& file) const {
    std::vector<std::string> out;
    for (const std::string& a : in_.args) {
      std::string arg = a;
      for (auto [key, value] :
           {std::pair<std::string, std::string>{"$F", file}, {"$D", dir_.path()}}) {
        for (std::size_t at; (at = arg.find(key)) != std::string::npos;) arg.replace(at, 2, value);
      }
      out.push_back(arg);
    }
    return out;
  }
  std::string command() const {
    std::string c = "manyworlds";
    for (const std::string& a : in_.args) c += " " + a;
    return c;
  }

  Input in_;
  TempDir dir_;
};

TEST(InputLimitsCli, DiceInput) {
  Bounded({{"dice", "--input", "$F"},
           false,
           input_limit::kText,
           "Player 1 starting position: 4\nPlayer 2 starting position: 8\n"})
      .check();
}

TEST(InputLimitsCli, EscapeBoard) {
  Bounded({{"escape", "find", "--board", "$F"},
           false,
           input_limit::kBoard,
           slurp(MANYWORLDS_TEST_DATA_DIR "/escape/board.txt.example")})
      .check();
}

TEST(InputLimitsCli, EscapeBoardOnStdin) {
  Bounded({{"escape", "flip", "--board", "-", "--key", "10"},
           true,
           input_limit::kBoard,
           slurp(MANYWORLDS_TEST_DATA_DIR "/escape/board.txt.example")})
      .check();
}

// sfinder's percent echoes the pattern lines and wraps a failed read in a hint.
TEST(InputLimitsCli, TetrisPercentPatternsFile) {
  Input input{{"tetris", "percent", "-t", kPco, "--pp", "$F"}, false, input_limit::kText, "*p4\n"};
  input.compared_lines = "success = ";
  input.refusal_in_context = true;
  Bounded(input).check();
}

TEST(InputLimitsCli, TetrisPatternsFile) {
  Bounded({{"tetris", "patterns", "--file", "$F"}, false, input_limit::kText, "[SZ]p2\n"}).check();
}

TEST(InputLimitsCli, TetrisPatternsFileOnStdin) {
  Bounded({{"tetris", "patterns", "--file", "-"}, true, input_limit::kText, "[SZ]p2\n"}).check();
}

// The kick file of tetris_cli_test's MovesReadsAKickFile (every test (0,0)): 6 placements.
TEST(InputLimitsCli, TetrisKickFile) {
  std::string kicks;
  for (char p : std::string("TILJSZO")) {
    for (const char* k : {"NE", "ES", "SW", "WN", "NW", "WS", "SE", "EN"}) {
      kicks += std::string(1, p) + "." + k + "=(0,0)\n";
    }
  }
  Input input{{"tetris", "moves", kPco, "--piece", "T", "-c", "4", "-K", "@$F"},
              false,
              input_limit::kText,
              kicks};
  Bounded bounded(input);
  // Kick files are named by path or by name, so only regular files count as kick files: a
  // device is refused by name at once.
  RunResult zero = bounded.run_on_path("/dev/zero");
  EXPECT_FALSE(zero.timed_out);
  EXPECT_EQ(zero.exit_code, 1);
  EXPECT_EQ(zero.err,
            "manyworlds: error: kicks: '@/dev/zero' is neither a built-in table (srs, nokicks, "
            "nullpomino180, srsplus, jstris180) nor a readable kick file\n");
  RunResult plain = bounded.run_on(kicks);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  std::string at_limit = kicks;
  at_limit.resize(input.limit, '\n');
  RunResult at = bounded.run_on(at_limit);
  EXPECT_EQ(at.exit_code, 0) << at.err;
  EXPECT_EQ(at.out, plain.out);
  RunResult over = bounded.run_on(at_limit + "\n");
  EXPECT_EQ(over.exit_code, 1);
  EXPECT_EQ(over.err, bounded.refusal(bounded.input_path()));
}

TEST(InputLimitsCli, TetrisFieldFile) {
  Bounded({{"tetris", "fig", "--field-path", "$F", "-o", "$D/out.gif"},
           false,
           input_limit::kText,
           kPco + "\n"})
      .check();
}

TEST(InputLimitsCli, TetrisThemeFile) {
  std::string theme = "Empty=#f3f3ed\nBorder=#f3f3ed\n";
  for (const char* p : {"T", "I", "O", "S", "Z", "J", "L", "Gray"}) {
    theme += std::string(p) + ".normal=#112233\n" + p + ".clear=#445566\n" + p + ".piece=#778899\n";
  }
  Bounded({{"tetris", "fig", "-t", kPco, "-c", "$F", "-o", "$D/theme.gif"},
           false,
           input_limit::kText,
           theme})
      .check();
}

TEST(InputLimitsCli, TetrisMovesFumenOnStdin) {
  Bounded(
      {{"tetris", "moves", "-", "--piece", "T", "-c", "4"}, true, input_limit::kText, kPco, ' '})
      .check();
}

TEST(InputLimitsCli, TetrisPercentFumenOnStdin) {
  Input input{{"tetris", "percent", "-t", "-", "-p", "*p4"}, true, input_limit::kText, kPco, ' '};
  input.compared_lines = "success = ";  // the rest shows times
  Bounded(input).check();
}

TEST(InputLimitsCli, TetrisFigFumenOnStdin) {
  Bounded({{"tetris", "fig", "-t", "-", "-o", "$D/stdin.gif"}, true, input_limit::kText, kPco, ' '})
      .check();
}

TEST(InputLimitsCli, CardsSequenceOnStdin) {
  Bounded({{"cards", "check", "-"}, true, input_limit::kCardSequence, "0 1 0 2 0 1 0\n", ' '})
      .check();
}

// escape run reads three files from its folder; each is bounded (here: made devices through
// symbolic links).
TEST(InputLimitsCli, EscapeRunFolder) {
  TempDir dir;
  std::string board = slurp(MANYWORLDS_TEST_DATA_DIR "/escape/board.txt.example");
  auto run = [&] { return run_manyworlds({"escape", "run", "--dir", dir.path(), "--dry-run"}); };
  auto put = [&](const std::string& name, const std::string& content) {
    ::unlink(dir.file(name).c_str());
    dir.write(name, content);
  };
  auto device = [&](const std::string& name) {
    std::string path = dir.file(name);
    ::unlink(path.c_str());
    EXPECT_EQ(::symlink("/dev/zero", path.c_str()), 0);
    return path;
  };
  put("board.txt", board);
  put("key.txt", "3\n");
  std::string mode = device("mode.txt");
  RunResult r = run();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "manyworlds: error: " + mode + ": larger than 1 MiB\n");
  put("mode.txt", "1\n");
  std::string board_path = device("board.txt");
  r = run();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "manyworlds: error: " + board_path + ": larger than 40 MiB\n");
  put("board.txt", board);
  std::string key = device("key.txt");
  r = run();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "manyworlds: error: " + key + ": larger than 1 MiB\n");
  put("key.txt", "3\n");
  r = run();
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace manyworlds::testing
