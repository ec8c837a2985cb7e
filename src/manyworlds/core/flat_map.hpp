#pragma once
// An open-addressing hash map for search memos: keys and values stored inline in one array
// (linear probing, power-of-two capacity, at most half full), no erase. Several times faster
// than std::unordered_map for small trivially copyable keys. Tables of 64 KB and more are
// mapped and populated in one call (MappedAllocator below).

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace manyworlds {

// A 64-bit finalizer (MurmurHash3's fmix64) for building hash functions of memo keys.
inline std::uint64_t hash_mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

// One of 64 shards for a hash: its top 6 bits (the maps inside use the low ones), whatever the
// width of size_t (32 bits on 32-bit targets such as WebAssembly).
inline std::size_t hash_shard(std::size_t hash) {
  return hash >> (8 * sizeof(std::size_t) - 6);
}

// Memory mapped from the system on its own (Linux; elsewhere the heap), zeroed, so that
// freeing it gives it back at once instead of leaving holes in the heap. With `huge`, a block
// of 2 MB or more is aligned to 2 MB and marked for huge pages: a memo is read at random, and
// with 4 KB pages each read can cost a TLB miss (in a VM a two-level page walk; sfinder's
// manyPatterns case ran 15 % slower without them). A huge page is found on first touch, by
// compacting memory when it is fragmented (after a JVM has run, milliseconds), so only
// blocks that large work will fill ask for one. populate_pages() makes pages present in one
// call: on the 2-core VM of docs/benchmarks.md a page fault costs about 11 us per 4 KB page
// touched one by one, against about 0.5 us populated.
inline constexpr std::size_t kHugePage = std::size_t(1) << 21;
inline std::size_t whole_pages(std::size_t bytes) {
  return (bytes + 4095) & ~std::size_t(4095);
}
// Blocks come zeroed (mapped ones always are); elsewhere (WebAssembly) a caller that writes
// every byte before reading it passes zeroed = false and is spared clearing megabytes a call.
inline void* map_pages(std::size_t bytes, bool huge, bool zeroed = true) {
#if defined(__linux__)
  (void)zeroed;  // mapped pages are zero
  std::size_t length = whole_pages(bytes);
  std::size_t slack = huge && bytes >= kHugePage ? kHugePage : 0;
  void* raw =
      mmap(nullptr, length + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  if (slack == 0) return raw;
  // Trimmed to the first 2 MB boundary: the kernel backs only aligned 2 MB ranges.
  auto start = reinterpret_cast<std::uintptr_t>(raw);
  std::uintptr_t aligned = (start + kHugePage - 1) & ~std::uintptr_t(kHugePage - 1);
  if (aligned > start) munmap(raw, aligned - start);
  std::size_t tail = start + slack - aligned;
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + length), tail);
  void* p = reinterpret_cast<void*>(aligned);
#if defined(MADV_HUGEPAGE)
  madvise(p, length, MADV_HUGEPAGE);
#endif
  return p;
#else
  (void)huge;
  void* p = ::operator new(bytes);
  if (zeroed) std::memset(p, 0, bytes);
  return p;
#endif
}
inline void unmap_pages(void* p, std::size_t bytes) {
#if defined(__linux__)
  munmap(p, whole_pages(bytes));
#else
  (void)bytes;
  ::operator delete(p);
#endif
}
// Whole pages of [p, p + bytes), p page-aligned; a no-op where the system cannot (before
// Linux 5.14).
inline void populate_pages(void* p, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  madvise(p, whole_pages(bytes), MADV_POPULATE_WRITE);
#else
  (void)p;
  (void)bytes;
#endif
}

// map_pages() with huge pages from 2 MB, populated at once: for memory written as soon as it
// is made.
inline void* map_populated(std::size_t bytes) {
  void* p = map_pages(bytes, true);
  populate_pages(p, bytes);
  return p;
}

// `n` zeroed values of a trivial type in pages of their own (map_pages(), huge pages from 2 MB),
// populated at once and given back when the block is destroyed: the chunks of an arena that
// fills as it is handed out. From the heap, each of their 4 KB pages cost a fault on first touch.
template <typename T>
class PageBlock {
 public:
  explicit PageBlock(std::size_t n)
      : size_(n), data_(static_cast<T*>(map_populated(n * sizeof(T)))) {}
  ~PageBlock() {
    if (data_) unmap_pages(data_, size_ * sizeof(T));
  }
  PageBlock(PageBlock&& o) noexcept : size_(o.size_), data_(std::exchange(o.data_, nullptr)) {}
  PageBlock& operator=(PageBlock&& o) noexcept {
    std::swap(size_, o.size_);
    std::swap(data_, o.data_);
    return *this;
  }

