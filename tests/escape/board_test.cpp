// Board files, inline boards and cell names.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {
namespace {

std::string reference(const std::string& name) {
  return read_text(fmt::format("{}/escape/{}", MANYWORLDS_TEST_DATA_DIR, name));
}

std::string parse_error(std::string_view text, int sides = 2) {
  try {
    parse_board(text, sides);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(EscapeBoard, ReadsTheSeedExampleFile) {
  // reference/escape/board.txt.example: 8 rows of 8, no final line end.
  std::string text = reference("board.txt.example");
  Board board = parse_board(text);
  EXPECT_EQ(board.size(), 64u);
  EXPECT_EQ(board.width, 8u);
  EXPECT_TRUE(board.is_square());
  EXPECT_FALSE(board.trailing_newline);
  // The same cells as vectors.tsv, row example_files (cell 0 first).
  EXPECT_EQ(cells_string(board),
            "1011010101101101100010011001011000011000101011111001100110101010");
  // Written back unchanged: same rows, no final line end.
  EXPECT_EQ(format_board(board), text);
}

TEST(EscapeBoard, CoinsAndLineEndsRoundTrip) {
  Board board = parse_board("HT\r\nTH\r\n\n");
  EXPECT_EQ(board.symbols, Symbols::Coins);
  EXPECT_EQ(cells_string(board), "HTTH");
  EXPECT_EQ(board.cells, (std::vector<std::uint8_t>{1, 0, 0, 1}));
  EXPECT_TRUE(board.trailing_newline);
  EXPECT_EQ(format_board(board), "HT\nTH\n");
  // Spaces between cells are ignored; blank lines around the board too.
  Board spaced = parse_board("\n 1 0 1 1\n0 0 1 1\n\n");
  EXPECT_EQ(cells_string(spaced), "10110011");
  EXPECT_EQ(spaced.width, 4u);
  EXPECT_EQ(spaced.rows(), 2u);
  EXPECT_EQ(draw_board(spaced), "1 0 1 1\n0 0 1 1\n");
}

TEST(EscapeBoard, DiceDigits) {
  Board board = parse_board("012\n210\n111", 3);
  EXPECT_EQ(board.symbols, Symbols::Digits);
  EXPECT_EQ(board.cells, (std::vector<std::uint8_t>{0, 1, 2, 2, 1, 0, 1, 1, 1}));
  Board big = parse_cells("09azAZ", 36);
  EXPECT_EQ(big.cells, (std::vector<std::uint8_t>{0, 9, 10, 35, 10, 35}));
  EXPECT_EQ(cells_string(big), "09azaz");
}

TEST(EscapeBoard, InlineCellsAreSquareWhenTheyCanBe) {
  EXPECT_EQ(parse_cells("1011110100111010").width, 4u);
  EXPECT_EQ(parse_cells("10111101").width, 8u);  // 8 cells: one row
  EXPECT_EQ(parse_cells("1").width, 1u);
}

TEST(EscapeBoard, ErrorsSayWhatAndWhere) {
  EXPECT_EQ(parse_error("101\n10\n"), "board line 2: row has 2 cells, the first row has 3");
  EXPECT_EQ(parse_error("10\n1x\n"), "board line 2, column 2: 'x' is not a cell (0/1 or H/T)");
  EXPECT_EQ(parse_error("10\n\n01\n"), "board line 2: blank line inside the board");
  EXPECT_EQ(parse_error(""), "board is empty");
  EXPECT_EQ(parse_error(" \n\n"), "board is empty");
  EXPECT_EQ(parse_error("1H\n"), "board line 1, column 2: mixes 0/1 and H/T cells");
  EXPECT_EQ(parse_error("013\n", 3), "board line 1, column 3: '3' is not a cell (a digit 0..2)");
  EXPECT_EQ(parse_error(std::string("1\0", 2)),
            "board line 1, column 2: byte 0x00 is not a cell (0/1 or H/T)");
  EXPECT_THROW(parse_cells(""), InputError);
  EXPECT_THROW(parse_cells("10 1"), InputError);
  EXPECT_THROW(parse_board("1", 1), InputError);
  EXPECT_THROW(parse_board("1", 37), InputError);
}

TEST(EscapeBoard, LargestBoardsParse) {
  // 2^16 cells: 256 rows of 256.
  std::string text;
  for (int r = 0; r < 256; ++r) {
    for (int c = 0; c < 256; ++c) text.push_back((r * 7 + c * 13) % 5 == 0 ? '1' : '0');
    text.push_back('\n');
  }
  Board board = parse_board(text);
  EXPECT_EQ(board.size(), 65536u);
  EXPECT_EQ(format_board(board), text);
  // More than kMaxCells cells is refused.
  EXPECT_THROW(parse_cells(std::string(kMaxCells + 1, '0')), InputError);
}

TEST(EscapeNames, SeedReadmeNamingOn4x4) {
  // Seed README: A4 = 0 ... D1 = 15, C2 = colour 10, B3 flipped in the example.
  CellNames names = CellNames::make(16, 4, Naming::Auto);
  EXPECT_TRUE(names.upper);
  EXPECT_EQ(names.square(0), "A4");
  EXPECT_EQ(names.square(15), "D1");
  EXPECT_EQ(names.square(10), "C2");
  EXPECT_EQ(names.parse("C2", "key"), 10u);
  EXPECT_EQ(names.parse("b3", "key"), 5u);
  EXPECT_EQ(names.parse("7", "key"), 7u);
  EXPECT_EQ(names.both(10), "10 (C2)");
}

TEST(EscapeNames, ChessNamingOn8x8) {
  CellNames names = CellNames::make(64, 8, Naming::Auto);
  EXPECT_FALSE(names.upper);
  EXPECT_EQ(names.square(0), "a8");
  EXPECT_EQ(names.square(63), "h1");
  // reference/escape: key 34, flip 58.
  EXPECT_EQ(names.square(34), "c4");
  EXPECT_EQ(names.square(58), "c1");
  EXPECT_EQ(names.parse("C4", "key"), 34u);
  EXPECT_EQ(CellNames::make(64, 8, Naming::Seed).square(0), "A8");
  EXPECT_EQ(CellNames::make(64, 8, Naming::Index).both(34), "34");
}

TEST(EscapeNames, BadNames) {
  CellNames names = CellNames::make(64, 8, Naming::Auto);
  auto message = [&](std::string_view text) {
    try {
      names.parse(text, "--key");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("64"), "--key (a cell 0..63): 64 is out of range [0, 63]");
  EXPECT_EQ(message("-1"), "--key (a cell 0..63): -1 is out of range [0, 63]");
  EXPECT_EQ(message("i1"), "--key: 'i1' is not a square of the 8x8 board (a1..h8)");
  EXPECT_EQ(message("a9"), "--key: 'a9' is not a square of the 8x8 board (a1..h8)");
  EXPECT_EQ(message("a0"), "--key: 'a0' is not a square of the 8x8 board (a1..h8)");
  EXPECT_EQ(message(""), "--key: no cell given");
  CellNames index = CellNames::make(32, 32, Naming::Auto);
  EXPECT_FALSE(index.has_squares());
  EXPECT_THROW(index.parse("a1", "--key"), InputError);
  EXPECT_THROW(CellNames::make(32, 32, Naming::Chess), InputError);
}

TEST(EscapeBoard, SeedVertexIndex) {
  // Seed README: 1011110100111010 = 48442; flipping B3 gives 1011100100111010 = 47418.
  Board board = parse_board("1011\n1101\n0011\n1010\n");
  EXPECT_EQ(seed_vertex_index(board.cells), 48442u);
  CellNames names = CellNames::make(board.size(), board.width, Naming::Seed);
  board.cells[names.parse("B3", "flip")] ^= 1;
  EXPECT_EQ(cells_string(board), "1011100100111010");
  EXPECT_EQ(seed_vertex_index(board.cells), 47418u);
}

}  // namespace
}  // namespace manyworlds::escape
