// Core: atomic file writes, deterministic parallel loops, the flat hash map, progress hooks and
// cancellation.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/page_pool.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/spin_lock.hpp"
#include "manyworlds/core/text.hpp"
#include "testing/temp_dir.hpp"

namespace manyworlds {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

TEST(AtomicFile, ReplacesContentAndLeavesNoTemporaryFile) {
  TempDir temp;
  fs::path dir = temp.path();
  std::string path = (dir / "board.txt").string();
  write_file_atomically(path, "first\n");
  write_file_atomically(path, "second\n");
  EXPECT_EQ(read_text(path), "second\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

// A write that fails (here: the target is a folder, which fails for root too) leaves what was
// there intact and no temporary file behind.
TEST(AtomicFile, AFailedWriteLeavesTheOldFileIntact) {
  TempDir temp;
  fs::path dir = temp.path();
  fs::create_directory(dir / "target");
  std::ofstream(dir / "target" / "keep") << "old";
  EXPECT_THROW(write_file_atomically((dir / "target").string(), "new"), InputError);
  EXPECT_EQ(read_text((dir / "target" / "keep").string()), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_THROW(write_file_atomically((dir / "missing" / "x").string(), "new"), InputError);
}

TEST(ParallelFor, EveryTaskRunsOnceAtAnyThreadCount) {
  for (unsigned threads : {1u, 2u, 7u}) {
    std::vector<int> runs(1000, 0);
    parallel_for(runs.size(), threads, [&](std::size_t t) { runs[t] += 1; });
    EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), 1000) << threads;
  }
}

// The error a task throws comes out of the loop. Every other task waits until it has been
// thrown, so the loop cannot finish them all first, whatever the scheduling.
TEST(ParallelFor, RethrowsATasksError) {
  std::atomic<bool> thrown{false};
  try {
    parallel_for(1000, 2, [&](std::size_t t) {
      if (t == 10) {
        thrown = true;
        throw InputError("task 10");
      }
      if (t > 10) {
        while (!thrown) std::this_thread::yield();
      }
    });
    ADD_FAILURE() << "nothing thrown";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "task 10");
  }
}

// Once a task has thrown, no task is handed out any more: the tasks after 10 wait until task 10
// has thrown and then throw too, so each of the two threads stops at its first task after 10
// (a task taken is always run): tasks 0..10 start once each, and of the later ones at most
// task 11, at any timing.
TEST(ParallelFor, StopsHandingOutTasksAfterAnError) {
  for (int round = 0; round < 20; ++round) {
    std::atomic<bool> thrown{false};
    std::vector<std::atomic<int>> started(100000);
    EXPECT_THROW(parallel_for(started.size(), 2,
                              [&](std::size_t t) {
                                ++started[t];
                                if (t == 10) {
                                  thrown = true;
                                  throw InputError("task 10");
                                }
                                if (t > 10) {
                                  while (!thrown) std::this_thread::yield();
                                  throw InputError("after task 10");
                                }
                              }),
                 InputError);
    for (std::size_t t = 0; t <= 10; ++t) EXPECT_EQ(started[t], 1) << t;
    int later = 0;
    for (std::size_t t = 11; t < started.size(); ++t) later += started[t];
    EXPECT_LE(later, 1) << "round " << round;
  }
}

// Ranges: every item exactly once, in chunks of at most the chunk size, each chunk contiguous
// and handled by one worker; with one thread, in order.
TEST(ParallelForRanges, EveryItemOnceInContiguousChunks) {
  for (unsigned threads : {1u, 2u, 5u}) {
    for (std::size_t n : {0u, 1u, 7u, 1000u}) {
      std::vector<int> runs(n, 0);
      std::mutex mutex;
      std::vector<std::pair<std::size_t, std::size_t>> chunks;
      parallel_for_ranges(n, threads, 16, [&](std::size_t begin, std::size_t end, unsigned worker) {
        EXPECT_LT(begin, end);
        EXPECT_LE(end - begin, 16u);
        EXPECT_LT(worker, threads);
        for (std::size_t i = begin; i < end; ++i) runs[i] += 1;
        std::lock_guard lock(mutex);
        chunks.push_back({begin, end});
      });
      EXPECT_EQ(std::size_t(std::count(runs.begin(), runs.end(), 1)), n) << threads << " " << n;
      if (threads == 1) {
        for (std::size_t k = 0; k < chunks.size(); ++k) EXPECT_EQ(chunks[k].first, 16 * k);
      }
    }
  }
}

// Helpers join a loop: worker 0 waits (up to a minute) in a task until a helper has taken one.
// Late helpers start kHelperDelay after the process's first Late loop began: in the first such
// loop worker 0 works past twice the delay before it waits; in a second one it waits at once,
// as in an AtOnce loop (their helpers must start without a delay of their own).
template <typename Loop>
void expect_helpers_join(Loop loop) {
  using Clock = std::chrono::steady_clock;
  for (auto round : {std::pair{Helpers::AtOnce, false}, std::pair{Helpers::Late, true},
                     std::pair{Helpers::Late, false}}) {
    const Helpers start = round.first;
    const bool first = round.second;  // not a structured binding: clang 14 cannot capture one
    std::atomic<bool> helped{false}, waited_in_vain{false};
    const auto began = Clock::now();
    loop(start, [&](unsigned worker) {
      if (worker != 0) {
        helped = true;
        return;
      }
      if (first && Clock::now() - began < 2 * kHelperDelay) {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
        return;
      }
      while (!helped && Clock::now() - began < std::chrono::minutes(1)) std::this_thread::yield();
      if (!helped) waited_in_vain = true;
    });
    EXPECT_FALSE(waited_in_vain) << (start == Helpers::Late ? "late, " : "at once, ")
                                 << (first ? "first loop" : "later loop");
  }
}

TEST(ParallelFor, HelpersJoinAtOnceOrAfterTheDelay) {
  expect_helpers_join([](Helpers start, auto task) {
    parallel_for_workers(
        1000000, 2, [&](std::size_t, unsigned worker) { task(worker); }, start);
  });
}

TEST(ParallelForRanges, HelpersJoinAtOnceOrAfterTheDelay) {
  expect_helpers_join([](Helpers start, auto task) {
    parallel_for_ranges(
        1000000, 2, 1, [&](std::size_t, std::size_t, unsigned worker) { task(worker); }, start);
  });
}

// A late helper starts when due even while worker 0 is still in its first task (a count's
// first task can be its longest: it builds the fields the later ones read).
TEST(ParallelForRanges, LateHelpersJoinDuringWorkerZerosFirstTask) {
  using Clock = std::chrono::steady_clock;
  std::atomic<bool> helped{false};
  bool waited_in_vain = false;
  parallel_for_ranges(
      1000, 2, 1,
      [&](std::size_t, std::size_t, unsigned worker) {
        if (worker != 0) {
          helped = true;
          return;
        }
        const auto began = Clock::now();
        while (!helped && Clock::now() - began < std::chrono::minutes(1)) {
          std::this_thread::yield();
        }
        if (!helped) waited_in_vain = true;
      },
      Helpers::Late);
  EXPECT_FALSE(waited_in_vain);
}

// More threads than cores (the lock holder is often off its core) each read a counter, wait a
// little and write it back one higher under the lock: never two inside at once, no update
// lost, and no thread waits forever.
TEST(SpinLock, KeepsOutEveryOtherThread) {
  SpinLock lock;
  std::atomic<long> counter{0};
  std::atomic<int> inside{0}, most_inside{0};
  const unsigned threads = 2 * std::max(2u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      for (int i = 0; i < 20000; ++i) {
        std::lock_guard guard(lock);
        const int now = inside.fetch_add(1) + 1;
        if (now > most_inside.load()) most_inside.store(now);
        const long seen = counter.load(std::memory_order_relaxed);
        for (volatile int k = 0; k < 20; k = k + 1) {
        }
        counter.store(seen + 1, std::memory_order_relaxed);
        inside.fetch_sub(1);
      }
    });
  }
  for (auto& thread : pool) thread.join();
  EXPECT_EQ(most_inside.load(), 1);
  EXPECT_EQ(counter.load(), 20000L * threads);
  EXPECT_TRUE(lock.try_lock());
  EXPECT_FALSE(lock.try_lock());
  lock.unlock();
}

