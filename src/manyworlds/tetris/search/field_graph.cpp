#include "manyworlds/tetris/search/field_graph.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <type_traits>

namespace manyworlds::tetris {
namespace {

// A number for each graph and each reset of one, never 0: what next_id()'s blocks belong to.
std::uint64_t next_ids() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

// A cheap measure of how awkward a field is to finish (covered empty cells weigh most, then
// bumpiness): successors are tried best first, which only changes how fast a success is found.
int awkwardness(const Field& f, int height) {
  // Bumpiness, the sum of |top[x] - top[x + 1]| over neighbouring columns, counted a row at a
  // time: the neighbours of which exactly one has a block in this row or higher.
  int holes = 0, bumps = 0;
  unsigned above = 0;  // the columns with a block in this row or higher
  for (int y = height - 1; y >= 0; --y) {
    const unsigned row = f.row(y);
    holes += std::popcount(~row & above);
    above |= row;
    bumps += std::popcount((above ^ (above >> 1)) & (kFullRow >> 1));
  }
  return holes * 8 + bumps;
}

// The piece whose shape the empty cells below `height` make (exactly 4 of them), if any.
std::optional<Piece> shape_of_empty(const Field& f, int height) {
  std::array<unsigned, kMaxHeight + 4> empty{};  // room for low + i below
  int low = -1, high = -1;
  unsigned columns = 0;
  for (int y = 0; y < height; ++y) {
    empty[std::size_t(y)] = ~unsigned(f.row(y)) & kFullRow;
    if (empty[std::size_t(y)]) {
      if (low < 0) low = y;
      high = y;
      columns |= empty[std::size_t(y)];
    }
  }
  if (low < 0 || high - low > 3) return std::nullopt;
  int x0 = std::countr_zero(columns);
  for (Piece p : kAllPieces) {
    for (int r = 0; r < kRotationCount; ++r) {
      const Shape& s = shape(p, Rotation(r));
      if (s.max_y - s.min_y != high - low) continue;
      bool same = true;
      for (int i = 0; i <= high - low && same; ++i) {
        same = (empty[std::size_t(low + i)] >> x0) == unsigned(s.rows[std::size_t(i)]);
      }
      if (same) return p;
    }
  }
  return std::nullopt;
}

}  // namespace

FieldKey key_of(const Field& f, int height) {
  FieldKey k;
  k.height = height;
  for (int y = 0; y < height; ++y) k.words[y / 6] |= std::uint64_t(f.row(y)) << (10 * (y % 6));
  return k;
}

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

FieldGraph::FieldGraph(const Field& field, int height, const MoveGenerator& gen, FillOracle& oracle,
                       std::size_t max_bytes)
    : gen_(gen),
      oracle_(oracle),
      max_bytes_(max_bytes),
      node_chunks_(kMaxChunks),
      edge_chunks_(kMaxChunks),
      block_chunks_(kMaxChunks),
      tall_chunks_(kMaxChunks),
      index_(std::make_unique<IndexShard[]>(kShards)),
      fill_memo_(std::make_unique<FillShard[]>(kShards)),
      root_field_(field),
      root_height_(height) {
  for (int y = height; y < kMaxHeight; ++y) above_[std::size_t(y - height)] = field.row(y);
  ids_ = next_ids();
  count_tables();
  root_ = node(field, height);
}

void FieldGraph::count_tables() {
  std::size_t bytes = 0;
  for (std::size_t s = 0; s < kShards; ++s) {
    bytes += index_[s].map.memory() + fill_memo_[s].map.memory() + fill_memo_[s].packed.memory();
  }
  table_bytes_.store(bytes, std::memory_order_relaxed);
}

FieldGraph::~FieldGraph() {
  release();
}

void FieldGraph::release() {
  std::lock_guard lock(chunk_mutex_);
  for (std::size_t c = 0; c < chunks_made_; ++c) {
    if (Node* nodes = node_chunks_[c].exchange(nullptr)) {
      unmap_pages(nodes, kNodeChunk * sizeof(Node));  // nodes need no destruction
    }
    if (Id* edges = edge_chunks_[c].exchange(nullptr)) unmap_pages(edges, kEdgeChunk * sizeof(Id));
    if (EdgeBlock* blocks = block_chunks_[c].exchange(nullptr)) {
      unmap_pages(blocks, kBlockChunk * sizeof(EdgeBlock));
    }
    if (TallRows* tall = tall_chunks_[c].exchange(nullptr)) {
      unmap_pages(tall, kNodeChunk * sizeof(TallRows));
    }
  }
  chunks_made_ = 0;
}

std::size_t FieldGraph::memory() const {
  return size() * (sizeof(Node) + (tall() ? sizeof(TallRows) : 0)) +
         edge_bytes_.load(std::memory_order_relaxed) + bit_bytes_.load(std::memory_order_relaxed) +
         table_bytes_.load(std::memory_order_relaxed);
}

void FieldGraph::reset() {
  release();
  count_ = 0;
  ids_ = next_ids();
  edges_used_ = 0;
  blocks_used_ = 1;
  edge_bytes_ = 0;
  bit_chunks_.clear();
  bits_used_ = 0;
  bit_bytes_ = 0;
  for (std::size_t s = 0; s < kShards; ++s) {
    index_[s].map.clear();
    fill_memo_[s].map.clear();
    fill_memo_[s].packed.clear();
    fill_memo_[s].data.store(nullptr, std::memory_order_relaxed);
  }
  count_tables();
  ++generation_;
  root_ = node(root_field_, root_height_);
}

FieldGraph::Node& FieldGraph::slot(Id id) {
  std::size_t c = std::size_t(id) / kNodeChunk;
  if (c >= kMaxChunks) throw std::length_error("field graph: too many fields");
  Node* chunk = node_chunks_[c].load(std::memory_order_acquire);
  if (!chunk) {
    std::lock_guard lock(chunk_mutex_);
    chunk = node_chunks_[c].load(std::memory_order_relaxed);
    if (!chunk) {
      // Not cleared: node() constructs each node (and its tall rows) when it gives out its
      // id. Where mapped (flat_map.hpp), touched page by page, the 2 MB of a chunk took 512
      // page faults, more than a small count's whole search; populated whole it cost such a
      // count about as much. So the first chunk is populated a slice at a time by node(), and
      // the later ones, for a graph already large, whole (on 4 KB pages: kNodeChunk).
      chunk = static_cast<Node*>(map_pages(kNodeChunk * sizeof(Node), false, false));
      if (c > 0) populate_pages(chunk, kNodeChunk * sizeof(Node));
      if (tall()) {
        auto* tall = static_cast<TallRows*>(map_pages(kNodeChunk * sizeof(TallRows), false, false));
        tall_chunks_[c].store(tall, std::memory_order_release);
      }
      node_chunks_[c].store(chunk, std::memory_order_release);
      chunks_made_ = std::max(chunks_made_, c + 1);
    }
  }
  return chunk[std::size_t(id) % kNodeChunk];
}

Field FieldGraph::field(Id id) const {
  const Node& n = at(id);
  const int height = n.height;
  Field f;
  auto unpack = [&](std::uint64_t word, int first) {
    for (int y = first; y < std::min(height, first + 6); ++y, word >>= 10) {
      f.set_row(y, Row(word & kFullRow));
    }
  };
  unpack(n.rows[0], 0);
  unpack(n.rows[1], 6);
  if (height > kNodeRows) {
    const TallRows& tall = tall_rows(id);
    unpack(tall[0], 12);
    unpack(tall[1], 18);
  }
  for (int y = height; y < kMaxHeight; ++y) f.set_row(y, above_[std::size_t(y - height)]);
  return f;
}

namespace {
// The calling thread's block of ids (FieldGraph::next_id()).
struct IdBlock {
  std::uint64_t ids = 0;
  std::int32_t next = 0, end = 0;
  bool ready = false;  // next's memory is mapped
};
thread_local IdBlock t_ids;
}  // namespace

FieldGraph::Id FieldGraph::next_id() {
  IdBlock& block = t_ids;
  if (block.ids != ids_ || block.next == block.end) {
    block.ids = ids_;
    block.next = count_.fetch_add(kIdBlock, std::memory_order_relaxed);
    block.end = block.next + kIdBlock;
    block.ready = false;
  }
  if (!block.ready) {
    Node* at_id = &slot(block.next);
    if (std::size_t(block.next) < kNodeChunk && std::size_t(block.next) % kNodeSlice == 0) {
      // From the page holding this node (madvise wants whole pages) to the slice's end.
      auto from = reinterpret_cast<std::uintptr_t>(at_id) & ~std::uintptr_t(4095);
      auto to = reinterpret_cast<std::uintptr_t>(at_id + kNodeSlice);
      populate_pages(reinterpret_cast<void*>(from), to - from);
    }
    block.ready = true;
  }
  return block.next;
}

void FieldGraph::take_id() {
  ++t_ids.next;
  t_ids.ready = false;
}

FieldGraph::Id FieldGraph::node(const Field& f, int height) {
  const FieldKey key = key_of(f, height);
  return node(key, FieldKeyHash{}(key), height == 0 ? -1 : awkwardness(f, height));
}

FieldGraph::Id FieldGraph::node(const FieldKey& key, std::size_t hash, int score) {
  const int height = key.height;
  const auto tag = std::uint32_t(hash);
  auto same = [&](Id id) {
    const Node& n = at(id);
    if (n.height != height || n.rows[0] != key.words[0] || n.rows[1] != key.words[1]) return false;
    if (height <= kNodeRows) return true;
    const TallRows& tall = tall_rows(id);
    return tall[0] == key.words[2] && tall[1] == key.words[3];
  };
  // The node is written before the shard's lock is taken, into the slot of the id this thread
  // gives its next new node (its memory mapped by next_id()), and the id is taken only if the
  // field is new: the lock covers the lookup and the insert alone, never a page fault or a
  // mapping, through which another thread would spin.
  const Id id = next_id();
  static_assert(std::is_trivially_destructible_v<Node> && sizeof(Node) == 32);
  Node& n = *new (&slot(id)) Node;
  n.rows = {key.words[0], key.words[1]};
  if (tall()) tall_rows(id) = {key.words[2], key.words[3]};
  n.block.store(0, std::memory_order_relaxed);
  n.height = std::int8_t(height);
  int filled = 0;
  for (std::uint64_t w : key.words) filled += std::popcount(w);
  n.need = std::int8_t((kWidth * height - filled) / 4);
  n.finishers.store(height == 0 ? 0 : -1, std::memory_order_relaxed);
  n.slot.store(0, std::memory_order_relaxed);
  n.score = std::uint8_t(std::clamp(score + 1, 0, 255));
  IndexShard& shard = index_[shard_of(hash)];
  {
    std::lock_guard lock(shard.mutex);
    if (Id known = shard.map.find(tag, same); known >= 0) return known;
    // Other threads learn the id from this shard (under its lock) or from edges published
    // after this returns: either way they see the node written.
    count_change(table_bytes_, shard.map, [&] { shard.map.insert(tag, id); });
  }
  take_id();
  return id;
}

std::uint32_t FieldGraph::expand(Id id, Piece piece) {
  const Node& from = at(id);
  const Field f = field(id);
  const int height = from.height;
  MoveList moves;
  gen_.generate(f, piece, height, moves);
  // (score, child) pairs, distinct children only. Left uninitialized: an array of 1120
  // std::pairs is value-initialized, a 9 KB memset per expansion (2.6 % of a count, perf).
  struct Scored {
    int score;
    Id child;
  };
  std::array<Scored, MoveList::kCapacity> scored;
  // The successors' keys first, their index slots asked of the cache meanwhile: looking them
  // up one by one waited on a cache miss each (most of node()'s time, perf).
  struct Found {
    std::array<std::uint64_t, 4> words;  // a FieldKey's, kept trivial (left uninitialized too)
    std::size_t hash;
    int height;
    int score;
  };
  static_assert(std::is_trivially_default_constructible_v<Found>);
  std::array<Found, MoveList::kCapacity> found;
  std::size_t m = 0;
  for (const Placement& p : moves) {
    Field next = f;
    next.place(p);
    int h = height - next.clear_lines_below(height);
    // No fill-oracle test here: every user asks the oracle with the pieces it still has
    // (fillable_with), which rules out all that a test with any pieces would, and the test on
    // every successor cost more than the fields it kept out.
    if (h > 0 && !splittable(next, h)) continue;
    const FieldKey key = key_of(next, h);
    const std::size_t hash = FieldKeyHash{}(key);
    found[m++] = {key.words, hash, h, h == 0 ? -1 : awkwardness(next, h)};
    index_[shard_of(hash)].map.prefetch(std::uint32_t(hash));
  }
  std::size_t n = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const int h = found[k].height;
    FieldKey key;
    key.words = found[k].words;
    key.height = h;
    Id child = node(key, found[k].hash, found[k].score);
    bool seen = false;
    for (std::size_t i = 0; i < n && !seen; ++i) seen = scored[i].child == child;
    if (!seen) scored[n++] = {found[k].score, child};
  }
  // Best first, ties in placement order: an insertion sort (lists are short, and
  // std::stable_sort asks the heap for a buffer every time).
  for (std::size_t i = 1; i < n; ++i) {
    const Scored s = scored[i];
    std::size_t j = i;
    for (; j > 0 && scored[j - 1].score > s.score; --j) scored[j] = scored[j - 1];
    scored[j] = s;
  }
  std::uint32_t b = from.block.load(std::memory_order_acquire);
  if (b != 0) {
    const std::uint32_t published =
        block(b).edges[std::size_t(piece)].load(std::memory_order_acquire);
    if (published != kUnexpanded) return published;  // another thread finished first
  }
  if (b == 0) {
    // Blocks are given once: a thread that loses the race leaves its block unused.
    const std::uint32_t made = new_block();
    b = from.block.compare_exchange_strong(b, made, std::memory_order_acq_rel) ? made : b;
  }
  std::uint32_t first = kNoEdges;
  if (n > 0) {
    first = new_edges(n + 1);
    Id* out = const_cast<Id*>(edge(first));
    out[0] = Id(n);  // the length, then the list
    for (std::size_t i = 0; i < n; ++i) out[i + 1] = scored[i].child;
  }
  std::uint32_t expected = kUnexpanded;
  std::atomic<std::uint32_t>& slot_of_piece = block(b).edges[std::size_t(piece)];
  if (!slot_of_piece.compare_exchange_strong(expected, first, std::memory_order_acq_rel)) {
    return expected;  // lost the race: the edges written above stay unused
  }
  return first;
}

