#pragma once
// Smullyan's Monte Carlo lock: every combination that opens it, up to a length.
//
// Rules (Raymond Smullyan, "The Lady or the Tiger?", 1982, chapter 8, p. 107). Combinations are
// strings of letters. For all combinations x and y:
//  - Q: QxQ is specially related to x.
//  - L: if x is related to y, then Lx is related to Qy.
//  - V: if x is related to y, then Vx is related to the reverse of y.
//  - R: if x is related to y, then Rx is related to yy.
//  - Sp: if x is related to y, then if x jams the lock y is neutral, and if x is neutral y jams
//    it. So a combination related to itself can neither jam nor be neutral: it opens the lock.
// The first letter of x decides which rule can apply, so the relation is a partial function
// f: f(QzQ) = z, f(Lx) = Q f(x), f(Vx) = reverse(f(x)), f(Rx) = f(x) f(x), and no other x (a
// first letter outside Q, L, V, R, a lone Q, Q...not-Q, the empty string) has an image. A
// combination opens the lock (provably) when f(x) = x. The empty combination is allowed as an
// image (f(QQ) is empty) but never opens the lock.
//
// Encoding: combinations are std::string over an Alphabet, a set of upper-case letters that
// contains Q, L, V and R (extra letters such as X may be added; no solution uses them). Output is
// sorted in the alphabet's order (Q, L, V, R, then extra letters, as the seed lists them).
//
// Methods (all exhaustive, all must agree):
//  - Recursive: the seed's search over all strings, deciding f(x) = x by recursion on a View
//    that reads a string forwards or reversed without copying.
//  - Memoize: the same with caches of decided pairs (the seed's statistics are the point).
//  - Construct: builds every related pair (x, f(x)) with both sides within the length from the
//    four rules, seeded by property Q, and keeps the pairs with x = f(x).
//  - Fast: does not enumerate strings. A combination with a partner is x = P Q z Q with P over
//    {L, V, R}; for each P allowed by proven counting rules it solves f(x) = x as a system of
//    equalities between positions of z and letters (see fast.cpp for the proofs).
// Sources: seed 000 (the README of bencebeky/monte-carlo-lock), and G. Makay, "All Solutions of
// the Mystery of the Monte Carlo Lock" (2016) for the general form used by makay_solutions.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::lock {

// The letters combinations may use.
class Alphabet {
 public:
  Alphabet() : letters_("QLVR") {}
  // Throws InputError unless `letters` are distinct upper-case letters including Q, L, V, R.
  explicit Alphabet(std::string_view letters);

  const std::string& letters() const { return letters_; }
  std::size_t size() const { return letters_.size(); }
  bool contains(char c) const { return rank(c) >= 0; }
  // The position of `c` in the alphabet, or -1.
  int rank(char c) const;
  // Bits needed to store one letter's rank.
  int bits_per_letter() const;

 private:
  std::string letters_;
};

// Longest combination accepted by relate and check, and longest partner they build.
inline constexpr std::size_t kMaxCombination = 1'000'000;
inline constexpr std::size_t kMaxPartner = 100'000'000;

// Throws InputError unless every letter of `combination` is in `alphabet`; `what` names it.
void check_combination(std::string_view combination, const Alphabet& alphabet,
                       std::string_view what);

// The length of f(x), or nothing when x has no partner; saturates at SIZE_MAX.
std::optional<std::size_t> partner_length(std::string_view x);

// f(x): the combination x is specially related to, or nothing. Throws InputError when the
// partner would be longer than kMaxPartner.
std::optional<std::string> partner(std::string_view x);

// Whether x is specially related to y, by the seed's recursion on views (no copies).
bool related(std::string_view x, std::string_view y);

// One rule application in a derivation: `combination` is related to `partner` by `rule`.
struct Step {
  char rule;  // 'Q', 'L', 'V' or 'R'
  std::string combination;
  std::string partner;
};

// How f(x) follows from the rules: steps from the innermost QzQ outwards to x itself, or, when
// x has no partner, the reason.
struct Derivation {
  std::vector<Step> steps;
  std::optional<std::string> partner;
  std::string no_partner_reason;
};
Derivation derive(std::string_view x);

enum class Method { Recursive, Memoize, Construct, Fast };
std::string_view method_name(Method method);

// Figures each method reports (see --stats); zero where a figure does not apply.
struct Stats {
  // Recursive and Memoize.
  std::uint64_t combinations = 0;   // strings tried
  std::uint64_t related_calls = 0;  // calls of the relation test (cached or not)
  // Memoize: the two caches of decided pairs.
  std::uint64_t related_cache_size = 0;
  std::uint64_t not_related_cache_size = 0;
  std::uint64_t related_cache_hits = 0;
  std::uint64_t not_related_cache_hits = 0;
  std::uint64_t cache_lookups = 0;
  // Construct: related pairs (x, f(x)) with |x| and |f(x)| within the length limit.
  std::uint64_t pairs = 0;
  std::uint64_t pair_bytes = 0;
  // Fast: prefixes P tried (after pruning), systems that reached the end with no contradiction,
  // and equations processed.
  std::uint64_t prefixes = 0;
  std::uint64_t consistent_systems = 0;
  std::uint64_t equations = 0;
};

