// `setup`'s engine (tetris/search/fill_setups.hpp) against brute force on small fields: every
// set of pieces tried, the rules of the header checked one by one (a build order searched by
// plain recursion over the pieces left), and sfinder's local search transcribed literally
// (every pattern sequence's piece count, every combination of list positions, every choice of
// places); the exclude filters on hand-made fields; the same results at any thread count.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/fill_setups.hpp"

namespace manyworlds::tetris {
namespace {

// A place of a piece in the field's rows: its cells (bit y * 10 + x) and sfinder's key.
struct Place {
  PathPiece piece;
  std::vector<Cell> cells;
  int left = 0;
};

// Every place inside rows 0..h-1 with cells not in `blocked`; skipped rows only where `skip`
// allows (bit y).
std::vector<Place> places(int h, const Field& blocked, unsigned skip) {
  std::vector<Place> out;
  for (Piece piece : kAllPieces) {
    for (int r = 0; r < 4; ++r) {
      if (sfinder_rotation(piece, Rotation(r)) != Rotation(r)) continue;
      const Shape& s = shape(piece, Rotation(r));
      int k = s.max_y - s.min_y + 1;
      for (unsigned used = 0; used < (1u << h); ++used) {
        if (std::popcount(used) != k) continue;
        std::vector<int> rows;
        for (int y = 0; y < h; ++y) {
          if ((used >> y) & 1) rows.push_back(y);
        }
        unsigned span = ((1u << (rows.back() + 1)) - 1) & ~((1u << rows.front()) - 1);
        unsigned skipped = span & ~used;
        if (skipped & ~skip) continue;
        for (int x = -s.min_x; x + s.max_x < kWidth; ++x) {
          Place p;
          p.piece = {piece,
                     Rotation(r),
                     std::int8_t(x),
                     std::int8_t(rows.front() - s.min_y),
                     std::uint16_t(used),
                     std::uint16_t(skipped)};
          bool ok = true;
          for (const Cell& c : s.cells) {
            Cell at{std::int8_t(x + c.x), std::int8_t(rows[std::size_t(c.y - s.min_y)])};
            ok = ok && !blocked.filled(at.x, at.y);
            p.cells.push_back(at);
          }
          p.left = x + s.min_x;
          if (ok) out.push_back(p);
        }
      }
    }
  }
  return out;
}

// Whether the pieces can be placed one by one (plain recursion): full rows cleared before each,
// the piece's skipped rows among them, moved down by the cleared rows below its y, reachable.
bool builds(const Field& init, int h, const std::vector<PathPiece>& pieces, unsigned placed,
            const MoveGenerator& gen) {
  if (placed == (1u << pieces.size()) - 1) return true;
  Field f = init;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if ((placed >> i) & 1) {
      for (const Cell& c : pieces[i].cells()) f.set(c.x, c.y);
    }
  }
  unsigned cleared = 0;
  Field compressed;
  int to = 0;
  for (int y = 0; y < h; ++y) {
    if (f.row(y) == kFullRow) {
      cleared |= 1u << y;
    } else {
      compressed.set_row(to++, f.row(y));
    }
  }
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if ((placed >> i) & 1) continue;
    const PathPiece& p = pieces[i];
    if ((cleared & p.skipped) != p.skipped) continue;
    int below = std::popcount(cleared & ((1u << p.y) - 1));
    Placement at{p.piece, p.rotation, p.x, std::int8_t(p.y - below)};
    if (!compressed.can_place(at) || !gen.reachable(compressed, at, h)) continue;
    if (builds(init, h, pieces, placed | (1u << i), gen)) return true;
  }
  return false;
}

bool consistent(const std::vector<PathPiece>& pieces, int h) {
  unsigned valid = 0;
  std::vector<PathPiece> left = pieces;
  while (!left.empty()) {
    unsigned next_valid = (1u << h) - 1;
    std::vector<PathPiece> next;
    for (const PathPiece& p : left) {
      if ((valid | p.skipped) != valid) {
        next.push_back(p);
        next_valid &= ~unsigned(p.rows);
      }
    }
    if (next_valid == valid) return false;
    valid = next_valid;
    left = next;
  }
  return true;
}

// A solution as sfinder's BlockField: the cells of each piece type.
using Cells = std::set<std::pair<int, std::pair<int, int>>>;
Cells cells_of(const std::vector<PathPiece>& pieces) {
  Cells out;
  for (const PathPiece& p : pieces) {
    for (const Cell& c : p.cells()) out.insert({int(p.piece), {c.x, c.y}});
  }
  return out;
}

