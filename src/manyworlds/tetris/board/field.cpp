#include "manyworlds/tetris/board/field.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {
namespace {

// Spawn cells per piece, in Piece order (kicks.md).
constexpr std::array<std::array<Cell, 4>, kPieceCount> kSpawnCells = {{
    {{{0, 0}, {-1, 0}, {1, 0}, {0, 1}}},   // T
    {{{0, 0}, {-1, 0}, {1, 0}, {2, 0}}},   // I
    {{{0, 0}, {-1, 0}, {1, 0}, {1, 1}}},   // L
    {{{0, 0}, {-1, 0}, {1, 0}, {-1, 1}}},  // J
    {{{0, 0}, {-1, 0}, {0, 1}, {1, 1}}},   // S
    {{{0, 0}, {1, 0}, {0, 1}, {-1, 1}}},   // Z
    {{{0, 0}, {1, 0}, {0, 1}, {1, 1}}},    // O
}};

Cell rotate_cell(Cell c, Rotation r) {
  switch (r) {
    case Rotation::North:
      return c;
    case Rotation::East:
      return {c.y, std::int8_t(-c.x)};
    case Rotation::South:
      return {std::int8_t(-c.x), std::int8_t(-c.y)};
    case Rotation::West:
      return {std::int8_t(-c.y), c.x};
  }
  return c;
}

struct Tables {
  std::array<std::array<Shape, 4>, kPieceCount> shapes;
  // For each piece and rotation: the canonical rotation and the offset to add to (x, y).
  std::array<std::array<Rotation, 4>, kPieceCount> canonical_rotation;
  std::array<std::array<Cell, 4>, kPieceCount> canonical_offset;

