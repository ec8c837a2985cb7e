#include "manyworlds/tetris/search/ren.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <unordered_map>

#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/tetris/search/path.hpp"

namespace manyworlds::tetris {
namespace {

constexpr int kHeight = kMaxHeight;  // sfinder's ren works on 24 rows
constexpr int kNoHold = 7;           // RenOrderComparator: no held piece sorts last

// Whether the piece fits at (x, y): inside the columns and above the floor, every cell empty
// (rows above the field are empty).
bool fits(const Field& field, const Shape& s, int x, int y) {
  for (const Cell& c : s.cells) {
    int cx = x + c.x, cy = y + c.y;
    if (cx < 0 || cx >= kWidth || cy < 0) return false;
    if (cy < kHeight && field.filled(cx, cy)) return false;
  }
  return true;
}

// The placements kept by the search, each with the one before it: a state's or a chain's path
// is the chain of its last placement (a few bytes per state however long the queue).
struct Step {
  std::uint32_t parent;
  Placement placement;
};
constexpr std::uint32_t kStart = UINT32_MAX;  // no placement yet

// A state of the search: the field after the clears, the held piece, its last placement.
struct Node {
  Field field;
  int hold = kNoHold;
  std::uint32_t step = kStart;
};

// RenOrderComparator: held piece (none last), then the field's four 6-row words, lowest first.
struct NodeKey {
  int hold;
  std::array<std::uint64_t, 4> words;
  // Written out: the libc++ of Debian's emscripten has no operator<=> for std::array.
  friend bool operator==(const NodeKey&, const NodeKey&) = default;
  friend bool operator<(const NodeKey& a, const NodeKey& b) {
    if (a.hold != b.hold) return a.hold < b.hold;
    return std::lexicographical_compare(a.words.begin(), a.words.end(), b.words.begin(),
                                        b.words.end());
  }
};

NodeKey key_of(const Field& field, int hold) {
  NodeKey k{hold, {}};
  for (int y = 0; y < kHeight; ++y) {
    k.words[std::size_t(y / 6)] |= std::uint64_t(field.row(y)) << (10 * (y % 6));
  }
  return k;
}

// One placement that clears a row, from a state being expanded.
struct Successor {
  Field field;
  Placement placement;
  std::int8_t hold;
  bool chain;  // the last step: a finished chain, not a state
};

// What expanding one state gives, in sfinder's order, and whether the state itself ends a
// chain (no step could clear a row).
struct Expansion {
  std::vector<Successor> next;
  bool terminated = true;
};

// The placements of a piece that clear a row, with the field they leave (rows cleared).
struct Clear {
  Placement placement;
  Field field;
};

class Expander {
 public:
  Expander(const RenOptions& o, unsigned workers)
      : drop_(o.drop),
        moves_(o.kicks, o.drop == Drop::Softdrop180 ? Drop::Softdrop180 : Drop::Softdrop),
        memo_(workers) {}

  // RenSearcherCore.step: every placement of `piece` that clears a row. `worker` names the
  // calling thread (its own memo).
  void step(const Node& node, Piece piece, int next_hold, bool last, unsigned worker,
            Expansion& out) {
    for (const Clear& c : clears(node.field, piece, memo_[worker])) {
      out.terminated = false;
      out.next.push_back({c.field, c.placement, std::int8_t(next_hold), last});
    }
  }

 private:
  // The clears of (field, piece) as computed before: the states of a step often share their
  // field (another held piece, or the same rows left after different clears), and a well's
  // few shapes come back step after step. Cleared when it grows past kMemoEntries.
  struct Key {
    Field field;
    Piece piece;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ull * (std::uint64_t(k.piece) + 1);
      for (Row r : k.field.rows()) h = (h ^ r) * 0x100000001B3ull;
      return std::size_t(h ^ (h >> 29));
    }
  };
  using Memo = std::unordered_map<Key, std::vector<Clear>, KeyHash>;
  static constexpr std::size_t kMemoEntries = 1 << 16;

  const std::vector<Clear>& clears(const Field& field, Piece piece, Memo& memo) const {
    Key key{field, piece};
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    std::vector<Clear> out;
    for (const Placement& p : ren_placements(moves_, drop_, field, piece)) {
      Field f = field;
      f.place(p);
      if (f.clear_lines() > 0) out.push_back({p, f});
    }
    if (memo.size() >= kMemoEntries) memo.clear();
    return memo.emplace(key, std::move(out)).first->second;
  }

