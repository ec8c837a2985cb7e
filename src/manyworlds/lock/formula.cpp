// Makay's general form: the solutions it lists, their number, and the check of a search
// against it.

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {

std::vector<std::string> makay_solutions(int n, const Alphabet& alphabet) {
  std::vector<std::string> out;
  auto v = [](int count) { return std::string(static_cast<std::size_t>(count), 'V'); };
  // Form 1 has length 2(k + l + m) + 6, form 2 has 2(k + l + m) + 7.
  for (int form = 1; form <= 2; ++form) {
    int twice = n - (form == 1 ? 6 : 7);
    if (twice < 0 || twice % 2 != 0) continue;
    int sum = twice / 2;  // k + l + m
    for (int m = 1; m <= sum; m += 2) {
      for (int k = 0; k <= sum - m; ++k) {
        int l = sum - m - k;
        if ((k + l) % 2 == 0) continue;
        std::string half =
            form == 1 ? v(k) + "R" + v(l) + "L" + v(m) + "Q" : v(m) + "L" + v(k) + "R" + v(l) + "Q";
        out.push_back(half + half + (form == 2 ? "Q" : ""));
      }
    }
  }
  sort_in_alphabet_order(out, alphabet);
  return out;
}

std::uint64_t makay_count(int n) {
  if (n < 10 || (n % 4 != 2 && n % 4 != 3)) return 0;
  std::uint64_t j = static_cast<std::uint64_t>((n - 6) / 4);
  return j * (j + 1);
}

SolveResult makay_result(int min_length, int max_length, bool count_only,
                         const Alphabet& alphabet) {
  SolveResult r;
  r.solutions.assign(static_cast<std::size_t>(max_length) + 1, {});
  r.counts.assign(static_cast<std::size_t>(max_length) + 1, 0);
  for (int n = min_length; n <= max_length; ++n) {
    auto k = static_cast<std::size_t>(n);
    if (count_only) {
      r.counts[k] = makay_count(n);
    } else {
      r.solutions[k] = makay_solutions(n, alphabet);
      r.counts[k] = r.solutions[k].size();
    }
    r.total += r.counts[k];
  }
  return r;
}

double makay_listing_bytes(int min_length, int max_length) {
  double bytes = 0;
  for (int n = min_length; n <= max_length; ++n) {
    bytes += static_cast<double>(makay_count(n)) * (n + 1);
  }
  return bytes;
}

void check_against_makay(const SolveResult& result, const SolveOptions& options) {
  for (int n = options.min_length; n <= options.max_length; ++n) {
    auto k = static_cast<std::size_t>(n);
    if (options.count_only) {
      if (result.counts[k] != makay_count(n)) {
        throw std::logic_error(
            fmt::format("lock solve --verify: length {}: the search counts {}, Makay's formula {}",
                        n, result.counts[k], makay_count(n)));
      }
      continue;
    }
    const std::vector<std::string>& found = result.solutions[k];
    std::vector<std::string> expected = makay_solutions(n, options.alphabet);
    if (found == expected) continue;
    for (const auto& s : found) {
      if (std::find(expected.begin(), expected.end(), s) == expected.end()) {
        throw std::logic_error(fmt::format(
            "lock solve --verify: length {}: the search found {}, which is not of Makay's form", n,
            s));
      }
    }
    for (const auto& s : expected) {
      if (std::find(found.begin(), found.end(), s) == found.end()) {
        throw std::logic_error(fmt::format(
            "lock solve --verify: length {}: Makay's form gives {}, which the search missed", n,
            s));
      }
    }
  }
}

}  // namespace manyworlds::lock
