#include "manyworlds/tetris/board/pattern.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <map>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris {
namespace {

constexpr std::uint8_t kAll = 0x7F;

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
    return std::numeric_limits<std::uint64_t>::max();
  }
  return a * b;
}

[[noreturn]] void fail(std::string_view text, std::size_t pos, std::string_view what) {
  throw InputError(fmt::format("pattern '{}': {} at position {}", text, what, pos + 1));
}

// Parses `pN` or `!` after a set; returns take (0 when none follows).
int parse_take(std::string_view text, std::size_t& i, int set_size) {
  if (i < text.size() && text[i] == '!') {
    ++i;
    return set_size;
  }
  if (i < text.size() && (text[i] == 'p' || text[i] == 'P')) {
    std::size_t start = i++;
    if (i >= text.size() || text[i] < '0' || text[i] > '9') fail(text, start, "'p' needs a count");
    int n = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      n = std::min(n * 10 + (text[i] - '0'), 100);
      ++i;
    }
    if (n < 1 || n > set_size) {
      fail(text, start,
           fmt::format("p{} takes {} distinct pieces from a set of {}", n, n, set_size));
    }
    return n;
  }
  return 0;
}

}  // namespace

std::string Sequence::to_string() const {
  std::string s;
  for (int i = 0; i < length; ++i) s += piece_letter(at(i));
  return s;
}

Sequence sequence_from_string(std::string_view letters) {
  Sequence s;
  for (char c : letters) {
    auto p = piece_from_letter(c);
    if (!p) throw InputError(fmt::format("sequence '{}': unknown piece '{}'", letters, c));
    if (s.length >= kMaxSequenceLength) {
      throw InputError(
          fmt::format("sequence '{}': more than {} pieces", letters, kMaxSequenceLength));
    }
    s.push_back(*p);
  }
  return s;
}

std::uint64_t PatternElement::count() const {
  std::uint64_t n = std::popcount(pieces);
  if (take == 0) return n;
  std::uint64_t c = 1;
  for (int k = 0; k < take; ++k) c *= n - k;
  return c;
}

int Pattern::length() const {
  int n = 0;
  for (const auto& e : elements) n += e.length();
  return n;
}

std::uint64_t Pattern::count() const {
  std::uint64_t c = 1;
  for (const auto& e : elements) c = saturating_mul(c, e.count());
  return c;
}

Pattern parse_pattern(std::string_view input, int max_length) {
  std::string_view text = trim(input);
  Pattern pattern;
  pattern.text = std::string(text);
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == ',' || c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    std::size_t start = i;
    PatternElement e;
    if (c == '*') {
      ++i;
      e.pieces = kAll;
      e.take = parse_take(text, i, 7);
    } else if (c == '[') {
      ++i;
      bool negate = i < text.size() && text[i] == '^';
      if (negate) ++i;
      std::uint8_t set = 0;
      while (i < text.size() && text[i] != ']') {
        auto p = piece_from_letter(text[i]);
        if (!p) {
          if (text[i] == '[') fail(text, i, "'[' inside brackets");
          fail(text, i, fmt::format("unknown piece '{}'", text[i]));
        }
        set |= std::uint8_t(1u << int(*p));
        ++i;
      }
      if (i >= text.size()) fail(text, start, "unbalanced '['");
      ++i;  // ']'
      if (negate) set = std::uint8_t(kAll & ~set);
      if (set == 0) fail(text, start, "empty piece set");
      e.pieces = set;
      e.take = parse_take(text, i, std::popcount(set));
    } else if (auto p = piece_from_letter(c)) {
      ++i;
      e.pieces = std::uint8_t(1u << int(*p));
    } else if (c == ']') {
      fail(text, i, "unbalanced ']'");
    } else {
      fail(text, i, fmt::format("unknown piece '{}'", c));
    }
    pattern.elements.push_back(e);
  }
  if (pattern.elements.empty()) throw InputError(fmt::format("pattern '{}' is empty", text));
  if (pattern.length() > max_length) {
    throw InputError(fmt::format("pattern '{}': {} pieces, at most {} are supported", text,
                                 pattern.length(), max_length));
  }
  return pattern;
}

std::vector<Pattern> parse_patterns(std::string_view text) {
  std::vector<Pattern> patterns;
  for (std::string_view line : split_lines(text)) {
    std::size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    std::size_t start = 0;
    while (start <= line.size()) {
      std::size_t end = line.find(';', start);
      if (end == std::string_view::npos) end = line.size();
      std::string_view part = trim(line.substr(start, end - start));
      if (!part.empty()) patterns.push_back(parse_pattern(part));
      start = end + 1;
    }
  }
  if (patterns.empty()) throw InputError("patterns: no pattern given");
  for (const auto& p : patterns) {
    if (p.length() != patterns.front().length()) {
      throw InputError(fmt::format("patterns: '{}' has {} pieces but '{}' has {}",
                                   patterns.front().text, patterns.front().length(), p.text,
                                   p.length()));
    }
  }
  return patterns;
}

