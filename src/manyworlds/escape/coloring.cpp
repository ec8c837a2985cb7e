// Colourings of the n-cube: the seed's backtracking search (ported straight and made fast),
// independent checks, impossibility proofs, counts and the allow-no-flip search.

#include "manyworlds/escape/coloring.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {
namespace {

constexpr std::uint8_t kNone = 0xff;

void check_seed_dimension(int n) {
  if (n < 1 || n > kMaxColoringDimension || (n & (n - 1)) != 0) {
    throw InputError(fmt::format(
        "the colouring search is for n = 1, 2, 4, 8 or 16 cells (a power of two up to {}), not {}",
        kMaxColoringDimension, n));
  }
}

}  // namespace

// --- The seed's search, ported straight ----------------------------------------------------

ColoringResult color_hypercube_seed(int n) {
  check_seed_dimension(n);
  const std::uint32_t vertices = std::uint32_t{1} << n;
  std::vector<int> color(vertices, -1);  // -1: no colour yet (the seed's null)
  std::vector<std::uint32_t> history;
  ColoringResult result;
  result.dimension = n;

  auto neighbours = [&](std::uint32_t v) {
    std::vector<std::uint32_t> out;
    for (int j = 0; j < n; ++j) out.push_back(v ^ (std::uint32_t{1} << j));
    return out;
  };
  // Colours 0..n-1 minus the colours of the second-degree neighbours, listed afresh each time
  // as the seed does (neighbours of neighbours, distinct, without the vertex itself).
  auto allowed_colors = [&](std::uint32_t v) {
    std::vector<std::uint32_t> second;
    for (std::uint32_t u : neighbours(v)) {
      for (std::uint32_t w : neighbours(u)) second.push_back(w);
    }
    std::sort(second.begin(), second.end());
    second.erase(std::unique(second.begin(), second.end()), second.end());
    std::vector<int> used;
    for (std::uint32_t w : second) {
      if (w != v) used.push_back(color[w]);
    }
    std::sort(used.begin(), used.end());
    std::vector<int> allowed;
    for (int c = 0; c < n; ++c) {
      if (!std::binary_search(used.begin(), used.end(), c)) allowed.push_back(c);
    }
    return allowed;
  };

  color[0] = 0;
  history.push_back(0);
  result.assignments = 1;
  while (history.size() < vertices) {
    std::uint32_t next = vertices;
    for (std::uint32_t u : neighbours(history.back())) {
      if (color[u] < 0) {
        next = u;
        break;
      }
    }
    if (next == vertices) throw std::logic_error("seed search: no uncoloured neighbour");
    if (!allowed_colors(next).empty()) {
      color[next] = allowed_colors(next).front();
      history.push_back(next);
      ++result.assignments;
      continue;
    }
    while (color[history.back()] == allowed_colors(history.back()).back()) {
      color[history.back()] = -1;
      history.pop_back();
      ++result.backtracks;
      if (history.empty()) return result;  // no colouring exists
    }
    std::uint32_t top = history.back();
    std::vector<int> allowed = allowed_colors(top);
    color[top] = allowed_colors(top)[static_cast<std::size_t>(
        std::find(allowed.begin(), allowed.end(), color[top]) - allowed.begin() + 1)];
    ++result.assignments;
  }
  result.colors.assign(color.begin(), color.end());
  return result;
}

// --- The same search, fast ------------------------------------------------------------------

