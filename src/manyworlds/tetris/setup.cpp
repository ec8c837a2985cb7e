#include "manyworlds/tetris/setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/hold.hpp"

namespace manyworlds::tetris {

Setup read_setup(const fumen::Page& page) {
  // Colours per cell with the page's piece merged.
  fumen::ColorField colors = page.field;
  if (page.piece) {
    const Placement& p = *page.piece;
    for (const Cell& c : shape(p.piece, p.rotation).cells) {
      int x = p.x + c.x, y = p.y + c.y;
      if (x >= 0 && x < kWidth && y >= 0 && y < fumen::kFieldHeight) {
        colors.set(x, y, fumen::piece_color(p.piece));
      }
    }
  }
  Setup setup;
  std::vector<std::vector<bool>> seen(kWidth, std::vector<bool>(fumen::kFieldHeight, false));
  for (int y = 0; y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color c = colors.at(x, y);
      if (c == fumen::Color::Gray) setup.base.set(x, y);
    }
  }
  for (int y = 0; y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color c = colors.at(x, y);
      if (c == fumen::Color::Empty || c == fumen::Color::Gray || seen[x][y]) continue;
      // The connected region of this colour.
      std::vector<Cell> region;
      std::vector<Cell> stack{{std::int8_t(x), std::int8_t(y)}};
      seen[x][y] = true;
      while (!stack.empty()) {
        Cell cell = stack.back();
        stack.pop_back();
        region.push_back(cell);
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int d = 0; d < 4; ++d) {
          int nx = cell.x + dx[d], ny = cell.y + dy[d];
          if (nx < 0 || nx >= kWidth || ny < 0 || ny >= fumen::kFieldHeight) continue;
          if (seen[nx][ny] || colors.at(nx, ny) != c) continue;
          seen[nx][ny] = true;
          stack.push_back({std::int8_t(nx), std::int8_t(ny)});
        }
      }
      Piece piece = *fumen::color_piece(c);
      std::optional<Placement> found;
      if (region.size() == 4) {
        for (int r = 0; r < 4 && !found; ++r) {
          const Shape& s = shape(piece, Rotation(r));
          for (const Cell& anchor : region) {
            // Try each region cell as the shape's (0,0) cell.
            int px = anchor.x, py = anchor.y;
            bool all = true;
            for (const Cell& sc : s.cells) {
              Cell want{std::int8_t(px + sc.x), std::int8_t(py + sc.y)};
              if (std::find(region.begin(), region.end(), want) == region.end()) all = false;
            }
            if (all) {
              found = canonical(Placement{piece, Rotation(r), std::int8_t(px), std::int8_t(py)});
              break;
            }
          }
        }
      }
      if (!found) {
        throw InputError(
            fmt::format("setup: the {} region at ({}, {}) has {} cells and is not one {} piece",
                        fumen::color_letter(c), x, y, region.size(), piece_letter(piece)));
      }
      setup.pieces.push_back(*found);
    }
  }
  if (setup.pieces.empty()) throw InputError("setup: the page has no coloured cells");
  if (int(setup.pieces.size()) > kMaxSetupPieces) {
    throw InputError(fmt::format("setup: {} pieces, at most {} are supported", setup.pieces.size(),
                                 kMaxSetupPieces));
  }
  return setup;
}

namespace {

class SetupSearch {
 public:
  SetupSearch(const Setup& setup, const SetupOptions& o)
      : setup_(setup),
        gen_(o.kicks, o.drop),
        n_(int(setup.pieces.size())),
        reach_(std::size_t(1) << n_, std::vector<signed char>(std::size_t(n_), -1)) {}

  // Whether target t can be placed after the targets in `mask`.
  bool reachable(std::uint32_t mask, int t) {
    signed char& r = reach_[mask][std::size_t(t)];
    if (r < 0) {
      Field f = setup_.base;
      for (int k = 0; k < n_; ++k) {
        if (mask >> k & 1) f.place(setup_.pieces[std::size_t(k)]);
      }
      r = gen_.reachable(f, setup_.pieces[std::size_t(t)], kMaxHeight) ? 1 : 0;
    }
    return r == 1;
  }

  // Without hold: the pieces in this order, each at any free target of its type.
  bool works(const std::vector<Piece>& order) {
    std::set<std::uint32_t> failed;
    return works(order, 0, 0, failed);
  }

 private:
  bool works(const std::vector<Piece>& order, std::size_t k, std::uint32_t mask,
             std::set<std::uint32_t>& failed) {
    if (k == order.size()) return true;
    if (failed.count(mask)) return false;
    for (int t = 0; t < n_; ++t) {
      if (mask >> t & 1 || setup_.pieces[std::size_t(t)].piece != order[k]) continue;
      if (reachable(mask, t) && works(order, k + 1, mask | (1u << t), failed)) return true;
    }
    failed.insert(mask);
    return false;
  }

  const Setup& setup_;
  MoveGenerator gen_;
  int n_;
  std::vector<std::vector<signed char>> reach_;
};

std::string letters(const std::vector<Piece>& order) {
  std::string s;
  for (Piece p : order) s += piece_letter(p);
  return s;
}

}  // namespace

SetupResult setup_percent(const Setup& setup, const SetupOptions& options) {
  SetupSearch search(setup, options);
  std::vector<Piece> order;
  for (const auto& p : setup.pieces) order.push_back(p.piece);
  std::sort(order.begin(), order.end());
  // First pass: every distinct order that works without hold.
  std::map<std::vector<Piece>, bool> works;
  do {
    works[order] = search.works(order);
  } while (std::next_permutation(order.begin(), order.end()));
  SetupResult r;
  r.total = works.size();
  for (const auto& [o, w] : works) r.works_without_hold += w;
  // Second pass: an input order works with hold when one of its placement orders works.
  auto orders = hold::placement_orders(int(order.size()), int(order.size()));
  for (const auto& [input, w] : works) {
    bool ok = w;
    if (options.use_hold) {
      for (const auto& idx : orders) {
        if (ok) break;
        std::vector<Piece> placed;
        for (int i : idx) placed.push_back(input[std::size_t(i)]);
        ok = works.at(placed);
      }
    }
    if (ok) {
      ++r.success;
    } else {
      r.failed.push_back(letters(input));
    }
  }
  return r;
}

}  // namespace manyworlds::tetris
