#pragma once
// solution-finder 1.43's `util fumen` (knewjade/solution-finder @0e7c935a:
// entry/util/fumen/FumenUtil*.java, converter/*Converter.java; its docs, contents/util/fumen):
// each fumen given is rewritten and printed as one line `v115@...` (also written to the log).
//
// sfinder reads a fumen page as: its field before the piece, its piece, lock / mirror / rise
// flags, the garbage row, and its own comment ("" when the page carries none). A page "places"
// its piece when it has one and locks it. Modes:
//  - reduce: one page: the first page's field with the pieces of the placing pages drawn in
//    their colours, where they end up when the rows cleared before each piece are put back
//    (pieces after the first placing page that rises or mirrors are dropped), and the first
//    page's comment. A piece that ends up above the 24 rows is an error.
//  - remove-comment: every page as it was, without comments.
//  - filter: the placing pages (as in reduce) without those of one piece; the others moved down
//    by the rows that are no longer cleared below them, each with its own comment and flags;
//    the first page carries the first placing page's field. None left: one empty page.
// Pages, pieces and line clears use 24 rows as sfinder does; the fumens are written by
// sfinder's Tetfu.encode (sfinder/fumen_writers.hpp).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

enum class FumenMode { Reduce, RemoveComment, Filter };

// "reduce", "remove-comment" or "filter" (trimmed, any case); InputError else.
FumenMode parse_fumen_mode(std::string_view text);
std::string_view fumen_mode_name(FumenMode mode);

// The conversions, on the data after "v115@"; each returns "v115@..." . InputError for data
// sfinder cannot read either, or (reduce, filter) a piece that ends up above row 24.
std::string fumen_reduce(std::string_view data);
std::string fumen_remove_comment(std::string_view data);
std::string fumen_filter(std::string_view data, Piece removed);

struct UtilFumenInput {
  std::vector<std::string> fumens;  // the data after the 5-character prefix, in order
  FumenMode mode = FumenMode::Reduce;
  std::optional<Piece> filter;  // the piece filter mode removes
  std::string log_path = "output/last_output.txt";
};

// Reads util fumen's options (util_fumen_options()): the fumens of -t (each value split at
// spaces; whole URLs and d115@/m115@ work; other text and older data are skipped) or of the
// field file (-fp, default input/field.txt: one a line, `#` comments), the mode, the filter.
// Throws InputError (exit 1) with one line naming the problem.
UtilFumenInput read_util_fumen_input(const OptionValues& options);

struct UtilFumenRun {
  UtilFumenInput input;
  std::vector<std::string> lines;  // one "v115@..." per fumen
};

// Reads the inputs, converts every fumen, writes the lines to the log (-lp).
UtilFumenRun run_util_fumen(const OptionValues& options);

void write_text(fmt::memory_buffer& out, const UtilFumenRun& run);
void to_json(Json& out, const UtilFumenRun& run);

}  // namespace manyworlds::tetris::sfinder
