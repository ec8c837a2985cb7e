#include "manyworlds/tetris/search/prefix_count.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <span>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/page_pool.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/spin_lock.hpp"
#include "manyworlds/tetris/search/field_graph.hpp"
#include "manyworlds/tetris/search/pattern_automaton.hpp"

namespace manyworlds::tetris {
namespace {

// ---- Bit sets over piece sequences -------------------------------------------------------
//
// The sequences of r pieces are numbered by their 3-bit piece codes, first piece most
// significant: index = sum p_i * 8^(r-1-i). A set of them has 8^r bits: one word up to r = 2,
// 8 words at r = 3, 64 at r = 4. The sequences that start with piece p are the block
// [p * 8^(r-1), (p+1) * 8^(r-1)); code 7 is no piece, so its block stays empty.

constexpr int kMaxLength = 4;
constexpr int kMaxWords = 64;

constexpr int words_for(int r) {
  return r <= 2 ? 1 : (r == 3 ? 8 : 64);
}

struct Bits {
  std::array<std::uint64_t, kMaxWords> w;
};

// Every sequence of r pieces (no code 7), per r.
struct Valid {
  std::array<Bits, kMaxLength + 1> bits{};
  Valid() {
    bits[0].w[0] = 1;
    bits[1].w[0] = 0x7F;
    bits[2].w[0] = 0x007F7F7F7F7F7F7Full;
    for (int p = 0; p < 7; ++p) bits[3].w[std::size_t(p)] = bits[2].w[0];
    for (int p = 0; p < 7; ++p) {
      for (int i = 0; i < 8; ++i) bits[4].w[std::size_t(8 * p + i)] = bits[2].w[0];
    }
  }
};
const Valid& valid() {
  static const Valid v;
  return v;
}

void clear_bits(Bits& b, int r) {
  std::fill_n(b.w.begin(), words_for(r), 0);
}
void or_bits(Bits& to, const std::uint64_t* from, int r) {
  for (int i = 0; i < words_for(r); ++i) to.w[std::size_t(i)] |= from[i];
}
bool equal_bits(const std::uint64_t* a, const std::uint64_t* b, int r) {
  return std::equal(a, a + words_for(r), b);
}
// Whether `acc` holds every bit of `target`.
bool covers(const Bits& acc, const Bits& target, int r) {
  for (int i = 0; i < words_for(r); ++i) {
    if (target.w[std::size_t(i)] & ~acc.w[std::size_t(i)]) return false;
  }
  return true;
}

// ORs the set `child` of sequences of r-1 pieces into the block of piece p of `parent`.
void or_block(Bits& parent, const std::uint64_t* child, int r, int p) {
  switch (r) {
    case 1:
      parent.w[0] |= (child[0] & 1) << p;
      break;
    case 2:
      parent.w[0] |= (child[0] & 0xFF) << (8 * p);
      break;
    case 3:
      parent.w[std::size_t(p)] |= child[0];
      break;
    default:
      for (int i = 0; i < 8; ++i) parent.w[std::size_t(8 * p + i)] |= child[i];
      break;
  }
}
void or_block(Bits& parent, const Bits& child, int r, int p) {
  or_block(parent, child.w.data(), r, p);
}

// Whether block p of `parent` holds every sequence.
bool block_full(const Bits& parent, int r, int p) {
  switch (r) {
    case 1:
      return (parent.w[0] >> p) & 1;
    case 2:
      return ((parent.w[0] >> (8 * p)) & 0x7F) == 0x7F;
    case 3:
      return parent.w[std::size_t(p)] == valid().bits[2].w[0];
    default:
      return equal_bits(parent.w.data() + 8 * p, valid().bits[3].w.data(), 3);
  }
}

// Walks the bits [lo, hi) of a set over 64-bit words one word at a time: fn(word, mask), with
// mask the range's bits in that word, until fn returns false; whether it never did.
template <class Fn>
bool for_range(std::uint64_t lo, std::uint64_t hi, Fn fn) {
  while (lo < hi) {
    std::uint64_t bit = lo % 64, take = std::min<std::uint64_t>(64 - bit, hi - lo);
    std::uint64_t mask = take == 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << take) - 1) << bit;
    if (!fn(std::size_t(lo / 64), mask)) return false;
    lo += take;
  }
  return true;
}
// How many of the bits [lo, hi) of a set over words are set.
std::uint64_t count_bits(const std::uint64_t* b, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t n = 0;
  for_range(lo, hi, [&](std::size_t w, std::uint64_t mask) {
    n += std::uint64_t(std::popcount(b[w] & mask));
    return true;
  });
  return n;
}

// Bits [lo, hi) of a set.
std::uint64_t count_range(const Bits& b, std::uint64_t lo, std::uint64_t hi) {
  return count_bits(b.w.data(), lo, hi);
}

// ---- The hold slot over the last pieces ---------------------------------------------------

// For inputs made of a held piece h and r more draws, which placement orders each input can
// give (the hold model of percent.hpp): spare = one piece is left over (r placements, the last
// held piece unused), else the held piece is placed last (r + 1 placements). The table maps
// (h, placement order) to the draws (indices into a set over r pieces) that can give that
// order: a few each (2^r hold choices per input spread over the orders), so it is kept as
// lists, not as a bit set per order (with 4 draws those took 14.7 MB to make, most of them
// zero, and 64 words to OR per order found). The draws of a list are kept as words of the set
// to OR in (with 4 draws and a spare, 11.9 draws an order fall in 3.4 words).
class HoldProjection {
 public:
  HoldProjection(int draws, bool spare) : draws_(draws), order_length_(spare ? draws : draws + 1) {
    const std::size_t orders = std::size_t(1) << (3 * order_length_);
    int inputs = 1;
    for (int i = 0; i < draws; ++i) inputs *= 7;
    // Every (held, input, choice) twice: counted per (held, order), then listed (each list in
    // increasing order of input, as each() makes them); then the draws of each list merged by
    // word.
    std::array<int, kMaxLength + 1> c{};
    auto each = [&](auto&& fn) {
      for (int h = 0; h < kPieceCount; ++h) {
        for (int n = 0; n < inputs; ++n) {
          std::uint64_t input = 0;
          for (int i = draws - 1, v = n; i >= 0; --i, v /= 7) c[std::size_t(i)] = v % 7;
          for (int i = 0; i < draws; ++i) input = input * 8 + std::uint64_t(c[std::size_t(i)]);
          for (unsigned choice = 0; choice < (1u << draws); ++choice) {
            int held = h;
            std::uint64_t order = 0;
            for (int i = 0; i < draws; ++i) {
              if ((choice >> i) & 1) {
                order = order * 8 + std::uint64_t(held);
                held = c[std::size_t(i)];
              } else {
                order = order * 8 + std::uint64_t(c[std::size_t(i)]);
              }
            }
            if (!spare) order = order * 8 + std::uint64_t(held);
            fn((std::size_t(h) << (3 * order_length_)) + order, std::uint32_t(input));
          }
        }
      }
    };
    const std::size_t keys = std::size_t(kPieceCount) * orders;
    std::vector<std::uint32_t> at(keys + 1, 0);
    each([&](std::size_t key, std::uint32_t) { ++at[key + 1]; });
    for (std::size_t i = 1; i < at.size(); ++i) at[i] += at[i - 1];
    std::vector<std::uint32_t> listed(at.back());
    std::vector<std::uint32_t> next(at.begin(), at.end() - 1);
    each([&](std::size_t key, std::uint32_t input) { listed[next[key]++] = input; });
    start_.assign(keys + 1, 0);
    for (std::size_t key = 0; key < keys; ++key) {
      for (std::uint32_t j = at[key]; j < at[key + 1]; ++j) {
        const std::uint32_t index = listed[j] / 64;
        if (words_.size() == start_[key] || words_.back().index != index) {
          words_.push_back({0, index});
        }
        words_.back().bits |= std::uint64_t(1) << (listed[j] % 64);
      }
      start_[key + 1] = std::uint32_t(words_.size());
    }
  }
  int draws() const { return draws_; }
  int order_length() const { return order_length_; }
  // ORs into `set` (over draws() pieces) the draws that give `order` with `held` in the hold
  // slot.
  void project(int held, std::uint64_t order, std::uint64_t* set) const {
    const std::size_t i = (std::size_t(held) << (3 * order_length_)) + order;
    for (std::uint32_t j = start_[i]; j < start_[i + 1]; ++j) {
      set[words_[j].index] |= words_[j].bits;
    }
  }

 private:
  int draws_;
  int order_length_;
  // Draws of one list that share a word of the set.
  struct Word {
    std::uint64_t bits;
    std::uint32_t index;
  };
  std::vector<std::uint32_t> start_;  // per (held, order): where its words start
  std::vector<Word> words_;           // grouped by (held, order)
};

// Words handed out in runs that never move (the with-hold engine's answers, a few dozen words
// each, named by offset): a vector that doubled copied itself and faulted in its new room each
// time, and one freed at every reset of the memos faulted it all in again (both together took
// a tenth of `*p4,*p7` with hold). clear() keeps the chunks for the words taken next, so the
// memory held stays within the most ever in use plus a chunk; memory() counts the words in use.
class WordArena {
 public:
  static constexpr std::size_t kChunkWords = kHugePage / sizeof(std::uint64_t);
  static_assert(kChunkWords >= 2 * kMaxWords);  // an answer: its continuations and orders
  // `n` zeroed words (1..kChunkWords) in one run: the offset of the first, for at().
  std::uint32_t take(std::size_t n) {
    if (used_ % kChunkWords + n > kChunkWords) used_ += kChunkWords - used_ % kChunkWords;
    if (used_ / kChunkWords == chunks_.size()) {
      chunks_.emplace_back(kChunkWords);
    }
    const std::size_t first = used_;
    used_ += n;
    std::fill_n(at(first), n, 0);
    return std::uint32_t(first);
  }
  std::uint64_t* at(std::size_t offset) const {
    return chunks_[offset / kChunkWords].get() + offset % kChunkWords;
  }
  void clear() { used_ = 0; }
  std::size_t memory() const { return used_ * sizeof(std::uint64_t); }

 private:
  std::vector<PageBlock<std::uint64_t>> chunks_;
  std::size_t used_ = 0;  // words given out, with the tails of chunks skipped
};

// ---- The search ----------------------------------------------------------------------------

constexpr int kNoHold = -1;

// The field graph all threads share grows to this before it is reset (between tasks). With
// hold the engines' memos take up to 256 MB each beside it and their shared answers 256 MB
// (`*p2,*p7,*p2` peaks at 1.6 GB); without hold the graph and the sets share their own
// (kNoHoldGraphBudget).
constexpr std::size_t kGraphBudget = std::size_t(1024) << 20;

