#pragma once
// solution-finder's `cover` as a player runs it: where its inputs come from, what its option
// values mean, and the report it prints and logs (sfinder 1.43, knewjade/solution-finder
// @0e7c935a: entry/cover/CoverSettingParser.java, CoverSettings.java, CoverEntryPoint.java,
// entry/common/Loader.java). The search itself is cover.hpp.
//
// Inputs. The setups are every --tetfu value (each split at spaces; `FUMEN#START:END` picks
// pages, cover.hpp) or, without --tetfu, the lines of the field file (--field-path, default
// input/field.txt): each line cut at its first `#` (so a page range cannot be given there) and
// trimmed, lines without v115 data skipped. With --mirror yes each setup is followed by its
// mirror. The patterns are every --patterns value (each split at `;`) or else the lines of the
// patterns file (--patterns-path, default input/patterns.txt), read as percent reads them
// (sfinder/inputs.hpp). A value left out means the default, as in sfinder. Yes/no values take
// sfinder's words (use/avoid, yes/no, true/false, on/off, ...); integers are Java's. Unlike
// sfinder, which skips a --tetfu value without fumen data, a --tetfu word that holds none is an
// error here (a typo would otherwise silently drop a setup).
//
// The report (CoverEntryPoint): each setup's field (gray X, pieces by letter, the used rows and
// one more), the settings with sfinder's names (Max Softdrop / Clear Line Times only in the
// line-counting modes), the first 5 pattern lines, the number of distinct sequences, then each
// setup's share (`33.33 % [1680/5040]`, with `(accum. OR=.., AND=..)` under --accum) in report
// order, and the OR / AND lines. Percentages are printed as Java's %.2f prints them.

#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/search/cover.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

// Everything cover reads, resolved.
struct CoverInput {
  std::vector<CoverSetup> setups;  // in input order, each followed by its mirror with --mirror
  std::vector<std::string> pattern_lines;  // as given (the report lists the first 5)
  std::vector<Pattern> patterns;
  CoverOptions options;  // hold, drop, kicks, mode, sort, priority, -sb, -l, -ms, -mc
  std::string kicks_name = "srs";
  bool accumulate = false;  // --accum
  std::string log_path = "output/last_output.txt";
  std::string output_path = "output/cover.csv";  // --output-base
};

// Reads cover's inputs. `command_line` holds the options given by their long names
// (cover_options()). Files are read relative to the working folder. Throws InputError (exit 1)
// with one line naming the problem.
CoverInput read_cover_input(const OptionValues& command_line);

// The setup's field as the report draws it, top row first.
std::vector<std::string> cover_setup_rows(const CoverSetup& setup);

// The report, line for line as sfinder prints it; `version` and `milliseconds` fill its
// `Version:` and stopwatch lines.
std::string cover_report(const CoverInput& input, const CoverResult& result,
                         std::string_view version, long long milliseconds);

// sfinder's cover.csv: `sequence,<label>,...` (labels in report order), then one line per
// sequence, `TILJSZO,O,X,...` ("O": builds), lines ending in "\n".
std::string cover_csv(const std::vector<CoverSetup>& setups, const CoverResult& result);

}  // namespace manyworlds::tetris::sfinder