template <class T>
T* FieldGraph::chunk_of(PointerTable<T>& chunks, std::size_t c, std::size_t count) {
  if (c >= kMaxChunks) throw std::length_error("field graph: too many edges");
  T* chunk = chunks[c].load(std::memory_order_acquire);
  if (chunk) return chunk;
  std::lock_guard lock(chunk_mutex_);
  chunk = chunks[c].load(std::memory_order_relaxed);
  if (!chunk) {
    // Like the node chunks (slot()): the first is populated a slice at a time as it fills
    // (new_block(), new_edges()), the later ones whole; not cleared: each entry is written as
    // it is given out.
    chunk = static_cast<T*>(map_pages(count * sizeof(T), false, false));
    if (c > 0) populate_pages(chunk, count * sizeof(T));
    chunks[c].store(chunk, std::memory_order_release);
    chunks_made_ = std::max(chunks_made_, c + 1);
    edge_bytes_.fetch_add(count * sizeof(T), std::memory_order_relaxed);
  }
  return chunk;
}

std::uint32_t FieldGraph::new_block() {
  struct Run {
    std::uint64_t ids = 0;
    std::uint32_t next = 0, end = 0;
  };
  thread_local Run run;
  if (run.ids != ids_ || run.next == run.end) {
    run.ids = ids_;
    run.next = blocks_used_.fetch_add(kBlockRun, std::memory_order_relaxed);
    run.end = run.next + kBlockRun;
  }
  const std::uint32_t b = run.next++;
  EdgeBlock* chunk = chunk_of(block_chunks_, b / kBlockChunk, kBlockChunk);
  // The first chunk is populated a slice at a time, as slot() does with nodes.
  if (b < kBlockChunk && b % kNodeSlice == 0)
    populate_pages(&chunk[b], kNodeSlice * sizeof(EdgeBlock));
  EdgeBlock& made = *new (&chunk[b % kBlockChunk]) EdgeBlock;
  for (auto& e : made.edges) e.store(kUnexpanded, std::memory_order_relaxed);
  return b;
}

