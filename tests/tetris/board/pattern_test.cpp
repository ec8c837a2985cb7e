// sfinder patterns: the counts quoted in issue 3 and sfinder's docs (patterns.rst), parsing,
// truncation and de-duplication, and bad patterns.

#include <gtest/gtest.h>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/pattern.hpp"

namespace manyworlds::tetris {
namespace {

std::uint64_t count(const char* text) {
  return count_with_duplicates(parse_patterns(text)).get_ui();
}

// sfinder docs: *p7 = 5040, I,*p4 = 840, [IOSL]!,*p7 = 24 x 5040; *p4 = 840; *,*! = 35280.
TEST(Pattern, DocumentedCounts) {
  EXPECT_EQ(count("*p7"), 5040u);
  EXPECT_EQ(count("*!"), 5040u);
  EXPECT_EQ(count("*p4"), 840u);
  EXPECT_EQ(count("I,*p4"), 840u);
  EXPECT_EQ(count("I, *p4"), 840u);
  EXPECT_EQ(count("[IOSL]!,*p7"), 24u * 5040u);
  EXPECT_EQ(count("*,*!"), 35280u);
  EXPECT_EQ(count("T"), 1u);
  EXPECT_EQ(count("[SZLJ]"), 4u);
  EXPECT_EQ(count("[^TI]"), 5u);
  EXPECT_EQ(count("[SZLJ]p2"), 12u);
  EXPECT_EQ(count("[SZLJ]!"), 24u);
  EXPECT_EQ(count("ILOSZTJ"), 1u);
  EXPECT_EQ(count("*,*"), 49u);
  EXPECT_EQ(count("T;I"), 2u);
}

TEST(Pattern, EnumerationMatchesCountsAndIsDistinct) {
  auto seqs = enumerate(parse_patterns("*,*!"), 8);
  EXPECT_EQ(seqs.size(), 35280u);
  auto p7 = enumerate(parse_patterns("*p7"), 7);
  ASSERT_EQ(p7.size(), 5040u);
  EXPECT_EQ(p7.front().to_string(), "TILJSZO");  // lexicographic in sfinder's order
  EXPECT_EQ(p7.back().to_string(), "OZSJLIT");
  // "*,*" repeats nothing, but "T,*;*,T" shares TT.
  EXPECT_EQ(enumerate(parse_patterns("T,*;*,T"), 2).size(), 13u);
}

// sfinder truncates to the pieces it pops and de-duplicates: *p7 to 4 pieces = 840 distinct.
TEST(Pattern, TruncationDeduplicates) {
  EXPECT_EQ(enumerate(parse_patterns("*p7"), 4).size(), 840u);
  EXPECT_EQ(enumerate(parse_patterns("*p7,*p4"), 7).size(), 5040u);
  EXPECT_EQ(enumerate(parse_patterns("[SZ],*p7"), 1).size(), 2u);
  EXPECT_THROW(enumerate(parse_patterns("*p3"), 4), InputError);
}

TEST(Pattern, FilesWithCommentsAndSemicolons) {
  auto p = parse_patterns("# first bag\nT,*p3  # comment\n\nI,*p3;O,*p3\r\n");
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(count_with_duplicates(p), 3u * 210u);
  EXPECT_EQ(p[1].text, "I,*p3");
}

TEST(Pattern, SequenceRoundTrip) {
  Sequence s = sequence_from_string("TIJO");
  EXPECT_EQ(s.length, 4);
  EXPECT_EQ(s.at(2), Piece::J);
  EXPECT_EQ(s.to_string(), "TIJO");
  EXPECT_EQ(s.prefix(2).to_string(), "TI");
  EXPECT_THROW(sequence_from_string("TX"), InputError);
}

TEST(Pattern, BadPatternsNameTheProblem) {
  const std::pair<const char*, const char*> cases[] = {
      {"*p8", "pattern '*p8': p8 takes 8 distinct pieces from a set of 7 at position 2"},
      {"[SZ", "pattern '[SZ': unbalanced '[' at position 1"},
      {"SZ]", "pattern 'SZ]': unbalanced ']' at position 3"},
      {"T,X", "pattern 'T,X': unknown piece 'X' at position 3"},
      {"[SZ]p3", "pattern '[SZ]p3': p3 takes 3 distinct pieces from a set of 2 at position 5"},
      {"[^TILJSZO]", "pattern '[^TILJSZO]': empty piece set at position 1"},
      {"*p", "pattern '*p': 'p' needs a count at position 2"},
      {"T;*p2", "patterns: 'T' has 1 pieces but '*p2' has 2"},
      {"# nothing", "patterns: no pattern given"},
      {"*p7,*p7,*p7,*", "pattern '*p7,*p7,*p7,*': 22 pieces, at most 21 are supported"},
  };
  for (const auto& [text, message] : cases) {
    try {
      parse_patterns(text);
      ADD_FAILURE() << text;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), message) << text;
    }
  }
}

}  // namespace
}  // namespace manyworlds::tetris
