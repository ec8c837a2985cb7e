#pragma once
// Deterministic parallel loops. Work is split into numbered tasks; each task writes only its
// own result slot, and callers combine the slots in task order, so results are identical at
// any thread count.

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

// Calls fn(task) for every task in [0, tasks) on up to `threads` threads, handing out tasks in
// increasing order. The first exception thrown by any task is rethrown after all threads stop;
// once one is thrown, tasks not yet started are skipped.
template <typename Fn>
void parallel_for(std::size_t tasks, unsigned threads, Fn&& fn) {
  if (threads <= 1 || tasks <= 1) {
    for (std::size_t t = 0; t < tasks; ++t) fn(t);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    while (!failed.load(std::memory_order_relaxed)) {
      std::size_t t = next.fetch_add(1, std::memory_order_relaxed);
      if (t >= tasks) return;
      try {
        fn(t);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  std::size_t count = std::min<std::size_t>(threads, tasks);
  std::vector<std::thread> pool;
  pool.reserve(count - 1);
  for (std::size_t i = 1; i < count; ++i) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace manyworlds
