// The relation itself: alphabets, the partial function f, derivations, the seed's recursion.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "manyworlds/core/error.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {

Alphabet::Alphabet(std::string_view letters) : letters_(letters) {
  if (letters.empty()) throw InputError("--alphabet is empty (it needs Q, L, V and R)");
  std::array<bool, 256> seen{};
  for (char c : letters) {
    if (c < 'A' || c > 'Z') {
      throw InputError(
          fmt::format("--alphabet '{}': '{}' is not an upper-case letter A-Z", letters, c));
    }
    if (seen[static_cast<unsigned char>(c)]) {
      throw InputError(fmt::format("--alphabet '{}': the letter {} appears twice", letters, c));
    }
    seen[static_cast<unsigned char>(c)] = true;
  }
  for (char needed : {'Q', 'L', 'V', 'R'}) {
    if (!seen[static_cast<unsigned char>(needed)]) {
      throw InputError(
          fmt::format("--alphabet '{}' lacks {} (the rules need Q, L, V and R)", letters, needed));
    }
  }
}

int Alphabet::rank(char c) const {
  std::size_t i = letters_.find(c);
  return i == std::string::npos ? -1 : static_cast<int>(i);
}

int Alphabet::bits_per_letter() const {
  return std::max(1, static_cast<int>(std::bit_width(letters_.size() - 1)));
}

void check_combination(std::string_view combination, const Alphabet& alphabet,
                       std::string_view what) {
  if (combination.size() > kMaxCombination) {
    throw InputError(fmt::format("{} has {} letters (at most {} are accepted)", what,
                                 combination.size(), kMaxCombination));
  }
  for (std::size_t i = 0; i < combination.size(); ++i) {
    char c = combination[i];
    if (!alphabet.contains(c)) {
      bool printable = c >= 0x21 && c <= 0x7e;
      std::string shown = printable ? fmt::format("'{}'", c)
                                    : fmt::format("byte 0x{:02x}", static_cast<unsigned char>(c));
      throw InputError(fmt::format("{}: {} at position {} is not in the alphabet {}", what, shown,
                                   i + 1, alphabet.letters()));
    }
  }
}

namespace {

// The rule prefix of x: the letters before the innermost QzQ, or nothing with the reason.
struct Split {
  std::size_t prefix = 0;  // x = x[0, prefix) Q z Q
  std::string reason;      // empty when x has a partner
};

Split split(std::string_view x) {
  Split s;
  std::size_t i = 0;
  while (i < x.size() && (x[i] == 'L' || x[i] == 'V' || x[i] == 'R')) ++i;
  s.prefix = i;
  std::string_view rest = x.substr(i);
  if (rest.empty()) {
    s.reason = x.empty() ? "the empty combination has no partner"
                         : fmt::format("'{}' reaches the end without the Q of property Q", x);
  } else if (rest[0] != 'Q') {
    s.reason = fmt::format("'{}' starts with {}, which no rule covers", rest, rest[0]);
  } else if (rest.size() < 2 || rest.back() != 'Q') {
    s.reason = fmt::format("'{}' starts with Q but is not of the form QzQ", rest);
  }
  return s;
}

}  // namespace

std::optional<std::size_t> partner_length(std::string_view x) {
  Split s = split(x);
  if (!s.reason.empty()) return std::nullopt;
  constexpr std::size_t kSaturated = std::numeric_limits<std::size_t>::max();
  std::size_t len = x.size() - s.prefix - 2;
  for (std::size_t i = s.prefix; i-- > 0;) {
    if (len == kSaturated) break;
    if (x[i] == 'L') len = len + 1;
    if (x[i] == 'R') len = len > kSaturated / 2 ? kSaturated : 2 * len;
  }
  return len;
}

// Builds f(x) from the inside out in one buffer: V only flips the reading direction, L adds a Q
// at the logical front, R repeats (a physical repeat is a logical repeat either way round), so
// the work is linear in |x| + |f(x)|.
std::optional<std::string> partner(std::string_view x) {
  Split s = split(x);
  if (!s.reason.empty()) return std::nullopt;
  std::size_t len = *partner_length(x);
  if (len > kMaxPartner) {
    throw InputError(
        fmt::format("the partner of a {}-letter combination would have {} letters "
                    "(more than {}); not built",
                    x.size(), len, kMaxPartner));
  }
  std::string_view z = x.substr(s.prefix + 1, x.size() - s.prefix - 2);
  std::size_t fronts = 0;  // room for the Q's of L at the front
  for (std::size_t i = 0; i < s.prefix; ++i) fronts += x[i] == 'L';
  std::string buffer(fronts + len, ' ');
  std::size_t head = fronts, tail = head + z.size();
  std::copy(z.begin(), z.end(), buffer.begin() + static_cast<std::ptrdiff_t>(head));
  bool reversed = false;
  for (std::size_t i = s.prefix; i-- > 0;) {
    switch (x[i]) {
      case 'L':
        if (reversed) {
          buffer[tail++] = 'Q';
        } else {
          buffer[--head] = 'Q';
        }
        break;
      case 'V':
        reversed = !reversed;
        break;
      default: {
        std::size_t count = tail - head;
        std::copy_n(buffer.begin() + static_cast<std::ptrdiff_t>(head), count,
                    buffer.begin() + static_cast<std::ptrdiff_t>(tail));
        tail += count;
        break;
      }
    }
  }
  std::string y = buffer.substr(head, tail - head);
  if (reversed) std::reverse(y.begin(), y.end());
  return y;
}

