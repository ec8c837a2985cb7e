// Counting and enumerating minimal sequences: Hamiltonian paths of the N-cube from vertex 0.
//
// A path is grown one flip at a time; the visited vertices are one 64-bit word (N <= 6).
//  - Canonical form (Method::Symmetry): a card may be flipped for the first time only when
//    every lower card has been flipped already, so the search sees one sequence per class and
//    the count is multiplied by N! (every class has exactly N! members; see cards.hpp).
//  - Dead ends: every unvisited vertex must still be entered (from an unvisited neighbour or
//    from the current vertex) and left again, unless it is the last one. So a step is dropped
//    when some unvisited vertex has no way in, or two have only one way (both would have to
//    be the last vertex). The neighbour sets of all vertices at once are bit permutations of
//    the unvisited word, so the test is a handful of word operations.
//  - Memo (Method::Symmetry, N = 5): once every card is used, the number of completions
//    depends only on (visited, at), and only up to the symmetries of the cube: moving `at` to
//    vertex 0 (XOR) and renaming the cards maps the completions of one state one-to-one onto
//    those of its image. So the threads remember it for the middle depths in one shared
//    fixed-size table under a symmetric key: the state moved to vertex 0 and its cards sorted
//    by an invariant of the unvisited set. Symmetric states with equal invariants but another
//    order of their tied cards get different keys; that costs only a lookup, never exactness.
// Work is split into the search's nodes at a fixed depth (prefixes, in lexicographic order);
// each prefix is counted on its own and the counts are added in prefix order, so the counts do
// not depend on the number of threads. Nor does the number of search nodes: a subtree found in
// the memo counts with its remembered size, so it is always the size of the whole search tree.

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>
#include <set>
#include <stdexcept>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"

namespace manyworlds::cards {
namespace {

// A node of the search: the path so far ends at `at`, has visited `visited` in `depth` flips
// and has used `used` (a bit per card). `canonical`: its cards appeared in the order 0, 1, ...
struct Node {
  unsigned at = 0;
  std::uint64_t visited = 1;
  int depth = 0;
  unsigned used = 0;
  bool canonical = true;
};

struct Tally {
  std::uint64_t sequences = 0;
  std::uint64_t canonical = 0;
  std::uint64_t nodes = 0;
};

// Remembered subtrees for 5 cards, shared by all threads: for a symmetric key (the visited set
// moved so that the path ends at vertex 0, without vertex 0: 31 bits), the number of canonical
// completions and the number of search nodes in the subtree; both are the same for every state
// with that key. An entry is two 64-bit words, each read and written atomically and each
// holding the key above its number (33 bits: no subtree holds more than the 48828036 canonical
// sequences in all, nor more nodes than the whole tree), so a word read is either whole and for
// this key or ignored. Entries are overwritten on collision, so what the table holds depends on
// timing, but every value it returns is exact: a search adds the same counts and the same node
// total whatever it found.
class SharedMemo {
 public:
  static constexpr int kKeyBits = 31;
  static constexpr int kValueBits = 64 - kKeyBits;

  // The table comes zeroed from calloc, page by page as the threads first touch it, rather
  // than filled by one thread before the others start.
  explicit SharedMemo(int bits)
      : bits_(bits), words_(static_cast<std::uint64_t*>(std::calloc(std::size_t{2} << bits, 8))) {
    if (!words_) throw std::bad_alloc();
  }

  // The subtree of `key`: its canonical completions and its search nodes.
  bool find(std::uint64_t key, std::uint64_t& count, std::uint64_t& nodes) const {
    std::uint64_t* e = entry(key);
    std::uint64_t c = load_word(e[0]);
    if (c == 0 || (c >> kValueBits) != key) return false;
    std::uint64_t n = load_word(e[1]);
    if ((n >> kValueBits) != key) return false;
    count = c & mask(kValueBits);
    nodes = n & mask(kValueBits);
    return true;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(entry(key)); }
  void store(std::uint64_t key, std::uint64_t count, std::uint64_t nodes) {
    if (key == 0 || key > mask(kKeyBits) || count > mask(kValueBits) || nodes > mask(kValueBits)) {
      throw std::logic_error("cards: memo key or value out of range");
    }
    std::uint64_t* e = entry(key);
    store_word(e[0], key << kValueBits | count);
    store_word(e[1], key << kValueBits | nodes);
  }

