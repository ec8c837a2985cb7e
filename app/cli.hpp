#pragma once
// The command-line tool's registry and common options.
//
// Every command is one row of commands() (registry.cpp): a puzzle whose setup adds its own
// subcommand and verbs (dice, lock, ...), or one verb of a group (tetris percent, tetris util
// seq). main() builds the CLI11 tree from the rows; a verb's setup declares its options, binds
// them to a request and hands the library call to on_run() (verb.hpp).

#include <CLI/CLI.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::cli {

struct Command {
  std::vector<std::string_view> groups;  // the words above it: {} or {"tetris"}, {"tetris", "util"}
  std::string_view name;
  void (*setup)(CLI::App& parent);  // adds the command to its group's node (or to the tool)
  // sfinder's option table, when the command takes sfinder's spellings (sfinder_args.hpp).
  std::span<const tetris::sfinder::OptionSpec> (*sfinder)() = nullptr;
};

struct Group {
  std::vector<std::string_view> words;  // {"tetris"}, {"tetris", "util"}
  std::string_view help;
};

const std::vector<Command>& commands();
const std::vector<Group>& groups();

// Adds the commands to `app`: only those under the first argument when it names a group or a
// command (building every option of every puzzle costs more than some whole runs).
void add_commands(CLI::App& app, const std::vector<std::string>& args);

// Throws UsageError naming the verb and listing the group's verbs when `args` name a group and
// then a word that is none of its verbs (CLI11 would only say that a subcommand is required).
void check_verb(const CLI::App& app, const std::vector<std::string>& args);

// Common options.
void add_threads_option(CLI::App& app, int& threads);
void add_force_flag(CLI::App& app, bool& force);

}  // namespace manyworlds::cli