struct SolveOptions {
  int min_length = 1;
  int max_length = 16;
  Alphabet alphabet;
  Method method = Method::Fast;
  bool count_only = false;  // count solutions without keeping them
  unsigned threads = 1;
  bool progress = false;
  bool force = false;  // run even above the work and memory limits (never above physical memory)
};

struct SolveResult {
  // solutions[n] for n in [0, max_length]: the combinations of length n related to themselves,
  // in alphabet order (empty when count_only); counts[n] their number.
  std::vector<std::vector<std::string>> solutions;
  std::vector<std::uint64_t> counts;
  std::uint64_t total = 0;
  Stats stats;
};

// Limits: lengths up to kMaxLength at all; work above kWorkLimit steps or memory above
// kMemoryLimit bytes is refused unless forced.
inline constexpr int kMaxLength = 100'000;
inline constexpr double kWorkLimit = 5e10;
inline constexpr double kMemoryLimit = 4.0 * 1024 * 1024 * 1024;

// What a request would cost: elementary steps, bytes held, and the longest length the method
// can represent at all (string methods pack combinations into 64-bit words).
struct Estimate {
  double steps = 0;
  double bytes = 0;
  int max_supported_length = kMaxLength;
};
Estimate estimate(const SolveOptions& options);

// Throws InputError for bad lengths, and for requests over the limits (with the estimate)
// unless forced; a request that cannot fit in physical memory is refused even when forced.
void check_request(const SolveOptions& options);

// Every combination of length in [min_length, max_length] related to itself, by `method`.
SolveResult solve(const SolveOptions& options);

// The related pairs the Construct method builds: exactly the number of x with |x| <= max_length
// and |f(x)| <= max_length, by a count over prefixes (no pairs are built).
std::uint64_t count_related_pairs(int max_length, std::size_t alphabet_size);

// Makay's general form: V^k R V^l L V^m Q V^k R V^l L V^m Q and V^m L V^k R V^l Q V^m L V^k R
// V^l QQ with k + l and m odd. All such combinations of length n, in alphabet order.
std::vector<std::string> makay_solutions(int n, const Alphabet& alphabet = {});
// Their number: j(j + 1) with j = (n - 6) / 4 when n >= 10 and n = 2 or 3 (mod 4), else 0.
std::uint64_t makay_count(int n);
// The form's combinations of every length in [min_length, max_length], shaped as solve()'s
// result (counts only when count_only; no stats).
SolveResult makay_result(int min_length, int max_length, bool count_only,
                         const Alphabet& alphabet = {});
// The bytes of their listing, one line each.
double makay_listing_bytes(int min_length, int max_length);
// solve --verify: `result` of solve(options) against the form, length by length. A difference
// is a bug in a search (or in the proofs behind the form), so it throws std::logic_error
// naming the first combination found or missed, or the first count that differs.
void check_against_makay(const SolveResult& result, const SolveOptions& options);

// Sorts combinations in the alphabet's letter order (shorter first on a common prefix).
void sort_in_alphabet_order(std::vector<std::string>& combinations, const Alphabet& alphabet);

namespace detail {

// A read-only window on a string, read forwards or reversed, as the seed's View: substrings and
// reversal never copy.
class View {
 public:
  View() = default;
  explicit View(std::string_view s) : data_(s.data()), size_(s.size()) {}
  View(const char* data, std::size_t size, bool reversed)
      : data_(data), size_(size), reversed_(reversed) {}

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  char operator[](std::size_t i) const { return reversed_ ? data_[size_ - 1 - i] : data_[i]; }
  View substr(std::size_t pos, std::size_t count) const {
    return reversed_ ? View(data_ + size_ - pos - count, count, true)
                     : View(data_ + pos, count, false);
  }
  View reverse() const { return View(data_, size_, !reversed_); }
  bool operator==(const View& other) const {
    if (size_ != other.size_) return false;
    for (std::size_t i = 0; i < size_; ++i) {
      if ((*this)[i] != other[i]) return false;
    }
    return true;
  }
  std::string str() const {
    std::string s(size_, ' ');
    for (std::size_t i = 0; i < size_; ++i) s[i] = (*this)[i];
    return s;
  }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  bool reversed_ = false;
};

// The seed's relation test on views.
bool related_views(View x, View y);
// The same, adding the number of rules applied to `calls`.
bool related_counted(View x, View y, std::uint64_t& calls);

// Fast, for one length n: the pruned prefixes (fast.cpp) or, for checking the pruning, every
// prefix over {L, V, R} of every length. Solutions are appended unsorted; stats accumulate.
void fast_length(int n, const Alphabet& alphabet, std::vector<std::string>& out, Stats& stats);
void unpruned_length(int n, const Alphabet& alphabet, std::vector<std::string>& out, Stats& stats);
// Solves f(P Q z Q) = P Q z Q for one prefix P and total length n; appends every solution.
void solve_prefix(std::string_view prefix, int n, const Alphabet& alphabet,
                  std::vector<std::string>& out, Stats& stats);
// The number of prefixes fast_length tries at length n.
std::uint64_t fast_prefix_count(int n);

// Brute force for tests: f(x) = x by building partner(x), for every string of length n.
std::vector<std::string> brute_force_length(int n, const Alphabet& alphabet);

}  // namespace detail

}  // namespace manyworlds::lock