 private:
  struct Free {
    void operator()(std::uint64_t* p) const { std::free(p); }
  };
  static constexpr std::uint64_t mask(int bits) { return (std::uint64_t{1} << bits) - 1; }
  // Relaxed atomic reads and writes of one word (what std::atomic_ref does; emscripten 3.1.6's
  // libc++, for the browser build, has no atomic_ref).
  static std::uint64_t load_word(const std::uint64_t& word) {
    return __atomic_load_n(&word, __ATOMIC_RELAXED);
  }
  static void store_word(std::uint64_t& word, std::uint64_t value) {
    __atomic_store_n(&word, value, __ATOMIC_RELAXED);
  }
  // The entry of `key`: its count word, then its node word (16 bytes, 16-byte aligned).
  std::uint64_t* entry(std::uint64_t key) const {
    return words_.get() + 2 * ((key * 0x9E3779B97F4A7C15ull) >> (64 - bits_));
  }
  int bits_;
  std::unique_ptr<std::uint64_t[], Free> words_;
};

// 2^20 entries of 16 bytes (16 MiB); the size was chosen by measurement (docs/benchmarks.md,
// "cards count 5 (issue 35)").
constexpr int kMemoBits = 20;

template <int N>
class CubeSearch {
 public:
  static constexpr int kLength = (1 << N) - 1;
  // Memoized depths, chosen by measurement (docs/benchmarks.md).
  static constexpr int kMemoFrom = 12;
  static constexpr int kMemoTo = N == 5 ? kLength - 3 : 0;

  static constexpr std::uint64_t kAll =
      N == 6 ? ~std::uint64_t{0} : (std::uint64_t{1} << (1u << N)) - 1;

  CubeSearch() {
    for (unsigned u = 0; u < (1u << N); ++u) {
      std::uint64_t mask = 0;
      for (int c = 0; c < N; ++c) mask |= std::uint64_t{1} << (u ^ (1u << c));
      neighbours_[u] = mask;
    }
    for (int c = 0; c < N; ++c) {
      for (unsigned u = 0; u < (1u << N); ++u) {
        if (!((u >> c) & 1)) low_[c] |= std::uint64_t{1} << u;
      }
    }
    for (unsigned u = 0; u < (1u << N); ++u) {
      layer_[static_cast<std::size_t>(std::popcount(u))] |= std::uint64_t{1} << u;
    }
    for (int i = 0; i < N; ++i) {
      for (int j = i + 1; j < N; ++j) {
        std::uint64_t& movers = movers_[static_cast<std::size_t>(i * N + j)];
        for (unsigned u = 0; u < (1u << N); ++u) {
          if (((u >> i) & 1) && !((u >> j) & 1)) movers |= std::uint64_t{1} << u;
        }
      }
    }
  }

  // The vertices whose card-c neighbour is in `set`.
  std::uint64_t across(std::uint64_t set, int c) const {
    unsigned s = 1u << c;
    return ((set & low_[c]) << s) | ((set >> s) & low_[c]);
  }

  // `set` with cards i < j renamed into each other: the vertices with card i up and card j down
  // trade places with their partners (a delta swap).
  std::uint64_t swap_cards(std::uint64_t set, int i, int j) const {
    unsigned delta = (1u << j) - (1u << i);
    std::uint64_t t = ((set >> delta) ^ set) & movers_[static_cast<std::size_t>(i * N + j)];
    return set ^ t ^ (t << delta);
  }

  // The memo key of the state (visited, at) once every card is used: the visited set moved by
  // XOR so that `at` is vertex 0, then its cards renamed in decreasing order of an invariant
  // (for each card, the number of unvisited vertices with that card up, by distance from `at`).
  // Symmetric states share their completions and their subtree sizes (see the file comment).
  std::uint64_t symmetric_key(std::uint64_t visited, unsigned at) const {
    std::uint64_t set = visited;
    for (int c = 0; c < N; ++c) {
      if ((at >> c) & 1) set = across(set, c);
    }
    std::uint64_t unvisited = ~set & kAll;
    std::array<std::uint32_t, N> rank{};
    for (int c = 0; c < N; ++c) {
      std::uint64_t up = unvisited & ~low_[c];
      for (int k = 1; k < N; ++k) {  // every card is up in the one vertex of layer N
        rank[c] = rank[c] << 4 | static_cast<std::uint32_t>(std::popcount(up & layer_[k]));
      }
    }
    for (int p = 0; p + 1 < N; ++p) {
      int best = p;
      for (int q = p + 1; q < N; ++q) {
        if (rank[q] > rank[best]) best = q;
      }
      if (best != p) {
        set = swap_cards(set, p, best);
        std::swap(rank[p], rank[best]);
      }
    }
    return set >> 1;
  }

