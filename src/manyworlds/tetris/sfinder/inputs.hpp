#pragma once
// solution-finder's `percent` as a player runs it: where its inputs come from, what its values
// mean, and what its report shows (sfinder 1.43, knewjade/solution-finder @0e7c935a:
// entry/percent/PercentSettingParser.java, PercentSettings.java, PercentEntryPoint.java,
// entry/common/Loader.java, entry/common/field/FumenLoader.java, common/tree/AnalyzeTree.java).
//
// Inputs and precedence. Each option is read from the first source that gives it: the command
// line, then the fumen comment (or the field file's clear line), then the default. The field is
// the fumen page of --tetfu (--page, default 1: the page's field with its piece merged in) or,
// without --tetfu, the field file (--field-path, default input/field.txt): `#` starts a comment,
// blank lines are skipped; the first line is the clear line and the other lines are rows of
// marks, top row first (`_` and space empty, any other mark a block; the lines are joined and
// cut every 10 marks), or the first line is a fumen (v115@..., also inside a URL), read as
// --tetfu is. Only the rows below the clear line are kept. The patterns are every --patterns
// value (each split at `;`) of the first source that has one, else the lines of the patterns
// file (--patterns-path, default input/patterns.txt). A pattern line is trimmed, may be quoted
// ('*p7'), may be a quiz (`#Q=[H](C)NEXT`: its letters TIOSZLJ and `*` in order, as sfinder
// reads it: `#Q=[S](Z)I*JOT` is SZI*JOT, and `*p7` inside NEXT is just `*`), and `#` starts a
// comment.
//
// A fumen comment is read as options: a quiz comment is `--patterns` with its letters; a comment
// starting with a digit is `--clear-line` followed by the comment; a comment that does not parse
// as options (an unknown option) is ignored, as sfinder ignores it. One difference: sfinder 1.43
// stops with "Cannot parse clear-line option" on a comment such as `1ページ目: ...` (a digit,
// then prose); here such a comment is prose and ignored.
//
// The report (PercentEntryPoint): the field's rows below the clear line, the settings with
// sfinder's names (Kicks: the --kicks value in lower case, `srs` by default; Drop: softdrop,
// harddrop, softdrop180 or softdroptonly), the first 5 pattern lines, the piece counts, a
// WARNING when the patterns are longer than the pieces searched, the success rate, the success
// tree of --tree-depth levels (the `*` line only when sequences start with different pieces;
// a negative depth: every level) and the failing sequences (--failed-count of them, all when
// negative, none when 0). Percentages are printed as Java's String.format("%.2f") prints them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/board/spin.hpp"