  Drop drop_;
  MoveGenerator moves_;
  std::vector<Memo> memo_;  // one per worker thread
};

RenChain chain_of(const std::vector<Step>& steps, std::uint32_t step, const Field& field,
                  int hold) {
  RenChain c;
  for (std::uint32_t s = step; s != kStart; s = steps[s].parent) {
    c.placements.push_back(steps[s].placement);
  }
  std::reverse(c.placements.begin(), c.placements.end());
  c.field = field;
  if (hold != kNoHold) c.hold = Piece(hold);
  return c;
}

}  // namespace

std::vector<std::size_t> java_hash_set_order(std::span<const std::uint32_t> hashes) {
  // HashMap.putVal: a bin that reaches 9 entries is turned into a tree, which first doubles
  // the table while it is smaller than 64; the size passing 3/4 of the capacity doubles it.
  std::size_t capacity = 16;
  std::vector<std::uint32_t> bins(capacity);  // keys per bucket at the current capacity
  auto recount = [&](std::size_t inserted) {
    bins.assign(capacity, 0);
    for (std::size_t i = 0; i < inserted; ++i) ++bins[hashes[i] & (capacity - 1)];
  };
  for (std::size_t n = 0; n < hashes.size(); ++n) {
    std::uint32_t bin = ++bins[hashes[n] & (capacity - 1)];
    bool grow = bin >= 9 && capacity < 64;
    if (grow) capacity *= 2;
    if (n + 1 > capacity * 3 / 4) {
      capacity *= 2;
      grow = true;
    }
    if (grow) recount(n + 1);
  }
  std::vector<std::size_t> order(hashes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return (hashes[a] & (capacity - 1)) < (hashes[b] & (capacity - 1));
  });
  return order;
}

std::vector<Placement> ren_placements(const MoveGenerator& moves, Drop drop, const Field& field,
                                      Piece piece) {
  std::vector<Placement> found;
  std::bitset<kRotationCount * kWidth*(kHeight + 4)> seen;  // (rotation, x, y + 4) found
  auto add = [&](Placement p) {
    p = sfinder_state(p);
    std::size_t bit = (std::size_t(p.rotation) * kWidth + std::size_t(p.x)) * (kHeight + 4) +
                      std::size_t(p.y + 4);
    if (!seen.test(bit)) {
      seen.set(bit);
      found.push_back(p);
    }
  };
  bool soft = drop == Drop::Softdrop || drop == Drop::Softdrop180 ||
              (drop == Drop::TSoftdrop && piece == Piece::T);
  if (soft) {
    // LockedCandidate: rotations spawn, right, reverse, left; x ascending; y from the top down.
    ReachableStates states;
    moves.softdrop_states(field, piece, kHeight, states);
    for (int r = 0; r < kRotationCount; ++r) {
      const Shape& s = shape(piece, Rotation(r));
      // The reachable states resting on something, row by row (bit x for x), then listed in
      // the candidate's order.
      const int top = kHeight - s.max_y - 1, bottom = -s.min_y;
      std::array<Row, kHeight> landed{};
      Row any = 0;
      for (int y = bottom; y <= top; ++y) {
        Row ground = 0;
        for (const Cell& c : s.cells) {
          int below = y + c.y - 1;
          Row support = below < 0 ? kFullRow : field.row(below);
          ground |= c.x >= 0 ? Row(support >> c.x) : Row(support << -c.x);
        }
        Row reached = 0;
        for (int x = 0; x < kWidth; ++x) {
          if (states.contains(Rotation(r), x, y)) reached |= Row(1u << x);
        }
        landed[std::size_t(y)] = Row(ground & reached);
        any |= landed[std::size_t(y)];
      }
      for (int x = -s.min_x; x < kWidth - s.max_x; ++x) {
        if (!(any >> x & 1)) continue;
        for (int y = top; y >= bottom; --y) {
          if ((landed[std::size_t(y)] >> x & 1) && fits(field, s, x, y)) {
            add({piece, Rotation(r), std::int8_t(x), std::int8_t(y)});
          }
        }
      }
    }
  } else {
    // HarddropCandidate: each distinct state (sfinder's order of them cannot show: they never
    // share a bucket), x ascending, dropped from above the field; kept when below row 24.
    for (int r = 0; r < kRotationCount; ++r) {
      Placement probe = sfinder_state({piece, Rotation(r), 0, 0});
      if (int(probe.rotation) != r) continue;
      const Shape& s = shape(piece, Rotation(r));
      for (int x = -s.min_x; x < kWidth - s.max_x; ++x) {
        int y = kHeight - s.min_y;
        while (fits(field, s, x, y - 1)) --y;
        if (y < kHeight - s.max_y) add({piece, Rotation(r), std::int8_t(x), std::int8_t(y)});
      }
    }
  }
  std::vector<std::uint32_t> hashes;
  hashes.reserve(found.size());
  for (const Placement& p : found) {
    hashes.push_back(std::uint32_t((p.x * 24 + p.y) * 4 + int(p.rotation)));
  }
  std::vector<Placement> ordered;
  ordered.reserve(found.size());
  for (std::size_t i : java_hash_set_order(hashes)) ordered.push_back(found[i]);
  return ordered;
}

