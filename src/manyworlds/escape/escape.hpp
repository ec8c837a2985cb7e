#pragma once
// The impossible chessboard escape: boards, cell names and the prisoners' strategies.
//
// Rules. A warden puts a coin on each of the n cells of a board, heads or tails as he likes,
// and hides a key under one cell. Prisoner 1 sees the board and the key cell, and must flip
// exactly one coin. Prisoner 2 then sees only the board and must name the key cell. Both
// agree on a strategy beforehand. A strategy exists exactly when n is a power of two.
//  - XOR strategy (n = 2^k): the parity of a board is the XOR of the indices of all cells
//    showing 1. Prisoner 1 flips cell parity XOR key; prisoner 2 answers the parity.
//  - Colouring view: board states are the vertices of the n-cube, flips are its edges; a
//    strategy is a colouring of the vertices with the n cells such that every vertex has
//    exactly one neighbour of each colour (prisoner 2 answers the colour of what he sees).
//    Counting the edges into one colour class shows each class has 2^n / n vertices, so n
//    must be a power of two. See coloring.hpp.
// Variants beyond the seed:
//  - allow_no_flip: prisoner 1 may also leave the board as it is. The colour classes become
//    dominating sets; n = 2^k - 1 works through the Hamming code (cell i has label i + 1,
//    key i is the syndrome i + 1), n = 2^k by the XOR strategy.
//  - sides = D > 2: each cell holds a D-sided die showing 0..D-1, and prisoner 1 turns one
//    die by one step (v -> v + 1 mod D). With n = D^k, cell i is the vector of its k base-D
//    digits over Z_D; the syndrome is the sum of value * vector, and prisoner 1 turns cell
//    key - syndrome.
//
// Encoding. Cells are numbered in reading order from 0 (top row first, left to right); a
// board is one byte per cell (0/1, or the die's value). Board files have one row per line of
// `0`/`1` (or `H`/`T`: H = 1, T = 0; or digits 0..D-1 for dice); "cell i is bit i". The seed's
// vertex index of a board puts cell 0 in the most significant bit (seed_vertex_index). Square
// boards of side s <= 26 also name cells by square: column letter a.. from the left, rank s at
// the top, so cell 0 is a8 on 8x8 and, in the seed README's naming, A4 = 0 ... D1 = 15 on 4x4.
//
// Source: seed 001 (README of danielmast/impossible_escape, a Kotlin program reading
// board.txt, key.txt and mode.txt) and tests/data/escape/.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::escape {

// Largest board accepted from a file or --cells (2^24 cells).
inline constexpr std::size_t kMaxCells = std::size_t{1} << 24;
// Largest die.
inline constexpr int kMaxSides = 36;

enum class Symbols { Binary, Coins, Digits };

struct Board {
  std::vector<std::uint8_t> cells;  // one value per cell, reading order
  std::size_t width = 0;            // cells per row
  Symbols symbols = Symbols::Binary;
  bool trailing_newline = false;  // whether the file ended with a line end
  std::size_t size() const { return cells.size(); }
  std::size_t rows() const { return width == 0 ? 0 : cells.size() / width; }
  bool is_square() const { return width * width == cells.size(); }
};

// Parses a board file: rows of `0`/`1`, `H`/`T` (either case) or, when sides > 2, digits
// 0..sides-1 (then letters a.. for 10 and up). Spaces and tabs between cells are ignored;
// blank lines before and after the board are ignored. Throws InputError (naming the line and
// column) for a bad character, rows of different lengths, a blank line inside the board, an
// empty board, mixed 0/1 and H/T, or more than kMaxCells cells.
Board parse_board(std::string_view text, int sides = 2);

// A board given inline (--cells): the cells in reading order, no line ends. A board with a
// square number of cells is square, any other is one row.
Board parse_cells(std::string_view text, int sides = 2);

// The board as a file: rows on lines, the original symbols, a final line end when the
// original had one.
std::string format_board(const Board& board);

// The board as text for a terminal: rows of cells separated by spaces, every line ending.
std::string draw_board(const Board& board);

// A board's cells as one string of symbols (reading order).
std::string cells_string(const Board& board);

// Naming of cells.
enum class Naming { Auto, Index, Chess, Seed };

// How cells of a board with `cells` cells and row width `width` are named. `side` is 0 when
// the board has no square names.
struct CellNames {
  std::size_t cells = 0;
  std::size_t side = 0;
  bool upper = false;  // seed style (A4) rather than chess style (a8)

  // Auto: square names on square boards of side <= 26, upper case on 4x4 (the seed README),
  // lower case otherwise. Chess / Seed: square names, lower / upper case (InputError when the
  // board is not square of side <= 26). Index: numbers only.
  static CellNames make(std::size_t cells, std::size_t width, Naming naming);

  bool has_squares() const { return side != 0; }
  std::string square(std::size_t cell) const;  // "c5" / "C2"; empty when no squares
  std::string both(std::size_t cell) const;    // "34 (c4)" or "34"
  // A cell given as an index or a square name (either case). `what` names the value.
  std::size_t parse(std::string_view text, std::string_view what) const;
};

