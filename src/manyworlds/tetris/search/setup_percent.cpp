#include "manyworlds/tetris/search/setup_percent.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/inspect.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/cover.hpp"

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

SetupPercentResult setup_percent(const Setup& setup, const SetupPercentOptions& options) {
  // The setup as cover sees it: the coloured regions are its pieces, no rows to clear first.
  CoverSetup target;
  target.field = setup.base;
  for (const Placement& p : setup.pieces) {
    CoverPiece piece;
    piece.placement = p;
    const auto& cells = shape(p.piece, p.rotation).cells;
    for (std::size_t i = 0; i < 4; ++i) {
      piece.cells[i] = {std::int8_t(p.x + cells[i].x), std::int8_t(p.y + cells[i].y)};
    }
    target.pieces.push_back(piece);
  }
  // Every distinct order of the setup's pieces, in lexicographic order.
  std::vector<Piece> order;
  for (const auto& p : setup.pieces) order.push_back(p.piece);
  std::sort(order.begin(), order.end());
  std::vector<Sequence> orders;
  do {
    Sequence s;
    for (Piece p : order) s.push_back(p);
    orders.push_back(s);
  } while (std::next_permutation(order.begin(), order.end()));

  CoverOptions o;
  o.drop = options.drop == Drop::Harddrop ? DropType::Harddrop : DropType::Softdrop;
  o.kicks = options.kicks;
  o.clear_lines = false;
  o.use_hold = false;
  CoverResult without = cover_sequences({target}, orders, o);
  o.use_hold = options.use_hold;
  CoverResult with = options.use_hold ? cover_sequences({target}, orders, o) : without;

  SetupPercentResult r;
  r.total = orders.size();
  r.works_without_hold = without.counts[0];
  r.success = with.counts[0];
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (!with.success[0][i]) r.failed.push_back(orders[i].to_string());
  }
  return r;
}

namespace {

bool parse_hold(const std::string& value) {
  if (value == "use" || value == "yes" || value == "true") return true;
  if (value == "avoid" || value == "no" || value == "false") return false;
  throw InputError(fmt::format("hold: '{}' is not use or avoid", value));
}

double percent_of(std::uint64_t count, std::uint64_t all) {
  return all ? 100.0 * double(count) / double(all) : 0.0;
}

}  // namespace

SetupPercentReport run_setup_percent(const SetupPercentRequest& request) {
  fumen::Page page = fumen::decode_page(fumen_argument(request.fumen), request.page);
  SetupPercentReport report;
  report.options.use_hold = parse_hold(request.hold);
  report.options.drop =
      placing_drop(parse_drop_type(request.drop, "setup-percent", DropWords::Placing));
  if (report.options.drop != Drop::Softdrop && report.options.drop != Drop::Harddrop) {
    throw InputError("setup-percent: drop must be softdrop or harddrop");
  }
  report.options.kicks = load_kicks(request.kicks);
  Setup setup = read_setup(page);
  for (const auto& p : setup.pieces) report.pieces += piece_letter(p.piece);
  report.result = setup_percent(setup, report.options);
  return report;
}

void write_text(fmt::memory_buffer& out, const SetupPercentReport& report) {
  const SetupPercentResult& r = report.result;
  append(out, "Setup pieces: {} ({} orders)\n", report.pieces, r.total);
  append(out, "Orders that work without hold: {}\n", r.works_without_hold);
  append(out, "success = {:.2f}% ({}/{}) with hold {}\n", percent_of(r.success, r.total), r.success,
         r.total, report.options.use_hold ? "use" : "avoid");
  if (r.failed.empty()) return;
  std::string line;
  for (std::size_t i = 0; i < r.failed.size() && i < 20; ++i) line += (i ? " " : "") + r.failed[i];
  append(out, "Failing orders{}: {}\n", r.failed.size() > 20 ? " (first 20)" : "", line);
}

void to_json(Json& out, const SetupPercentReport& report) {
  const SetupPercentResult& r = report.result;
  out = {{"pieces", report.pieces},
         {"hold", report.options.use_hold ? "use" : "avoid"},
         {"drop", std::string(drop_name(report.options.drop))},
         {"success", r.success},
         {"total", r.total},
         {"percent", percent_of(r.success, r.total)},
         {"orders_without_hold", r.works_without_hold},
         {"failed", r.failed}};
}

}  // namespace manyworlds::tetris
