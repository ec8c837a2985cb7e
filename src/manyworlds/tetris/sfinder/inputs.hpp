#pragma once
// What sfinder's verbs read before they search, as sfinder 1.43 reads it (knewjade/
// solution-finder @0e7c935a: entry/common/Loader.java, entry/common/field/FumenLoader.java,
// entry/*/*SettingParser.java): the field from a fumen page or a field file, the patterns from
// -p, a quiz or a patterns file, the options of a fumen comment, the kicks and the drop. Each
// option comes from the first source that gives it: the command line, then the fumen comment
// (or the field file's clear line), then the default. docs/tetris.md ("Coming from sfinder")
// lists where we differ.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

// One option from the first source that gives it a value (the command line, then a fumen
// comment or a field file: sfinder's PriorityCommandLineWrapper). Bad values throw InputError
// naming the source.
class OptionSources {
 public:
  explicit OptionSources(std::vector<std::pair<const OptionValues*, std::string>> sources)
      : sources_(std::move(sources)) {}
  // The value and the name of its source ("command line", "fumen comment", ...).
  std::optional<std::pair<std::string, std::string>> first(std::string_view name) const;
  bool has(std::string_view name) const;
  // Every value of the first source that has some, and its name.
  std::pair<std::vector<std::string>, std::string> all(std::string_view name) const;
  std::optional<int> integer(std::string_view name) const;  // Integer.valueOf
  int integer(std::string_view name, int fallback) const {
    return integer(name).value_or(fallback);
  }
  std::optional<bool> yes_no(std::string_view name) const;  // sfinder's boolean words

 private:
  std::vector<std::pair<const OptionValues*, std::string>> sources_;
};

// A kick table and the name sfinder prints for it.
struct NamedKicks {
  KickTable table;
  std::string name;
};
// sfinder's --kicks (OptionsFacade): `default` or `srs` (any case); `@NAME` or `+NAME`: the
// file kicks/NAME.properties of the working folder, NAME in lower case (when there is no such
// file, the built-in table of that name, one of kBuiltinKickNames, stands in for it);
// otherwise a path of a kick file (and failing that, what load_kicks() accepts). The name is
// the value in lower case.
NamedKicks load_named_kicks(std::string_view spec);

// sfinder's quiz reading (BlockInterpreter.parseQuizToPieceString): the letters TIOSZLJ and
// `*` of the text, upper-cased, in order.
std::string quiz_to_pattern(std::string_view text);

// One pattern line as sfinder reads it (LoadedPatternGenerator); nullopt for a blank or `#`
// line. Throws InputError for a bad pattern or one of more than `max_length` pieces.
std::optional<Pattern> parse_pattern_line(std::string_view line,
                                          int max_length = kMaxSequenceLength);
// Every line; throws InputError when no line holds a pattern or their lengths differ.
std::vector<Pattern> parse_pattern_lines(const std::vector<std::string>& lines,
                                         int max_length = kMaxSequenceLength);

// A fumen comment as options (FumenLoader.loadComment); nullopt when it is prose (ignored).
// `table`: the verb's options (path's comments may hold path's options).
std::optional<OptionValues> parse_comment(std::string_view comment,
                                          std::span<const OptionSpec> table = percent_options());

// Java's Files.lines: the lines of `text` split at \n, \r\n or \r; no empty last line for a
// final line end.
std::vector<std::string> java_lines(std::string_view text);

// sfinder's pattern lines: the values of -p, each split at ';', or when there are none the
// lines of the patterns file `path` (-pp). `verb` ("setup: ", or empty) starts the error for a
// missing file.
std::vector<std::string> read_pattern_lines(const std::vector<std::string>& values,
                                            const std::string& path, std::string_view verb);

// A field file's lines as sfinder keeps them: from `#` on dropped, trimmed, empty lines dropped.
std::vector<std::string> field_file_lines(std::string_view text);

// A field file's field, with the options it brings: its clear line, or the comment of the fumen
// in it (nullopt: a comment that is prose).
struct FieldFile {
  Field field;
  std::optional<OptionValues> options;
  fumen::ColorField colors;  // the cells in colour (a piece letter or a fumen colour; else gray)
};
// How a verb's field file writes a text field: percent's and path's start with the clear line
// (FieldLines::AfterClearLine); spin's and ren's are rows only, joined (FieldLines::RowsOnly:
// `_` and space empty, a piece letter that piece's colour, anything else gray).
enum class FieldLines { AfterClearLine, RowsOnly };

// sfinder's field file (see the top); `name` names it in errors, `page` is the fumen page when
// the file holds a fumen. Throws InputError.
FieldFile parse_field_file(std::string_view text, std::string_view name, int page = 1,
                           std::span<const OptionSpec> table = percent_options(),
                           FieldLines lines = FieldLines::AfterClearLine);

// The field as sfinder's Loader.loadFieldData reads it: the fumen of --tetfu (its --page; `-`
// reads standard input), else the field file (--field-path, default input/field.txt).
struct FieldInput {
  FieldFile loaded;
  std::string source;         // "fumen", or the field file's path
  std::string second_source;  // "fumen comment" or "field file PATH": where loaded.options are
};
FieldInput read_field_input(const OptionValues& command_line, std::span<const OptionSpec> table,
                            FieldLines lines);

// The pattern lines as sfinder's Loader.loadPatterns reads them: every --patterns value of the
// first source that has some (the command line, then `second`), split at ';', else the lines of
// the patterns file (--patterns-path of the first source that gives it, default
// input/patterns.txt). `source` receives "--patterns", the second source's name or the path.
std::vector<std::string> read_pattern_lines(const OptionValues& command_line,
                                            const OptionValues& second,
                                            const std::string& second_source, std::string& source);

// Tetfu.removeDomainData + isDataLater115: the v115 fumen data inside a line (also within a
// URL), if there is one.
std::optional<std::string> fumen_in_line(std::string_view line);

// A fumen page as sfinder reads it (FumenLoader): the field with the page's piece merged in,
// its cells in colour, and its comment as options of `table`. Throws InputError for bad data
// or a page out of range.
FieldFile load_fumen_page(const std::string& text, int page, std::span<const OptionSpec> table);

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
// `words`: the drop words of percent (the placing models) or of path (the T-spin drops too).
PercentInput read_percent_input(const OptionValues& command_line,
                                std::span<const OptionSpec> table = percent_options(),
                                DropWords words = DropWords::Placing);

}  // namespace manyworlds::tetris::sfinder