// The state of a binary board as the seed's vertex index: cell 0 is the most significant
// bit. Only for boards of at most 64 cells.
std::uint64_t seed_vertex_index(std::span<const std::uint8_t> cells);

// --- Strategies ---------------------------------------------------------------------------

struct Rules {
  int sides = 2;               // 2: coins; D > 2: D-sided dice turned one step
  bool allow_no_flip = false;  // prisoner 1 may leave the board as it is
};

enum class StrategyKind { Auto, Xor, Hamming, DiceVector, Coloring };

// What prisoner 1 does: the cell to flip (or turn), or nothing.
using Move = std::optional<std::size_t>;

class Strategy {
 public:
  // The strategy for boards of `cells` cells. Auto picks Xor (n = 2^k), Hamming
  // (allow_no_flip, n = 2^k - 1) or DiceVector (sides > 2, n = D^k). Coloring runs the
  // seed's colouring search (coloring.hpp; n <= 16), or with allow_no_flip the search for
  // dominating colour classes (n <= 5). Throws InputError when no strategy applies, saying why.
  static Strategy make(std::size_t cells, const Rules& rules, StrategyKind kind);

  // A Coloring strategy from a given colouring of the seed vertex indices (2^cells entries,
  // colours < cells; InputError otherwise). It is not checked: when a board has no neighbour
  // of the key's colour, prisoner 1 flips cell 0 and fails, which verify() reports.
  static Strategy from_coloring(std::size_t cells, std::vector<std::uint8_t> colors,
                                const Rules& rules = {});

  StrategyKind kind() const { return kind_; }
  std::string_view name() const;
  std::size_t cells() const { return cells_; }
  const Rules& rules() const { return rules_; }

  // The syndrome prisoner 2 reads: the XOR parity (Xor), the Hamming syndrome (Hamming, 0..n),
  // the Z_D sum as a number in base D (DiceVector), or the vertex colour (Coloring).
  std::size_t syndrome(std::span<const std::uint8_t> board) const;
  // Prisoner 1: what to do so that the board shows `key`.
  Move move(std::span<const std::uint8_t> board, std::size_t key) const;
  // Prisoner 2: the key cell read from the board.
  std::size_t answer(std::span<const std::uint8_t> board) const;
  // Applies a move: cell value v -> v + 1 mod sides.
  void apply(std::span<std::uint8_t> board, Move move) const;

 private:
  StrategyKind kind_ = StrategyKind::Xor;
  std::size_t cells_ = 0;
  Rules rules_;
  int digits_ = 0;                    // k with n = D^k (DiceVector)
  std::vector<std::uint8_t> colors_;  // Coloring: colour of each seed vertex index
};

// The colouring prisoner 2 reads under a coin strategy: the answer for every board, indexed
// by seed vertex index (cell 0 most significant). For at most 16 cells.
std::vector<std::uint8_t> strategy_coloring(const Strategy& strategy);

// The XOR of the indices of all cells showing 1 (the seed's parity).
std::size_t xor_parity(std::span<const std::uint8_t> board);

// Whether n is a power of two (1, 2, 4, ...).
bool is_power_of_two(std::uint64_t n);
// k with sides^k = n, or -1.
int exact_log(std::uint64_t n, std::uint64_t sides);

// --- Verification ---------------------------------------------------------------------------

struct VerifyOptions {
  std::uint64_t samples = 1000;  // boards checked when not exhaustive (each with every key
                                 // when cells <= 64, else with one random key)
  std::uint64_t seed = 1;
  unsigned threads = 1;
  bool progress = false;
  bool force = false;  // exhaustive even above kExhaustiveLimit cases
};

struct VerifyFailure {
  std::vector<std::uint8_t> board;
  std::size_t key = 0;
  Move move;
  std::size_t answer = 0;
};

struct VerifyResult {
  std::size_t cells = 0;
  bool exhaustive = false;
  std::uint64_t boards = 0;  // boards checked
  std::uint64_t cases = 0;   // (board, key) pairs checked
  std::uint64_t failures = 0;
  std::optional<VerifyFailure> first_failure;
  // A digest of every board checked and prisoner 1's moves on it, in a fixed order: the same
  // for the same seed at any thread count.
  std::uint64_t digest = 0;
};

// Exhaustive when sides^cells * cells is at most kExhaustiveLimit, or up to
// kForcedExhaustiveLimit cases when forced.
inline constexpr std::uint64_t kExhaustiveLimit = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kForcedExhaustiveLimit = std::uint64_t{1} << 36;
// Sampled verification above this many cell visits (about ten seconds) needs force.
inline constexpr double kSampleWorkLimit = 1e10;

// Checks the strategy: for each board and key, prisoner 1's move followed by prisoner 2's
// answer gives the key back, and the move is a cell of the board. Every board and every key
// when there are at most kExhaustiveLimit cases (or forced), else `samples` random boards
// from `seed` (each with every key when cells <= 64, else one random key). Identical at any
// thread count.
VerifyResult verify(const Strategy& strategy, const VerifyOptions& options);

}  // namespace manyworlds::escape
