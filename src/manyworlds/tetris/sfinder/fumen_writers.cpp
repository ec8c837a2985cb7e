#include "manyworlds/tetris/sfinder/fumen_writers.hpp"

#include <algorithm>

namespace manyworlds::tetris::sfinder {

std::string_view java_rotation_name(Rotation r) {
  static constexpr std::array<std::string_view, 4> kNames = {"Spawn", "Right", "Reverse", "Left"};
  return kNames[std::size_t(r)];
}

std::string tetfu_encode(std::span<const TetfuElement> elements) {
  if (elements.empty()) return fumen::encode_sfinder({fumen::Page{}});
  std::vector<fumen::Page> pages;
  pages.reserve(elements.size());
  fumen::ColorField inherited;  // the field the previous element leads to
  std::array<fumen::Color, kWidth> garbage{};
  for (const TetfuElement& e : elements) {
    if (e.garbage) garbage = *e.garbage;
    fumen::Page page;
    page.field = e.field ? *e.field : inherited;
    for (int x = 0; x < kWidth; ++x) page.field.set(x, -1, garbage[std::size_t(x)]);
    page.piece = e.piece;
    page.comment = e.comment;
    page.flags.lock = e.lock;
    page.flags.mirror = e.mirror;
    page.flags.rise = e.rise;
    inherited = fumen::next_field(page);
    pages.push_back(std::move(page));
  }
  return fumen::encode_sfinder(pages);
}

std::string placed_sequence_fumen(const Field& field, int max_clear_line,
                                  std::span<const Placement> placements) {
  // Tetfu.encodeForQuiz: no hold, the first piece current, the others next.
  std::string quiz = "#Q=[](";
  for (std::size_t i = 0; i < placements.size(); ++i) {
    quiz += piece_letter(placements[i].piece);
    if (i == 0) quiz += ")";
  }
  Field cleared = field;
  cleared.clear_lines();
  fumen::ColorField start;
  for (int y = 0; y < std::min(max_clear_line, fumen::kFieldHeight); ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (cleared.filled(x, y)) start.set(x, y, fumen::Color::Gray);
    }
  }
  std::vector<TetfuElement> elements(placements.size());
  for (std::size_t i = 0; i < placements.size(); ++i) {
    if (i == 0) elements[i].field = start;
    elements[i].piece = placements[i];
    elements[i].comment = quiz;
  }
  return tetfu_encode(elements);
}

std::string one_page_fumen(const Field& field, std::span<const PathPiece> pieces, int height,
                           std::string_view comment) {
  fumen::Page page;
  for (int y = 0; y < std::min(height, fumen::kFieldHeight); ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (field.filled(x, y)) page.field.set(x, y, fumen::Color::Gray);
    }
  }
  // Piece by piece type (T I L J S Z O), as sfinder's BlockField is filled in.
  for (Piece type : kAllPieces) {
    for (const PathPiece& k : pieces) {
      if (k.piece != type) continue;
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

std::string build_order_fumen(const Field& field, const std::vector<PathPiece>& pieces, int height,
                              const KickTable& kicks) {
  std::optional<std::vector<int>> order =
      first_build_order(field, pieces, height, BuildReach::Locked, kicks);
  if (!order) order = first_build_order(field, pieces, height, BuildReach::Deep, kicks);
  std::vector<PathPiece> ordered;
  if (order) {
    for (int i : *order) ordered.push_back(pieces[std::size_t(i)]);
  } else {
    ordered = pieces;
  }
  return placed_sequence_fumen(field, height, placed_states(field, ordered));
}

}  // namespace manyworlds::tetris::sfinder
