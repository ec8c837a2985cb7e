// `-K @srsplus` (TETR.IO's SRS+) and `-K @jstris180` (SRS with Jstris's 180-degree kicks) on
// every verb that takes kicks, against sfinder 1.43 run with the committed tables
// (tests/data/tetris/kicks/srsplus.properties, jstris180.properties) in its kicks/ folder. In a
// folder without kicks/ the built-in tables stand in for the files; with one, the file wins.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <tuple>

#include "run.hpp"
#include "testing/files.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris";

// A working folder, with sfinder's kicks/ folder holding the two committed tables or without
// one.
class Folder {
 public:
  explicit Folder(bool kick_files) {
    if (!kick_files) return;
    fs::create_directories(dir_.file("kicks"));
    for (const char* name : {"srsplus", "jstris180"}) {
      const std::string file = std::string(name) + ".properties";
      fs::copy_file(kData + "/kicks/" + file, dir_.file("kicks/" + file));
    }
  }
  RunResult run(const std::vector<std::string>& args) const {
    return run_manyworlds_in(dir_.path(), args);
  }
  json run_json(std::vector<std::string> args) const {
    args.push_back("--json");
    RunResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? json::parse(r.out) : json();
  }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
};

// A kick table, a drop model and the count expected with them.
struct KickRun {
  const char* kicks;
  const char* drop;
  int count;
};

// A command line (without -K and -d) and its counts.
struct CountCase {
  const char* id;
  std::vector<std::string> args;
  std::vector<KickRun> runs;
};

// Each case's command with `-K kicks -d drop` of each run, in a folder without kicks/ (the
// built-in tables) and in one with the two committed files: the number at `pointer` of the
// JSON answer is the run's count.
void expect_counts(const std::vector<CountCase>& cases, const std::string& pointer) {
  for (bool kick_files : {false, true}) {
    Folder folder(kick_files);
    for (const CountCase& c : cases) {
      for (const KickRun& run : c.runs) {
        std::vector<std::string> args = c.args;
        args.insert(args.end(), {"-K", run.kicks, "-d", run.drop});
        json j = folder.run_json(args);
        EXPECT_EQ(j.value(json::json_pointer(pointer), json()), run.count)
            << c.id << " " << run.kicks << " " << run.drop
            << (kick_files ? " (files in kicks/)" : " (built-in)");
      }
    }
  }
}

const std::string kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";     // cases.tsv noKicks_srs
const std::string kUse180 = "v115@GhA8DeA8CeB8DeF8DeF8JeAgH";  // cases.tsv use180_srs

// sfinder 1.43, `percent -t FUMEN -p PATTERN -K @srsplus|@jstris180 -d softdrop|180` (4 lines,
// hold use) with srsplus.properties and jstris180.properties in its kicks/ folder, as measured
// when the tables were made (tests/data/tetris/kicks/README.md, "sfinder 1.43's counts"). Each
// id names the row of tests/data/tetris/cases.tsv with that field and pattern.
TEST(TetrisKicksCli, PercentCountsAreSfinders) {
  auto both = [](int srsplus_sd, int srsplus_180, int jstris_sd, int jstris_180) {
    return std::vector<KickRun>{{"@srsplus", "softdrop", srsplus_sd},
                                {"@srsplus", "180", srsplus_180},
                                {"@jstris180", "softdrop", jstris_sd},
                                {"@jstris180", "180", jstris_180}};
  };
  const std::vector<std::string> percent = {"tetris", "percent", "-t"};
  auto args = [&](const std::string& field, const char* pattern) {
    std::vector<std::string> a = percent;
    a.insert(a.end(), {field, "-p", pattern});
    return a;
  };
  expect_counts(
      {{"noKicks_srs", args(kPco, "*p4"), both(514, 514, 514, 514)},
       {"use180_srs", args(kUse180, "*!"), both(5028, 5040, 5028, 5040)},
       {"count_pattern1", args("m115@EhC8HeD8DeF8EeC8JeAgH", "*p7"), both(4374, 4408, 4374, 4408)},
       {"file_field1", args("v115@/gA8IeB8EeE8EeF8CeB8JeAgH", "*p7"), both(5016, 5016, 5016, 5016)},
       {"count_pattern6_lineclear", args("v115@9gE8EeF8DeG8CeF8NexHJ", "*p3"),
        both(54, 54, 54, 54)}},
      "/success");
}

