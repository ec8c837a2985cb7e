#pragma once
// Reading input text and parsing numbers, with errors that say what and where.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds {

// How large each kind of input may be. Every reader stops at its format's limit, so no input
// (a huge file, a device such as /dev/zero, a FIFO or a pipe that never ends) can make the tool
// read forever or fill its memory. The one table of these limits is in docs/cli.md ("Input
// sizes"); keep the two in step. Each is a whole number of MiB, the unit of the error message.
inline constexpr std::size_t kMiB = std::size_t{1} << 20;
namespace input_limit {
// Small text: fumen on standard input or in a field file, pattern files, kick and theme
// files, dice starting positions, escape's key.txt and mode.txt. The largest real ones are a
// few kB (sfinder's kicks/srs.properties: 2 kB); a MiB is hundreds of times that.
inline constexpr std::size_t kText = 1 * kMiB;
// An escape board: up to escape::kMaxCells = 2^24 cells, written with a space after every cell
// and CRLF line ends (2^24 * 2 bytes + 4096 * 2, a little over 32 MiB).
inline constexpr std::size_t kBoard = 40 * kMiB;
// A card-flip sequence (`cards check -`, `cards play -`): `cards solve 24` writes 35 MB, so
// sequences up to 24 cards can be piped.
inline constexpr std::size_t kCardSequence = 64 * kMiB;
}  // namespace input_limit

// The whole content of `path`, or of standard input when `path` is "-", of at most `limit`
// bytes. Works on regular files, devices, FIFOs and pipes alike (reads until end of file).
// Throws InputError naming the file when it cannot be read, or "FILE: larger than N MiB" as
// soon as more than `limit` bytes arrive (a regular file is judged by its size, unread); while
// waiting for input, honours Ctrl-C (throws Cancelled).
std::string read_text(const std::string& path, std::size_t limit = input_limit::kText);

// A decimal integer in [min, max]; `what` names the value in the error message.
std::int64_t parse_int(std::string_view text, std::string_view what, std::int64_t min,
                       std::int64_t max);

// Comma-separated decimal integers, each in [min, max].
std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what,
                                         std::int64_t min, std::int64_t max);

// The shortest decimal that reads back as `value` (finite), in fixed notation: what
// std::to_chars(first, last, value, std::chars_format::fixed) writes ("0.0000001", 1e20 as
// "100000000000000000000"). Where the standard library has no floating-point to_chars
// (emscripten 3.1.6's libc++) it is shortest_fixed_from_fmt(), which the tests hold to
// to_chars below 2^53 (above it to_chars writes the double's exact integer, fmt its shortest
// digits and zeros; the library writes only percentages).
std::string shortest_fixed(double value);
// The same from fmt's shortest form ("{}"), its exponent written out.
std::string shortest_fixed_from_fmt(double value);

// `text` without leading and trailing white space.
std::string_view trim(std::string_view text);

// The lines of `text`, without their line ends ("\n" or "\r\n"), one at a time:
// `for (std::string_view line : Lines(text))`. Unlike split_lines it holds no list, so a text
// of millions of (empty) lines costs no memory beyond the text.
class Lines {
 public:
  class Iterator {
   public:
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    Iterator(std::string_view text, std::size_t start) : text_(text), start_(start) { find_end(); }
    std::string_view operator*() const {
      std::string_view line = text_.substr(start_, end_ - start_);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      return line;
    }
    Iterator& operator++() {
      start_ = end_ + 1;
      find_end();
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const Iterator& other) const { return start_ == other.start_; }

   private:
    void find_end() {
      if (start_ >= text_.size()) {
        start_ = end_ = text_.size();
        return;
      }
      end_ = text_.find('\n', start_);
      if (end_ == std::string_view::npos) end_ = text_.size();
    }
    std::string_view text_;
    std::size_t start_ = 0, end_ = 0;
  };
  explicit Lines(std::string_view text) : text_(text) {}
  Iterator begin() const { return {text_, 0}; }
  Iterator end() const { return {text_, text_.size()}; }

 private:
  std::string_view text_;
};

// The lines of `text` as a list (as Lines).
std::vector<std::string_view> split_lines(std::string_view text);

// Text for HTML, SVG or XML, in content or in a quoted attribute: & < > " ' as entities.
std::string escape_markup(std::string_view text);

}  // namespace manyworlds