// A set of keys (never 0, under 2^48) that empties without giving its memory back. clear()
// costs nothing: a slot holds its key under a 16-bit epoch, and slots of an older epoch count as
// empty (the walks clear it once a task; a table made afresh each time page-faulted in anew,
// three quarters of a short count's page faults).
class KeySet {
 public:
  // No slots until the first insert; they come from `pool`.
  explicit KeySet(PagePool& pool) : slots_(PoolAllocator<std::uint64_t>(pool)) {}
  bool insert(std::uint64_t key) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::uint64_t stamped = epoch_ << kKeyBits | key;
    for (std::size_t i = hash_mix(key) & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == stamped) return false;
      if (slots_[i] >> kKeyBits != epoch_) {
        slots_[i] = stamped;
        ++size_;
        return true;
      }
    }
  }
  void clear() {
    size_ = 0;
    if (++epoch_ >> (64 - kKeyBits) != 0) {
      std::fill(slots_.begin(), slots_.end(), 0);
      epoch_ = 1;
    }
  }

 private:
  static constexpr int kKeyBits = 48;
  void grow() {
    Slots old(std::max<std::size_t>(16, slots_.size() * 2), 0, slots_.get_allocator());
    old.swap(slots_);
    size_ = 0;
    for (std::uint64_t k : old) {
      if (k >> kKeyBits == epoch_) insert(k & ((std::uint64_t(1) << kKeyBits) - 1));
    }
  }
  using Slots = std::vector<std::uint64_t, PoolAllocator<std::uint64_t>>;
  Slots slots_;
  std::size_t size_ = 0;
  std::uint64_t epoch_ = 1;  // 0 marks slots never used
};

// A set of field ids that empties in the time it took to fill it: a bit per id, and the ids
// added, whose words clear() zeroes. The no-hold walks' visited sets: a field's depth in a walk
// is fixed by the pieces it still needs, so its id alone is the key.
class IdSet {
 public:
  bool insert(std::int32_t id) {
    const std::size_t w = std::size_t(id) >> 6;
    if (w >= bits_.size()) bits_.resize(std::max(w + 1, 2 * bits_.size()), 0);
    const std::uint64_t bit = std::uint64_t(1) << (id & 63);
    if ((bits_[w] & bit) != 0) return false;
    bits_[w] |= bit;
    added_.push_back(id);
    return true;
  }
  void clear() {
    for (std::int32_t id : added_) bits_[std::size_t(id) >> 6] = 0;
    added_.clear();
  }

 private:
  std::vector<std::uint64_t> bits_;
  std::vector<std::int32_t> added_;
};

// One way the pieces drawn so far can have been used: the placement order (the pieces placed,
// in order) and the piece in the hold slot (kNoHold without hold, or before the first draw).
struct Split {
  Sequence order;
  int held;
  friend bool operator==(const Split&, const Split&) = default;
};

// What one task (a subtree of the trie) found.
struct TaskResult {
  std::uint64_t successes = 0;
  std::vector<PercentTreeEntry> tree;  // entries deeper than the task's prefix
  std::vector<Sequence> failed;
  // Without hold, instead of `failed`: which completions of the task's prefix succeed (bit i
  // for completion i, Ranking's numbering), empty when all do. Tasks finish out of prefix
  // order there (count_by_prefixes()), and a bit per completion is what a finished task holds
  // until its failures can be written.
  std::vector<std::uint64_t> succeeded;
};

// The set of continuations the automaton allows from each state with at most kMaxLength
// pieces left; shared, read-only.
class Targets {
 public:
  Targets(const PatternAutomaton& dfa, int bottom) : sets_(dfa.size()) {
    for (std::size_t s = dfa.size(); s-- > 0;) {
      auto id = std::int32_t(s);
      int r = dfa.length() - dfa.depth(id);
      if (r > bottom) continue;
      auto bits = std::make_unique<Bits>();
      clear_bits(*bits, r);
      if (r == 0) {
        bits->w[0] = 1;
      } else {
        for (int p = 0; p < kPieceCount; ++p) {
          std::int32_t to = dfa.next(id, Piece(p));
          if (to != PatternAutomaton::kNone) or_block(*bits, *sets_[std::size_t(to)], r, p);
        }
      }
      sets_[s] = std::move(bits);
    }
  }
  const Bits& at(std::int32_t state) const { return *sets_[std::size_t(state)]; }

 private:
  std::vector<std::unique_ptr<Bits>> sets_;
};

// Memo keys of a placement order (a packed sequence) with a bound and a held piece.
struct OrderKey {
  std::uint64_t code;
  std::uint64_t rest;  // bound, held piece and order length
  friend bool operator==(const OrderKey&, const OrderKey&) = default;
};
struct OrderKeyHash {
  std::size_t operator()(const OrderKey& k) const { return hash_mix(k.code ^ hash_mix(k.rest)); }
};

// What the threads know of the continuations each split achieves: each value is a subset of
// the split's whole answer (a thread publishes what it has found so far), so OR-ing them never
// claims a continuation no field of the split achieves. Sharded, one mutex per shard; a shard
// past its share of the byte budget empties (only knowledge is lost).
class SharedAnswers {
 public:
  // ORs what is known for `key` into `acc`; false when nothing is.
  bool or_into(const OrderKey& key, int words, Bits& acc) const {
    const Shard& s = shard(key);
    std::lock_guard lock(s.mutex);
    const std::uint32_t* at = s.map.find(key);
    if (!at) return false;
    for (int i = 0; i < words; ++i) acc.w[std::size_t(i)] |= s.arena[*at + std::size_t(i)];
    return true;
  }
  // Adds `bits` to what is known for `key`.
  void merge(const OrderKey& key, int words, const Bits& bits) {
    Shard& s = shard(key);
    std::lock_guard lock(s.mutex);
    if (const std::uint32_t* at = s.map.find(key)) {
      for (int i = 0; i < words; ++i) s.arena[*at + std::size_t(i)] |= bits.w[std::size_t(i)];
      return;
    }
    if (s.arena.size() * sizeof(std::uint64_t) + s.map.memory() > kShardBytes) {
      s.map.clear();
      s.arena.clear();
    }
    s.map.insert(key, std::uint32_t(s.arena.size()));
    s.arena.insert(s.arena.end(), bits.w.begin(), bits.w.begin() + words);
  }

 private:
  static constexpr std::size_t kShards = 64;
  static constexpr std::size_t kShardBytes = (std::size_t(256) << 20) / kShards;
  // Each on its own cache lines, as FieldGraph's shards.
  struct alignas(64) Shard {
    mutable SpinLock mutex;
    FlatMap<OrderKey, std::uint32_t, OrderKeyHash> map{16};
    // Mapped: from the heap, each new page of it cost a page fault.
    std::vector<std::uint64_t, MappedAllocator<std::uint64_t>> arena;
  };
  const Shard& shard(const OrderKey& key) const { return shards_[hash_shard(OrderKeyHash{}(key))]; }
  Shard& shard(const OrderKey& key) { return shards_[hash_shard(OrderKeyHash{}(key))]; }
  std::array<Shard, kShards> shards_;
};

// Settings of one count, shared by the threads.
struct Shared {
  const PatternAutomaton& dfa;
  const Targets& targets;
  const HoldProjection* projection;  // with hold; null without
  int bottom;                        // draws handled by the bit sets
  int order_length;                  // pieces of the placement orders there
  FieldGraph& graph;                 // one for every thread
  SharedAnswers& answers;
  Progress& progress;
};

class Engine {
 public:
  Engine(const ClearArea& area, const PercentOptions& o, const Shared& shared)
      : s_(shared),
        length_(shared.dfa.length()),
        hold_(o.use_hold),
        tree_depth_(std::clamp(o.tree_depth, 0, shared.dfa.length())),
        need_(area.need),
        graph_(shared.graph),
        splits_(std::size_t(shared.dfa.length()) + 1) {}

  // Searches the subtree of `prefix` (a path of the automaton ending in `state`). The caller
  // holds the graph (GraphGate::enter).
  TaskResult run(const Sequence& prefix, std::int32_t state, std::size_t failed_limit) {
    // What this engine keeps names fields by id: it goes with a reset of the graph, and with
    // its own budget.
    if (generation_ != graph_.generation() || memory() > kMemoBudget) {
      generation_ = graph_.generation();
      reach_.clear();
      lists_.clear();
      pool_.clear();
      unions_.clear();
      arena_.clear();
    }
    failed_limit_ = failed_limit;
    TaskResult out;
    splits_[0].assign(1, Split{Sequence{}, kNoHold});
    for (int k = 0; k < prefix.length; ++k) draw(k, int(prefix.at(k)));
    walk(prefix.length, state, prefix, out);
    return out;
  }

 private:
  static constexpr std::size_t kMemoBudget = std::size_t(256) << 20;
  // Parent fields a list expands at once, their successors sorted together (ReachList).
  static constexpr std::uint32_t kBatch = 24;
  // field_at() sorts a batch with each successor's position in 24 bits.
  static_assert(kBatch * MoveList::kCapacity < (std::size_t(1) << 24));

  std::size_t memory() const {
    return arena_.memory() + reach_.memory() + lists_.size() * sizeof(ReachList) + pool_.memory() +
           unions_.memory();
  }

  // The splits after drawing `piece` at depth k (from those at depth k).
  void draw(int k, int piece) {
    const std::vector<Split>& from = splits_[std::size_t(k)];
    std::vector<Split>& to = splits_[std::size_t(k) + 1];
    to.clear();
    auto add = [&](const Split& s) {
      if (std::find(to.begin(), to.end(), s) == to.end()) to.push_back(s);
    };
    for (const Split& s : from) {
      if (!hold_) {
        Sequence o = s.order;
        o.push_back(Piece(piece));
        add({o, kNoHold});
      } else if (s.held == kNoHold) {
        add({s.order, piece});  // the first piece goes to the hold slot
      } else {
        Sequence o = s.order;
        o.push_back(Piece(piece));
        add({o, s.held});  // place the drawn piece
        if (s.held != piece) {
          Sequence p = s.order;
          p.push_back(Piece(s.held));
          add({p, piece});  // place the held piece, hold the drawn one
        }
      }
    }
  }

  // The pieces that may still be placed after a split at automaton state q: the held one and
  // the most the pattern can still draw. A field that these cannot fill is a dead end there.
  PieceCounts bound(const Split& s, std::int32_t q) const {
    PieceCounts b = s_.dfa.upcoming(q);
    return s.held == kNoHold ? b : add_piece(b, Piece(s.held));
  }

  static OrderKey order_key(const Sequence& order, PieceCounts bound, int held) {
    return {order.code,
            bound | (std::uint64_t(held + 1) << 56) | (std::uint64_t(order.length) << 59)};
  }