  T* get() const { return data_; }

 private:
  static_assert(std::is_trivial_v<T>);
  std::size_t size_;
  T* data_;
};

// A fixed number of atomic pointers, all null at first, in mapped zero pages that are faulted
// in only where touched: a table of chunks is sized for the largest run, and a short run,
// which uses its first entries, would otherwise pay for clearing all of it. (A lock-free atomic
// pointer is its bare representation, so zero bytes are a null one.)
template <typename T>
class PointerTable {
 public:
  explicit PointerTable(std::size_t n)
      : size_(n),
        slots_(static_cast<std::atomic<T*>*>(map_pages(n * sizeof(std::atomic<T*>), false))) {}
  ~PointerTable() { unmap_pages(slots_, size_ * sizeof(std::atomic<T*>)); }
  PointerTable(const PointerTable&) = delete;
  PointerTable& operator=(const PointerTable&) = delete;

  std::atomic<T*>& operator[](std::size_t i) const { return slots_[i]; }
  std::size_t size() const { return size_; }

 private:
  static_assert(std::atomic<T*>::is_always_lock_free && sizeof(std::atomic<T*>) == sizeof(T*));
  std::size_t size_;
  std::atomic<T*>* slots_;
};

// std::allocator, except that blocks of 64 KB or more are mapped with map_pages() (huge pages
// from 2 MB) and populated at once: a table is written whole as soon as it is made, and an array
// that doubles is half written by the copy.
template <typename T>
struct MappedAllocator {
  using value_type = T;
  static constexpr std::size_t kMapped = std::size_t(1) << 16;

  MappedAllocator() = default;
  template <typename U>
  MappedAllocator(const MappedAllocator<U>&) {}

  T* allocate(std::size_t n) {
    std::size_t bytes = n * sizeof(T);
    if (bytes < kMapped) return std::allocator<T>{}.allocate(n);
    return static_cast<T*>(map_populated(bytes));
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kMapped) return std::allocator<T>{}.deallocate(p, n);
    unmap_pages(p, n * sizeof(T));
  }
  template <typename U>
  bool operator==(const MappedAllocator<U>&) const {
    return true;
  }
};

// Runs `change` on a table (a map of this file, under the caller's lock) and adds the change
// of its memory() to `bytes`, a total that threads changing other tables share. Written only
// when it changes: an add of zero still takes the line from the other threads.
template <typename Table, typename Change>
void count_change(std::atomic<std::size_t>& bytes, const Table& table, Change change) {
  const std::size_t before = table.memory();
  change();
  const std::size_t after = table.memory();
  if (after > before) {
    bytes.fetch_add(after - before, std::memory_order_relaxed);
  } else if (after < before) {
    bytes.fetch_sub(before - after, std::memory_order_relaxed);
  }
}

template <typename Key, typename Value, typename Hash>
class FlatMap {
 public:
  // With `max_bytes`, the map never grows past that size: when it is full, it empties itself
  // (for memos, which only lose cached answers) instead of growing.
  explicit FlatMap(std::size_t capacity = 1024, std::size_t max_bytes = 0) : max_bytes_(max_bytes) {
    reset(capacity);
  }

  std::size_t size() const { return size_; }
  std::size_t memory() const { return slots_.size() * sizeof(Slot); }  // bytes held
  bool empty() const { return size_ == 0; }

