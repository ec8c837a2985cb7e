// The fast method: a complete search that never enumerates strings.
//
// Every x with a partner is x = P Q z Q with P over {L, V, R} (the first letter picks the rule,
// and only property Q ends the chain). For one P and one length n, the letters of z are
// unknowns and f(x) = P(z) is a string whose every position is either a letter Q added by an L
// or a position of z (V reverses, R repeats, L prepends Q). So f(x) = x is the system
//     source(i) = x[i]   for i in [0, n),
// where source(i) is "Q" or "z[j]" and x[i] is a letter of P, the Q at p = |P|, z[i - p - 1],
// or the final Q. Union-find over the positions of z and the letters solves it exactly: a class
// holding two different letters is a contradiction; a class with no letter is free (any letter
// of the alphabet; this never happens, as the proofs below imply, but is handled).
//
// Pruning (which P need to be tried at length n). Write x = P Q z Q with |P| = p, |z| = m,
// n = p + m + 2, and let r, a, v be the numbers of R, L, V in P.
//
// Lemma 1 (letter counts). For a letter c other than Q, count_x(c) = count_P(c) + count_z(c),
// while f(x) = P(z) contains c exactly 2^r count_z(c) times (L adds only Q, V permutes, each R
// doubles everything inside it). So f(x) = x needs count_P(c) = (2^r - 1) count_z(c) for every
// c != Q.
//  - r >= 1: if r = 0, then count_P(c) = 0 for all c, so P is empty, x = QzQ and |f(x)| = n - 2.
//  - r = 1: with c = R, r = (2^r - 1) count_z(R); for r >= 2, 0 < r < 2^r - 1, so the right side
//    is 0 or at least 2^r - 1 > r. Hence r = 1 and count_z(R) = 1.
//  - With r = 1, count_z(c) = count_P(c) for c in {L, V, R}, and count_z(c) = 0 for any extra
//    letter c (P has none): no solution uses a letter outside Q, L, V, R.
// Lemma 2 (length and Q count). Write P = A R B with A, B over {L, V}, a_A and a_B the L's in
// them, q the Q's of z. Then |f(x)| = 2(m + a_B) + a_A, and the Q's of f(x) number
// 2q + 2a_B + a_A while x has q + 2. Equal Q counts give q + a_A + 2a_B = 2. By Lemma 1,
// m = q + a + v + 1, so n = p + m + 2 = 2v + 6 + a_A (the length equation then holds too).
// The cases are (q, a_A, a_B) = (2, 0, 0), (1, 1, 0), (0, 2, 0), (0, 0, 1), with
//   (2, 0, 0): P = V^i R V^j,           n even, i + j = (n - 6) / 2;
//   (1, 1, 0): P = V^i L V^k R V^j,     n odd,  i + k + j = (n - 7) / 2;
//   (0, 2, 0): P = A R V^j, A with two L's, n even — impossible by Lemma 3;
//   (0, 0, 1): P = V^i R V^j L V^k,     n even, i + j + k = (n - 6) / 2.
// Lemma 3 (case (0, 2, 0) is empty). Here B = V^j, so w = B(z) is z or its reverse, with no Q,
// and f(x) = A(ww) with A = V^i L V^k L V^l. V^l(ww) has no Q; L puts a Q in front; V^k leaves
// it first or last; the second L adds a Q in front; V^i maybe reverses. So the two Q's of f(x)
// are at positions {0, 1}, {0, n - 1} or {n - 2, n - 1}. The Q's of x (q = 0, P has none) are
// at p and n - 1, and x[0] = P[0] is not Q, so f(x) needs its Q's at {n - 2, n - 1} = {p, n - 1},
// i.e. p = n - 2 and m = 0. But m = q + a + v + 1 = v + 3 > 0.
// These lemmas are checked against brute force by the tests: unpruned_length, which tries every
// P over {L, V, R} of every length, and the seed's search over all strings give the same sets.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock::detail {

namespace {

// A run of f(x): `length` positions reading z[first + step * t], or one Q when first < 0.
struct Segment {
  int length;
  int first;
  int step;
};

// Scratch space reused across prefixes by one thread: the segments and a union-find whose
// nodes count as fresh (their own root) until touched in the current epoch.
struct Scratch {
  std::vector<Segment> segments;
  std::vector<int> parent;
  std::vector<std::uint32_t> stamp;
  std::uint32_t epoch = 0;
  std::vector<int> free_roots;
  std::string x;