ColoringResult color_hypercube(int n) {
  check_seed_dimension(n);
  const std::uint32_t vertices = std::uint32_t{1} << n;
  const auto un = static_cast<std::size_t>(n);
  // The offsets to the vertices at distance 2.
  std::vector<std::uint32_t> offsets;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) offsets.push_back((1u << a) | (1u << b));
  }
  // forbid[v * n + c]: coloured vertices of colour c at distance 2 from v (at most 120).
  std::vector<std::uint8_t> forbid(vertices * un, 0);
  std::vector<std::uint8_t> color(vertices, kNone);
  std::vector<std::uint32_t> stack;
  stack.reserve(vertices);
  ColoringResult result;
  result.dimension = n;

  auto assign = [&](std::uint32_t v, std::uint8_t c) {
    color[v] = c;
    for (std::uint32_t m : offsets) ++forbid[(v ^ m) * un + c];
    ++result.assignments;
  };
  auto unassign = [&](std::uint32_t v) {
    std::uint8_t c = color[v];
    for (std::uint32_t m : offsets) --forbid[(v ^ m) * un + c];
    color[v] = kNone;
  };
  auto first_allowed = [&](std::uint32_t v, int from) {
    const std::uint8_t* f = &forbid[v * un];
    for (int c = from; c < n; ++c) {
      if (f[c] == 0) return c;
    }
    return -1;
  };

  assign(0, 0);
  stack.push_back(0);
  while (stack.size() < vertices) {
    std::uint32_t top = stack.back(), next = vertices;
    for (int j = 0; j < n; ++j) {
      std::uint32_t u = top ^ (1u << j);
      if (color[u] == kNone) {
        next = u;
        break;
      }
    }
    if (next == vertices) throw std::logic_error("colouring search: no uncoloured neighbour");
    int c = first_allowed(next, 0);
    if (c >= 0) {
      assign(next, static_cast<std::uint8_t>(c));
      stack.push_back(next);
      continue;
    }
    // Dead end: the last coloured vertex takes its next allowed colour; without one it is
    // uncoloured and the one before it tries.
    while (true) {
      std::uint32_t v = stack.back();
      int old = color[v];
      unassign(v);
      int again = first_allowed(v, old + 1);
      if (again >= 0) {
        assign(v, static_cast<std::uint8_t>(again));
        break;
      }
      stack.pop_back();
      ++result.backtracks;
      if (stack.empty()) return result;
    }
  }
  result.colors = std::move(color);
  return result;
}

bool is_perfect_coloring(int n, std::span<const std::uint8_t> colors) {
  if (n < 1 || n > 30 || colors.size() != (std::size_t{1} << n)) return false;
  const std::uint32_t all = (1u << n) - 1;
  for (std::size_t v = 0; v < colors.size(); ++v) {
    std::uint32_t seen = 0;
    for (int j = 0; j < n; ++j) {
      std::uint8_t c = colors[v ^ (std::size_t{1} << j)];
      if (c >= n || (seen >> c & 1u)) return false;
      seen |= 1u << c;
    }
    if (seen != all) return false;
  }
  return true;
}

bool is_dominating_coloring(int n, std::span<const std::uint8_t> colors) {
  if (n < 1 || n > 30 || colors.size() != (std::size_t{1} << n)) return false;
  const std::uint32_t all = (1u << n) - 1;
  for (std::size_t v = 0; v < colors.size(); ++v) {
    if (colors[v] >= n) return false;
    std::uint32_t seen = 1u << colors[v];
    for (int j = 0; j < n; ++j) {
      std::uint8_t c = colors[v ^ (std::size_t{1} << j)];
      if (c >= n) return false;
      seen |= 1u << c;
    }
    if (seen != all) return false;
  }
  return true;
}

std::vector<std::uint8_t> xor_coloring(int n) {
  check_seed_dimension(n);
  std::vector<std::uint8_t> colors(std::size_t{1} << n);
  for (std::uint32_t v = 0; v < colors.size(); ++v) {
    // Seed numbering: cell i is bit n-1-i of v.
    std::uint32_t parity = 0;
    for (int i = 0; i < n; ++i) {
      if (v >> (n - 1 - i) & 1u) parity ^= static_cast<std::uint32_t>(i);
    }
    colors[v] = static_cast<std::uint8_t>(parity % static_cast<std::uint32_t>(n));
  }
  return colors;
}

// --- Proofs and counts -------------------------------------------------------------------

