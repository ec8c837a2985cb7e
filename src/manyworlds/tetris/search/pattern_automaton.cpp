#include "manyworlds/tetris/search/pattern_automaton.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {
namespace {

constexpr std::uint8_t kDead = 0xFF;

// Where position k of a pattern falls: its element and whether k is that element's last piece.
struct Slot {
  const PatternElement* element;
  bool last;
};

std::vector<Slot> slots_of(const Pattern& p, int length) {
  std::vector<Slot> slots;
  for (const auto& e : p.elements) {
    for (int i = 0; i < e.length() && int(slots.size()) < length; ++i) {
      slots.push_back({&e, i + 1 == e.length()});
    }
  }
  return slots;
}

}  // namespace

PatternAutomaton::PatternAutomaton(const std::vector<Pattern>& patterns, int length,
                                   std::size_t max_states)
    : length_(length) {
  if (patterns.empty() || length < 1 || length > patterns.front().length()) {
    throw InputError(fmt::format("patterns: cannot take {} pieces", length));
  }
  std::vector<std::vector<Slot>> slots;
  for (const auto& p : patterns) slots.push_back(slots_of(p, length));
  const std::size_t n = patterns.size();

  // A state's key: its depth, then one byte per pattern (kDead, or the pieces its current
  // element has used).
  std::vector<std::string> keys;
  std::unordered_map<std::string, std::int32_t> index;
  auto intern = [&](std::string key, int depth) {
    auto [it, fresh] = index.emplace(key, std::int32_t(states_.size()));
    if (fresh) {
      if (states_.size() >= max_states) {
        throw InputError(fmt::format(
            "patterns: more than {} distinct states; use fewer or simpler patterns", max_states));
      }
      State s;
      s.next.fill(kNone);
      s.depth = std::uint8_t(depth);
      states_.push_back(s);
      keys.push_back(std::move(key));
    }
    return it->second;
  };
  intern(std::string(1 + n, '\0'), 0);
  for (std::size_t id = 0; id < states_.size(); ++id) {
    const int depth = states_[id].depth;
    if (depth == length) continue;
    for (int piece = 0; piece < kPieceCount; ++piece) {
      std::string key(1 + n, char(kDead));
      key[0] = char(depth + 1);
      bool alive = false;
      for (std::size_t i = 0; i < n; ++i) {
        auto used = std::uint8_t(keys[id][1 + i]);
        if (used == kDead) continue;
        const Slot& slot = slots[i][std::size_t(depth)];
        std::uint8_t bit = std::uint8_t(1u << piece);
        if (!(slot.element->pieces & bit)) continue;
        if (slot.element->take != 0 && (used & bit)) continue;
        alive = true;
        key[1 + i] = char(slot.last || slot.element->take == 0 ? 0 : used | bit);
      }
      if (!alive) continue;
      std::int32_t to = intern(std::move(key), depth + 1);
      states_[id].next[std::size_t(piece)] = to;
      states_[id].pieces = std::uint8_t(states_[id].pieces | (1u << piece));
    }
  }
  // Counts from the deepest states up (every transition goes one level deeper).
  std::vector<std::int32_t> order(states_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = std::int32_t(i);
  std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
    return states_[std::size_t(a)].depth > states_[std::size_t(b)].depth;
  });
  for (std::int32_t id : order) {
    State& s = states_[std::size_t(id)];
    if (s.depth == length) {
      s.completions = 1;
      continue;
    }
    bool first = true;
    for (int piece = 0; piece < kPieceCount; ++piece) {
      std::int32_t to = s.next[std::size_t(piece)];
      if (to == kNone) continue;
      const State& t = states_[std::size_t(to)];
      s.completions += t.completions;
      const PieceCounts through = add_piece(t.required, Piece(piece));
      if (first) {
        s.required = through;
        first = false;
      } else {
        for (int q = 0; q < kPieceCount; ++q) {
          s.required =
              set_count(s.required, Piece(q),
                        std::min(count_of(s.required, Piece(q)), count_of(through, Piece(q))));
        }
      }
      for (int q = 0; q < kPieceCount; ++q) {
        int c = count_of(t.upcoming, Piece(q)) + (q == piece);
        if (c > count_of(s.upcoming, Piece(q))) s.upcoming = set_count(s.upcoming, Piece(q), c);
      }
    }
  }
}

}  // namespace manyworlds::tetris
