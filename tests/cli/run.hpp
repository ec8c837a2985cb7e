#pragma once
// Runs the manyworlds binary as a user would and captures what it does, for CLI tests.

#include <string>
#include <vector>

#include "testing/sanitizers.hpp"
#include "testing/temp_dir.hpp"

namespace manyworlds::testing {

struct RunResult {
  int exit_code = -1;                   // the exit status, or 128 + signal when killed by one
  std::string out;                      // standard output
  std::string err;                      // standard error
  bool timed_out = false;               // killed (SIGKILL) at RunOptions::timeout_ms
  double seconds = 0;                   // from start to exit
  double seconds_after_interrupt = -1;  // from the SIGINT to exit (-1: none was sent)
  // The process's peak resident memory, but at least this process's size when it started it
  // (Linux counts the memory a child has before exec).
  long max_rss_kib = 0;
};

struct RunOptions {
  std::string input;       // written to standard input (a pipe), which is then closed
  std::string stdin_path;  // instead: standard input opened from this file (device, FIFO)
  // >= 0: SIGINT (Ctrl-C) this many milliseconds after the program has installed its Ctrl-C
  // handler (read from /proc, so a slow start on a loaded machine cannot make the signal
  // arrive before the handler).
  int interrupt_after_ms = -1;
  int timeout_ms = -1;  // >= 0: SIGKILL after this many milliseconds, and timed_out is set
  std::string dir;      // the working folder (empty: this process's)
};

// Runs MANYWORLDS_BINARY with `args` (no shell) as `options` say.
RunResult run_manyworlds(const std::vector<std::string>& args, const RunOptions& options);

// Runs MANYWORLDS_BINARY with `args`, feeding `input` on standard input. With
// `interrupt_after_ms` >= 0 the process gets SIGINT (Ctrl-C) that long after it is ready for it.
inline RunResult run_manyworlds(const std::vector<std::string>& args, const std::string& input = "",
                                int interrupt_after_ms = -1) {
  RunOptions options;
  options.input = input;
  options.interrupt_after_ms = interrupt_after_ms;
  return run_manyworlds(args, options);
}

// The same, run in the folder `dir` (relative paths in `args` and the files it writes there).
inline RunResult run_manyworlds_in(const std::string& dir, const std::vector<std::string>& args) {
  RunOptions options;
  options.dir = dir;
  return run_manyworlds(args, options);
}

}  // namespace manyworlds::testing
