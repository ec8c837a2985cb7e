#pragma once
// solution-finder's percent as one call: the inputs read as sfinder reads them (inputs.hpp), the
// search (search/percent.hpp), the report written to the log file, and the result as a value
// whose text form is sfinder's report (PercentEntryPoint) and whose JSON form holds the same.

#include <string>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"

namespace manyworlds::tetris::sfinder {

struct PercentRequest {
  OptionValues options;  // sfinder's options by their long names (percent_options())
  PercentMethod method = PercentMethod::Auto;
  bool force = false;     // beyond kMaxSequencesUnforced sequences
  bool progress = false;  // draw progress on stderr
};

// Beyond this many sequences (with repeats, after truncation) percent asks for --force: at
// tens of thousands of sequences a second on hard fields, that is minutes of work.
inline constexpr std::uint64_t kMaxSequencesUnforced = 1'000'000;

struct PercentRun {
  PercentInput input;
  PercentResult result;
  unsigned threads = 1;
  double seconds = 0;  // the search
  Report report;       // as printed and logged
};

// Reads the inputs, searches, writes the log file (-lp). Throws InputError for bad input.
PercentRun run_percent(const PercentRequest& request);

// The block "# Initialize / User-defined" of percent's report, which path's shares (its clear
// line is the one searched).
void report_user_defined(Report& report, const PercentInput& in, int clear_line);

void write_text(fmt::memory_buffer& out, const PercentRun& run);
void to_json(Json& out, const PercentRun& run);

}  // namespace manyworlds::tetris::sfinder