namespace {

BigInt falling_factorial(int n, int m) {
  BigInt f = 1;
  for (int i = 0; i < m; ++i) f *= n - i;
  return f;
}

// DSatur-style exhaustive search over proper colourings of one half of the n-cube (vertices
// at distance 2 adjacent) with n colours.
class HalfSearcher {
 public:
  HalfSearcher(int n, int parity, bool stop_at_first, std::uint64_t node_limit, Progress* progress)
      : n_(n), stop_at_first_(stop_at_first), node_limit_(node_limit), progress_(progress) {
    const std::uint32_t all = std::uint32_t{1} << n;
    std::vector<int> index(all, -1);
    for (std::uint32_t v = 0; v < all; ++v) {
      if (std::popcount(v) % 2 == parity) {
        index[v] = static_cast<int>(vertex_.size());
        vertex_.push_back(v);
      }
    }
    adjacent_.resize(vertex_.size());
    for (std::size_t i = 0; i < vertex_.size(); ++i) {
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          adjacent_[i].push_back(index[vertex_[i] ^ (1u << a) ^ (1u << b)]);
        }
      }
    }
    color_.assign(vertex_.size(), -1);
    forbid_.assign(vertex_.size() * static_cast<std::size_t>(n), 0);
    saturation_.assign(vertex_.size(), 0);
    leaves_by_colors_.assign(static_cast<std::size_t>(n) + 1, 0);
    result_.dimension = n;
    result_.parity = parity;
  }

  HalfSearch run() {
    search(0, 0);
    for (int m = 0; m <= n_; ++m) {
      std::uint64_t leaves = leaves_by_colors_[static_cast<std::size_t>(m)];
      result_.canonical += leaves;
      result_.colorings += BigInt(static_cast<std::uint64_t>(leaves)) * falling_factorial(n_, m);
    }
    return result_;
  }

 private:
  // Returns true to stop the whole search.
  bool search(std::size_t colored, int used) {
    if (colored == vertex_.size()) {
      ++leaves_by_colors_[static_cast<std::size_t>(used)];
      return stop_at_first_;
    }
    // The uncoloured vertex with the most distinct colours at distance 2 (lowest index on ties).
    int best = -1;
    for (std::size_t i = 0; i < vertex_.size(); ++i) {
      if (color_[i] < 0 &&
          (best < 0 || saturation_[i] > saturation_[static_cast<std::size_t>(best)])) {
        best = static_cast<int>(i);
      }
    }
    auto v = static_cast<std::size_t>(best);
    if (saturation_[v] == n_) return false;
    int top = std::min(used, n_ - 1);  // a new colour only as the next unused one
    for (int c = 0; c <= top; ++c) {
      if (forbid_[v * static_cast<std::size_t>(n_) + static_cast<std::size_t>(c)] != 0) continue;
      if (node_limit_ != 0 && result_.nodes >= node_limit_) {
        result_.complete = false;
        return true;
      }
      ++result_.nodes;
      if ((result_.nodes & 0xffff) == 0) {
        throw_if_cancelled(
            fmt::format("colouring search stopped after {} colours tried", result_.nodes));
        if (progress_) progress_->advance(0x10000);
      }
      set(v, c, +1);
      bool stop = search(colored + 1, std::max(used, c + 1));
      set(v, c, -1);
      if (stop) return true;
    }
    return false;
  }

  void set(std::size_t v, int c, int delta) {
    color_[v] = delta > 0 ? c : -1;
    for (int w : adjacent_[v]) {
      auto& f = forbid_[static_cast<std::size_t>(w) * static_cast<std::size_t>(n_) +
                        static_cast<std::size_t>(c)];
      if (delta > 0) {
        if (f++ == 0) ++saturation_[static_cast<std::size_t>(w)];
      } else {
        if (--f == 0) --saturation_[static_cast<std::size_t>(w)];
      }
    }
  }

  int n_;
  bool stop_at_first_;
  std::uint64_t node_limit_;
  Progress* progress_;
  std::vector<std::uint32_t> vertex_;
  std::vector<std::vector<int>> adjacent_;
  std::vector<int> color_;
  std::vector<std::uint16_t> forbid_;
  std::vector<int> saturation_;
  std::vector<std::uint64_t> leaves_by_colors_;
  HalfSearch result_;
};

}  // namespace

HalfSearch search_half(int n, int parity, bool stop_at_first, std::uint64_t node_limit,
                       Progress* progress) {
  if (n < 1 || n > kMaxCountDimension) {
    throw InputError(
        fmt::format("the half search is for n = 1..{}, not {}", kMaxCountDimension, n));
  }
  return HalfSearcher(n, parity & 1, stop_at_first, node_limit, progress).run();
}

CountResult count_colorings(int n, const CountOptions& options) {
  if (n < 1 || n > kMaxCountDimension) {
    throw InputError(
        fmt::format("count: n = {} is out of range [1, {}] (beyond it the number of "
                    "strategies is not computed)",
                    n, kMaxCountDimension));
  }
  CountResult result;
  result.dimension = n;
  result.counting_argument_rules_out = (n & (n - 1)) != 0;
  HalfSearch halves[2];
  Progress progress("count: colours tried", 0, options.progress);
  parallel_for(2, options.threads, [&](std::size_t h) {
    halves[h] = search_half(n, static_cast<int>(h), false, 0, &progress);
  });
  result.even = std::move(halves[0]);
  result.odd = std::move(halves[1]);
  result.colorings = result.even.colorings * result.odd.colorings;
  return result;
}