namespace manyworlds::tetris::sfinder {

// sfinder's drop words for percent (PercentSettings.setDropType, trimmed, any case): soft
// softdrop hard harddrop 180 softdrop180 tsoft tsoftdrop t-soft t-softdrop t_soft t_softdrop,
// and the name it prints for T-softdrop, softdroptonly. Throws InputError for others.
Drop parse_drop_word(std::string_view word);
// The name sfinder prints (DropType in lower case): softdrop harddrop softdrop180 softdroptonly.
std::string_view drop_report_name(Drop drop);

// The "Searching patterns:" lines of sfinder's reports (percent, path, cover): the heading, the
// first five pattern lines indented, then "  ... and more, total N lines" past five.
std::vector<std::string> searching_patterns_lines(const std::vector<std::string>& pattern_lines);

// A kick table and the name sfinder prints for it.
struct NamedKicks {
  KickTable table;
  std::string name;
};
// sfinder's --kicks (OptionsFacade): `default` or `srs` (any case); `@NAME` or `+NAME`: the
// file kicks/NAME.properties of the working folder, NAME in lower case (when there is no such
// file, the built-in srs, nokicks and nullpomino180 stand in for it); otherwise a path of a
// kick file (and failing that, what load_kicks() accepts). The name is the value in lower case.
NamedKicks load_named_kicks(std::string_view spec);

// sfinder's quiz reading (BlockInterpreter.parseQuizToPieceString): the letters TIOSZLJ and
// `*` of the text, upper-cased, in order.
std::string quiz_to_pattern(std::string_view text);

// One pattern line as sfinder reads it (LoadedPatternGenerator); nullopt for a blank or `#`
// line. Throws InputError for a bad pattern.
std::optional<Pattern> parse_pattern_line(std::string_view line);
// Every line; throws InputError when no line holds a pattern or their lengths differ.
std::vector<Pattern> parse_pattern_lines(const std::vector<std::string>& lines);

// A fumen comment as options (FumenLoader.loadComment); nullopt when it is prose (ignored).
// `table`: the verb's options (path's comments may hold path's options).
std::optional<OptionValues> parse_comment(std::string_view comment,
                                          std::span<const OptionSpec> table = percent_options());

// Java's Files.lines: the lines of `text` split at \n, \r\n or \r; no empty last line for a
// final line end.
std::vector<std::string> java_lines(std::string_view text);

// A field file's field, with the options it brings: its clear line, or the comment of the fumen
// in it (nullopt: a comment that is prose).
struct FieldFile {
  Field field;
  std::optional<OptionValues> options;
  fumen::ColorField colors;  // the cells in colour (a piece letter or a fumen colour; else gray)
};
// sfinder's field file (see the top); `name` names it in errors, `page` is the fumen page when
// the file holds a fumen. Throws InputError.
FieldFile parse_field_file(std::string_view text, std::string_view name, int page = 1,
                           std::span<const OptionSpec> table = percent_options());

// Everything percent reads, resolved.
struct PercentInput {
  Field field;  // rows below clear_line only
  int clear_line = 4;
  std::vector<std::string> pattern_lines;  // as given (sfinder lists the first 5)
  std::vector<Pattern> patterns;
  bool use_hold = true;
  Drop drop = Drop::Softdrop;  // the model that places the pieces (hard drop for T-spin drops)
  DropType drop_type = DropType::Softdrop;  // as given (path also takes the T-spin drops)
  KickTable kicks = KickTable::srs();
  std::string kicks_name = "srs";
  int tree_depth = 3;      // negative: every level
  int failed_count = 100;  // negative: all; 0: none
  int threads = 0;         // 0: not given or not positive (all cores)
  std::string log_path = "output/last_output.txt";
  std::string field_source;     // "fumen", or the field file's path
  std::string patterns_source;  // "--patterns", "fumen comment", or the patterns file's path
  // For verbs with more options (path): the field's cells in colour (all rows as read), and
  // the options of the second source (the fumen comment or the field file) and its name.
  fumen::ColorField colors;
  OptionValues second;
  std::string second_source;
};

// Reads percent's inputs. `command_line` holds the options given on the command line by
// their long names (sfinder::percent_options()). Files are read relative to the working
// folder; `--tetfu -` reads the fumen from standard input. Throws InputError (exit 1) with one
// line naming the problem.
// `table` is the verb's option table, used to read fumen comments (path reads path's).
// `words`: the drop words of percent (parse_drop_word) or of path (spin.hpp's parse_drop_type,
// the T-spin drops too).
enum class DropWords : std::uint8_t { Percent, Path };
PercentInput read_percent_input(const OptionValues& command_line,
                                std::span<const OptionSpec> table = percent_options(),
                                DropWords words = DropWords::Percent);

// The tree depth to ask percent() for so that percent_report() can draw the tree: every level
// when tree_depth is negative, else at least one (the `*` line needs the first pieces).
int tree_depth_to_search(const PercentInput& input);

// The data of sfinder's report that is more than a copy of the input or the result.
struct PercentReport {
  std::vector<std::string> field_rows;  // clear_line rows, top down, X and _
  int head = 0;                 // "[Head N pieces]": tree_depth capped at the pattern length
  bool warning = false;         // the patterns are longer than the pieces searched
  std::string success_percent;  // "61.19"
  bool root_line = false;       // "* -> 61.19 %": sequences start with different pieces
  struct TreeLine {
    int depth = 1;        // 1: first piece
    std::string prefix;   // "TI"
    std::string percent;  // "100.00"
  };
  std::vector<TreeLine> tree;
};
PercentReport percent_report(const PercentInput& input, const PercentResult& result);

// Creates the folders of the log file's path; throws InputError (one line) when a folder cannot
// be created or the path is a folder. Called before the search, as sfinder does.
void prepare_log_path(const std::string& path);
// Writes the report to the log file: atomically (a temporary file renamed over it) when it is a
// regular file or new; written to when it is something else (`-lp /dev/null` keeps no log).
// Throws InputError.
void write_log(const std::string& path, std::string_view text);

}  // namespace manyworlds::tetris::sfinder
