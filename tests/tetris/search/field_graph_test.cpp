// The field graph (field_graph.hpp) keeps each field as packed rows below its clear height and
// rebuilds the rest: its successors must be exactly the fields a plain placement makes, on
// clear areas up to the full 24 rows and with blocks above the area.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/field_graph.hpp"

namespace manyworlds::tetris {
namespace {

std::vector<Row> rows_of(const Field& f) {
  return {f.rows().begin(), f.rows().end()};
}

// Random walks through the graph from a random field: at each step the successors of a random
// piece are compared with the placements the move generator lists (placed, rows cleared,
// splittable, distinct), and the walk goes on from one of them.
void expect_plain_successors(int height, int above_rows, unsigned seed) {
  std::mt19937 rng(seed);
  Field root;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (rng() % 3 == 0 && y < height / 2) root.set(x, y);
    }
  }
  for (int y = height; y < std::min(kMaxHeight, height + above_rows); ++y) {
    root.set(int(rng() % kWidth), y);
  }
  MoveGenerator gen(KickTable::srs(), Drop::Softdrop);
  FillOracle oracle;
  FieldGraph graph(root, height, gen, oracle);
  ASSERT_EQ(rows_of(graph.field(graph.root())), rows_of(root));
  ASSERT_EQ(graph.height(graph.root()), height);
  for (int walk = 0; walk < 20; ++walk) {
    FieldGraph::Id id = graph.root();
    for (int step = 0; step < 12 && !graph.cleared(id); ++step) {
      const Field f = graph.field(id);
      const int h = graph.height(id);
      const Piece piece = Piece(rng() % kPieceCount);
      std::set<std::pair<int, std::vector<Row>>> expected;
      MoveList moves;
      gen.generate(f, piece, h, moves);
      for (const Placement& p : moves) {
        Field next = f;
        next.place(p);
        const int left = h - next.clear_lines_below(h);
        if (left > 0 && !splittable(next, left)) continue;
        expected.insert({left, rows_of(next)});
      }
      std::set<std::pair<int, std::vector<Row>>> got;
      std::vector<FieldGraph::Id> children;
      for (FieldGraph::Id c : graph.successors(id, piece)) {
        got.insert({graph.height(c), rows_of(graph.field(c))});
        children.push_back(c);
      }
      ASSERT_EQ(got, expected) << "height " << height << ", step " << step;
      ASSERT_EQ(children.size(), expected.size());  // each child once
      if (children.empty()) break;
      id = children[rng() % children.size()];
    }
  }
}

TEST(FieldGraph, SuccessorsArePlainPlacements) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    expect_plain_successors(4, 0, seed);
    expect_plain_successors(4, 3, seed);
    expect_plain_successors(8, 2, seed);
  }
}

TEST(FieldGraph, TallAreasKeepEveryRow) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    expect_plain_successors(12, 4, seed);
    expect_plain_successors(13, 5, seed);
    expect_plain_successors(18, 3, seed);
    expect_plain_successors(24, 0, seed);
  }
}

}  // namespace
}  // namespace manyworlds::tetris