// The piece counts of every sequence of a pattern (sfinder's blockCountersStream), listed.
std::vector<std::array<int, 7>> counters(const std::vector<Pattern>& patterns) {
  std::vector<std::array<int, 7>> out;
  for (const Pattern& p : patterns) {
    std::vector<std::array<int, 7>> partial = {{}};
    for (const PatternElement& e : p.elements) {
      std::vector<Piece> set;
      for (Piece q : kAllPieces) {
        if ((e.pieces >> int(q)) & 1) set.push_back(q);
      }
      int take = e.take == 0 ? 1 : e.take;
      std::vector<std::array<int, 7>> next;
      for (const auto& a : partial) {
        for (unsigned m = 0; m < (1u << set.size()); ++m) {
          if (std::popcount(m) != take) continue;
          auto b = a;
          for (std::size_t i = 0; i < set.size(); ++i) {
            if ((m >> i) & 1) ++b[std::size_t(int(set[i]))];
          }
          next.push_back(b);
        }
      }
      partial = next;
    }
    out.insert(out.end(), partial.begin(), partial.end());
  }
  return out;
}

bool fits(const std::array<int, 7>& have, const std::vector<PathPiece>& pieces) {
  std::array<int, 7> n{};
  for (const PathPiece& p : pieces) ++n[std::size_t(int(p.piece))];
  for (int i = 0; i < 7; ++i) {
    if (n[std::size_t(i)] > have[std::size_t(i)]) return false;
  }
  return true;
}

struct Small {
  SetupField field;
  std::string patterns;
};

// The solutions by brute force: every set of places, disjoint, covering the fill, each piece
// covering a fill cell (with quirks: the last block's pieces when the lowest of them, by
// sfinder's comparator, covers one), fitting a count, consistent, buildable.
std::set<Cells> brute_solutions(const Small& s, bool quirks, int max_pieces) {
  const SetupField& f = s.field;
  unsigned skip = 0;
  for (int y = 0; y < f.height; ++y) {
    if ((f.blocked.row(y) & ~f.init.row(y)) == 0) skip |= 1u << y;
  }
  Field blocked = f.blocked;
  for (int y = f.height; y < kMaxHeight; ++y) blocked.set_row(y, kFullRow);
  std::vector<Place> all = places(f.height, blocked, skip);
  auto cnt = counters(parse_patterns(s.patterns));
  MoveGenerator gen(KickTable::srs(), Drop::Softdrop);
  std::set<Cells> out;
  std::vector<int> chosen;
  auto covers_fill = [&](const Place& p) {
    for (const Cell& c : p.cells) {
      if (f.fill.filled(c.x, c.y)) return true;
    }
    return false;
  };
  auto check = [&] {
    std::vector<PathPiece> pieces;
    Field covered;
    for (int i : chosen) {
      pieces.push_back(all[std::size_t(i)].piece);
      for (const Cell& c : all[std::size_t(i)].cells) covered.set(c.x, c.y);
    }
    for (int y = 0; y < f.height; ++y) {
      if (f.fill.row(y) & ~covered.row(y)) return;
    }
    const int last = f.height <= 4 ? 9 : 8;
    const Place* lowest = nullptr;
    for (int i : chosen) {
      const Place& p = all[std::size_t(i)];
      if (p.left >= last) {
        if (!lowest || compare_keyed(p.piece, lowest->piece) < 0) lowest = &p;
      } else if (!covers_fill(p)) {
        return;
      }
    }
    for (int i : chosen) {
      const Place& p = all[std::size_t(i)];
      if (p.left >= last && !(quirks ? covers_fill(*lowest) : covers_fill(p))) return;
    }
    if (!std::any_of(cnt.begin(), cnt.end(), [&](const auto& c) { return fits(c, pieces); })) {
      return;
    }
    if (!consistent(pieces, f.height) || !builds(f.init, f.height, pieces, 0, gen)) return;
    out.insert(cells_of(pieces));
  };
  auto dfs = [&](auto&& self, std::size_t from, Field used) -> void {
    if (!chosen.empty()) check();
    if (int(chosen.size()) == max_pieces) return;
    for (std::size_t i = from; i < all.size(); ++i) {
      bool free = true;
      for (const Cell& c : all[i].cells) free = free && !used.filled(c.x, c.y);
      if (!free) continue;
      Field more = used;
      for (const Cell& c : all[i].cells) more.set(c.x, c.y);
      chosen.push_back(int(i));
      self(self, i + 1, more);
      chosen.pop_back();
    }
  };
  dfs(dfs, 0, Field{});
  return out;
}