TEST(ParallelForRanges, RethrowsAnError) {
  EXPECT_THROW(parallel_for_ranges(1000, 2, 8,
                                   [&](std::size_t begin, std::size_t, unsigned) {
                                     if (begin >= 500) throw InputError("late");
                                   }),
               InputError);
}

// FlatMap against std::map on a mixed run of inserts, overwrites and lookups (with growth
// and a clear in the middle).
TEST(FlatMap, AgreesWithStdMap) {
  struct Hash {
    std::size_t operator()(std::uint64_t k) const {
      return std::size_t(k * 0x9E3779B97F4A7C15ull >> 7);
    }
  };
  FlatMap<std::uint64_t, int, Hash> flat(4);
  std::map<std::uint64_t, int> plain;
  std::uint64_t s = 12345;
  for (int step = 0; step < 200000; ++step) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    std::uint64_t key = (s >> 33) % 5000;
    if (step == 100000) {
      flat.clear();
      plain.clear();
    }
    if (step % 3 == 0) {
      flat.insert(key, step);
      plain[key] = step;
    } else {
      const int* found = flat.find(key);
      auto it = plain.find(key);
      ASSERT_EQ(found != nullptr, it != plain.end()) << step;
      if (found) {
        ASSERT_EQ(*found, it->second) << step;
      }
    }
  }
  EXPECT_EQ(flat.size(), plain.size());
}

