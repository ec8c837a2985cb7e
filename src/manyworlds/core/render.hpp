#pragma once
// Results as data: the one way a verb's result becomes text or JSON.
//
// A verb's library call returns a result value. Its type is renderable when two free functions
// are found for it by argument-dependent lookup, both defined once beside the type:
//   void write_text(fmt::memory_buffer& out, const T& value);  // what a person reads
//   void to_json(Json& out, const T& value);                   // the same as data
// Then `fmt::format("{}", value)` gives the text form and `Json(value)` the JSON form; the CLI
// prints one or the other (app/verb.hpp), the browser app hands the JSON to the page.

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <iterator>
#include <string>

namespace manyworlds {

using Json = nlohmann::ordered_json;

template <typename T>
concept Renderable = requires(const T& value, fmt::memory_buffer& out, Json& json) {
  write_text(out, value);
  to_json(json, value);
};

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
