// Solving: the seed's three searches (recursive, memoize, construct), dispatch, estimates.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {

namespace {

using detail::View;

// Packed combinations for memoize and construct: letter i's rank at bits [b i, b i + b), the
// length in the top 6 bits. Needs length * b <= 58.
constexpr int kLengthShift = 58;
constexpr std::uint64_t kCodeMask = (std::uint64_t{1} << kLengthShift) - 1;

int packable_length(const Alphabet& alphabet) {
  return kLengthShift / alphabet.bits_per_letter();
}

struct RankTable {
  std::array<std::uint8_t, 256> rank{};
  explicit RankTable(const Alphabet& a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      rank[static_cast<unsigned char>(a.letters()[i])] = static_cast<std::uint8_t>(i);
    }
  }
};

double power(double base, int exponent) {
  return std::pow(base, exponent);
}

// Strings of length n over the alphabet: sum of |A|^n over the range.
double strings_in_range(const SolveOptions& o) {
  double total = 0;
  for (int n = o.min_length; n <= o.max_length; ++n) {
    total += power(static_cast<double>(o.alphabet.size()), n);
  }
  return total;
}

double physical_memory() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 1e18;
  return static_cast<double>(pages) * static_cast<double>(page);
}

std::string bytes_text(double bytes) {
  if (bytes >= 1024.0 * 1024 * 1024)
    return fmt::format("{:.1f} GiB", bytes / (1024.0 * 1024 * 1024));
  if (bytes >= 1024.0 * 1024) return fmt::format("{:.1f} MiB", bytes / (1024.0 * 1024));
  return fmt::format("{:.0f} KiB", bytes / 1024.0);
}

// The estimates' rates, from `--stats` counts (docs/benchmarks.md, "lock and escape: results
// as data"). Memoize stores about this many decided pairs per string tried, at about this many
// bytes per pair (16-byte keys in an open addressing table kept at most half full, plus the old
// table while it grows).
constexpr double kMemoPairsPerString = 1.35;
constexpr double kMemoBytesPerPair = 64;
constexpr double kConstructBytesPerPair = 16;
// Relation tests per string in recursive.
constexpr double kRecursiveStepsPerString = 1.5;

// ---------------------------------------------------------------------------------------------
// Recursive and memoize: every string of every length in the range.

// Calls fn(s) for every string of length n whose first `fixed` letters spell task number `task`
// in base |A|.
template <typename Fn>
void for_each_string(int n, int fixed, std::size_t task, const Alphabet& alphabet, Fn&& fn) {
  const std::size_t a = alphabet.size();
  std::string s(static_cast<std::size_t>(n), alphabet.letters()[0]);
  std::vector<std::size_t> digit(static_cast<std::size_t>(n), 0);
  for (int i = fixed - 1; i >= 0; --i) {
    digit[static_cast<std::size_t>(i)] = task % a;
    s[static_cast<std::size_t>(i)] = alphabet.letters()[task % a];
    task /= a;
  }
  std::uint64_t visited = 0;
  while (true) {
    fn(s);
    if ((++visited & 0xfffff) == 0) {
      throw_if_cancelled(fmt::format("in the lock search over strings, at length {}", n));
    }
    int i = n - 1;
    while (i >= fixed) {
      std::size_t k = static_cast<std::size_t>(i);
      if (++digit[k] < a) {
        s[k] = alphabet.letters()[digit[k]];
        break;
      }
      digit[k] = 0;
      s[k] = alphabet.letters()[0];
      --i;
    }
    if (i < fixed) return;
  }
}

