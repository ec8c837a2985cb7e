#pragma once
// solution-finder's `spin` as one call (knewjade/solution-finder @0e7c935a:
// entry/spin/SpinEntryPoint.java, SpinSettingParser.java, entry/spin/output/*.java): the inputs
// read as sfinder reads them, every T-spin setup (search/tspin_search.hpp), each judged as
// sfinder's Formatter judges it (its mark, T-spin name, holes, priority), the HTML or CSV file
// and the log.
//
// Judging a result (field + pieces, T the spinning T):
//  - mark: `-` when the pieces but the T cannot be built in any order (build_order.hpp, soft
//    drop, the field height) or the T does not rest on anything once the rows full without it
//    are removed; else `O` when the T rotates into its place (RotateReachable), `X` when not.
//    -f strict shows O, ignore-t O and X, none all three.
//  - the T-spin: of the rotations (clockwise, then counter-clockwise) whose kick lands on the
//    T from a state the soft drop reaches, the one of highest priority: lines x 10 + (5 regular,
//    4 FIN, 3 ISO, 2 mini, 1 NEO); from the reverse side into a vertical T the fourth kick test
//    names ISO (the two corners in front blocked) or NEO, the fifth FIN; a T-spin is regular when
//    both front corners are blocked or the kick is SRS's special one (`@`), else mini.
//  - holes: empty cells right below a block once the full rows are removed; clear: rows full.
//  - priority (lowest first): mini x 5,760,000 + holes x 11,520 + (clear - T's rows) x 480 +
//    the T's y x 20 + pieces.

#include <optional>
#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/search/tspin_search.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"

namespace manyworlds::tetris::sfinder {

struct SpinRequest {
  OptionValues options;  // sfinder's options by their long names (spin_options())
  bool progress = false;
};

enum class SpinFilter { Strict, IgnoreT, None };
enum class SpinFormat { Html, Csv };

// sfinder's TSpinNames, in its order.
enum class SpinName { Neo, Fin, Iso, None };

// The T-spin a T makes (sfinder's Spin).
struct TSpinKind {
  bool mini = false;
  SpinName name = SpinName::None;
  int lines = 0;
  int priority = 0;  // sfinder's SpinDefaultPriority
};

// One result as sfinder writes it.
struct SpinSolution {
  std::vector<PathPiece> pieces;  // in sfinder's order
  int t = 0;                      // index of the T
  char mark = 'O';                // O, X or -
  std::optional<TSpinKind> spin;  // with roofs (HTML) or in the CSV
  int cleared_by_t = 0;
  int cleared = 0;
  int holes = 0;
  int priority = 0;
  std::string fumen;  // data after v115@
};

struct SpinRun {
  // The settings as sfinder derives them.
  int fill_bottom = 0, fill_top = 0, margin = 0, field_height = 0, line = 2;
  bool roof = true;
  int max_roof = -1;  // -1: no limit
  SpinFilter filter = SpinFilter::Strict;
  SpinFormat format = SpinFormat::Html;
  bool split = false;
  std::string pieces;                   // the piece multiset, T I L J S Z O order
  std::size_t results = 0;              // results of the search, before the filter
  std::vector<SpinSolution> solutions;  // written, in the file's order
  std::string file;
  std::string log_path;
  Report report;
};

// Throws InputError (one line; sfinder's message where sfinder stops with one).
SpinRun run_spin(const SpinRequest& request);
void write_text(fmt::memory_buffer& out, const SpinRun& run);
void to_json(Json& out, const SpinRun& run);

// The best T-spin of the T at `t` on `field` (the field without the T, full rows removed, the T
// lowered with them), clearing `lines`; nullopt when no rotation gets there. `height`: the free
// height of the soft drop model (sfinder's field height).
std::optional<TSpinKind> best_t_spin(const Field& field, const Placement& t, int lines, int height);

}  // namespace manyworlds::tetris::sfinder