std::set<Cells> engine_solutions(const SetupResult& r) {
  std::set<Cells> out;
  for (const SetupSolution& s : r.solutions) out.insert(cells_of(s.key));
  return out;
}

// A field of height h: the cells given as rows top first, '*' fill, '.' margin, '_' blocked,
// 'X' block.
SetupField make_field(const std::string& rows) {
  SetupField f;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= rows.size();) {
    std::size_t slash = std::min(rows.find('/', at), rows.size());
    lines.push_back(rows.substr(at, slash - at));
    at = slash + 1;
  }
  f.height = int(lines.size());
  for (int y = 0; y < f.height; ++y) {
    const std::string& line = lines[std::size_t(f.height - 1 - y)];
    for (int x = 0; x < kWidth; ++x) {
      switch (line[std::size_t(x)]) {
        case '*':
          f.fill.set(x, y);
          break;
        case '+':
          f.free.set(x, y);
          break;
        case '_':
          f.blocked.set(x, y);
          break;
        case 'X':
          f.init.set(x, y);
          f.blocked.set(x, y);
          break;
        default:
          break;
      }
    }
  }
  return f;
}

SetupOptions combination(const std::string& patterns) {
  SetupOptions o;
  o.patterns = parse_patterns(patterns);
  o.combination = true;
  return o;
}

// Random small fields: a few rows, the blocked cells in the middle of the board, fill and
// margin cells drawn at random on the left and the right.
Small random_small(std::mt19937& rng, int h) {
  std::string rows;
  std::uniform_int_distribution<int> pick(0, 99);
  for (int y = 0; y < h; ++y) {
    if (!rows.empty()) rows += '/';
    for (int x = 0; x < kWidth; ++x) {
      bool inside = h <= 4 ? (x <= 2 || x >= 8) : (x >= 7);
      int v = pick(rng);
      rows += !inside ? (v < 15 ? 'X' : '_') : v < 35 ? '*' : v < 90 ? '.' : '_';
    }
  }
  return {make_field(rows), "*,*,*"};
}

TEST(FillSetups, SolutionsMatchBruteForceOnSmallFields) {
  std::mt19937 rng(34);
  int compared = 0, nonempty = 0;
  for (int round = 0; round < 60; ++round) {
    const int h = round % 3 == 2 ? 5 : 2 + round % 2;
    Small s = random_small(rng, h);
    if (s.field.fill.empty()) continue;
    for (bool quirks : {false, true}) {
      SetupOptions o = combination(s.patterns);
      o.sfinder_quirks = quirks;
      SetupResult r;
      try {
        r = fill_setups(s.field, o);
      } catch (const InputError&) {
        continue;  // more fill cells than three pieces cover
      }
      std::set<Cells> expected = brute_solutions(s, quirks, 3);
      EXPECT_EQ(engine_solutions(r), expected) << "round " << round << " quirks " << quirks;
      ++compared;
      nonempty += !expected.empty();
    }
  }
  EXPECT_GT(compared, 60);
  EXPECT_GT(nonempty, 20);
}

// sfinder's docs (contents/setup, "margin"): a piece that fills nothing is not a solution;
// its pack search still adds such pieces in columns 8-9 when the field has 5 rows or more
// (captured as setup/last_block_quirk: 66 solutions with the quirk).
TEST(FillSetups, LastColumnBlockQuirk) {
  SetupField f = make_field("XXXXXXXX../XXXXXXXX../XXXXXXXX.*/XXXXXXXX.*/XXXXXXXX.*/XXXXXXXX.*");
  SetupOptions o = combination("*!");
  SetupResult plain = fill_setups(f, o);
  o.sfinder_quirks = true;
  SetupResult quirks = fill_setups(f, o);
  EXPECT_EQ(quirks.solutions.size(), 66u);  // sfinder 1.43's count (last_block_quirk)
  EXPECT_LT(plain.solutions.size(), quirks.solutions.size());
  for (const SetupSolution& s : plain.solutions) {
    for (const PathPiece& p : s.key) {
      bool fills = false;
      for (const Cell& c : p.cells()) fills = fills || f.fill.filled(c.x, c.y);
      EXPECT_TRUE(fills);
    }
  }
}