BigInt count_with_duplicates(const std::vector<Pattern>& patterns) {
  BigInt total = 0;
  for (const auto& p : patterns) {
    BigInt c = 1;
    for (const auto& e : p.elements) {
      unsigned long n = unsigned(std::popcount(e.pieces));
      if (e.take == 0) {
        c *= n;
      } else {
        for (int k = 0; k < e.take; ++k) c *= n - unsigned(k);
      }
    }
    total += c;
  }
  return total;
}

namespace {

// Appends every sequence of elements[k..] (truncated to `remaining` pieces) after `prefix`.
void expand(const std::vector<PatternElement>& elements, std::size_t k, int remaining,
            Sequence prefix, std::vector<Sequence>& out) {
  if (remaining == 0 || k == elements.size()) {
    out.push_back(prefix);
    return;
  }
  const PatternElement& e = elements[k];
  if (e.take == 0) {
    for (int p = 0; p < kPieceCount; ++p) {
      if (!(e.pieces >> p & 1)) continue;
      Sequence next = prefix;
      next.push_back(Piece(p));
      expand(elements, k + 1, remaining - 1, next, out);
    }
    return;
  }
  int take = std::min(e.take, remaining);
  // Ordered selections of `take` distinct pieces of the set.
  auto rec = [&](auto&& self, std::uint8_t left, int depth, Sequence seq) -> void {
    if (depth == take) {
      expand(elements, k + 1, remaining - take, seq, out);
      return;
    }
    for (int p = 0; p < kPieceCount; ++p) {
      if (!(left >> p & 1)) continue;
      Sequence next = seq;
      next.push_back(Piece(p));
      self(self, std::uint8_t(left & ~(1u << p)), depth + 1, next);
    }
  };
  rec(rec, e.pieces, 0, prefix);
}

// The number of sequences of the pattern truncated to `length` pieces (with repeats).
std::uint64_t truncated_count(const Pattern& p, int length) {
  std::uint64_t c = 1;
  int remaining = length;
  for (const auto& e : p.elements) {
    if (remaining == 0) break;
    std::uint64_t n = std::popcount(e.pieces);
    if (e.take == 0) {
      c = saturating_mul(c, n);
      --remaining;
    } else {
      int take = std::min(e.take, remaining);
      for (int k = 0; k < take; ++k) c = saturating_mul(c, n - k);
      remaining -= take;
    }
  }
  return c;
}

}  // namespace

std::vector<Sequence> enumerate(const std::vector<Pattern>& patterns, int length,
                                std::uint64_t limit) {
  std::uint64_t total = 0;
  for (const auto& p : patterns) {
    if (length > p.length()) {
      throw InputError(
          fmt::format("pattern '{}' has {} pieces, {} are needed", p.text, p.length(), length));
    }
    std::uint64_t c = truncated_count(p, length);
    total = total > limit ? total : total + c;
  }
  if (total > limit) {
    throw InputError(fmt::format("patterns: {} sequences of {} pieces is more than the limit of {}",
                                 total, length, limit));
  }
  std::vector<Sequence> out;
  out.reserve(total);
  for (const auto& p : patterns) expand(p.elements, 0, length, Sequence{}, out);
  // Lexicographic order in sfinder's piece order (T I L J S Z O): first piece most significant.
  // Every sequence has `length` pieces, so the codes with their pieces reversed sort that way;
  // they are sorted as plain integers and turned back.
  auto reversed = [length](std::uint64_t code) {
    std::uint64_t k = 0;
    for (int i = 0; i < length; ++i) k = (k << 3) | ((code >> (3 * i)) & 7);
    return k;
  };
  std::vector<std::uint64_t> keys(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) keys[i] = reversed(out[i].code);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  out.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) out[i] = Sequence{reversed(keys[i]), length};
  return out;
}

namespace {

// How many sequences of `p` start with a given prefix of `length` pieces (the same for every
// prefix the pattern has: it depends only on how far into which element the prefix reaches).
std::uint64_t completions(const Pattern& p, int length) {
  std::uint64_t c = 1;
  int consumed = 0;
  for (const PatternElement& e : p.elements) {
    int n = std::popcount(e.pieces);
    int take = e.take == 0 ? 1 : e.take;
    int used = std::clamp(length - consumed, 0, take);
    for (int k = used; k < take; ++k) c *= std::uint64_t(n - k);
    consumed += take;
  }
  return c;
}

}  // namespace

std::vector<CountedSequence> counted_prefixes(const std::vector<Pattern>& patterns, int length) {
  std::map<std::uint64_t, std::uint64_t> counts;
  std::vector<Sequence> order;
  for (const Pattern& p : patterns) {
    std::uint64_t each = completions(p, length);
    for (const Sequence& s : enumerate({p}, length)) counts[s.code] += each;
  }
  std::vector<CountedSequence> out;
  for (const Sequence& s : enumerate(patterns, length)) out.push_back({s, counts[s.code]});
  return out;
}

}  // namespace manyworlds::tetris
