// `--minimal exact` (tetris/minimal_cover.hpp) against a brute-force minimum on small random
// instances and on the PCO field's solutions, and beside sfinder's minimal sets (whose sizes,
// 16 for PCO *p4 and 69 for the square field *p7, are sfinder 1.43's; see
// tests/data/tetris/sfinder/path/README.md). Saves expressions (tetris/saves.hpp) at the end.

#include <gtest/gtest.h>

#include <random>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/minimal_cover.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/search/saves.hpp"

namespace manyworlds::tetris {
namespace {

using Set = std::vector<std::uint32_t>;

std::vector<const Set*> pointers(const std::vector<Set>& sets) {
  std::vector<const Set*> out;
  for (const Set& s : sets) out.push_back(&s);
  return out;
}

// The size of the smallest cover, by trying every subset (n <= 20) over bit sets.
std::size_t brute_force_minimum(const std::vector<const Set*>& sets) {
  std::uint32_t universe = 0;
  for (const Set* s : sets) {
    for (std::uint32_t e : *s) universe = std::max(universe, e + 1);
  }
  std::size_t words = (universe + 63) / 64;
  std::vector<std::vector<std::uint64_t>> bits(sets.size(), std::vector<std::uint64_t>(words));
  std::vector<std::uint64_t> all(words);
  for (std::size_t j = 0; j < sets.size(); ++j) {
    for (std::uint32_t e : *sets[j]) bits[j][e / 64] |= std::uint64_t(1) << (e % 64);
    for (std::size_t w = 0; w < words; ++w) all[w] |= bits[j][w];
  }
  std::size_t n = sets.size(), best = n;
  std::vector<std::uint64_t> have(words);
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::size_t size = std::size_t(std::popcount(mask));
    if (size >= best) continue;
    std::fill(have.begin(), have.end(), 0);
    for (std::size_t j = 0; j < n; ++j) {
      if ((mask >> j) & 1) {
        for (std::size_t w = 0; w < words; ++w) have[w] |= bits[j][w];
      }
    }
    if (have == all) best = size;
  }
  return best;
}

TEST(MinimalCover, MatchesBruteForceOnRandomInstances) {
  std::mt19937 rng(13);
  for (int round = 0; round < 200; ++round) {
    std::size_t n = 1 + rng() % 14, universe = 1 + rng() % 30;
    std::vector<Set> sets(n);
    for (Set& s : sets) {
      for (std::uint32_t e = 0; e < universe; ++e) {
        if (rng() % 4 == 0) s.push_back(e);
      }
    }
    auto ptrs = pointers(sets);
    ExactCover c = minimal_cover(ptrs);
    EXPECT_TRUE(c.optimal);
    EXPECT_TRUE(covers_all(ptrs, c.chosen)) << round;
    EXPECT_TRUE(std::is_sorted(c.chosen.begin(), c.chosen.end()));
    EXPECT_EQ(c.chosen.size(), brute_force_minimum(ptrs)) << round;
    EXPECT_EQ(c.lower_bound, c.chosen.size());
  }
}

TEST(MinimalCover, EdgeCases) {
  std::vector<Set> none;
  EXPECT_TRUE(minimal_cover(pointers(none)).chosen.empty());
  std::vector<Set> empty_sets = {{}, {}};
  EXPECT_TRUE(minimal_cover(pointers(empty_sets)).chosen.empty());
  // A set needed alone for one element is forced; here the answer is {0, 2}.
  std::vector<Set> forced = {{0, 1}, {1, 2}, {2, 3}};
  ExactCover c = minimal_cover(pointers(forced));
  EXPECT_EQ(c.chosen, (std::vector<int>{0, 2}));
  EXPECT_EQ(c.forced, 2u);
}

PathResult run_path(const char* fumen, const char* pattern) {
  PathOptions o;
  o.threads = 2;
  return path(fumen::decode_page(fumen, 1).merged(), parse_patterns(pattern), o);
}

std::vector<const Set*> specified_sets(const PathResult& r) {
  std::vector<const Set*> sets;
  for (const PathSolution& s : r.solutions) sets.push_back(&s.specified);
  return sets;
}

TEST(MinimalCover, PcoFieldAgainstBruteForceAndSfinder) {
  PathResult r = run_path("v115@9gE8DeG8CeH8BeG8CeA8JeAgH", "*p4");
  ASSERT_EQ(r.solutions.size(), 18u);  // sfinder 1.43: 18 unique, 16 minimal
  ASSERT_EQ(r.minimal.size(), 16u);
  auto sets = specified_sets(r);
  ExactCover c = minimal_cover(sets);
  EXPECT_TRUE(c.optimal);
  EXPECT_TRUE(covers_all(sets, c.chosen));
  EXPECT_EQ(c.chosen.size(), brute_force_minimum(sets));
  EXPECT_LE(c.chosen.size(), r.minimal.size());
}

TEST(MinimalCover, SquareFieldIsSmallerThanSfindersMinimal) {
  PathResult r = run_path("v115@9gF8DeF8DeF8DeF8NeAgH", "*p7");
  ASSERT_EQ(r.minimal.size(), 69u);  // sfinder 1.43's minimal
  auto sets = specified_sets(r);
  ExactCover c = minimal_cover(sets);
  EXPECT_TRUE(c.optimal);
  EXPECT_TRUE(covers_all(sets, c.chosen));
  EXPECT_LT(c.chosen.size(), r.minimal.size());
  // Optimal: CBC's bound meets the cover. Dropping any chosen set uncovers something.
  EXPECT_EQ(c.lower_bound, c.chosen.size());
  for (std::size_t k = 0; k < c.chosen.size(); ++k) {
    std::vector<int> fewer = c.chosen;
    fewer.erase(fewer.begin() + long(k));
    EXPECT_FALSE(covers_all(sets, fewer));
  }
}

// ---- saves expressions -------------------------------------------------------------------

std::uint8_t pieces(std::string_view letters) {
  std::uint8_t m = 0;
  for (char c : letters) m |= std::uint8_t(1u << int(*piece_from_letter(c)));
  return m;
}

TEST(SavesExpr, Semantics) {
  EXPECT_TRUE(SavesExpr::parse("T").holds(pieces("T")));
  EXPECT_FALSE(SavesExpr::parse("T").holds(pieces("IO")));
  EXPECT_TRUE(SavesExpr::parse("T|I").holds(pieces("I")));
  EXPECT_TRUE(SavesExpr::parse("T OR I").holds(pieces("I")));
  EXPECT_TRUE(SavesExpr::parse("[TI]").holds(pieces("T")));
  EXPECT_FALSE(SavesExpr::parse("T&I").holds(pieces("T")));
  EXPECT_TRUE(SavesExpr::parse("T and I").holds(pieces("TI")));
  EXPECT_TRUE(SavesExpr::parse("!O").holds(pieces("T")));
  EXPECT_FALSE(SavesExpr::parse("!O").holds(0));  // no perfect clear: nothing holds
  EXPECT_FALSE(SavesExpr::parse("*").holds(0));
  EXPECT_TRUE(SavesExpr::parse("*").holds(pieces("Z")));
  EXPECT_TRUE(SavesExpr::parse("(T|I)&!O").holds(pieces("IS")));
  EXPECT_FALSE(SavesExpr::parse("not (T|I)").holds(pieces("I")));
}

TEST(SavesExpr, ErrorsNameThePosition) {
  for (const char* bad : {"", "X", "T|", "(T", "[T", "[]", "T)", "T I", "&T", "!!"}) {
    try {
      SavesExpr::parse(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("saves expression"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace manyworlds::tetris