std::uint32_t FieldGraph::new_edges(std::size_t length) {
  struct Run {
    std::uint64_t ids = 0;
    std::uint64_t next = 0, end = 0;
  };
  thread_local Run run;
  if (run.ids != ids_ || run.end - run.next < length) {
    // A run never straddles two chunks (nor then does a list): one that would starts the next.
    const std::uint64_t size = std::max<std::uint64_t>(length, kEdgeRun);
    std::uint64_t used = edges_used_.load(std::memory_order_relaxed);
    std::uint64_t first = 0;
    do {
      first = used;
      if (first % kEdgeChunk + size > kEdgeChunk) first = (first / kEdgeChunk + 1) * kEdgeChunk;
    } while (!edges_used_.compare_exchange_weak(used, first + size, std::memory_order_relaxed));
    Id* chunk = chunk_of(edge_chunks_, std::size_t(first / kEdgeChunk), kEdgeChunk);
    // The first chunk a slice at a time (new_block()): the slices that start within this run.
    const std::uint64_t last = first + size - 1;
    const std::uint64_t from = (first + kEdgeSlice - 1) / kEdgeSlice * kEdgeSlice;
    if (last < kEdgeChunk && from <= last) {
      populate_pages(chunk + from,
                     (last / kEdgeSlice * kEdgeSlice + kEdgeSlice - from) * sizeof(Id));
    }
    run = {ids_, first, first + size};
  }
  const std::uint64_t first = run.next;
  run.next += length;
  return std::uint32_t(first);
}

