#pragma once
// solution-finder 1.43's output files for `path`, written from a PathResult byte for byte as
// sfinder writes them (entry/path/output/*.java, output/HTMLBuilder.java, common/tetfu/).
//
//  - HTML (LinkPathOutput): one line, no line breaks: a header "N solutions [M input sequences]"
//    and a link "All solutions" (one fumen page per solution, most input sequences first),
//    then the solutions without a row skip ("ライン消去なし") and those with one
//    ("ライン消去あり"), each a link to its fumen named by its pieces' states ("L-Spawn T-Reverse
//    I-Spawn") with "x.x % [n]" (the share of the input sequences that build it). Solutions are
//    sorted as sfinder's PathPairComparator sorts them, then by n, most first.
//  - CSV -k none (CSVPathOutput): one line per solution, its pieces in the first build order
//    under softdrop as "T,2,6,1" (piece, state 0/R/2/L, x, y after the rows below are cleared).
//  - CSV -k solution, pattern, use (FumenCSVPathOutput, PatternCSVPathOutput, UseCSVPathOutput):
//    sfinder's Japanese headers and columns.
// Where sfinder's order is arbitrary (Java hash sets, parallel streams), ours is defined:
// sequences and piece sets sorted in piece order T I L J S Z O; the pattern and use CSV rows in
// pattern order (a sequence that the patterns give k times is k rows, as in sfinder); equal "[n]"
// keep the comparator's order. Percentages are formatted as Java's String.format does (the
// shortest decimal that reads back as the double, rounded half up).

#include <string>
#include <vector>

#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/path.hpp"

namespace manyworlds::tetris {

// Java's String.format("%.Nf", value).
std::string java_fixed(double value, int decimals);

// The fumen data (without "v115@") sfinder links a solution to: one page with the field in
// gray and the pieces in colour, the sample pieces as the comment; with `split` (sfinder's -s
// yes), one page per piece in build order with a quiz comment.
std::string path_fumen(const PathResult& r, const PathSolution& s, bool split);

// sfinder's SequenceFumenParser: the pieces placed in `order` on `field` (rows below `height`):
// the field with its full rows cleared, then one page per piece (where it lands once the full
// rows below it are cleared), every page with the quiz of the order.
std::string sequence_fumen(const Field& field, int height, const std::vector<PathPiece>& order);

// "L-Spawn T-Reverse I-Spawn": the sample pieces with their states.
std::string path_link_text(const PathSolution& s);

struct PathHtmlOptions {
  bool split = false;     // sfinder's -s yes: per-piece fumens in the links
  bool pictures = false;  // draw each solution's field as inline SVG before its link
};

// `list` stably sorted by sfinder's PathPairComparator (the order its HTML output sorts the
// solutions in, before it selects the minimal ones from them).
std::vector<int> path_html_order(const PathResult& r, const std::vector<int>& list);

// The HTML page of the solutions `list` (indices into r.solutions).
std::string path_html(const PathResult& r, const std::vector<int>& list,
                      const PathHtmlOptions& options);

// CSV -k none: one line per solution of `list` ("" when it has no softdrop build order).
std::string path_csv_none(const PathResult& r, const std::vector<int>& list);
// CSV -k solution (needs PathOptions::orders).
std::string path_csv_solution(const PathResult& r, bool split);

// CSV -k pattern (needs PathOptions::orders); `successes` / `rows` are its perfect-clear count
// and row count (sfinder's "perfect clear percent" line).
struct PatternCsv {
  std::string text;
  std::uint64_t successes = 0;
  std::uint64_t rows = 0;
};
PatternCsv path_csv_pattern(const PathResult& r, const std::vector<Pattern>& patterns, bool hold,
                            bool split);

// CSV -k use (needs PathOptions::orders); `rows` is sfinder's "Found piece combinations".
struct UseCsv {
  std::string text;
  std::uint64_t rows = 0;
};
UseCsv path_csv_use(const PathResult& r, const std::vector<Pattern>& patterns, bool split);

// sfinder's use rows (ReducePatternGenerator.blockCountersStream): the piece sets of `length`
// pieces, each as often as sfinder lists it.
std::vector<std::pair<std::uint64_t, std::uint64_t>> counted_piece_sets(
    const std::vector<Pattern>& patterns, int length);

}  // namespace manyworlds::tetris
