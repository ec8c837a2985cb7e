#pragma once
// Setup coverage as solution-finder 1.43's `cover` computes it (knewjade/solution-finder
// @0e7c935a: entry/cover, common/cover, common/SpinChecker): for several setups, which sequences
// of a pattern can build each one. docs/tetris.md ("How cover decides") states the rules (the
// setup's pages and rows, when a sequence builds it, the modes, the counts) and the two methods.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/board/spin.hpp"

namespace manyworlds::tetris {

// One piece of a setup (sfinder's MinoOperationWithKey), in the rows of the setup's field.
struct CoverPiece {
  // piece, rotation, x as on the page; y = (lowest cell's row) - shape min_y: sfinder's y.
  Placement placement;
  std::uint32_t need_cleared = 0;  // bit r: row r must be cleared before the piece is placed
  std::array<Cell, 4> cells{};     // where its cells are in the setup's rows
};

struct CoverSetup {
  std::string data;     // the fumen data as found in the argument (v115@...): sfinder's label
  bool mirror = false;  // the left-right mirror of the setup
  Field field;          // the first page's field (pieces and gray cells alike)
  std::vector<CoverPiece> pieces;

  std::string label() const;  // data, or data + "#mirror" (cover.csv's column header)
  std::string url() const;    // "http://fumen.zui.jp/?" + data (+ " (mirror)")
};

// The row of the full field that row `r` of the field without the rows `removed` is; -1 when it
// lies beyond the top (sfinder's insertBlackLineWithKey pushes such rows out).
int restore_row(int r, std::uint32_t removed);

// A piece as sfinder's OperationTransform.parseToOperationWithKeys records it: placed at the
// page's (x, y) on `field` with its full rows removed, then the removed rows put back: its cells
// in the rows of `field`, the rows it needs cleared, its y from its lowest cell. nullopt when a
// cell ends up outside the columns or the 24 rows.
std::optional<CoverPiece> keyed_piece(const Field& field, const Placement& page_piece);

// Reads a setup from `FUMEN[#start:end]`: the fumen may be a whole URL; v115 data only (v115@,
// d115@, m115@), as sfinder. nullopt when the text holds no such data (sfinder skips those).
// Throws InputError for a bad page range or fumen data.
std::optional<CoverSetup> read_cover_setup(std::string_view argument);

// The mirror of a setup (sfinder's MinoTransform.mirror; the rows to clear stay).
CoverSetup mirror_setup(const CoverSetup& setup);

// sfinder's CoverModes: what "builds" requires beyond placing every piece.
enum class CoverMode : std::uint8_t {
  Normal,         // nothing more
  B2BContinuous,  // every line clear is a T-spin (mini too) or an I clearing 4 lines
  TSpinMini,      // at least one T-spin clearing lines (mini too) ...
  TSpinSingle,    // ... a regular T-spin clearing at least 1, 2, 3 lines; and, with
  TSpinDouble,    //     starting_b2b = k, the first k line clears are T-spins or
  TSpinTriple,    //     4-line clears (any other clear before that fails)
  Tetris,         // an I clearing 4 lines at some point
  TetrisEnd,      // the last piece is an I clearing 4 lines
  OneLine,        // every line clear clears at least N lines (N = 1..4) ...
  OneLineOrPC,    // ... or is a perfect clear
  TwoLines,
  TwoLinesOrPC,
  ThreeLines,
  ThreeLinesOrPC,
  FourLines,
  FourLinesOrPC,
};
// sfinder's spellings (case-insensitive, '_' = '-'): normal, b2b, any (any-tspin, anytspin,
// tsm, tspinm), tss (tspin1), tsd (tspin2), tst (tspin3), tetris, tetris-end (tetrisend),
// 1l (1line, 1lines) .. 4l, 1l-or-pc (1line-or-pc, 1lines-or-pc) .. 4l-or-pc. InputError else.
CoverMode parse_cover_mode(std::string_view text);
std::string_view cover_mode_name(CoverMode mode);  // sfinder's report: "normal", "tspindouble"..
// Whether -ms / -mc apply (sfinder's isNLinesMode: normal and the N-lines modes).
bool cover_mode_counts_lines(CoverMode mode);

enum class CoverSort : std::uint8_t { Input, SuccessAscending, SuccessDescending };
// input, success (= success-desc), success-asc, success-desc ('_' = '-'). InputError else.
CoverSort parse_cover_sort(std::string_view text);

enum class CoverMethod : std::uint8_t { Optimized, Direct };

struct CoverOptions {
  bool use_hold = true;
  DropType drop = DropType::Softdrop;  // spin.hpp
  KickTable kicks = KickTable::srs();
  CoverMode mode = CoverMode::Normal;
  int max_softdrop = -1;    // line-counting modes: soft drops allowed (-1: any number)
  int max_clear_line = -1;  // line-counting modes: line clears allowed (-1: any number)
  int starting_b2b = 0;     // T-spin modes
  int last_softdrop = 0;    // the last N pieces may also soft drop, whatever the drop model
  bool priority = false;
  // Full rows clear before each placement (sfinder). setup-percent (setup.hpp) turns it off:
  // its setups are built without line clears.
  bool clear_lines = true;
  CoverSort sort = CoverSort::Input;
  CoverMethod method = CoverMethod::Optimized;
  unsigned threads = 1;
  bool progress = false;
  // Refuse (InputError) patterns with more sequences than this, counted with repeats;
  // 0: no limit. The CLI lifts it with --force.
  std::uint64_t max_sequences = 0;
};

struct CoverResult {
  std::vector<Sequence> sequences;                 // distinct, in sfinder's (lexicographic) order
  std::vector<std::vector<std::uint8_t>> success;  // [setup][sequence]: 1 when it builds
  std::vector<std::uint64_t> counts;               // per setup
  std::uint64_t or_count = 0;
  std::uint64_t and_count = 0;
  std::vector<int> order;  // setups in report order (stable sort by `sort`)
  // Along `order`: sequences building at least one / all of the setups up to that position.
  std::vector<std::uint64_t> accumulated_or, accumulated_and;
};

// Throws InputError for patterns that are too many (max_sequences), a drop model the kicks do
// not support (180), or no setup; Cancelled on Ctrl-C.
CoverResult cover(const std::vector<CoverSetup>& setups, const std::vector<Pattern>& patterns,
                  const CoverOptions& options);

// The same for given sequences (any order; result.sequences is a copy), patterns and
// max_sequences aside.
CoverResult cover_sequences(const std::vector<CoverSetup>& setups,
                            const std::vector<Sequence>& sequences, const CoverOptions& options);

// Whether `sequence` builds `setup` (ignores priority), by options.method; one thread.
bool cover_builds(const CoverSetup& setup, const Sequence& sequence, const CoverOptions& options);

}  // namespace manyworlds::tetris
