#include "manyworlds/tetris/board/hold.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris::hold {

std::string add(std::string_view bag, std::string_view digits) {
  std::size_t n = bag.size();
  if (n == 0 || digits.size() != n - 1) {
    throw InputError(fmt::format("hold: a bag of {} letters needs {} digits, got '{}'", n,
                                 n == 0 ? 0 : n - 1, digits));
  }
  std::string b(bag);
  std::string d(digits);
  for (std::size_t j = 0; j < d.size(); ++j) {
    if (d[j] < '0' || d[j] - '0' > int(j) + 1) {
      throw InputError(fmt::format("hold: digit {} of '{}' must be 0..{}", j + 1, digits, j + 1));
    }
  }
  // Leftmost non-zero digit first; digit j sits under letter j + 1.
  for (std::size_t j = 0; j < d.size(); ++j) {
    int shift = d[j] - '0';
    if (shift == 0) continue;
    std::size_t pos = j + 1;
    char letter = b[pos];
    b.erase(pos, 1);
    b.insert(pos - shift, 1, letter);
    d[j] = '0';
  }
  return b;
}

std::vector<std::string> all_transformations(int n) {
  std::vector<std::string> out{""};
  for (int j = 0; j + 1 < n; ++j) {
    std::vector<std::string> next;
    for (const auto& s : out) {
      for (int d = 0; d <= j + 1; ++d) next.push_back(s + char('0' + d));
    }
    out = std::move(next);
  }
  return out;
}

std::string transformation(std::string_view from, std::string_view to) {
  for (const auto& t : all_transformations(int(from.size()))) {
    if (add(from, t) == to) return t;
  }
  throw InputError(fmt::format("hold: '{}' is not a permutation of '{}'", to, from));
}

namespace {

std::vector<std::string> binary_digits(int n) {
  std::vector<std::string> out;
  for (int m = 0; m < (1 << (n - 1)); ++m) {
    std::string t;
    for (int j = n - 2; j >= 0; --j) t += (m >> j & 1) ? '1' : '0';
    out.push_back(t);
  }
  return out;
}

std::vector<std::string> sorted_unique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

// The inverse of add(): undoes the moves from the rightmost digit back.
std::string subtract(std::string_view bag, std::string_view digits) {
  std::string b(bag);
  for (std::size_t j = digits.size(); j-- > 0;) {
    int shift = digits[j] - '0';
    if (shift == 0) continue;
    std::size_t pos = j + 1 - std::size_t(shift);
    char letter = b[pos];
    b.erase(pos, 1);
    b.insert(j + 1, 1, letter);
  }
  return b;
}

std::vector<std::string> implies(std::string_view bag) {
  // Every x with x + t = bag for a 0/1 transformation t.
  std::vector<std::string> out;
  for (const auto& t : binary_digits(int(bag.size()))) out.push_back(subtract(bag, t));
  return sorted_unique(out);
}

std::vector<std::string> implied_by(std::string_view bag) {
  std::vector<std::string> out;
  for (const auto& t : binary_digits(int(bag.size()))) out.push_back(add(bag, t));
  return sorted_unique(out);
}

std::vector<std::vector<int>> placement_orders(int input_length, int placed) {
  std::vector<std::vector<int>> out;
  if (placed <= 0) return {{}};
  int choices = input_length > placed ? placed : placed - 1;
  for (std::uint32_t m = 0; m < (1u << choices); ++m) {
    std::vector<int> order;
    int held = 0, next = 1;
    for (int step = 0; step < placed; ++step) {
      if (next < input_length) {
        if (m >> step & 1) {
          order.push_back(held);
          held = next;
        } else {
          order.push_back(next);
        }
        ++next;
      } else {
        order.push_back(held);
      }
    }
    out.push_back(order);
  }
  return out;
}

std::vector<std::string> implied_by_simulated(std::string_view bag) {
  std::vector<std::string> out;
  for (const auto& order : placement_orders(int(bag.size()), int(bag.size()))) {
    std::string s;
    for (int i : order) s += bag[i];
    out.push_back(s);
  }
  return sorted_unique(out);
}

std::vector<std::string> implies_simulated(std::string_view bag) {
  std::vector<std::string> out;
  std::string x(bag);
  std::sort(x.begin(), x.end());
  do {
    auto by = implied_by_simulated(x);
    if (std::binary_search(by.begin(), by.end(), std::string(bag))) out.push_back(x);
  } while (std::next_permutation(x.begin(), x.end()));
  return out;
}

std::string reversed(std::string_view bag) {
  return std::string(bag.rbegin(), bag.rend());
}

std::string twin(std::string_view bag) {
  std::string b(bag);
  if (b.size() >= 2) std::swap(b[b.size() - 1], b[b.size() - 2]);
  return b;
}

bool satisfies_zero_rule(std::string_view digits) {
  int zeros = 1;  // the invisible zero before the first digit
  for (char c : digits) {
    int d = c - '0';
    if (d > zeros) return false;
    zeros = d == 0 ? zeros + 1 : 0;
  }
  return true;
}

}  // namespace manyworlds::tetris::hold
