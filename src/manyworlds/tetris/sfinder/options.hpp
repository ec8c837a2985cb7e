#pragma once
// solution-finder's command-line conventions, so that its command lines and fumen comments
// mean here what they mean there.
//
// sfinder 1.43 (knewjade/solution-finder @0e7c935a) parses options with Apache commons-cli 1.5's
// DefaultParser: each option has a short name written with one dash (`-t`, `-fc`, `-pp`, ...)
// and a long name written with two (`--tetfu`, `--failed-count`); a value follows as the next
// argument or is attached (`-c4`, `-c=4`, `--clear-line=4`); a long name may also be written
// with one dash (`-clear-line`) or shortened to any unique prefix (`--clear`). A value may be
// left out (sfinder then uses the default); an argument that looks like an option is never a
// value, except a number (`-fc -1`). Anything else that starts with a dash is an error; other
// arguments are ignored. An option given twice keeps its first value, except patterns, which
// collect every value. Values are Java's: integers as Integer.valueOf reads them, yes/no words
// as sfinder's CommandLineWrapper reads them.
//
// This header models that parser over a table of options (OptionSpec), each verb's table, and
// Java's conversions sfinder relies on (String.split, %.2f). The CLI uses match_option() to
// rewrite sfinder's spellings before its own parser runs (app/sfinder_args.hpp); the library
// uses parse_options() on fumen comments (sfinder/inputs.hpp).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::tetris::sfinder {

enum class Arity {
  None,  // a flag (-h)
  One,   // one value, which may be left out
  Many,  // every following value, each split at spaces (util seq's -p and -n)
};

// One option of a verb, declared once: sfinder's names and arity (what its parser reads), and
// how our command line shows it. The CLI adds every row of a verb's table to its parser
// (app/sfinder_args.hpp); a value is always a string, read later as sfinder reads it.
struct OptionSpec {
  std::string_view short_name;  // without the dash: "fc"
  std::string_view long_name;   // without the dashes: "failed-count"
  Arity arity = Arity::One;
  std::string_view names = {};  // our spellings ("-t,--tetfu,--fumen"); empty: --LONG only
  std::string_view type = {};   // the value's name in --help: "N", "FILE"
  std::string_view help = {};   // one line, with the default in parentheses
};

// sfinder's percent options (entry/percent/PercentOptions.java), in its order.
std::span<const OptionSpec> percent_options();
// sfinder's path options (entry/path/PathOptions.java), in its order.
std::span<const OptionSpec> path_options();
// The input options of path, for our `saves` (which reads its inputs as path does).
std::span<const OptionSpec> saves_options();
// sfinder's cover options (entry/cover/CoverOptions.java).
std::span<const OptionSpec> cover_options();
// sfinder's util seq options (entry/util/seq/SeqUtilOptions.java).
std::span<const OptionSpec> seq_options();
// sfinder's spin options (entry/spin/SpinOptions.java), and --threads.
std::span<const OptionSpec> spin_options();
// sfinder's setup options (entry/setup/SetupOptions.java).
std::span<const OptionSpec> setup_options();
// sfinder's ren options (entry/ren/RenOptions.java).
std::span<const OptionSpec> ren_options();
// sfinder's verify kicks options (entry/verify/kicks/VerifyKicksOptions.java).
std::span<const OptionSpec> verify_kicks_options();
// sfinder's util fumen options (entry/util/fumen/FumenUtilOptions.java).
std::span<const OptionSpec> util_fumen_options();
// sfinder's util fig options (entry/util/fig/FigUtilSettingParser.createOptions), which our
// `tetris fig` takes too.
std::span<const OptionSpec> fig_options();

// What one argument names. `spec` is null when it is not an option of the table; `ambiguous`
// lists the long names a prefix matched when there is more than one.
struct OptionMatch {
  const OptionSpec* spec = nullptr;
  std::optional<std::string> value;  // attached to the argument (-c4, -c=4, --clear-line=4)
  std::vector<std::string_view> ambiguous;
  bool cluster = false;  // -pT: the value is the rest of a cluster; commons-cli keeps the
                         // option open for more values (util seq's -p takes several)
};

// Reads `arg` as commons-cli does: `--NAME[=V]` and `-NAME[=V]` with NAME a long name or a
// unique prefix of one; `-S`, `-S=V` and `-SV` with S a short name. With `lenient`, a short
// name also works with two dashes (`--fc`: manyworlds' own spellings) and a multi-letter one
// with `=` (`-fc=0`, which commons-cli rejects).
OptionMatch match_option(std::span<const OptionSpec> specs, std::string_view arg,
                         bool lenient = false);

// Whether commons-cli would take `arg` as the value of a preceding option: it is not an
// option (does not start with a dash followed by more), or it is a number ("-1").
bool is_value(std::string_view arg);

// Options as parsed: every occurrence, in order.
class OptionValues {
 public:
  // One occurrence of `long_name` with its values (none when the value was left out).
  void add(std::string_view long_name, std::vector<std::string> values);
  bool has(std::string_view long_name) const;
  // The first value of the first occurrence that has one (commons-cli's getOptionValue).
  std::optional<std::string> first(std::string_view long_name) const;
  // Every value of every occurrence, in order (getOptionValues).
  std::vector<std::string> all(std::string_view long_name) const;
  bool empty() const { return occurrences_.empty(); }

 private:
  std::vector<std::pair<std::string, std::vector<std::string>>> occurrences_;
};

// Parses `args` as DefaultParser does. Throws InputError for an unknown option, an ambiguous
// prefix or a flag given a value; arguments that are neither options nor values are ignored.
OptionValues parse_options(std::span<const OptionSpec> specs, std::span<const std::string> args);

// Java conversions.
// Integer.valueOf: an optional sign and decimal digits, within 32 bits.
std::optional<int> java_int(std::string_view text);
// sfinder's yes/no words (NormalCommandLineWrapper.getBoolOption), any case: true false t f y n
// ok yes no ng on off use allow avoid enable disable visible hidden.
std::optional<bool> java_bool(std::string_view text);
// String.split(String.valueOf(sep)): the parts between separators, trailing empty parts dropped.
std::vector<std::string> java_split(std::string_view text, char sep);
// String.trim: without leading and trailing characters <= ' '.
std::string_view java_trim(std::string_view text);
// Lower case of ASCII letters (String.toLowerCase on the names sfinder compares).
std::string lower(std::string_view text);
// String.format("%.2f", success / total * 100) as Java prints it: the shortest decimal that
// reads back as the double, rounded half up to two places ("3.13" for 1/32, where C's printf
// gives "3.12"). "NaN" when total is 0.
std::string java_percent(double success, double total);

}  // namespace manyworlds::tetris::sfinder
