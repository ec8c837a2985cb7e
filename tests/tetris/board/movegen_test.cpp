// The move generator against known counts and against an independent reverse search (oracle.hpp).

#include <gtest/gtest.h>

#include <random>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "tetris/oracle.hpp"

namespace manyworlds::tetris {

void PrintTo(const Placement& p, std::ostream* os) {
  *os << piece_letter(p.piece) << rotation_letter(p.rotation) << "(" << int(p.x) << "," << int(p.y)
      << ")";
}

namespace {

std::vector<Placement> generate(const Field& f, Piece p, Drop drop, int height,
                                const KickTable& kicks = KickTable::srs()) {
  MoveGenerator gen(kicks, drop);
  MoveList moves;
  gen.generate(f, p, height, moves);
  std::vector<Placement> v(moves.begin(), moves.end());
  std::sort(v.begin(), v.end());
  return v;
}

bool contains(const std::vector<Placement>& v, Placement p) {
  return std::find(v.begin(), v.end(), canonical(p)) != v.end();
}

// Distinct hard-drop placements on an empty field: I 17 (7 + 10), O 9, T/J/L 34 (8 + 9 + 8 + 9),
// S/Z 17 (8 + 9): the known counts (every column range of each distinct shape).
TEST(MoveGen, EmptyFieldCountsEveryDropModel) {
  const std::map<Piece, std::size_t> expected = {{Piece::I, 17}, {Piece::O, 9},  {Piece::T, 34},
                                                 {Piece::J, 34}, {Piece::L, 34}, {Piece::S, 17},
                                                 {Piece::Z, 17}};
  for (Drop drop : {Drop::Harddrop, Drop::Softdrop, Drop::TSoftdrop}) {
    for (int height : {4, 8, 24}) {
      for (auto [piece, count] : expected) {
        EXPECT_EQ(generate(Field(), piece, drop, height).size(), count)
            << piece_letter(piece) << " " << drop_name(drop) << " H=" << height;
      }
    }
  }
  for (auto [piece, count] : expected) {
    EXPECT_EQ(generate(Field(), piece, Drop::Softdrop180, 4, KickTable::nullpomino180()).size(),
              count);
  }
}

// With H = 3 the vertical I does not fit below the clear height: only its 7 flat placements.
TEST(MoveGen, ClearHeightBoundsPlacements) {
  EXPECT_EQ(generate(Field(), Piece::I, Drop::Softdrop, 3).size(), 7u);
  EXPECT_EQ(generate(Field(), Piece::T, Drop::Softdrop, 1).size(), 0u);
  EXPECT_EQ(generate(Field(), Piece::I, Drop::Harddrop, 1).size(), 7u);
}

TEST(MoveGen, PlacementsAreCanonicalGroundedAndDistinct) {
  Field f = Field::parse("X_________/XX___X__XX/XXX_XXXX_X");
  for (Piece p : kAllPieces) {
    auto moves = generate(f, p, Drop::Softdrop, 6);
    std::set<Placement> seen(moves.begin(), moves.end());
    EXPECT_EQ(seen.size(), moves.size());
    for (const Placement& m : moves) {
      EXPECT_EQ(canonical(m), m);
      EXPECT_TRUE(f.can_place(m));
      Placement below = m;
      below.y = std::int8_t(m.y - 1);
      EXPECT_FALSE(f.can_place(below));
    }
  }
}

// A T-spin double slot: T South at (3,1) sits under the overhang at (2,2); soft drop turns it
// in (East at (3,1), then clockwise with the first test), hard drop cannot; no kick is needed.
TEST(MoveGen, TSpinDoubleSlot) {
  Field f = Field::parse("XXX_______/XX___XXXXX/XXX_XXXXXX");
  Placement tsd{Piece::T, Rotation::South, 3, 1};
  EXPECT_TRUE(f.can_place(tsd));
  EXPECT_TRUE(contains(generate(f, Piece::T, Drop::Softdrop, 4), tsd));
  EXPECT_TRUE(contains(generate(f, Piece::T, Drop::Softdrop, 4, KickTable::nokicks()), tsd));
  EXPECT_FALSE(contains(generate(f, Piece::T, Drop::Harddrop, 4), tsd));
  Field after = f;
  after.place(tsd);
  EXPECT_EQ(after.clear_lines(), 2);
  EXPECT_EQ(after.to_string(), "XXX_______");
}

// A T-spin triple: T East at (1,1) is reached only by the fifth test (-1,-2) of spawn -> right
// from spawn at (2,3); without kicks, or with the fifth T tests removed, it is unreachable.
TEST(MoveGen, TSpinTripleNeedsTheFifthKick) {
  Field f = Field::parse("XX________/X_________/X_XXXXXXXX/X__XXXXXXX/X_XXXXXXXX");
  Placement tst{Piece::T, Rotation::East, 1, 1};
  EXPECT_TRUE(f.can_place(tst));
  EXPECT_TRUE(contains(generate(f, Piece::T, Drop::Softdrop, 6), tst));
  EXPECT_FALSE(contains(generate(f, Piece::T, Drop::Softdrop, 6, KickTable::nokicks()), tst));
  EXPECT_FALSE(contains(generate(f, Piece::T, Drop::Harddrop, 6), tst));
  std::string text = read_text(MANYWORLDS_TEST_DATA_DIR "/tetris/sfinder_srs.properties");
  std::string edited;
  for (std::string_view line : split_lines(text)) {
    std::string l(line);
    if (l.rfind("T.", 0) == 0 && l.find('&') == std::string::npos) {
      l = l.substr(0, l.rfind('('));  // drop the last (fifth) offset
    }
    edited += l + "\n";
  }
  text = edited;
  KickTable four = KickTable::parse(text, "four-tests");
  EXPECT_EQ(four.tests(Piece::T, Rotation::North, Rotation::East).size(), 4u);
  EXPECT_FALSE(contains(generate(f, Piece::T, Drop::Softdrop, 6, four), tst));
  Field after = f;
  after.place(tst);
  EXPECT_EQ(after.clear_lines(), 3);
}

// A tuck: the flat I at (1,0) slides left under the overhang of row 1; soft drop only.
TEST(MoveGen, TuckUnderAnOverhang) {
  Field f = Field::parse("XXX_______/__________");
  Placement tuck{Piece::I, Rotation::North, 1, 0};
  EXPECT_TRUE(contains(generate(f, Piece::I, Drop::Softdrop, 4), tuck));
  EXPECT_TRUE(contains(generate(f, Piece::I, Drop::Softdrop, 4, KickTable::nokicks()), tuck));
  EXPECT_FALSE(contains(generate(f, Piece::I, Drop::Harddrop, 4), tuck));
  // t-softdrop lets only T tuck.
  EXPECT_FALSE(contains(generate(f, Piece::I, Drop::TSoftdrop, 4), tuck));
}

// Equivalent states: I South at (2,0) has the cells of I North at (1,0); S South at (4,1) those
// of S North at (4,0); O West at (5,1) those of O North at (4,1).
TEST(MoveGen, SameCellsAreOnePlacement) {
  EXPECT_EQ(canonical({Piece::I, Rotation::South, 2, 0}),
            (Placement{Piece::I, Rotation::North, 1, 0}));
  EXPECT_EQ(canonical({Piece::S, Rotation::South, 4, 1}),
            (Placement{Piece::S, Rotation::North, 4, 0}));
  EXPECT_EQ(canonical({Piece::O, Rotation::West, 5, 1}),
            (Placement{Piece::O, Rotation::North, 4, 1}));
  EXPECT_EQ(canonical({Piece::T, Rotation::West, 5, 1}),
            (Placement{Piece::T, Rotation::West, 5, 1}));
  for (Piece p : kAllPieces) {
    for (int r = 0; r < 4; ++r) {
      Placement a{p, Rotation(r), 4, 4};
      Field fa, fb;
      fa.place(a);
      fb.place(canonical(a));
      EXPECT_EQ(fa, fb);
    }
  }
}

// Random fields: the generator and the literal reverse search agree for every piece, drop model
// and kick table.
TEST(MoveGen, AgreesWithTheReverseSearchOnRandomFields) {
  std::mt19937 rng(20261121);
  struct Model {
    Drop drop;
    const KickTable* kicks;
  };
  const std::vector<Model> models = {{Drop::Softdrop, &KickTable::srs()},
                                     {Drop::Softdrop, &KickTable::nokicks()},
                                     {Drop::Harddrop, &KickTable::srs()},
                                     {Drop::TSoftdrop, &KickTable::srs()},
                                     {Drop::Softdrop180, &KickTable::nullpomino180()},
                                     {Drop::Softdrop180, &KickTable::nokicks()}};
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Field f;
    int rows = 2 + int(rng() % 6);
    int density = 30 + int(rng() % 50);
    for (int y = 0; y < rows; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (int(rng() % 100) < density - y * 6) f.set(x, y);
      }
    }
    int height = std::min(kMaxHeight, rows + int(rng() % 4));
    for (const Model& m : models) {
      for (Piece p : kAllPieces) {
        testing::Oracle oracle(f, *m.kicks, m.drop, height);
        EXPECT_EQ(generate(f, p, m.drop, height, *m.kicks), oracle.placements(p))
            << f.to_string() << "\npiece " << piece_letter(p) << " " << drop_name(m.drop) << " "
            << m.kicks->name() << " H=" << height;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 60 * 6 * 7);
}

// A random kick table: 1 to 16 offsets per key (90 and 180 degrees), each coordinate within
// +-small, or one time in ten within +-big_x (x) and +-big_y (y).
KickTable random_kick_table(std::mt19937& rng, int small, int big_x, int big_y) {
  std::string text;
  for (char p : std::string("TILJSZO")) {
    for (const char* k : {"NE", "ES", "SW", "WN", "NW", "WS", "SE", "EN", "NS", "SN", "EW", "WE"}) {
      text += p;
      text += '.';
      text += k;
      text += '=';
      int n = 1 + int(rng() % 16);
      for (int i = 0; i < n; ++i) {
        bool big = rng() % 10 == 0;
        int sx = big ? big_x : small, sy = big ? big_y : small;
        int x = int(rng() % unsigned(2 * sx + 1)) - sx, y = int(rng() % unsigned(2 * sy + 1)) - sy;
        text += '(';
        text += std::to_string(x);
        text += ',';
        text += std::to_string(y);
        text += ')';
      }
      text += "\n";
    }
  }
  return KickTable::parse(text, "random");
}

// Random kick tables on random fields, heights 1 to 9: the generator and the reverse search
// agree, 90 and 180 degrees.
void expect_agreement_under_random_tables(std::uint32_t seed, int tables, int small, int big_x,
                                          int big_y) {
  std::mt19937 rng(seed);
  for (int t = 0; t < tables; ++t) {
    KickTable table = random_kick_table(rng, small, big_x, big_y);
    ASSERT_TRUE(table.has_180());
    Field f;
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (int(rng() % 100) < 55 - 8 * y) f.set(x, y);
      }
    }
    int height = 1 + int(rng() % 9);
    for (Drop drop : {Drop::Softdrop, Drop::Softdrop180}) {
      for (Piece p : kAllPieces) {
        testing::Oracle oracle(f, table, drop, height);
        EXPECT_EQ(generate(f, p, drop, height, table), oracle.placements(p))
            << f.to_string() << "\npiece " << piece_letter(p) << " " << drop_name(drop)
            << " H=" << height << " table " << t;
      }
    }
  }
}

