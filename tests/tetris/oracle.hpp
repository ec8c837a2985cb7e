#pragma once
// An independent, slow reachability check for the move generator tests: solution-finder 1.43's
// definitions transcribed literally (LockedCandidate/LockedReachable: a reverse depth-first
// search from the target through undo-moves to a free state; HarddropCandidate: enter from
// above row H and fall), one state at a time, with none of the generator's row masks.

#include <set>
#include <tuple>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"

namespace manyworlds::tetris::testing {

class Oracle {
 public:
  Oracle(const Field& field, const KickTable& kicks, Drop drop, int height)
      : field_(field), kicks_(kicks), drop_(drop), height_(height) {}

  // Every distinct placement (canonical), sorted.
  std::vector<Placement> placements(Piece piece) {
    std::set<Placement> found;
    bool hard = drop_ == Drop::Harddrop || (drop_ == Drop::TSoftdrop && piece != Piece::T);
    for (int r = 0; r < 4; ++r) {
      const Shape& s = shape(piece, Rotation(r));
      for (int x = 0; x < kWidth; ++x) {
        if (hard) {
          // HarddropCandidate + Field.getYOnHarddrop: start with the lowest cell in row H,
          // test from one row lower down; keep when the piece ends below H.
          if (x + s.min_x < 0 || x + s.max_x >= kWidth) continue;
          int start = height_ - s.min_y;
          int y = -s.min_y;
          for (int t = start - 1; t >= -s.min_y; --t) {
            if (!fits({piece, Rotation(r), std::int8_t(x), std::int8_t(t)})) {
              y = t + 1;
              break;
            }
          }
          if (y + s.max_y < height_) {
            found.insert(canonical({piece, Rotation(r), std::int8_t(x), std::int8_t(y)}));
          }
          continue;
        }
        for (int y = 0; y + s.max_y < height_; ++y) {
          Placement p{piece, Rotation(r), std::int8_t(x), std::int8_t(y)};
          if (!fits(p) || fits({piece, p.rotation, p.x, std::int8_t(y - 1)})) continue;
          visited_.clear();
          if (reach(p)) found.insert(canonical(p));
        }
      }
    }
    return {found.begin(), found.end()};
  }

 private:
  bool fits(const Placement& p) const {
    const Shape& s = shape(p.piece, p.rotation);
    for (const Cell& c : s.cells) {
      int x = p.x + c.x, y = p.y + c.y;
      if (x < 0 || x >= kWidth || y < 0) return false;
      if (field_.filled(x, y)) return false;
    }
    return true;
  }
  // The first kick that fits when rotating `from` to rotation `to`, or -1.
  int selected_kick(const Placement& from, Rotation to) const {
    auto tests = kicks_.tests(from.piece, from.rotation, to);
    for (std::size_t i = 0; i < tests.size(); ++i) {
      Placement q{from.piece, to, std::int8_t(from.x + tests[i].x),
                  std::int8_t(from.y + tests[i].y)};
      if (fits(q)) return int(i);
    }
    return -1;
  }
  bool rises_out(const Placement& p) const {
    for (int y = p.y + 1; y < kMaxHeight + 3; ++y) {
      if (!fits({p.piece, p.rotation, p.x, std::int8_t(y)})) return false;
    }
    return true;
  }
  bool reach(const Placement& p) {
    if (p.y >= height_) return true;
    auto key = std::make_tuple(int(p.rotation), int(p.x), int(p.y));
    if (!visited_.insert(key).second) return false;
    if (rises_out(p)) return true;
    Placement up{p.piece, p.rotation, p.x, std::int8_t(p.y + 1)};
    if (up.y < height_ && fits(up) && reach(up)) return true;
    for (int dx : {-1, 1}) {
      Placement side{p.piece, p.rotation, std::int8_t(p.x + dx), p.y};
      if (fits(side) && reach(side)) return true;
    }
    std::vector<int> turns = {3, 1};  // undo a clockwise turn, undo a counter-clockwise turn
    if (drop_ == Drop::Softdrop180) turns.push_back(2);
    for (int t : turns) {
      Rotation before = Rotation((int(p.rotation) + t) & 3);
      auto tests = kicks_.tests(p.piece, before, p.rotation);
      for (std::size_t i = 0; i < tests.size(); ++i) {
        Placement from{p.piece, before, std::int8_t(p.x - tests[i].x),
                       std::int8_t(p.y - tests[i].y)};
        if (!fits(from)) continue;
        if (selected_kick(from, p.rotation) != int(i)) continue;
        if (reach(from)) return true;
      }
    }
    return false;
  }

  Field field_;
  const KickTable& kicks_;
  Drop drop_;
  int height_;
  std::set<std::tuple<int, int, int>> visited_;
};

}  // namespace manyworlds::tetris::testing