FieldGraph::Edges FieldGraph::successors(Id id, Piece piece) {
  const std::uint32_t b = at(id).block.load(std::memory_order_acquire);
  std::uint32_t e =
      b == 0 ? kUnexpanded : block(b).edges[std::size_t(piece)].load(std::memory_order_acquire);
  if (e == kUnexpanded) e = expand(id, piece);
  if (e == kNoEdges) return {nullptr, nullptr};
  const Id* list = edge(e);
  return {list + 1, list + 1 + list[0]};
}

std::uint8_t FieldGraph::finishers(Id id) {
  const Node& n = at(id);
  std::int8_t known = n.finishers.load(std::memory_order_relaxed);
  if (known >= 0) return std::uint8_t(known);
  // Only a field with exactly 4 empty cells below its height can be finished by one piece, and
  // only by the piece whose shape those cells make: generate that piece's moves alone.
  std::uint8_t mask = 0;
  if (n.need == 1) {
    std::optional<Piece> piece = shape_of_empty(field(id), n.height);
    if (piece) {
      for (Id c : successors(id, *piece)) {
        if (at(c).height == 0) mask = std::uint8_t(1u << int(*piece));
      }
    }
  }
  n.finishers.store(std::int8_t(mask), std::memory_order_relaxed);
  return mask;
}