// Offsets as large as the format allows (20): the row-by-row flood fill.
TEST(MoveGen, AgreesWithTheReverseSearchUnderRandomKickTables) {
  expect_agreement_under_random_tables(56, 12, 3, 20, 20);
}

// Offsets that keep the states in the whole-board flood fill's rows (kicks up 0 to 3 rows),
// some shifting 9 to 12 columns, where a shift of a board could wrap into the next row.
TEST(MoveGen, AgreesWithTheReverseSearchUnderSmallRandomKickTables) {
  expect_agreement_under_random_tables(57, 40, 2, 12, 3);
  expect_agreement_under_random_tables(58, 40, 1, 9, 1);
}

TEST(MoveGen, Drop180NeedsATableWith180Kicks) {
  EXPECT_THROW(MoveGenerator(KickTable::srs(), Drop::Softdrop180), InputError);
  EXPECT_EQ(parse_drop_type("hard", "moves", DropWords::Placing), DropType::Harddrop);
  EXPECT_EQ(parse_drop_type("t-softdrop", "moves", DropWords::Placing), DropType::TSoftdrop);
  EXPECT_THROW(parse_drop_type("sonic", "moves", DropWords::Placing), InputError);
  EXPECT_THROW(parse_drop_type("tsd", "moves", DropWords::Placing), InputError);
}

}  // namespace
}  // namespace manyworlds::tetris
