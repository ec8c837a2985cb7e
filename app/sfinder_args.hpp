#pragma once
// sfinder's options on our command line.
//
// solution-finder writes multi-letter options with one dash (`-fc 0`, `-td 1`, `-pp FILE`), lets
// a long name be shortened or written with one dash (`--fail`, `-tree-depth`), and attaches
// values (`-c4`, `-c=4`). CLI11 reads `-fc` as the cluster `-f -c`, so main() passes the
// arguments through normalize_sfinder_args() first: for the verb being run (a command of the
// registry with an sfinder option table), every argument that names one of its options becomes
// `--LONG` or `--LONG=VALUE` (a value that follows as its own argument is attached, so CLI11
// never has to guess whether `-1` is a value); an option whose value is left out (sfinder's
// values are optional: the default applies) becomes `--LONG` alone. Everything else passes
// through untouched, so our own spellings keep working.
//
// The verb then declares every row of its table with add_sfinder_options(): each option is
// declared once, in the library's table (tetris/sfinder/options.hpp), with its names, type and
// help.

#include <CLI/CLI.hpp>

#include <map>
#include <span>
#include <string>
#include <vector>

#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::cli {

// The values of a verb's sfinder options, by long name, every occurrence in order ("" when the
// value was left out).
using SfinderValues = std::map<std::string, std::vector<std::string>, std::less<>>;

// The arguments (without the program name) with the sfinder options of the verb they name
// rewritten as above. Throws UsageError for a prefix that matches several long names.
std::vector<std::string> normalize_sfinder_args(const std::vector<std::string>& args);

// Adds every row of `table` to `verb` (but -h, which is CLI11's own), bound to `values`.
// A row without our spellings is a programming error, reported at start-up (std::logic_error).
void add_sfinder_options(CLI::App& verb, std::span<const tetris::sfinder::OptionSpec> table,
                         SfinderValues& values);

// The values as sfinder's parser gives them.
tetris::sfinder::OptionValues option_values(const SfinderValues& values);

// Gives `verb` a help text in sfinder's shape: the usage line reads `usage: ...` (commons-cli's
// word) instead of CLI11's `Usage: ...`.
void use_sfinder_help(CLI::App& verb);

}  // namespace manyworlds::cli
