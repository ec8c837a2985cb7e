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