  // The fields reachable by placing `order` in order (no hold) that the pieces in `bound` can
  // still fill, produced lazily, best first: a list grows only when a union asks for one
  // more field, by expanding the next kBatch fields of the list one order shorter and
  // testing their successors one at a time, the least awkward first (FieldGraph::score()).
  // Memoized per (order, bound). Sound pruning: the shorter list uses the bound plus the last
  // piece, so a field pruned there has only successors that `bound` cannot fill.
  //
  // The batches: a list that took each parent's successors in turn listed every descendant
  // of the first fields of the top levels before any of a later one, and the field a hard
  // continuation needs often sits under the last of them. So the successors of kBatch parents
  // are sorted together; many more parents give the best fields of many parents first, but
  // many more fields per list. The order matters: the root's successors worst first was much
  // slower (docs/benchmarks.md, "Figures behind the code's choices", for this and the other
  // choices of this file).
  //
  // A field reached by two paths is listed once when the order repeats a piece: placements of
  // the same piece commute, so k of them reach a field by up to k! paths. With every piece
  // distinct, two paths to one field need two tilings of the same cells (2 % of the fields
  // listed on `*p7,*p4`), and a list keeps them twice (harmless: the union takes a field's set
  // twice), and the hash set costs more than the repeats.
  using Ids = std::vector<FieldGraph::Id, PoolAllocator<FieldGraph::Id>>;
  struct ReachList {
    explicit ReachList(PagePool& pool)
        : fields(PoolAllocator<FieldGraph::Id>(pool)),
          seen(pool),
          batch(PoolAllocator<FieldGraph::Id>(pool)) {}
    Ids fields;
    KeySet seen;
    bool distinct = false;     // no piece twice in the order: no `seen`
    std::int32_t parent = -1;  // the list one order shorter; -1 for the empty order
    std::uint32_t cursor = 0;  // its next field to expand
    // The successors of the last parents expanded, least awkward first, and the next of them
    // to test (each is tested when the list needs one more field).
    Ids batch;
    std::uint32_t batch_next = 0;
    PieceCounts bound = 0;
    Piece last = Piece::T;
    bool exhausted = false;
  };

  std::int32_t reach(const Sequence& order, PieceCounts bound) {
    return reach(order, bound, bound, 0);
  }

  // The same list for `bound`, built from the list of the loose bound `loose` (the pieces
  // of the whole pattern) `levels` placements up: the levels below take only the fields that
  // `bound` can fill, and the loose lists above them serve every bound. A list holds every
  // field of its order that its bound can fill whichever way it was built (a field that
  // `bound` can fill has ancestors that `bound` plus the pieces placed after them can fill),
  // so lists built either way share the memo.
  std::int32_t reach(const Sequence& order, PieceCounts bound, PieceCounts loose, int levels) {
    if (levels == 0) bound = loose;
    bound = cap_counts(bound, need_ - order.length);
    OrderKey key = order_key(order, bound, kNoHold);
    if (const std::int32_t* known = reach_.find(key)) return *known;
    std::int32_t parent = -1;
    if (order.length > 0) {
      Piece last = order.at(order.length - 1);
      parent = reach(order.prefix(order.length - 1), add_piece(bound, last), add_piece(loose, last),
                     std::max(levels - 1, 0));
    }
    auto id = std::int32_t(lists_.size());
    lists_.emplace_back(pool_);
    ReachList& l = lists_.back();
    l.parent = parent;
    l.bound = bound;
    if (order.length == 0) {
      FieldGraph::Id root = graph_.root();
      if (graph_.cleared(root) || graph_.fillable_with(root, bound)) l.fields.push_back(root);
      l.exhausted = true;
    } else {
      l.last = order.at(order.length - 1);
      unsigned pieces = 0;
      l.distinct = true;
      for (int i = 0; i < order.length && l.distinct; ++i) {
        const unsigned bit = 1u << int(order.at(i));
        l.distinct = (pieces & bit) == 0;
        pieces |= bit;
      }
    }
    reach_.insert(key, id);
    return id;
  }

  // Whether list `id` has a field number i, producing fields as needed.
  bool field_at(std::int32_t id, std::size_t i) {
    ReachList& l = lists_[std::size_t(id)];
    return l.fields.size() > i || extend(l, i);
  }

  // field_at() for a list that has no field number i yet.
  bool extend(ReachList& l, std::size_t i) {
    while (l.fields.size() <= i) {
      if (l.batch_next < l.batch.size()) {
        const FieldGraph::Id c = l.batch[l.batch_next++];
        if (!l.distinct && !l.seen.insert(std::uint64_t(c) + 1)) continue;
        // A field whose order set evaluate() will take is kept when the graph knows that set
        // and it is not empty: no oracle question. The set's orders that need pieces outside
        // the bound map to no continuation of the target (such an order would be a cover of
        // the field within the bound), so keeping the field changes nothing but time.
        if (graph_.need(c) == s_.order_length) {
          if (const std::uint64_t* known = graph_.bits(c)) {
            if (known != FieldGraph::empty_bits()) l.fields.push_back(c);
            continue;
          }
        }
        if (graph_.cleared(c) || graph_.fillable_with(c, l.bound)) l.fields.push_back(c);
        continue;
      }
      if (l.exhausted) return false;
      if (work_ <= 0) {
        stalled_ = true;
        return false;
      }
      if (!field_at(l.parent, l.cursor)) {
        if (!stalled_) l.exhausted = true;
        return false;
      }
      // The next parents, up to kBatch of them and the work budget (a parent missing here is
      // asked for again once this batch is used up).
      l.batch.clear();
      l.batch_next = 0;
      for (std::uint32_t b = 0; b < kBatch; ++b) {
        if (b > 0 && (work_ <= 0 || !field_at(l.parent, l.cursor))) {
          stalled_ = false;
          break;
        }
        --work_;
        const FieldGraph::Id f = lists_[std::size_t(l.parent)].fields[l.cursor++];
        const FieldGraph::Edges e = graph_.successors(f, l.last);
        l.batch.insert(l.batch.end(), e.begin(), e.end());
      }
      // Sorted as (score, position, id) words: each score is read once, and equal scores keep
      // their order (a std::stable_sort reading the scores in its comparisons took 12 % of
      // `*p4,*p7`). Filled after the parents above, whose own batches use sort_keys_ too.
      sort_keys_.clear();
      for (FieldGraph::Id c : l.batch) graph_.prefetch(c);
      for (std::size_t j = 0; j < l.batch.size(); ++j) {
        sort_keys_.push_back(std::uint64_t(graph_.score(l.batch[j])) << 56 |
                             std::uint64_t(j) << 32 | std::uint32_t(l.batch[j]));
      }
      std::sort(sort_keys_.begin(), sort_keys_.end());
      for (std::size_t j = 0; j < sort_keys_.size(); ++j) {
        l.batch[j] = FieldGraph::Id(std::uint32_t(sort_keys_[j]));
        graph_.prefetch_fillable(l.batch[j], l.bound);
      }
    }
    return true;
  }

  void walk(int k, std::int32_t q, const Sequence& prefix, TaskResult& out) {
    if (cancel_requested()) {
      throw_if_cancelled(fmt::format("percent: {} of {} sequences", s_.progress.done(),
                                     s_.dfa.completions(PatternAutomaton::root())));
    }
    int r = length_ - k;
    if (r <= s_.bottom) {
      evaluate(k, q, prefix, out);
      return;
    }
    bool alive = false;
    for (const Split& s : splits_[std::size_t(k)]) {
      alive = alive || field_at(reach(s.order, bound(s, q)), 0);
    }
    if (!alive) {
      // No field is left: every continuation fails.
      fail_all(k, q, prefix, out);
      s_.progress.advance(s_.dfa.completions(q));
      return;
    }
    for (int p = 0; p < kPieceCount; ++p) {
      std::int32_t next = s_.dfa.next(q, Piece(p));
      if (next == PatternAutomaton::kNone) continue;
      Sequence longer = prefix;
      longer.push_back(Piece(p));
      std::size_t slot = out.tree.size();
      if (k + 1 <= tree_depth_) out.tree.push_back({longer, 0, s_.dfa.completions(next)});
      std::uint64_t before = out.successes;
      draw(k, p);
      walk(k + 1, next, longer, out);
      if (k + 1 <= tree_depth_) out.tree[slot].success = out.successes - before;
    }
  }

  // Every continuation of q after `prefix` fails: the tree entries below and the failures.
  void fail_all(int k, std::int32_t q, const Sequence& prefix, TaskResult& out) {
    if (k == length_) {
      if (out.failed.size() < failed_limit_) out.failed.push_back(prefix);
      return;
    }
    if (k >= tree_depth_ && out.failed.size() >= failed_limit_) return;
    for (int p = 0; p < kPieceCount; ++p) {
      std::int32_t next = s_.dfa.next(q, Piece(p));
      if (next == PatternAutomaton::kNone) continue;
      Sequence longer = prefix;
      longer.push_back(Piece(p));
      if (k + 1 <= tree_depth_) out.tree.push_back({longer, 0, s_.dfa.completions(next)});
      fail_all(k + 1, next, longer, out);
    }
  }

  // A split's answer in progress: the continuations found so far and the placement orders
  // already projected. Both sets live in arena_.
  struct Answer {
    std::uint32_t continuations;
    std::uint32_t orders;
  };
  static constexpr std::uint32_t kNoAnswer = ~std::uint32_t(0);

