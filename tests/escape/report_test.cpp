// The verbs as library calls: the allow-no-flip decision, the colouring count on threads, the
// files the prisoners read and write, and the reports' text and JSON forms.

#include <gtest/gtest.h>

#include <string>

#include "manyworlds/core/error.hpp"
#include "manyworlds/escape/report.hpp"
#include "testing/files.hpp"
#include "testing/temp_dir.hpp"

namespace manyworlds::escape {
namespace {

using manyworlds::testing::slurp_existing;
using manyworlds::testing::TempDir;

// The seed repository's example board (tests/data/escape/board.txt.example).
const char* kSeedBoard =
    "10110101\n01101101\n10001001\n10010110\n00011000\n10101111\n10011001\n10101010\n";

TEST(EscapeAllowNoFlip, KnownStrategiesAreFoundAndChecked) {
  // n = 2^k by the xor strategy, n = 2^k - 1 by the Hamming code (escape.hpp).
  for (int n : {1, 2, 3, 4, 7, 8, 15, 16}) {
    AllowNoFlipAnswer a = decide_allow_no_flip(n);
    bool power = is_power_of_two(static_cast<std::uint64_t>(n));
    EXPECT_EQ(a.method, power ? "xor strategy" : "Hamming code") << n;
    EXPECT_TRUE(a.decided) << n;
    ASSERT_EQ(a.colors.size(), std::size_t{1} << n) << n;
    EXPECT_TRUE(a.verified) << n;
    EXPECT_TRUE(is_dominating_coloring(n, a.colors)) << n;
    EXPECT_EQ(a.nodes, 0u) << n;
  }
}

TEST(EscapeAllowNoFlip, TheDominatingSetBoundDecidesFiveAndSix) {
  // No dominating set of floor(2^n / n) boards: the answer carries that one search's count
  // (n = 6: 195112 sets, as docs/escape.md shows).
  for (int n : {5, 6}) {
    AllowNoFlipAnswer a = decide_allow_no_flip(n);
    DominatingSetSearch bound = search_dominating_set(n, (1 << n) / n);
    ASSERT_FALSE(bound.exists) << n;
    EXPECT_TRUE(a.decided) << n;
    EXPECT_TRUE(a.colors.empty()) << n;
    EXPECT_FALSE(a.verified) << n;
    EXPECT_EQ(a.nodes, bound.nodes) << n;
    EXPECT_NE(a.method.find("no dominating set of " + std::to_string((1 << n) / n) + " boards"),
              std::string::npos)
        << a.method;
  }
  EXPECT_EQ(decide_allow_no_flip(6).nodes, 195112u);
}

TEST(EscapeAllowNoFlip, BeyondTheSearchesUndecided) {
  for (int n : {9, 12, 17, 100}) {
    AllowNoFlipAnswer a = decide_allow_no_flip(n);
    EXPECT_FALSE(a.decided) << n;
    EXPECT_TRUE(a.colors.empty()) << n;
    EXPECT_EQ(a.method, n > 16 ? "n > 16" : "beyond the search's reach") << n;
  }
}

TEST(EscapeCount, ThreadsGiveTheSameCount) {
  for (int n = 1; n <= 6; ++n) {
    CountResult one = count_colorings(n, {1, false});
    CountResult two = count_colorings(n, {2, false});
    EXPECT_EQ(one.colorings, two.colorings) << n;
    EXPECT_EQ(one.even.nodes, two.even.nodes) << n;
    EXPECT_EQ(one.odd.canonical, two.odd.canonical) << n;
    EXPECT_EQ(one.even.parity, 0) << n;
    EXPECT_EQ(one.odd.parity, 1) << n;
    EXPECT_EQ(one.counting_argument_rules_out, !is_power_of_two(static_cast<std::uint64_t>(n)));
  }
}

TEST(EscapeCountReport, CountingArgumentBeyondTheSearch) {
  CountReport big = count({12, {}});
  EXPECT_FALSE(big.count);
  EXPECT_EQ(big.counting_argument, prove_impossible(12).counting_argument);
  EXPECT_EQ(Json(big)["colorings"], "0");
  EXPECT_THROW(count({16, {}}), InputError);
  // docs/escape.md: n = 4 has 576 colourings, 24 in each half.
  CountReport four = count({4, {}});
  ASSERT_TRUE(four.count);
  EXPECT_EQ(fmt::format("{}", four),
            "n = 4: 576 valid colourings (strategies for prisoner 2's reading)\n"
            "  even half: 24 colourings (1 up to renaming colours; 8 colours tried)\n"
            "  odd half: 24 colourings (1 up to renaming colours; 8 colours tried)\n");
}

TEST(EscapeColorReport, WritesTheColouringAndProvesImpossibility) {
  TempDir dir;
  ColorRequest request;
  request.size = 4;
  request.output = dir.file("colors.txt");
  request.print = true;
  ColorReport report = color(request);
  const auto& found = std::get<SearchedColoring>(report.answer);
  EXPECT_TRUE(found.verified);
  std::string listing;
  for (std::size_t v = 0; v < found.result.colors.size(); ++v) {
    listing += fmt::format("{} {}\n", v, found.result.colors[v]);
  }
  EXPECT_EQ(slurp_existing(request.output), listing);
  std::string text = fmt::format("{}", report);
  EXPECT_NE(text.find(listing + "wrote " + request.output + "\n"), std::string::npos);
  Json j(report);
  EXPECT_EQ(j["written"], request.output);
  EXPECT_EQ(j["colors"].size(), 16u);

  request.size = 6;
  EXPECT_THROW(color(request), InputError);  // nothing to print or write
  request.print = false;
  request.output.clear();
  ColorReport six = color(request);
  EXPECT_TRUE(std::holds_alternative<ImpossibilityProof>(six.answer));
  EXPECT_EQ(Json(six)["exists"], false);

  request.allow_no_flip = true;
  request.size = 3;
  request.output = dir.file("hamming.txt");
  ColorReport hamming = color(request);
  EXPECT_EQ(hamming.written, request.output);
  EXPECT_EQ(slurp_existing(request.output).substr(0, 4), "0 0\n");
}

TEST(EscapePrisoners, FlipWritesTheBoardAndFindReadsIt) {
  TempDir dir;
  std::string board = dir.write("board.txt", kSeedBoard);
  FlipRequest request;
  request.board.board_file = board;
  request.key = "34";
  request.write = true;
  PrisonerReport one = flip(request);
  // The seed's example: parity 24, flip c1 (cell 58), key 34 (bench/workloads/escape.cpp).
  EXPECT_EQ(one.syndrome, 24u);
  ASSERT_TRUE(one.move);
  EXPECT_EQ(*one.move, 58u);
  EXPECT_EQ(one.answer, 34u);
  EXPECT_EQ(one.written, board);
  EXPECT_EQ(slurp_existing(board), format_board(one.after));
  EXPECT_NE(slurp_existing(board), kSeedBoard);

  BoardRequest again;
  again.board_file = board;
  PrisonerReport two = find(again);
  EXPECT_EQ(two.prisoner, 2);
  EXPECT_EQ(two.answer, 34u);
  EXPECT_EQ(Json(two)["answer"]["square"], "c4");

  request.output = dir.file("other.txt");
  EXPECT_THROW(flip(request), UsageError);  // --write and --output
}

TEST(EscapePrisoners, RunPlaysTheSeedsFolder) {
  TempDir dir;
  dir.write("board.txt", kSeedBoard);
  dir.write("key.txt", "34\n");
  dir.write("mode.txt", "1\n");
  RunRequest request;
  request.dir = dir.path();
  request.dry_run = true;
  PrisonerReport dry = run(request);
  EXPECT_TRUE(dry.written.empty());
  EXPECT_EQ(slurp_existing(dir.file("board.txt")), kSeedBoard);
  request.dry_run = false;
  PrisonerReport one = run(request);
  EXPECT_EQ(one.written, dir.file("board.txt"));
  dir.write("mode.txt", "2\n");
  PrisonerReport two = run(request);
  EXPECT_EQ(two.prisoner, 2);
  EXPECT_EQ(two.answer, 34u);
  dir.write("mode.txt", "3\n");
  EXPECT_THROW(run(request), InputError);
}

TEST(EscapeVerifyReport, FailuresAreReportedThenFail) {
  VerifyRequest request;
  request.size = 8;
  VerifyReport ok = verify(request);
  EXPECT_EQ(ok.result.cases, 256u * 8u);
  EXPECT_EQ(failure(ok), "");
  VerifyReport bad = ok;
  bad.result.failures = 3;
  EXPECT_EQ(failure(bad), "verify: the strategy failed on 3 of 2048 cases");
}

}  // namespace
}  // namespace manyworlds::escape
