#pragma once
// Deterministic parallel loops. Work is split into numbered tasks; each task writes only its
// own result slot, and callers combine the slots in task order, so results are identical at
// any thread count.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace manyworlds {

// The number of threads to use: `requested` when positive, else all cores.
inline unsigned resolve_threads(int requested) {
  if (requested > 0) return static_cast<unsigned>(requested);
  unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : cores;
}

// Calls fn(task, worker) for every task in [0, tasks) on up to `threads` threads, handing out
// tasks in increasing order; `worker` (0 .. threads-1) names the calling thread, so callers can
// keep per-thread state (caches) across tasks. The first exception thrown by any task is
// rethrown after all threads stop; once one is thrown, tasks not yet started are skipped.
template <typename Fn>
void parallel_for_workers(std::size_t tasks, unsigned threads, Fn&& fn) {
  if (threads <= 1 || tasks <= 1) {
    for (std::size_t t = 0; t < tasks; ++t) fn(t, 0u);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&](unsigned index) {
    while (!failed.load(std::memory_order_relaxed)) {
      std::size_t t = next.fetch_add(1, std::memory_order_relaxed);
      if (t >= tasks) return;
      try {
        fn(t, index);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  unsigned count = unsigned(std::min<std::size_t>(threads, tasks));
  std::vector<std::thread> pool;
  pool.reserve(count - 1);
  for (unsigned i = 1; i < count; ++i) pool.emplace_back(worker, i);
  worker(0);
  for (auto& thread : pool) thread.join();
  if (error) std::rethrow_exception(error);
}

// Calls fn(task) for every task in [0, tasks), as parallel_for_workers.
template <typename Fn>
void parallel_for(std::size_t tasks, unsigned threads, Fn&& fn) {
  parallel_for_workers(tasks, threads, [&fn](std::size_t t, unsigned) { fn(t); });
}

// Calls fn(begin, end, worker) over [0, n) in chunks of at most `chunk` items. Each thread owns
// one contiguous share of [0, n) and works through it front to back, then helps the others by
// taking chunks from the back of the share with the most left: neighbouring items mostly stay
// on one thread, so per-thread caches stay warm. Exceptions as parallel_for_workers.
template <typename Fn>
void parallel_for_ranges(std::size_t n, unsigned threads, std::size_t chunk, Fn&& fn) {
  chunk = std::max<std::size_t>(chunk, 1);
  unsigned count = unsigned(std::clamp<std::size_t>(std::min<std::size_t>(threads, n), 1, 4096));
  struct Share {
    std::size_t front, back;
  };
  std::vector<Share> shares(count);
  for (unsigned t = 0; t < count; ++t) shares[t] = {n * t / count, n * (t + 1) / count};
  std::mutex mutex;
  auto take = [&](unsigned worker, std::size_t& begin, std::size_t& end) {
    std::lock_guard lock(mutex);
    Share& own = shares[worker];
    if (own.front < own.back) {
      begin = own.front;
      end = std::min(own.back, begin + chunk);
      own.front = end;
      return true;
    }
    Share* most = nullptr;
    for (Share& s : shares) {
      if (s.front < s.back && (!most || s.back - s.front > most->back - most->front)) most = &s;
    }
    if (!most) return false;
    end = most->back;
    begin = end - std::min(chunk, end - most->front);
    most->back = begin;
    return true;
  };
  std::atomic<bool> failed{false};
  parallel_for_workers(count, count, [&](std::size_t task, unsigned) {
    unsigned worker = unsigned(task);
    std::size_t begin = 0, end = 0;
    while (!failed.load(std::memory_order_relaxed) && take(worker, begin, end)) {
      try {
        fn(begin, end, worker);
      } catch (...) {
        failed = true;
        throw;
      }
    }
  });
}

}  // namespace manyworlds
