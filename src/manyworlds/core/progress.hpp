#pragma once
// Progress of long work on stderr, and cooperative cancellation (Ctrl-C).
//
// A Progress prints nothing unless enabled (the CLI enables it when stderr is a terminal) and
// nothing during the first second, so quick work stays silent. It is safe to advance from
// several threads.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace manyworlds {

class Progress {
 public:
  // `total` is the number of units of work, or 0 when unknown.
  Progress(std::string label, std::uint64_t total, bool enabled);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Records `units` more done; redraws at most ten times a second.
  void advance(std::uint64_t units = 1);
  std::uint64_t done() const { return done_.load(std::memory_order_relaxed); }

  // Whether the CLI should enable progress: stderr is a terminal.
  static bool stderr_is_terminal();

 private:
  void draw(bool final);

  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::int64_t> next_draw_ns_;
  std::chrono::steady_clock::time_point start_;
  std::mutex draw_mutex_;
};

// Cancellation: the CLI's SIGINT handler calls request_cancel(); long loops call
// throw_if_cancelled() between units of work, which throws Cancelled with `where`.
void request_cancel();
bool cancel_requested();
// Clears a cancel request: an embedder that runs several requests in one process (the web
// worker) calls it before each.
void clear_cancel();
// The cancel flag itself, for an embedder that sets it from outside the process's threads
// (the web page writes it in the shared WebAssembly memory).
std::atomic<bool>* cancel_flag();

// Whoever embeds the library may watch every Progress: the hook gets its label, units done and
// total (0: unknown) at most ten times a second (no quiet first second), from whichever thread
// advances it, and once more when it ends (final = true). nullptr: none (the default).
using ProgressHook = void (*)(const char* label, std::uint64_t done, std::uint64_t total,
                              bool final);
void set_progress_hook(ProgressHook hook);
void throw_if_cancelled(const std::string& where);

}  // namespace manyworlds
