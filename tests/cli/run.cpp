#include "run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

extern char** environ;

namespace manyworlds::testing {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Whether process `pid` catches SIGINT (the SigCgt mask of /proc/PID/status).
bool catches_sigint(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("SigCgt:", 0) == 0) {
      unsigned long long mask = std::strtoull(line.c_str() + 7, nullptr, 16);
      return (mask >> (SIGINT - 1)) & 1;
    }
  }
  return false;
}

}  // namespace

RunResult run_manyworlds(const std::vector<std::string>& args, const RunOptions& options) {
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) || pipe(out_pipe) || pipe(err_pipe)) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv_strings{MANYWORLDS_BINARY};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  // A program that exits before reading all its input must not kill this process through
  // SIGPIPE; the program itself starts with the default dispositions.
  std::signal(SIGPIPE, SIG_IGN);
  // fork, not posix_spawn: posix_spawn's child shares this process's memory until exec, and
  // Linux then counts this process's peak memory in the child's ru_maxrss. A forked child
  // starts from this process's current size only. Between fork and exec the child makes only
  // async-signal-safe calls.
  auto started = Clock::now();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    int in = in_pipe[0];
    if (!options.stdin_path.empty()) {
      in = open(options.stdin_path.c_str(), O_RDONLY);
      if (in < 0) _exit(127);
    }
    if (dup2(in, 0) < 0 || dup2(out_pipe[1], 1) < 0 || dup2(err_pipe[1], 2) < 0) _exit(127);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) {
      close(fd);
    }
    if (in > 2 && in != in_pipe[0]) close(in);
    if (!options.dir.empty() && chdir(options.dir.c_str()) != 0) _exit(127);
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &default_action, nullptr);
    sigaction(SIGINT, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execve(MANYWORLDS_BINARY, argv.data(), environ);
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);

  // Feed stdin and drain stdout/stderr together so that no pipe fills up.
  RunResult result;
  const std::string& input = options.input;
  std::size_t written = 0;
  int in_fd = in_pipe[1];
  fcntl(in_fd, F_SETFL, O_NONBLOCK);
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  bool out_open = true, err_open = true;
  bool interrupt_pending = options.interrupt_after_ms >= 0;
  std::optional<Clock::time_point> handler_seen, interrupted_at;
  char buffer[65536];
  while (out_open || err_open) {
    pollfd fds[3] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}, {in_fd, POLLOUT, 0}};
    int wait_ms = -1;
    if (interrupt_pending) {
      if (!handler_seen && catches_sigint(pid)) handler_seen = Clock::now();
      if (!handler_seen) {
        wait_ms = 5;
      } else {
        double left_ms = options.interrupt_after_ms - 1000 * seconds_since(*handler_seen);
        if (left_ms <= 0) {
          kill(pid, SIGINT);
          interrupted_at = Clock::now();
          interrupt_pending = false;
        } else {
          wait_ms = static_cast<int>(left_ms) + 1;
        }
      }
    }
    if (options.timeout_ms >= 0 && !result.timed_out) {
      double left_ms = options.timeout_ms - 1000 * seconds_since(started);
      if (left_ms <= 0) {
        kill(pid, SIGKILL);
        result.timed_out = true;
      } else if (wait_ms < 0 || left_ms < wait_ms) {
        wait_ms = static_cast<int>(left_ms) + 1;
      }
    }
    poll(fds, in_fd >= 0 ? 3 : 2, wait_ms);
    for (int i = 0; i < 2; ++i) {
      bool& open = i == 0 ? out_open : err_open;
      if (!open || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        open = false;
      } else {
        (i == 0 ? result.out : result.err).append(buffer, static_cast<std::size_t>(n));
      }
    }
    if (in_fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(in_fd, input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n < 0 || written == input.size()) {
        close(in_fd);
        in_fd = -1;
      }
    }
  }
  if (in_fd >= 0) close(in_fd);
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  result.seconds = seconds_since(started);
  if (interrupted_at) result.seconds_after_interrupt = seconds_since(*interrupted_at);
  result.max_rss_kib = usage.ru_maxrss;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace manyworlds::testing
