#include "manyworlds/tetris/draw/picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris {
namespace {

void check_options(const SvgOptions& o) {
  if (o.rows < 0 || o.rows > fumen::kFieldHeight) {
    throw InputError(fmt::format("svg: rows {} out of range 0..{}", o.rows, fumen::kFieldHeight));
  }
  if (o.style.cell < 1 || o.style.cell > 256) {
    throw InputError(fmt::format("svg: cell size {} out of range 1..256", o.style.cell));
  }
  if (o.style.gap < 0 || o.style.gap > 64) {
    throw InputError(fmt::format("svg: gap {} out of range 0..64", o.style.gap));
  }
}

std::string svg_of(const fumen::ColorField& field, const std::optional<Placement>& piece, bool lock,
                   const SvgOptions& o) {
  check_options(o);
  int rows = o.rows != 0
                 ? o.rows
                 : std::max(1, page_height(field, o.style.show_piece ? piece : std::nullopt));
  Picture picture{field_width(o.style), field_height(rows, o.style), {}};
  draw_field(picture, 0, 0, rows, field, piece, lock, o.theme, o.style);
  return to_svg(picture, "mw-field", o.title);
}

}  // namespace

int field_width(const FieldStyle& style) {
  return (style.cell + style.gap) * kWidth + style.gap;
}

int field_height(int rows, const FieldStyle& style) {
  return (style.cell + style.gap) * rows + style.gap;
}

int page_height(const fumen::ColorField& field, const std::optional<Placement>& piece) {
  int height = field.height();
  if (piece) height = std::max(height, piece->y + shape(piece->piece, piece->rotation).max_y + 1);
  return height;
}

// Full rows are those of the field with the piece in (sfinder: field.freeze() + putMino when
// the page locks); every block of such a row, page piece aside, takes the `clear` shade.
void draw_field(Picture& picture, int left, int top, int rows, const fumen::ColorField& field,
                const std::optional<Placement>& piece, bool lock, const Theme& theme,
                const FieldStyle& style) {
  const int step = style.cell + style.gap;
  auto cell_box = [&](int x, int y, Rgb color) {
    return Box{left + x * step + style.gap, top + (rows - 1 - y) * step + style.gap, style.cell,
               style.cell, color};
  };
  picture.boxes.push_back(
      Box{left, top, field_width(style), field_height(rows, style), theme.border});

  std::array<int, fumen::kFieldHeight + 4> filled{};
  for (int y = 0; y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x)
      filled[std::size_t(y)] += field.at(x, y) != fumen::Color::Empty;
  }
  std::array<bool, fumen::kFieldHeight + 4> piece_cell_row{};
  if (piece && lock) {
    for (const Cell& c : shape(piece->piece, piece->rotation).cells) {
      int x = piece->x + c.x, y = piece->y + c.y;
      if (x < 0 || x >= kWidth || y < 0 || y >= fumen::kFieldHeight) continue;
      if (field.at(x, y) == fumen::Color::Empty) ++filled[std::size_t(y)];
      piece_cell_row[std::size_t(y)] = true;
    }
  }
  for (int y = 0; y < rows; ++y) {  // rows above the fumen's 23 (room for next boxes) are empty
    bool inside = y < fumen::kFieldHeight;
    bool full = inside && style.highlight_clears && filled[std::size_t(y)] == kWidth;
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color color = inside ? field.at(x, y) : fumen::Color::Empty;
      const CellShades& shades = theme.cells[std::size_t(color)];
      picture.boxes.push_back(cell_box(x, y, full ? shades.clear : shades.normal));
    }
  }
  if (piece && style.show_piece) {
    Rgb color = theme.cells[std::size_t(fumen::piece_color(piece->piece))].piece;
    for (const Cell& c : shape(piece->piece, piece->rotation).cells) {
      int x = piece->x + c.x, y = piece->y + c.y;
      if (x < 0 || x >= kWidth || y < 0 || y >= rows) continue;
      picture.boxes.push_back(cell_box(x, y, color));
    }
  }
}

std::string to_svg(const Picture& picture, std::string_view css_class, std::string_view title) {
  std::string out = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" class="{}" width="{}" height="{}" )"
      R"(viewBox="0 0 {} {}" shape-rendering="crispEdges" role="img">)",
      escape_markup(css_class), picture.width, picture.height, picture.width, picture.height);
  if (!title.empty()) out += fmt::format("<title>{}</title>", escape_markup(title));
  for (const Box& b : picture.boxes) {
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", b.x, b.y,
                       b.width, b.height, b.color.hex());
  }
  out += "</svg>";
  return out;
}

std::string field_svg(const fumen::Page& page, const SvgOptions& options) {
  return svg_of(page.field, page.piece, page.flags.lock, options);
}

std::string field_svg(const fumen::ColorField& field, const SvgOptions& options) {
  return svg_of(field, std::nullopt, false, options);
}

}  // namespace manyworlds::tetris
