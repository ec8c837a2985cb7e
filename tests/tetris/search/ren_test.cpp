// The REN search (search/ren.hpp) against an independent brute force: every sequence of
// choices (hold or drawn piece, every placement movegen.hpp generates) that clears a row with
// each piece, no states merged; the maximal chains it finds must be the search's (as the set of
// their REN count, last field and held piece), for random small fields and queues, with and
// without hold, for each drop model. Also sfinder's state convention and Java's HashSet order.

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/search/ren.hpp"

namespace manyworlds::tetris {
namespace {

using Outcome = std::tuple<int, std::array<Row, kMaxHeight>, int>;  // ren, field, hold (7: none)

// Every maximal chain by brute force: `queue` from `next` on, `hold` held (7: none).
void brute(const MoveGenerator& gen, const Field& field, const std::vector<Piece>& queue,
           std::size_t next, int hold, int ren, std::set<Outcome>& out) {
  // The choices: (piece placed, piece held after).
  std::vector<std::pair<Piece, int>> choices;
  if (hold == 7) {
    if (next < queue.size()) choices.push_back({queue[next], 7});
  } else if (next < queue.size()) {
    choices.push_back({queue[next], hold});
    if (int(queue[next]) != hold) choices.push_back({Piece(hold), int(queue[next])});
  } else {
    choices.push_back({Piece(hold), 7});
  }
  bool continued = false;
  for (auto [piece, held] : choices) {
    MoveList moves;
    gen.generate(field, piece, kMaxHeight, moves);
    for (const Placement& p : moves) {
      Field f = field;
      f.place(p);
      if (f.clear_lines() == 0) continue;
      continued = true;
      brute(gen, f, queue, next + 1, held, ren + 1, out);
    }
  }
  if (!continued && ren >= 0) out.insert({ren, field.rows(), hold});
}

std::set<Outcome> outcomes(const RenResult& r) {
  std::set<Outcome> out;
  for (const RenChain& c : r.chains) {
    out.insert({c.ren(), c.field.rows(), c.hold ? int(*c.hold) : 7});
  }
  return out;
}

// A random field: `rows` rows of a well `width` wide at the left (some cells filled), each row
// with one to three extra holes sometimes, under empty rows.
Field random_field(std::mt19937& rng, int rows) {
  Field f;
  std::uniform_int_distribution<int> coin(0, 3), col(0, kWidth - 1);
  for (int y = 0; y < rows; ++y) {
    Row r = kFullRow & ~Row(0xF);  // a four-wide well at the left
    for (int x = 0; x < 4; ++x) {
      if (coin(rng) == 0) r |= Row(1u << x);
    }
    if (coin(rng) == 0) r &= Row(~(1u << col(rng)));
    if (r == kFullRow) r &= Row(~1u);
    f.set_row(y, r);
  }
  return f;
}

TEST(Ren, BruteForceAgrees) {
  std::mt19937 rng(34);
  std::uniform_int_distribution<int> piece(0, kPieceCount - 1), length(1, 5), height(2, 6);
  const std::array<Drop, 4> drops = {Drop::Softdrop, Drop::Harddrop, Drop::Softdrop180,
                                     Drop::TSoftdrop};
  int chains = 0;
  for (int trial = 0; trial < 240; ++trial) {
    Field field = random_field(rng, height(rng));
    std::vector<Piece> queue(std::size_t(length(rng)));
    for (Piece& p : queue) p = Piece(piece(rng));
    Drop drop = drops[std::size_t(trial % 4)];
    for (bool hold : {true, false}) {
      RenOptions o;
      o.use_hold = hold;
      o.drop = drop;
      o.kicks = KickTable::nullpomino180();
      RenResult r = search_ren(field, queue, o);
      MoveGenerator gen(o.kicks, drop);
      std::set<Outcome> expected;
      brute(gen, field, queue, hold ? 1 : 0, hold ? int(queue[0]) : 7, -1, expected);
      EXPECT_EQ(outcomes(r), expected) << "trial " << trial << " hold " << hold << "\n"
                                       << field.to_string();
      chains += int(r.chains.size());
      // Every chain's placements replay to its field, each clearing a row.
      for (const RenChain& c : r.chains) {
        Field f = field;
        f.clear_lines();
        for (const Placement& p : c.placements) {
          ASSERT_TRUE(f.can_place(p));
          f.place(p);
          ASSERT_GT(f.clear_lines(), 0);
        }
        EXPECT_EQ(f, c.field);
      }
    }
  }
  EXPECT_GT(chains, 300);  // the trials are not all trivial (194 in the first 120)
}

// sfinder's docs example (docs/source/contents/ren/main.rst; sfinder 1.43's ren/doc_basic):
// 17 maximal chains, the longest 6 REN; without hold one chain of 2 (ren/hold_avoid).
TEST(Ren, DocsExample) {
  Field field = Field::parse(
      "XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/XXXXXX____/"
      "XXXXXXXXX_");
  std::vector<Piece> queue;
  for (char c : std::string("TOLJISZ")) queue.push_back(*piece_from_letter(c));
  RenOptions o;
  RenResult r = search_ren(field, queue, o);
  EXPECT_EQ(r.chains.size(), 17u);
  EXPECT_EQ(r.max_ren(), 6);
  o.use_hold = false;
  r = search_ren(field, queue, o);
  EXPECT_EQ(r.chains.size(), 1u);
  EXPECT_EQ(r.max_ren(), 2);
}

// The canonical state covers the same cells, and is one of sfinder's (MinoShifter).
TEST(Ren, SfinderStates) {
  for (Piece p : kAllPieces) {
    for (int r = 0; r < kRotationCount; ++r) {
      Placement a{p, Rotation(r), 4, 10};
      Placement b = sfinder_state(a);
      auto cells = [](const Placement& q) {
        std::set<std::pair<int, int>> out;
        for (const Cell& c : shape(q.piece, q.rotation).cells) out.insert({q.x + c.x, q.y + c.y});
        return out;
      };
      EXPECT_EQ(cells(a), cells(b)) << piece_letter(p) << r;
      EXPECT_EQ(sfinder_state(b), b);
      if (p == Piece::I || p == Piece::S) {
        EXPECT_TRUE(b.rotation == Rotation::North || b.rotation == Rotation::West);
      } else if (p == Piece::Z) {
        EXPECT_TRUE(b.rotation == Rotation::North || b.rotation == Rotation::East);
      } else if (p == Piece::O) {
        EXPECT_EQ(b.rotation, Rotation::North);
      } else {
        EXPECT_EQ(b, a);
      }
    }
  }
}

// Java 17's HashSet<Integer> iteration orders (printed by a small program run on the project's
// OpenJDK 17.0.15: new HashSet, add the keys in this order, iterate).
TEST(Ren, JavaHashSetOrder) {
  auto order = [](std::vector<std::uint32_t> keys) {
    std::vector<std::uint32_t> out;
    for (std::size_t i : java_hash_set_order(keys)) out.push_back(keys[i]);
    return out;
  };
  using V = std::vector<std::uint32_t>;
  EXPECT_EQ(order({4, 18}), V({18, 4}));
  EXPECT_EQ(order({16, 0}), V({16, 0}));
  // The ninth key in one bucket doubles a table smaller than 64.
  EXPECT_EQ(order({0, 16, 32, 48, 64, 80, 96, 112, 128}), V({0, 32, 64, 96, 128, 16, 48, 80, 112}));
  EXPECT_EQ(order({20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}),
            V({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}));
  EXPECT_EQ(order({5, 21, 37, 3, 19, 35, 51, 1, 17, 33, 49, 65, 81, 97, 113, 129}),
            V({1, 33, 65, 97, 129, 3, 35, 5, 37, 17, 49, 81, 113, 19, 51, 21}));
}

// The placements sfinder lists are movegen's (each once, in sfinder's states), in some order.
TEST(Ren, PlacementsAreMovegens) {
  std::mt19937 rng(7);
  const std::array<Drop, 4> drops = {Drop::Softdrop, Drop::Harddrop, Drop::Softdrop180,
                                     Drop::TSoftdrop};
  for (int trial = 0; trial < 200; ++trial) {
    Field field = random_field(rng, 1 + trial % 8);
    Drop drop = drops[std::size_t(trial % 4)];
    MoveGenerator soft(KickTable::nullpomino180(),
                       drop == Drop::Softdrop180 ? Drop::Softdrop180 : Drop::Softdrop);
    MoveGenerator model(KickTable::nullpomino180(), drop);
    for (Piece p : kAllPieces) {
      std::vector<Placement> listed = ren_placements(soft, drop, field, p);
      std::set<Placement> got(listed.begin(), listed.end());
      EXPECT_EQ(got.size(), listed.size());
      MoveList moves;
      model.generate(field, p, kMaxHeight, moves);
      std::set<Placement> expected;
      for (const Placement& m : moves) expected.insert(sfinder_state(m));
      EXPECT_EQ(got, expected) << trial << piece_letter(p);
    }
  }
}

TEST(Ren, ThreadsGiveTheSameChains) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 10; ++trial) {
    Field field = random_field(rng, 12);
    std::vector<Piece> queue;
    for (int i = 0; i < 12; ++i) queue.push_back(Piece(rng() % 7));
    RenOptions one;
    RenResult a = search_ren(field, queue, one);
    RenOptions four = one;
    four.threads = 4;
    four.parallel_states = 1;  // every step on the threads
    RenResult b = search_ren(field, queue, four);
    ASSERT_EQ(a.chains.size(), b.chains.size());
    for (std::size_t i = 0; i < a.chains.size(); ++i) {
      EXPECT_EQ(a.chains[i].placements, b.chains[i].placements);
    }
    EXPECT_EQ(a.states, b.states);
  }
}

}  // namespace
}  // namespace manyworlds::tetris