void solve_recursive(const SolveOptions& o, SolveResult& result) {
  struct Task {
    int n;
    int fixed;
    std::size_t index;
  };
  std::vector<Task> tasks;
  for (int n = o.min_length; n <= o.max_length; ++n) {
    int fixed = std::min(n, 3);
    std::size_t count =
        static_cast<std::size_t>(power(static_cast<double>(o.alphabet.size()), fixed));
    for (std::size_t t = 0; t < count; ++t) tasks.push_back({n, fixed, t});
  }
  struct Slot {
    std::vector<std::string> found;
    Stats stats;
  };
  std::vector<Slot> slots(tasks.size());
  Progress progress("lock recursive", tasks.size(), o.progress);
  parallel_for(tasks.size(), o.threads, [&](std::size_t t) {
    const Task& task = tasks[t];
    Slot& slot = slots[t];
    for_each_string(task.n, task.fixed, task.index, o.alphabet, [&](const std::string& s) {
      ++slot.stats.combinations;
      if (related_counted(View(s), View(s), slot.stats.related_calls)) slot.found.push_back(s);
    });
    progress.advance();
  });
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    result.stats.combinations += slots[t].stats.combinations;
    result.stats.related_calls += slots[t].stats.related_calls;
    for (auto& s : slots[t].found) result.solutions[s.size()].push_back(std::move(s));
  }
}

// An open-addressing set of packed pairs, as compact as the seed's idea allows.
class PairSet {
 public:
  struct Key {
    std::uint64_t x, y;
    bool operator==(const Key&) const = default;
  };

  bool contains(const Key& k) const {
    if (slots_.empty()) return false;
    for (std::size_t i = hash(k) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == k) return true;
      if (slots_[i].x == kEmpty) return false;
    }
  }
  void insert(const Key& k) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    for (std::size_t i = hash(k) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == k) return;
      if (slots_[i].x == kEmpty) {
        slots_[i] = k;
        ++count_;
        return;
      }
    }
  }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return slots_.size() * sizeof(Key); }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  static std::size_t hash(const Key& k) {
    std::uint64_t h = k.x * 0x9e3779b97f4a7c15ULL ^ (k.y + 0x632be59bd9b4e019ULL);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    return static_cast<std::size_t>(h);
  }
  void grow() {
    std::vector<Key> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, Key{kEmpty, kEmpty});
    mask_ = slots_.size() - 1;
    count_ = 0;
    for (const Key& k : old) {
      if (k.x != kEmpty) insert(k);
    }
  }

  std::vector<Key> slots_;
  std::size_t mask_ = 0;
  std::size_t count_ = 0;
};

// The seed's memoize.cc: every relation test first looks in the cache of related pairs, then in
// the cache of unrelated ones, and stores what it decides.
class Memoizer {
 public:
  Memoizer(const Alphabet& alphabet, Stats& stats)
      : ranks_(alphabet), bits_(alphabet.bits_per_letter()), stats_(stats) {}

  bool related(View x, View y) {
    ++stats_.related_calls;
    ++stats_.cache_lookups;
    PairSet::Key key{pack(x), pack(y)};
    if (related_.contains(key)) {
      ++stats_.related_cache_hits;
      return true;
    }
    if (not_related_.contains(key)) {
      ++stats_.not_related_cache_hits;
      return false;
    }
    bool is_related = decide(x, y);
    (is_related ? related_ : not_related_).insert(key);
    return is_related;
  }

  void finish() {
    stats_.related_cache_size = related_.size();
    stats_.not_related_cache_size = not_related_.size();
  }

 private:
  std::uint64_t pack(View v) const {
    std::uint64_t code = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      code |= std::uint64_t{ranks_.rank[static_cast<unsigned char>(v[i])]}
              << (bits_ * static_cast<int>(i));
    }
    return code | (std::uint64_t{v.size()} << kLengthShift);
  }

  // One rule, with the inner test going back through the cache.
  bool decide(View x, View y) {
    if (x.empty()) return false;
    switch (x[0]) {
      case 'Q':
        return x.size() >= 2 && x[x.size() - 1] == 'Q' && x.substr(1, x.size() - 2) == y;
      case 'L':
        return !y.empty() && y[0] == 'Q' &&
               related(x.substr(1, x.size() - 1), y.substr(1, y.size() - 1));
      case 'V':
        return related(x.substr(1, x.size() - 1), y.reverse());
      case 'R': {
        if (y.size() % 2 != 0) return false;
        std::size_t half = y.size() / 2;
        View first = y.substr(0, half);
        return first == y.substr(half, half) && related(x.substr(1, x.size() - 1), first);
      }
      default:
        return false;
    }
  }

  RankTable ranks_;
  int bits_;
  Stats& stats_;
  PairSet related_;
  PairSet not_related_;
};