// sfinder's rules for -K: the name in any case, `+NAME` as `@NAME`, the report naming the value
// in lower case; a file kicks/NAME.properties wins over the built-in table of that name.
TEST(TetrisKicksCli, SfinderSpellingsAndTheFileRule) {
  Folder bare(false);
  for (const char* value : {"@srsplus", "@SRSPlus", "+srsplus", "@jstris180", "+Jstris180"}) {
    RunResult r =
        bare.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-K", value, "-d", "180"});
    ASSERT_EQ(r.exit_code, 0) << value << r.err;
    std::string name = value;
    for (char& ch : name) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    EXPECT_NE(r.out.find("Kicks: " + name + "\n"), std::string::npos) << value << r.out;
    EXPECT_NE(r.out.find("(514/840)"), std::string::npos) << value;
  }
  // A kicks/srsplus.properties holding sfinder's nokicks table: 346/840 (cases.tsv
  // noKicks_nokicks), not SRS+'s 514.
  Folder custom(false);
  fs::create_directories(custom.dir().file("kicks"));
  fs::copy_file(kData + "/sfinder_nokicks.properties",
                custom.dir().file("kicks/srsplus.properties"));
  EXPECT_EQ(
      custom.run_json({"tetris", "percent", "-t", kPco, "-p", "*p4", "-K", "@srsplus"})["success"],
      346);
}

// Two of the cover cases below: an I placement that only SRS+'s I kicks reach, and one that
// only SRS's reach (the I's page piece is the placement).
const std::string kISrsPlusOnly = "v115@0gA8CeC8DeB8DeA8AeA8DeB8AeA8AeF8AeB8AeB8Be?A8CeB8JeRFJ";
const std::string kISrsOnly = "v115@9gA8AeA8AeA8IeA8BeA8AeE8AeA8AeA8CeD8AeA8Ae?B8JexEJ";

// The six reachability cases of tests/data/tetris/kicks/independent_cases.md section 3: sfinder
// 1.43's `cover -t FUMEN -p PIECE -K TABLE -d DROP` with the committed tables in kicks/ (1: the
// page's placement can be reached). The first is sfinder's own CoverTetfuCaseTest.case20.
TEST(TetrisKicksCli, CoverSeparatesTheTables) {
  auto runs = [](int srs_sd, int null180_180, int srsplus_sd, int srsplus_180, int jstris_sd,
                 int jstris_180) {
    return std::vector<KickRun>{
        {"@srs", "softdrop", srs_sd},          {"@nullpomino180", "180", null180_180},
        {"@srsplus", "softdrop", srsplus_sd},  {"@srsplus", "180", srsplus_180},
        {"@jstris180", "softdrop", jstris_sd}, {"@jstris180", "180", jstris_180}};
  };
  auto args = [](const std::string& fumen, const char* piece) {
    return std::vector<std::string>{"tetris", "cover", "-t", fumen, "-p", piece};
  };
  expect_counts({{"sfinder_case20", args("v115@3gA8GeE8BeA8AeD8DeF8CeG8AeD8JetLJ", "T"),
                  runs(0, 0, 0, 1, 0, 1)},
                 {"T_jstris_180", args("v115@zgA8CeA8CeB8DeB8BeA8NeA8CeA8AeH8AeA8Ke1LJ", "T"),
                  runs(0, 0, 0, 1, 0, 1)},
                 {"T_srsplus_only_a",
                  args("v115@zgG8BeB8AeB8EeA8AeB8DeA8BeA8AeA8AeD8AeC8Ae?B8AeD8Je1GJ", "T"),
                  runs(0, 0, 0, 1, 0, 0)},
                 {"T_srsplus_only_b",
                  args("v115@zgA8AeB8BeA8DeA8EeA8AeB8CeB8CeE8AeC8AeD8Ae?B8AeC8JeVFJ", "T"),
                  runs(0, 0, 0, 1, 0, 0)},
                 {"I_srsplus_only", args(kISrsPlusOnly, "I"), runs(0, 0, 1, 1, 0, 0)},
                 {"I_srs_only", args(kISrsOnly, "I"), runs(1, 1, 0, 0, 1, 1)}},
                "/setups/0/success");
}