Derivation derive(std::string_view x) {
  Derivation d;
  Split s = split(x);
  if (!s.reason.empty()) {
    d.no_partner_reason = s.reason;
    return d;
  }
  // Every step is written out, so the whole derivation must stay within kMaxPartner letters.
  std::size_t total = 0, len = x.size() - s.prefix - 2;
  constexpr std::size_t kBig = std::numeric_limits<std::size_t>::max() / 4;
  for (std::size_t i = s.prefix + 1; i-- > 0;) {
    if (i < s.prefix && x[i] == 'L') ++len;
    if (i < s.prefix && x[i] == 'R') len = std::min(kBig, 2 * len);
    total = std::min(kBig, total + len + (x.size() - i));
  }
  if (total > kMaxPartner) {
    throw InputError(
        fmt::format("the derivation of a {}-letter combination would have {} "
                    "letters (more than {}); not built",
                    x.size(), total, kMaxPartner));
  }
  std::string y(x.substr(s.prefix + 1, x.size() - s.prefix - 2));
  d.steps.push_back({'Q', std::string(x.substr(s.prefix)), y});
  for (std::size_t i = s.prefix; i-- > 0;) {
    switch (x[i]) {
      case 'L':
        y.insert(y.begin(), 'Q');
        break;
      case 'V':
        std::reverse(y.begin(), y.end());
        break;
      default:
        y += std::string(y);
        break;
    }
    d.steps.push_back({x[i], std::string(x.substr(i)), y});
  }
  d.partner = std::move(y);
  return d;
}

namespace detail {

// The seed's recursion: the first letter of x picks the only rule that can relate x to y.
// `calls` counts the rules applied (the seed's statistic for the recursive method).
bool related_counted(View x, View y, std::uint64_t& calls) {
  while (true) {
    ++calls;
    if (x.empty()) return false;
    switch (x[0]) {
      case 'Q':
        return x.size() >= 2 && x[x.size() - 1] == 'Q' && x.substr(1, x.size() - 2) == y;
      case 'L':
        if (y.empty() || y[0] != 'Q') return false;
        x = x.substr(1, x.size() - 1);
        y = y.substr(1, y.size() - 1);
        break;
      case 'V':
        x = x.substr(1, x.size() - 1);
        y = y.reverse();
        break;
      case 'R': {
        if (y.size() % 2 != 0) return false;
        std::size_t half = y.size() / 2;
        View first = y.substr(0, half);
        if (!(first == y.substr(half, half))) return false;
        x = x.substr(1, x.size() - 1);
        y = first;
        break;
      }
      default:
        return false;
    }
  }
}

bool related_views(View x, View y) {
  std::uint64_t calls = 0;
  return related_counted(x, y, calls);
}

std::vector<std::string> brute_force_length(int n, const Alphabet& alphabet) {
  std::vector<std::string> out;
  std::vector<int> digits(static_cast<std::size_t>(n), 0);
  std::string x(static_cast<std::size_t>(n), alphabet.letters()[0]);
  while (true) {
    auto y = partner_length(x);
    if (y && *y == x.size() && partner(x) == x) out.push_back(x);
    std::size_t i = digits.size();
    while (i > 0) {
      --i;
      if (++digits[i] < static_cast<int>(alphabet.size())) {
        x[i] = alphabet.letters()[static_cast<std::size_t>(digits[i])];
        break;
      }
      digits[i] = 0;
      x[i] = alphabet.letters()[0];
      if (i == 0) {
        sort_in_alphabet_order(out, alphabet);
        return out;
      }
    }
    if (digits.empty()) return out;
  }
}

}  // namespace detail

bool related(std::string_view x, std::string_view y) {
  return detail::related_views(detail::View(x), detail::View(y));
}

std::string_view method_name(Method method) {
  switch (method) {
    case Method::Recursive:
      return "recursive";
    case Method::Memoize:
      return "memoize";
    case Method::Construct:
      return "construct";
    case Method::Fast:
      return "fast";
  }
  return "?";
}

void sort_in_alphabet_order(std::vector<std::string>& combinations, const Alphabet& alphabet) {
  std::array<int, 256> rank{};
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    rank[static_cast<unsigned char>(alphabet.letters()[i])] = static_cast<int>(i);
  }
  std::sort(
      combinations.begin(), combinations.end(), [&](const std::string& a, const std::string& b) {
        return std::lexicographical_compare(
            a.begin(), a.end(), b.begin(), b.end(), [&](char p, char q) {
              return rank[static_cast<unsigned char>(p)] < rank[static_cast<unsigned char>(q)];
            });
      });
}

}  // namespace manyworlds::lock
