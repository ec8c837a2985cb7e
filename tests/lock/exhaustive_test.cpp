// Every string up to length 16 checked against the relation, independently of the fast search.
//
// Plain enumeration of all 4^16 strings is about 4.3e9 relation tests; this test walks the same
// strings in a different order and skips, without testing them one by one, only those that
// provably have no partner of their own length:
//  1. By the rules, f(x) exists only for x = P Q z Q with P over {L, V, R} (f strips the
//     leading L, V, R letters one at a time and must then meet QzQ). Every other string has no
//     image, so no partner.
//  2. The length of f(P Q z Q) depends only on P and |z| (Q strips, L adds one letter, V keeps
//     the length, R doubles it), so it is partner_length(P Q Q^|z| Q).
// Rule 1 is itself checked below against the plain enumeration for every length up to 10.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {
namespace {

// All strings of length `n` over `letters`, in lexicographic order of positions.
template <typename Fn>
void for_each_string(std::size_t n, std::string_view letters, Fn&& fn) {
  std::string s(n, letters[0]);
  std::vector<std::size_t> digit(n, 0);
  while (true) {
    fn(s);
    std::size_t i = n;
    while (i > 0) {
      --i;
      if (++digit[i] < letters.size()) {
        s[i] = letters[digit[i]];
        break;
      }
      digit[i] = 0;
      s[i] = letters[0];
      if (i == 0) return;
    }
    if (n == 0) return;
  }
}

// The strings of length n that equal their partner, by the walk described above.
std::vector<std::string> self_related_by_shape(std::size_t n) {
  std::vector<std::string> found;
  for (std::size_t k = 0; k + 2 <= n; ++k) {
    std::size_t m = n - 2 - k;
    for_each_string(k, "LVR", [&](const std::string& prefix) {
      auto length = partner_length(prefix + "Q" + std::string(m, 'Q') + "Q");
      if (!length || *length != n) return;
      for_each_string(m, "QLVR", [&](const std::string& z) {
        std::string x = prefix + "Q" + z + "Q";
        if (partner(x) == x) found.push_back(x);
      });
    });
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Rule 1 and 2 against the plain enumeration: every string with a partner of its own length
// has the shape, for every length up to 10 (the first solutions appear at 10).
TEST(LockExhaustive, ShapeWalkEqualsPlainEnumerationTo10) {
  for (std::size_t n = 1; n <= 10; ++n) {
    std::vector<std::string> plain;
    for_each_string(n, "QLVR", [&](const std::string& x) {
      auto length = partner_length(x);
      if (length && *length == n && partner(x) == x) plain.push_back(x);
    });
    EXPECT_EQ(sorted(plain), self_related_by_shape(n)) << n;
  }
}

// Every string of length 11..16 against the fast search's complete solution set (about 4 s
// in release, 20 s under the sanitizers).
TEST(LockExhaustive, EveryStringTo16AgreesWithFastSlow) {
  SolveOptions o;
  o.method = Method::Fast;
  o.max_length = 16;
  SolveResult fast = solve(o);
  for (std::size_t n = 11; n <= 16; ++n) {
    EXPECT_EQ(self_related_by_shape(n), sorted(fast.solutions[n])) << n;
  }
}

}  // namespace
}  // namespace manyworlds::lock
