// Ctrl-C on every kind of long work: the process stops within moments, exits with 130 and says
// in one line on stderr that it was interrupted and how far it got. Commands that print only at
// the end print nothing; a streaming command (cards enumerate) stops mid-stream and says so.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run.hpp"
#include "testing/endless_fifo.hpp"

namespace manyworlds::testing {
namespace {

struct LongWork {
  std::vector<std::string> args;
  bool streams = false;  // prints as it goes
};

// Each runs for seconds to minutes on this kind of machine; they are stopped 300 ms after the
// program has installed its Ctrl-C handler.
const std::vector<LongWork> kLongWork = {
    {{"dice", "--p1", "4", "--p2", "8", "--part", "2", "--part2-target", "20000", "--force"}},
    {{"lock", "solve", "-n", "16", "--method", "recursive"}},
    {{"lock", "solve", "-n", "2000", "--count-only", "--force"}},
    {{"escape", "count", "-n", "8"}},
    {{"escape", "verify", "-n", "1048576", "--samples", "100000000", "--force"}},
    {{"cards", "count", "5", "--method", "dfs", "--force"}},
    {{"cards", "enumerate", "5", "--force"}, true},
    {{"tetris", "percent", "-t", "v115@vhAAgH", "-p", "S,[TZ]p2,*p7", "-c", "4", "--method",
      "direct"}},
    {{"tetris", "cover", "-t", "v115@vhFRQJUGJKJJvMJTNJGBJ", "v115@vhFRQJPGJKJJGMJTNJ0BJ", "-p",
      "*p7,*p2", "--method", "direct", "--force"}},
    // Every perfect clear of an empty 4-line field for the first two bags: minutes of work.
    {{"tetris", "path", "-t", "v115@vhAAgH", "-p", "*p7,*p4", "-c", "4", "--force"}},
};

constexpr double kMaxSecondsAfterSignal = 10;
constexpr int kTimeoutMs = 120'000;

TEST(InterruptCli, CtrlCStopsEveryLongVerbCleanly) {
  for (const LongWork& w : kLongWork) {
    std::string command;
    for (const auto& a : w.args) command += a + " ";
    TempDir dir;  // the working folder: sfinder-style verbs write their files under it
    RunOptions options;
    options.interrupt_after_ms = 300;
    options.timeout_ms = kTimeoutMs;
    options.dir = dir.path();
    RunResult r = run_manyworlds(w.args, options);
    ASSERT_FALSE(r.timed_out) << command << "ignored Ctrl-C for " << kTimeoutMs << " ms";
    // Not a speed target: a guard against work that ignores the signal for long (it once took
    // 11 s between two lock lengths). Counted from the signal, not from the start, and generous:
    // the suite runs on loaded machines and under the sanitizers.
    EXPECT_LT(r.seconds_after_interrupt, kMaxSecondsAfterSignal) << command;
    EXPECT_EQ(r.exit_code, 130) << command << r.err;
    EXPECT_EQ(r.err.rfind("manyworlds: error: interrupted", 0), 0u) << command << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << r.err;
    if (!w.streams) {
      EXPECT_EQ(r.out, "") << command;
    }
  }
}

// Ctrl-C while the tool waits for input that does not come (standard input a FIFO whose writer
// writes nothing): it stops at once and says what it was waiting for.
TEST(InterruptCli, CtrlCWhileWaitingForInput) {
  TempDir dir;
  EndlessFifo silent(dir.file("silent"), "");
  RunOptions options;
  options.stdin_path = silent.path();
  options.interrupt_after_ms = 300;
  options.timeout_ms = kTimeoutMs;
  RunResult r = run_manyworlds({"tetris", "moves", "-", "--piece", "T"}, options);
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 130);
  EXPECT_EQ(r.err, "manyworlds: error: interrupted while waiting for standard input\n");
  EXPECT_EQ(r.out, "");
  EXPECT_LT(r.seconds_after_interrupt, kMaxSecondsAfterSignal);
}

}  // namespace
}  // namespace manyworlds::testing
