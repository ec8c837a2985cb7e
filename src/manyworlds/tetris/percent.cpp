#include "manyworlds/tetris/percent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/tetris/hold.hpp"
#include "manyworlds/tetris/prefix_count.hpp"
#include "manyworlds/tetris/tiling.hpp"

namespace manyworlds::tetris {
namespace {

// The rows below the clear height, 6 rows of 10 bits per word, and the height. Rows at or
// above the height are always the rows that were above the clear line, so this identifies
// the whole field.
struct FieldKey {
  std::array<std::uint64_t, 4> words{};
  int height = 0;
  friend bool operator==(const FieldKey&, const FieldKey&) = default;
};

FieldKey key_of(const Field& f, int height) {
  FieldKey k;
  k.height = height;
  for (int y = 0; y < height; ++y) k.words[y / 6] |= std::uint64_t(f.row(y)) << (10 * (y % 6));
  return k;
}

struct FieldKeyHash {
  std::size_t operator()(const FieldKey& k) const {
    std::uint64_t h = std::uint64_t(k.height);
    for (auto w : k.words) h = hash_mix(h ^ w);
    return h;
  }
};

// A sound test that the clear area can still be emptied: a boundary between columns x-1 and
// x that no piece can cross (every row has a block on one side of it) splits the area, and
// each part must have a multiple of 4 empty cells (pieces never cross it, and line clears
// keep it).
bool splittable(const Field& f, int height) {
  unsigned walls = 0x3FE;
  for (int y = 0; y < height; ++y) {
    unsigned r = f.row(y);
    walls &= r | (r << 1);
  }
  while (walls) {
    int x = std::countr_zero(walls);
    walls &= walls - 1;
    unsigned left = (1u << x) - 1;
    int empty = 0;
    for (int y = 0; y < height; ++y) empty += std::popcount(~unsigned(f.row(y)) & left);
    if (empty % 4) return false;
  }
  return true;
}

// A cheap measure of how awkward a field is to finish (covered empty cells weigh most, then
// bumpiness): successors are tried best first, which only changes how fast a success is found.
int awkwardness(const Field& f, int height) {
  std::array<int, kWidth> top{};
  int holes = 0;
  for (int x = 0; x < kWidth; ++x) {
    int t = 0;
    for (int y = 0; y < height; ++y) {
      if (f.filled(x, y)) t = y + 1;
    }
    for (int y = 0; y < t; ++y) holes += !f.filled(x, y);
    top[std::size_t(x)] = t;
  }
  int bumps = 0;
  for (int x = 0; x + 1 < kWidth; ++x)
    bumps += std::abs(top[std::size_t(x)] - top[std::size_t(x) + 1]);
  return holes * 8 + bumps;
}

// The successors of a field: every reachable placement of one piece, lines cleared, pruned
// by splittable(); distinct results only.
template <typename Fn>
void for_each_successor(const MoveGenerator& gen, const Field& f, int height, Piece piece,
                        Fn&& fn) {
  MoveList moves;
  gen.generate(f, piece, height, moves);
  for (const Placement& p : moves) {
    Field next = f;
    next.place(p);
    int cleared = next.clear_lines_below(height);
    int h = height - cleared;
    if (h > 0 && !splittable(next, h)) continue;
    if (fn(next, h)) return;
  }
}

// The pieces of a packed queue, as counts per type.
PieceCounts counts_of(std::uint64_t queue) {
  PieceCounts c = 0;
  for (; queue != 0; queue >>= 3) c = add_piece(c, Piece((queue & 7) - 1));
  return c;
}

// The field graph of the optimized method: nodes are fields, edges per piece are generated
// once, and "works without hold along this order" is memoized per (field, remaining order).
class OrderSearch {
 public:
  // `oracle` may be shared with the searches of other threads.
  OrderSearch(const ClearArea& area, const PercentOptions& o, FillOracle& oracle)
      : gen_(o.kicks, o.drop), oracle_(oracle) {
    root_ = node(area.field, area.height);
  }

  // Whether the order (a packed sequence of exactly the pieces to place) works without hold.
  bool works(std::uint64_t order) { return works(root_, order); }

  // Whether any placement order of `input` with hold works without hold (the seed's second
  // pass). The placement orders of a queue form a tree (each step places the drawn or the
  // held piece), walked together with the field graph: a state is the field and the queue
  // still to come, held piece first, memoized like works().
  bool works_with_hold(std::uint64_t input) { return hold_works(root_, input); }