  // The continuations (r draws left) that succeed from a split: with hold, those whose hold
  // choices give a placement order in the union of the order languages of its fields;
  // without hold, that union itself.
  void evaluate(int k, std::int32_t q, const Sequence& prefix, TaskResult& out) {
    const int r = length_ - k;
    const int words = words_for(r);
    const int olen = hold_ ? s_.order_length : r;
    if (hold_ && r != s_.projection->draws()) throw std::logic_error("prefix engine: depth");
    const int owords = words_for(olen);
    const Bits& target = s_.targets.at(q);
    Bits acc, lang, gone;
    clear_bits(acc, r);
    const std::vector<Split>& splits = splits_[std::size_t(k)];
    auto key_of = [&](const Split& s) {
      return order_key(s.order, cap_counts(bound(s, q), need_ - s.order.length), s.held);
    };
    // First what is known of every split (inputs share many splits: ab... and ba... share all
    // of them), then the splits by their held piece (held_rank(); in the order draw() made
    // them, placing each drawn piece first, among splits holding alike), each extended only
    // as far as the target needs.
    //
    // The splits are extended one missing continuation at a time: a split's fields come from
    // the list of its order narrowed, over the last kNarrowLevels placements, to the pieces
    // that continuation brings (the held piece and its draws), so every field listed can take
    // it or others that bring the same pieces; a list that runs out proves that none of them
    // can succeed through this split. The first fields of the pattern-wide list take most
    // continuations at once but then need many more for the last few.
    //
    // Which split takes a continuation cheaply varies, and a split can search long for one
    // that the next takes at once. So, after the first split's first kLooseFirst fields of the
    // whole pattern's list, the splits take turns, by rank: each may expand kFirstBudget
    // parent fields for it (fewer further down the rank, rank_budget()), then 4 times as
    // many, and so on, until one takes it or all prove they cannot.
    bool done = false;
    for (const Split& s : splits) {
      if (s_.answers.or_into(key_of(s), words, acc) && (done = covers(acc, target, r))) break;
    }
    by_held_.resize(splits.size());
    for (std::size_t i = 0; i < splits.size(); ++i) by_held_[i] = std::uint32_t(i);
    std::stable_sort(by_held_.begin(), by_held_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return held_rank(splits[a].held) < held_rank(splits[b].held);
    });
    // The splits by rank, each with its answer so far in arena_ (none yet: kNoAnswer). Whether
    // a split still has a field is asked when it is first extended: most evaluations end
    // before they extend more than the first few splits, and asking every split first was a
    // large part of the count's time (docs/benchmarks.md, "Percent with hold, round
    // fifteen").
    live_.clear();
    for (std::size_t j = 0; j < splits.size() && !done; ++j) {
      const Split& s = splits[by_held_[j]];
      const OrderKey key = key_of(s);
      const Answer* known = unions_.find(key);
      live_.push_back({&s, key, known ? *known : Answer{kNoAnswer, kNoAnswer}, false, false});
    }
    if (hopeless_.size() < live_.size()) hopeless_.resize(live_.size());
    if (chases_.size() < live_.size()) chases_.resize(live_.size());
    for (std::size_t w = 0; w < live_.size(); ++w) {
      if (live_[w].answer.continuations != kNoAnswer) {
        or_bits(acc, arena_.at(live_[w].answer.continuations), r);
      }
      clear_bits(hopeless_[w], r);
      chases_[w].clear();
    }
    // Adds the continuations that `field` gives through split l.
    auto take = [&](Live& l, FieldGraph::Id field) {
      const std::uint64_t* orders = language(field, olen, lang);
      if (l.answer.continuations == kNoAnswer) {
        const std::uint32_t first = arena_.take(std::size_t(words + owords));
        l.answer = {first, first + std::uint32_t(words)};
        unions_.insert(l.key, l.answer);
      }
      std::uint64_t* v = arena_.at(l.answer.continuations);
      l.grown = true;
      if (!hold_) {
        for (int i = 0; i < words; ++i) v[i] |= orders[i];
        or_bits(acc, orders, r);
        return;
      }
      // Project the orders not seen before into the split's answer, then the answer into acc
      // at once (one store an input, not two).
      std::uint64_t* lu = arena_.at(l.answer.orders);
      bool any = false;
      for (int i = 0; i < owords; ++i) {
        std::uint64_t fresh = orders[i] & ~lu[i];
        lu[i] |= fresh;
        any = any || fresh != 0;
        for (; fresh; fresh &= fresh - 1) {
          std::uint64_t order = std::uint64_t(64 * i + std::countr_zero(fresh));
          s_.projection->project(l.split->held, order, v);
        }
      }
      if (any) or_bits(acc, v, r);
    };
    // First the first split with a field: its first fields from the list of the whole
    // pattern take most continuations with one list for all (kLooseFirst).
    for (std::size_t w = 0; w < live_.size() && !covers(acc, target, r); ++w) {
      Live& l = live_[w];
      const std::int32_t list = reach(l.split->order, bound(*l.split, q));
      l.asked = true;
      if (!field_at(list, 0)) {
        hopeless_[w] = target;  // no field: it takes nothing
        continue;
      }
      for (std::uint32_t i = 0; i < kLooseFirst && !covers(acc, target, r) && field_at(list, i);
           ++i) {
        take(l, lists_[std::size_t(list)].fields[i]);
      }
      break;
    }
    // Extends split w towards continuation `index` by at most `budget` parent fields: whether
    // it now takes it. A list that runs out proves that no continuation bringing the same
    // pieces can succeed through w (hopeless_[w]).
    auto chase = [&](std::size_t w, std::uint64_t index, long budget) {
      Live& l = live_[w];
      const int held = l.split->held;
      const PieceCounts brings = input_counts(index, r, held);
      Chase* c = nullptr;
      for (Chase& x : chases_[w]) c = x.brings == brings ? &x : c;
      if (!c) {
        const std::int32_t list = reach(l.split->order, brings, bound(*l.split, q), kNarrowLevels);
        if (!l.asked) {
          // The loose list the narrow ones start from, to its first field outside the budget
          // (the budget is for the narrow levels, as when every split's list was asked first).
          std::int32_t top = list;
          for (int j = 0; j < kNarrowLevels && lists_[std::size_t(top)].parent >= 0; ++j) {
            top = lists_[std::size_t(top)].parent;
          }
          field_at(top, 0);
        }
        chases_[w].push_back({brings, list, 0});
        c = &chases_[w].back();
      }
      work_ = budget;
      bool taken = true, ran_out = false;
      while (!has_bit(acc, index)) {
        if (!field_at(c->list, c->next)) {
          if (!stalled_) {
            ran_out = true;
            for_missing(acc, target, r, [&](std::uint64_t i) {
              if (input_counts(i, r, held) == brings) {
                set_bit(hopeless_[w], i);
              }
            });
          }
          taken = false;
          break;
        }
        take(l, lists_[std::size_t(c->list)].fields[c->next++]);
      }
      work_ = kUnlimited;
      stalled_ = false;
      // A split with no field at all can take nothing: asked once, when a narrow list of it
      // first runs out, so that it is not extended again for every other missing one.
      if (ran_out && !l.asked) {
        l.asked = true;
        if (!field_at(reach(l.split->order, bound(*l.split, q)), 0)) hopeless_[w] = target;
      }
      return taken;
    };
    // One missing continuation at a time, through the splits by rank, each given a budget
    // that grows while none has taken it or proved it cannot.
    // Turns only where a split's order is longer than the narrowed levels: otherwise each
    // chase builds a whole narrow chain of its own, and turns build several per continuation.
    clear_bits(gone, r);
    const long first_budget =
        !live_.empty() && live_[0].split->order.length > kNarrowLevels ? kFirstBudget : kUnlimited;
    while (!live_.empty() && !covers(acc, target, r)) {
      const std::int64_t index = pick_missing(acc, gone, target, r);
      if (index < 0) break;
      bool taken = false, open = true;
      for (long budget = first_budget; !taken && open;
           budget = budget > kUnlimited / 4 ? kUnlimited : 4 * budget) {
        open = false;
        for (std::size_t w = 0; w < live_.size() && !taken; ++w) {
          if (has_bit(hopeless_[w], std::uint64_t(index))) continue;
          taken = chase(w, std::uint64_t(index), rank_budget(budget, w));
          open = open || !has_bit(hopeless_[w], std::uint64_t(index));
        }
      }
      if (!taken) set_bit(gone, std::uint64_t(index));
    }
    for (const Live& l : live_) {
      if (!l.grown) continue;
      Bits v;
      std::copy_n(arena_.at(l.answer.continuations), words, v.w.begin());
      s_.answers.merge(l.key, words, v);
    }
    for (int i = 0; i < words; ++i) acc.w[std::size_t(i)] &= target.w[std::size_t(i)];
    out.successes += count_range(acc, 0, std::uint64_t(64) * std::uint64_t(words));
    tree_from_bits(k, prefix, 0, acc, target, out);
    if (out.failed.size() < failed_limit_) {
      for (int i = 0; i < words && out.failed.size() < failed_limit_; ++i) {
        std::uint64_t missing = target.w[std::size_t(i)] & ~acc.w[std::size_t(i)];
        for (; missing && out.failed.size() < failed_limit_; missing &= missing - 1) {
          std::uint64_t index = std::uint64_t(64 * i + std::countr_zero(missing));
          Sequence s = prefix;
          for (int d = r - 1; d >= 0; --d) s.push_back(Piece((index >> (3 * d)) & 7));
          out.failed.push_back(s);
        }
      }
    }
    s_.progress.advance(s_.dfa.completions(q));
  }

  // How many placements at the end of a split's order take only the fields that one missing
  // continuation's pieces can fill (see evaluate()).
  static constexpr int kNarrowLevels = 3;

  // A narrow list of evaluate() for the pieces a continuation brings, and its next field.
  struct Chase {
    PieceCounts brings;
    std::int32_t list;
    std::uint32_t next;
  };

  static bool has_bit(const Bits& b, std::uint64_t index) {
    return (b.w[index / 64] >> (index % 64)) & 1;
  }
  static void set_bit(Bits& b, std::uint64_t index) {
    b.w[index / 64] |= std::uint64_t(1) << (index % 64);
  }

  // fn(index) for every continuation of `target` missing from `acc`.
  template <typename Fn>
  static void for_missing(const Bits& acc, const Bits& target, int r, Fn fn) {
    for (int i = 0; i < words_for(r); ++i) {
      std::uint64_t m = target.w[std::size_t(i)] & ~acc.w[std::size_t(i)];
      for (; m; m &= m - 1) fn(std::uint64_t(64 * i + std::countr_zero(m)));
    }
  }

  // The pieces a continuation (an index of r draws) brings with the held piece.
  static PieceCounts input_counts(std::uint64_t index, int r, int held) {
    PieceCounts c = held == kNoHold ? 0 : add_piece(0, Piece(held));
    for (int d = 0; d < r; ++d) c = add_piece(c, Piece((index >> (3 * d)) & 7));
    return c;
  }

  // Which missing continuation (not in `hopeless`) to chase next: one of those whose draws
  // bring the pieces most of them bring (the first such, by index; the splits hold different
  // pieces, so the held one is left out); -1 when none is left. One field usually takes many
  // continuations, and this order needed the fewest narrow lists when each split chased its
  // own (`*p6,*p5`: 39,795 against 44,297 taking the first missing one); with turns the choice
  // made no measurable difference (docs/benchmarks.md).
  std::int64_t pick_missing(const Bits& acc, const Bits& hopeless, const Bits& target, int r) {
    missing_.clear();
    for_missing(acc, target, r, [&](std::uint64_t index) {
      if (!has_bit(hopeless, index)) missing_.push_back({input_counts(index, r, kNoHold), index});
    });
    std::sort(missing_.begin(), missing_.end());
    std::int64_t best = -1;
    std::size_t most = 0;
    for (std::size_t i = 0, j = 0; i < missing_.size(); i = j) {
      while (j < missing_.size() && missing_[j].first == missing_[i].first) ++j;
      if (j - i > most) {
        best = std::int64_t(missing_[i].second);
        most = j - i;
      }
    }
    return best;
  }

  // Which splits evaluate() extends first, by the piece they hold (kNoHold: none). The first
  // split that covers the target nearly always ends the evaluation, and how many fields that
  // takes depends most on the held piece: holding T, the fields after the placed pieces take
  // most continuations, holding S, Z or O the fewest. Only the speed depends on the rank.
  static int held_rank(int held) {
    static constexpr std::array<int, kPieceCount> kRank = {0, 2, 1, 1, 3, 3, 3};  // T I L J S Z O
    return held == kNoHold ? 0 : kRank[std::size_t(held)];
  }

  // Tree entries for the prefixes of depth k+1..tree_depth under `prefix` (k pieces) inside a
  // bit set whose continuations of `prefix` start at index `base`.
  void tree_from_bits(int k, const Sequence& prefix, std::uint64_t base, const Bits& acc,
                      const Bits& target, TaskResult& out) {
    if (k >= tree_depth_) return;
    int below = length_ - k - 1;  // pieces after the next one
    std::uint64_t block = std::uint64_t(1) << (3 * below);
    for (int p = 0; p < kPieceCount; ++p) {
      std::uint64_t lo = base + std::uint64_t(p) * block;
      std::uint64_t total = count_range(target, lo, lo + block);
      if (total == 0) continue;
      Sequence longer = prefix;
      longer.push_back(Piece(p));
      out.tree.push_back({longer, count_range(acc, lo, lo + block), total});
      tree_from_bits(k + 1, longer, lo, acc, target, out);
    }
  }

  // The order language of a field needing `length` pieces: the placement orders (no hold)
  // that clear it, as a bit set over sequences of `length` pieces (words_for(length) words);
  // memoized per field. Where the set is: the graph's memo, or `scratch`.
  const std::uint64_t* language(FieldGraph::Id node, int length, Bits& scratch) {
    if (graph_.cleared(node)) {
      clear_bits(scratch, length);
      scratch.w[0] = length == 0 ? 1 : 0;
      return scratch.w.data();
    }
    if (length <= 1) {
      scratch.w[0] = length == 0 ? 0 : graph_.finishers(node);
      return scratch.w.data();
    }
    // Memoized in the graph, for every thread: a field needs `length` more pieces (each
    // placement fills 4 of its empty cells), so the field alone names the set.
    const bool memo = length == graph_.need(node);
    if (const std::uint64_t* known = memo ? graph_.bits(node) : nullptr) return known;
    Bits& out = scratch;
    clear_bits(out, length);
    Bits child;
    for (int p = 0; p < kPieceCount; ++p) {
      for (FieldGraph::Id c : graph_.successors(node, Piece(p))) {
        or_block(out, language(c, length - 1, child), length, p);
        if (block_full(out, length, p)) break;
      }
    }
    if (!memo) return out.w.data();
    const Bits& every = valid().bits[std::size_t(length)];
    if (equal_bits(out.w.data(), every.w.data(), length)) {
      graph_.share_bits(node, every.w.data());  // common: no copy
      return every.w.data();
    }
    return graph_.store_bits(node, out.w.data(), std::size_t(words_for(length)));
  }

  const Shared& s_;
  const int length_;
  const bool hold_;
  const int tree_depth_;
  const int need_;
  FieldGraph& graph_;
  std::uint64_t generation_ = 0;
  std::vector<std::vector<Split>> splits_;  // per depth, along the current prefix
  FlatMap<OrderKey, std::int32_t, OrderKeyHash> reach_;
  PagePool pool_;  // the lists' arrays
  std::deque<ReachList> lists_;
  FlatMap<OrderKey, Answer, OrderKeyHash> unions_;
  WordArena arena_;
  std::vector<std::uint32_t> by_held_;  // evaluate(): the order of its splits
  // evaluate(): the splits being extended, their narrow lists and what they cannot take.
  struct Live {
    const Split* split;
    OrderKey key;
    Answer answer;
    bool grown;
    bool asked;  // whether the split's whole list was asked for a field (chase)
  };
  std::vector<Live> live_;
  std::vector<std::vector<Chase>> chases_;
  std::vector<Bits> hopeless_;
  // field_at(): parent fields it may still expand (evaluate() sets a budget), and whether it
  // stopped for want of budget (then the list is not exhausted).
  static constexpr long kUnlimited = std::numeric_limits<long>::max();
  long work_ = kUnlimited;
  bool stalled_ = false;
  // The first budget of a split for one continuation in evaluate() (parent fields its lists
  // may expand); it grows fourfold each round.
  static constexpr long kFirstBudget = 4;
  // A split's budget in a turn: halved for every kRankHalving splits before it in the rank
  // (at least 1 parent field, at most 8 halvings). The splits further down take a continuation
  // less often, and a hard one had every split spend the whole budget first.
  static constexpr std::size_t kRankHalving = 8;
  static long rank_budget(long budget, std::size_t w) {
    return std::max(1L, budget >> std::min<std::size_t>(8, w / kRankHalving));
  }
  // How many fields of the whole pattern's list the first split takes before the turns.
  static constexpr std::uint32_t kLooseFirst = 16;
  std::vector<std::pair<PieceCounts, std::uint64_t>> missing_;  // pick_missing()
  std::vector<std::uint64_t> sort_keys_;                        // field_at()
  std::size_t failed_limit_ = 0;
};