  Tables() {
    for (int p = 0; p < kPieceCount; ++p) {
      for (int r = 0; r < 4; ++r) {
        Shape& s = shapes[p][r];
        s.min_x = s.min_y = 127;
        s.max_x = s.max_y = -128;
        for (int i = 0; i < 4; ++i) {
          Cell c = rotate_cell(kSpawnCells[p][i], Rotation(r));
          s.cells[i] = c;
          s.min_x = std::min(s.min_x, c.x);
          s.max_x = std::max(s.max_x, c.x);
          s.min_y = std::min(s.min_y, c.y);
          s.max_y = std::max(s.max_y, c.y);
        }
        s.rows = {};
        for (const Cell& c : s.cells) s.rows[c.y - s.min_y] |= Row(1u << (c.x - s.min_x));
      }
      for (int r = 0; r < 4; ++r) {
        canonical_rotation[p][r] = Rotation(r);
        canonical_offset[p][r] = {0, 0};
        for (int r0 = 0; r0 < r; ++r0) {
          const Shape& a = shapes[p][r];
          const Shape& b = shapes[p][r0];
          // Same cells when the shapes coincide after aligning their bounding boxes.
          if (a.rows == b.rows && a.max_x - a.min_x == b.max_x - b.min_x) {
            canonical_rotation[p][r] = Rotation(r0);
            canonical_offset[p][r] = {std::int8_t(a.min_x - b.min_x),
                                      std::int8_t(a.min_y - b.min_y)};
            break;
          }
        }
      }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

char piece_letter(Piece piece) {
  return "TILJSZO"[int(piece)];
}

std::optional<Piece> piece_from_letter(char c) {
  switch (c) {
    case 'T':
    case 't':
      return Piece::T;
    case 'I':
    case 'i':
      return Piece::I;
    case 'L':
    case 'l':
      return Piece::L;
    case 'J':
    case 'j':
      return Piece::J;
    case 'S':
    case 's':
      return Piece::S;
    case 'Z':
    case 'z':
      return Piece::Z;
    case 'O':
    case 'o':
      return Piece::O;
    default:
      return std::nullopt;
  }
}

char rotation_letter(Rotation rotation) {
  return "NESW"[int(rotation)];
}

std::string_view rotation_name(Rotation rotation) {
  static constexpr std::array<std::string_view, 4> names = {"spawn", "right", "reverse", "left"};
  return names[int(rotation)];
}

const Shape& shape(Piece piece, Rotation rotation) {
  return tables().shapes[int(piece)][int(rotation)];
}

Placement canonical(Placement p) {
  const Tables& t = tables();
  Cell off = t.canonical_offset[int(p.piece)][int(p.rotation)];
  p.rotation = t.canonical_rotation[int(p.piece)][int(p.rotation)];
  p.x = std::int8_t(p.x + off.x);
  p.y = std::int8_t(p.y + off.y);
  return p;
}

bool in_bounds(const Placement& p) {
  const Shape& s = shape(p.piece, p.rotation);
  return p.x + s.min_x >= 0 && p.x + s.max_x < kWidth && p.y + s.min_y >= 0 &&
         p.y + s.max_y < kMaxHeight;
}

Field Field::parse(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '/' || text[i] == '\n') {
      std::string_view line = text.substr(start, i - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (!line.empty()) lines.push_back(line);
      start = i + 1;
    }
  }
  if (lines.size() > std::size_t(kMaxHeight)) {
    throw InputError(fmt::format("field: {} rows, at most {}", lines.size(), kMaxHeight));
  }
  Field f;
  int y = int(lines.size()) - 1;
  for (std::size_t i = 0; i < lines.size(); ++i, --y) {
    std::string_view line = lines[i];
    if (line.size() != std::size_t(kWidth)) {
      throw InputError(fmt::format("field: row {} from the top has {} cells, expected {}", i + 1,
                                   line.size(), kWidth));
    }
    for (int x = 0; x < kWidth; ++x) {
      char c = line[x];
      if (c == '_' || c == '.') continue;
      if (c <= ' ' || c > '~') {
        throw InputError(
            fmt::format("field: row {} from the top, column {}: unexpected byte 0x{:02x}", i + 1,
                        x + 1, static_cast<unsigned char>(c)));
      }
      f.set(x, y);
    }
  }
  return f;
}

void Field::set(int x, int y, bool value) {
  if (value) {
    rows_[y] = Row(rows_[y] | (1u << x));
  } else {
    rows_[y] = Row(rows_[y] & ~(1u << x));
  }
}

int Field::height() const {
  for (int y = kMaxHeight - 1; y >= 0; --y) {
    if (rows_[y]) return y + 1;
  }
  return 0;
}

int Field::block_count() const {
  int n = 0;
  for (Row r : rows_) n += std::popcount(unsigned(r));
  return n;
}

bool Field::can_place(const Placement& p) const {
  if (!in_bounds(p)) return false;
  const Shape& s = shape(p.piece, p.rotation);
  int shift = p.x + s.min_x;
  for (int i = 0; i <= s.max_y - s.min_y; ++i) {
    if (rows_[p.y + s.min_y + i] & (s.rows[i] << shift)) return false;
  }
  return true;
}

void Field::place(const Placement& p) {
  const Shape& s = shape(p.piece, p.rotation);
  int shift = p.x + s.min_x;
  for (int i = 0; i <= s.max_y - s.min_y; ++i) {
    rows_[p.y + s.min_y + i] = Row(rows_[p.y + s.min_y + i] | (s.rows[i] << shift));
  }
}

Field without_rows(const Field& f, std::uint32_t rows) {
  Field out;
  const std::array<Row, kMaxHeight> kept = without_rows(f.rows(), rows);
  for (int y = 0; y < kMaxHeight; ++y) out.set_row(y, kept[std::size_t(y)]);
  return out;
}

int Field::clear_lines() {
  return clear_lines_below(kMaxHeight);
}

int Field::clear_lines_below(int height) {
  height = std::clamp(height, 0, kMaxHeight);
  int to = 0;
  for (int from = 0; from < height; ++from) {
    if (rows_[from] != kFullRow) rows_[to++] = rows_[from];
  }
  int cleared = height - to;
  if (cleared == 0) return 0;
  for (int from = height; from < kMaxHeight; ++from) rows_[to++] = rows_[from];
  while (to < kMaxHeight) rows_[to++] = 0;
  return cleared;
}

std::string Field::to_string(int rows, char separator) const {
  if (rows < 0) rows = std::max(height(), 1);
  std::string out;
  for (int y = rows - 1; y >= 0; --y) {
    for (int x = 0; x < kWidth; ++x) out += filled(x, y) ? 'X' : '_';
    if (y > 0) out += separator;
  }
  return out;
}

}  // namespace manyworlds::tetris
