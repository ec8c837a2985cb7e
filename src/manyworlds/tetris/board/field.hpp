#pragma once
// Tetris core: the field, the seven pieces and their rotation states, placements, line clears.
//
// How to use the core (the percent search and the CLI build on this):
//   Field f = Field::parse("XXXXX____X/XXXXXX___X");     // or fumen::decode(...)[page].merged()
//   KickTable kicks = load_kicks("srs");                 // kicks.hpp: srs, nokicks, @FILE
//   MoveGenerator gen(kicks, Drop::Softdrop);            // movegen.hpp; const, thread-safe
//   MoveList moves;                                      // fixed capacity, lives on the stack
//   gen.generate(f, Piece::T, /*height=*/4, moves);      // every reachable placement, once
//   for (const Placement& p : moves) {
//     Field next = f;
//     next.place(p);                                     // the piece's cells, no line clear
//     int cleared = next.clear_lines();                  // full rows removed, rows above drop
//   }
// Nothing on that path allocates.
//
// Rules and conventions (solution-finder's, identical to the npm package tetris-fumen's;
// tests/data/tetris/kicks.md): the field is 10 columns wide, x = 0..9 from the left,
// y = 0.. from the BOTTOM (y grows up), at most kMaxHeight = 24 rows. Row y is a 10-bit mask,
// bit x set when cell (x, y) is filled. A piece state is (piece, rotation, x, y): (x, y) is the
// cell (0,0) of the shape table below, rotated about (0,0) for every piece (I and O included;
// their kick tables compensate):
//   spawn (North) cells: T (0,0)(-1,0)(1,0)(0,1)   I (0,0)(-1,0)(1,0)(2,0)
//                        L (0,0)(-1,0)(1,0)(1,1)   J (0,0)(-1,0)(1,0)(-1,1)
//                        S (0,0)(-1,0)(0,1)(1,1)   Z (0,0)(1,0)(0,1)(-1,1)   O (0,0)(1,0)(0,1)(1,1)
//   East = (x,y)->(y,-x), South = (-x,-y), West = (-y,x).
// A line clear removes every full row; the rows above move down. Placements with the same cells
// (I, S, Z have two shapes over four states, O one) are one placement; canonical() picks the
// lowest rotation index among the equivalent states.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace manyworlds::tetris {

inline constexpr int kWidth = 10;
inline constexpr int kMaxHeight = 24;
using Row = std::uint16_t;
inline constexpr Row kFullRow = 0x3FF;

// sfinder's order (its Piece enum): T I L J S Z O.
enum class Piece : std::uint8_t { T, I, L, J, S, Z, O };
inline constexpr int kPieceCount = 7;
inline constexpr std::array<Piece, kPieceCount> kAllPieces = {
    Piece::T, Piece::I, Piece::L, Piece::J, Piece::S, Piece::Z, Piece::O};

// North = spawn, East = right (after one clockwise turn), South = reverse, West = left.
enum class Rotation : std::uint8_t { North, East, South, West };
inline constexpr int kRotationCount = 4;

char piece_letter(Piece piece);                     // 'T', 'I', ...
std::optional<Piece> piece_from_letter(char c);     // upper or lower case; nullopt otherwise
char rotation_letter(Rotation rotation);            // 'N', 'E', 'S', 'W'
std::string_view rotation_name(Rotation rotation);  // "spawn", "right", "reverse", "left"
inline Rotation rotate_cw(Rotation r) {
  return Rotation((int(r) + 1) & 3);
}
inline Rotation rotate_ccw(Rotation r) {
  return Rotation((int(r) + 3) & 3);
}
inline Rotation rotate_180(Rotation r) {
  return Rotation((int(r) + 2) & 3);
}

struct Cell {
  std::int8_t x = 0;
  std::int8_t y = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

// One rotation state of a piece: its cells relative to (x, y), their bounds, and the cells as
// row masks: rows[i] holds the cells at dy = min_y + i, bit j for dx = min_x + j.
struct Shape {
  std::array<Cell, 4> cells;
  std::int8_t min_x, max_x, min_y, max_y;
  std::array<Row, 4> rows;
};
const Shape& shape(Piece piece, Rotation rotation);

// A piece in the field: cell (0,0) of shape(piece, rotation) at (x, y).
struct Placement {
  Piece piece = Piece::T;
  Rotation rotation = Rotation::North;
  std::int8_t x = 0;
  std::int8_t y = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
  friend auto operator<=>(const Placement&, const Placement&) = default;
};

// The equivalent state (same cells) with the lowest rotation index.
Placement canonical(Placement p);
// Whether the placement lies inside columns 0..9 and rows 0..kMaxHeight-1.
bool in_bounds(const Placement& p);

class Field {
 public:
  Field() = default;
  // Rows from the top down, separated by '/' or new lines; '_' or '.' empty, any other
  // printable character (X, piece letters, #) filled; the last row given is y = 0. Each row
  // must be 10 characters. Throws InputError naming the row otherwise.
  static Field parse(std::string_view rows);

  Row row(int y) const { return y >= 0 && y < kMaxHeight ? rows_[y] : Row(0); }
  void set_row(int y, Row bits) { rows_[y] = bits & kFullRow; }
  bool filled(int x, int y) const { return (row(y) >> x) & 1; }
  void set(int x, int y, bool value = true);

  int height() const;       // highest filled row + 1; 0 when empty
  int block_count() const;  // filled cells
  bool empty() const { return height() == 0; }

  // Whether the placement is in bounds and overlaps no filled cell.
  bool can_place(const Placement& p) const;
  // Fills the placement's cells (must be in bounds); no line clear.
  void place(const Placement& p);
  // Removes every full row (rows above move down); returns how many.
  int clear_lines();
  // The same, limited to the rows below `height` (rows at or above `height` never clear).
  int clear_lines_below(int height);

  // Rows from the top down ('X' filled, '_' empty), `rows` of them (default: height(), at
  // least 1), separated by `separator`.
  std::string to_string(int rows = -1, char separator = '\n') const;

  const std::array<Row, kMaxHeight>& rows() const { return rows_; }
  friend bool operator==(const Field&, const Field&) = default;

 private:
  std::array<Row, kMaxHeight> rows_{};
};

// The full rows of a field's rows (bit y for row y).
inline std::uint32_t full_rows(const std::array<Row, kMaxHeight>& rows) {
  std::uint32_t out = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if (rows[std::size_t(y)] == kFullRow) out |= 1u << y;
  }
  return out;
}
inline std::uint32_t full_rows(const Field& f) {
  return full_rows(f.rows());
}
// A field's rows without the rows of `drop` (the rows above move down, empty rows on top).
inline std::array<Row, kMaxHeight> without_rows(const std::array<Row, kMaxHeight>& rows,
                                                std::uint32_t drop) {
  std::array<Row, kMaxHeight> out{};
  std::size_t to = 0;
  for (std::size_t y = 0; y < std::size_t(kMaxHeight); ++y) {
    if (!((drop >> y) & 1)) out[to++] = rows[y];
  }
  return out;
}
Field without_rows(const Field& f, std::uint32_t rows);

}  // namespace manyworlds::tetris