// ---- Without hold: continuation sets per (field, automaton state) --------------------------
//
// Without hold a sequence succeeds when its pieces, placed in the order drawn, clear the
// field. For a field f reached after the pattern's automaton is in state q, W(f, q) is the set
// of q's completions that clear f: the union over each piece p the state allows, and each
// successor c of f for p, of p followed by W(c, next(q, p)). It is computed once per (field,
// state) and memoized: the prefixes that lead to the same state share it (after `*p7`'s first
// six pieces, 720 prefixes reach each of 7 states), and only the pieces the pattern allows
// are ever placed. A set is a bit set over the completions of q numbered in order (the
// completions that start with piece p form the range [offset(q, p), offset(q, p) +
// completions(next(q, p))), pieces in order), so it has completions(q) bits, not 7^r.

// Bit sets of arbitrary length over words.
void or_shifted(std::uint64_t* to, std::uint64_t at, const std::uint64_t* from, std::uint64_t n) {
  const std::uint64_t words = (n + 63) / 64;
  const unsigned shift = unsigned(at % 64);
  std::uint64_t* base = to + at / 64;
  if (shift == 0) {
    for (std::uint64_t i = 0; i < words; ++i) base[i] |= from[i];
    return;
  }
  for (std::uint64_t i = 0; i < words; ++i) {
    base[i] |= from[i] << shift;
    // Bits past n are zero in `from`, so the carry never reaches past at + n.
    if (std::uint64_t carry = from[i] >> (64 - shift)) base[i + 1] |= carry;
  }
}
void set_range(std::uint64_t* b, std::uint64_t lo, std::uint64_t hi) {
  for_range(lo, hi, [&](std::size_t w, std::uint64_t mask) {
    b[w] |= mask;
    return true;
  });
}
bool range_full(const std::uint64_t* b, std::uint64_t lo, std::uint64_t hi) {
  return for_range(lo, hi,
                   [&](std::size_t w, std::uint64_t mask) { return (b[w] & mask) == mask; });
}

// The completions of each state numbered in order (see above); shared, read-only.
class Ranking {
 public:
  explicit Ranking(const PatternAutomaton& dfa) : dfa_(dfa), offsets_(dfa.size()) {
    for (std::size_t s = 0; s < dfa.size(); ++s) {
      auto q = std::int32_t(s);
      std::uint64_t at = 0;
      for (int p = 0; p < kPieceCount; ++p) {
        offsets_[s][std::size_t(p)] = at;
        std::int32_t to = dfa.next(q, Piece(p));
        if (to != PatternAutomaton::kNone) at += dfa.completions(to);
      }
    }
  }
  std::uint64_t offset(std::int32_t q, int p) const {
    return offsets_[std::size_t(q)][std::size_t(p)];
  }
  // The completion of q numbered `index`, appended to `s`.
  void unrank(std::int32_t q, std::uint64_t index, Sequence& s) const {
    while (dfa_.depth(q) < dfa_.length()) {
      int p = kPieceCount - 1;
      while (dfa_.next(q, Piece(p)) == PatternAutomaton::kNone || offset(q, p) > index) --p;
      index -= offset(q, p);
      s.push_back(Piece(p));
      q = dfa_.next(q, Piece(p));
    }
  }

 private:
  const PatternAutomaton& dfa_;
  std::vector<std::array<std::uint64_t, kPieceCount>> offsets_;
};

// The completions of the root beyond which the engine below is not used (its sets would not
// fit; PercentOptions::no_hold_set_bits): 2^31 bits, 256 MB.
constexpr std::uint64_t kNoHoldMaxBits = std::uint64_t(1) << 31;

// Without hold the trie is split into tasks of at least this many completions on average
// (count_by_prefixes()).
constexpr std::uint64_t kNoHoldTaskCompletions = 64;

// Where most tasks need the exact way, the easy way of the engine without hold asks the sound
// fill oracle, not the one of adjacent rows, of fields with fewer pieces than this to come
// (NoHoldEngine::alive(); chosen by measurement, docs/benchmarks.md).
constexpr int kEasySoundLeft = 5;
// Tasks an engine runs before it may decide so (NoHoldEngine::run()).
constexpr int kProbeTasks = 8;
// The missing completions of a task up to which its exact walk looks for them alone
// (NoHoldEngine::aim()).
constexpr std::uint64_t kAimCompletions = 32;
// The tasks in a row that needed the exact way after which it walks all the prefix's fields
// again (NoHoldEngine::run()).
constexpr int kExactRun = 32;

// The field graph's budget without hold, beside which the sets below are kept (they count
// against it: the graph and the sets start afresh together). A fresh start costs every set
// built so far, so the budget is as large as the 2 GiB a count may take allows: peak RSS is
// about 190 MiB above it (the fill oracles' memos, 128 MiB, and the threads' own memory).
constexpr std::size_t kNoHoldGraphBudget = std::size_t(1700) << 20;

// A record's place in the RecordArena (chunk and word); 0 for none.
using RecordRef = std::uint32_t;

// What the no-hold engine knows of one (field, pattern state) pair: W(f, q), exact and
// complete, or only that the field can still be filled (kAlive: W not computed yet), in a list
// per field; a set's words follow the record. A link to a record (the list's front,
// FieldGraph::front(), or a record's `next`) holds its RecordRef and, above it, its state and
// kind and a filter of the states of the list from it on, so that a look-up reads no record
// but those before the match (none when the filter rules its state out), and the match only
// for its set: those reads were most of solve()'s time (docs/benchmarks.md, "Percent, round
// nineteen"). One word: most records are kEmpty marks of dead fields.
struct alignas(8) SetRecord {
  enum Kind : std::uint32_t { kEmpty, kFull, kBits, kAlive };
  static constexpr int kStateBits = 24;  // states (with the easy way's tag) below 2^24
  std::uint64_t next;                    // a RecordLink, 0 for none
  const std::uint64_t* bits() const { return reinterpret_cast<const std::uint64_t*>(this + 1); }
};
static_assert(sizeof(SetRecord) == 8);