void solve_memoize(const SolveOptions& o, SolveResult& result) {
  Memoizer memo(o.alphabet, result.stats);
  Progress progress("lock memoize", static_cast<std::uint64_t>(o.max_length - o.min_length + 1),
                    o.progress);
  for (int n = o.min_length; n <= o.max_length; ++n) {
    for_each_string(n, 0, 0, o.alphabet, [&](const std::string& s) {
      ++result.stats.combinations;
      if (memo.related(View(s), View(s))) result.solutions[s.size()].push_back(s);
    });
    progress.advance();
  }
  memo.finish();
}

// ---------------------------------------------------------------------------------------------
// Construct: every related pair (x, f(x)) with |x|, |f(x)| <= N, from the four rules.
//
// No pair is produced twice, so no set is needed: a pair is produced from its x alone (seeds
// QzQ are distinct; a pair (cx, y') comes only from (x, f(x)) by the rule of letter c), and the
// first letter of x determines the rule. Every x with a partner is P Q z Q, reached from the
// seed (QzQ, z) by |P| rule applications, each of which keeps |x| and |f(x)| growing (L adds 1,
// V keeps, R doubles), so stopping at the limit loses no pair.

void solve_construct(const SolveOptions& o, SolveResult& result) {
  const int N = o.max_length;
  const int b = o.alphabet.bits_per_letter();
  const RankTable ranks(o.alphabet);
  const std::uint64_t q = ranks.rank['Q'], l = ranks.rank['L'], v = ranks.rank['V'],
                      r = ranks.rank['R'];
  const std::uint64_t expected = count_related_pairs(N, o.alphabet.size());
  struct Pair {
    std::uint64_t x, y;  // packed with their lengths
  };
  std::vector<Pair> pairs;
  pairs.reserve(expected);
  auto len = [](std::uint64_t c) { return static_cast<int>(c >> kLengthShift); };
  auto with_len = [](std::uint64_t code, int n) {
    return code | (static_cast<std::uint64_t>(n) << kLengthShift);
  };
  const std::uint64_t a = o.alphabet.size();
  // Seeds by property Q: (QzQ, z) for every z with |z| <= N - 2.
  for (int k = 0; k + 2 <= N; ++k) {
    std::uint64_t count = static_cast<std::uint64_t>(power(static_cast<double>(a), k));
    for (std::uint64_t index = 0; index < count; ++index) {
      std::uint64_t z = 0, rest = index;
      for (int i = 0; i < k; ++i) {
        z |= (rest % a) << (b * i);
        rest /= a;
      }
      std::uint64_t x = q | (z << b) | (q << (b * (k + 1)));
      pairs.push_back({with_len(x, k + 2), with_len(z, k)});
    }
    throw_if_cancelled("in lock construct, while seeding");
  }
  Progress progress("lock construct", expected, o.progress);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if ((i & 0xfffff) == 0) {
      throw_if_cancelled(fmt::format("in lock construct, after {} of {} pairs", i, expected));
      progress.advance(std::min<std::uint64_t>(0x100000, pairs.size() - i));
    }
    const Pair pair = pairs[i];
    const int xl = len(pair.x), yl = len(pair.y);
    if (xl >= N) continue;
    const std::uint64_t xc = pair.x & kCodeMask, yc = pair.y & kCodeMask;
    const std::uint64_t shifted_x = xc << b;
    // L: (Lx, Qy).
    if (yl + 1 <= N)
      pairs.push_back({with_len(shifted_x | l, xl + 1), with_len((yc << b) | q, yl + 1)});
    // V: (Vx, reverse y).
    std::uint64_t reversed = 0;
    for (int k = 0; k < yl; ++k) {
      reversed |= ((yc >> (b * k)) & ((std::uint64_t{1} << b) - 1)) << (b * (yl - 1 - k));
    }
    pairs.push_back({with_len(shifted_x | v, xl + 1), with_len(reversed, yl)});
    // R: (Rx, yy).
    if (2 * yl <= N) {
      pairs.push_back({with_len(shifted_x | r, xl + 1), with_len(yc | (yc << (b * yl)), 2 * yl)});
    }
  }
  if (pairs.size() != expected) {
    throw std::logic_error(
        fmt::format("lock construct: built {} pairs, counted {}", pairs.size(), expected));
  }
  result.stats.pairs = pairs.size();
  result.stats.pair_bytes = pairs.capacity() * sizeof(Pair);
  for (const Pair& pair : pairs) {
    if (pair.x != pair.y) continue;
    int n = len(pair.x);
    if (n < o.min_length) continue;
    std::string s(static_cast<std::size_t>(n), ' ');
    for (int k = 0; k < n; ++k) {
      s[static_cast<std::size_t>(k)] =
          o.alphabet.letters()[((pair.x >> (b * k)) & ((std::uint64_t{1} << b) - 1))];
    }
    result.solutions[static_cast<std::size_t>(n)].push_back(std::move(s));
  }
}

