// Board files, inline boards and cell names.

#include <fmt/format.h>

#include <cctype>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {
namespace {

// A character shown in error messages: printable as itself, else as a byte value.
std::string shown(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02x}", static_cast<unsigned>(u));
}

char digit_symbol(int value) {
  return static_cast<char>(value < 10 ? '0' + value : 'a' + (value - 10));
}

// The value of a cell character and its kind, or -1 when it is not a cell of a die with
// `sides` faces.
struct Cell {
  int value = -1;
  Symbols symbols = Symbols::Binary;
};

Cell read_cell(char c, int sides) {
  if (sides == 2) {
    if (c == '0' || c == '1') return {c - '0', Symbols::Binary};
    if (c == 'H' || c == 'h') return {1, Symbols::Coins};
    if (c == 'T' || c == 't') return {0, Symbols::Coins};
    return {};
  }
  int value = -1;
  if (c >= '0' && c <= '9') value = c - '0';
  if (c >= 'a' && c <= 'z') value = c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') value = c - 'A' + 10;
  if (value >= sides) value = -1;
  return {value, Symbols::Digits};
}

std::string expected_cells(int sides) {
  if (sides == 2) return "0/1 or H/T";
  if (sides <= 10) return fmt::format("a digit 0..{}", sides - 1);
  return fmt::format("a digit 0..9 or a letter a..{}", digit_symbol(sides - 1));
}

void check_sides(int sides) {
  if (sides < 2 || sides > kMaxSides) {
    throw InputError(fmt::format("dice: {} sides is out of range [2, {}]", sides, kMaxSides));
  }
}

char symbol(const Board& board, std::uint8_t value) {
  if (board.symbols == Symbols::Coins) return value ? 'H' : 'T';
  return digit_symbol(value);
}

}  // namespace

Board parse_board(std::string_view text, int sides) {
  check_sides(sides);
  Board board;
  bool symbols_seen = false;
  std::size_t row_count = 0;
  std::size_t blank_after = 0;  // line number of the first blank line after a row, or 0
  std::size_t number = 0;       // of the line, from 1
  for (std::string_view line : Lines(text)) {
    ++number;
    std::size_t row_start = board.cells.size();
    for (std::size_t col = 0; col < line.size(); ++col) {
      char c = line[col];
      if (c == ' ' || c == '\t' || c == '\r') continue;
      Cell cell = read_cell(c, sides);
      if (cell.value < 0) {
        throw InputError(fmt::format("board line {}, column {}: {} is not a cell ({})", number,
                                     col + 1, shown(c), expected_cells(sides)));
      }
      if (symbols_seen && cell.symbols != board.symbols) {
        throw InputError(
            fmt::format("board line {}, column {}: mixes 0/1 and H/T cells", number, col + 1));
      }
      board.symbols = cell.symbols;
      symbols_seen = true;
      if (board.cells.size() >= kMaxCells) {
        throw InputError(fmt::format("board has more than {} cells", kMaxCells));
      }
      board.cells.push_back(static_cast<std::uint8_t>(cell.value));
    }
    std::size_t length = board.cells.size() - row_start;
    if (length == 0) {
      if (row_count > 0 && blank_after == 0) blank_after = number;
      continue;
    }
    if (blank_after != 0) {
      throw InputError(fmt::format("board line {}: blank line inside the board", blank_after));
    }
    if (row_count == 0) {
      board.width = length;
    } else if (length != board.width) {
      throw InputError(fmt::format("board line {}: row has {} cells, the first row has {}", number,
                                   length, board.width));
    }
    ++row_count;
  }
  if (board.cells.empty()) throw InputError("board is empty");
  if (sides > 2) board.symbols = Symbols::Digits;
  board.trailing_newline = !text.empty() && text.back() == '\n';
  return board;
}

Board parse_cells(std::string_view text, int sides) {
  check_sides(sides);
  Board board;
  bool symbols_seen = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    Cell cell = read_cell(text[i], sides);
    if (cell.value < 0) {
      throw InputError(fmt::format("--cells: character {}: {} is not a cell ({})", i + 1,
                                   shown(text[i]), expected_cells(sides)));
    }
    if (symbols_seen && cell.symbols != board.symbols) {
      throw InputError(fmt::format("--cells: character {}: mixes 0/1 and H/T cells", i + 1));
    }
    board.symbols = cell.symbols;
    symbols_seen = true;
    if (board.cells.size() >= kMaxCells) {
      throw InputError(fmt::format("--cells: more than {} cells", kMaxCells));
    }
    board.cells.push_back(static_cast<std::uint8_t>(cell.value));
  }
  if (board.cells.empty()) throw InputError("--cells: no cells given");
  std::size_t side = 0;
  while ((side + 1) * (side + 1) <= board.cells.size()) ++side;
  board.width = side * side == board.cells.size() ? side : board.cells.size();
  board.trailing_newline = true;
  return board;
}

