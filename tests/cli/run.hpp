#pragma once
// Runs the manyworlds binary as a user would and captures what it does, for CLI tests.

#include <string>
#include <vector>

namespace manyworlds::testing {

struct RunResult {
  int exit_code = -1;  // the exit status, or 128 + signal when killed by one
  std::string out;     // standard output
  std::string err;     // standard error
};

// Runs MANYWORLDS_BINARY with `args` (no shell), feeding `input` on standard input. With
// `interrupt_after_ms` >= 0 the process gets SIGINT (Ctrl-C) after that many milliseconds.
RunResult run_manyworlds(const std::vector<std::string>& args, const std::string& input = "",
                         int interrupt_after_ms = -1);

// The same, run in the folder `dir` (relative paths in `args` and the files it writes there).
RunResult run_manyworlds_in(const std::string& dir, const std::vector<std::string>& args);

// A fresh empty folder under the system's temporary folder, removed at the end of the test.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  // Writes `content` to path()/name and returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

 private:
  std::string path_;
};

}  // namespace manyworlds::testing
