#include "manyworlds/tetris/sfinder/util_seq.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <regex>
#include <unordered_set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

constexpr std::string_view kLetters = "TILJSZO";

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
    return std::numeric_limits<std::uint64_t>::max();
  }
  return a * b;
}

// CombinationIterable: the k-subsets of `items` in index order; when k is more than half of
// the items, the subsets are listed by the indexes left out (in index order).
std::vector<std::string> combinations(const std::string& items, int k) {
  int n = int(items.size());
  int keys_count = k < n - k ? k : n - k;
  bool reverse = n - k < k;
  std::vector<std::string> out;
  if (keys_count == 0) return {items};
  std::vector<int> keys(static_cast<std::size_t>(keys_count));
  for (int i = 0; i < keys_count; ++i) keys[std::size_t(i)] = i;
  while (true) {
    std::string pick;
    if (reverse) {
      for (int i = 0; i < n; ++i) {
        if (std::find(keys.begin(), keys.end(), i) == keys.end()) pick += items[std::size_t(i)];
      }
    } else {
      for (int key : keys) pick += items[std::size_t(key)];
    }
    out.push_back(pick);
    // The next index set in lexicographic order.
    int i = keys_count - 1;
    while (i >= 0 && keys[std::size_t(i)] == n - keys_count + i) --i;
    if (i < 0) break;
    ++keys[std::size_t(i)];
    for (int j = i + 1; j < keys_count; ++j) keys[std::size_t(j)] = keys[std::size_t(j - 1)] + 1;
  }
  return out;
}

// AllPermutationIterable (Johnson-Trotter, from Commons Collections): every order of `items`,
// starting with `items` itself, each the previous one with one adjacent swap.
void permutations(const std::string& items, std::vector<std::string>& out) {
  std::size_t n = items.size();
  std::vector<int> keys(n);
  std::vector<bool> right(n, false);  // direction of the key at each position
  for (std::size_t i = 0; i < n; ++i) keys[i] = int(i);
  while (true) {
    std::string current;
    for (int k : keys) current += items[std::size_t(k)];
    out.push_back(current);
    // The largest mobile key: it points at a smaller neighbour.
    int largest = -1;
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
      bool mobile = (right[i] && i + 1 < n && keys[i] > keys[i + 1]) ||
                    (!right[i] && i > 0 && keys[i] > keys[i - 1]);
      if (mobile && keys[i] > largest) {
        largest = keys[i];
        at = i;
      }
    }
    if (largest < 0) return;
    std::size_t to = right[at] ? at + 1 : at - 1;
    std::swap(keys[at], keys[to]);
    bool d = right[at];
    right[at] = right[to];
    right[to] = d;
    for (std::size_t i = 0; i < n; ++i) {
      if (keys[i] > largest) right[i] = !right[i];
    }
  }
}

// The sequences one pattern element allows, in sfinder's order (PermutationIterable).
std::vector<std::string> element_sequences(const PatternElement& e) {
  std::string set;
  for (int p = 0; p < kPieceCount; ++p) {
    if (e.pieces >> p & 1) set += kLetters[std::size_t(p)];
  }
  std::vector<std::string> out;
  for (const std::string& c : combinations(set, e.length())) permutations(c, out);
  return out;
}

// Calls `f` with every sequence of the pattern in sfinder's order (PiecesStreamBuilder).
void for_each_sequence(const Pattern& pattern, const std::function<void(const std::string&)>& f) {
  std::vector<std::vector<std::string>> lists;
  for (const PatternElement& e : pattern.elements) lists.push_back(element_sequences(e));
  std::string prefix;
  auto rec = [&](auto&& self, std::size_t k) -> void {
    if (k == lists.size()) {
      f(prefix);
      return;
    }
    for (const std::string& s : lists[k]) {
      std::size_t size = prefix.size();
      prefix += s;
      self(self, k + 1);
      prefix.resize(size);
    }
  };
  rec(rec, 0);
}

Compare flip(Compare op) {
  switch (op) {
    case Compare::Less:
      return Compare::Greater;
    case Compare::Greater:
      return Compare::Less;
    case Compare::LessEqual:
      return Compare::GreaterEqual;
    case Compare::GreaterEqual:
      return Compare::LessEqual;
    default:
      return op;
  }
}

// An operand of an equation: "hold", a piece letter, or neither.
enum class Operand { None, Hold, Piece };
Operand operand_type(std::string_view s) {
  if (s == "hold") return Operand::Hold;
  if (s.size() == 1 && std::string_view("tiozslj").find(s[0]) != std::string_view::npos) {
    return Operand::Piece;
  }
  return Operand::None;
}

