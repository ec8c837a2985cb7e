// sfinder's own percent use-case tests, run through `manyworlds tetris percent` with their
// command lines unchanged: every run of its `_usecase/percent/*CaseTest.java` methods
// (tests/data/tetris/sfinder/usecases.json, transcribed by usecases.py there: the input files
// each test writes, its command line, the exit code and the console strings it asserts), and
// the 4 x 1000 cases of its CSV resources (tests/data/tetris/usecase/*.csv,
// `"percent -t FUMEN -p PATTERN -c N [--hold no]",success,total`), every 50th here (the library
// runs all of them in tests/tetris/percent_test.cpp).

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "manyworlds/tetris/board/pattern.hpp"
#include "run.hpp"
#include "testing/files.hpp"
#include "working_folder.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris";

std::vector<std::string> split_at_spaces(const std::string& command) {
  std::vector<std::string> out;
  std::stringstream s(command);
  for (std::string word; s >> word;) out.push_back(word);
  return out;
}

// sfinder's tests run in its project folder, which holds kicks/ (its three kick files).
void write(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

void add_kicks(const TempDir& dir) {
  for (const char* k : {"srs", "nokicks", "nullpomino180"}) {
    write(fs::path(dir.path()) / "kicks" / (std::string(k) + ".properties"),
          slurp_existing(kData + "/sfinder_" + k + ".properties"));
  }
}

// One run of usecases.json in a fresh working folder, checked as sfinder's test checks it.
void check_usecase(const json& u) {
  const std::string name = u["name"];
  TempDir dir;
  add_kicks(dir);
  for (const auto& [path, content] : u["files"].items()) {
    write(fs::path(dir.path()) / path, content.get<std::string>());
  }
  // ConfigFileHelper.createPatternFileFromCommand: every sequence of the pattern, one a line.
  for (const auto& [path, pattern] : u["expand"].items()) {
    auto patterns = tetris::parse_patterns(pattern.get<std::string>());
    std::string text;
    for (const tetris::Sequence& s : tetris::enumerate(patterns, patterns[0].length())) {
      text += s.to_string() + "\n";
    }
    write(fs::path(dir.path()) / path, text);
  }
  for (const auto& folder : u["dirs"]) {
    fs::create_directories(fs::path(dir.path()) / folder.get<std::string>());
  }
  std::vector<std::string> args = {"tetris", "percent"};
  for (const auto& a : u["args"]) args.push_back(a);
  RunResult r;
  {
    InFolder in(dir.path());
    r = run_manyworlds(args);
  }
  if (u["exit"] == "nonzero") {
    EXPECT_NE(r.exit_code, 0) << name;
  } else {
    EXPECT_EQ(r.exit_code, u["exit"].get<int>()) << name << ": " << r.err;
  }
  if (r.exit_code != 0) {  // our error contract: one line
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << name << ": " << r.err;
  }
  for (const auto& s : u["contains"]) {
    EXPECT_NE(r.out.find(s.get<std::string>()), std::string::npos) << name << ": " << s;
  }
  for (const auto& s : u["not_contains"]) {
    EXPECT_EQ(r.out.find(s.get<std::string>()), std::string::npos) << name << ": " << s;
  }
  if (u["stderr_empty"]) {
    EXPECT_EQ(r.err, "") << name;
  }
  if (!u["log_equals"].is_null()) {
    EXPECT_EQ(slurp_existing(dir.path() + "/" + u["log_equals"].get<std::string>()), r.out) << name;
  }
}

// Runs taking seconds here (2 cores): the empty field with S,[TZ]p2,*p7.
bool slow(const json& u) {
  return u["name"] == "PercentTetfuCaseTest.useTetfuAndCommand1";
}

json usecases() {
  return json::parse(slurp_existing(kData + "/sfinder/usecases.json"));
}

TEST(TetrisSfinderUseCases, EveryTestMethod) {
  json all = usecases();
  ASSERT_EQ(all.size(), 57u);  // 54 @Test methods; use180Rotation runs 3 times, noKicks 2
  for (const json& u : all) {
    if (!slow(u)) check_usecase(u);
  }
}

TEST(TetrisSfinderUseCasesSlow, EveryTestMethod) {
  for (const json& u : usecases()) {
    if (slow(u)) check_usecase(u);
  }
}

// Every `stride`-th case of a CSV resource, its command line as written (split at spaces, as
// sfinder's test splits it), in a working folder like sfinder's.
void check_csv(const std::string& file, std::size_t stride) {
  std::ifstream in(kData + "/usecase/" + file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("\"percent")) lines.push_back(line);
  }
  ASSERT_EQ(lines.size(), 1000u) << file;
  TempDir dir;
  add_kicks(dir);
  InFolder folder(dir.path());
  for (std::size_t i = 0; i < lines.size(); i += stride) {
    const std::string& line = lines[i];
    std::size_t close = line.find('"', 1);
    std::vector<std::string> args = split_at_spaces(line.substr(1, close - 1));
    args.insert(args.begin(), "tetris");
    int success = 0, total = 0;
    ASSERT_EQ(std::sscanf(line.c_str() + close + 1, ",%d,%d", &success, &total), 2) << line;
    RunResult r = run_manyworlds(args);
    ASSERT_EQ(r.exit_code, 0) << line << r.err;
    // sfinder's Messages.success: "success = %.2f%% (%d/%d)"; the percentage is checked by the
    // report tests, the counts here.
    EXPECT_NE(r.out.find(fmt::format("% ({}/{})", success, total)), std::string::npos)
        << file << " line " << i + 2 << ": " << line;
    bool hold = line.find("--hold no") == std::string::npos;
    EXPECT_NE(r.out.find(hold ? "Using hold: use" : "Using hold: avoid"), std::string::npos);
  }
}

TEST(TetrisSfinderUseCases, EveryFiftiethCsvCase) {
  for (const char* file : {"hold1.csv", "nohold1.csv", "hold2.csv", "nohold2.csv"}) {
    check_csv(file, std::size_t(50 * sanitizer_step(4)));
  }
}

}  // namespace
}  // namespace manyworlds::testing
