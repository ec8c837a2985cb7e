#pragma once
// sfinder 1.43's captured runs of one verb (tests/data/tetris/sfinder/<folder>/, described in
// verbs_README.md there), and a working folder laid out as sfinder's for running the same
// command lines through manyworlds.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "run.hpp"
#include "testing/files.hpp"
#include "working_folder.hpp"

namespace manyworlds::testing {

inline const std::string kSfinderData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder";

inline std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// One row of <folder>/runs.txt and what sfinder printed and wrote for it.
struct CapturedRun {
  std::string id;
  std::vector<std::string> args;  // after `java -jar sfinder.jar`, the verb first
  std::string dir;                // <folder>/<id>: the expected files
  int exit_code = 0;
  std::string out;                 // stdout.txt
  std::vector<std::string> files;  // what the run wrote, relative to its working folder

  std::string file(const std::string& path) const { return slurp_existing(dir + "/" + path); }
  bool wrote(const std::string& path) const {
    return std::find(files.begin(), files.end(), path) != files.end();
  }
};

// Every run of <folder>/runs.txt, in its order (`id|arguments`, split at spaces, %20 a space).
inline std::vector<CapturedRun> captured_runs(const std::string& folder) {
  namespace fs = std::filesystem;
  std::vector<CapturedRun> runs;
  std::ifstream in(kSfinderData + "/" + folder + "/runs.txt");
  EXPECT_TRUE(in.good()) << folder;
  for (std::string row; std::getline(in, row);) {
    if (row.empty() || row[0] == '#') continue;
    CapturedRun r;
    r.id = row.substr(0, row.find('|'));
    std::stringstream words(row.substr(row.find('|') + 1));
    for (std::string w; words >> w;) {
      std::string arg;  // "%20" is a space
      for (std::size_t i = 0; i < w.size(); ++i) {
        if (w.compare(i, 3, "%20") == 0) {
          arg += ' ';
          i += 2;
        } else {
          arg += w[i];
        }
      }
      r.args.push_back(arg);
    }
    r.dir = kSfinderData + "/" + folder + "/" + r.id;
    r.out = slurp_existing(r.dir + "/stdout.txt");
    std::string code = slurp(r.dir + "/exit_code.txt");
    r.exit_code = code.empty() ? 0 : std::stoi(code);
    for (const auto& e : fs::recursive_directory_iterator(r.dir)) {
      std::string rel = fs::relative(e.path(), r.dir).string();
      if (e.is_regular_file() && rel != "stdout.txt" && rel != "stderr.txt" &&
          rel != "exit_code.txt") {
        r.files.push_back(rel);
      }
    }
    runs.push_back(std::move(r));
  }
  return runs;
}

// A working folder as sfinder's distribution folder: kicks/ (its three tables), input/field.txt
// and input/patterns.txt (its defaults; run_folder/README.md), then <folder>/inputs/<id>/ over
// them.
class SfinderFolder {
 public:
  SfinderFolder(const std::string& folder = "", const std::string& id = "") {
    namespace fs = std::filesystem;
    const std::string data = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris";
    fs::create_directories(path("kicks"));
    for (const char* k : {"srs", "nokicks", "nullpomino180"}) {
      fs::copy_file(data + "/sfinder_" + k + ".properties", path("kicks/") + k + ".properties");
    }
    fs::copy(kSfinderData + "/run_folder/input", path("input"), fs::copy_options::recursive);
    const std::string own = kSfinderData + "/" + folder + "/inputs/" + id;
    if (!folder.empty() && fs::exists(own)) {
      fs::copy(own, dir_.path(),
               fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    }
  }
  std::string path(const std::string& name = "") const { return dir_.path() + "/" + name; }
  void write(const std::string& name, const std::string& content) const {
    std::filesystem::create_directories(std::filesystem::path(path(name)).parent_path());
    std::ofstream(path(name), std::ios::binary) << content;
  }
  std::string read(const std::string& name) const { return slurp(path(name)); }
  bool exists(const std::string& name) const { return std::filesystem::exists(path(name)); }
  // Runs manyworlds in this folder.
  RunResult run(const std::vector<std::string>& args) const {
    return run_manyworlds_in(dir_.path(), args);
  }

 private:
  TempDir dir_;
};

// Compares a report with sfinder's line by line; `documented` matches the lines that differ by
// design (both lines must match it).
inline void expect_same_report(const std::string& ours, const std::string& theirs,
                               const std::string& what, const std::regex& documented) {
  std::vector<std::string> a = text_lines(ours), b = text_lines(theirs);
  ASSERT_EQ(a.size(), b.size()) << what << "\n--- ours:\n" << ours << "--- sfinder:\n" << theirs;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i]) continue;
    EXPECT_TRUE(std::regex_match(a[i], documented) && std::regex_match(b[i], documented))
        << what << " line " << i + 1 << "\n ours:    " << a[i] << "\n sfinder: " << b[i];
  }
  EXPECT_EQ(ours.empty() || ours.back() == '\n', theirs.empty() || theirs.back() == '\n') << what;
}

// Our error contract on a failed run: one line on stderr, nothing on stdout.
inline void expect_one_line_error(const RunResult& r, const std::string& what) {
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  EXPECT_TRUE(r.err.starts_with("manyworlds: error: ")) << what << ": " << r.err;
  EXPECT_EQ(r.out, "") << what;
}

// Our exit code and part of our one-line message, for a run sfinder ends with an error.
struct ExpectedFailure {
  int code;
  std::string message;
};
inline void expect_failure(const RunResult& r, const ExpectedFailure& expected,
                           const std::string& what) {
  EXPECT_EQ(r.exit_code, expected.code) << what << ": " << r.err;
  expect_one_line_error(r, what);
  EXPECT_NE(r.err.find(expected.message), std::string::npos) << what << ": " << r.err;
}

// sfinder's own record of a run it failed agrees with itself: the message of its stderr's
// "Message:" line is in output/error.txt, and its log holds the first lines it printed.
inline void expect_sfinder_failure_record(const CapturedRun& run) {
  const std::string err = run.file("stderr.txt");
  const std::string mark = "Message: ";
  const std::size_t at = err.find(mark);
  ASSERT_NE(at, std::string::npos) << run.id << ": " << err;
  const std::string message = err.substr(at + mark.size(), err.find('\n', at) - at - mark.size());
  EXPECT_NE(run.file("output/error.txt").find(message), std::string::npos) << run.id;
  if (run.wrote("output/last_output.txt")) {
    const std::string log = run.file("output/last_output.txt");
    EXPECT_EQ(run.out.substr(0, log.size()), log) << run.id;
  }
}

// Our command line for sfinder's: `tetris` before sfinder's verb.
inline std::vector<std::string> as_manyworlds(const std::vector<std::string>& sfinder_args) {
  std::vector<std::string> args = {"tetris"};
  args.insert(args.end(), sfinder_args.begin(), sfinder_args.end());
  return args;
}

}  // namespace manyworlds::testing
