// The seed's colouring search, the independent checks, proofs and counts.

#include <gtest/gtest.h>

#include <bit>
#include <bitset>

#include "manyworlds/core/error.hpp"
#include "manyworlds/escape/coloring.hpp"

namespace manyworlds::escape {
namespace {

TEST(EscapeColoring, FastSearchIsTheSeedSearch) {
  // Same order, same choices: identical colourings and counts.
  for (int n : {1, 2, 4, 8}) {
    ColoringResult seed = color_hypercube_seed(n);
    ColoringResult fast = color_hypercube(n);
    EXPECT_EQ(seed.colors, fast.colors) << n;
    EXPECT_EQ(seed.assignments, fast.assignments) << n;
    EXPECT_EQ(seed.backtracks, fast.backtracks) << n;
    EXPECT_TRUE(is_perfect_coloring(n, fast.colors)) << n;
  }
}

TEST(EscapeColoring, SlowSeedSearchAt16) {
  // The straight port takes seconds at n = 16; the fast one must agree exactly.
  ColoringResult seed = color_hypercube_seed(16);
  ColoringResult fast = color_hypercube(16);
  EXPECT_EQ(seed.colors, fast.colors);
  EXPECT_EQ(seed.assignments, fast.assignments);
}

TEST(EscapeColoring, SixteenCubeColouredAndChecked) {
  ColoringResult r = color_hypercube(16);
  ASSERT_EQ(r.colors.size(), 65536u);
  EXPECT_TRUE(is_perfect_coloring(16, r.colors));
  // Each colour class holds 2^16 / 16 = 4096 boards (the counting argument).
  std::vector<int> sizes(16, 0);
  for (auto c : r.colors) ++sizes[c];
  for (int s : sizes) EXPECT_EQ(s, 4096);
}

TEST(EscapeColoring, ChecksRejectBrokenColourings) {
  std::vector<std::uint8_t> colors = color_hypercube(8).colors;
  ASSERT_TRUE(is_perfect_coloring(8, colors));
  colors[77] = static_cast<std::uint8_t>((colors[77] + 1) % 8);
  EXPECT_FALSE(is_perfect_coloring(8, colors));
  EXPECT_FALSE(is_perfect_coloring(8, std::vector<std::uint8_t>(255, 0)));
  std::vector<std::uint8_t> out_of_range(16, 4);
  EXPECT_FALSE(is_perfect_coloring(4, out_of_range));
  EXPECT_FALSE(is_dominating_coloring(4, out_of_range));
  // A perfect colouring is dominating; a constant one is neither.
  EXPECT_TRUE(is_dominating_coloring(8, color_hypercube(8).colors));
  EXPECT_FALSE(is_dominating_coloring(2, std::vector<std::uint8_t>(4, 0)));
}

TEST(EscapeColoring, SearchOnlyForPowersOfTwo) {
  EXPECT_THROW(color_hypercube(6), InputError);
  EXPECT_THROW(color_hypercube_seed(32), InputError);
  EXPECT_THROW(color_hypercube(0), InputError);
}

TEST(EscapeCount, AgreesWithBruteForce) {
  for (int n = 1; n <= 4; ++n) {
    CountResult c = count_colorings(n);
    EXPECT_EQ(c.colorings, BigInt(static_cast<unsigned long>(count_colorings_brute_force(n)))) << n;
  }
}

TEST(EscapeCount, KnownCounts) {
  // Issue 6: 4 for n = 2, 0 for n = 3. n = 1: one colour, one colouring. n = 4: each half is
  // 8 boards in 4 antipodal pairs that must take the 4 colours: 4! per half, 24^2 = 576.
  EXPECT_EQ(count_colorings(1).colorings, 1);
  EXPECT_EQ(count_colorings(2).colorings, 4);
  EXPECT_EQ(count_colorings(3).colorings, 0);
  EXPECT_EQ(count_colorings(4).colorings, 576);
  // The counting argument rules out every n that is not a power of two.
  for (int n : {5, 6, 7}) {
    CountResult c = count_colorings(n);
    EXPECT_TRUE(c.counting_argument_rules_out);
    EXPECT_EQ(c.colorings, 0) << n;
  }
  EXPECT_THROW(count_colorings(9), InputError);
}

// An independent count of one half's colourings up to renaming colours: each colour class of
// the even half is a set of even boards that every odd board touches exactly once (an exact
// cover of the odd boards by neighbourhoods); list them all, then count the partitions of the
// even boards into such sets.
std::uint64_t partitions_into_perfect_sets(int n) {
  using Set = std::bitset<256>;
  const std::uint32_t all = 1u << n;
  std::vector<Set> perfect;
  Set chosen, covered;
  auto cover_odd = [&](auto&& self) -> void {
    std::uint32_t o = 0;
    while (o < all && (std::popcount(o) % 2 == 0 || covered[o])) ++o;
    if (o == all) {
      perfect.push_back(chosen);
      return;
    }
    for (int j = 0; j < n; ++j) {
      std::uint32_t e = o ^ (1u << j);
      bool free = true;
      for (int k = 0; k < n && free; ++k) free = !covered[e ^ (1u << k)];
      if (!free) continue;
      chosen.set(e);
      for (int k = 0; k < n; ++k) covered.set(e ^ (1u << k));
      self(self);
      chosen.reset(e);
      for (int k = 0; k < n; ++k) covered.reset(e ^ (1u << k));
    }
  };
  cover_odd(cover_odd);
  std::uint64_t partitions = 0;
  Set used;
  auto partition = [&](auto&& self) -> void {
    std::uint32_t e = 0;
    while (e < all && (std::popcount(e) % 2 == 1 || used[e])) ++e;
    if (e == all) {
      ++partitions;
      return;
    }
    for (const Set& p : perfect) {
      if (!p[e] || (p & used).any()) continue;
      used |= p;
      self(self);
      used &= ~p;
    }
  };
  partition(partition);
  return partitions;
}

TEST(EscapeCount, HalfSearchAgreesWithExactCover) {
  for (int n = 1; n <= 7; ++n) {
    EXPECT_EQ(search_half(n, 0, false, 0).canonical, partitions_into_perfect_sets(n)) << n;
  }
}

TEST(EscapeCount, SlowCountAt8) {
  // n = 8: the half search against the exact-cover count; the two halves are mirror images
  // (flip cell 0) searched separately.
  CountResult c = count_colorings(8);
  EXPECT_TRUE(c.even.complete);
  EXPECT_EQ(c.even.canonical, partitions_into_perfect_sets(8));
  EXPECT_EQ(c.even.canonical, c.odd.canonical);
  EXPECT_EQ(c.colorings, c.even.colorings * c.odd.colorings);
}

TEST(EscapeProof, NoColouringWhenNotAPowerOfTwo) {
  for (int n : {3, 5, 6, 7}) {
    ImpossibilityProof p = prove_impossible(n);
    EXPECT_TRUE(p.searched);
    EXPECT_TRUE(p.search.complete);
    EXPECT_EQ(p.search.canonical, 0u) << n;
    EXPECT_GT(p.search.nodes, 0u);
    EXPECT_NE(p.counting_argument.find("not a whole number"), std::string::npos);
  }
  // The same search does find colourings when they exist.
  EXPECT_EQ(search_half(4, 0, true).canonical, 1u);
  ImpossibilityProof big = prove_impossible(12);
  EXPECT_FALSE(big.searched);
  EXPECT_THROW(prove_impossible(8), InputError);
}

TEST(EscapeNoFlip, SearchDecidesSmallCases) {
  // n = 1..4: found (n = 3 is the Hamming code's size); n = 5: none, exhaustively.
  for (int n = 1; n <= 4; ++n) {
    DominatingSearch s = search_dominating(n);
    EXPECT_TRUE(s.complete);
    ASSERT_FALSE(s.colors.empty()) << n;
    EXPECT_TRUE(is_dominating_coloring(n, s.colors)) << n;
  }
  DominatingSearch five = search_dominating(5);
  EXPECT_TRUE(five.complete);
  EXPECT_TRUE(five.colors.empty());
  EXPECT_THROW(search_dominating(6), InputError);
}

TEST(EscapeNoFlip, DominationNumbers) {
  // Smallest dominating sets of the n-cube (binary covering codes of radius 1, OEIS A000983:
  // 1, 2, 2, 4, 7, 12, ...).
  const int known[] = {1, 2, 2, 4, 7};
  for (int n = 1; n <= 5; ++n) {
    int gamma = known[n - 1];
    EXPECT_FALSE(search_dominating_set(n, gamma - 1).exists) << n;
    EXPECT_TRUE(search_dominating_set(n, gamma).exists) << n;
  }
  // n = 6: none of 10 (the bound that rules out n = 6 with no flip: 6 x 11 > 64), one of 12.
  EXPECT_FALSE(search_dominating_set(6, 10).exists);
  EXPECT_TRUE(search_dominating_set(6, 12).exists);
  EXPECT_THROW(search_dominating_set(7, 16), InputError);
}

}  // namespace
}  // namespace manyworlds::escape
