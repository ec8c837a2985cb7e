#include "manyworlds/tetris/sfinder/fumen_writers.hpp"

#include "manyworlds/tetris/board/fumen.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// The field's blocks in rows below `height` (and fumen's 23 rows), in gray.
fumen::ColorField gray_rows(const Field& field, int height) {
  fumen::ColorField out;
  for (int y = 0; y < height && y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (field.filled(x, y)) out.set(x, y, fumen::Color::Gray);
    }
  }
  return out;
}

}  // namespace

std::string one_page_fumen(const Field& field, const std::vector<KeyedPlacement>& pieces,
                           int height, std::string_view comment) {
  fumen::Page page;
  page.field = gray_rows(field, height);
  // Piece by piece type (T I L J S Z O), as sfinder's BlockField is filled in.
  for (Piece type : kAllPieces) {
    for (const KeyedPlacement& k : pieces) {
      if (k.state.piece != type) continue;
      for (const Cell& c : k.cells()) {
        if (c.y < height && c.y < fumen::kFieldHeight) {
          page.field.set(c.x, c.y, fumen::piece_color(type));
        }
      }
    }
  }
  page.comment = std::string(comment);
  return fumen::encode_sfinder({page});
}

std::string sequence_fumen(const Field& field, const std::vector<KeyedPlacement>& pieces,
                           int height, const KickTable& kicks) {
  std::optional<std::vector<int>> order =
      first_build_order(field, pieces, height, BuildReach::Locked, kicks);
  if (!order) order = first_build_order(field, pieces, height, BuildReach::Deep, kicks);
  if (!order) {
    order.emplace();
    for (std::size_t i = 0; i < pieces.size(); ++i) order->push_back(int(i));
  }
  std::vector<Placement> states = states_in_order(field, pieces, *order);
  std::string quiz = "#Q=[](";
  for (std::size_t i = 0; i < states.size(); ++i) {
    quiz += piece_letter(states[i].piece);
    if (i == 0) quiz += ")";
  }
  Field start;
  int to = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if (field.row(y) != kFullRow) start.set_row(to++, field.row(y));
  }
  std::vector<fumen::Page> pages;
  for (std::size_t i = 0; i < states.size(); ++i) {
    fumen::Page page;
    if (i == 0) {
      page.field = gray_rows(start, height);
    } else {
      // The field the previous page leads to: its piece locked, full rows cleared.
      const fumen::ColorField& before = pages.back().field;
      fumen::ColorField locked = before;
      const Placement& prev = states[i - 1];
      for (const Cell& c : shape(prev.piece, prev.rotation).cells) {
        int x = prev.x + c.x, y = prev.y + c.y;
        if (x >= 0 && x < kWidth && y >= 0 && y < fumen::kFieldHeight) {
          locked.set(x, y, fumen::piece_color(prev.piece));
        }
      }
      int row = 0;
      for (int y = 0; y < fumen::kFieldHeight; ++y) {
        bool full = true;
        for (int x = 0; x < kWidth; ++x) full = full && locked.at(x, y) != fumen::Color::Empty;
        if (full) continue;
        for (int x = 0; x < kWidth; ++x) page.field.set(x, row, locked.at(x, y));
        ++row;
      }
    }
    page.piece = states[i];
    page.comment = quiz;
    pages.push_back(page);
  }
  return fumen::encode_sfinder(pages);
}

}  // namespace manyworlds::tetris::sfinder
