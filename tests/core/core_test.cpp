// Core: atomic file writes and deterministic parallel loops.

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir() {
  fs::path dir = fs::temp_directory_path() / "manyworlds-core-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(AtomicFile, ReplacesContentAndLeavesNoTemporaryFile) {
  fs::path dir = fresh_dir();
  std::string path = (dir / "board.txt").string();
  write_file_atomically(path, "first\n");
  write_file_atomically(path, "second\n");
  EXPECT_EQ(read_text(path), "second\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

// A write that fails (here: the target is a folder, which fails for root too) leaves what was
// there intact and no temporary file behind.
TEST(AtomicFile, AFailedWriteLeavesTheOldFileIntact) {
  fs::path dir = fresh_dir();
  fs::create_directory(dir / "target");
  std::ofstream(dir / "target" / "keep") << "old";
  EXPECT_THROW(write_file_atomically((dir / "target").string(), "new"), InputError);
  EXPECT_EQ(read_text((dir / "target" / "keep").string()), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_THROW(write_file_atomically((dir / "missing" / "x").string(), "new"), InputError);
  fs::remove_all(dir);
}

TEST(ParallelFor, EveryTaskRunsOnceAtAnyThreadCount) {
  for (unsigned threads : {1u, 2u, 7u}) {
    std::vector<int> runs(1000, 0);
    parallel_for(runs.size(), threads, [&](std::size_t t) { runs[t] += 1; });
    EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), 1000) << threads;
  }
}

TEST(ParallelFor, RethrowsTheFirstErrorAndStops) {
  std::atomic<int> started{0};
  EXPECT_THROW(parallel_for(100000, 2,
                            [&](std::size_t t) {
                              ++started;
                              if (t == 10) throw InputError("task 10");
                            }),
               InputError);
  EXPECT_LT(started.load(), 100000);
}

TEST(ResolveThreads, ZeroMeansAllCores) {
  EXPECT_EQ(resolve_threads(3), 3u);
  EXPECT_GE(resolve_threads(0), 1u);
}

}  // namespace
}  // namespace manyworlds
