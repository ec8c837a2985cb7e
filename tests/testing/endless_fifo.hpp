#pragma once
// A FIFO (named pipe) that never ends: a thread writes `chunk` into it over and over for as long
// as a reader has it open, as `yes > fifo` would; with an empty chunk it holds the FIFO open and
// writes nothing (a reader waits forever). For tests that an input which never ends is refused
// at its size limit, or can be interrupted, instead of read forever. The writer stops when the
// reader closes the FIFO or when the object is destroyed (even if no reader ever opened it).

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <stdexcept>
#include <string>
#include <thread>

namespace manyworlds::testing {

class EndlessFifo {
 public:
  EndlessFifo(std::string path, std::string chunk)
      : path_(std::move(path)), chunk_(std::move(chunk)) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed reader shows as EPIPE instead
    if (::mkfifo(path_.c_str(), 0600) != 0) throw std::runtime_error("mkfifo failed: " + path_);
    writer_ = std::thread([this] { write_forever(); });
  }
  ~EndlessFifo() {
    stop_ = true;
    writer_.join();
  }
  EndlessFifo(const EndlessFifo&) = delete;
  EndlessFifo& operator=(const EndlessFifo&) = delete;

  const std::string& path() const { return path_; }
  // Bytes written so far.
  std::size_t written() const { return written_; }

 private:
  void write_forever() {
    int fd = -1;
    // Non-blocking: opening fails (ENXIO) until a reader has the FIFO open.
    while (!stop_ && (fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
      ::usleep(2000);
    }
    if (fd < 0) return;
    while (!stop_ && chunk_.empty()) {
      pollfd p{fd, 0, 0};  // POLLERR once the reader has closed its end
      if (::poll(&p, 1, 50) > 0 && (p.revents & (POLLERR | POLLHUP))) break;
    }
    while (!stop_ && !chunk_.empty()) {
      ssize_t n = ::write(fd, chunk_.data(), chunk_.size());
      if (n > 0) {
        written_ += static_cast<std::size_t>(n);
      } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
        pollfd p{fd, POLLOUT, 0};
        ::poll(&p, 1, 50);
      } else {
        break;  // EPIPE: the reader is gone
      }
    }
    ::close(fd);
  }

  std::string path_;
  std::string chunk_;
  std::atomic<bool> stop_{false};
  std::atomic<std::size_t> written_{0};
  std::thread writer_;
};

}  // namespace manyworlds::testing