std::uint64_t count_colorings_brute_force(int n) {
  if (n < 1 || n > 4) throw InputError("brute-force count is for n = 1..4");
  const std::uint32_t vertices = std::uint32_t{1} << n;
  std::vector<std::uint8_t> color(vertices, 0);
  std::uint64_t count = 0;
  // Colours vertex v with every colour that differs from the earlier vertices at distance 2,
  // and checks the definition on every complete colouring.
  auto visit = [&](auto&& self, std::uint32_t v) -> void {
    if (v == vertices) {
      if (is_perfect_coloring(n, color)) ++count;
      return;
    }
    for (int c = 0; c < n; ++c) {
      bool ok = true;
      for (std::uint32_t w = 0; w < v && ok; ++w) {
        ok = !(std::popcount(v ^ w) == 2 && color[w] == c);
      }
      if (!ok) continue;
      color[v] = static_cast<std::uint8_t>(c);
      self(self, v + 1);
    }
  };
  visit(visit, 0);
  return count;
}

ImpossibilityProof prove_impossible(int n) {
  if (n < 1) throw InputError(fmt::format("size {} is not a positive number of cells", n));
  ImpossibilityProof proof;
  proof.dimension = n;
  if ((n & (n - 1)) == 0) {
    throw InputError(fmt::format("{} is a power of two: a strategy exists", n));
  }
  // 2^n / n in lowest terms: n = 2^a * odd part.
  int twos = std::countr_zero(static_cast<unsigned>(n));
  int odd = n >> twos;
  proof.counting_argument = fmt::format(
      "every board has exactly one neighbour of each colour and every board of colour c has {} "
      "neighbours, so each colour class would hold 2^{} / {} boards; {} has the odd factor {}, "
      "so that is not a whole number",
      n, n, n, n, odd);
  if (n <= kMaxProofDimension) {
    proof.searched = true;
    proof.search = search_half(n, 0, true, 0);
  }
  return proof;
}

// --- Allow-no-flip: dominating colour classes ----------------------------------------------

namespace {

class DominatingSearcher {
 public:
  DominatingSearcher(int n, std::uint64_t node_limit)
      : n_(n), vertices_(std::uint32_t{1} << n), node_limit_(node_limit) {
    const auto un = static_cast<std::size_t>(n);
    color_.assign(vertices_, kNone);
    have_.assign(vertices_ * un, 0);
    missing_.assign(vertices_, n);
    uncolored_.assign(vertices_, n + 1);
    need_.assign(un, vertices_);
    result_.dimension = n;
  }

  DominatingSearch run() {
    search(0, 0);
    return result_;
  }

 private:
  bool search(std::uint32_t v, int used) {
    if (v == vertices_) {
      result_.colors = color_;
      return true;
    }
    int top = std::min(used, n_ - 1);
    for (int c = 0; c <= top; ++c) {
      if (node_limit_ != 0 && result_.nodes >= node_limit_) {
        result_.complete = false;
        return true;
      }
      ++result_.nodes;
      if ((result_.nodes & 0xffff) == 0) throw_if_cancelled("colouring search stopped");
      bool ok = set(v, c, +1);
      if (ok && search(v + 1, std::max(used, c + 1))) return true;
      set(v, c, -1);
    }
    return false;
  }

  // Colours (delta +1) or uncolours (-1) v; returns whether the partial colouring can still
  // be completed as far as the two prunings can tell.
  bool set(std::uint32_t v, int c, int delta) {
    const auto un = static_cast<std::size_t>(n_);
    const auto uc = static_cast<std::size_t>(c);
    color_[v] = delta > 0 ? static_cast<std::uint8_t>(c) : kNone;
    uncolored_total_ -= delta;
    bool ok = true;
    for (int j = -1; j < n_; ++j) {
      std::uint32_t w = j < 0 ? v : v ^ (1u << j);
      auto& h = have_[w * un + uc];
      uncolored_[w] -= delta;
      if (delta > 0) {
        if (h++ == 0) {
          --missing_[w];
          --need_[uc];
        }
      } else {
        if (--h == 0) {
          ++missing_[w];
          ++need_[uc];
        }
      }
      if (missing_[w] > uncolored_[w]) ok = false;
    }
    if (delta < 0 || !ok) return ok;
    // Every colour still needed by some closed neighbourhood needs a new vertex for each n + 1
    // of them.
    std::int64_t required = 0;
    for (std::size_t k = 0; k < un; ++k) {
      required += (need_[k] + static_cast<std::int64_t>(n_)) / (n_ + 1);
    }
    return required <= uncolored_total_;
  }

