#pragma once
// solution-finder 1.43's `ren` (alias `combo`) as a player runs it (knewjade/solution-finder
// @0e7c935a: entry/ren/RenSettingParser.java, RenEntryPoint.java, RenHTMLColumn.java): its
// inputs (the field of a fumen page or of a field file of rows, one sequence of pieces from -p,
// a quiz comment or the patterns file, hold, kicks, drop), the search (search/ren.hpp), its
// report (also the log, -lp) and its HTML page (-o): one section per REN count, a link per chain
// to its fumen, one page per piece. docs/tetris.md ("tetris ren") describes both and where we
// differ.

#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/ren.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

// sfinder's longest queue for ren (Verify.patterns).
inline constexpr int kMaxRenPieces = 44;

// Everything ren reads, resolved (the queue itself is read from the pattern lines when the
// search starts, as sfinder does).
struct RenInput {
  Field field;  // every non-empty cell of the page or the file, 24 rows, full rows included
  std::vector<std::string> pattern_lines;
  bool use_hold = true;
  DropType drop = DropType::Softdrop;
  KickTable kicks = KickTable::srs();
  std::string kicks_name = "srs";
  std::string log_path = "output/last_output.txt";
  std::string output_path = "output/ren.html";  // -o after sfinder's base-name rule
};

// Reads ren's inputs. `command_line` holds the options given by their long names
// (ren_options()). Files are read relative to the working folder. Throws InputError (exit 1)
// with one line naming the problem.
RenInput read_ren_input(const OptionValues& command_line);

// The one sequence of the pattern lines (sfinder: "Should specify one sequence"), at most
// kMaxRenPieces pieces. Throws InputError.
std::vector<Piece> ren_queue(const std::vector<std::string>& pattern_lines);

struct RenRequest {
  OptionValues options;  // sfinder's options by their long names (ren_options())
  unsigned threads = 1;
  bool progress = false;  // draw progress on stderr
};

struct RenRun {
  RenInput input;
  std::vector<Piece> queue;
  RenResult result;
  std::vector<int> columns;  // the REN counts in sfinder's column order (its "Max" is the first)
  double seconds = 0;
  std::string report;  // the console report, also written to the log
  std::string html;    // output_path's content
};

// Reads the inputs, searches, writes the log (-lp) and the HTML page (-o).
RenRun run_ren(const RenRequest& request);

void write_text(fmt::memory_buffer& out, const RenRun& run);
void to_json(Json& out, const RenRun& run);

// The columns of sfinder's page: the chains' REN counts as a Java HashSet<Integer> lists them
// (filled in chain order), reversed.
std::vector<int> ren_columns(const RenResult& result);

// "T-Left O-Spawn J-Reverse": a chain's pieces with their states, as its link reads.
std::string ren_link_text(const RenChain& chain);

// The report, line for line as sfinder prints it; `version` and `milliseconds` fill its
// `Version:` and stopwatch lines.
std::string ren_report(const RenInput& input, const std::vector<Piece>& queue,
                       const RenResult& result, const std::vector<int>& columns,
                       std::string_view version, long long milliseconds);

// sfinder's ren.html: one line, no line break.
std::string ren_html(const RenInput& input, const RenResult& result,
                     const std::vector<int>& columns);

}  // namespace manyworlds::tetris::sfinder