const std::uint64_t* FieldGraph::empty_bits() {
  static const std::array<std::uint64_t, kMaxBitWords> zeros{};
  return zeros.data();
}

const std::uint64_t* FieldGraph::store_bits(Id id, const std::uint64_t* words, std::size_t n) {
  const std::uint64_t* const zeros = empty_bits();
  if (n > kMaxBitWords) throw std::logic_error("field graph: bit set too long");
  const std::uint64_t* kept = zeros;  // empty sets share one block
  if (std::any_of(words, words + n, [](std::uint64_t w) { return w != 0; })) {
    std::lock_guard lock(bits_mutex_);
    constexpr std::size_t kWords = kHugePage / sizeof(std::uint64_t);
    if (bit_chunks_.empty() || bits_used_ + n > kWords) {
      bit_chunks_.emplace_back(kWords);
      bits_used_ = 0;
      bit_bytes_.fetch_add(kWords * sizeof(std::uint64_t), std::memory_order_relaxed);
    }
    std::uint64_t* out = bit_chunks_.back().get() + bits_used_;
    std::copy_n(words, n, out);
    bits_used_ += n;
    kept = out;
  }
  std::uint64_t expected = 0;
  if (!at(id).slot.compare_exchange_strong(expected, std::uintptr_t(kept),
                                           std::memory_order_acq_rel)) {
    return reinterpret_cast<const std::uint64_t*>(std::uintptr_t(expected));
  }
  return kept;
}

