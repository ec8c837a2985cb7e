#pragma once
// `manyworlds dice` as one call: the request as the command line gives it, the answer as a
// value with its text and JSON forms (core/render.hpp).

#include <optional>
#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {

// Exactly one source of starting spaces: an input file (`-` for standard input), p1 and p2,
// or a list "4,8,3".
struct Request {
  std::string input;
  int p1 = 0;
  int p2 = 0;
  std::string start;
  int part = 0;  // 1 or 2; 0: both
  Method method = Method::Fast;
  Rules rules;
  bool distribution = false;  // part 2's universes won at each turn (statistic methods)
  Part2Options options;
};

struct Report {
  Rules rules;
  std::vector<int> starts;
  Method method = Method::Fast;
  bool distribution = false;
  std::optional<Part1Result> part1;
  std::optional<Part2Result> part2;
};

// Reads the starts, checks the request and plays the parts asked for. Throws UsageError for
// contradictory options, InputError for bad values and refused work.
Report solve(const Request& request);

// The method named by `name` (fast, moves-to-win, memo, brute); throws UsageError otherwise.
Method parse_method(std::string_view name);

void write_text(fmt::memory_buffer& out, const Report& report);
void to_json(Json& out, const Report& report);

}  // namespace manyworlds::dice
