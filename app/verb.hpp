#pragma once
// How every verb ends: the library's result goes to one renderer, as text or, with --json,
// as JSON. A verb's setup binds its options to a request and calls on_run() with a function
// that makes the library call; nothing else prints a result.

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <concepts>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/render.hpp"

namespace manyworlds::cli {

// What a run may ask of the command line beyond its options.
struct RunContext {
  bool json = false;      // the result is printed as JSON
  bool progress = false;  // long work may draw progress (stderr is a terminal)
};

// A result that carries warnings: the text form prints them on stderr, the JSON form holds them.
template <typename T>
concept HasWarnings = requires(const T& result) {
  { result.warnings } -> std::convertible_to<std::vector<std::string>>;
};

// Prints a result: its text form, or its JSON form and a newline.
template <Renderable T>
void render(const T& result, bool json) {
  if (json) {
    fmt::print("{}\n", Json(result).dump(2));
    return;
  }
  if constexpr (HasWarnings<T>) {
    for (const std::string& w : result.warnings) fmt::print(stderr, "manyworlds: warning: {}\n", w);
  }
  fmt::print("{}", result);
}

// Prints a streamed result as it is written (its text may be gigabytes).
template <Streamed T>
void render(const T& result, bool json) {
  TextStream out([](std::string_view piece) {
    if (std::fwrite(piece.data(), 1, piece.size(), stdout) != piece.size() || std::ferror(stdout)) {
      throw InputError("cannot write the output");
    }
  });
  if (json) {
    write_json(out, result);
  } else {
    write_text(out, result);
  }
  out.flush();
}

// Adds --json to `verb` and makes it run `run(const RunContext&)`, which returns a renderable
// or streamed result, and print that result (then fail when the result is a failure,
// core/render.hpp).
template <typename Run>
void on_run(CLI::App& verb, Run run) {
  auto json = std::make_shared<bool>(false);
  verb.add_flag("--json", *json, "Print the result as JSON (big counts as decimal strings)");
  verb.callback([json, run] {
    RunContext context{*json, Progress::stderr_is_terminal()};
    const auto result = run(context);
    render(result, *json);
    throw_if_failure(result);
  });
}

}  // namespace manyworlds::cli