int RenResult::max_ren() const {
  int best = -1;
  for (const RenChain& c : chains) best = std::max(best, c.ren());
  return best;
}

RenResult search_ren(const Field& field, std::span<const Piece> queue, const RenOptions& options) {
  RenResult result;
  if (queue.empty()) return result;
  Expander expander(options, std::max(1u, options.threads));
  const int n = int(queue.size());
  Node start;
  start.field = field;
  start.field.clear_lines();
  start.hold = options.use_hold ? int(queue[0]) : kNoHold;
  std::vector<Node> nodes = {start};
  std::vector<Step> steps;
  // The chains as they are found: their last placement, field and held piece.
  struct Found {
    std::uint32_t step;
    Field field;
    int hold;
  };
  std::vector<Found> found;
  Progress progress("ren", 0, options.progress);
  // With hold the first piece starts in the hold slot: steps 1..n draw queue[1..n-1], then
  // the held piece alone. Without hold: steps 0..n-1 place queue[0..n-1].
  const int first = options.use_hold ? 1 : 0, end = options.use_hold ? n + 1 : n;
  for (int depth = first; depth < end && !nodes.empty(); ++depth) {
    const bool last = depth == end - 1;
    std::vector<Expansion> expansions(nodes.size());
    const unsigned threads = nodes.size() >= options.parallel_states ? options.threads : 1;
    parallel_for_workers(nodes.size(), threads, [&](std::size_t i, unsigned worker) {
      throw_if_cancelled(fmt::format("ren: piece {} of {}, {} states expanded", depth + 1 - first,
                                     n, result.states + progress.done()));
      const Node& node = nodes[i];
      Expansion& e = expansions[i];
      if (!options.use_hold) {
        expander.step(node, queue[std::size_t(depth)], kNoHold, last, worker, e);
      } else if (depth < n) {
        Piece drawn = queue[std::size_t(depth)];
        expander.step(node, drawn, node.hold, last, worker, e);
        if (int(drawn) != node.hold) {
          expander.step(node, Piece(node.hold), int(drawn), last, worker, e);
        }
      } else {
        expander.step(node, Piece(node.hold), kNoHold, last, worker, e);
      }
      progress.advance();
    });
    // In sfinder's order: each state's new states and chains, then the state itself when it
    // ends a chain. A state found twice keeps its first path (TreeSet.add).
    struct Candidate {
      NodeKey key;
      Field field;
      std::uint32_t step;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      for (const Successor& s : expansions[i].next) {
        steps.push_back({nodes[i].step, s.placement});
        std::uint32_t step = std::uint32_t(steps.size() - 1);
        if (s.chain) {
          found.push_back({step, s.field, s.hold});
        } else {
          candidates.push_back({key_of(s.field, s.hold), s.field, step});
        }
      }
      if (expansions[i].terminated && nodes[i].step != kStart) {
        found.push_back({nodes[i].step, nodes[i].field, nodes[i].hold});
      }
    }
    result.states += nodes.size();
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    nodes.clear();
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (i > 0 && candidates[i].key == candidates[i - 1].key) continue;
      nodes.push_back({candidates[i].field, candidates[i].key.hold, candidates[i].step});
    }
  }
  result.chains.reserve(found.size());
  for (const Found& f : found) result.chains.push_back(chain_of(steps, f.step, f.field, f.hold));
  return result;
}

}  // namespace manyworlds::tetris