// A link to a record: RecordRef (32 bits), kind (2), state (kStateBits), and the filter (one
// bit of kFilterBits per state of the list from this record on).
struct RecordLink {
  static constexpr int kFilterBits = 32 - 2 - SetRecord::kStateBits;
  static constexpr int kFilterShift = 64 - kFilterBits;
  std::uint64_t word;
  RecordRef ref() const { return RecordRef(word & 0xFFFF'FFFFu); }
  std::int32_t state() const {
    return std::int32_t((word >> 34) & ((std::uint64_t(1) << SetRecord::kStateBits) - 1));
  }
  SetRecord::Kind kind() const { return SetRecord::Kind((word >> 32) & 3); }
  // Whether the list from this record on may hold `state`.
  bool may_hold(std::int32_t state) const { return (word >> kFilterShift) & filter_bit(state); }
  // A link to `ref` (of `state` and `kind`) whose list goes on at `next`.
  static std::uint64_t make(RecordRef ref, std::int32_t state, SetRecord::Kind kind,
                            std::uint64_t next) {
    const std::uint64_t filter = (next >> kFilterShift) | filter_bit(state);
    return filter << kFilterShift | std::uint64_t(std::uint32_t(state)) << 34 |
           std::uint64_t(kind) << 32 | ref;
  }
  static std::uint64_t filter_bit(std::int32_t state) {
    return std::uint64_t(1) << ((std::uint32_t(state) * 0x9E37'79B1u >> 16) % kFilterBits);
  }
};
static_assert(RecordLink::kFilterBits >= 4);

// Where the records live: chunks of memory every thread takes from, each filling its own chunk
// (no lock but to take one). Records never move or go until clear(), which runs with the
// graph's reset (GraphGate), when no thread is searching; a thread then starts a fresh chunk.
// A RecordRef is a chunk number (from 1) above the word's place in its chunk.
class RecordArena {
 public:
  static constexpr int kOffsetBits = 18;
  static constexpr std::size_t kChunkWords = std::size_t(1) << kOffsetBits;        // 2 MB
  static constexpr std::size_t kMaxChunks = std::size_t(1) << (32 - kOffsetBits);  // 32 GB

  // A thread's place in its chunk.
  struct Cursor {
    std::uint64_t* at = nullptr;
    std::uint64_t* end = nullptr;
    RecordRef ref = 0;  // of `at`
    std::uint64_t generation = 0;
  };

  RecordArena() : chunks_(kMaxChunks) {}
  RecordArena(const RecordArena&) = delete;
  RecordArena& operator=(const RecordArena&) = delete;
  ~RecordArena() { clear(); }

  // `words` words, and their RecordRef in `ref`. A record larger than a chunk gets one of its
  // own (only its first word needs a RecordRef).
  std::uint64_t* allocate(Cursor& c, std::size_t words, RecordRef& ref) {
    if (words > kChunkWords) return new_chunk(words, ref);
    if (c.generation != generation_ || std::size_t(c.end - c.at) < words) {
      RecordRef first = 0;
      std::uint64_t* chunk = new_chunk(kChunkWords, first);
      c = {chunk, chunk + kChunkWords, first, generation_};
    }
    std::uint64_t* out = c.at;
    ref = c.ref;
    c.at += words;
    c.ref += RecordRef(words);
    return out;
  }
  const SetRecord* at(RecordRef ref) const {
    if (ref == 0) return nullptr;
    const std::uint64_t* chunk = chunks_[ref >> kOffsetBits].load(std::memory_order_acquire);
    return reinterpret_cast<const SetRecord*>(chunk + (ref & (kChunkWords - 1)));
  }
  std::size_t memory() const { return bytes_.load(std::memory_order_relaxed); }
  // Frees every chunk. No thread may use the arena meanwhile.
  void clear() {
    for (std::size_t i = 1; i < used_; ++i) {
      unmap_pages(chunks_[i].exchange(nullptr), sizes_[i] * sizeof(std::uint64_t));
    }
    sizes_.assign(1, 0);
    used_ = 1;
    bytes_ = 0;
    ++generation_;
  }

 private:
  std::uint64_t* new_chunk(std::size_t words, RecordRef& ref) {
    std::lock_guard lock(mutex_);
    if (used_ >= kMaxChunks) throw std::length_error("percent: too many sets");
    auto* chunk = static_cast<std::uint64_t*>(map_populated(words * sizeof(std::uint64_t)));
    chunks_[used_].store(chunk, std::memory_order_release);
    sizes_.push_back(words);
    ref = RecordRef(used_ << kOffsetBits);
    ++used_;
    bytes_.fetch_add(words * sizeof(std::uint64_t), std::memory_order_relaxed);
    return chunk;
  }

  std::mutex mutex_;
  PointerTable<std::uint64_t> chunks_;                               // by number; 0 unused
  std::vector<std::size_t> sizes_ = std::vector<std::size_t>(1, 0);  // words, by number
  std::size_t used_ = 1;                                             // chunks given out, plus one
  std::atomic<std::size_t> bytes_{0};
  std::uint64_t generation_ = 1;
};

class NoHoldEngine {
 public:
  NoHoldEngine(const PercentOptions& o, const PatternAutomaton& dfa, const Ranking& ranking,
               FieldGraph& graph, FillOracle& adjacent, RecordArena& arena, Progress& progress)
      : dfa_(dfa),
        ranking_(ranking),
        graph_(graph),
        adjacent_(adjacent),
        progress_(progress),
        length_(dfa.length()),
        tree_depth_(std::clamp(o.tree_depth, 0, dfa.length())),
        sound_end_(o.no_hold_sound_end.value_or(false)),
        probe_(!o.no_hold_sound_end.has_value()),
        arena_(arena),
        scratch_(std::size_t(dfa.length()) + 1) {}

  // The subtree of `prefix` (a path of the automaton ending in `state`); `failures`: whether
  // the result keeps which completions fail. The caller holds the graph (GraphGate::enter).
  TaskResult run(const Sequence& prefix, std::int32_t state, bool failures) {
    const std::uint64_t n = dfa_.completions(state);
    std::vector<std::uint64_t> acc(std::size_t(n / 64 + 2), 0);
    if (generation_ != graph_.generation()) {
      for (Lists& l : lists_) l = Lists{};
      seen_ = IdSet{};
      generation_ = graph_.generation();
    }
    // First the easy way: the fill oracle that counts covers with pieces on adjacent rows only
    // (but for the last pieces, alive()) keeps many dead fields out, but also some that clear
    // rows on the way. The successes it
    // finds are real; when they are not all the completions, the exact way finds the rest (and
    // proves the failures), from what the easy way left in `acc`.
    const bool exact = !walk_prefix(prefix, state, acc.data(), true);
    // The easy way's sets at the end are exact where it asks the sound oracle (tag()); then
    // the exact way walks from the fields the easy way called dead, unless task after task has
    // needed it: then the whole walk, which starts from the lists of the task before, costs
    // less.
    exact_run_ = exact ? exact_run_ + 1 : 0;
    if (exact && sound(state) && exact_run_ <= kExactRun) {
      walk_rejected(prefix, state, acc.data());
    } else if (exact) {
      walk_prefix(prefix, state, acc.data(), false);
    }
    if (probe_ && !sound_end_) {
      ++probed_;
      exact_probed_ += exact ? 1 : 0;
      sound_end_ = probed_ >= kProbeTasks && exact_probed_ * 4 > probed_;
    }
    TaskResult out;
    out.successes = count_bits(acc.data(), 0, n);
    tree(int(prefix.length), state, prefix, 0, acc.data(), out);
    if (failures && out.successes < n) {
      acc.resize(std::size_t((n + 63) / 64));
      out.succeeded = std::move(acc);
    }
    progress_.advance(n);
    return out;
  }

 private:
  // The fields the prefix reaches, placed in order, depth first (best successors first, as the
  // graph sorts them): W of each field at the end is added to `acc`, and the walk stops as soon
  // as `acc` holds every completion, often after a few fields; true then. A walk that did not
  // stop has met every field of each inner depth: those lists are kept for the next task (often
  // a sibling), which starts from the deepest one its prefix shares. `easy`: the easy way's
  // fill oracle, sets and lists (run()).
  bool walk_prefix(const Sequence& prefix, std::int32_t state, std::uint64_t* acc, bool easy) {
    easy_ = easy;
    Lists& lists = current_lists();
    if (lists.reached.empty()) {
      lists.reached.push_back({graph_.root()});
      lists.rejected.emplace_back();
      lists.path = Sequence{};
    }
    int same = 0;
    while (same < prefix.length && same < lists.path.length &&
           prefix.at(same) == lists.path.at(same)) {
      ++same;
    }
    lists.reached.resize(std::size_t(same) + 1);
    lists.rejected.resize(std::size_t(same) + 1);
    lists.path = prefix.prefix(same);
    std::int32_t q = PatternAutomaton::root();
    for (int k = 0; k < same; ++k) q = dfa_.next(q, prefix.at(k));
    // Levels same+1 .. length-1, filled below.
    lists.reached.resize(std::max<std::size_t>(std::size_t(prefix.length), 1));
    lists.rejected.resize(lists.reached.size());
    recording_ = &lists;
    seen_.clear();
    bool full = false;
    for (FieldGraph::Id f : lists.reached[std::size_t(same)]) {
      if ((full = walk(f, same, q, prefix, state, acc, seen_))) break;
    }
    if (full) {
      lists.reached.resize(std::size_t(same) + 1);
      lists.rejected.resize(std::size_t(same) + 1);
    } else {
      lists.path = prefix.prefix(std::max(prefix.length - 1, 0));
    }
    return full;
  }

  // The exact way after an easy walk whose sets at the end were exact (sound(state)): a field
  // the prefix reaches that the easy walk did not is reached through some field the easy way
  // called dead (its lists' `rejected`) whose parent it reached; the easy walk added W of every
  // field it reached at the end to `acc`. So the exact walk starts from those fields alone, the
  // deepest first (most of the successes the easy way misses clear a row among the last pieces),
  // and stops once `acc` is full.
  void walk_rejected(const Sequence& prefix, std::int32_t state, std::uint64_t* acc) {
    const Lists& lists = lists_[0];
    easy_ = false;
    recording_ = nullptr;
    seen_.clear();
    std::vector<std::int32_t> states(std::size_t(prefix.length) + 1, PatternAutomaton::root());
    for (int k = 0; k < prefix.length; ++k) {
      states[std::size_t(k) + 1] = dfa_.next(states[std::size_t(k)], prefix.at(k));
    }
    aim(prefix, state, acc);
    bool full = false;
    for (int k = prefix.length - 1; k >= 1 && !full; --k) {
      const std::int32_t q = states[std::size_t(k)];
      for (const FieldGraph::Id c : lists.rejected[std::size_t(k)]) {
        if (!seen_.insert(c) || !live(c, q)) continue;
        if ((full = walk(c, k, q, prefix, state, acc, seen_))) break;
      }
    }
    aim_.clear();
  }

  // Sets aim_ for the completions of `state` missing from `acc`, when there are few: a field
  // after k pieces is of use only if the rest of the prefix and one of those completions can
  // fill it, so it is asked with, of each type, at most the most and at least the least that
  // those pieces bring (tighter than alive(), which allows every completion).
  void aim(const Sequence& prefix, std::int32_t state, const std::uint64_t* acc) {
    aim_.clear();
    const std::uint64_t n = dfa_.completions(state);
    const std::uint64_t missing = n - count_bits(acc, 0, n);
    if (missing == 0 || missing > kAimCompletions) return;
    PieceCounts most = 0, least = ~PieceCounts(0);
    for (std::uint64_t i = 0; i < n; ++i) {
      if ((acc[i / 64] >> (i % 64)) & 1) continue;
      Sequence rest;
      ranking_.unrank(state, i, rest);
      PieceCounts c = 0;
      for (int j = 0; j < rest.length; ++j) c = add_piece(c, rest.at(j));
      for (int p = 0; p < kPieceCount; ++p) {
        most = set_count(most, Piece(p), std::max(count_of(most, Piece(p)), count_of(c, Piece(p))));
        least =
            set_count(least, Piece(p), std::min(count_of(least, Piece(p)), count_of(c, Piece(p))));
      }
    }
    least &= kAnyPieces;
    aim_.resize(std::size_t(prefix.length) + 1);
    for (int k = prefix.length; k >= 0; --k) {
      aim_[std::size_t(k)] = {most, least};
      if (k > 0) {
        most = add_piece(most, prefix.at(k - 1));
        least = add_piece(least, prefix.at(k - 1));
      }
    }
  }

  // W(f, q): none, all, or the bits at `bits` (in a record, or in scratch_ until the next
  // solve() at the same depth).
  struct Set {
    SetRecord::Kind kind;
    const std::uint64_t* bits;
  };

  // Adds to `acc` W(g, state) of every field g that f (reached by the prefix's first k pieces,
  // in state q) reaches by the others; true once `acc` is full. `seen` keeps the inner fields
  // walked, so that a field reached several ways is walked once (at the last depth a repeat
  // only ORs its kept set again, which costs less than keeping it); the inner ones go to the
  // lists being recorded (recording_), those that can still be filled to `reached`, the others
  // to `rejected`.
  bool walk(FieldGraph::Id f, int k, std::int32_t q, const Sequence& prefix, std::int32_t state,
            std::uint64_t* acc, IdSet& seen) {
    const std::uint64_t n = dfa_.completions(state);
    if (k == prefix.length) {
      Set w = solve(f, state);
      if (w.kind == SetRecord::kFull) {
        set_range(acc, 0, n);
        return true;
      }
      if (w.kind == SetRecord::kBits) or_shifted(acc, 0, w.bits, n);
      return range_full(acc, 0, n);
    }
    const Piece p = prefix.at(k);
    const std::int32_t to = dfa_.next(q, p);
    // As in solve(): all the successors' nodes, then all their first records.
    const FieldGraph::Edges next = graph_.successors(f, p);
    for (FieldGraph::Id c : next) graph_.prefetch(c);
    for (FieldGraph::Id c : next) prefetch_front(c);
    for (const FieldGraph::Id c : next) {
      if (k + 1 < prefix.length && !seen.insert(c)) continue;
      // Inner fields that cannot be filled any more are left; the last depth's are solve()'s.
      if (k + 1 < prefix.length) {
        const bool ok = live(c, to);
        if (recording_ != nullptr) {
          (ok ? recording_->reached : recording_->rejected)[std::size_t(k + 1)].push_back(c);
        }
        if (!ok) continue;
      }
      if (walk(c, k + 1, to, prefix, state, acc, seen)) return true;
    }
    return false;
  }

  // Asks the cache for the first record of the field's list.
  void prefetch_front(FieldGraph::Id f) const {
    if (const SetRecord* r = arena_.at(RecordLink{graph_.front(f)}.ref())) __builtin_prefetch(r);
  }

  // alive(f, q), remembered in the field's list (an empty set or kAlive), so that the next
  // task's walk, and solve(), find it there.
  bool live(FieldGraph::Id f, std::int32_t q) {
    if (graph_.cleared(f)) return true;
    // Aimed at a few completions (walk_rejected()): asked afresh, not kept (the answer holds
    // for those alone), unless the field is known dead.
    if (!aim_.empty()) {
      if (const Found r = find(graph_.front(f), q); r && r.kind == SetRecord::kEmpty) return false;
      const Aim& a = aim_[std::size_t(dfa_.depth(q))];
      return graph_.fillable_with(f, a.available, a.required);
    }
    if (const Found r = find(graph_.front(f), tag(q))) return r.kind != SetRecord::kEmpty;
    const bool ok = easy_alive(f, q) || alive(f, q);
    keep(f, tag(q), ok ? SetRecord::kAlive : SetRecord::kEmpty, nullptr, 0);
    return ok;
  }

  // Whether the field, reached in state q, can still be filled with the pieces to come: at
  // most upcoming(q) and at least required(q) of each type (without hold every completion
  // places exactly the pieces that fill the field). The easy way asks the oracle of adjacent
  // rows only; or, once a quarter of the tasks have needed the exact way (run()), only while
  // kEasySoundLeft pieces or more are to come, and the sound one after: then it also finds
  // the successes that clear a row among their last pieces, sparing most tasks the exact way,
  // while near the end a dead field's subtree is small. (Where the easy way takes every
  // completion, the sound oracle's fields near the end only cost.)
  bool alive(FieldGraph::Id f, std::int32_t q) {
    if (graph_.cleared(f)) return true;
    const int left = length_ - dfa_.depth(q);
    const PieceCounts available = cap_counts(dfa_.upcoming(q), left);
    if (!sound(q))
      return adjacent_.fillable(graph_.field(f), graph_.height(f), available, dfa_.required(q));
    return graph_.fillable_with(f, available, dfa_.required(q));
  }

  // Whether the current way asks the sound oracle about fields in state q (alive()).
  bool sound(std::int32_t q) const {
    return !easy_ || (sound_end_ && length_ - dfa_.depth(q) < kEasySoundLeft);
  }

  // On the exact way, whether the easy way found the field alive in state q: its oracles'
  // covers are some of the sound one's, so the field is (no oracle question then).
  bool easy_alive(FieldGraph::Id f, std::int32_t q) const {
    if (easy_) return false;
    const Found r = find(graph_.front(f), q | kEasyTag);
    return r && r.kind != SetRecord::kEmpty;
  }

  // The state as the records of the current way know it: the easy way's sets are apart (they
  // may miss completions that clear rows on the way), but where it asks the sound oracle its
  // sets and marks are exact (so are all below them), and the exact way takes them as its own.
  std::int32_t tag(std::int32_t q) const { return sound(q) ? q : q | kEasyTag; }

  // A record found: its kind, and the record (not read unless its set is needed).
  struct Found {
    const SetRecord* record = nullptr;
    SetRecord::Kind kind = SetRecord::kEmpty;
    explicit operator bool() const { return record != nullptr; }
  };

  // The record of (f, q) in the list at `front`: its set if known, else its kAlive mark, else
  // none.
  Found find(std::uint64_t front, std::int32_t q) const {
    Found mark;
    for (RecordLink l{front}; l.ref() != 0 && l.may_hold(q);) {
      const SetRecord* r = arena_.at(l.ref());
      if (l.state() == q) {
        if (l.kind() != SetRecord::kAlive) return {r, l.kind()};
        mark = {r, SetRecord::kAlive};
      }
      l.word = r->next;
    }
    return mark;
  }

  // Keeps W(f, q) in the field's list (a copy of `words` words at `bits` when kind is kBits).
  void keep(FieldGraph::Id f, std::int32_t q, SetRecord::Kind kind, const std::uint64_t* bits,
            std::size_t words) {
    const std::size_t size = 1 + (kind == SetRecord::kBits ? words : 0);
    RecordRef ref = 0;
    auto* r = reinterpret_cast<SetRecord*>(arena_.allocate(cursor_, size, ref));
    if (kind == SetRecord::kBits) std::copy_n(bits, words, reinterpret_cast<std::uint64_t*>(r + 1));
    std::uint64_t front = graph_.front(f);
    do {
      r->next = front;
    } while (!graph_.push_front(f, front, RecordLink::make(ref, q, kind, front)));
  }

  // The pieces that clear the field in one placement, as a set over q's completions.
  std::uint64_t last_piece(FieldGraph::Id f, std::int32_t q) {
    const std::uint8_t finishers = graph_.finishers(f) & dfa_.pieces(q);
    std::uint64_t out = 0;
    for (unsigned m = finishers; m != 0; m &= m - 1) {
      out |= std::uint64_t(1) << ranking_.offset(q, std::countr_zero(m));
    }
    return out;
  }

  Set solve(FieldGraph::Id f, std::int32_t q) {
    const int d = dfa_.depth(q);
    const std::uint64_t n = dfa_.completions(q);
    if (graph_.cleared(f)) return {SetRecord::kFull, nullptr};
    if (d == length_) return {SetRecord::kEmpty, nullptr};
    const Found known = find(graph_.front(f), tag(q));
    if (known && known.kind != SetRecord::kAlive) {
      return {known.kind, known.kind == SetRecord::kBits ? known.record->bits() : nullptr};
    }
    if ((++calls_ & 0xFFFF) == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("percent: {} of {} sequences", progress_.done(),
                                     dfa_.completions(PatternAutomaton::root())));
    }
    // Only solve() at depth d uses scratch_[d], and it is done with it before the next call.
    std::vector<std::uint64_t>& buffer = scratch_[std::size_t(d)];
    const std::size_t words = std::size_t((n + 63) / 64);
    if (buffer.size() < words + 1) buffer.resize(words + 1);
    std::uint64_t* out = buffer.data();
    std::fill_n(out, words + 1, 0);
    // On the exact way, the easy way's successes here are some of W(f, q): they start the set,
    // so that the successors need only find the rest (no set is kept for the last piece).
    const Found easy = easy_ || d + 1 == length_ ? Found{} : find(graph_.front(f), q | kEasyTag);
    if (easy && easy.kind == SetRecord::kFull) {
      keep(f, tag(q), SetRecord::kFull, nullptr, 0);
      return {SetRecord::kFull, nullptr};
    }
    if (easy && easy.kind == SetRecord::kBits) std::copy_n(easy.record->bits(), words, out);
    if (d + 1 == length_) {
      out[0] = last_piece(f, q);
    } else if (known || (easy && easy.kind != SetRecord::kEmpty) || alive(f, q)) {
      for (int p = 0; p < kPieceCount; ++p) {
        const std::int32_t to = dfa_.next(q, Piece(p));
        if (to == PatternAutomaton::kNone) continue;
        const std::uint64_t at = ranking_.offset(q, p), m = dfa_.completions(to);
        const bool last = d + 2 == length_;
        // Each successor costs two cache misses (its node, then its first record): all the
        // nodes are asked for, then all the records, so that the misses overlap.
        const FieldGraph::Edges next = graph_.successors(f, Piece(p));
        for (FieldGraph::Id c : next) graph_.prefetch(c);
        if (!last) {
          for (FieldGraph::Id c : next) prefetch_front(c);
        }
        for (const FieldGraph::Id c : next) {
          if (last) {
            // One piece to go after this one: no record, the field knows its finishers.
            if (graph_.cleared(c)) {
              set_range(out, at, at + m);
              break;
            }
            const std::uint64_t w = last_piece(c, to);
            or_shifted(out, at, &w, m);
          } else {
            Set w = solve(c, to);
            if (w.kind == SetRecord::kEmpty) continue;
            if (w.kind == SetRecord::kFull) {
              set_range(out, at, at + m);
              break;
            }
            or_shifted(out, at, w.bits, m);
          }
          if (range_full(out, at, at + m)) break;
        }
      }
    }
    SetRecord::Kind kind = SetRecord::kBits;
    if (count_bits(out, 0, n) == 0) {
      kind = SetRecord::kEmpty;
    } else if (range_full(out, 0, n)) {
      kind = SetRecord::kFull;
    }
    if (d + 1 < length_) keep(f, tag(q), kind, out, words);
    return {kind, kind == SetRecord::kBits ? out : nullptr};
  }

  // Tree entries for the prefixes of depth k+1..tree_depth under `prefix` (in state q), whose
  // completions are the bits [base, base + completions(q)) of `acc`.
  void tree(int k, std::int32_t q, const Sequence& prefix, std::uint64_t base,
            const std::uint64_t* acc, TaskResult& out) const {
    if (k >= tree_depth_) return;
    for (int p = 0; p < kPieceCount; ++p) {
      const std::int32_t to = dfa_.next(q, Piece(p));
      if (to == PatternAutomaton::kNone) continue;
      const std::uint64_t lo = base + ranking_.offset(q, p), m = dfa_.completions(to);
      Sequence longer = prefix;
      longer.push_back(Piece(p));
      out.tree.push_back({longer, count_bits(acc, lo, lo + m), m});
      tree(k + 1, to, longer, lo, acc, out);
    }
  }

  // Per way (easy, exact): the prefix the lists are complete for, and per depth the fields
  // reached that can still be filled, and those met that cannot.
  struct Lists {
    Sequence path;
    std::vector<std::vector<FieldGraph::Id>> reached;
    std::vector<std::vector<FieldGraph::Id>> rejected;
  };
  static constexpr std::int32_t kEasyTag = std::int32_t(1) << (SetRecord::kStateBits - 1);
  Lists& current_lists() { return lists_[easy_ ? 0 : 1]; }

  const PatternAutomaton& dfa_;
  const Ranking& ranking_;
  FieldGraph& graph_;
  FillOracle& adjacent_;  // FillOracle::Covers::Adjacent, for the easy way
  Progress& progress_;
  const int length_;
  const int tree_depth_;
  bool easy_ = false;           // the way being walked
  bool sound_end_;              // the easy way's last pieces ask the sound oracle (alive())
  const bool probe_;            // sound_end_ decided by run()
  int probed_ = 0;              // tasks run before sound_end_,
  int exact_probed_ = 0;        // and those of them that walked the exact way
  int exact_run_ = 0;           // the tasks in a row, up to the current one, that did
  std::array<Lists, 2> lists_;  // the easy way's, the exact way's
  Lists* recording_ = nullptr;  // where walk() puts the fields it meets, if anywhere
  // walk_rejected()'s pieces to come per depth (aim()), empty if none.
  struct Aim {
    PieceCounts available, required;
  };
  std::vector<Aim> aim_;
  IdSet seen_;  // the walks' (walk_prefix(), walk_rejected()), kept for its memory
  RecordArena& arena_;
  RecordArena::Cursor cursor_;
  std::uint64_t generation_ = 0;
  std::uint64_t calls_ = 0;
  std::vector<std::vector<std::uint64_t>> scratch_;  // per depth: the set being built
};

// Calls `fn` with each failing sequence of a no-hold task, in order, at most `limit` of them.
template <class Fn>
void for_each_failure(const Ranking& ranking, const PatternAutomaton& dfa, const Sequence& prefix,
                      std::int32_t state, const TaskResult& result, std::size_t limit, Fn&& fn) {
  if (result.succeeded.empty()) return;
  const std::uint64_t n = dfa.completions(state);
  for (std::uint64_t i = 0; i < n && limit > 0; ++i) {
    if ((result.succeeded[i / 64] >> (i % 64)) & 1) continue;
    Sequence s = prefix;
    ranking.unrank(state, i, s);
    fn(s);
    --limit;
  }
}

// The prefixes the trie is split at: every automaton path of `depth` pieces, in order.
void prefixes(const PatternAutomaton& dfa, std::int32_t q, Sequence prefix, int depth,
              std::vector<std::pair<Sequence, std::int32_t>>& out) {
  if (prefix.length == depth) {
    out.push_back({prefix, q});
    return;
  }
  for (int p = 0; p < kPieceCount; ++p) {
    std::int32_t next = dfa.next(q, Piece(p));
    if (next == PatternAutomaton::kNone) continue;
    Sequence longer = prefix;
    longer.push_back(Piece(p));
    prefixes(dfa, next, longer, depth, out);
  }
}

// The order the engines run their tasks in: those whose prefixes place the same pieces
// together (in prefix order within), since they reach mostly the same fields and share their
// sets. In prefix order, each piece count came back all along the trie, so all its fields had
// to stay in the graph or be built again after a fresh start (`*p5,*p6` without hold: 12
// fresh starts and 459 s, against 2 and 114 s grouped). Results are still combined in prefix
// order.
std::vector<std::size_t> by_pieces_placed(
    const std::vector<std::pair<Sequence, std::int32_t>>& tasks) {
  std::vector<PieceCounts> placed(tasks.size(), 0);
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const Sequence& s = tasks[t].first;
    for (int k = 0; k < s.length; ++k) placed[t] = add_piece(placed[t], s.at(k));
  }
  std::vector<std::size_t> order(tasks.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return placed[a] < placed[b]; });
  return order;
}

}  // namespace

