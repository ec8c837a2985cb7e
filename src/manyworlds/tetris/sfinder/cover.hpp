#pragma once
// solution-finder's `cover` as a player runs it (sfinder 1.43, knewjade/solution-finder
// @0e7c935a: entry/cover/CoverSettingParser.java, CoverSettings.java, CoverEntryPoint.java):
// its inputs (setups from -t or the field file, each with its mirror under --mirror; patterns as
// percent reads them), the search (search/cover.hpp), its report and log, and its cover.csv.
// docs/tetris.md ("tetris cover") describes the report and where we differ.

#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/cover.hpp"
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

struct CoverRequest {
  OptionValues options;  // sfinder's options by their long names (cover_options())
  CoverMethod method = CoverMethod::Optimized;
  unsigned threads = 1;
  bool force = false;     // beyond kMaxSequencesUnforced sequences
  bool progress = false;  // draw progress on stderr
  bool write_log = true;  // sfinder's log file (-lp); the browser app keeps none (log path "")
};

// Beyond this many sequences (counted with repeats) cover asks for --force.
inline constexpr std::uint64_t kMaxCoverSequencesUnforced = 1'000'000;

struct CoverRun {
  CoverInput input;
  CoverResult result;
  double seconds = 0;
  std::string report;
};

// Reads the inputs, searches, writes the log (-lp) and the CSV (-o).
CoverRun run_cover(const CoverRequest& request);
// "optimized" or "direct"; InputError otherwise.
CoverMethod parse_cover_method(std::string_view name);

void write_text(fmt::memory_buffer& out, const CoverRun& run);
void to_json(Json& out, const CoverRun& run);

// sfinder's cover.csv: `sequence,<label>,...` (labels in report order), then one line per
// sequence, `TILJSZO,O,X,...` ("O": builds), lines ending in "\n".
std::string cover_csv(const std::vector<CoverSetup>& setups, const CoverResult& result);

}  // namespace manyworlds::tetris::sfinder
