// The command line's general contract: help, version, usage errors and exit codes.

#include <gtest/gtest.h>

#include "run.hpp"

namespace manyworlds::testing {
namespace {

TEST(Cli, VersionPrintsTheProjectVersion) {
  RunResult r = run_manyworlds({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("manyworlds ", 0), 0u) << r.out;
}

TEST(Cli, HelpListsEveryPuzzleAndVerb) {
  RunResult r = run_manyworlds({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* name : {"dice", "tour", "bench"}) {
    EXPECT_NE(r.out.find(name), std::string::npos) << name;
  }
}

TEST(Cli, NoSubcommandIsAUsageError) {
  RunResult r = run_manyworlds({});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("manyworlds: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// A word that is no verb is named, with the verbs there are (CLI11 alone would only say that
// a subcommand is required).
TEST(Cli, AnUnknownVerbIsNamedWithTheVerbs) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  for (const Case& c : std::vector<Case>{
           {{"tetris", "nosuch", "-p", "*p4"},
            "manyworlds: error: tetris: unknown verb 'nosuch' (verbs: show, moves, patterns, "
            "percent, setup-percent, cover, fig, path, saves, setup, spin, ren, combo, util, "
            "verify)\n"},
           {{"tetris", "util", "nosuch"},
            "manyworlds: error: tetris util: unknown verb 'nosuch' (verbs: seq, fumen, fig)\n"},
           {{"lock", "nosuch"},
            "manyworlds: error: lock: unknown verb 'nosuch' (verbs: solve, relate, check, "
            "formula)\n"},
           {{"tetris"},
            "manyworlds: error: tetris: give a verb (verbs: show, moves, patterns, percent, "
            "setup-percent, cover, fig, path, saves, setup, spin, ren, combo, util, verify)\n"},
       }) {
    RunResult r = run_manyworlds(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[1];
    EXPECT_EQ(r.err, c.err);
  }
  RunResult r = run_manyworlds({"nosuch"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("manyworlds: error: unknown command 'nosuch' (commands: dice, lock, ", 0),
            0u)
      << r.err;
}

TEST(Cli, UnknownOptionIsAUsageError) {
  RunResult r = run_manyworlds({"tour", "--no-such-option"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--no-such-option"), std::string::npos) << r.err;
}

TEST(Cli, TourJsonNamesEveryPuzzle) {
  RunResult r = run_manyworlds({"tour", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"puzzle\": \"dice\""), std::string::npos) << r.out;
}

TEST(Cli, BenchRejectsAnUnknownPuzzle) {
  RunResult r = run_manyworlds({"bench", "nosuch"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "manyworlds: error: bench: no puzzle named 'nosuch'\n");
}

}  // namespace
}  // namespace manyworlds::testing