std::regex compile(const std::string& expression, std::string_view option) {
  try {
    return std::regex(expression, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw InputError(fmt::format("util seq: {} '{}' is not a regular expression: {}", option,
                                 expression, e.what()));
  }
}

// Counts of each piece letter (and '*', ignored).
std::array<int, kPieceCount> piece_counts(std::string_view s) {
  std::array<int, kPieceCount> counts{};
  for (char c : s) {
    std::size_t p = kLetters.find(c);
    if (p != std::string_view::npos) ++counts[p];
  }
  return counts;
}

}  // namespace

SeqMode parse_seq_mode(std::string_view word) {
  std::string w = lower(java_trim(word));
  if (w == "pass") return SeqMode::Pass;
  if (w == "forward") return SeqMode::Forward;
  if (w == "backward") return SeqMode::Backward;
  if (w == "backward-pass" || w == "backward-and-pass") return SeqMode::BackwardAndPass;
  throw InputError(fmt::format(
      "util seq: unknown mode '{}' (pass, forward, backward or backward-and-pass)", word));
}

bool CountEquation::test(int count) const {
  switch (op) {
    case Compare::Equal:
      return count == value;
    case Compare::NotEqual:
      return count != value;
    case Compare::Less:
      return count < value;
    case Compare::LessEqual:
      return count <= value;
    case Compare::Greater:
      return count > value;
    case Compare::GreaterEqual:
      return count >= value;
  }
  return false;
}

std::vector<CountEquation> parse_count_equations(const std::vector<std::string>& values) {
  std::vector<CountEquation> out;
  bool hold_seen = false;
  for (const std::string& value : values) {
    for (const std::string& equation : java_split(value, ',')) {
      std::string_view e = java_trim(equation);
      // The operator starts at the first '<', else '>', else '!', else '='; a '=' after it
      // belongs to it.
      std::size_t head = std::string_view::npos;
      for (char c : {'<', '>', '!', '='}) {
        head = e.find(c);
        if (head != std::string_view::npos) break;
      }
      if (head == std::string_view::npos) {
        throw InputError(fmt::format("util seq: no operator in '{}' (e.g. T=2, hold<=1)", e));
      }
      std::size_t end = head + 1 < e.size() && e[head + 1] == '=' ? head + 2 : head + 1;
      std::string left = lower(java_trim(e.substr(0, head)));
      std::string op = lower(java_trim(e.substr(head, end - head)));
      std::string right = lower(java_trim(e.substr(end)));
      if (left.empty() || right.empty()) {
        throw InputError(fmt::format("util seq: '{}' misses an operand", e));
      }
      Operand lt = operand_type(left), rt = operand_type(right);
      if ((lt == Operand::None) == (rt == Operand::None)) {
        throw InputError(fmt::format(
            "util seq: '{}' must compare one of T I O S Z L J or hold with a number", e));
      }
      CountEquation q;
      if (op == "=" || op == "==") {
        q.op = Compare::Equal;
      } else if (op == "!=") {
        q.op = Compare::NotEqual;
      } else if (op == "<") {
        q.op = Compare::Less;
      } else if (op == "<=") {
        q.op = Compare::LessEqual;
      } else if (op == ">") {
        q.op = Compare::Greater;
      } else if (op == ">=") {
        q.op = Compare::GreaterEqual;
      } else {
        throw InputError(fmt::format("util seq: unknown operator '{}' in '{}'", op, e));
      }
      const std::string& target = lt != Operand::None ? left : right;
      const std::string& number = lt != Operand::None ? right : left;
      if (lt == Operand::None) q.op = flip(q.op);
      auto n = java_int(number);
      if (!n) throw InputError(fmt::format("util seq: '{}' is not a number in '{}'", number, e));
      if (*n < 0) throw InputError(fmt::format("util seq: negative count in '{}'", e));
      q.value = *n;
      if (target == "hold") {
        if (hold_seen) throw InputError("util seq: two hold equations");
        hold_seen = true;
        q.hold = true;
      } else {
        q.piece = *piece_from_letter(target[0]);
      }
      out.push_back(q);
    }
  }
  return out;
}