void count_by_prefixes(const ClearArea& area, const std::vector<Pattern>& patterns,
                       const PercentOptions& o, PercentResult& r) {
  PatternAutomaton dfa(patterns, r.pop);
  // The bit sets cover the last draws; the placement orders there are at most kMaxLength
  // pieces: with hold and a spare piece as many as the draws, with hold and no spare one
  // more (the held piece placed last), without hold as many. With hold the first piece goes
  // to the hold slot, so the sets start after it.
  const bool spare = o.use_hold && r.pop > r.need;
  int bottom = o.use_hold && !spare ? kMaxLength - 1 : kMaxLength;
  bottom = std::min(bottom, o.use_hold ? r.pop - 1 : r.pop);
  std::unique_ptr<HoldProjection> projection;
  if (o.use_hold) projection = std::make_unique<HoldProjection>(bottom, spare);
  Targets targets(dfa, bottom);
  r.total = dfa.completions(PatternAutomaton::root());
  const int tree_depth = std::clamp(o.tree_depth, 0, r.pop);

  // Without hold, the continuation sets per (field, state) when the root's fit (and the states,
  // tagged, fit a SetRecord).
  const bool no_hold = !o.use_hold &&
                       r.total <= (o.no_hold_set_bits != 0 ? o.no_hold_set_bits : kNoHoldMaxBits) &&
                       dfa.size() < (std::size_t(1) << (SetRecord::kStateBits - 1));
  std::unique_ptr<Ranking> ranking;
  if (no_hold) ranking = std::make_unique<Ranking>(dfa);

  // Split the trie where it has enough subtrees for the threads (never below the bit sets).
  // Without hold, finer: a task whose completions all succeed the easy way never walks the
  // exact one (NoHoldEngine::run), and smaller tasks have that more often (`T,*p7,*p2`: 47 ->
  // 24 s), down to kNoHoldTaskCompletions completions a task (`T,I,L,*p7` is slower with
  // tasks of a handful).
  unsigned threads = std::max(1u, o.threads);
  int split = 0;
  std::vector<std::pair<Sequence, std::int32_t>> tasks;
  for (;;) {
    tasks.clear();
    prefixes(dfa, PatternAutomaton::root(), Sequence{}, split, tasks);
    const bool enough = tasks.size() >= 64 * std::size_t(threads);
    const bool fine = tasks.size() >= 512 * std::size_t(threads) ||
                      r.total / tasks.size() < kNoHoldTaskCompletions;
    if (enough && (!no_hold || fine)) break;
    if (no_hold ? split + 2 > r.pop : split + 1 > r.pop - bottom) break;
    ++split;
  }
  const bool streaming = bool(o.on_failed);
  const std::size_t limit =
      streaming || o.failed_limit < 0 ? SIZE_MAX : std::size_t(o.failed_limit);

  FillOracle oracle;
  FillOracle adjacent(FillOracle::Covers::Adjacent);  // without hold: the easy way's
  MoveGenerator gen(o.kicks, o.drop);
  FieldGraph graph(area.field, area.height, gen, oracle,
                   o.graph_budget != 0 ? o.graph_budget
                   : no_hold           ? kNoHoldGraphBudget
                                       : kGraphBudget);
  RecordArena records;  // without hold: the sets per (field, state), beside the graph
  GraphGate gate = no_hold ? GraphGate(
                                 graph, [&] { return records.memory(); }, [&] { records.clear(); })
                           : GraphGate(graph);
  SharedAnswers answers;
  Progress progress("percent", r.total, o.progress);
  Shared shared{
      dfa,   targets, projection.get(), bottom, o.use_hold && !spare ? bottom + 1 : bottom,
      graph, answers, progress};
  std::vector<std::unique_ptr<Engine>> engines(threads);
  std::vector<std::unique_ptr<NoHoldEngine>> no_hold_engines(threads);
  std::vector<TaskResult> results(tasks.size());
  std::vector<char> done(tasks.size(), 0);
  std::size_t flushed = 0;
  std::mutex flush_mutex;
  // Streams the failures of finished tasks in task order, freeing them.
  auto flush = [&] {
    while (flushed < tasks.size() && done[flushed]) {
      for (const Sequence& s : results[flushed].failed) o.on_failed(s);
      if (no_hold) {
        for_each_failure(*ranking, dfa, tasks[flushed].first, tasks[flushed].second,
                         results[flushed], SIZE_MAX, o.on_failed);
      }
      results[flushed].failed = {};
      results[flushed].succeeded = {};
      ++flushed;
    }
  };
  auto run_task = [&](std::size_t t, unsigned worker) {
    gate.enter();
    TaskResult result;
    try {
      if (no_hold) {
        auto& engine = no_hold_engines[worker];
        if (!engine) {
          engine =
              std::make_unique<NoHoldEngine>(o, dfa, *ranking, graph, adjacent, records, progress);
        }
        result = engine->run(tasks[t].first, tasks[t].second, limit > 0);
      } else {
        auto& engine = engines[worker];
        if (!engine) engine = std::make_unique<Engine>(area, o, shared);
        result = engine->run(tasks[t].first, tasks[t].second, limit);
      }
    } catch (...) {
      gate.leave();
      throw;
    }
    gate.leave();
    std::lock_guard lock(flush_mutex);
    results[t] = std::move(result);
    done[t] = 1;
    if (streaming) flush();
  };
  // Each thread takes a contiguous share of the tasks, grouped (by_pieces_placed()): threads on
  // neighbouring prefixes would compute the same sets at the same time. Helpers start late: a
  // second thread made counts of up to about 20 ms slower than one. With hold and failures
  // streamed, the tasks go out in order instead: a task's failures wait for every task before
  // it, and with hold they are kept as sequences, not as bits.
  if (no_hold || !streaming) {
    const std::vector<std::size_t> order = by_pieces_placed(tasks);
    parallel_for_ranges(
        tasks.size(), threads, 1,
        [&](std::size_t b, std::size_t e, unsigned w) {
          for (std::size_t t = b; t < e; ++t) run_task(order[t], w);
        },
        Helpers::Late);
  } else {
    parallel_for_workers(tasks.size(), threads, run_task);
  }

  // Combine in task order: the tree above the split from the tasks' totals.
  r.successes = 0;
  std::vector<std::size_t> open;  // tree index of the entry of each depth above the split
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const Sequence& prefix = tasks[t].first;
    const TaskResult& res = results[t];
    r.successes += res.successes;
    int upto = std::min(split, tree_depth);
    for (int k = 1; k <= upto; ++k) {
      bool fresh = t == 0 || tasks[t - 1].first.prefix(k) != prefix.prefix(k);
      if (fresh) {
        open.resize(std::size_t(k - 1));
        open.push_back(r.tree.size());
        r.tree.push_back({prefix.prefix(k), 0, 0});
      }
      PercentTreeEntry& e = r.tree[open[std::size_t(k - 1)]];
      e.success += res.successes;
      e.total += dfa.completions(tasks[t].second);
    }
    r.tree.insert(r.tree.end(), res.tree.begin(), res.tree.end());
    if (!streaming) {
      for (const Sequence& s : res.failed) {
        if (r.failed.size() >= limit) break;
        r.failed.push_back(s);
      }
      if (no_hold) {
        for_each_failure(*ranking, dfa, prefix, tasks[t].second, res, limit - r.failed.size(),
                         [&](const Sequence& s) { r.failed.push_back(s); });
      }
    }
  }
}

}  // namespace manyworlds::tetris
