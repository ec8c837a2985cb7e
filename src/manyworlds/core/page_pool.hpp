#pragma once
// Memory for the many growing arrays of one thread's memo, which all die together when the memo
// is cleared: blocks of power-of-two sizes cut from 2 MB chunks of mapped, populated pages
// (PageBlock), each freed block kept for the next of its size. From the heap, each new 4 KB
// page of such arrays cost a page fault, which in a VM costs many times a populated page
// (docs/benchmarks.md, "Percent, round twenty-one"). Not thread-safe: one pool per thread.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <new>
#include <vector>

#include "manyworlds/core/flat_map.hpp"

namespace manyworlds {

class PagePool {
 public:
  // Blocks larger than this are mapped on their own.
  static constexpr std::size_t kLargest = kHugePage / 4;

  void* allocate(std::size_t bytes) {
    if (bytes > kLargest) {
      void* p = map_populated(bytes);
      large_ += bytes;
      return p;
    }
    const int c = size_class(bytes);
    if (Free* f = free_[std::size_t(c)]) {
      free_[std::size_t(c)] = f->next;
      return f;
    }
    const std::size_t size = std::size_t(1) << c;
    if (in_use_ == 0 || used_ + size > kHugePage) {
      if (in_use_ == chunks_.size()) chunks_.emplace_back(kHugePage);
      ++in_use_;
      used_ = 0;
    }
    void* p = chunks_[in_use_ - 1].get() + used_;
    used_ += size;  // blocks of 16 bytes and more: every block 16-byte aligned
    return p;
  }
  void deallocate(void* p, std::size_t bytes) {
    if (bytes > kLargest) {
      unmap_pages(p, bytes);
      large_ -= bytes;
      return;
    }
    const int c = size_class(bytes);
    free_[std::size_t(c)] = new (p) Free{free_[std::size_t(c)]};
  }
  // Forgets every block (none may be used after; the large ones must have been given back),
  // keeping the chunks for the next ones.
  void clear() {
    free_.fill(nullptr);
    in_use_ = 0;
    used_ = 0;
  }
  // Bytes of the chunks in use and of the large blocks.
  std::size_t memory() const { return in_use_ * kHugePage + large_; }

 private:
  static constexpr int kSmallest = 4;  // 16 bytes: room for a free block's link
  static int size_class(std::size_t bytes) {
    return std::max(kSmallest, int(std::bit_width(std::max<std::size_t>(bytes, 1) - 1)));
  }
  struct Free {
    Free* next;
  };
  std::vector<PageBlock<std::byte>> chunks_;
  std::size_t in_use_ = 0;  // chunks handed out from, the last one partly
  std::size_t used_ = 0;    // bytes handed out from the last of them
  std::size_t large_ = 0;   // bytes of the large blocks
  std::array<Free*, std::bit_width(kLargest) + 1> free_{};
};

// std::allocator's interface over a PagePool.
template <typename T>
struct PoolAllocator {
  using value_type = T;
  PagePool* pool;

  explicit PoolAllocator(PagePool& p) : pool(&p) {}
  template <typename U>
  PoolAllocator(const PoolAllocator<U>& o) : pool(o.pool) {}

  T* allocate(std::size_t n) { return static_cast<T*>(pool->allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { pool->deallocate(p, n * sizeof(T)); }
  template <typename U>
  bool operator==(const PoolAllocator<U>& o) const {
    return pool == o.pool;
  }
};

}  // namespace manyworlds
