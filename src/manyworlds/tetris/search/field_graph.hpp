#pragma once
// The fields a perfect-clear search reaches from a clear area, each stored once, with their
// successors per piece generated on first use and kept: the shared state space of the
// success-rate engines (percent.hpp, prefix_count.hpp).
//
// A successor of a field for a piece is the field after one reachable placement of the piece
// (movegen.hpp, under the area's clear height) with its full rows cleared. Successors that a
// wall splits into parts whose empty cells are not multiples of 4 (splittable()) are left
// out. The fill oracle (tiling.hpp) is not asked here: searches ask fillable_with() with the
// pieces they still have, which rules out more. Each (field, piece) lists distinct fields,
// the least awkward first (covered holes, then bumpiness): only the order in which searches try
// them depends on that.
//
// Fields are identified by the rows below their clear height plus that height (FieldKey): the
// rows above it are always those that were above the clear line.

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/spin_lock.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {

// The rows below the clear height, 6 rows of 10 bits per word, and the height.
struct FieldKey {
  std::array<std::uint64_t, 4> words{};
  int height = 0;
  friend bool operator==(const FieldKey&, const FieldKey&) = default;
};

FieldKey key_of(const Field& f, int height);

struct FieldKeyHash {
  std::size_t operator()(const FieldKey& k) const {
    std::uint64_t h = std::uint64_t(k.height);
    for (auto w : k.words) h = hash_mix(h ^ w);
    return h;
  }
};

// A sound test that the clear area can still be emptied: a boundary between columns that no
// piece can cross (every row has a block on one side of it) splits the area, and each part
// must have a multiple of 4 empty cells.
bool splittable(const Field& f, int height);

// Thread safety: one graph serves every thread of a count. All members but reset() may be
// called from several threads at once: fields are found or added under a lock per shard of
// the index, a (field, piece) is expanded outside any lock (its list's room taken from the
// thread's run of an atomic counter) and published with one atomic store (two threads
// expanding the same pair at once compute the same list; one is kept), and reading expanded
// successors takes no lock. reset() needs the graph to itself.
class FieldGraph {
 public:
  using Id = std::int32_t;

  // `oracle` may be shared with other graphs. `max_bytes` bounds the graph: past it,
  // over_budget() says so and the owner calls reset() when no thread is using it.
  FieldGraph(const Field& field, int height, const MoveGenerator& gen, FillOracle& oracle,
             std::size_t max_bytes = std::size_t(256) << 20);
  ~FieldGraph();
  FieldGraph(const FieldGraph&) = delete;
  FieldGraph& operator=(const FieldGraph&) = delete;

  Id root() const { return root_; }
  // The field (rebuilt from the rows the node keeps and the rows above the clear area).
  Field field(Id id) const;
  int height(Id id) const { return at(id).height; }
  bool cleared(Id id) const { return at(id).height == 0; }
  // Pieces still needed: the empty cells below the clear height / 4.
  int need(Id id) const { return at(id).need; }
  // How awkward the field is to finish, the order successor lists are sorted in: 0 for a
  // cleared field, else 1 + 8 per covered empty cell + the bumpiness, at most 255.
  int score(Id id) const { return at(id).score; }

  // The successors of the field for the piece, generated on first use. The pointers stay
  // valid until reset().
  struct Edges {
    const Id* first;
    const Id* last;
    const Id* begin() const { return first; }
    const Id* end() const { return last; }
    std::size_t size() const { return std::size_t(last - first); }
  };
  Edges successors(Id id, Piece piece);

  // The pieces one placement of which clears the field (empty unless one piece is missing).
  std::uint8_t finishers(Id id);

  // Whether the empty cells can be covered with at most `available` pieces of each type.
  bool fillable_with(Id id, PieceCounts available);
  // Asks the cache for the node and for where fillable_with(id, available) looks its answer
  // up, for a caller about to ask of many fields.
  void prefetch(Id id) const { __builtin_prefetch(&at(id)); }
  void prefetch_fillable(Id id, PieceCounts available) const;
  // The same with at least `required` of each type; asked of the oracle afresh (it keeps its
  // own memo of the larger questions).
  bool fillable_with(Id id, PieceCounts available, PieceCounts required) {
    if (required == 0) return fillable_with(id, available);
    return cleared(id) || oracle_.fillable(field(id), height(id), available, required);
  }

  // A bit set the caller keeps per field (prefix_count.cpp: its order language), stored once:
  // null until then; store_bits() keeps the first store when two threads race and returns
  // what is kept. At most kMaxBitWords words; reading takes no lock.
  static constexpr std::size_t kMaxBitWords = 64;
  const std::uint64_t* bits(Id id) const {
    return reinterpret_cast<const std::uint64_t*>(
        std::uintptr_t(at(id).slot.load(std::memory_order_acquire)));
  }
  const std::uint64_t* store_bits(Id id, const std::uint64_t* words, std::size_t n);
  // Where every empty set is kept (store_bits() shares it).
  static const std::uint64_t* empty_bits();
  // The same with a set that outlives the graph, kept by address (not copied).
  void share_bits(Id id, const std::uint64_t* persistent) {
    std::uint64_t expected = 0;
    at(id).slot.compare_exchange_strong(expected, std::uintptr_t(persistent),
                                        std::memory_order_acq_rel);
  }

  // The front of a list the caller keeps per field (prefix_count.cpp without hold: its sets
  // per pattern state), 64 bits the caller chooses (never 0 for an item), kept in the slot
  // bits() uses, so a count uses one or the other. 0 until push_front() puts an item there;
  // items are linked by the caller and never removed.
  std::uint64_t front(Id id) const { return at(id).slot.load(std::memory_order_acquire); }
  // Makes `item` the front if the front is still `expected`; else false, with `expected` the
  // front now (the caller links `item` to it and tries again).
  bool push_front(Id id, std::uint64_t& expected, std::uint64_t item) {
    return at(id).slot.compare_exchange_weak(expected, item, std::memory_order_acq_rel);
  }

  // Fields, counting the ids the threads hold for fields to come (at most kIdBlock each).
  std::size_t size() const { return std::size_t(count_.load(std::memory_order_relaxed)); }
  std::size_t budget() const { return max_bytes_; }
  std::size_t memory() const;
  bool over_budget() const { return memory() > max_bytes_; }
  // Drops every field but the root (ids are renumbered: only the root's stays) and counts one
  // more generation(). No other thread may use the graph meanwhile.
  void reset();
  // How many times reset() ran: ids from an earlier generation mean nothing.
  std::uint64_t generation() const { return generation_; }

 private:
  // 32 bytes: a count keeps millions (a Field and 64-bit edge words took 120, the edges of
  // each piece kept in the node 56).
  struct Node {
    // The rows below the height, FieldKey words 0 and 1 (rows 12.. of a taller clear area
    // are kept in tall_chunks_).
    std::array<std::uint64_t, 2> rows;
    // bits() as an address, or front(): 64 bits wherever an address is 32 (WebAssembly).
    mutable std::atomic<std::uint64_t> slot;
    // The node's EdgeBlock, 0 until one of its pieces is expanded: most fields are successors
    // that are never expanded (dead ends, mostly).
    mutable std::atomic<std::uint32_t> block;
    mutable std::atomic<std::int8_t> finishers;  // -1 until known
    std::int8_t height;
    std::int8_t need;
    // See score(); written once, with the node: rewriting it each time a list held the node
    // took the node's cache line from the other threads.
    std::uint8_t score;
  };
  // Per piece: where the successor list starts in the edge chunks (its length, then the
  // ids), kNoEdges, or kUnexpanded. 32 bytes: a chunk of them fills its 2 MB exactly, and
  // none straddles a cache line.
  struct alignas(32) EdgeBlock {
    std::array<std::atomic<std::uint32_t>, kPieceCount> edges;
  };
  static constexpr std::uint32_t kUnexpanded = ~std::uint32_t(0);
  static constexpr std::uint32_t kNoEdges = kUnexpanded - 1;
  using TallRows = std::array<std::uint64_t, 2>;
  static constexpr int kNodeRows = 12;  // rows a Node keeps itself
  bool tall() const { return root_height_ > kNodeRows; }
  // Rows 12..23 of a field of a tall area (its chunk exists once next_id() has named the id).
  TallRows& tall_rows(Id id) const {
    return tall_chunks_[std::size_t(id) / kNodeChunk].load(
        std::memory_order_acquire)[std::size_t(id) % kNodeChunk];
  }
  // Chunks of 2 MB. On 4 KB pages: on huge pages the kernel had to compact memory to make them
  // (a count that grows the graph to a gigabyte stalled on it), which cost more than the TLB
  // misses they saved now that the reads are prefetched (docs/benchmarks.md, "Percent, round
  // thirteen" and "round eighteen").
  static constexpr std::size_t kNodeChunk = kHugePage / sizeof(Node);
  static constexpr std::size_t kNodeSlice = std::size_t(1) << 9;  // nodes populated at once
  static constexpr std::size_t kEdgeChunk = kHugePage / sizeof(Id);
  static constexpr std::size_t kEdgeSlice = std::size_t(1) << 12;  // edges populated at once
  static constexpr std::size_t kBlockChunk = kHugePage / sizeof(EdgeBlock);
  static_assert(sizeof(EdgeBlock) == 32 && kHugePage % sizeof(Node) == 0);
  // Of each kind: 2^27 fields (and edge blocks) and 2^30 edges, beyond any budget. The chunk tables
  // are made whole with the graph, so they stay small (16 KB each): a count of one sequence makes a
  // graph too.
  static constexpr std::size_t kMaxChunks = std::size_t(1) << 11;
  static constexpr std::size_t kShards = 64;
  // The shard of a hash: its top bits (the maps inside use the low ones).
  static std::size_t shard_of(std::size_t hash) { return hash_shard(hash); }

  const Node& at(Id id) const {
    return node_chunks_[std::size_t(id) / kNodeChunk].load(
        std::memory_order_acquire)[std::size_t(id) % kNodeChunk];
  }
  Node& slot(Id id);  // allocates its chunk if needed
  Id node(const Field& f, int height);
  // The field's id, made with `score` (awkwardness()) if new.
  Id node(const FieldKey& key, std::size_t hash, int score);
  std::uint32_t expand(Id id, Piece piece);
  EdgeBlock& block(std::uint32_t b) const {
    return block_chunks_[b / kBlockChunk].load(std::memory_order_acquire)[b % kBlockChunk];
  }
  std::uint32_t new_block();
  // `length` consecutive edge entries inside one chunk: their index.
  std::uint32_t new_edges(std::size_t length);
  // Chunk c of `chunks`, mapped (and populated whole after the first) if new.
  template <class T>
  T* chunk_of(PointerTable<T>& chunks, std::size_t c, std::size_t count);
  const Id* edge(std::uint32_t index) const {
    return edge_chunks_[std::size_t(index) / kEdgeChunk].load(std::memory_order_acquire) +
           std::size_t(index) % kEdgeChunk;
  }
  void release();

  const MoveGenerator& gen_;
  FillOracle& oracle_;
  std::size_t max_bytes_;
  PointerTable<Node> node_chunks_;
  PointerTable<Id> edge_chunks_;
  PointerTable<EdgeBlock> block_chunks_;
  // Rows 12..23 of each node, per node chunk, when the clear area is taller than 12 rows.
  PointerTable<TallRows> tall_chunks_;
  // The rows above the clear area, from its bottom up: every field has them above its height.
  std::array<Row, kMaxHeight> above_{};
  // Ids are given out to each thread in blocks of kIdBlock: nodes made one after the other by
  // two threads shared cache lines, which each then took from the other as it wrote its own
  // nodes' lists. `ids_` tells a thread's block (next_id()) of this graph since its last reset
  // from any other.
  static constexpr std::int32_t kIdBlock = 64;
  static_assert(kNodeSlice % kIdBlock == 0);
  Id next_id();                         // the calling thread's next id, its slot mapped
  void take_id();                       // next_id() is given out
  std::atomic<std::int32_t> count_{0};  // ids given out, in blocks
  std::uint64_t ids_ = 0;
  std::mutex chunk_mutex_;       // chunk allocation
  std::size_t chunks_made_ = 0;  // one past the highest chunk number in any table (chunk_mutex_)
  // Edge entries and blocks are taken without a lock (a lock around them made most of two
  // expanding threads' waits), each thread taking a run of them at a time (new_edges(),
  // new_block()), as it takes ids: taken one list at a time, the counters and the lists of two
  // threads on shared cache lines went back and forth between the cores at every expansion.
  static constexpr std::uint64_t kEdgeRun = 1024;
  static constexpr std::uint32_t kBlockRun = 64;
  std::atomic<std::uint64_t> edges_used_{0};   // entries given out: chunk * kEdgeChunk + offset
  std::atomic<std::uint32_t> blocks_used_{1};  // edge blocks given out, plus one (0 is none)
  std::atomic<std::size_t> edge_bytes_{0};
  std::mutex bits_mutex_;  // bit set allocation
  std::vector<PageBlock<std::uint64_t>> bit_chunks_;
  std::size_t bits_used_ = 0;  // words used in the last bit chunk
  std::atomic<std::size_t> bit_bytes_{0};
  // The shards' tables (index and fill memo), counted as they change (count_change(), under
  // each shard's lock), so that memory(), asked before every task, takes no lock: summed under
  // 128 locks, it took each shard's line from the thread using it.
  std::atomic<std::size_t> table_bytes_{0};
  void count_tables();  // sets table_bytes_ from the tables; no other thread may use them
  // The ids of a shard's fields by 32 bits of their hash, 8 bytes a slot (open addressing, at
  // most three quarters full; the tags keep the longer probes from reading nodes): the fields
  // themselves are compared in their nodes, so the index holds no keys (a FieldKey map took
  // about 120 bytes a field, twice a node).
  class IdIndex {
   public:
    std::size_t memory() const { return slots_.capacity() * sizeof(std::uint64_t); }
    void clear() {
      slots_.assign(16, 0);
      size_ = 0;
      publish();
    }
    // Asks the cache for the slot find(tag) starts at. Called without the shard's lock, so it
    // reads the table's place from atomics (a stale one only prefetches the wrong line).
    void prefetch(std::uint32_t tag) const {
      const std::uint64_t* data = data_.load(std::memory_order_relaxed);
      __builtin_prefetch(data + (tag & mask_.load(std::memory_order_relaxed)));
    }
    // The id whose tag is `tag` and for which same(id) holds, or -1.
    template <class Same>
    Id find(std::uint32_t tag, Same same) const {
      const std::size_t mask = slots_.size() - 1;
      for (std::size_t i = tag & mask;; i = (i + 1) & mask) {
        std::uint64_t slot = slots_[i];
        if (slot == 0) return -1;
        Id id = Id(std::uint32_t(slot) - 1);
        if (std::uint32_t(slot >> 32) == tag && same(id)) return id;
      }
    }
    // Adds an id that find() does not know.
    void insert(std::uint32_t tag, Id id) {
      if (4 * (size_ + 1) > 3 * slots_.size()) grow();
      place(tag, id);
      ++size_;
    }

   private:
    void place(std::uint32_t tag, Id id) {
      const std::size_t mask = slots_.size() - 1;
      std::size_t i = tag & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = (std::uint64_t(tag) << 32) | (std::uint32_t(id) + 1);
    }
    void grow() {
      Slots old(slots_.size() * 2, 0);
      old.swap(slots_);
      for (std::uint64_t slot : old) {
        if (slot != 0) place(std::uint32_t(slot >> 32), Id(std::uint32_t(slot) - 1));
      }
      publish();
    }
    void publish() {
      data_.store(slots_.data(), std::memory_order_relaxed);
      mask_.store(slots_.size() - 1, std::memory_order_relaxed);
    }
    // Mapped and populated at once when large: touched a page at a time, the tables' growth
    // took a third of a short count's page faults.
    using Slots = std::vector<std::uint64_t, MappedAllocator<std::uint64_t>>;
    Slots slots_ = Slots(16, 0);
    std::size_t size_ = 0;
    // prefetch() reads these from other threads: on a line of their own, which only grow()
    // writes (beside size_ and the lock, every insert took the line from the other thread).
    alignas(64) std::atomic<const std::uint64_t*> data_{slots_.data()};
    std::atomic<std::size_t> mask_{slots_.size() - 1};
  };
  // Each shard on its own cache lines: two threads locking neighbouring shards would otherwise
  // take the same line from each other.
  struct alignas(64) IndexShard {
    mutable SpinLock mutex;
    IdIndex map;
  };
  std::unique_ptr<IndexShard[]> index_;
  struct FillKey {
    PieceCounts available;
    Id id;
    friend bool operator==(const FillKey&, const FillKey&) = default;
  };
  struct FillKeyHash {
    std::size_t operator()(const FillKey& k) const {
      return hash_mix(k.available ^ hash_mix(std::uint64_t(k.id)));
    }
  };
  // Counts of at most 15 each (the usual case) are packed with the id into one 8-byte slot.
  static std::uint64_t packed_key(Id id, PieceCounts available);
  struct alignas(64) FillShard {
    mutable SpinLock mutex;
    PackedBoolMap packed{16, (std::size_t(64) << 20) / kShards};
    FlatMap<FillKey, bool, FillKeyHash> map{16, (std::size_t(64) << 20) / kShards};
    // packed's table as last seen under the lock, for prefetch_fillable() (no lock): on a line
    // of their own, written only when the table moves (beside the lock and packed's size,
    // every insert took the line from the other thread's prefetches).
    alignas(64) std::atomic<const std::uint64_t*> data{nullptr};
    std::atomic<std::size_t> mask{0};
  };
  std::unique_ptr<FillShard[]> fill_memo_;
  Field root_field_;
  int root_height_ = 0;
  Id root_ = 0;
  std::uint64_t generation_ = 0;
};

// Threads use a shared field graph between enter() and leave(). When the graph is over its
// budget, the next thread to enter waits for those in flight to leave, resets it, and lets the
// others in again (they then drop what they kept of the old ids).
class GraphGate {
 public:
  explicit GraphGate(FieldGraph& graph) : graph_(graph) {}
  // With what the threads keep about the graph's fields beside it: `extra` says its bytes
  // (counted against the graph's budget), `drop` forgets it, called with every reset.
  GraphGate(FieldGraph& graph, std::function<std::size_t()> extra, std::function<void()> drop)
      : graph_(graph), extra_(std::move(extra)), drop_(std::move(drop)) {}
  void enter() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !resetting_; });
    if (graph_.over_budget() || (extra_ && graph_.memory() + extra_() > graph_.budget())) {
      resetting_ = true;
      changed_.wait(lock, [&] { return active_ == 0; });
      graph_.reset();
      if (drop_) drop_();
      resetting_ = false;
      changed_.notify_all();
    }
    ++active_;
  }
  void leave() {
    std::lock_guard lock(mutex_);
    --active_;
    changed_.notify_all();
  }

 private:
  FieldGraph& graph_;
  std::function<std::size_t()> extra_;
  std::function<void()> drop_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int active_ = 0;
  bool resetting_ = false;
};

}  // namespace manyworlds::tetris
