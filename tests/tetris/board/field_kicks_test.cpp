// Fields, shapes and kick tables.

#include <gtest/gtest.h>

#include "testing/input_error.hpp"

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"

namespace manyworlds::tetris {
namespace {

using manyworlds::testing::error_of;

// kicks.md: spawn cells and the rotation rule; tetris-fumen's Mino.positions() gives the same.
TEST(Shapes, RotationsOfTheSpawnCells) {
  EXPECT_EQ(shape(Piece::I, Rotation::East).cells,
            (std::array<Cell, 4>{{{0, 0}, {0, 1}, {0, -1}, {0, -2}}}));
  EXPECT_EQ(shape(Piece::T, Rotation::West).cells,
            (std::array<Cell, 4>{{{0, 0}, {0, -1}, {0, 1}, {-1, 0}}}));
  const Shape& o = shape(Piece::O, Rotation::South);
  EXPECT_EQ(o.min_x, -1);
  EXPECT_EQ(o.min_y, -1);
  EXPECT_EQ(o.rows[0], 3);
  for (Piece p : kAllPieces) {
    for (int r = 0; r < 4; ++r) {
      int cells = 0;
      for (Row row : shape(p, Rotation(r)).rows) cells += std::popcount(unsigned(row));
      EXPECT_EQ(cells, 4);
    }
  }
}

TEST(Field, ParsePlaceAndClear) {
  Field f = Field::parse("X_________\nXXXX_XXXXX\r\nXXXXXXXXX_");
  EXPECT_EQ(f.height(), 3);
  EXPECT_EQ(f.block_count(), 1 + 9 + 9);
  EXPECT_TRUE(f.filled(0, 2));
  EXPECT_FALSE(f.filled(9, 0));
  Placement i{Piece::I, Rotation::East, 9, 2};   // cells (9,0)..(9,3)
  EXPECT_FALSE(f.can_place(i));                  // (9,1) is filled
  Placement i2{Piece::I, Rotation::East, 4, 3};  // cells (4,1)..(4,4)
  EXPECT_TRUE(f.can_place(i2));
  f.place(i2);
  EXPECT_EQ(f.clear_lines(), 1);
  EXPECT_EQ(f.to_string(), "____X_____\n____X_____\nX___X_____\nXXXXXXXXX_");
  Field g = Field::parse("XXXXXXXXXX/XXXXXXXXXX/X_________");
  Field h = g;
  EXPECT_EQ(h.clear_lines_below(1), 0);  // row 0 is not full
  EXPECT_EQ(h.clear_lines_below(2), 1);  // row 1 is; row 2 stays full and moves down
  EXPECT_EQ(h.to_string(), "XXXXXXXXXX\nX_________");
  EXPECT_EQ(g.clear_lines_below(3), 2);
  EXPECT_EQ(g.to_string(), "X_________");
}

TEST(Field, ParseErrorsNameTheRow) {
  EXPECT_EQ(error_of([] { Field::parse("XXXX/XXXXXXXXXX"); }),
            "field: row 1 from the top has 4 cells, expected 10");
  EXPECT_TRUE(Field::parse("").empty());
  std::string tall;
  for (int i = 0; i < 25; ++i) tall += "X_________/";
  EXPECT_EQ(error_of([&] { Field::parse(tall); }), "field: 25 rows, at most 24");
}

// The built-in tables are sfinder's files (tests/data/tetris/sfinder_*.properties).
TEST(Kicks, BuiltInTablesAreTheReferenceFiles) {
  const std::string dir = MANYWORLDS_TEST_DATA_DIR "/tetris/";
  struct Pair {
    const char* file;
    const KickTable& table;
  };
  for (const Pair& p : {Pair{"sfinder_srs.properties", KickTable::srs()},
                        Pair{"sfinder_nokicks.properties", KickTable::nokicks()},
                        Pair{"sfinder_nullpomino180.properties", KickTable::nullpomino180()}}) {
    KickTable file = load_kicks("@" + dir + p.file);
    EXPECT_EQ(file.has_180(), p.table.has_180()) << p.file;
    for (Piece piece : kAllPieces) {
      for (int a = 0; a < 4; ++a) {
        for (int b = 0; b < 4; ++b) {
          auto x = file.tests(piece, Rotation(a), Rotation(b));
          auto y = p.table.tests(piece, Rotation(a), Rotation(b));
          EXPECT_TRUE(std::equal(x.begin(), x.end(), y.begin(), y.end())) << p.file;
        }
      }
    }
  }
  // kicks.md: T.NE = (0,0)(-1,0)(-1,+1)(0,-2)(-1,-2); I.NE = (+1,0)(-1,0)(+2,0)(-1,-1)(+2,+2).
  auto t = KickTable::srs().tests(Piece::T, Rotation::North, Rotation::East);
  EXPECT_EQ(std::vector<Kick>(t.begin(), t.end()),
            (std::vector<Kick>{{0, 0}, {-1, 0}, {-1, 1}, {0, -2}, {-1, -2}}));
  auto i = KickTable::srs().tests(Piece::I, Rotation::North, Rotation::East);
  EXPECT_EQ(std::vector<Kick>(i.begin(), i.end()),
            (std::vector<Kick>{{1, 0}, {-1, 0}, {2, 0}, {-1, -1}, {2, 2}}));
  EXPECT_FALSE(KickTable::srs().has_180());
  EXPECT_TRUE(KickTable::nokicks().has_180());
  EXPECT_EQ(KickTable::nullpomino180().tests(Piece::L, Rotation::North, Rotation::South).size(),
            12u);
  EXPECT_EQ(load_kicks("default").name(), "srs");
  EXPECT_EQ(load_kicks("@nullpomino180").name(), "nullpomino180");
}

TEST(Kicks, MalformedTablesNameLineAndProblem) {
  std::string srs = read_text(MANYWORLDS_TEST_DATA_DIR "/tetris/sfinder_srs.properties");
  auto parse = [](const std::string& text) {
    return error_of([&] { KickTable::parse(text, "k"); });
  };
  EXPECT_EQ(parse(srs), "no error");
  EXPECT_EQ(parse(srs + "T.NE=(0,0)\n"),
            "kicks k line 70: key T.NE given twice (first on line 41)");
  EXPECT_EQ(parse(srs + "T.NS=(0,0)\n"),
            "kicks k: 57 keys, a table needs 56 (90-degree rotations) or 84 (with 180); missing "
            "T.EW");
  EXPECT_EQ(parse("T.NE=&T.ES\nT.ES=&T.NE\n"), "kicks k line 2: references form a cycle");
  EXPECT_EQ(parse("T.NE=&T.EW\n"), "kicks k line 1: reference to missing key T.EW");
  EXPECT_EQ(parse("T.NE\n"), "kicks k line 1: expected KEY=VALUE");
  EXPECT_EQ(parse("T.NE=\n"), "kicks k line 1: no offsets (expected e.g. (0,0)(-1,0))");
  EXPECT_EQ(parse("T.NE=(0,0)(x,1)\n"), "kicks k line 1: expected the x of an offset at column 12");
  EXPECT_EQ(parse("T.NE=(0,99)\n"), "kicks k line 1: offset larger than 20");
  EXPECT_EQ(parse("T.NN=(0,0)\n"),
            "kicks k line 1: unknown key 'T.NN' (expected e.g. T.NE: piece TILJSZO, rotations N E "
            "S W)");
  std::string many = "T.NE=";
  for (int k = 0; k < 17; ++k) many += "(0,0)";
  EXPECT_EQ(parse(many), "kicks k line 1: more than 16 offsets");
  EXPECT_EQ(error_of([] { load_kicks("/nonexistent/kicks"); }),
            "kicks: '/nonexistent/kicks' is neither a built-in table (srs, nokicks, "
            "nullpomino180, srsplus, jstris180) nor a readable kick file");
}

}  // namespace
}  // namespace manyworlds::tetris
