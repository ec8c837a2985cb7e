// The verbs as library calls: Makay's formula as a result, the --verify check, and the reports'
// text and JSON forms.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/lock/report.hpp"

namespace manyworlds::lock {
namespace {

SolveOptions fast_options(int max_length, bool count_only = false, int min_length = 1) {
  SolveOptions o;
  o.min_length = min_length;
  o.max_length = max_length;
  o.count_only = count_only;
  return o;
}

// The message of the std::logic_error `fn` throws, or "no error".
template <typename Fn>
std::string logic_error_of(Fn&& fn) {
  try {
    fn();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(LockFormula, TheFormulaResultIsTheFastSearchResult) {
  // Two independent routes to the same set: the search (proven complete) and Makay's form.
  for (bool count_only : {false, true}) {
    SolveResult search = solve(fast_options(60, count_only, 5));
    SolveResult formula = makay_result(5, 60, count_only);
    EXPECT_EQ(formula.total, search.total) << count_only;
    EXPECT_EQ(formula.counts, search.counts) << count_only;
    EXPECT_EQ(formula.solutions, search.solutions) << count_only;
  }
}

TEST(LockFormula, ResultCountsAreMakayCountsAndListsAreSorted) {
  SolveResult r = makay_result(1, 40, false, Alphabet("QLVRX"));
  std::uint64_t total = 0;
  for (int n = 1; n <= 40; ++n) {
    auto k = static_cast<std::size_t>(n);
    EXPECT_EQ(r.counts[k], makay_count(n)) << n;
    EXPECT_EQ(r.solutions[k].size(), r.counts[k]) << n;
    for (const auto& s : r.solutions[k]) EXPECT_EQ(s.size(), k) << s;
    total += r.counts[k];
  }
  EXPECT_EQ(r.total, total);
  EXPECT_TRUE(r.solutions[0].empty());
}

TEST(LockFormula, ListingBytesCountOneLinePerSolution) {
  // Lengths 10 and 11 hold 2 solutions each (the seed's list): 2 * 11 + 2 * 12 bytes.
  EXPECT_EQ(makay_listing_bytes(10, 11), 46.0);
  EXPECT_EQ(makay_listing_bytes(1, 9), 0.0);
  double bytes = 0;
  for (int n = 1; n <= 300; ++n) bytes += static_cast<double>(makay_count(n)) * (n + 1);
  EXPECT_EQ(makay_listing_bytes(1, 300), bytes);
}

TEST(LockFormula, CheckPassesOnTheSearchesResults) {
  // Memoize is left out: it takes seconds at these lengths and lists what the others list.
  for (Method m : {Method::Recursive, Method::Construct, Method::Fast}) {
    SolveOptions o = fast_options(12);
    o.method = m;
    EXPECT_NO_THROW(check_against_makay(solve(o), o)) << method_name(m);
  }
  SolveOptions listed = fast_options(60, false, 20);
  EXPECT_NO_THROW(check_against_makay(solve(listed), listed));
  SolveOptions counted = fast_options(200, true);
  EXPECT_NO_THROW(check_against_makay(solve(counted), counted));
}

TEST(LockFormula, CheckNamesTheFirstDifference) {
  SolveOptions o = fast_options(15);
  SolveResult r = solve(o);

  SolveResult extra = r;
  extra.solutions[14].push_back("QQQQQQQQQQQQQQ");
  EXPECT_EQ(logic_error_of([&] { check_against_makay(extra, o); }),
            "lock solve --verify: length 14: the search found QQQQQQQQQQQQQQ, which is not of "
            "Makay's form");

  SolveResult missing = r;
  const std::string lost = missing.solutions[11].back();
  missing.solutions[11].pop_back();
  EXPECT_EQ(
      logic_error_of([&] { check_against_makay(missing, o); }),
      "lock solve --verify: length 11: Makay's form gives " + lost + ", which the search missed");

  SolveOptions counted = fast_options(15, true);
  SolveResult wrong_count = solve(counted);
  wrong_count.counts[15] += 1;
  EXPECT_EQ(logic_error_of([&] { check_against_makay(wrong_count, counted); }),
            "lock solve --verify: length 15: the search counts 7, Makay's formula 6");
}

TEST(LockReport, SolveChecksItsRequestAndVerifies) {
  SolveRequest request;
  request.max_length = "15";
  request.alphabet = "QLVRX";
  request.verify = true;
  SolveReport report = solve(request);
  EXPECT_TRUE(report.verified);
  EXPECT_EQ(report.unused_letters, "X");
  EXPECT_EQ(report.result.total, 16u);  // 2 + 2 + 6 + 6 at lengths 10, 11, 14, 15 (docs/lock.md)

  request.max_length = "abc";
  EXPECT_THROW(solve(request), InputError);
  request.max_length = "12";
  request.alphabet = "QLV";
  EXPECT_THROW(solve(request), InputError);
}

TEST(LockReport, SolveTextAndJsonForms) {
  SolveRequest request;
  request.max_length = "11";
  request.stats = true;
  SolveReport report = solve(request);
  // The seed's solutions of lengths 10 and 11 (solve_test.cpp), in the seed's listing format.
  std::string text = fmt::format("{}", report);
  EXPECT_EQ(text.substr(0, text.find("# stats")),
            "# length 10\nVRLVQVRLVQ\nRVLVQRVLVQ\n\n# length 11\nVLVRQVLVRQQ\nVLRVQVLRVQQ\n\n"
            "# counts per length: 10:2 11:2\n"
            "# total: 4 combinations of length 1 to 11 (method fast, alphabet QLVR)\n");
  EXPECT_NE(text.find("# stats: prefixes "), std::string::npos);
  Json j(report);
  EXPECT_EQ(j["total"], 4);
  EXPECT_EQ(j["lengths"][1]["solutions"][1], "VLRVQVLRVQQ");
  EXPECT_EQ(j["unused_letters"], "");
  EXPECT_TRUE(j.contains("stats"));
  EXPECT_FALSE(j.contains("verified"));
}

TEST(LockReport, FormulaRefusesHugeListingsUnlessForcedOrCounted) {
  FormulaRequest request;
  request.max_length = "5000";
  EXPECT_THROW(formula(request), InputError);
  request.count_only = true;
  EXPECT_EQ(formula(request).result.total, makay_result(1, 5000, true).total);
  request.max_length = "5";
  request.min_length = "6";
  EXPECT_THROW(formula(request), InputError);
}

TEST(LockReport, RelateAndCheck) {
  RelateReport self = relate({"VRLVQVRLVQ"});
  ASSERT_TRUE(self.derivation.partner);
  std::string text = fmt::format("{}", self);
  EXPECT_NE(text.find("it opens the lock."), std::string::npos);
  EXPECT_TRUE(Json(self)["opens"].get<bool>());
  EXPECT_EQ(fmt::format("{}", relate({"RLQ"})), "RLQ is specially related to no combination: " +
                                                    derive("RLQ").no_partner_reason + "\n");
  EXPECT_THROW(relate({""}), InputError);
  EXPECT_THROW(relate({"VRLX"}), InputError);

  // docs/lock.md's two examples of check.
  EXPECT_EQ(fmt::format("{}", check({"LQVQ", "QV"})),
            "yes: LQVQ is specially related to QV\nSp: if LQVQ jams the lock, QV is neutral; if "
            "LQVQ is neutral, QV jams the lock.\n");
  CheckReport no = check({"VRLVQVRLVQ", "RVLVQRVLVQ"});
  EXPECT_FALSE(no.related);
  EXPECT_EQ(no.reason, "VRLVQVRLVQ is specially related to VRLVQVRLVQ instead");
  EXPECT_EQ(Json(no)["partner"], "VRLVQVRLVQ");
  // R^60 L QQ has a partner of 2^60 letters: its length is reported, the partner not built.
  CheckReport huge = check({std::string(60, 'R') + "LQQ", "Q"});
  EXPECT_FALSE(huge.partner);
  EXPECT_EQ(huge.partner_length, std::size_t{1} << 60);
  EXPECT_EQ(huge.reason, std::string(60, 'R') +
                             "LQQ is specially related to a combination of 1152921504606846976 "
                             "letters instead");
}

}  // namespace
}  // namespace manyworlds::lock