SeqOptions read_seq_options(const OptionValues& command_line) {
  SeqOptions o;
  // Option.processValue splits util seq's --patterns and --num values at spaces.
  auto spaced = [&](std::string_view name) {
    std::vector<std::string> out;
    for (const std::string& v : command_line.all(name)) {
      std::size_t start = 0;
      for (std::size_t sp; (sp = v.find(' ', start)) != std::string::npos; start = sp + 1) {
        out.push_back(v.substr(start, sp - start));
      }
      out.push_back(v.substr(start));
    }
    return out;
  };
  if (command_line.has("patterns")) {
    for (const std::string& v : spaced("patterns")) {
      for (std::string& part : java_split(v, ';')) o.patterns.push_back(std::move(part));
    }
  } else {
    std::string text;
    try {
      text = read_text("input/patterns.txt");
    } catch (const InputError& e) {
      throw InputError(fmt::format("util seq: no patterns: give -p PATTERN ({})", e.what()));
    }
    o.patterns = java_lines(text);
  }
  auto integer = [&](std::string_view name, int fallback) {
    auto v = command_line.first(name);
    if (!v) return fallback;
    auto n = java_int(*v);
    if (!n) throw InputError(fmt::format("util seq: --{} '{}' is not an integer", name, *v));
    return *n;
  };
  auto boolean = [&](std::string_view name, bool fallback) {
    auto v = command_line.first(name);
    if (!v) return fallback;
    auto b = java_bool(*v);
    if (!b) throw InputError(fmt::format("util seq: --{} '{}' is not yes or no", name, *v));
    return *b;
  };
  if (auto mode = command_line.first("mode")) o.mode = parse_seq_mode(*mode);
  o.length = integer("length", -1);
  o.distinct = boolean("distinct", true);
  o.expression = command_line.first("expression").value_or("");
  o.not_expression = command_line.first("not-expression").value_or("");
  o.equations = parse_count_equations(spaced("num"));
  o.head_hold = boolean("head-hold", true);
  return o;
}

void forward_order(int to_depth, bool over, bool empty_hold, std::uint64_t index, HoldOrder& out) {
  std::vector<int>& p = out.positions;
  const bool second = (index & 1) != 0;
  if (to_depth == 1) {
    if (!empty_hold && !over) {
      throw InputError("util seq: forward to 1 piece from 1 piece: the hold is always empty");
    }
    p.assign({second ? 1 : 0});
    out.holds = second == empty_hold ? 1 : 0;
    return;
  }
  // The pieces placed so far, the held one last.
  p.assign({second == empty_hold ? 1 : 0, second == empty_hold ? 0 : 1});
  out.holds = second ? 1 : 0;
  for (int depth = 2; depth < to_depth; ++depth) {
    const bool has_hold = !empty_hold || out.holds > 0;
    if ((index >> (depth - 1) & 1) == 0) {
      p.insert(p.end() - 1, depth);  // place the new piece
      if (!has_hold) ++out.holds;
    } else {
      p.push_back(depth);  // place the held one, hold the new piece
      if (has_hold) ++out.holds;
    }
  }
  const bool has_hold = !empty_hold || out.holds > 0;
  if (!over) {
    if (has_hold) ++out.holds;  // the held piece is played last
  } else if ((index >> (to_depth - 1) & 1) == 0) {
    p.insert(p.end() - 1, to_depth);
    p.pop_back();
    if (!has_hold) ++out.holds;
  } else if (has_hold) {
    ++out.holds;
  }
}

void backward_order(int to_depth, int from_depth, bool empty_hold, std::uint64_t index,
                    HoldOrder& out) {
  std::vector<int>& p = out.positions;
  p.clear();
  out.holds = 0;
  std::size_t stock = 0;  // where the next held piece goes
  bool added = false;     // a piece was played before (empty hold only)
  for (int depth = 0; depth < from_depth; ++depth) {
    const int n = depth < to_depth ? depth : -1;
    if (depth < from_depth - 1 && (index >> depth & 1) == 0) {
      p.push_back(n);
      added = true;
      continue;
    }
    p.insert(p.begin() + long(stock), n);
    if (empty_hold ? added : stock != 0) ++out.holds;
    stock = p.size();
  }
  if (to_depth == from_depth && (!empty_hold || out.holds > 0)) ++out.holds;
}

namespace {

std::uint64_t saturating_pow2(int k) {
  return k >= 64 ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t{1} << k;
}

}  // namespace

std::uint64_t forward_order_count(int to_depth, bool over) {
  if (to_depth == 1) return 2;
  return saturating_mul(saturating_pow2(std::max(to_depth - 1, 1)), over ? 2 : 1);
}

