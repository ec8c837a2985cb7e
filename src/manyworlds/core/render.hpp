#pragma once
// Results as data: the one way a verb's result becomes text or JSON.
//
// A verb's library call returns a result value. Its type is renderable when two free functions
// are found for it by argument-dependent lookup, both defined once beside the type:
//   void write_text(fmt::memory_buffer& out, const T& value);  // what a person reads
//   void to_json(Json& out, const T& value);                   // the same as data
// Then `fmt::format("{}", value)` gives the text form and `Json(value)` the JSON form; the CLI
// prints one or the other (app/verb.hpp), the browser app hands the JSON to the page.
//
// A result that can also be a failure (a check that found counterexamples) defines, beside it,
//   std::string failure(const T& value);  // the error line, empty when it did not fail
// The CLI prints it as any result, then ends with that error (exit code 1).
//
// A result whose text can run to gigabytes (a listing of millions of lines) is streamed
// instead: its type defines, once beside it,
//   void write_text(TextStream& out, const T& value);  // what a person reads
//   void write_json(TextStream& out, const T& value);  // the same as JSON text
// and the text goes on in pieces as it is written, so it is never held whole.

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <concepts>
#include <cstddef>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "manyworlds/core/error.hpp"

namespace manyworlds {

using Json = nlohmann::ordered_json;

template <typename T>
concept Renderable = requires(const T& value, fmt::memory_buffer& out, Json& json) {
  write_text(out, value);
  to_json(json, value);
};

template <typename T>
concept MayFail = requires(const T& value) {
  { failure(value) } -> std::convertible_to<std::string>;
};

// Throws InputError with the value's failure line, if it is a failure.
template <typename T>
void throw_if_failure(const T& value) {
  if constexpr (MayFail<T>) {
    if (std::string message = failure(value); !message.empty()) throw InputError(message);
  }
}

// Appends formatted text to a text form.
template <typename... Args>
void append(fmt::memory_buffer& out, fmt::format_string<Args...> format, Args&&... args) {
  fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
}

// A text written in pieces: what is written is handed to `sink` whenever at least `piece`
// bytes have gathered (a larger text at once), and the rest by flush().
class TextStream {
 public:
  using Sink = std::function<void(std::string_view)>;
  explicit TextStream(Sink sink, std::size_t piece = std::size_t{1} << 16)
      : sink_(std::move(sink)), piece_(piece) {}

  void write(std::string_view text) {
    if (buffer_.size() + text.size() < piece_) {
      buffer_.append(text);
      return;
    }
    flush();
    if (text.size() >= piece_) {
      sink_(text);
    } else {
      buffer_.append(text);
    }
  }
  // For appending in place; call flush_if_full() after.
  fmt::memory_buffer& buffer() { return buffer_; }
  void flush_if_full() {
    if (buffer_.size() >= piece_) flush();
  }
  void flush() {
    if (buffer_.size() == 0) return;
    sink_(std::string_view(buffer_.data(), buffer_.size()));
    buffer_.clear();
  }

 private:
  Sink sink_;
  std::size_t piece_;
  fmt::memory_buffer buffer_;
};

template <typename... Args>
void append(TextStream& out, fmt::format_string<Args...> format, Args&&... args) {
  fmt::format_to(std::back_inserter(out.buffer()), format, std::forward<Args>(args)...);
  out.flush_if_full();
}

template <typename T>
concept Streamed = requires(const T& value, TextStream& out) {
  write_text(out, value);
  write_json(out, value);
};

// The whole text form (or JSON text) of a streamed result, for tests and small results.
template <Streamed T>
std::string streamed_text(const T& value, bool json = false) {
  std::string text;
  TextStream out([&](std::string_view piece) { text += piece; });
  if (json) {
    write_json(out, value);
  } else {
    write_text(out, value);
  }
  out.flush();
  return text;
}

}  // namespace manyworlds

template <manyworlds::Renderable T>
struct fmt::formatter<T> {
  constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
  template <typename Context>
  auto format(const T& value, Context& ctx) const {
    fmt::memory_buffer out;
    write_text(out, value);
    return std::copy(out.begin(), out.end(), ctx.out());
  }
};