// A bounded map never grows past its bound: it empties itself instead, and what it still holds
// is always right.
TEST(FlatMap, ABoundedMapEmptiesItselfInsteadOfGrowing) {
  struct Hash {
    std::size_t operator()(std::uint64_t k) const {
      return std::size_t(k * 0x9E3779B97F4A7C15ull >> 7);
    }
  };
  constexpr std::size_t kBound = 1 << 16;
  FlatMap<std::uint64_t, std::uint64_t, Hash> flat(16, kBound);
  std::size_t found = 0;
  for (std::uint64_t k = 0; k < 100000; ++k) {
    flat.insert(k, k * 3);
    ASSERT_LE(flat.memory(), kBound);
    // The key before is there unless this insert emptied the map (once per ~1000 keys).
    if (k == 0) continue;
    const std::uint64_t* v = flat.find(k - 1);
    if (v) {
      ASSERT_EQ(*v, (k - 1) * 3);
      ++found;
    }
  }
  EXPECT_GT(found, 99000u);
  EXPECT_LT(found, 99999u);  // it did empty itself
  EXPECT_EQ(*flat.find(99999), 99999u * 3);
}

// full() says when the next new key would grow the table; clear_in_place() empties the map but
// keeps its table (what the fill oracle's memos do over their budget).
TEST(FlatMap, ClearInPlaceKeepsTheTable) {
  struct Hash {
    std::size_t operator()(std::uint64_t k) const { return std::size_t(hash_mix(k)); }
  };
  FlatMap<std::uint64_t, bool, Hash> flat(16);
  std::uint64_t k = 0;
  for (; !flat.full(); ++k) flat.insert(k, true);
  const std::size_t memory = flat.memory();
  EXPECT_EQ(k, 8u);  // 16 slots, at most half full
  flat.insert(k, true);
  EXPECT_GT(flat.memory(), memory);  // a full map grows
  const std::size_t grown = flat.memory();
  flat.clear_in_place();
  EXPECT_EQ(flat.size(), 0u);
  EXPECT_EQ(flat.memory(), grown);
  for (std::uint64_t i = 0; i <= k; ++i) EXPECT_EQ(flat.find(i), nullptr);
  flat.insert(3, false);
  ASSERT_NE(flat.find(3), nullptr);
  EXPECT_FALSE(*flat.find(3));
}

// PackedBoolMap against std::map: keys across the whole range [1, 2^63), values overwritten
// both ways, growth and a clear in the middle.
TEST(PackedBoolMap, AgreesWithStdMap) {
  PackedBoolMap packed(4);
  std::map<std::uint64_t, bool> plain;
  std::uint64_t s = 777;
  for (int step = 0; step < 200000; ++step) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    // Small keys collide often; keys near 2^63 use the bit below the value's.
    std::uint64_t key = 1 + (s >> 33) % 4000;
    if (step % 2 == 0) key |= std::uint64_t(1) << 62;
    if (step == 100000) {
      packed.clear();
      plain.clear();
    }
    if (step % 3 == 0) {
      bool value = (s >> 20) & 1;
      packed.insert(key, value);
      plain[key] = value;
    } else {
      const bool* found = packed.find(key);
      auto it = plain.find(key);
      ASSERT_EQ(found != nullptr, it != plain.end()) << step;
      if (found) {
        ASSERT_EQ(*found, it->second) << step;
      }
    }
  }
  EXPECT_EQ(packed.size(), plain.size());
}

// A bounded PackedBoolMap empties itself at its bound and keeps answering right.
TEST(PackedBoolMap, ABoundedMapEmptiesItselfInsteadOfGrowing) {
  constexpr std::size_t kBound = 1 << 15;
  PackedBoolMap packed(16, kBound);
  std::size_t found = 0;
  for (std::uint64_t k = 1; k <= 100000; ++k) {
    packed.insert(k, k % 3 == 0);
    ASSERT_LE(packed.memory(), kBound);
    if (k == 1) continue;
    const bool* v = packed.find(k - 1);
    if (v) {
      ASSERT_EQ(*v, (k - 1) % 3 == 0);
      ++found;
    }
  }
  EXPECT_GT(found, 99000u);
  EXPECT_LT(found, 99999u);  // it did empty itself
}