  // The value stored for `key`, or nullptr.
  const Value* find(const Key& key) const {
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == key) return &s.value;
    }
  }

  // Stores `value` for `key` (replacing any earlier value).
  void insert(const Key& key, const Value& value) {
    if (2 * (size_ + 1) > slots_.size()) {
      if (max_bytes_ != 0 && 2 * memory() > max_bytes_) {
        clear_in_place();
      } else {
        grow();
      }
    }
    place(key, value);
  }

  // Empties the map and gives its memory back.
  void clear() { reset(16); }
  // Whether the next insert of a new key would grow the table.
  bool full() const { return 2 * (size_ + 1) > slots_.size(); }
  // Empties the map and keeps its table: cheaper than clear() for a map that will grow back
  // (every doubling maps and clears fresh pages).
  void clear_in_place() {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    size_ = 0;
  }

  // The table's place, for a thread that asks the cache for a slot without the caller's lock
  // (prefetch(); a stale place only prefetches the wrong line).
  const void* data() const { return slots_.data(); }
  std::size_t mask() const { return mask_; }
  // Asks the cache for the slot where a key of hash `hash` is looked for first.
  static void prefetch(const void* data, std::size_t mask, std::size_t hash) {
    __builtin_prefetch(static_cast<const char*>(data) + (hash & mask) * sizeof(Slot));
  }

 private:
  struct Slot {
    Key key{};
    Value value{};
    bool used = false;
  };

  void reset(std::size_t capacity) {
    slots_.assign(std::bit_ceil(std::max<std::size_t>(capacity, 16)), Slot{});
    mask_ = slots_.size() - 1;
    size_ = 0;
  }

  void place(const Key& key, const Value& value) {
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) {
        s = Slot{key, value, true};
        ++size_;
        return;
      }
      if (s.key == key) {
        s.value = value;
        return;
      }
    }
  }

  void grow() {
    std::vector<Slot, MappedAllocator<Slot>> old;
    old.swap(slots_);
    reset(old.size() * 2);
    for (const Slot& s : old) {
      if (s.used) place(s.key, s.value);
    }
  }

  std::vector<Slot, MappedAllocator<Slot>> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t max_bytes_ = 0;
};

// A map from keys in [1, 2^63) to bool in 8 bytes a slot (the key, and the value in the top
// bit; 0 is an empty slot): half the size of FlatMap<std::uint64_t, bool>, for memos read at
// random. Linear probing, at most half full, no erase; with `max_bytes`, it empties itself
// instead of growing past that size.
class PackedBoolMap {
 public:
  explicit PackedBoolMap(std::size_t capacity = 1024, std::size_t max_bytes = 0)
      : max_bytes_(max_bytes) {
    reset(capacity);
  }

  std::size_t size() const { return size_; }
  std::size_t memory() const { return slots_.size() * sizeof(std::uint64_t); }

  // The value stored for `key`, or nullptr.
  const bool* find(std::uint64_t key) const {
    for (std::size_t i = hash_mix(key) & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t s = slots_[i];
      if (s == 0) return nullptr;
      if ((s & kKey) == key) return s >> 63 ? &kTrue : &kFalse;
    }
  }

  // Asks the cache for the slot where `key` would be found first.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[hash_mix(key) & mask_]); }
  // The same for a table seen as data() and mask() earlier (by a thread that may not read the
  // map itself now: a stale table only prefetches the wrong line).
  static void prefetch(const std::uint64_t* data, std::size_t mask, std::uint64_t key) {
    __builtin_prefetch(data + (hash_mix(key) & mask));
  }
  const std::uint64_t* data() const { return slots_.data(); }
  std::size_t mask() const { return mask_; }

  // Stores `value` for `key` (replacing any earlier value).
  void insert(std::uint64_t key, bool value) {
    if (2 * (size_ + 1) > slots_.size()) {
      if (max_bytes_ != 0 && 2 * memory() > max_bytes_) {
        std::fill(slots_.begin(), slots_.end(), 0);
        size_ = 0;
      } else {
        grow();
      }
    }
    place(key | std::uint64_t(value) << 63);
  }

  // Empties the map and gives its memory back.
  void clear() { reset(16); }

 private:
  static constexpr std::uint64_t kKey = ~(std::uint64_t(1) << 63);
  static constexpr bool kTrue = true;
  static constexpr bool kFalse = false;

  void reset(std::size_t capacity) {
    slots_.assign(std::bit_ceil(std::max<std::size_t>(capacity, 16)), 0);
    mask_ = slots_.size() - 1;
    size_ = 0;
  }

  void place(std::uint64_t slot) {
    for (std::size_t i = hash_mix(slot & kKey) & mask_;; i = (i + 1) & mask_) {
      std::uint64_t& s = slots_[i];
      if (s == 0) {
        s = slot;
        ++size_;
        return;
      }
      if ((s & kKey) == (slot & kKey)) {
        s = slot;
        return;
      }
    }
  }

  void grow() {
    std::vector<std::uint64_t, MappedAllocator<std::uint64_t>> old;
    old.swap(slots_);
    reset(old.size() * 2);
    for (std::uint64_t s : old) {
      if (s != 0) place(s);
    }
  }

  std::vector<std::uint64_t, MappedAllocator<std::uint64_t>> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t max_bytes_ = 0;
};

}  // namespace manyworlds
