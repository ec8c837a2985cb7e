// `manyworlds tetris show` and `tetris moves`: output and the error contract.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "manyworlds/tetris/board/fumen.hpp"
#include "run.hpp"

namespace manyworlds::testing {
namespace {

using Json = nlohmann::json;

// PCO field of sfinder's noKicks case (tests/data/tetris/cases.tsv).
const std::string kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";

TEST(TetrisCli, ShowPrintsTheFieldWithThePagePiece) {
  RunResult r = run_manyworlds({"tetris", "show", "d115@9gwhIewhIewhRpBeR4CewhRpAeR4NesKJ"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "page 1/1\n"
            "piece: Z right at (3, 1) (lower case below; merged into the field as sfinder reads "
            "it)\n"
            " 3 |I.........|\n"
            " 2 |I...z.....|\n"
            " 1 |IOOzzSS...|\n"
            " 0 |IOOzSS....|\n"
            "   +----------+\n");
}

TEST(TetrisCli, ShowJsonGivesTheMergedFieldAndComment) {
  RunResult r =
      run_manyworlds({"tetris", "show", "v115@KhA8FeF8DeE8OeAgWQA0no2ANI98AQe88AjPcQB", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = Json::parse(r.out);
  // cases.tsv useTetfuOnly1: field and comment as sfinder reads them.
  EXPECT_EQ(j["field"], "___X______/XXXXXX____/XXXXX_____");
  EXPECT_EQ(j["comment"], "4 -p T,*p7");
  EXPECT_EQ(j["pages"], 1);
}

// Empty field, hard drop: T has 34 distinct placements (the issue's known count).
TEST(TetrisCli, MovesJsonCountsAndFumenPages) {
  RunResult r = run_manyworlds(
      {"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-d", "harddrop", "--json", "--fumen"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = Json::parse(r.out);
  EXPECT_EQ(j["count"], 34);
  EXPECT_EQ(j["placements"].size(), 34u);
  EXPECT_EQ(j["placements"][0]["cells"].size(), 4u);
  auto pages = tetris::fumen::decode(j["fumen"].get<std::string>());
  ASSERT_EQ(pages.size(), 34u);
  EXPECT_EQ(pages[0].comment, "1/34 T spawn x=1 y=0");
}

// The PCO field, T below row 4, counted by hand: hard drop lands N(7,2), E(7,1), S(6,3), S(7,2),
// W(7,2), W(8,1) = 6; soft drop adds N(7,0) (from W(8,1) clockwise, third test (-1,-1)) = 7;
// without kicks that spin is gone = 6.
TEST(TetrisCli, MovesTextOnThePcoField) {
  auto count = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"tetris", "moves", kPco, "--piece", "T", "-c", "4"};
    args.insert(args.end(), extra.begin(), extra.end());
    RunResult r = run_manyworlds(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out.substr(0, r.out.find('\n'));
  };
  EXPECT_EQ(count({}), "7 placements of T (softdrop, kicks srs, below row 4)");
  EXPECT_EQ(count({"-K", "@nokicks"}), "6 placements of T (softdrop, kicks nokicks, below row 4)");
  EXPECT_EQ(count({"-d", "harddrop"}), "6 placements of T (harddrop, kicks srs, below row 4)");
}

TEST(TetrisCli, MovesReadsAKickFile) {
  TempDir dir;
  std::string text;
  for (char p : std::string("TILJSZO")) {
    for (const char* k : {"NE", "ES", "SW", "WN", "NW", "WS", "SE", "EN"}) {
      text += fmt::format("{}.{}=(0,0)\n", p, k);
    }
  }
  std::string good = dir.write("still.properties", text);
  RunResult r =
      run_manyworlds({"tetris", "moves", kPco, "--piece", "T", "-c", "4", "-K", "@" + good});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            fmt::format("6 placements of T (softdrop, kicks {}, below row 4)", good));
}

TEST(TetrisCli, ErrorContract) {
  TempDir dir;
  std::string short_kicks = dir.write("short.properties", "T.NE=(0,0)\n");
  std::string bad_syntax = dir.write("bad.properties", "T.NE=(0,0)(1\n");
  std::string bad_key = dir.write("key.properties", "\nQ.NE=(0,0)\n");
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string err;
  };
  const std::vector<Case> cases = {
      {{"tetris", "show", "x115@vhAAgH"},
       1,
       "fumen: no 'v115@' (or d115@, m115@, v110@) data found"},
      {{"tetris", "show", "v115@vhA!gH"},
       1,
       "fumen: character '!' at position 9 is not fumen data"},
      {{"tetris", "show", "v115@vhAA"}, 1, "fumen: data ends in the middle of page 1 (truncated)"},
      {{"tetris", "show", "v115@vhAAgH", "-P", "3"},
       1,
       "fumen: page 3 out of range (the data has 1 page)"},
      {{"tetris", "show", "v115@vhAAgH", "-P", "x"}, 2, ""},
      {{"tetris", "show"}, 2, "fumen is required (run with --help for usage)"},
      {{"tetris", "moves", "v115@vhAAgH"}, 2, "--piece is required (run with --help for usage)"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "Q"},
       1,
       "moves: unknown piece 'Q' (expected one of T I L J S Z O)"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-d", "sonic"},
       1,
       "moves: drop 'sonic' is not one of softdrop, harddrop, 180, t-softdrop"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-c", "25"},
       1,
       "moves: --clear-line 25 out of range 1..24"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-d", "180"},
       1,
       "drop 180: kick table 'srs' has no 180-degree kicks (use e.g. --kicks @nullpomino180)"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-K", "nosuch"},
       1,
       "kicks: 'nosuch' is neither a built-in table (srs, nokicks, nullpomino180, srsplus, "
       "jstris180) nor a readable kick file"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-K", short_kicks},
       1,
       "kicks " + short_kicks +
           ": 1 keys, a table needs 56 (90-degree rotations) or 84 (with 180); missing T.NW"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-K", bad_syntax},
       1,
       "kicks " + bad_syntax + " line 1: expected ',' at column 13"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "-K", bad_key},
       1,
       "kicks " + bad_key +
           " line 2: unknown key 'Q.NE' (expected e.g. T.NE: piece TILJSZO, rotations N E S W)"},
      {{"tetris", "moves", "v115@vhAAgH", "--piece", "T", "--nosuch"}, 2, ""},
  };
  for (const Case& c : cases) {
    RunResult r = run_manyworlds(c.args);
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    EXPECT_EQ(r.exit_code, c.code) << joined << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
    if (!c.err.empty()) {
      EXPECT_EQ(r.err, "manyworlds: error: " + c.err + "\n") << joined;
    }
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << r.err;
  }
}

}  // namespace
}  // namespace manyworlds::testing
