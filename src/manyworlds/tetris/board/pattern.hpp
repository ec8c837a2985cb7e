#pragma once
// solution-finder (sfinder) piece patterns: parse, count, enumerate, truncate, de-duplicate.
//
// Syntax (sfinder's PatternInterpreter, docs/source/contents/patterns.rst;
// tests/data/tetris/percent_rules.md): a pattern is a list of elements, separated by
// commas and/or spaces (or nothing):
//   T            one piece (T I L J S Z O)
//   *            any one of the seven pieces
//   *pN          N distinct pieces of the seven, in order (1 <= N <= 7); *! = *p7
//   [SZLJ]       one of the pieces listed; [^TI] one of the pieces NOT listed
//   [SZLJ]pN     N distinct pieces of the set, in order; [SZLJ]! = all of them in any order
// A pattern stands for every sequence its elements allow (the product of their counts). Several
// patterns are joined with `;` or given one per line in a file (`#` starts a comment); the set
// of sequences is their union, and every pattern must have the same length.
//
// Sequences are packed into 64 bits, 3 bits per piece (piece index + 1, first piece in the
// lowest bits), so a sequence has at most kMaxSequenceLength = 21 pieces.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/tetris/board/field.hpp"

namespace manyworlds::tetris {

inline constexpr int kMaxSequenceLength = 21;

// A piece sequence packed as above; `length` pieces.
struct Sequence {
  std::uint64_t code = 0;
  int length = 0;

  Piece at(int i) const { return Piece(((code >> (3 * i)) & 7) - 1); }
  void push_back(Piece p) {
    code |= std::uint64_t(int(p) + 1) << (3 * length);
    ++length;
  }
  Sequence prefix(int n) const {
    return {n >= 21 ? code : code & ((std::uint64_t(1) << (3 * n)) - 1), n};
  }
  std::string to_string() const;  // "TIJ"
  friend bool operator==(const Sequence&, const Sequence&) = default;
};

Sequence sequence_from_string(std::string_view letters);  // "TIJ"; throws InputError

// One element of a pattern: an ordered choice of `take` distinct pieces from `pieces` (a bit
// set over Piece), or, when `take` is 0, one piece of the set.
struct PatternElement {
  std::uint8_t pieces = 0;  // bit i = Piece(i)
  int take = 0;             // 0: one piece of the set (repeats across elements allowed)
  int length() const { return take == 0 ? 1 : take; }
  std::uint64_t count() const;  // sequences this element allows
};

struct Pattern {
  std::string text;  // as written (trimmed)
  std::vector<PatternElement> elements;
  int length() const;
  std::uint64_t count() const;  // product of the element counts (saturates at UINT64_MAX)
};

// Parses one pattern. Throws InputError "pattern 'TEXT': ..." naming the problem and position,
// or the length when it exceeds `max_length` (a longer pattern cannot be enumerated as
// Sequences, but its elements are usable: `ren` takes one sequence of up to 44 pieces).
Pattern parse_pattern(std::string_view text, int max_length = kMaxSequenceLength);

// Several patterns: separated by ';' or new lines; '#' starts a comment to the end of the line;
// empty entries are skipped. Throws InputError when there is none, or lengths differ.
std::vector<Pattern> parse_patterns(std::string_view text);

// The number of sequences of all patterns counted with repeats (sum of the products), exact.
BigInt count_with_duplicates(const std::vector<Pattern>& patterns);

// Every distinct sequence of the patterns truncated to their first `length` pieces (length <=
// the patterns' length), in lexicographic order (T I L J S Z O). Throws InputError when the count
// with duplicates of the truncated patterns exceeds `limit`.
std::vector<Sequence> enumerate(const std::vector<Pattern>& patterns, int length,
                                std::uint64_t limit = 200'000'000);

// The patterns' sequences truncated to `length` pieces, each distinct
// one with the number of pattern sequences it comes from, in pattern order (sfinder's pattern
// rows).
struct CountedSequence {
  Sequence sequence;
  std::uint64_t count = 0;
};
std::vector<CountedSequence> counted_prefixes(const std::vector<Pattern>& patterns, int length);

}  // namespace manyworlds::tetris
