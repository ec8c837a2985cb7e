#include "manyworlds/tetris/search/percent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <unordered_set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/tetris/board/hold.hpp"
#include "manyworlds/tetris/search/field_graph.hpp"
#include "manyworlds/tetris/search/prefix_count.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {
namespace {

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

// The optimized method's search for one thread: "works without hold along this order" and
// "works with hold for this queue", memoized per (field, queue still to place) over a field
// graph (field_graph.hpp) that every thread of the count shares, so a field's successors are
// generated once for all of them. The memos are the thread's own; the count gives each
// thread the sequences of some last pieces (see percent()), and a memo entry always holds
// its sequence's last piece, so the threads' memos do not overlap.
class OrderSearch {
 public:
  // `oracle` is the graph's.
  OrderSearch(FieldGraph& graph, FillOracle& oracle) : graph_(graph), oracle_(oracle) {}

  // Drops what this search knows about fields whose ids a reset of the graph made void (the
  // memos also empty themselves when full). Only caches are lost; results stay exact. Called
  // by the thread inside the graph's gate, before searching.
  void refresh() {
    if (generation_ != graph_.generation()) {
      generation_ = graph_.generation();
      memo_.clear();
      hold_memo_.clear();
      fill_memo_.clear();
      long_fill_memo_.clear();
    }
  }

  // Whether the order (a packed sequence of exactly the pieces to place) works without hold.
  bool works(std::uint64_t order) { return works(graph_.root(), order); }

  // Whether any placement order of `input` with hold works without hold (the seed's second
  // pass). The placement orders of a queue form a tree (each step places the drawn or the
  // held piece), walked together with the field graph: a state is the field and the queue
  // still to come, held piece first, memoized like works().
  bool works_with_hold(std::uint64_t input) { return hold_works(graph_.root(), input); }

 private:
  using Id = FieldGraph::Id;

  bool works(Id id, std::uint64_t order) {
    if (graph_.cleared(id)) return true;
    if (order == 0) return false;
    if ((order >> 3) == 0) return finishes(id, Piece((order & 7) - 1));
    if (const bool* known = memo_.find(order, id)) return *known;
    bool ok = false;
    if (fillable_with(id, order)) {
      for (Id c : graph_.successors(id, Piece((order & 7) - 1))) {
        if ((ok = works(c, order >> 3))) break;
      }
    }
    memo_.insert(order, id, ok);
    return ok;
  }

  // Whether one placement of the piece clears the field (the last piece of a queue). Not
  // memoized: the successors are kept, and looking at them costs less than a memo entry.
  bool finishes(Id id, Piece piece) {
    for (Id c : graph_.successors(id, piece)) {
      if (graph_.cleared(c)) return true;
    }
    return false;
  }

  // Whether the field's empty cells can be covered with the pieces of the queue (some may be
  // left over). Memoized by the thread: the graph's shared memo costs two locks per new
  // question, more than the oracle calls two threads both make (docs/benchmarks.md, "Figures
  // behind the code's choices").
  // A queue of at most 15 pieces has each count in 4 bits: with the field's id (31 bits) the
  // key fits the 8-byte slots of a PackedBoolMap.
  bool fillable_with(Id id, std::uint64_t queue) {
    auto memoized = [&](auto& memo, const auto& key) {
      if (const bool* known = memo.find(key)) return *known;
      bool ok = oracle_.fillable(graph_.field(id), graph_.height(id), counts_of(queue));
      memo.insert(key, ok);
      return ok;
    };
    if (queue >> 45 == 0) {
      std::uint64_t nibbles = 0;
      for (std::uint64_t q = queue; q != 0; q >>= 3)
        nibbles += std::uint64_t(1) << (4 * ((q & 7) - 1));
      return memoized(fill_memo_, nibbles << 31 | std::uint32_t(id));
    }
    return memoized(long_fill_memo_, MemoKey{counts_of(queue), std::uint32_t(id)});
  }

  // The memo's name of a hold state (see hold_works()).
  static std::uint64_t memo_state(std::uint64_t queue) {
    std::uint64_t held_code = queue & 7, drawn_code = (queue >> 3) & 7;
    if (drawn_code != 0 && drawn_code < held_code) {
      return (queue & ~std::uint64_t(077)) | (held_code << 3) | drawn_code;
    }
    return queue;
  }

  // queue: held piece, then the pieces still to draw.
  bool hold_works(Id id, std::uint64_t queue) {
    if (graph_.cleared(id)) return true;
    if (queue == 0) return false;
    if ((queue >> 3) == 0) return finishes(id, Piece((queue & 7) - 1));
    // The held piece and the next one drawn can trade places (the seed's twin observation:
    // either way, the next piece placed is one of the two and the other is held after), so
    // the memo keeps them in a fixed order. The search itself keeps the given order: placing
    // the drawn piece first finds successes sooner.
    std::uint64_t held_code = queue & 7, drawn_code = (queue >> 3) & 7;
    const std::uint64_t state = memo_state(queue);
    if (const bool* known = hold_memo_.find(state, id)) return *known;
    bool ok = false;
    if (fillable_with(id, queue)) {
      int held = int(held_code) - 1;
      int drawn = int(drawn_code) - 1;
      std::uint64_t rest = queue >> 3;
      std::uint64_t after = rest >> 3;
      // Place the drawn piece: the held piece stays first.
      std::uint64_t keep = (after << 3) | held_code;
      // The children's memo entries are asked for together, so that their cache misses
      // overlap (the held piece's children, tried second and seldom, gain nothing from it).
      const FieldGraph::Edges children = graph_.successors(id, Piece(drawn));
      if ((keep >> 3) != 0) {
        for (Id c : children) hold_memo_.prefetch(memo_state(keep), c);
      }
      for (Id c : children) {
        if ((ok = hold_works(c, keep))) break;
      }
      if (!ok && drawn != held) {
        // Place the held piece: the drawn piece becomes the held one.
        for (Id c : graph_.successors(id, Piece(held))) {
          if ((ok = hold_works(c, rest))) break;
        }
      }
    }
    hold_memo_.insert(state, id, ok);
    return ok;
  }

