#pragma once
// An open-addressing hash map for search memos: keys and values stored inline in one array
// (linear probing, power-of-two capacity, at most half full), no erase. Several times faster
// than std::unordered_map for small trivially copyable keys. Tables of 2 MB and more ask Linux
// for huge pages: a memo is read at random, and 4 KB pages cost a TLB miss and, when first
// touched, a page fault each.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <new>
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

// std::allocator, except that on Linux blocks of 64 KB or more are mapped from the system on
// their own, so that freeing them gives the memory back at once instead of leaving holes in
// the heap. Their pages are populated in one call: a table is written whole as soon as it is
// made, and an array that doubles is half written by the copy, and on the 2-core VM of
// docs/benchmarks.md a page fault costs about 11 us per 4 KB page touched one by one against
// about 0.5 us populated. Blocks of 2 MB or more are aligned to 2 MB
// and marked for huge pages: a memo is read at random, and 4 KB pages cost a TLB miss each.
template <typename T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kMapped = std::size_t(1) << 16;
  static constexpr std::size_t kHuge = std::size_t(1) << 21;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
#if defined(__linux__)
    std::size_t bytes = n * sizeof(T);
    if (bytes >= kMapped) {
      std::size_t length = round_up(bytes);
      // Huge pages need an aligned 2 MB range: map 2 MB more and trim.
      std::size_t slack = bytes >= kHuge ? kHuge : 0;
      void* raw =
          mmap(nullptr, length + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (raw == MAP_FAILED) throw std::bad_alloc();
      auto start = reinterpret_cast<std::uintptr_t>(raw);
      std::uintptr_t aligned = slack ? (start + kHuge - 1) & ~std::uintptr_t(kHuge - 1) : start;
      if (aligned > start) munmap(raw, aligned - start);
      std::size_t tail = start + length + slack - (aligned + length);
      if (tail > 0) munmap(reinterpret_cast<void*>(aligned + length), tail);
      void* p = reinterpret_cast<void*>(aligned);
#if defined(MADV_HUGEPAGE)
      if (slack) madvise(p, length, MADV_HUGEPAGE);
#endif
#if defined(MADV_POPULATE_WRITE)
      madvise(p, length, MADV_POPULATE_WRITE);  // Linux 5.14; older kernels fault as usual
#endif
      return static_cast<T*>(p);
    }
#endif
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) {
#if defined(__linux__)
    if (n * sizeof(T) >= kMapped) {
      munmap(p, round_up(n * sizeof(T)));
      return;
    }
#endif
    std::allocator<T>{}.deallocate(p, n);
  }
  // Whole 4 KB pages.
  static std::size_t round_up(std::size_t bytes) {
    return (bytes + 4095) & ~std::size_t(4095);
  }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

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
        std::fill(slots_.begin(), slots_.end(), Slot{});
        size_ = 0;
      } else {
        grow();
      }
    }
    place(key, value);
  }

  // Empties the map and gives its memory back.
  void clear() { reset(16); }

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
    std::vector<Slot, HugePageAllocator<Slot>> old;
    old.swap(slots_);
    reset(old.size() * 2);
    for (const Slot& s : old) {
      if (s.used) place(s.key, s.value);
    }
  }

  std::vector<Slot, HugePageAllocator<Slot>> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t max_bytes_ = 0;
};

}  // namespace manyworlds