int forward_order_reach(int to_depth, bool over) {
  if (to_depth <= 1) return 1;
  return over ? to_depth : to_depth - 1;
}

std::uint64_t backward_order_count(int from_depth) {
  return saturating_pow2(std::max(from_depth - 1, 0));
}

std::vector<int> first_backward_positions(int to_depth, int from_depth) {
  // Order 0 plays each piece as it comes and stocks only the last, which goes first (the hold
  // start changes its hold count only).
  HoldOrder first;
  backward_order(to_depth, from_depth, false, 0, first);
  return first.positions;
}

std::vector<std::string> pattern_sequences(const Pattern& pattern) {
  std::vector<std::string> out;
  for_each_sequence(pattern, [&](const std::string& s) { out.push_back(s); });
  return out;
}

namespace {

// The hold orders of one line, each a row of `width` positions (every order of a line has as
// many; a byte each, since kMaxOrders orders have fewer than 128 pieces) and its number of holds: a
// vector per order took about twenty times the memory (docs/benchmarks.md).
struct OrderTable {
  std::size_t width = 0;
  std::vector<std::int8_t> positions;
  std::vector<std::uint8_t> holds;
  std::size_t size() const { return holds.size(); }
  // Fills the table with `count` orders, `make(index, order)` making each. Only a --length
  // far beyond the pattern (with --force) asks for more than kMaxOrders.
  static constexpr std::uint64_t kMaxOrders = std::uint64_t(1) << 24;
  template <class Make>
  void fill(std::uint64_t count, Make&& make) {
    if (count > kMaxOrders) {
      throw InputError(
          fmt::format("util seq: {} hold orders per sequence, beyond {}: use a shorter --length",
                      count, kMaxOrders));
    }
    HoldOrder h;
    for (std::uint64_t i = 0; i < count; ++i) {
      make(i, h);
      if (i == 0) {
        width = h.positions.size();
        positions.reserve(std::size_t(count) * width);
        holds.reserve(std::size_t(count));
      }
      positions.insert(positions.end(), h.positions.begin(), h.positions.end());
      holds.push_back(std::uint8_t(h.holds));
    }
  }
};

struct Plan {
  Pattern pattern;
  OrderTable orders;              // forward and backward modes, when made
  std::uint64_t order_count = 1;  // how many orders the mode makes (pass: 1)
  int unknown = 0;                // backward-and-pass: the '*' in a line, before the cut
  int length = 0;                 // the cut (0: none)
};

// The pattern and the size of its hold orders of one line (the orders too when `make_orders`);
// nullopt for a blank or comment line. The sizes come without the orders, which are 2^depth.
std::optional<Plan> plan(const SeqOptions& o, const std::string& line, bool make_orders) {
  std::optional<Pattern> p = parse_pattern_line(line);
  if (!p) return std::nullopt;
  Plan plan{*p, {}, 1, 0, o.length > 0 ? o.length : 0};
  int depth = p->length();
  if (o.mode == SeqMode::Forward) {
    int to = o.length > 0 ? std::min(depth, o.length) : std::max(depth - 1, 0);
    bool over = to < depth;
    bool empty_hold = !o.head_hold;
    if (to == 1 && !over && !empty_hold) {
      throw InputError("util seq: forward to 1 piece from 1 piece: the hold is always empty");
    }
    if (forward_order_reach(to, over) >= depth) {
      throw InputError(fmt::format(
          "util seq: forward needs patterns of at least 2 pieces ('{}' has {})", p->text, depth));
    }
    plan.order_count = forward_order_count(to, over);
    if (make_orders) {
      plan.orders.fill(plan.order_count, [&](std::uint64_t i, HoldOrder& h) {
        forward_order(to, over, empty_hold, i, h);
      });
    }
  } else if (o.mode != SeqMode::Pass) {
    int from = o.length > 0 ? std::max(depth, o.length) : depth + 1;
    plan.order_count = backward_order_count(from);
    if (o.mode == SeqMode::BackwardAndPass) {
      std::vector<int> first = first_backward_positions(depth, from);
      std::size_t cut = plan.length > 0 ? std::size_t(plan.length) : first.size();
      first.resize(std::min(cut, first.size()));
      plan.unknown = int(std::count(first.begin(), first.end(), -1));
    }
    if (make_orders) {
      plan.orders.fill(plan.order_count, [&](std::uint64_t i, HoldOrder& h) {
        backward_order(depth, from, !o.head_hold, i, h);
      });
    }
  }
  return plan;
}

}  // namespace