  FieldGraph& graph_;
  FillOracle& oracle_;
  std::uint64_t generation_ = 0;
  struct MemoKey {
    std::uint64_t order;
    std::uint32_t node;
    friend bool operator==(const MemoKey&, const MemoKey&) = default;
  };
  struct MemoKeyHash {
    std::size_t operator()(const MemoKey& k) const { return hash_mix(k.order ^ hash_mix(k.node)); }
  };
  // (queue, field) -> bool in 8 bytes a slot: a queue code below 2^31 (10 pieces) and the
  // field's id make a key below 2^63, never 0 (a queue is never empty here), and the top bit
  // holds the value. The memo is read at random, so the smaller table misses the cache less,
  // and it has half the pages to populate. Longer queues use the wide table.
  class StateMemo {
   public:
    const bool* find(std::uint64_t queue, Id id) const {
      return queue >> 31 == 0 ? narrow_.find(pack(queue, id))
                              : wide_.find({queue, std::uint32_t(id)});
    }
    void insert(std::uint64_t queue, Id id, bool value) {
      if (queue >> 31 == 0) {
        narrow_.insert(pack(queue, id), value);
      } else {
        wide_.insert({queue, std::uint32_t(id)}, value);
      }
    }
    void prefetch(std::uint64_t queue, Id id) const {
      if (queue >> 31 == 0) narrow_.prefetch(pack(queue, id));
    }
    void clear() {
      narrow_.clear();
      wide_.clear();
    }

   private:
    static std::uint64_t pack(std::uint64_t queue, Id id) {
      return queue << 32 | std::uint32_t(id);
    }
    PackedBoolMap narrow_{16, std::size_t(8) << 20};
    FlatMap<MemoKey, bool, MemoKeyHash> wide_{16, std::size_t(24) << 20};
  };
  // The memos empty themselves when full: at most 32 + 32 + 4 + 8 MB per search. They start
  // small and grow: a short count makes a search per thread (1024 slots each made 96 KB).
  StateMemo memo_;
  StateMemo hold_memo_;
  PackedBoolMap fill_memo_{16, std::size_t(4) << 20};  // (counts, node), see fillable_with()
  FlatMap<MemoKey, bool, MemoKeyHash> long_fill_memo_{16, std::size_t(8) << 20};
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
  MoveGenerator gen(o.kicks, o.drop);
  FieldGraph graph(area.field, area.height, gen, oracle);
  OrderSearch search(graph, oracle);
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

// The optimized method's field graph, shared by its threads (PercentOptions::graph_budget).
constexpr std::size_t kOptimizedGraphBudget = std::size_t(256) << 20;

// Sequences (with repeats, after truncation) above which Auto picks the prefix engine with hold:
// its two threads share their work better than the optimized method's, which starts faster
// below (docs/benchmarks.md, "Where Auto switches to the prefix engine"). Without hold Auto
// takes the prefix engine at any size (docs/benchmarks.md, "Percent without hold, round three").
constexpr std::uint64_t kPrefixThreshold = 20'000;

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
  // number of sequences) or without hold; below the threshold with hold the
  // sequence-by-sequence optimized method starts faster (docs/benchmarks.md). Not for long
  // lists of patterns (a patterns file of single sequences, as sfinder's `util seq` writes
  // them): the prefix engine's automaton keeps
  // a position per pattern in every state, so its memory and time grow with the number of
  // patterns (docs/benchmarks.md, "Figures behind the code's choices").
  r.method = o.method;
  if (r.method == PercentMethod::Auto) {
    const bool prefix = truncated > kPrefixThreshold || !o.use_hold;
    r.method = prefix && patterns.size() <= kAutoPrefixMaxPatterns ? PercentMethod::Prefix
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
  // Each thread takes a contiguous share of the sequences and threads that finish early help
  // the others chunk by chunk. The optimized method takes them grouped by their last piece
  // (each group sorted, so that neighbours share their first fields): its memo entries hold
  // their sequence's last piece, so threads with different last pieces never compute the
  // same entry, and they share the field graph.
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(i);
  if (r.method != PercentMethod::Direct && threads > 1) {
    const int last = 3 * (r.pop - 1);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return ((sequences[a].code >> last) & 7) < ((sequences[b].code >> last) & 7);
    });
  }
  std::size_t chunk = std::clamp<std::size_t>(n / (std::size_t(threads) * 32), 16, 256);
  FillOracle oracle;  // one for all threads: its answers depend on the field alone
  MoveGenerator gen(o.kicks, o.drop);
  // Unused by the direct method.
  FieldGraph graph(area.field, area.height, gen, oracle,
                   o.graph_budget != 0 ? o.graph_budget : kOptimizedGraphBudget);
  GraphGate gate(graph);
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
    if (!search) search = std::make_unique<OrderSearch>(graph, oracle);
    gate.enter();
    struct Leave {
      GraphGate& gate;
      ~Leave() { gate.leave(); }
    } leave{gate};
    search->refresh();
    for (std::size_t k = begin; k < end; ++k) {
      check_cancel(k);
      const std::uint32_t i = order[k];
      success[i] = o.use_hold ? search->works_with_hold(sequences[i].code)
                              : search->works(sequences[i].code);
      progress.advance();
    }
  });
  summarize(sequences, success, o, r);
  return r;
}

}  // namespace manyworlds::tetris