  int n_;
  std::uint32_t vertices_;
  std::uint64_t node_limit_;
  std::vector<std::uint8_t> color_;
  std::vector<std::uint8_t> have_;  // have_[w * n + c]: vertices of colour c in N[w]
  std::vector<int> missing_;        // colours missing from N[w]
  std::vector<int> uncolored_;      // uncoloured vertices in N[w]
  std::vector<std::int64_t> need_;  // closed neighbourhoods missing colour c
  std::int64_t uncolored_total_ = 0;
  DominatingSearch result_;

 public:
  void start() { uncolored_total_ = vertices_; }
};

}  // namespace

DominatingSearch search_dominating(int n, std::uint64_t node_limit) {
  if (n < 1 || n > kMaxDominatingDimension) {
    throw InputError(fmt::format("the allow-no-flip colouring search is for n = 1..{}, not {}",
                                 kMaxDominatingDimension, n));
  }
  DominatingSearcher searcher(n, node_limit);
  searcher.start();
  return searcher.run();
}

DominatingSetSearch search_dominating_set(int n, int size) {
  if (n < 1 || n > kMaxDominatingSetDimension) {
    throw InputError(fmt::format("the dominating-set search is for n = 1..{}, not {}",
                                 kMaxDominatingSetDimension, n));
  }
  const std::uint32_t vertices = std::uint32_t{1} << n;
  std::vector<int> covered(vertices, 0);
  std::int64_t undominated = vertices;
  DominatingSetSearch result;
  result.dimension = n;
  result.size = size;
  auto place = [&](std::uint32_t w, int delta) {
    for (int i = -1; i < n; ++i) {
      std::uint32_t x = i < 0 ? w : w ^ (1u << i);
      if (delta > 0 ? covered[x]++ == 0 : --covered[x] == 0) undominated -= delta;
    }
  };
  auto search = [&](auto&& self, int left) -> bool {
    ++result.nodes;
    if (undominated == 0) return true;
    if (left == 0 || undominated > static_cast<std::int64_t>(left) * (n + 1)) return false;
    std::uint32_t u = 0;
    while (covered[u] != 0) ++u;
    for (int j = -1; j < n; ++j) {
      std::uint32_t w = j < 0 ? u : u ^ (1u << j);
      place(w, +1);
      bool found = self(self, left - 1);
      place(w, -1);
      if (found) return true;
    }
    return false;
  };
  result.exists = search(search, std::max(size, 0));
  return result;
}

AllowNoFlipAnswer decide_allow_no_flip(int n) {
  if (n < 1) throw InputError(fmt::format("size {} is not a positive number of cells", n));
  AllowNoFlipAnswer answer;
  answer.dimension = n;
  const auto cells = static_cast<std::size_t>(n);
  const bool known = n <= 16 && (is_power_of_two(cells) || is_power_of_two(cells + 1));
  // The bound's search, run once where it applies; elsewhere it proves nothing.
  DominatingSetSearch bound;
  bound.exists = true;
  if (!known && n <= kMaxDominatingSetDimension) bound = search_dominating_set(n, (1 << n) / n);
  if (known) {
    answer.colors = strategy_coloring(Strategy::make(cells, {2, true}, StrategyKind::Auto));
    answer.method = is_power_of_two(cells) ? "xor strategy" : "Hamming code";
  } else if (!bound.exists) {
    answer.nodes = bound.nodes;
    answer.method = fmt::format(
        "every colour class must dominate the {}-cube; an exhaustive search finds no dominating "
        "set of {} boards or fewer, so the {} classes need at least {} x {} = {} > {} boards",
        n, bound.size, n, n, bound.size + 1, n * (bound.size + 1), 1 << n);
  } else if (n <= kMaxDominatingDimension) {
    DominatingSearch s = search_dominating(n);
    answer.nodes = s.nodes;
    answer.decided = s.complete;
    answer.colors = std::move(s.colors);
    answer.method = "exhaustive search";
  } else {
    answer.decided = false;
    answer.method = n > 16 ? "n > 16" : "beyond the search's reach";
  }
  answer.verified = !answer.colors.empty() && is_dominating_coloring(n, answer.colors);
  if (!answer.colors.empty() && !answer.verified) {
    throw std::logic_error("allow-no-flip colouring failed its check");
  }
  return answer;
}

}  // namespace manyworlds::escape
