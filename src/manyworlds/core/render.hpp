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

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <concepts>
#include <iterator>
#include <string>

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