// ---------------------------------------------------------------------------------------------
// Fast: lengths are independent tasks, the longest first.

void solve_fast(const SolveOptions& o, SolveResult& result) {
  const std::size_t lengths = static_cast<std::size_t>(o.max_length - o.min_length + 1);
  struct Slot {
    std::vector<std::string> found;
    std::uint64_t count = 0;
    Stats stats;
  };
  std::vector<Slot> slots(lengths);
  std::uint64_t total_work = 0;
  for (int n = o.min_length; n <= o.max_length; ++n) total_work += detail::fast_prefix_count(n);
  Progress progress("lock fast (prefixes)", total_work, o.progress);
  parallel_for(lengths, o.threads, [&](std::size_t t) {
    const int n = o.max_length - static_cast<int>(t);
    Slot& slot = slots[t];
    throw_if_cancelled(fmt::format("in lock fast, at length {}", n));
    detail::fast_length(n, o.alphabet, slot.found, slot.stats);
    slot.count = slot.found.size();
    if (o.count_only) std::vector<std::string>().swap(slot.found);
    progress.advance(detail::fast_prefix_count(n));
  });
  for (std::size_t t = 0; t < lengths; ++t) {
    const std::size_t n = static_cast<std::size_t>(o.max_length) - t;
    const Stats& s = slots[t].stats;
    result.stats.prefixes += s.prefixes;
    result.stats.consistent_systems += s.consistent_systems;
    result.stats.equations += s.equations;
    result.counts[n] = slots[t].count;
    result.solutions[n] = std::move(slots[t].found);
  }
}

}  // namespace

std::uint64_t count_related_pairs(int max_length, std::size_t alphabet_size) {
  // For each |z| = k: the prefixes P over {L, V, R} with |P| + k + 2 <= N and |P(z)| <= N,
  // counted by the length of P(z) as P grows outwards one letter at a time (lengths never
  // shrink, so a length over N can be dropped at once). Each such P gives |A|^k pairs.
  const int N = max_length;
  std::uint64_t total = 0;
  auto add = [&](std::uint64_t a, std::uint64_t b) {
    std::uint64_t sum;
    if (__builtin_add_overflow(a, b, &sum)) throw InputError("lock: the pair count overflows");
    return sum;
  };
  auto mul = [&](std::uint64_t a, std::uint64_t b) {
    std::uint64_t product;
    if (__builtin_mul_overflow(a, b, &product)) throw InputError("lock: the pair count overflows");
    return product;
  };
  std::uint64_t words = 1;  // |A|^k
  for (int k = 0; k + 2 <= N; ++k) {
    if (k > 0) words = mul(words, alphabet_size);
    std::vector<std::uint64_t> ways(static_cast<std::size_t>(N) + 1, 0), next(ways.size());
    ways[static_cast<std::size_t>(k)] = 1;
    for (int p = 0; p + k + 2 <= N; ++p) {
      std::uint64_t prefixes = 0;
      for (std::uint64_t w : ways) prefixes = add(prefixes, w);
      total = add(total, mul(prefixes, words));
      std::fill(next.begin(), next.end(), 0);
      for (int y = 0; y <= N; ++y) {
        std::uint64_t w = ways[static_cast<std::size_t>(y)];
        if (w == 0) continue;
        if (y + 1 <= N)
          next[static_cast<std::size_t>(y + 1)] =
              add(next[static_cast<std::size_t>(y + 1)], w);                            // L
        next[static_cast<std::size_t>(y)] = add(next[static_cast<std::size_t>(y)], w);  // V
        if (2 * y <= N)
          next[static_cast<std::size_t>(2 * y)] =
              add(next[static_cast<std::size_t>(2 * y)], w);  // R
      }
      std::swap(ways, next);
    }
  }
  return total;
}