  void begin(std::size_t nodes) {
    if (parent.size() < nodes) {
      parent.resize(nodes);
      stamp.resize(nodes, 0);
    }
    if (++epoch == 0) {  // wrapped: clear every stamp once
      std::fill(stamp.begin(), stamp.end(), 0);
      epoch = 1;
    }
  }
  int find(int a) {
    auto touch = [&](int node) {
      std::size_t k = static_cast<std::size_t>(node);
      if (stamp[k] != epoch) {
        stamp[k] = epoch;
        parent[k] = node;
      }
      return k;
    };
    while (true) {
      int up = parent[touch(a)];
      if (up == a) return a;
      int upper = parent[touch(up)];
      parent[static_cast<std::size_t>(a)] = upper;  // path halving
      a = upper;
    }
  }
};

}  // namespace

void solve_prefix(std::string_view prefix, int n, const Alphabet& alphabet,
                  std::vector<std::string>& out, Stats& stats) {
  thread_local Scratch s;
  const int p = static_cast<int>(prefix.size());
  if (p + 2 > n) return;
  const int m = n - p - 2;
  ++stats.prefixes;

  // source(i) for f(x) = P(z), as a list of segments built from the inside out: z itself, a Q
  // for each L, a repeat for each R; V only flips the reading direction. The list is physical;
  // the logical string is it read backwards (each segment too) when `reversed`. Lengths only
  // grow from the inside out, so a prefix is dropped as soon as |P(z)| passes n.
  auto& segs = s.segments;
  segs.clear();
  if (m > 0) segs.push_back({m, 0, 1});
  std::int64_t len = m;
  bool reversed = false;
  for (int i = p - 1; i >= 0; --i) {
    switch (prefix[static_cast<std::size_t>(i)]) {
      case 'L':
        if (++len > n) return;
        if (reversed) {
          segs.push_back({1, -1, 0});
        } else {
          segs.insert(segs.begin(), Segment{1, -1, 0});
        }
        break;
      case 'V':
        reversed = !reversed;
        break;
      default: {  // R: the logical repeat is the physical repeat in either direction
        len *= 2;
        if (len > n) return;
        std::size_t count = segs.size();
        for (std::size_t k = 0; k < count; ++k) segs.push_back(segs[k]);
        break;
      }
    }
  }
  if (len != n) return;

  // Union-find: nodes [0, m) are z's positions, m + rank(c) the letter c. A letter node is
  // always the root of its class, so a class has a letter exactly when its root is >= m. Nodes
  // are reset lazily by an epoch stamp, so a prefix that fails early costs little.
  const int letters = static_cast<int>(alphabet.size());
  s.begin(static_cast<std::size_t>(m + letters));
  std::array<int, 256> letter_node{};
  for (char c : {'Q', 'L', 'V', 'R'}) {
    letter_node[static_cast<unsigned char>(c)] = m + alphabet.rank(c);
  }
  const int q_node = letter_node['Q'];
  auto x_node = [&](int i) {
    if (i < p) return letter_node[static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)])];
    if (i == p || i == n - 1) return q_node;
    return i - p - 1;
  };
  int i = 0;
  const std::size_t count = segs.size();
  for (std::size_t k = 0; k < count; ++k) {
    const Segment& seg = segs[reversed ? count - 1 - k : k];
    // Logical reading of the segment: z[first + step * t] for t in [0, length), or a Q.
    const int step = reversed ? -seg.step : seg.step;
    const int first = reversed ? seg.first + seg.step * (seg.length - 1) : seg.first;
    for (int t = 0; t < seg.length; ++t, ++i) {
      ++stats.equations;
      int a = s.find(seg.first < 0 ? q_node : first + step * t);
      int b = s.find(x_node(i));
      if (a == b) continue;
      if (a >= m && b >= m) return;  // two different letters: no solution with this P
      if (a >= m) {
        s.parent[static_cast<std::size_t>(b)] = a;
      } else {
        s.parent[static_cast<std::size_t>(a)] = b;
      }
    }
  }
  ++stats.consistent_systems;

  // Read z off the classes; free classes take every letter of the alphabet.
  s.free_roots.clear();
  s.x.assign(prefix);
  s.x += 'Q';
  for (int j = 0; j < m; ++j) {
    int root = s.find(j);
    if (root >= m) {
      s.x += alphabet.letters()[static_cast<std::size_t>(root - m)];
    } else {
      s.x += '?';
      if (std::find(s.free_roots.begin(), s.free_roots.end(), root) == s.free_roots.end()) {
        s.free_roots.push_back(root);
      }
    }
  }
  s.x += 'Q';
  double assignments = std::pow(static_cast<double>(letters), s.free_roots.size());
  if (assignments > 1e6) {
    throw InputError(fmt::format("prefix {} at length {} leaves {} free letters", prefix, n,
                                 s.free_roots.size()));
  }
  std::vector<int> digit(s.free_roots.size(), 0);
  while (true) {
    std::string x = s.x;
    for (int j = 0; j < m; ++j) {
      if (x[static_cast<std::size_t>(p + 1 + j)] != '?') continue;
      int root = s.find(j);
      std::size_t k = static_cast<std::size_t>(
          std::find(s.free_roots.begin(), s.free_roots.end(), root) - s.free_roots.begin());
      x[static_cast<std::size_t>(p + 1 + j)] =
          alphabet.letters()[static_cast<std::size_t>(digit[k])];
    }
    // Never our own oracle: each solution is re-derived from the rules.
    if (!related(x, x)) {
      throw std::logic_error(fmt::format("lock: fast produced {}, which is not a solution", x));
    }
    out.push_back(std::move(x));
    std::size_t k = 0;
    while (k < digit.size() && ++digit[k] == letters) digit[k++] = 0;
    if (k == digit.size()) break;
  }
}