  // The dead-end test for a path at `at` that has visited `visited` (see the file comment).
  bool alive(unsigned at, std::uint64_t visited) const {
    std::uint64_t unvisited = ~visited & kAll;
    std::uint64_t ways_in_1 = neighbours_[at];  // at least one way in or out
    std::uint64_t ways_in_2 = 0;                // at least two
    for (int c = 0; c < N; ++c) {
      std::uint64_t x = across(unvisited, c);
      ways_in_2 |= ways_in_1 & x;
      ways_in_1 |= x;
    }
    if (unvisited & ~ways_in_1) return false;
    std::uint64_t must_end = unvisited & ~ways_in_2;
    return (must_end & (must_end - 1)) == 0;
  }

  // The children of `node` in increasing card order; `restrict`: canonical children only.
  template <typename Fn>
  void for_each_child(const Node& node, bool restrict, Fn&& fn) const {
    int first_unused = std::countr_one(node.used);
    int limit = restrict ? std::min(N, first_unused + 1) : N;
    for (int c = 0; c < limit; ++c) {
      unsigned next = node.at ^ (1u << c);
      std::uint64_t visited = node.visited | (std::uint64_t{1} << next);
      if (visited == node.visited) continue;
      if (node.depth + 1 < kLength && !alive(next, visited)) continue;
      bool is_new = !((node.used >> c) & 1);
      Node child{next, visited, node.depth + 1, node.used | (1u << c),
                 node.canonical && (!is_new || c == first_unused)};
      if (!fn(c, child)) return;
    }
  }

  static bool memoized(const Node& node) {
    return node.depth >= kMemoFrom && node.depth <= kMemoTo && node.used == (1u << N) - 1;
  }

  // Canonical completions of `node` (Method::Symmetry); adds the nodes of its search tree to
  // `nodes`. Once every card has been used, both depend only on the symmetry class of (at,
  // visited), which `memo` (if any) remembers for the middle depths under `key` (the node's
  // symmetric_key, computed by the caller when the node is memoized): a subtree found there
  // adds its remembered node count, so `nodes` is the size of the whole search tree, as
  // without the memo.
  std::uint64_t count_canonical(const Node& node, std::uint64_t key, std::uint64_t& nodes,
                                SharedMemo* memo) const {
    ++nodes;
    if (node.depth == kLength) return 1;
    if (node.depth == kLength - 1) {
      return static_cast<std::uint64_t>(std::popcount(neighbours_[node.at] & ~node.visited));
    }
    bool memoize = memo != nullptr && memoized(node);
    std::uint64_t remembered = 0, remembered_nodes = 0;
    if (memoize && memo->find(key, remembered, remembered_nodes)) {
      nodes += remembered_nodes - 1;
      return remembered;
    }
    std::uint64_t nodes_before = nodes;
    // The children and their keys first, so that their memo entries are fetched together.
    std::array<Node, N> children;
    std::array<std::uint64_t, N> keys{};
    int count = 0;
    for_each_child(node, true, [&](int, const Node& child) {
      children[static_cast<std::size_t>(count++)] = child;
      return true;
    });
    if (memo != nullptr) {
      for (int i = 0; i < count; ++i) {
        const Node& child = children[static_cast<std::size_t>(i)];
        if (!memoized(child)) continue;
        keys[static_cast<std::size_t>(i)] = symmetric_key(child.visited, child.at);
        memo->prefetch(keys[static_cast<std::size_t>(i)]);
      }
    }
    std::uint64_t total = 0;
    for (int i = 0; i < count; ++i) {
      auto k = static_cast<std::size_t>(i);
      total += count_canonical(children[k], keys[k], nodes, memo);
    }
    if (memoize) memo->store(key, total, nodes - nodes_before + 1);
    return total;
  }

  // All completions of `node`, and how many of them are canonical (Method::Dfs).
  void count_all(const Node& node, Tally& tally) const {
    ++tally.nodes;
    if (node.depth == kLength) {
      ++tally.sequences;
      tally.canonical += node.canonical;
      return;
    }
    for_each_child(node, false, [&](int, const Node& child) {
      count_all(child, tally);
      return true;
    });
  }

  // The nodes at `depth` (or the complete paths, if shorter), in lexicographic order.
  void prefixes(const Node& node, int depth, bool restrict, std::vector<Node>& out) const {
    if (node.depth == depth || node.depth == kLength) {
      out.push_back(node);
      return;
    }
    for_each_child(node, restrict, [&](int, const Node& child) {
      prefixes(child, depth, restrict, out);
      return true;
    });
  }