Estimate estimate(const SolveOptions& o) {
  Estimate e;
  switch (o.method) {
    case Method::Recursive:
      e.steps = strings_in_range(o) * kRecursiveStepsPerString;
      e.bytes = 0;
      break;
    case Method::Memoize: {
      e.max_supported_length = packable_length(o.alphabet);
      double pairs = strings_in_range(o) * kMemoPairsPerString;
      e.steps = pairs * 4;
      e.bytes = pairs * kMemoBytesPerPair;
      break;
    }
    case Method::Construct: {
      e.max_supported_length = packable_length(o.alphabet);
      if (o.max_length > e.max_supported_length) break;
      double pairs = static_cast<double>(count_related_pairs(o.max_length, o.alphabet.size()));
      e.steps = pairs * 4;
      e.bytes = pairs * kConstructBytesPerPair;
      break;
    }
    case Method::Fast:
      for (int n = o.min_length; n <= o.max_length; ++n) {
        e.steps += static_cast<double>(detail::fast_prefix_count(n)) * n;
        // The output: by Lemma 1-3 in fast.cpp and Makay's count, j(j + 1) strings of n letters.
        if (!o.count_only) e.bytes += static_cast<double>(makay_count(n)) * (n + 32);
      }
      break;
  }
  return e;
}

void check_request(const SolveOptions& o) {
  if (o.min_length < 1 || o.max_length < 1 || o.max_length > kMaxLength) {
    throw InputError(fmt::format("lengths must be in [1, {}] (got {}..{})", kMaxLength,
                                 o.min_length, o.max_length));
  }
  if (o.min_length > o.max_length) {
    throw InputError(
        fmt::format("--min-length {} is more than --max-length {}", o.min_length, o.max_length));
  }
  const std::string what =
      fmt::format("lock solve --method {} --max-length {}", method_name(o.method), o.max_length);
  Estimate e = estimate(o);
  if (o.max_length > e.max_supported_length) {
    throw InputError(
        fmt::format("{}: this method packs combinations into 64-bit words and "
                    "handles at most length {} with a {}-letter alphabet",
                    what, e.max_supported_length, o.alphabet.size()));
  }
  const double physical = physical_memory();
  if (e.bytes > physical) {
    throw InputError(fmt::format("{}: needs about {} of memory, more than this machine's {}", what,
                                 bytes_text(e.bytes), bytes_text(physical)));
  }
  if (o.force) return;
  if (e.bytes > kMemoryLimit) {
    throw InputError(
        fmt::format("{}: needs about {} of memory (limit {}); --force to run "
                    "anyway",
                    what, bytes_text(e.bytes), bytes_text(kMemoryLimit)));
  }
  if (e.steps > kWorkLimit) {
    throw InputError(
        fmt::format("{}: about {:.2g} steps of work (limit {:.2g}); --force to "
                    "run anyway",
                    what, e.steps, kWorkLimit));
  }
}

SolveResult solve(const SolveOptions& o) {
  check_request(o);
  SolveResult result;
  const std::size_t slots = static_cast<std::size_t>(o.max_length) + 1;
  result.solutions.assign(slots, {});
  result.counts.assign(slots, 0);
  switch (o.method) {
    case Method::Recursive:
      solve_recursive(o, result);
      break;
    case Method::Memoize:
      solve_memoize(o, result);
      break;
    case Method::Construct:
      solve_construct(o, result);
      break;
    case Method::Fast:
      solve_fast(o, result);
      break;
  }
  for (std::size_t n = 0; n < slots; ++n) {
    auto& list = result.solutions[n];
    if (o.method != Method::Fast) result.counts[n] = list.size();
    sort_in_alphabet_order(list, o.alphabet);
    if (o.count_only) std::vector<std::string>().swap(list);
    result.total += result.counts[n];
  }
  return result;
}

}  // namespace manyworlds::lock
