#pragma once
// Shared pieces of the command-line tool: the puzzle registry, common options and output.
//
// Each puzzle has one file app/<puzzle>_cmd.cpp that defines setup_<puzzle> (its subcommand
// and verbs), tour_<puzzle> (its headline result on a default input) and bench_<puzzle> (a
// fixed, deterministic workload). registry.cpp lists them.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "manyworlds/core/bigint.hpp"

namespace manyworlds::cli {

using Json = nlohmann::ordered_json;

// A headline result for `manyworlds tour`.
struct TourLine {
  std::string headline;  // one line of text
  Json json;             // the same as data
};

// One run of a puzzle's benchmark workload. `work` counts units of work (nodes, states,
// placements); `signature` is a deterministic digest of the results: a change to either on
// the same workload means the search changed.
struct BenchLine {
  std::string workload;
  std::uint64_t work = 0;
  std::string signature;
};

struct Puzzle {
  const char* name;
  void (*setup)(CLI::App& app);
  TourLine (*tour)();
  BenchLine (*bench)(unsigned threads);
};

// Every puzzle, in the order `tour` and `bench` run them.
const std::vector<Puzzle>& puzzles();

void setup_tour(CLI::App& app);
void setup_bench(CLI::App& app);

// Common options.
void add_json_flag(CLI::App& app, bool& json);
void add_threads_option(CLI::App& app, int& threads);
void add_force_flag(CLI::App& app, bool& force);

// Writes `value` to stdout as indented JSON and a newline.
void print_json(const Json& value);

// Counts that can exceed 2^53 go into JSON as decimal strings.
inline Json big_json(const BigInt& value) {
  return value.get_str(10);
}

// Whether progress should be drawn (stderr is a terminal).
bool show_progress();

}  // namespace manyworlds::cli
