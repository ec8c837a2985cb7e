#pragma once
// solution-finder's `setup` as a player runs it (sfinder 1.43, knewjade/solution-finder
// @0e7c935a: entry/setup/SetupSettingParser.java, SetupSettings.java, SetupEntryPoint.java,
// output/*): its inputs (the coloured cells of a fumen page or the marks of a field file, the
// fill, margin and free colours, the patterns, the options of a fumen comment), the search
// (search/fill_setups.hpp), its report and log, and its setup.html or setup.csv.
// docs/tetris.md ("tetris setup") describes the report and where we differ.

#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/search/fill_setups.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

// Everything setup reads, resolved.
struct SetupInput {
  SetupField field;
  std::vector<std::string> field_rows;  // the report's "# Setup Field" rows, top first
  int boards = 1;  // 64-bit boards of sfinder's field (column ids): 1 up to 6 rows, else 2
  std::vector<std::string> pattern_lines;  // as given (the report lists the first 5)
  SetupOptions options;                    // the search's (patterns, mode, drop, ...)
  std::string kicks_name = "srs";
  std::vector<std::string> operation_names;  // "Row(1)", "T-REVERSE(2,2)"
  bool csv = false;                          // -fo csv (else HTML)
  std::string output_path = "output/setup.html";
  bool csv_to_stdout = false;  // -fo csv -o -: the CSV is printed, the report only logged
  std::string log_path = "output/last_output.txt";
};

// Reads setup's inputs. `command_line` holds the options given on the command line by their
// long names (setup_options()). Files are read relative to the working folder. Throws
// InputError (exit 1) with one line naming the problem.
SetupInput read_setup_input(const OptionValues& command_line);

struct SetupRequest {
  OptionValues options;  // sfinder's options by their long names (setup_options())
  unsigned threads = 1;
  bool progress = false;
  bool force = false;           // beyond kMaxSubSolutionsUnforced
  bool sfinder_quirks = false;  // sfinder 1.43's two deviations (fill_setups.hpp)
};

// Beyond this many sub solutions (copies counted) setup asks for --force.
inline constexpr std::uint64_t kMaxSubSolutionsUnforced = 1'000'000;

struct SetupRun {
  SetupInput input;
  SetupResult result;
  unsigned threads = 1;
  double seconds = 0;  // the search
  std::string report;  // as logged (and printed, but with -o - for the CSV)
  std::string csv;     // the CSV file, when -fo csv
};

// --sfinder-quirks: yes or no (sfinder's yes/no words); InputError else.
bool parse_quirks(std::string_view text);

// Reads the inputs, searches, writes the log (-lp) and the HTML or CSV file (-o).
SetupRun run_setup(const SetupRequest& request);

// The report; `version` and `milliseconds` fill its `Version =` and stopwatch lines.
std::string setup_report(const SetupInput& input, const SetupResult& result, unsigned threads,
                         std::string_view version, long long milliseconds);

// sfinder's setup.html and setup.csv. Where sfinder's order comes from Java identity hashes
// (columns with the same title, entries and "All solutions" pages with the same count, CSV
// groups), ours is the solutions' order.
std::string setup_html(const SetupInput& input, const SetupResult& result);
std::string setup_csv(const SetupInput& input, const SetupResult& result);

void write_text(fmt::memory_buffer& out, const SetupRun& run);
void to_json(Json& out, const SetupRun& run);

}  // namespace manyworlds::tetris::sfinder
