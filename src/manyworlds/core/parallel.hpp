#pragma once
// Deterministic parallel loops. Work is split into numbered tasks; each task writes only its
// own result slot, and callers combine the slots in task order, so results are identical at
// any thread count.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
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

// When a loop's helper threads start working. AtOnce: with the loop. Late: kHelperDelay after
// the process's first Late loop began (so only for loops of many small tasks); they are made
// with the loop and wait until then, or until the loop is over. Work that ends sooner then
// costs no second thread's cold caches and repeated work, which made short no-hold counts
// slower with two threads than with one; longer work loses at most the delay. (Helpers made
// only at worker 0's next task started late when that task was long: the first task of a
// count builds the fields every later one reads.) Which thread does a task never changes a
// result.
enum class Helpers { AtOnce, Late };
inline constexpr std::chrono::microseconds kHelperDelay{2000};

namespace detail {

// Workers 1 .. count-1 of a loop, made by worker 0's first poll(); the loop's tasks are taken
// from a shared pool, so helpers that find none left, or that the loop ends before they are
// due, leave nothing undone. The first exception thrown by any worker is kept for rethrow().
class HelperThreads {
 public:
  HelperThreads(unsigned count, Helpers start)
      : count_(count),
        due_(start == Helpers::Late ? first_late_loop() + kHelperDelay
                                    : std::chrono::steady_clock::time_point::min()) {}
  HelperThreads(const HelperThreads&) = delete;
  HelperThreads& operator=(const HelperThreads&) = delete;
  ~HelperThreads() { join(); }

  // From worker 0 between tasks.
  void poll(const std::function<void(unsigned)>& worker) {
    if (started_ || count_ <= 1) return;
    started_ = true;
    pool_.reserve(count_ - 1);
    for (unsigned i = 1; i < count_; ++i) {
      pool_.emplace_back([this, &worker, i] {
        if (wait_until_due()) worker(i);
      });
    }
  }
  // Ends the wait of helpers not yet due (worker 0 has run out of tasks), then joins them.
  void join() {
    {
      std::lock_guard lock(wait_mutex_);
      over_ = true;
    }
    wait_.notify_all();
    for (auto& thread : pool_) thread.join();
    pool_.clear();
  }
  // Runs fn, keeping its exception (the first of any worker) and raising the failed flag.
  template <typename Fn>
  void guard(Fn&& fn) {
    try {
      fn();
    } catch (...) {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
    }
  }
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  void rethrow() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  static std::chrono::steady_clock::time_point first_late_loop() {
    static const std::chrono::steady_clock::time_point first = std::chrono::steady_clock::now();
    return first;
  }
  // Whether the helper is due before the loop is over.
  bool wait_until_due() {
    std::unique_lock lock(wait_mutex_);
    return !wait_.wait_until(lock, due_, [&] { return over_; });
  }
  unsigned count_;
  std::chrono::steady_clock::time_point due_;
  bool started_ = false;
  std::vector<std::thread> pool_;
  std::mutex wait_mutex_;
  std::condition_variable wait_;
  bool over_ = false;  // under wait_mutex_
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;
  std::mutex error_mutex_;
};

}  // namespace detail

// Calls fn(task, worker) for every task in [0, tasks) on up to `threads` threads (the calling
// one and helpers started as `start` says), handing out tasks in increasing order; `worker`
// (0 .. threads-1) names the calling thread, so callers can keep per-thread state (caches)
// across tasks. The first exception thrown by any task is rethrown after all threads stop;
// once one is thrown, tasks not yet started are skipped.
template <typename Fn>
void parallel_for_workers(std::size_t tasks, unsigned threads, Fn&& fn,
                          Helpers start = Helpers::AtOnce) {
  if (threads <= 1 || tasks <= 1) {
    for (std::size_t t = 0; t < tasks; ++t) fn(t, 0u);
    return;
  }
  std::atomic<std::size_t> next{0};
  detail::HelperThreads helpers(unsigned(std::min<std::size_t>(threads, tasks)), start);
  std::function<void(unsigned)> worker = [&](unsigned index) {
    while (!helpers.failed()) {
      if (index == 0) helpers.poll(worker);
      std::size_t t = next.fetch_add(1, std::memory_order_relaxed);
      if (t >= tasks) return;
      helpers.guard([&] { fn(t, index); });
    }
  };
  helpers.guard([&] { worker(0); });
  helpers.join();
  helpers.rethrow();
}

// Calls fn(task) for every task in [0, tasks), as parallel_for_workers.
template <typename Fn>
void parallel_for(std::size_t tasks, unsigned threads, Fn&& fn) {
  parallel_for_workers(tasks, threads, [&fn](std::size_t t, unsigned) { fn(t); });
}

// Calls fn(begin, end, worker) over [0, n) in chunks of at most `chunk` items. Each thread owns
// one contiguous share of [0, n) and works through it front to back, then helps the others by
// taking chunks from the back of the share with the most left: neighbouring items mostly stay
// on one thread, so per-thread caches stay warm. Helpers and exceptions as
// parallel_for_workers.
template <typename Fn>
void parallel_for_ranges(std::size_t n, unsigned threads, std::size_t chunk, Fn&& fn,
                         Helpers start = Helpers::AtOnce) {
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
  detail::HelperThreads helpers(count, start);
  std::function<void(unsigned)> worker = [&](unsigned index) {
    std::size_t begin = 0, end = 0;
    while (!helpers.failed()) {
      if (index == 0) helpers.poll(worker);
      if (!take(index, begin, end)) return;
      helpers.guard([&] { fn(begin, end, index); });
    }
  };
  helpers.guard([&] { worker(0); });
  helpers.join();
  helpers.rethrow();
}

}  // namespace manyworlds