  // Keeps the graph bounded: beyond kMaxNodes fields it is dropped and rebuilt on demand (the
  // memos bound themselves, see below). Only caches are lost; results stay exact. Called
  // between inputs.
  void limit_memory() {
    constexpr std::size_t kMaxNodes = 200'000;
    if (nodes_.size() <= kMaxNodes) return;
    Field root = nodes_[std::size_t(root_)].field;
    int height = nodes_[std::size_t(root_)].height;
    nodes_.clear();
    edges_.clear();
    index_.clear();
    memo_.clear();
    hold_memo_.clear();
    fill_memo_.clear();
    root_ = node(root, height);
  }

 private:
  struct Node {
    Field field;
    int height;
    std::array<std::int32_t, kPieceCount> first{};  // -1: not generated
    std::array<std::int32_t, kPieceCount> count{};
  };

  int node(const Field& f, int height) {
    FieldKey k = key_of(f, height);
    if (const int* known = index_.find(k)) return *known;
    int id = int(nodes_.size());
    index_.insert(k, id);
    Node n{f, height, {}, {}};
    n.first.fill(-1);
    nodes_.push_back(n);
    return id;
  }

  void expand(int id, Piece piece) {
    std::vector<std::pair<int, std::int32_t>> scored;
    Field f = nodes_[id].field;
    int height = nodes_[id].height;
    for_each_successor(gen_, f, height, piece, [&](const Field& next, int h) {
      if (!oracle_.fillable(next, h)) return false;
      int child = node(next, h);
      bool seen = false;
      for (const auto& [score, c] : scored) seen = seen || c == child;
      if (!seen) scored.push_back({h == 0 ? -1 : awkwardness(next, h), child});
      return false;
    });
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::int32_t> found;
    for (const auto& [score, c] : scored) found.push_back(c);
    nodes_[id].first[int(piece)] = std::int32_t(edges_.size());
    nodes_[id].count[int(piece)] = std::int32_t(found.size());
    edges_.insert(edges_.end(), found.begin(), found.end());
  }

  bool works(int id, std::uint64_t order) {
    if (nodes_[id].height == 0) return true;
    if (order == 0) return false;
    if ((order >> 3) == 0) return finishes(id, Piece((order & 7) - 1));
    MemoKey key{order, std::uint32_t(id)};
    if (const bool* known = memo_.find(key)) return *known;
    if (!fillable_with(id, order)) {
      memo_.insert(key, false);
      return false;
    }
    Piece piece = Piece((order & 7) - 1);
    if (nodes_[id].first[int(piece)] < 0) expand(id, piece);
    bool ok = false;
    std::int32_t first = nodes_[id].first[int(piece)];
    std::int32_t count = nodes_[id].count[int(piece)];
    for (std::int32_t e = first; e < first + count && !ok; ++e) ok = works(edges_[e], order >> 3);
    memo_.insert(key, ok);
    return ok;
  }

  // Whether one placement of the piece clears the field (the last piece of a queue). Not
  // memoized: the successors are kept, and looking at them costs less than a memo entry.
  bool finishes(int id, Piece piece) {
    std::int32_t count = 0;
    std::int32_t e = edges(id, piece, count);
    for (std::int32_t k = 0; k < count; ++k) {
      if (nodes_[std::size_t(edges_[std::size_t(e + k)])].height == 0) return true;
    }
    return false;
  }

  // The first edge index of (node, piece) and their count (edges_ may grow meanwhile, so
  // callers index it afresh).
  std::int32_t edges(int id, Piece piece, std::int32_t& count) {
    if (nodes_[id].first[int(piece)] < 0) expand(id, piece);
    count = nodes_[id].count[int(piece)];
    return nodes_[id].first[int(piece)];
  }

  // Whether the node's empty cells can be covered with the pieces of the queue (some may be
  // left over).
  bool fillable_with(int id, std::uint64_t queue) {
    MemoKey key{counts_of(queue), std::uint32_t(id)};
    if (const bool* known = fill_memo_.find(key)) return *known;
    bool ok =
        oracle_.fillable(nodes_[std::size_t(id)].field, nodes_[std::size_t(id)].height, key.order);
    fill_memo_.insert(key, ok);
    return ok;
  }