std::uint64_t estimate_sequences(const SeqOptions& o) {
  std::uint64_t total = 0;
  for (const std::string& line : o.patterns) {
    auto p = plan(o, line, false);
    if (!p) continue;
    std::uint64_t per = p->order_count;
    for (int i = 0; i < p->unknown; ++i) per = saturating_mul(per, 7);
    std::uint64_t lines = saturating_mul(p->pattern.count(), per);
    total = lines > std::numeric_limits<std::uint64_t>::max() - total
                ? std::numeric_limits<std::uint64_t>::max()
                : total + lines;
  }
  return total;
}

void expand_sequences(const SeqOptions& o, const std::function<void(std::string_view)>& emit) {
  std::optional<std::regex> must, must_not;
  if (std::string e(java_trim(o.expression)); !e.empty()) must = compile(e, "--expression");
  if (std::string e(java_trim(o.not_expression)); !e.empty()) {
    must_not = compile(e, "--not-expression");
  }
  const CountEquation* hold_rule = nullptr;
  std::vector<const CountEquation*> piece_rules;
  for (const CountEquation& q : o.equations) {
    if (q.hold) {
      hold_rule = &q;
    } else {
      piece_rules.push_back(&q);
    }
  }
  auto counts_ok = [&](std::string_view s) {
    if (piece_rules.empty()) return true;
    auto counts = piece_counts(s);
    for (const CountEquation* q : piece_rules) {
      if (!q->test(counts[std::size_t(q->piece)])) return false;
    }
    return true;
  };
  auto text_ok = [&](const std::string& s) {
    if (must && !std::regex_search(s, *must)) return false;
    if (must_not && std::regex_search(s, *must_not)) return false;
    return true;
  };
  std::unordered_set<std::string> seen;
  auto out = [&](const std::string& s) {
    if (!o.distinct || seen.insert(s).second) emit(s);
  };
  // backward-and-pass: every '*' as each piece, the first '*' varying slowest.
  auto expand_unknown = [&](const std::string& s) {
    std::vector<std::string> all{s};
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] != '*') continue;
      std::vector<std::string> next;
      for (const std::string& partial : all) {
        for (char letter : kLetters) {
          std::string t = partial;
          t[i] = letter;
          next.push_back(std::move(t));
        }
      }
      all = std::move(next);
    }
    for (const std::string& t : all) out(t);
  };

  for (const std::string& line : o.patterns) {
    std::optional<Plan> p = plan(o, line, true);
    if (!p) continue;
    std::size_t cut = p->length > 0 ? std::size_t(p->length) : std::string::npos;
    for_each_sequence(p->pattern, [&](const std::string& sequence) {
      if (o.mode == SeqMode::Pass) {
        std::string s = sequence.substr(0, cut);
        if (counts_ok(s) && text_ok(s)) out(s);
        return;
      }
      const OrderTable& orders = p->orders;
      for (std::size_t k = 0; k < orders.size(); ++k) {
        if (hold_rule && !hold_rule->test(orders.holds[k])) continue;
        std::string s;
        for (std::size_t j = k * orders.width; j < (k + 1) * orders.width; ++j) {
          const int pos = orders.positions[j];
          s += pos < 0 ? '*' : sequence[std::size_t(pos)];
        }
        s = s.substr(0, cut);
        if (!counts_ok(s) || !text_ok(s)) continue;
        if (o.mode == SeqMode::BackwardAndPass) {
          expand_unknown(s);
        } else {
          out(s);
        }
      }
    });
  }
}

SeqLines run_util_seq(const OptionValues& command_line, bool force) {
  SeqOptions options = read_seq_options(command_line);
  std::uint64_t estimate = estimate_sequences(options);
  if (!force && estimate > kMaxSeqLinesUnforced) {
    throw InputError(
        fmt::format("util seq: up to {} sequences, beyond {}: use a narrower pattern, or --force",
                    estimate, kMaxSeqLinesUnforced));
  }
  SeqLines result;
  expand_sequences(options, [&](std::string_view s) { result.lines.emplace_back(s); });
  return result;
}

void write_text(fmt::memory_buffer& out, const SeqLines& result) {
  for (const std::string& line : result.lines) append(out, "{}\n", line);
}

void to_json(Json& out, const SeqLines& result) {
  out = {{"count", result.lines.size()}, {"sequences", result.lines}};
}

}  // namespace manyworlds::tetris::sfinder
