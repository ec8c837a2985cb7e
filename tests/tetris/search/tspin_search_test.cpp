// The T-spin search (search/tspin_search.hpp) checked against what a result claims, with code
// of its own and the board layer's spin detection (board/spin.hpp, movegen.hpp's reachability),
// on the docs' field and on random small fields with random piece sets:
//  - every result is a set of placements of the given pieces, inside the walls, below the
//    margin, on no block and on no other placement; the rows a placement skips are full;
//  - its T occupies at least `min_cleared` full rows and, once the rows full without it are
//    removed, three of its corners are blocked (the wall stage's promise);
//  - with roofs, the T's placement is a T-spin by spin_kind (a rotation from a state the soft
//    drop reaches, three corners) clearing the rows the result says;
//  - every roof result holds a candidate of the search without roofs (the roof stage only adds
//    pieces above the candidates of the fill, scaffold and wall stages), with the same T;
//  - the results (and their order) do not depend on the thread count.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/tspin_search.hpp"

namespace manyworlds::tetris {
namespace {

using Key = std::tuple<int, int, int, int, std::uint32_t>;  // piece, rotation, x, y, rows

Key key_of(const PathPiece& p) {
  return {int(p.piece), int(p.rotation), p.x, p.y, p.rows};
}

std::set<Key> keys_of(const TSpinResult& r) {
  std::set<Key> out;
  for (const PathPiece& p : r.pieces) out.insert(key_of(p));
  return out;
}

std::string describe(const Field& field, const TSpinResult& r) {
  std::string out = field.to_string(8, '/') + " :";
  for (const PathPiece& p : r.pieces) {
    out += ' ';
    out += piece_letter(p.piece);
    out += "-" + std::to_string(int(p.rotation)) + "(" + std::to_string(p.x) + "," +
           std::to_string(p.y) + ")";
  }
  return out + " t=" + std::to_string(r.t);
}

bool blocked(const Field& f, int x, int y) {
  return x < 0 || x >= kWidth || y < 0 || f.filled(x, y);
}

// Checks one result; returns the T's state on the field without it (full rows removed) and
// that field, for the spin checks.
struct Judged {
  Field without_t;  // full rows removed
  Placement t;
  int cleared_by_t = 0;
};

Judged check_result(const Field& field, PieceCounts pieces, const TSpinSearchOptions& o,
                    const TSpinResult& r) {
  const std::string what = describe(field, r);
  Judged j;
  EXPECT_LT(std::size_t(r.t), r.pieces.size()) << what;
  EXPECT_EQ(r.pieces[std::size_t(r.t)].piece, Piece::T) << what;
  PieceCounts used = 0;
  Field merged = field;
  Field without_t = field;
  for (std::size_t i = 0; i < r.pieces.size(); ++i) {
    const PathPiece& p = r.pieces[i];
    used = add_piece(used, p.piece);
    const Shape& s = shape(p.piece, p.rotation);
    EXPECT_LT(p.y + s.max_y, o.margin) << what << ": above the margin";
    int lowest = kMaxHeight, highest = -1;
    for (const Cell& c : p.cells()) {
      EXPECT_TRUE(c.x >= 0 && c.x < kWidth && c.y >= 0 && c.y < kMaxHeight) << what;
      EXPECT_FALSE(merged.filled(c.x, c.y)) << what << ": cells overlap";
      merged.set(c.x, c.y);
      if (int(i) != r.t) without_t.set(c.x, c.y);
      lowest = std::min<int>(lowest, c.y);
      highest = std::max<int>(highest, c.y);
    }
    // The rows between its lowest and highest cells that it does not occupy are its skipped
    // rows (and the rows of `rows` are those of its cells).
    std::uint32_t span = ((2u << highest) - 1) & ~((1u << lowest) - 1);
    EXPECT_EQ(span & ~p.rows, p.skipped) << what;
  }
  for (Piece p : kAllPieces) {
    EXPECT_LE(count_of(used, p), count_of(pieces, p)) << what << ": pieces not given";
  }
  std::uint32_t full = full_rows(merged);
  for (const PathPiece& p : r.pieces) {
    EXPECT_EQ(p.skipped & ~full, 0u) << what << ": a skipped row is not full";
  }
  const PathPiece& t = r.pieces[std::size_t(r.t)];
  j.cleared_by_t = std::popcount(full & t.rows);
  EXPECT_GE(j.cleared_by_t, o.min_cleared) << what;

  // The T on the field without it, the rows full without it removed.
  std::uint32_t full_without_t = full_rows(without_t);
  j.without_t = without_rows(without_t, full_without_t);
  int lowest = kMaxHeight;
  for (const Cell& c : t.cells()) lowest = std::min<int>(lowest, c.y);
  int below = std::popcount(full_without_t & ((1u << lowest) - 1));
  j.t = {Piece::T, t.rotation, t.x, std::int8_t(t.y - below)};
  EXPECT_TRUE(j.without_t.can_place(j.t)) << what;
  int corners = 0;
  for (int dx : {-1, 1}) {
    for (int dy : {-1, 1}) corners += blocked(j.without_t, j.t.x + dx, j.t.y + dy);
  }
  EXPECT_GE(corners, 3) << what << ": not three corners";
  return j;
}

struct Case {
  Field field;
  PieceCounts pieces = 0;
  TSpinSearchOptions options;
};

// Checks a case; returns how many results (without roofs, with roofs) it checked.
std::pair<std::size_t, std::size_t> check_case(const Case& c) {
  TSpinSearchOptions no_roof = c.options;
  no_roof.roof = false;
  no_roof.max_roof = INT_MAX;
  TSpinSearchOptions with_roof = c.options;
  with_roof.roof = true;
  std::vector<TSpinResult> candidates = tspin_search(c.field, c.pieces, no_roof);
  std::vector<TSpinResult> roofs = tspin_search(c.field, c.pieces, with_roof);

  std::set<std::pair<Key, std::set<Key>>> candidate_sets;
  for (const TSpinResult& r : candidates) {
    check_result(c.field, c.pieces, no_roof, r);
    candidate_sets.insert({key_of(r.pieces[std::size_t(r.t)]), keys_of(r)});
  }

  MoveGenerator soft(KickTable::srs(), Drop::Softdrop);
  for (const TSpinResult& r : roofs) {
    const std::string what = describe(c.field, r);
    Judged j = check_result(c.field, c.pieces, with_roof, r);
    ReachableStates states;
    soft.softdrop_states(j.without_t, Piece::T, c.options.field_height, states);
    SpinKind spin = spin_kind(j.without_t, j.t, j.cleared_by_t, KickTable::srs(), false, states,
                              c.options.field_height);
    EXPECT_NE(spin, kNoSpin) << what << ": spin_kind finds no T-spin";

    // Some candidate with the same T lies inside it.
    const Key t = key_of(r.pieces[std::size_t(r.t)]);
    const std::set<Key> all = keys_of(r);
    bool found = false;
    for (const auto& [ct, cs] : candidate_sets) {
      if (ct == t && std::includes(all.begin(), all.end(), cs.begin(), cs.end())) {
        found = true;
        break;
      }
    }
    EXPECT_TRUE(found) << what << ": no candidate of the search without roofs inside it";
  }

  // The same results, in the same order, on two and three threads (the line fill's tree and
  // the fill results are shared among them).
  for (unsigned threads : {2u, 3u}) {
    TSpinSearchOptions more = with_roof;
    more.threads = threads;
    std::vector<TSpinResult> again = tspin_search(c.field, c.pieces, more);
    EXPECT_EQ(again.size(), roofs.size()) << threads << " threads";
    for (std::size_t i = 0; i < std::min(roofs.size(), again.size()); ++i) {
      EXPECT_EQ(again[i].pieces, roofs[i].pieces) << threads << " threads";
      EXPECT_EQ(again[i].t, roofs[i].t) << threads << " threads";
    }
  }
  return {candidates.size(), roofs.size()};
}

PieceCounts counts_of(std::string_view letters) {
  PieceCounts out = 0;
  for (char ch : letters) {
    for (Piece p : kAllPieces) {
      if (piece_letter(p) == ch) out = add_piece(out, p);
    }
  }
  return out;
}

// sfinder's derived heights (SpinSettings, sfinder_spin.md): margin = fill top + 2, field
// height = max(margin, highest block row).
TSpinSearchOptions options_for(const Field& f, int fill_top, int min_cleared) {
  TSpinSearchOptions o;
  o.fill_bottom = 0;
  o.fill_top = fill_top;
  o.margin = fill_top + 2;
  o.field_height = std::max(o.margin, f.height() - 1);
  o.min_cleared = min_cleared;
  return o;
}

TEST(TSpinSearch, DocsFieldResultsAreTSpins) {
  // A staircase of 4 rows, the shape of sfinder's docs example field.
  Case c;
  c.field = Field::parse(
      "XXXX______/"
      "XXXXX_____/"
      "XXXXXX____/"
      "XXXXXXX___");
  c.pieces = counts_of("TIL");
  c.options = options_for(c.field, 4, 2);
  auto [candidates, roofs] = check_case(c);
  std::printf("staircase, TIL: %zu results without roofs, %zu with\n", candidates, roofs);
  // Not vacuous: the search finds T-spins here with all seven pieces.
  EXPECT_FALSE(tspin_search(c.field, counts_of("TILJSZO"), c.options).empty());
}

TEST(TSpinSearch, RandomSmallFieldsResultsAreTSpins) {
  std::mt19937 rng(20261127);
  std::size_t candidates = 0, roofs = 0;
  for (int round = 0; round < 24; ++round) {
    Case c;
    const int rows = 2 + int(rng() % 2);
    for (int y = 0; y < rows; ++y) {
      // Mostly full rows with a gap of 1 to 4 cells somewhere.
      int gap = 1 + int(rng() % 4);
      int at = int(rng() % unsigned(kWidth - gap + 1));
      Row r = kFullRow;
      for (int x = at; x < at + gap; ++x) r = Row(r & ~(1u << x));
      c.field.set_row(y, r);
    }
    std::string letters = "T";
    const std::string others = "ILJSZO";
    const int n = 2 + int(rng() % 2);
    for (int i = 0; i < n; ++i) letters += others[rng() % others.size()];
    c.pieces = counts_of(letters);
    c.options = options_for(c.field, rows, 1 + int(rng() % 2));
    SCOPED_TRACE(c.field.to_string(rows, '/') + " pieces " + letters);
    auto [without, with] = check_case(c);
    candidates += without;
    roofs += with;
  }
  // Not a vacuous test: some of the fields have T-spins, with and without roofs.
  std::printf("random fields: %zu results without roofs, %zu with\n", candidates, roofs);
  EXPECT_GT(candidates, 0u);
  EXPECT_GT(roofs, 0u);
}

}  // namespace
}  // namespace manyworlds::tetris
