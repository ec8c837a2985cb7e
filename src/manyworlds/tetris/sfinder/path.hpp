#pragma once
// solution-finder's `path` as one call (entry/path/PathEntryPoint.java): the inputs read as
// sfinder's PathSettingParser reads them, every perfect-clear solution (search/path.hpp), the
// HTML or CSV files named and written as sfinder names them (path_files.hpp), the log; and our
// `saves`, which reads its inputs as path does (search/saves.hpp).

#include <optional>
#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/search/minimal_cover.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/search/saves.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"

namespace manyworlds::tetris::sfinder {

// Beyond this many input sequences (with repeats) path and saves ask for --force.
inline constexpr std::uint64_t kMaxPathInputsUnforced = 1'000'000;

struct PathRequest {
  OptionValues options;             // sfinder's options by their long names (path_options())
  std::string minimal = "sfinder";  // or "exact": also the proven smallest covering set
  double minimal_seconds = 60;      // the exact solver's time limit (0: none)
  std::string pictures = "yes";     // draw each solution's field in the HTML
  bool force = false;
  bool progress = false;
  bool write_log = true;  // sfinder's log file (-lp); the browser app keeps none (log path "")
};

enum class PathFormat { Html, CsvNone, CsvSolution, CsvPattern, CsvUse };

struct PathRun {
  PercentInput input;
  PathResult result;
  PathFormat format = PathFormat::Html;
  bool split = false;
  std::vector<int> unique;
  std::optional<ExactCover> exact;
  std::vector<std::string> files;  // written, in order
  std::string log_path;
  Report report;
  std::optional<std::string> console;  // -o - with CSV: the CSV is printed instead
};

PathRun run_path(const PathRequest& request);
void write_text(fmt::memory_buffer& out, const PathRun& run);
void to_json(Json& out, const PathRun& run);

struct SavesRequest {
  OptionValues options;  // path's input options (saves_options())
  std::vector<std::string> expressions;
  bool force = false;
  bool progress = false;
};

struct SavesRun {
  std::vector<SavesExpr> expressions;
  SavesResult result;
};

SavesRun run_saves(const SavesRequest& request);
void write_text(fmt::memory_buffer& out, const SavesRun& run);
void to_json(Json& out, const SavesRun& run);

}  // namespace manyworlds::tetris::sfinder
