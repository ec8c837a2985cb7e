#include "manyworlds/core/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "manyworlds/core/error.hpp"

namespace manyworlds {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::int64_t kQuietNs = 1'000'000'000;  // nothing shown during the first second
constexpr std::int64_t kRedrawNs = 100'000'000;

std::atomic<bool> g_cancel{false};
std::atomic<ProgressHook> g_hook{nullptr};

std::int64_t since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

}  // namespace

Progress::Progress(std::string label, std::uint64_t total, bool enabled)
    : label_(std::move(label)),
      total_(total),
      enabled_(enabled),
      next_draw_ns_(enabled ? kQuietNs : 0),
      start_(Clock::now()) {}

Progress::~Progress() {
  if (ProgressHook hook = g_hook.load(std::memory_order_relaxed)) {
    hook(label_.c_str(), done(), total_, true);
  }
  if (enabled_ && drawn_) {
    std::lock_guard lock(draw_mutex_);
    draw(true);
  }
}

void Progress::advance(std::uint64_t units) {
  done_.fetch_add(units, std::memory_order_relaxed);
  ProgressHook hook = g_hook.load(std::memory_order_relaxed);
  if (!enabled_ && hook == nullptr) return;
  std::int64_t now = since(start_);
  std::int64_t due = next_draw_ns_.load(std::memory_order_relaxed);
  if (now < due) return;
  if (!next_draw_ns_.compare_exchange_strong(due, now + kRedrawNs)) return;
  if (hook) hook(label_.c_str(), done(), total_, false);
  if (!enabled_) return;
  std::lock_guard lock(draw_mutex_);
  draw(false);
}

void Progress::draw(bool final) {
  double seconds = static_cast<double>(since(start_)) / 1e9;
  std::uint64_t done = done_.load(std::memory_order_relaxed);
  std::string line;
  if (total_ > 0) {
    double share = 100.0 * static_cast<double>(done) / static_cast<double>(total_);
    line = fmt::format("{}: {:5.1f}% ({}/{}) {:.1f}s", label_, share, done, total_, seconds);
  } else {
    line = fmt::format("{}: {} {:.1f}s", label_, done, seconds);
  }
  std::fprintf(stderr, "\r\033[K%s%s", line.c_str(), final ? "\n" : "");
  std::fflush(stderr);
  drawn_ = true;
}

bool Progress::stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

void request_cancel() {
  g_cancel.store(true);
}
void clear_cancel() {
  g_cancel.store(false);
}
std::atomic<bool>* cancel_flag() {
  return &g_cancel;
}
void set_progress_hook(ProgressHook hook) {
  g_hook.store(hook);
}
bool cancel_requested() {
  return g_cancel.load(std::memory_order_relaxed);
}
void throw_if_cancelled(const std::string& where) {
  if (cancel_requested()) throw Cancelled(fmt::format("interrupted {}", where));
}

}  // namespace manyworlds