  // Calls visit for every completion of the root in lexicographic order until it returns false.
  bool enumerate(const Node& node, bool restrict, std::array<Card, kLength>& path,
                 const std::function<bool(std::span<const Card>)>& visit) const {
    if (node.depth == kLength) return visit(std::span<const Card>(path.data(), kLength));
    bool go_on = true;
    for_each_child(node, restrict, [&](int c, const Node& child) {
      path[static_cast<std::size_t>(node.depth)] = static_cast<Card>(c);
      go_on = enumerate(child, restrict, path, visit);
      return go_on;
    });
    return go_on;
  }

 private:
  std::array<std::uint64_t, (1u << N)> neighbours_{};
  std::array<std::uint64_t, N> low_{};        // the vertices with card c face down
  std::array<std::uint64_t, N + 1> layer_{};  // the vertices with k cards face up
  // movers_[i * N + j] (i < j): the vertices with card i up and card j down.
  std::array<std::uint64_t, N * N> movers_{};
};

// The prefix depth that splits the work into a few hundred to a few thousand tasks.
constexpr int split_depth(int cards) {
  return cards <= 3 ? 0 : cards == 4 ? 6 : 8;
}

template <int N>
CountResult count_with(const CountOptions& options) {
  const CubeSearch<N> search;
  bool restrict = options.method == Method::Symmetry;
  std::vector<Node> tasks;
  search.prefixes(Node{}, split_depth(N), restrict, tasks);
  std::vector<Tally> tallies(tasks.size());
  std::unique_ptr<SharedMemo> memo;
  if (restrict && options.memo && CubeSearch<N>::kMemoFrom <= CubeSearch<N>::kMemoTo) {
    memo = std::make_unique<SharedMemo>(kMemoBits);
  }
  Progress progress(fmt::format("cards: counting {} cards", N), tasks.size(), options.progress);
  parallel_for(tasks.size(), options.threads, [&](std::size_t t) {
    throw_if_cancelled(
        fmt::format("count: stopped after {} of {} prefixes", progress.done(), tasks.size()));
    Tally& tally = tallies[t];
    if (restrict) {
      const Node& task = tasks[t];
      std::uint64_t key =
          memo && CubeSearch<N>::memoized(task) ? search.symmetric_key(task.visited, task.at) : 0;
      tally.sequences = search.count_canonical(task, key, tally.nodes, memo.get());
      tally.canonical = tally.sequences;
    } else {
      search.count_all(tasks[t], tally);
    }
    progress.advance();
  });
  std::uint64_t nodes = 0, sequences = 0, canonical = 0;
  for (const Tally& t : tallies) {
    nodes += t.nodes;
    sequences += t.sequences;
    canonical += t.canonical;
  }
  CountResult result;
  result.cards = N;
  result.tasks = tasks.size();
  result.nodes = nodes;
  BigInt factorial = 1;
  for (int k = 2; k <= N; ++k) factorial *= k;
  if (restrict) {
    result.classes = BigInt(static_cast<std::uint64_t>(canonical));
    result.sequences = result.classes * factorial;
  } else {
    result.sequences = BigInt(static_cast<std::uint64_t>(sequences));
    result.classes = BigInt(static_cast<std::uint64_t>(canonical));
  }
  return result;
}

// Steps the odometer `digits` (base `base`, most significant first) to the next string with
// no two equal neighbours, in increasing order. Returns false after the last one.
bool next_without_repeats(std::vector<Card>& digits, int base) {
  std::size_t i = digits.size();
  while (i > 0) {
    --i;
    int d = digits[i] + 1;
    if (i > 0 && d == digits[i - 1]) ++d;
    if (d < base) {
      digits[i] = static_cast<Card>(d);
      // The smallest continuation: 0, or 1 after a 0.
      for (std::size_t j = i + 1; j < digits.size(); ++j) digits[j] = digits[j - 1] == 0 ? 1 : 0;
      return true;
    }
  }
  return false;
}

CountResult count_brute(int cards) {
  // Canonical forms packed 4 bits per instruction (at most 15 instructions for 4 cards).
  std::set<std::uint64_t> classes;
  CountResult result;
  result.cards = cards;
  result.tasks = 1;
  std::uint64_t found = 0;
  result.nodes = brute_force(cards, [&](std::span<const Card> s) {
    ++found;
    std::uint64_t packed = 0;
    for (Card c : canonical_form(s)) packed = packed << 4 | c;
    classes.insert(packed);
  });
  result.sequences = BigInt(static_cast<std::uint64_t>(found));
  result.classes = BigInt(static_cast<std::uint64_t>(classes.size()));
  return result;
}

}  // namespace

std::string_view method_name(Method method) {
  switch (method) {
    case Method::Symmetry:
      return "symmetry";
    case Method::Dfs:
      return "dfs";
    case Method::Brute:
      return "brute";
  }
  return "?";
}

Sequence canonical_form(std::span<const Card> sequence) {
  std::array<int, kMaxCards> rename;
  rename.fill(-1);
  int next = 0;
  Sequence out;
  out.reserve(sequence.size());
  for (Card c : sequence) {
    if (rename[c] < 0) rename[c] = next++;
    out.push_back(static_cast<Card>(rename[c]));
  }
  return out;
}

std::uint64_t brute_force(int cards, const std::function<void(std::span<const Card>)>& visit) {
  if (cards < 1 || cards > kMaxBruteCards) {
    throw InputError(
        fmt::format("brute force: the number of cards must be 1..{} (it tries "
                    "N*(N-1)^(2^N-2) strings: 5.8e18 for 5 cards), not {}",
                    kMaxBruteCards, cards));
  }
  std::size_t length = minimal_length(cards);
  // The seed starts at N^(L-2), written with L digits [0, 1, 0, ..., 0]; the first string
  // after it without repeated neighbours is [0, 1, 0, 1, ...] (for one card: [0]).
  std::vector<Card> digits(length);
  for (std::size_t j = 1; j < length; ++j) digits[j] = digits[j - 1] == 0 ? 1 : 0;
  std::uint64_t candidates = 0;
  do {
    ++candidates;
    if ((candidates & 0xfffff) == 0) throw_if_cancelled("brute force: stopped");
    // Every start must reach all-down: the states after each flip, seen from start 0, must
    // all differ (a repeated state means some other start is never all-down).
    std::uint64_t seen = 1;
    unsigned at = 0;
    bool works = true;
    for (Card c : digits) {
      at ^= 1u << c;
      std::uint64_t bit = std::uint64_t{1} << at;
      if (seen & bit) {
        works = false;
        break;
      }
      seen |= bit;
    }
    if (works) visit(digits);
  } while (next_without_repeats(digits, cards));
  return candidates;
}

CountResult count(int cards, const CountOptions& options) {
  if (options.method == Method::Brute) return count_brute(cards);
  if (cards == 6) {
    throw InputError(
        "count: 6 cards are out of reach: the count is an open problem (more than 7.1e22 "
        "sequences, twice the number of Hamiltonian cycles of the 6-cube, OEIS A066037)");
  }
  if (cards < 1 || cards > kMaxCountCards) {
    throw InputError(
        fmt::format("count: the number of cards must be 1..{}, not {}", kMaxCountCards, cards));
  }
  switch (cards) {
    case 1:
      return count_with<1>(options);
    case 2:
      return count_with<2>(options);
    case 3:
      return count_with<3>(options);
    case 4:
      return count_with<4>(options);
    default:
      return count_with<5>(options);
  }
}

std::uint64_t enumerate(int cards, const EnumerateOptions& options,
                        const std::function<bool(std::span<const Card>)>& visit) {
  if (cards < 1 || cards > kMaxEnumerateCards) {
    throw InputError(fmt::format("enumerate: the number of cards must be 1..{}, not {}",
                                 kMaxEnumerateCards, cards));
  }
  std::uint64_t visited = 0;
  auto counted = [&](std::span<const Card> s) {
    if ((visited & 0xffff) == 0)
      throw_if_cancelled(fmt::format("enumerate: stopped after {} sequences", visited));
    ++visited;
    if (!visit(s)) return false;
    return options.limit == 0 || visited < options.limit;
  };
  auto run = [&]<int N>() {
    const CubeSearch<N> search;
    std::array<Card, CubeSearch<N>::kLength> path{};
    search.enumerate(Node{}, options.canonical_only, path, counted);
  };
  switch (cards) {
    case 1:
      run.template operator()<1>();
      break;
    case 2:
      run.template operator()<2>();
      break;
    case 3:
      run.template operator()<3>();
      break;
    case 4:
      run.template operator()<4>();
      break;
    case 5:
      run.template operator()<5>();
      break;
    default:
      run.template operator()<6>();
      break;
  }
  return visited;
}

}  // namespace manyworlds::cards
