#pragma once
// Shared pieces of the command-line tool: the puzzle registry, common options and output.
//
// Each puzzle has one file app/<puzzle>_cmd.cpp that defines setup_<puzzle> (its subcommand
// and verbs); registry.cpp lists them. Their tour and bench workloads are in bench/workloads/.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "manyworlds/core/bigint.hpp"

namespace manyworlds::cli {

using Json = nlohmann::ordered_json;

struct Puzzle {
  const char* name;
  void (*setup)(CLI::App& app);
};

// Every puzzle.
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