// ---- the local search (-np, order mode) ------------------------------------------------

// sfinder's localSearch transcribed: for every listed piece count, the pieces it leaves
// (with its borrowing subtraction under quirks), every combination of list positions, every
// choice of places in list order (same pieces in increasing order), kept when buildable.
std::map<Cells, std::uint64_t> brute_sub_solutions(const SetupField& f, const SetupOptions& o,
                                                   const SetupSolution& key, int k) {
  Field blocked = f.blocked;
  for (int y = f.height; y < kMaxHeight; ++y) blocked.set_row(y, kFullRow);
  Field taken = blocked;
  for (const PathPiece& p : key.key) {
    for (const Cell& c : p.cells()) taken.set(c.x, c.y);
  }
  std::vector<Place> all = places(f.height, blocked, (1u << f.height) - 1);
  MoveGenerator gen(o.kicks, placing_drop(o.drop));
  std::map<Cells, std::uint64_t> out;
  std::array<int, 7> have{};
  for (const PathPiece& p : key.key) ++have[std::size_t(int(p.piece))];
  const int need = k - int(key.key.size());
  for (const auto& c : counters(o.patterns)) {
    std::vector<Piece> left;
    if (o.sfinder_quirks) {
      std::uint64_t packed = 0, used = 0;
      for (int i = 0; i < 7; ++i) {
        packed += std::uint64_t(c[std::size_t(i)]) << (8 * i);
        used += std::uint64_t(have[std::size_t(i)]) << (8 * i);
      }
      std::uint64_t rest = packed - used;
      for (int i = 0; i < 7; ++i) left.insert(left.end(), (rest >> (8 * i)) & 0xFF, Piece(i));
    } else {
      bool holds = true;
      for (int i = 0; i < 7; ++i) holds = holds && c[std::size_t(i)] >= have[std::size_t(i)];
      if (!holds) continue;
      for (int i = 0; i < 7; ++i) {
        left.insert(left.end(), std::size_t(c[std::size_t(i)] - have[std::size_t(i)]), Piece(i));
      }
    }
    if (int(left.size()) < need) continue;
    std::vector<int> pos(static_cast<std::size_t>(need));
    std::iota(pos.begin(), pos.end(), 0);
    while (true) {
      std::vector<Piece> pieces;
      for (int i : pos) pieces.push_back(left[std::size_t(i)]);
      std::sort(pieces.begin(), pieces.end());
      std::vector<PathPiece> chosen = key.key;
      auto choose = [&](auto&& self, std::size_t j, std::size_t from, Field used) -> void {
        if (j == pieces.size()) {
          if (builds(f.init, f.height, chosen, 0, gen)) ++out[cells_of(chosen)];
          return;
        }
        for (std::size_t i = j > 0 && pieces[j] == pieces[j - 1] ? from : 0; i < all.size(); ++i) {
          if (all[i].piece.piece != pieces[j]) continue;
          bool free = true;
          for (const Cell& cell : all[i].cells) free = free && !used.filled(cell.x, cell.y);
          if (!free) continue;
          Field more = used;
          for (const Cell& cell : all[i].cells) more.set(cell.x, cell.y);
          chosen.push_back(all[i].piece);
          self(self, j + 1, i + 1, more);
          chosen.pop_back();
        }
      };
      choose(choose, 0, 0, taken);
      int t = need - 1;
      while (t >= 0 && pos[std::size_t(t)] == int(left.size()) - need + t) --t;
      if (t < 0) break;
      ++pos[std::size_t(t)];
      for (int u = t + 1; u < need; ++u) pos[std::size_t(u)] = pos[std::size_t(u) - 1] + 1;
    }
  }
  return out;
}

std::map<Cells, std::uint64_t> engine_sub_solutions(const SetupSolution& s) {
  std::map<Cells, std::uint64_t> out;
  for (const SetupSub& sub : s.subs) out[cells_of(sub.pieces)] += sub.copies;
  return out;
}

