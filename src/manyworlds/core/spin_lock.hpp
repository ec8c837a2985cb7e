#pragma once
// A lock for short critical sections that threads rarely contend: a waiter spins on the flag,
// then yields its core, and never sleeps in the kernel. std::mutex sleeps at once: on the field
// graph's index shards, each wait and the wake after it cost two system calls and the sleeper's
// time to wake, far more than the few hundred nanoseconds the section is held.

#include <atomic>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace manyworlds {

class SpinLock {
 public:
  void lock() {
    for (int spins = 0; flag_.exchange(true, std::memory_order_acquire);) {
      while (flag_.load(std::memory_order_relaxed)) {
        if (++spins < kSpinsBeforeYield) {
          pause();
        } else {
          std::this_thread::yield();  // the holder may be off its core: let it run
        }
      }
    }
  }
  bool try_lock() { return !flag_.exchange(true, std::memory_order_acquire); }
  void unlock() { flag_.store(false, std::memory_order_release); }

 private:
  static constexpr int kSpinsBeforeYield = 256;
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
  }
  std::atomic<bool> flag_{false};
};

}  // namespace manyworlds
