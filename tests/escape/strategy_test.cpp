// The prisoners' strategies against the reference vectors, and verified exhaustively.

#include <gtest/gtest.h>

#include "testing/input_error.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {
namespace {

using manyworlds::testing::error_of;

// reference/escape/vectors.tsv: the seed repository's example files and two of its unit tests.
TEST(EscapeVectors, ReferenceVectors) {
  std::string text = read_text(std::string(MANYWORLDS_TEST_DATA_DIR) + "/escape/vectors.tsv");
  std::vector<std::string_view> lines = split_lines(text);
  ASSERT_GE(lines.size(), 4u);
  int checked = 0;
  for (std::size_t l = 1; l < lines.size(); ++l) {
    if (trim(lines[l]).empty()) continue;
    std::vector<std::string> f;
    std::stringstream row{std::string(lines[l])};
    for (std::string field; std::getline(row, field, '\t');) f.push_back(field);
    ASSERT_GE(f.size(), 8u) << lines[l];
    SCOPED_TRACE(f[0]);
    Board board = parse_cells(f[2]);
    ASSERT_EQ(board.size(), static_cast<std::size_t>(std::stoi(f[1])));
    Strategy xor_strategy = Strategy::make(board.size(), {}, StrategyKind::Auto);
    EXPECT_EQ(xor_strategy.kind(), StrategyKind::Xor);
    EXPECT_EQ(xor_parity(board.cells), std::stoul(f[4]));
    if (!f[3].empty()) {
      Move move = xor_strategy.move(board.cells, std::stoul(f[3]));
      ASSERT_TRUE(move.has_value());
      EXPECT_EQ(*move, std::stoul(f[5]));
      xor_strategy.apply(board.cells, move);
      EXPECT_EQ(cells_string(board), f[6]);
    }
    EXPECT_EQ(xor_strategy.answer(board.cells), std::stoul(f[7]));
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

TEST(EscapeStrategy, SeedReadmeExampleWithEveryStrategy) {
  // Seed README: board 48442, key C2 (10). Whatever prisoner 1 flips, prisoner 2 reads C2.
  Board board = parse_cells("1011110100111010");
  for (StrategyKind kind : {StrategyKind::Xor, StrategyKind::Coloring}) {
    Strategy s = Strategy::make(16, {}, kind);
    std::vector<std::uint8_t> cells = board.cells;
    Move move = s.move(cells, 10);
    ASSERT_TRUE(move.has_value());
    s.apply(cells, move);
    EXPECT_EQ(s.answer(cells), 10u) << s.name();
  }
}

TEST(EscapeStrategy, VerifyFindsTheFailuresOfABrokenColouring) {
  std::vector<std::uint8_t> colors = xor_coloring(4);
  EXPECT_EQ(verify(Strategy::from_coloring(4, colors), {}).failures, 0u);
  // Board 6 (seed numbering) gets another colour: prisoner 2 misreads it, so the cases that
  // lead to it fail, and verify must say so.
  std::uint8_t old = colors[6];
  colors[6] = static_cast<std::uint8_t>((old + 1) % 4);
  VerifyResult r = verify(Strategy::from_coloring(4, colors), {});
  EXPECT_EQ(r.cases, 64u);
  EXPECT_GT(r.failures, 0u);
  ASSERT_TRUE(r.first_failure.has_value());
  EXPECT_NE(r.first_failure->answer, r.first_failure->key);
  EXPECT_THROW(Strategy::from_coloring(4, std::vector<std::uint8_t>(15, 0)), InputError);
  EXPECT_THROW(Strategy::from_coloring(4, std::vector<std::uint8_t>(16, 4)), InputError);
}

TEST(EscapeStrategy, AutoPicksTheRightStrategy) {
  EXPECT_EQ(Strategy::make(64, {}, StrategyKind::Auto).kind(), StrategyKind::Xor);
  EXPECT_EQ(Strategy::make(7, {2, true}, StrategyKind::Auto).kind(), StrategyKind::Hamming);
  EXPECT_EQ(Strategy::make(8, {2, true}, StrategyKind::Auto).kind(), StrategyKind::Xor);
  EXPECT_EQ(Strategy::make(27, {3, false}, StrategyKind::Auto).kind(), StrategyKind::DiceVector);
}

TEST(EscapeStrategy, NoStrategyErrors) {
  EXPECT_EQ(error_of([] { Strategy::make(6, {}, StrategyKind::Auto); }),
            "no strategy exists for 6 cells: n must be a power of two (each of the n colour "
            "classes of the 6-cube would hold 2^n / n boards, see `escape color --size N`)");
  EXPECT_NE(error_of([] {
              Strategy::make(6, {2, true}, StrategyKind::Auto);
            }).find("no strategy known for 6 cells"),
            std::string::npos);
  EXPECT_EQ(error_of([] {
              Strategy::make(10, {3, false}, StrategyKind::Auto);
            }),
            "no vector strategy for 10 cells with 3-sided dice: n must be a power of 3");
  EXPECT_EQ(error_of([] {
              Strategy::make(9, {3, true}, StrategyKind::Auto);
            }),
            "--allow-no-flip is for coins only, not with --dice");
  EXPECT_EQ(error_of([] { Strategy::make(7, {}, StrategyKind::Hamming); }),
            "the Hamming strategy needs --allow-no-flip");
  // n = 5 with no flip allowed: the exhaustive search finds nothing.
  EXPECT_NE(error_of([] {
              Strategy::make(5, {2, true}, StrategyKind::Coloring);
            }).find("no strategy exists for 5 cells even when prisoner 1 may flip nothing"),
            std::string::npos);
  Strategy s = Strategy::make(64, {}, StrategyKind::Auto);
  std::vector<std::uint8_t> board(64, 0);
  EXPECT_EQ(error_of([&] { s.move(board, 64); }), "key 64 is off the board (0..63)");
  std::vector<std::uint8_t> small(16, 0);
  EXPECT_EQ(error_of([&] { s.answer(small); }), "the board has 16 cells, the strategy is for 64");
}

TEST(EscapeStrategy, XorVerifiedOnEveryBoardAndKey) {
  // 2^n boards x n keys; 1,048,576 cases at n = 16 (the figure).
  for (std::size_t n : {1, 2, 4, 8, 16}) {
    VerifyResult r = verify(Strategy::make(n, {}, StrategyKind::Xor), {});
    EXPECT_TRUE(r.exhaustive);
    EXPECT_EQ(r.boards, std::uint64_t{1} << n);
    EXPECT_EQ(r.cases, (std::uint64_t{1} << n) * n);
    EXPECT_EQ(r.failures, 0u) << n;
  }
}

TEST(EscapeStrategy, ColoringStrategyVerifiedOnEveryBoardAndKey) {
  for (std::size_t n : {1, 2, 4, 8, 16}) {
    VerifyResult r = verify(Strategy::make(n, {}, StrategyKind::Coloring), {});
    EXPECT_TRUE(r.exhaustive);
    EXPECT_EQ(r.cases, (std::uint64_t{1} << n) * n);
    EXPECT_EQ(r.failures, 0u) << n;
  }
}

TEST(EscapeStrategy, HammingWithNoFlipVerified) {
  for (std::size_t n : {1, 3, 7, 15}) {
    Strategy s = Strategy::make(n, {2, true}, StrategyKind::Auto);
    VerifyResult r = verify(s, {});
    EXPECT_TRUE(r.exhaustive);
    EXPECT_EQ(r.cases, (std::uint64_t{1} << n) * n);
    EXPECT_EQ(r.failures, 0u) << n;
  }
  // With no flip allowed and n = 2^k, the XOR strategy leaves a board that already shows the key.
  Strategy s = Strategy::make(4, {2, true}, StrategyKind::Auto);
  std::vector<std::uint8_t> board{0, 1, 1, 0};  // parity 1 ^ 2 = 3
  EXPECT_FALSE(s.move(board, 3).has_value());
  EXPECT_EQ(s.move(board, 0), std::optional<std::size_t>(3));
}

TEST(EscapeStrategy, NoFlipColoringFromTheSearch) {
  // n = 3 with no flip allowed: found by search, and works on every board and key.
  Strategy s = Strategy::make(3, {2, true}, StrategyKind::Coloring);
  VerifyResult r = verify(s, {});
  EXPECT_EQ(r.cases, 24u);
  EXPECT_EQ(r.failures, 0u);
  // Without no-flip, 3 cells have no strategy at all.
  EXPECT_THROW(Strategy::make(3, {}, StrategyKind::Coloring), InputError);
}

TEST(EscapeStrategy, DiceVectorsVerified) {
  struct Case {
    int sides;
    std::size_t cells;
  };
  for (Case c :
       {Case{3, 1}, Case{3, 3}, Case{3, 9}, Case{4, 4}, Case{5, 5}, Case{6, 6}, Case{10, 10}}) {
    Strategy s = Strategy::make(c.cells, {c.sides, false}, StrategyKind::Auto);
    VerifyResult r = verify(s, {});
    EXPECT_EQ(r.failures, 0u) << c.sides << " " << c.cells;
    EXPECT_GT(r.cases, 0u);
  }
  // Exhaustive at 3^9 boards x 9 keys.
  VerifyResult r = verify(Strategy::make(9, {3, false}, StrategyKind::Auto), {});
  EXPECT_TRUE(r.exhaustive);
  EXPECT_EQ(r.cases, 19683u * 9u);
  // A worked case: 3 cells of a 3-sided die, cell i is the vector (i); board 2,1,0 sums to
  // 0*2 + 1*1 + 2*0 = 1; for key 0 prisoner 1 turns cell 0 - 1 = 2 (mod 3): 2*1 = 2, 1+2 = 0.
  Strategy three = Strategy::make(3, {3, false}, StrategyKind::Auto);
  std::vector<std::uint8_t> board{2, 1, 0};
  EXPECT_EQ(three.syndrome(board), 1u);
  EXPECT_EQ(three.move(board, 0), std::optional<std::size_t>(2));
}

TEST(EscapeStrategy, SampledVerifyIsTheSameAtAnyThreadCount) {
  for (std::size_t n : {64, 65536}) {
    VerifyOptions one;
    one.samples = n == 64 ? 200 : 20;
    one.seed = 7;
    VerifyOptions two = one;
    two.threads = 2;
    Strategy s = Strategy::make(n, {}, StrategyKind::Auto);
    VerifyResult a = verify(s, one), b = verify(s, two);
    EXPECT_FALSE(a.exhaustive);
    EXPECT_EQ(a.boards, one.samples);
    EXPECT_EQ(a.cases, n == 64 ? 200u * 64u : 20u);
    EXPECT_EQ(a.failures, 0u);
    EXPECT_EQ(a.cases, b.cases);
    EXPECT_EQ(a.digest, b.digest);
    VerifyOptions other = one;
    other.seed = 8;
    EXPECT_NE(verify(s, other).digest, a.digest);
    EXPECT_EQ(b.failures, 0u);
  }
  // Dice beyond exhaustive reach: 3^27 boards.
  VerifyOptions options;
  options.samples = 100;
  VerifyResult r = verify(Strategy::make(27, {3, false}, StrategyKind::Auto), options);
  EXPECT_FALSE(r.exhaustive);
  EXPECT_EQ(r.cases, 2700u);
  EXPECT_EQ(r.failures, 0u);
}

TEST(EscapeStrategy, BigBoardRoundTrip) {
  // 2^16 cells: the flip is one cell, and prisoner 2 reads the key back, for several keys.
  Strategy s = Strategy::make(65536, {}, StrategyKind::Auto);
  std::vector<std::uint8_t> board(65536);
  for (std::size_t i = 0; i < board.size(); ++i) board[i] = (i * 2654435761u >> 7) & 1u;
  for (std::size_t key : {0u, 1u, 4242u, 65535u}) {
    std::vector<std::uint8_t> cells = board;
    Move move = s.move(cells, key);
    ASSERT_TRUE(move.has_value());
    s.apply(cells, move);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) changed += cells[i] != board[i];
    EXPECT_EQ(changed, 1u);
    EXPECT_EQ(s.answer(cells), key);
  }
}

TEST(EscapeStrategy, StrategyColoringsAreColoringsOfTheCube) {
  // The answer on every board, as a colouring of the cube: perfect for the XOR strategy,
  // dominating for the Hamming strategy (prisoner 1 may flip nothing).
  for (int n : {1, 2, 4, 8, 16}) {
    auto colors =
        strategy_coloring(Strategy::make(static_cast<std::size_t>(n), {}, StrategyKind::Xor));
    EXPECT_TRUE(is_perfect_coloring(n, colors)) << n;
    EXPECT_EQ(colors, xor_coloring(n)) << n;
  }
  for (int n : {3, 7, 15}) {
    auto colors = strategy_coloring(
        Strategy::make(static_cast<std::size_t>(n), {2, true}, StrategyKind::Auto));
    EXPECT_TRUE(is_dominating_coloring(n, colors)) << n;
    EXPECT_FALSE(is_perfect_coloring(n, colors)) << n;
  }
}

}  // namespace
}  // namespace manyworlds::escape