TEST(FillSetups, LocalSearchMatchesSfindersProcedure) {
  // The doc_issue field (fill: the bottom row of columns 0-3, margin above), its rows 0-1.
  const SetupField f = make_field("....______/****______");
  for (const char* patterns : {"ISSSS", "[TIO]p2", "*,*", "IOT"}) {
    for (bool quirks : {false, true}) {
      SetupOptions o = combination(patterns);
      o.n_pieces = 2;
      o.sfinder_quirks = quirks;
      SetupResult r = fill_setups(f, o);
      ASSERT_TRUE(r.local_search);
      for (const SetupSolution& s : r.solutions) {
        if (int(s.key.size()) >= r.max_pieces) continue;
        std::map<Cells, std::uint64_t> expected = brute_sub_solutions(f, o, s, r.max_pieces);
        EXPECT_EQ(engine_sub_solutions(s), expected) << patterns << " quirks " << quirks;
      }
    }
  }
}

TEST(FillSetups, SameResultsAtAnyThreadCount) {
  // sfinder's uc_OrderTest.case2 field (v115@9gTpFeTpFeTpFezhPeAgH): order mode, -np 2.
  const SetupField f = make_field("....______/....______/....______/****______");
  SetupOptions o;
  o.patterns = parse_patterns("*!");
  o.n_pieces = 2;
  auto flat = [](const SetupResult& r) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const SetupSolution& s : r.solutions) {
      for (const SetupSub& sub : s.subs) {
        std::string text;
        for (const PathPiece& p : sub.pieces) {
          text += fmt::format("{}{}{}{}{};", int(p.piece), int(p.rotation), p.x, p.y, p.rows);
        }
        out.push_back({text, sub.orders});
      }
    }
    return out;
  };
  o.threads = 1;
  SetupResult one = fill_setups(f, o);
  EXPECT_EQ(one.solutions.size(), 25u);  // sfinder 1.43 (uc_OrderTest.case2)
  EXPECT_EQ(one.sub_solutions, 67u);
  for (unsigned threads : {2u, 3u, 8u}) {
    o.threads = threads;
    EXPECT_EQ(flat(fill_setups(f, o)), flat(one)) << threads;
  }
}

TEST(FillSetups, ExcludeFilters) {
  SetupField f = make_field("....______/....______/****______");
  auto field = [](const std::string& rows) { return Field::parse(rows); };
  // Holes: a block with an empty cell right below it.
  EXPECT_TRUE(exclude_keeps(f, field("X_________/XX________"), SetupExclude::Holes));
  EXPECT_FALSE(exclude_keeps(f, field("XX________/X_________"), SetupExclude::Holes));
  // An enclosed cell is a hole both ways.
  Field closed = field("__________/XXX_______/X_XXXXXXXX");
  EXPECT_FALSE(exclude_keeps(f, closed, SetupExclude::Holes));
  EXPECT_FALSE(exclude_keeps(f, closed, SetupExclude::StrictHoles));
  // An overhang reached from the side: a hole for `holes`, not for `strict-holes`.
  Field overhang = field("__________/_XX_______/X___XXXXXX");
  EXPECT_FALSE(exclude_keeps(f, overhang, SetupExclude::Holes));
  EXPECT_TRUE(exclude_keeps(f, overhang, SetupExclude::StrictHoles));
  // Free cells may stay holes.
  SetupField with_free = f;
  with_free.free.set(1, 0);
  with_free.free.set(2, 0);
  EXPECT_TRUE(exclude_keeps(with_free, overhang, SetupExclude::Holes));
  with_free.free = Field{};
  with_free.free.set(1, 0);
  EXPECT_TRUE(exclude_keeps(with_free, closed, SetupExclude::StrictHoles));
  // --operate: a T put over the hole's roof, then rows cleared.
  FieldOperation t{FieldOperation::Kind::Piece, 1, 1, Piece::T, Rotation::South};
  Field done = operated_field(f, {}, {t});
  EXPECT_EQ(done.row(1), Row(0b111));
  EXPECT_EQ(done.row(0), Row(0b010));
}

TEST(FillSetups, Errors) {
  SetupField f = make_field("....______/****______");
  SetupOptions o = combination("I");
  SetupField none = f;
  none.fill = Field{};
  EXPECT_THROW(fill_setups(none, o), InputError);
  SetupField tall = f;
  tall.height = 11;
  EXPECT_THROW(fill_setups(tall, o), InputError);
  SetupField four = make_field("....______/*****_____");
  EXPECT_THROW(fill_setups(four, o), InputError);  // 5 fill cells need 2 pieces
  SetupOptions spin = o;
  spin.drop = DropType::Softdrop180;  // srs has no 180-degree kicks
  EXPECT_THROW(fill_setups(f, spin), InputError);
}

}  // namespace
}  // namespace manyworlds::tetris