// sfinder 1.43's `path -t FUMEN -p '*!' -K TABLE -d 180` on the use180 field (tables in kicks/,
// measured when this test was written): unique / minimal solutions 105 / 39 with either new
// table, 106 / 29 with nullpomino180, 104 / 36 with soft drop (srs or srsplus alike).
TEST(TetrisKicksCli, PathCountsAreSfinders) {
  Folder folder(false);
  const std::vector<std::tuple<const char*, const char*, int, int>> runs = {
      {"@srsplus", "180", 105, 39},
      {"@jstris180", "180", 105, 39},
      {"@nullpomino180", "180", 106, 29},
      {"@srsplus", "softdrop", 104, 36}};
  for (const auto& [kicks, drop, unique, minimal] : runs) {
    RunResult r =
        folder.run({"tetris", "path", "-t", kUse180, "-p", "*!", "-K", kicks, "-d", drop});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(std::string("Kicks: ") + kicks + "\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Found path [unique] = " + std::to_string(unique) + "\n"),
              std::string::npos)
        << kicks << " " << drop << "\n"
        << r.out;
    EXPECT_NE(r.out.find("Found path [minimal] = " + std::to_string(minimal) + "\n"),
              std::string::npos)
        << kicks << " " << drop;
  }
}

// The verbs of our own that take -K: saves (its perfect-clear count is percent's success
// count: sfinder's 4374 with soft drop, 4408 with 180-degree turns on count_pattern1, as above),
// setup-percent and moves (I_srsplus_only and I_srs_only: the I reaches its place under one
// table only).
TEST(TetrisKicksCli, OurVerbsTakeTheNewTables) {
  expect_counts(
      {{"count_pattern1",
        {"tetris", "saves", "-t", "m115@EhC8HeD8DeF8EeC8JeAgH", "-p", "*p7"},
        {{"@srsplus", "softdrop", 4374}, {"@srsplus", "180", 4408}, {"jstris180", "180", 4408}}}},
      "/perfect_clear");
  Folder folder(false);
  const std::vector<std::tuple<std::string, const char*, int>> setups = {
      {kISrsPlusOnly, "srsplus", 1},   {kISrsPlusOnly, "@srsplus", 1},
      {kISrsPlusOnly, "jstris180", 0}, {kISrsPlusOnly, "srs", 0},
      {kISrsOnly, "srsplus", 0},       {kISrsOnly, "@jstris180", 1}};
  for (const auto& [fumen, kicks, success] : setups) {
    json j = folder.run_json({"tetris", "setup-percent", "-t", fumen, "-K", kicks});
    EXPECT_EQ(j["success"], success) << fumen << " " << kicks;
  }
  // The fields of I_srsplus_only and I_srs_only without their page piece (tetris-fumen's
  // encoder given each page's field alone); the place is the page piece's.
  const std::vector<std::tuple<const char*, int, const char*, bool>> moves = {
      {"v115@0gA8CeC8DeB8DeA8AeA8DeB8AeA8AeF8AeB8AeB8Be?A8CeB8JeAgH", 2, "srsplus", true},
      {"v115@0gA8CeC8DeB8DeA8AeA8DeB8AeA8AeF8AeB8AeB8Be?A8CeB8JeAgH", 2, "jstris180", false},
      {"v115@0gA8CeC8DeB8DeA8AeA8DeB8AeA8AeF8AeB8AeB8Be?A8CeB8JeAgH", 2, "srs", false},
      {"v115@9gA8AeA8AeA8IeA8BeA8AeE8AeA8AeA8CeD8AeA8Ae?B8JeAgH", 1, "@srsplus", false},
      {"v115@9gA8AeA8AeA8IeA8BeA8AeE8AeA8AeA8CeD8AeA8Ae?B8JeAgH", 1, "@jstris180", true}};
  for (const auto& [fumen, x, kicks, reached] : moves) {
    json j = folder.run_json({"tetris", "moves", fumen, "--piece", "I", "-K", kicks});
    bool found = false;
    for (const json& p : j["placements"]) {
      found |= p["rotation"] == "spawn" && p["x"] == x && p["y"] == 2;
    }
    EXPECT_EQ(found, reached) << fumen << " " << kicks;
    EXPECT_EQ(j["kicks"], std::string(kicks[0] == '@' ? kicks + 1 : kicks));
  }
}

}  // namespace
}  // namespace manyworlds::testing