constexpr PieceCounts kHighNibbles = 0xF0F0F0F0F0F0F0;

// Each count below 16: the counts' low nibbles (28 bits) above the id (31 bits).
std::uint64_t FieldGraph::packed_key(Id id, PieceCounts available) {
  std::uint64_t key = std::uint32_t(id);
  for (int p = 0; p < kPieceCount; ++p) key |= ((available >> (8 * p)) & 0xF) << (31 + 4 * p);
  return key;
}

void FieldGraph::prefetch_fillable(Id id, PieceCounts available) const {
  if ((available & kHighNibbles) != 0) return;
  const std::uint64_t key = packed_key(id, available);
  const FillShard& shard = fill_memo_[shard_of(hash_mix(key))];
  if (const std::uint64_t* data = shard.data.load(std::memory_order_relaxed)) {
    PackedBoolMap::prefetch(data, shard.mask.load(std::memory_order_relaxed), key);
  }
}

bool FieldGraph::fillable_with(Id id, PieceCounts available) {
  if ((available & kHighNibbles) == 0) {
    const std::uint64_t key = packed_key(id, available);
    FillShard& shard = fill_memo_[shard_of(hash_mix(key))];
    {
      std::lock_guard lock(shard.mutex);
      if (const bool* known = shard.packed.find(key)) return *known;
    }
    bool ok = oracle_.fillable(field(id), at(id).height, available);
    std::lock_guard lock(shard.mutex);
    count_change(table_bytes_, shard.packed, [&] { shard.packed.insert(key, ok); });
    if (shard.data.load(std::memory_order_relaxed) != shard.packed.data() ||
        shard.mask.load(std::memory_order_relaxed) != shard.packed.mask()) {
      shard.data.store(shard.packed.data(), std::memory_order_relaxed);
      shard.mask.store(shard.packed.mask(), std::memory_order_relaxed);
    }
    return ok;
  }
  FillKey key{available, id};
  FillShard& shard = fill_memo_[shard_of(FillKeyHash{}(key))];
  {
    std::lock_guard lock(shard.mutex);
    if (const bool* known = shard.map.find(key)) return *known;
  }
  bool ok = oracle_.fillable(field(id), at(id).height, available);
  std::lock_guard lock(shard.mutex);
  count_change(table_bytes_, shard.map, [&] { shard.map.insert(key, ok); });
  return ok;
}

}  // namespace manyworlds::tetris