void fast_length(int n, const Alphabet& alphabet, std::vector<std::string>& out, Stats& stats) {
  std::string prefix;
  // Long lengths take seconds each: Ctrl-C is honoured between prefixes.
  auto solve = [&] {
    if (cancel_requested()) throw_if_cancelled(fmt::format("in lock fast, at length {}", n));
    solve_prefix(prefix, n, alphabet, out, stats);
  };
  auto vs = [](int count) { return std::string(static_cast<std::size_t>(count), 'V'); };
  if (n % 2 == 0 && n >= 6) {
    const int v = (n - 6) / 2;
    // (q, a_A, a_B) = (2, 0, 0): P = V^i R V^j.
    for (int i = 0; i <= v; ++i) {
      prefix = vs(i) + "R" + vs(v - i);
      solve();
    }
    // (0, 0, 1): P = V^i R V^j L V^k.
    for (int i = 0; i <= v; ++i) {
      for (int j = 0; i + j <= v; ++j) {
        prefix = vs(i) + "R" + vs(j) + "L" + vs(v - i - j);
        solve();
      }
    }
  }
  if (n % 2 == 1 && n >= 7) {
    const int v = (n - 7) / 2;
    // (1, 1, 0): P = V^i L V^k R V^j.
    for (int i = 0; i <= v; ++i) {
      for (int k = 0; i + k <= v; ++k) {
        prefix = vs(i) + "L" + vs(k) + "R" + vs(v - i - k);
        solve();
      }
    }
  }
}

std::uint64_t fast_prefix_count(int n) {
  auto pairs = [](std::uint64_t v) { return (v + 1) * (v + 2) / 2; };
  if (n % 2 == 0 && n >= 6) {
    std::uint64_t v = static_cast<std::uint64_t>((n - 6) / 2);
    return v + 1 + pairs(v);
  }
  if (n % 2 == 1 && n >= 7) return pairs(static_cast<std::uint64_t>((n - 7) / 2));
  return 0;
}

void unpruned_length(int n, const Alphabet& alphabet, std::vector<std::string>& out, Stats& stats) {
  static constexpr char kRules[3] = {'L', 'V', 'R'};
  for (int p = 0; p + 2 <= n; ++p) {
    std::vector<int> digit(static_cast<std::size_t>(p), 0);
    std::string prefix(static_cast<std::size_t>(p), 'L');
    while (true) {
      solve_prefix(prefix, n, alphabet, out, stats);
      std::size_t k = 0;
      while (k < digit.size() && ++digit[k] == 3) {
        digit[k] = 0;
        prefix[k] = kRules[0];
        ++k;
      }
      if (k == digit.size()) break;
      prefix[k] = kRules[digit[k]];
    }
  }
}

}  // namespace manyworlds::lock::detail
