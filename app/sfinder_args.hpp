#pragma once
// sfinder's spellings of options, rewritten before CLI11 parses the command line.
//
// solution-finder writes multi-letter options with one dash (`-fc 0`, `-td 1`, `-pp FILE`), lets
// a long name be shortened or written with one dash (`--fail`, `-tree-depth`), and attaches
// values (`-c4`, `-c=4`). CLI11 reads `-fc` as the cluster `-f -c`, so main() passes the
// arguments through normalize_sfinder_args() first: for the verb being run, every argument that
// names one of the verb's sfinder options becomes `--LONG` or `--LONG=VALUE` (a value that
// follows as its own argument is attached, so CLI11 never has to guess whether `-1` is a value),
// and everything else passes through untouched; an option whose value is left out (sfinder's
// values are optional: the default applies) becomes `--LONG` alone. The verb's CLI11 options
// then only need the long names (plus our own options, which never collide with a row), each
// declared `expected(0, 1)` so that `--LONG` alone arrives as an empty value, read as absent.
//
// THE TABLE (sfinder_args.cpp, kVerbs): one row per verb, the words of the verb as typed after
// `manyworlds` and its sfinder option table (short name, long name, arity; the library's
// tetris::sfinder::OptionSpec). To give a verb sfinder's spellings:
//   1. write or reuse its table: tetris::sfinder::percent_options() and seq_options() live in
//      src/manyworlds/tetris/sfinder/options.cpp, copied from sfinder's entry/*/*Options.java
//      (keep sfinder's names: short without the dash, long without the dashes);
//   2. add a row {"tetris path", path_options()} to kVerbs;
//   3. in the verb's setup, add each option under its long name (`--patterns`, ...) to CLI11
//      as a std::vector<std::string> with ->expected(0, 1)->allow_extra_args(false)
//      ->multi_option_policy(TakeAll): it may be given several times (sfinder keeps the first
//      value, or all for patterns), "" means the value was left out; a flag (Arity::None)
//      arrives as `--LONG`. app/tetris_percent_cmd.cpp shows it;
//   4. optionally call use_sfinder_help(verb): its --help then starts `usage:` as sfinder's does
//      (sfinder's own tests look for that word).
// Our own long spellings keep working: an argument that is no row's option passes through.

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace manyworlds::cli {

// The arguments (without the program name) with the sfinder options of the verb they name
// rewritten as above. Throws UsageError for a prefix that matches several long names.
std::vector<std::string> normalize_sfinder_args(const std::vector<std::string>& args);

// Gives `verb` (a CLI11 subcommand without subcommands of its own) a help text in sfinder's
// shape: the usage line reads `usage: ...` (commons-cli's word) instead of CLI11's `Usage: ...`.
void use_sfinder_help(CLI::App& verb);

}  // namespace manyworlds::cli