  // queue: held piece, then the pieces still to draw.
  bool hold_works(int id, std::uint64_t queue) {
    if (nodes_[id].height == 0) return true;
    if (queue == 0) return false;
    if ((queue >> 3) == 0) return finishes(id, Piece((queue & 7) - 1));
    // The held piece and the next one drawn can trade places (the seed's twin observation:
    // either way, the next piece placed is one of the two and the other is held after), so
    // the memo keeps them in a fixed order. The search itself keeps the given order: placing
    // the drawn piece first finds successes sooner.
    std::uint64_t held_code = queue & 7, drawn_code = (queue >> 3) & 7;
    std::uint64_t state = queue;
    if (drawn_code != 0 && drawn_code < held_code) {
      state = (queue & ~std::uint64_t(077)) | (held_code << 3) | drawn_code;
    }
    MemoKey key{state, std::uint32_t(id)};
    if (const bool* known = hold_memo_.find(key)) return *known;
    if (!fillable_with(id, queue)) {
      hold_memo_.insert(key, false);
      return false;
    }
    int held = int(queue & 7) - 1;
    std::uint64_t rest = queue >> 3;
    bool ok = false;
    std::int32_t count = 0;
    if (rest == 0) {
      // Only the held piece is left.
      std::int32_t e = edges(id, Piece(held), count);
      for (std::int32_t k = 0; k < count && !ok; ++k) ok = hold_works(edges_[e + k], 0);
    } else {
      int drawn = int(rest & 7) - 1;
      std::uint64_t after = rest >> 3;
      // Place the drawn piece: the held piece stays first.
      std::int32_t e = edges(id, Piece(drawn), count);
      std::uint64_t keep = (after << 3) | std::uint64_t(held + 1);
      for (std::int32_t k = 0; k < count && !ok; ++k) ok = hold_works(edges_[e + k], keep);
      if (!ok && drawn != held) {
        // Place the held piece: the drawn piece becomes the held one.
        e = edges(id, Piece(held), count);
        for (std::int32_t k = 0; k < count && !ok; ++k) ok = hold_works(edges_[e + k], rest);
      }
    }
    hold_memo_.insert(key, ok);
    return ok;
  }

  MoveGenerator gen_;
  FillOracle& oracle_;
  std::vector<Node, HugePageAllocator<Node>> nodes_;
  std::vector<std::int32_t, HugePageAllocator<std::int32_t>> edges_;
  FlatMap<FieldKey, int, FieldKeyHash> index_;
  struct MemoKey {
    std::uint64_t order;
    std::uint32_t node;
    friend bool operator==(const MemoKey&, const MemoKey&) = default;
  };
  struct MemoKeyHash {
    std::size_t operator()(const MemoKey& k) const { return hash_mix(k.order ^ hash_mix(k.node)); }
  };
  // The memos empty themselves when full: at most 24 + 24 + 8 MB per search.
  FlatMap<MemoKey, bool, MemoKeyHash> memo_{1024, std::size_t(24) << 20};
  FlatMap<MemoKey, bool, MemoKeyHash> hold_memo_{1024, std::size_t(24) << 20};
  FlatMap<MemoKey, bool, MemoKeyHash> fill_memo_{1024, std::size_t(8) << 20};  // (counts, node)
  int root_ = 0;
};

// The seed's second pass for one input: any placement order that works without hold.
bool works_with_hold(OrderSearch& search, const Sequence& input,
                     const std::vector<std::vector<int>>& orders) {
  std::unordered_set<std::uint64_t> tried;
  for (const auto& order : orders) {
    std::uint64_t code = 0;
    for (int k = int(order.size()) - 1; k >= 0; --k) {
      code = (code << 3) | std::uint64_t(int(input.at(order[k])) + 1);
    }
    if (!tried.insert(code).second) continue;
    if (search.works(code)) return true;
  }
  return false;
}

// The direct method: depth-first search with hold, moves generated afresh.
class DirectSearch {
 public:
  DirectSearch(const ClearArea& area, const PercentOptions& o)
      : area_(area), gen_(o.kicks, o.drop), hold_(o.use_hold) {}

  bool run(const Sequence& input) {
    failed_.clear();
    input_ = input;
    if (!hold_) return search(area_.field, area_.height, -1, 0);
    return search(area_.field, area_.height, int(input.at(0)), 1);
  }