std::string cells_string(const Board& board) {
  std::string out;
  out.reserve(board.size());
  for (std::uint8_t v : board.cells) out.push_back(symbol(board, v));
  return out;
}

std::string format_board(const Board& board) {
  std::string out;
  out.reserve(board.size() + board.rows() + 1);
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (i > 0 && i % board.width == 0) out.push_back('\n');
    out.push_back(symbol(board, board.cells[i]));
  }
  if (board.trailing_newline) out.push_back('\n');
  return out;
}

std::string draw_board(const Board& board) {
  std::string out;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (i % board.width != 0) out.push_back(' ');
    out.push_back(symbol(board, board.cells[i]));
    if (i % board.width == board.width - 1) out.push_back('\n');
  }
  return out;
}

CellNames CellNames::make(std::size_t cells, std::size_t width, Naming naming) {
  CellNames names;
  names.cells = cells;
  bool square = width * width == cells && width <= 26;
  switch (naming) {
    case Naming::Index:
      break;
    case Naming::Auto:
      if (square) {
        names.side = width;
        names.upper = width == 4;
      }
      break;
    case Naming::Chess:
    case Naming::Seed:
      if (!square) {
        throw InputError(fmt::format(
            "square names need a square board of side at most 26 (this board has {} cells in "
            "rows of {})",
            cells, width));
      }
      names.side = width;
      names.upper = naming == Naming::Seed;
      break;
  }
  return names;
}

std::string CellNames::square(std::size_t cell) const {
  if (side == 0) return {};
  char column = static_cast<char>((upper ? 'A' : 'a') + cell % side);
  return fmt::format("{}{}", column, side - cell / side);
}

std::string CellNames::both(std::size_t cell) const {
  if (side == 0) return fmt::format("{}", cell);
  return fmt::format("{} ({})", cell, square(cell));
}

std::size_t CellNames::parse(std::string_view text, std::string_view what) const {
  std::string_view t = trim(text);
  if (t.empty()) throw InputError(fmt::format("{}: no cell given", what));
  if (cells == 0) throw InputError(fmt::format("{}: the board has no cells", what));
  if (std::isdigit(static_cast<unsigned char>(t.front())) || t.front() == '-' || t.front() == '+') {
    return static_cast<std::size_t>(parse_int(t, fmt::format("{} (a cell 0..{})", what, cells - 1),
                                              0, static_cast<std::int64_t>(cells) - 1));
  }
  if (side == 0) {
    throw InputError(fmt::format("{}: '{}' is not a cell number 0..{}", what, text, cells - 1));
  }
  char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(t.front())));
  std::size_t column = static_cast<std::size_t>(letter - 'a');
  std::string_view rank_text = t.substr(1);
  bool digits = !rank_text.empty() && rank_text.size() <= 2;
  for (char c : rank_text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (letter < 'a' || letter > 'z' || column >= side || !digits) {
    throw InputError(fmt::format("{}: '{}' is not a square of the {}x{} board ({}..{})", what, text,
                                 side, side, square(cells - side), square(side - 1)));
  }
  std::size_t rank = 0;
  for (char c : rank_text) rank = rank * 10 + static_cast<std::size_t>(c - '0');
  if (rank < 1 || rank > side) {
    throw InputError(fmt::format("{}: '{}' is not a square of the {}x{} board ({}..{})", what, text,
                                 side, side, square(cells - side), square(side - 1)));
  }
  return (side - rank) * side + column;
}

std::uint64_t seed_vertex_index(std::span<const std::uint8_t> cells) {
  if (cells.size() > 64) throw InputError("vertex index: board has more than 64 cells");
  std::uint64_t index = 0;
  for (std::uint8_t v : cells) index = (index << 1) | (v & 1u);
  return index;
}

}  // namespace manyworlds::escape
