// The move generator against sfinder's own success counts: a deliberately plain perfect-clear
// search with sfinder's hold model (percent_rules.md, "Hold model"), written only for this test,
// reproduces sfinder 1.43's counts on reference cases whose answer depends on reachability:
// SRS vs no kicks, soft vs hard drop, 90 vs 180-degree rotations. (The real `percent` command
// is elsewhere; this is the core's check.)

#include <gtest/gtest.h>

#include <string>
#include <unordered_map>

#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "tetris/fumen_corpus.hpp"

namespace manyworlds::tetris {
namespace {

class PlainPcSearch {
 public:
  PlainPcSearch(const KickTable& kicks, Drop drop, bool hold) : gen_(kicks, drop), hold_(hold) {}

  // Whether the pieces (the first goes to hold when hold is used) can clear all `height` rows.
  bool works(const Field& field, int height, const std::vector<Piece>& queue, int need) {
    if (hold_) return search(field, height, int(queue[0]), queue, 1, need);
    return search(field, height, -1, queue, 0, need);
  }

 private:
  bool search(const Field& f, int height, int hold, const std::vector<Piece>& q, std::size_t next,
              int left) {
    if (left == 0) return f.empty();
    // Key: the rows below the height, the held piece, the pieces to come, pieces still to place.
    std::string key;
    for (int y = 0; y < height; ++y) {
      key += char('0' + (f.row(y) >> 5));
      key += char('0' + (f.row(y) & 31));
    }
    key += char('a' + hold + 1);
    for (std::size_t i = next; i < q.size(); ++i) key += piece_letter(q[i]);
    key += char('0' + left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool ok = false;
    auto try_piece = [&](Piece p, int new_hold, std::size_t new_next) {
      MoveList moves;
      gen_.generate(f, p, height, moves);
      for (const Placement& m : moves) {
        Field g = f;
        g.place(m);
        int cleared = g.clear_lines();
        if (search(g, height - cleared, new_hold, q, new_next, left - 1)) return true;
      }
      return false;
    };
    if (next < q.size()) ok = try_piece(q[next], hold, next + 1);
    if (!ok && hold >= 0) {
      ok = try_piece(Piece(hold), next < q.size() ? int(q[next]) : -1,
                     next < q.size() ? next + 1 : next);
    }
    memo_[key] = ok;
    return ok;
  }

  MoveGenerator gen_;
  bool hold_;
  std::unordered_map<std::string, bool> memo_;
};

// Ordered selections of `k` distinct pieces (sfinder's *pk), in lexicographic order.
void selections(std::vector<Piece>& prefix, std::size_t k, std::vector<std::vector<Piece>>& out) {
  if (prefix.size() == k) {
    out.push_back(prefix);
    return;
  }
  for (Piece p : kAllPieces) {
    if (std::find(prefix.begin(), prefix.end(), p) != prefix.end()) continue;
    prefix.push_back(p);
    selections(prefix, k, out);
    prefix.pop_back();
  }
}

struct Count {
  int success = 0, total = 0;
};

Count run(const std::string& fumen_text, int lines, const KickTable& kicks, Drop drop, bool hold,
          const std::vector<Piece>& head, std::size_t star) {
  Field f = fumen::decode_page(fumen_text, 1).merged();
  int empty = 0;
  for (int y = 0; y < lines; ++y) empty += kWidth - std::popcount(unsigned(f.row(y)));
  int need = empty / 4;
  std::vector<std::vector<Piece>> tails;
  std::vector<Piece> prefix;
  selections(prefix, star, tails);
  PlainPcSearch search(kicks, drop, hold);
  Count c;
  for (const auto& tail : tails) {
    std::vector<Piece> q = head;
    q.insert(q.end(), tail.begin(), tail.end());
    ++c.total;
    c.success += search.works(f, lines, q, need);
  }
  return c;
}

// Expected counts: tests/data/tetris/cases.tsv (sfinder 1.43).
TEST(ReferenceCounts, PcoWithAndWithoutKicks) {
  const std::string pco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";
  Count srs = run(pco, 4, KickTable::srs(), Drop::Softdrop, true, {}, 4);
  EXPECT_EQ(srs.success, 514);  // noKicks_srs
  EXPECT_EQ(srs.total, 840);
  Count none = run(pco, 4, KickTable::nokicks(), Drop::Softdrop, true, {}, 4);
  EXPECT_EQ(none.success, 346);  // noKicks_nokicks
}

TEST(ReferenceCounts, HarddropWell) {
  // useTetfuAndCommand5_harddrop: 314 / 840.
  Count c = run("v115@9gF8DeF8DeF8DeF8NeAgH", 4, KickTable::srs(), Drop::Harddrop, true, {}, 4);
  EXPECT_EQ(c.success, 314);
  EXPECT_EQ(c.total, 840);
}

TEST(ReferenceCounts, PcoWithIHeld) {
  // community_PCO_Ihold: I,*p4 = 711 / 840.
  Count c =
      run("v115@9gE8EeF8DeG8CeF8NeAgH", 4, KickTable::srs(), Drop::Softdrop, true, {Piece::I}, 4);
  EXPECT_EQ(c.success, 711);
  EXPECT_EQ(c.total, 840);
}

TEST(ReferenceCounts, Rotations180Slow) {
  // use180_srs: 5028 / 5040 with softdrop and SRS; use180_null180: 5040 / 5040 with 180.
  const std::string f = "v115@GhA8DeA8CeB8DeF8DeF8JeAgH";
  Count srs = run(f, 4, KickTable::srs(), Drop::Softdrop, true, {}, 7);
  EXPECT_EQ(srs.success, 5028);
  EXPECT_EQ(srs.total, 5040);
  Count r180 = run(f, 4, KickTable::nullpomino180(), Drop::Softdrop180, true, {}, 7);
  EXPECT_EQ(r180.success, 5040);
}

}  // namespace
}  // namespace manyworlds::tetris