TEST(PointerTable, StartsNullAndKeepsWhatThreadsStore) {
  constexpr std::size_t kSize = std::size_t(1) << 16;  // 512 KB: mapped pages
  std::vector<int> targets(kSize);
  PointerTable<int> table(kSize);
  ASSERT_EQ(table.size(), kSize);
  for (std::size_t i = 0; i < kSize; i += 4099) EXPECT_EQ(table[i].load(), nullptr);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = t; i < kSize; i += 2) table[i].store(&targets[i]);
    });
  }
  for (auto& thread : threads) thread.join();
  for (std::size_t i = 0; i < kSize; ++i) ASSERT_EQ(table[i].load(), &targets[i]);
}

// Vectors in a pool hold their values through growth, freed blocks are handed out again, and
// after clear() the pool starts over in the chunks it kept (the reset that once read a chunk
// before the first).
TEST(PagePool, VectorsKeepTheirValuesAcrossGrowthReuseAndClear) {
  PagePool pool;
  using Vec = std::vector<std::uint32_t, PoolAllocator<std::uint32_t>>;
  for (int round = 0; round < 3; ++round) {
    std::vector<Vec> vecs;
    for (int v = 0; v < 40; ++v) vecs.emplace_back(PoolAllocator<std::uint32_t>(pool));
    // Sizes from a few values to past PagePool::kLargest (mapped on their own).
    for (std::uint32_t i = 0; i < 6000000; ++i) {
      const std::size_t v = std::uint64_t(i) * 7919 % vecs.size();
      if (v == 0 || vecs[v].size() < 5000) vecs[v].push_back(i ^ std::uint32_t(v));
    }
    EXPECT_GT(vecs[0].capacity() * sizeof(std::uint32_t), PagePool::kLargest);
    EXPECT_GE(pool.memory(), vecs[0].capacity() * sizeof(std::uint32_t));
    // Vector 0 took every i with i * 7919 % 40 == 0, that is every 40th; the others their first
    // 5000 in increasing order.
    ASSERT_EQ(vecs[0].size(), 150000u);
    for (std::size_t k = 0; k < vecs[0].size(); ++k) ASSERT_EQ(vecs[0][k], 40 * k);
    for (std::size_t v = 1; v < vecs.size(); ++v) {
      ASSERT_EQ(vecs[v].size(), 5000u);
      std::uint32_t last = 0;
      for (std::uint32_t x : vecs[v]) {
        const std::uint32_t i = x ^ std::uint32_t(v);
        ASSERT_EQ(std::uint64_t(i) * 7919 % vecs.size(), v);
        ASSERT_TRUE(last == 0 || i > last);
        last = i;
      }
    }
    vecs.clear();
    pool.clear();
    EXPECT_EQ(pool.memory(), 0u);
  }
  // A freed block is the next of its size.
  void* a = pool.allocate(100);
  pool.deallocate(a, 100);
  EXPECT_EQ(pool.allocate(120), a);  // the same size class (128 bytes)
}

TEST(ResolveThreads, ZeroMeansAllCores) {
  EXPECT_EQ(resolve_threads(3), 3u);
  EXPECT_GE(resolve_threads(0), 1u);
}

// What an embedder's progress hook saw (the browser's worker watches every Progress so).
struct HookCalls {
  std::vector<std::uint64_t> done;
  std::uint64_t total = 0;
  int finals = 0;
};
HookCalls g_hook_calls;

TEST(Progress, AHookSeesEveryProgressAndItsEnd) {
  set_progress_hook([](const char* label, std::uint64_t done, std::uint64_t total, bool final) {
    EXPECT_STREQ(label, "work");
    g_hook_calls.done.push_back(done);
    g_hook_calls.total = total;
    g_hook_calls.finals += final;
  });
  {
    Progress progress("work", 10, false);  // not drawn: the hook still sees it
    for (int i = 0; i < 10; ++i) progress.advance();
  }
  set_progress_hook(nullptr);
  ASSERT_GE(g_hook_calls.done.size(), 2u);  // the first advance at once, then the end
  EXPECT_EQ(g_hook_calls.done.front(), 1u);
  EXPECT_EQ(g_hook_calls.done.back(), 10u);
  EXPECT_EQ(g_hook_calls.total, 10u);
  EXPECT_EQ(g_hook_calls.finals, 1);
  Progress quiet("work", 10, false);  // without a hook: nothing is called
  quiet.advance();
  EXPECT_EQ(g_hook_calls.finals, 1);
}

TEST(Cancel, TheFlagIsSetFromOutsideAndCleared) {
  EXPECT_FALSE(cancel_requested());
  cancel_flag()->store(true);  // as the browser's page does, in shared memory
  EXPECT_TRUE(cancel_requested());
  EXPECT_THROW(throw_if_cancelled("here"), Cancelled);
  clear_cancel();
  EXPECT_FALSE(cancel_requested());
  EXPECT_NO_THROW(throw_if_cancelled("here"));
}

}  // namespace
}  // namespace manyworlds