 private:
  bool search(const Field& f, int height, int held, int next) {
    if (height == 0) return true;
    FieldKey k = key_of(f, height);
    k.words[3] ^= std::uint64_t(held + 1) << 60 | std::uint64_t(next) << 52;
    if (failed_.count(k)) return false;
    bool ok = false;
    auto descend = [&](Piece piece, int new_held, int new_next) {
      for_each_successor(gen_, f, height, piece, [&](const Field& n, int h) {
        ok = search(n, h, new_held, new_next);
        return ok;
      });
    };
    if (next < input_.length) {
      int drawn = int(input_.at(next));
      descend(Piece(drawn), held, next + 1);
      if (!ok && hold_ && held >= 0 && held != drawn) descend(Piece(held), drawn, next + 1);
    } else if (held >= 0) {
      descend(Piece(held), -1, next);
    }
    if (!ok) failed_.insert(k);
    return ok;
  }

  const ClearArea& area_;
  MoveGenerator gen_;
  bool hold_;
  Sequence input_;
  std::unordered_set<FieldKey, FieldKeyHash> failed_;
};

}  // namespace

ClearArea prepare_clear_area(const Field& field, int clear_line) {
  if (clear_line < 1 || clear_line > kMaxHeight) {
    throw InputError(fmt::format("clear line {} out of range 1..{}", clear_line, kMaxHeight));
  }
  ClearArea area;
  area.field = field;
  int cleared = area.field.clear_lines_below(clear_line);
  area.height = clear_line - cleared;
  int empty = 0;
  for (int y = 0; y < area.height; ++y)
    empty += kWidth - std::popcount(unsigned(area.field.row(y)));
  if (empty % 4 != 0) {
    throw InputError(fmt::format("field: {} empty cells in the lowest {} rows, not a multiple of 4",
                                 empty, clear_line));
  }
  area.need = empty / 4;
  return area;
}

bool sequence_succeeds(const ClearArea& area, const Sequence& input, const PercentOptions& o) {
  if (area.height == 0) return true;
  if (o.method == PercentMethod::Direct) {
    DirectSearch search(area, o);
    return search.run(input);
  }
  FillOracle oracle;
  OrderSearch search(area, o, oracle);
  if (!o.use_hold) return search.works(input.prefix(area.need).code);
  return works_with_hold(search, input, hold::placement_orders(input.length, area.need));
}

std::string_view method_name(PercentMethod method) {
  switch (method) {
    case PercentMethod::Auto:
      return "auto";
    case PercentMethod::Optimized:
      return "optimized";
    case PercentMethod::Direct:
      return "direct";
    case PercentMethod::Prefix:
      return "prefix";
  }
  return "auto";
}

PercentMethod parse_method(std::string_view name) {
  for (PercentMethod m : {PercentMethod::Auto, PercentMethod::Optimized, PercentMethod::Direct,
                          PercentMethod::Prefix}) {
    if (name == method_name(m)) return m;
  }
  throw InputError(fmt::format("method: '{}' is not auto, optimized, direct or prefix", name));
}

namespace {

// The tree and the fail list of a result from the flags of its sorted, distinct sequences.
void summarize(const std::vector<Sequence>& sequences, const std::vector<char>& success,
               const PercentOptions& o, PercentResult& r) {
  int depth = std::clamp(o.tree_depth, 0, r.pop);
  // Sequences are sorted, so the prefixes of each depth come in runs, depth first.
  std::vector<std::size_t> open(std::size_t(depth), 0);  // tree index of the open prefix
  for (std::size_t i = 0; i < sequences.size(); ++i) {
    const Sequence& s = sequences[i];
    bool fresh = i == 0;
    for (int k = 1; k <= depth; ++k) {
      fresh = fresh || sequences[i - 1].prefix(k) != s.prefix(k);
      if (fresh) {
        open[std::size_t(k - 1)] = r.tree.size();
        r.tree.push_back({s.prefix(k), 0, 0});
      }
      PercentTreeEntry& e = r.tree[open[std::size_t(k - 1)]];
      e.total++;
      e.success += std::uint64_t(success[i]);
    }
    r.successes += std::uint64_t(success[i]);
    if (!success[i]) {
      if (o.on_failed) {
        o.on_failed(s);
      } else if (o.failed_limit < 0 || r.failed.size() < std::uint64_t(o.failed_limit)) {
        r.failed.push_back(s);
      }
    }
  }
  r.total = sequences.size();
}

// Sequences (with repeats, after truncation) above which Auto picks the prefix engine.
constexpr std::uint64_t kPrefixThreshold = 100'000;

}  // namespace

PercentResult percent(const Field& field, const std::vector<Pattern>& patterns,
                      const PercentOptions& o) {
  ClearArea area = prepare_clear_area(field, o.clear_line);
  PercentResult r;
  r.need = area.need;
  int length = patterns.front().length();
  if (length < area.need) {
    throw InputError(
        fmt::format("patterns have {} pieces but the field needs {}", length, area.need));
  }
  r.pop = o.use_hold && length > area.need ? area.need + 1 : area.need;
  if (r.pop > kMaxSequenceLength) {
    throw InputError(
        fmt::format("{} pieces per sequence, at most {} are supported", r.pop, kMaxSequenceLength));
  }
  r.with_duplicates = count_with_duplicates(patterns);
  std::uint64_t truncated = 0;
  for (const auto& p : patterns) {
    // The truncated sequences with repeats: what the sequence-by-sequence methods expand.
    std::uint64_t c = 1;
    int remaining = r.pop;
    for (const auto& e : p.elements) {
      if (remaining == 0) break;
      int n = std::popcount(e.pieces);
      int take = e.take == 0 ? 1 : std::min(e.take, remaining);
      for (int k = 0; k < take; ++k) c *= std::uint64_t(n - k);
      remaining -= take;
    }
    truncated = c > UINT64_MAX - truncated ? UINT64_MAX : truncated + c;  // saturates
  }
  // Auto: the prefix engine when the pattern is large (it walks the trie once, whatever the
  // number of sequences); below the threshold the sequence-by-sequence optimized method
  // starts faster (docs/benchmarks.md). Not for long lists of patterns (a patterns file of
  // single sequences, as sfinder's `util seq` writes them): the prefix engine's automaton keeps
  // a position per pattern in every state, so its memory and time grow with the number of
  // patterns (35,280 one-sequence patterns: 88 s and 6.7 GB, against 2 s sequence by sequence).
  r.method = o.method;
  if (r.method == PercentMethod::Auto) {
    r.method = truncated > kPrefixThreshold && patterns.size() <= kAutoPrefixMaxPatterns
                   ? PercentMethod::Prefix
                   : PercentMethod::Optimized;
  }
  if (r.method == PercentMethod::Prefix && area.height > 0) {
    count_by_prefixes(area, patterns, o, r);
    return r;
  }
  if (r.method == PercentMethod::Prefix) r.method = PercentMethod::Optimized;
  if (o.max_sequences != 0 && truncated > o.max_sequences) {
    throw InputError(fmt::format(
        "{} sequences of {} pieces to search, beyond {}: use a narrower pattern, or --force",
        truncated, r.pop, o.max_sequences));
  }
  std::vector<Sequence> sequences = enumerate(patterns, r.pop);
  std::vector<char> success(sequences.size(), 0);

  std::size_t n = sequences.size();
  unsigned threads = std::max(1u, o.threads);
  if (area.height == 0) {
    std::fill(success.begin(), success.end(), char(1));
    summarize(sequences, success, o, r);
    return r;
  }
  // Each thread takes a contiguous share of the (sorted) sequences, so shared prefixes and
  // the fields they lead to stay in one thread's caches; threads that finish early help the
  // others chunk by chunk. Each thread keeps one search object across its chunks.
  std::size_t chunk = std::clamp<std::size_t>(n / (std::size_t(threads) * 32), 16, 256);
  FillOracle oracle;  // one for all threads: its answers depend on the field alone
  std::vector<std::unique_ptr<OrderSearch>> searches(threads);
  std::vector<std::unique_ptr<DirectSearch>> directs(threads);
  Progress progress("percent", n, o.progress);
  auto check_cancel = [&](std::size_t i) {
    if (i % 16 == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("percent: {} of {} sequences", progress.done(), n));
    }
  };
  parallel_for_ranges(n, threads, chunk, [&](std::size_t begin, std::size_t end, unsigned worker) {
    if (r.method == PercentMethod::Direct) {
      auto& search = directs[worker];
      if (!search) search = std::make_unique<DirectSearch>(area, o);
      for (std::size_t i = begin; i < end; ++i) {
        check_cancel(i);
        success[i] = search->run(sequences[i]);
        progress.advance();
      }
      return;
    }
    auto& search = searches[worker];
    if (!search) search = std::make_unique<OrderSearch>(area, o, oracle);
    for (std::size_t i = begin; i < end; ++i) {
      check_cancel(i);
      success[i] = o.use_hold ? search->works_with_hold(sequences[i].code)
                              : search->works(sequences[i].code);
      search->limit_memory();
      progress.advance();
    }
  });
  summarize(sequences, success, o, r);
  return r;
}

}  // namespace manyworlds::tetris
