// The cards verbs as library calls: their requests' checks and their results' text and JSON
// forms (tests/cli/cards_cli_test.cpp runs the same through the binary).

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>

#include "manyworlds/cards/report.hpp"
#include "manyworlds/core/error.hpp"
#include "reference.hpp"

namespace manyworlds::cards {
namespace {

TEST(CardsReport, SolveTextIsTheRecursiveConstruction) {
  for (int n : {1, 5, 12}) {
    std::string expected = format_sequence(recursive_solution(n), Format::Plain) + "\n";
    EXPECT_EQ(streamed_text(solve({n, Format::Plain})), expected) << n;
    auto j = nlohmann::json::parse(streamed_text(solve({n, Format::Numpy}), true));
    EXPECT_EQ(j["cards"], n);
    EXPECT_EQ(j["sequence"].get<Sequence>(), recursive_solution(n)) << n;
  }
  EXPECT_EQ(streamed_text(solve({3, Format::Numpy})), "[0 1 0 2 0 1 0] \n");  // S(3), the seed's
}

// solve 30 writes 2.1 GB: the text must go on in pieces, never whole. The largest piece does not
// grow with the text (8 MB for 22 cards, 0.5 MB for 18).
std::size_t largest_piece(int cards) {
  std::uint64_t total = 0;
  std::size_t largest = 0;
  TextStream out([&](std::string_view piece) {
    total += piece.size();
    largest = std::max(largest, piece.size());
  });
  write_text(out, solve({cards, Format::Plain}));
  out.flush();
  EXPECT_EQ(total, solution_text_size(cards, Format::Plain));
  return largest;
}

TEST(CardsReport, SolveIsWrittenInPieces) {
  std::size_t largest = largest_piece(22);
  EXPECT_EQ(largest, largest_piece(18));
  EXPECT_LT(largest, std::size_t{1} << 20);
}

TEST(CardsReport, RequestsRefuseTooMuchOutput) {
  EXPECT_THROW(solve({31, Format::Plain}), InputError);
  EXPECT_NO_THROW(solve({31, Format::Plain, true}));  // --force: nothing is written yet
  EXPECT_THROW(solve({0, Format::Plain, true}), InputError);
  EXPECT_THROW(enumerate(EnumerateRequest{5, Format::Numpy, {}}), InputError);
  EXPECT_NO_THROW(enumerate(EnumerateRequest{5, Format::Numpy, {false, 1000}}));
  CountRequest plain_five{5, {Method::Dfs, 1}};
  EXPECT_THROW(count(plain_five), InputError);
}

TEST(CardsReport, EnumerateTextIsTheSolutionsFile) {
  EnumerateReport report = enumerate(EnumerateRequest{3, Format::Numpy, {}});
  std::string expected;
  for (const auto& line : reference_lines("3cards.txt")) expected += line + "\n";
  EXPECT_EQ(streamed_text(report), expected);
  auto j = nlohmann::json::parse(streamed_text(report, true));
  EXPECT_EQ(j["count"], 18);  // OEIS A003043
  ASSERT_EQ(j["sequences"].size(), 18u);
  EXPECT_EQ(j["sequences"][17].get<Sequence>(), parse_sequence("[2 1 2 0 2 1 2] "));
}

// The trace's JSON is written a step at a time; it must be what Json::dump(2) writes.
TEST(CardsReport, PlayJsonIsIndentedAsJsonDumpIndents) {
  const std::vector<PlayRequest> requests = {
      {"0110", {"0 1 0 2 0 1 0 3 0 1 0 2 0 1 0"}}, {"11", {"0", "0"}}, {"0", {""}}};
  for (const auto& request : requests) {
    PlayResult r = play(request);
    std::string streamed = streamed_text(r, true);
    EXPECT_EQ(streamed, nlohmann::ordered_json::parse(streamed).dump(2) + "\n") << request.start;
  }
  PlayResult r = play(PlayRequest{"0110", {"0", "1", "0", "2"}});
  EXPECT_EQ(r.all_down_at, 4);
  std::string text = streamed_text(r);
  EXPECT_NE(text.find("     4     2  0000  <- all face down\n"), std::string::npos) << text;
  EXPECT_NE(text.find("all face down after step 4 of 4\n"), std::string::npos) << text;
}

TEST(CardsReport, CheckAndCountForms) {
  CheckResult c = check(CheckRequest{{"0,1,0,1"}, 3, 2});
  EXPECT_EQ(fmt::format("{}", c),
            "fails: 4 of 8 starts of 3 cards never reach all face down (4 instructions)\n"
            "  instruction 4 brings back a state already seen (no new start is solved)\n"
            "  never all face down (card 0 first, 1 = face up), the first 2:\n"
            "    001\n    101\n");
  Json j = c;
  EXPECT_EQ(j["unsolved_count"], 4);
  EXPECT_EQ(j["unsolved"], Json::parse(R"(["001", "101"])"));
  EXPECT_THROW(check(CheckRequest{{""}}), InputError);

  CountReport r = count(CountRequest{4, {Method::Symmetry, 2}, true});
  EXPECT_EQ(fmt::format("{}", r).substr(0, 40), "238 classes of minimal sequences for 4 c");
  j = r;
  EXPECT_EQ(j["sequences"], "5712");  // OEIS A003043
  EXPECT_EQ(j["class_size"], "24");
  EXPECT_EQ(j["threads"], 2);
}

}  // namespace
}  // namespace manyworlds::cards
