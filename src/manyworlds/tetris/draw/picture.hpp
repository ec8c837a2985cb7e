#pragma once
// Pictures of fumen pages: a field drawn as coloured cells, as solution-finder's `util fig`
// draws it (util/fig/generator/*.java), and written as SVG text for HTML pages.
//
// A Picture is a list of filled axis-aligned boxes in pixels (x right, y DOWN from the
// top-left corner), painted in order. image.hpp turns a Picture into pixels (PNG, GIF); to_svg
// into an <svg> element. Both give the same pixels.
//
// A field is drawn as sfinder does: a rectangle in the theme's border colour, then each cell
// (cell x, row y, y = 0 the bottom row) as a square of `cell` pixels with `gap` pixels of
// border around it. A block is drawn in its colour's `normal` shade, or its `clear` shade when
// its row is full once the page's piece is in (when the page locks its piece); the page's piece
// is drawn on top in its `piece` shade. The garbage row below the field is not drawn.
//
// For HTML outputs (path, cover), one call draws a page or a field inline:
//   tetris::SvgOptions o;                 // 16-pixel cells, rows up to the highest block
//   o.title = "T-L-O-J";                  // optional tooltip
//   std::string svg = tetris::field_svg(tetris::fumen::decode_page(fumen, 1), o);
//   html += svg;                          // "<svg xmlns=... class=\"mw-field\" ...>...</svg>"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/theme.hpp"

namespace manyworlds::tetris {

struct Box {
  int x = 0, y = 0, width = 0, height = 0;
  Rgb color;
};

struct Picture {
  int width = 0, height = 0;
  std::vector<Box> boxes;  // painted in order; anything outside width x height is clipped
};

// How a field's cells are drawn.
struct FieldStyle {
  int cell = 16;                 // cell size in pixels (sfinder's util fig: 32)
  int gap = 1;                   // border between and around cells (util fig: 2)
  bool show_piece = true;        // draw the page's piece
  bool highlight_clears = true;  // rows the page's piece completes in the `clear` shade
};

// Width and height in pixels of `rows` rows of the field drawn with `style`.
int field_width(const FieldStyle& style);
int field_height(int rows, const FieldStyle& style);

// Draws rows 0 .. rows-1 of `field`, and `piece` (when set and style.show_piece) on top, with
// the field's top-left corner at (left, top). `lock`: the piece counts for full rows.
void draw_field(Picture& picture, int left, int top, int rows, const fumen::ColorField& field,
                const std::optional<Placement>& piece, bool lock, const Theme& theme,
                const FieldStyle& style);

// Rows a page needs: its highest block or piece cell + 1 (0 when empty).
int page_height(const fumen::ColorField& field, const std::optional<Placement>& piece);

// `picture` as one <svg> element (SVG 1.1, crisp edges, no external references) with the
// given class attribute and, when not empty, a <title>.
std::string to_svg(const Picture& picture, std::string_view css_class = "mw-field",
                   std::string_view title = "");

struct SvgOptions {
  int rows = 0;      // rows shown from the bottom, 1..23; 0: page_height(), at least 1
  FieldStyle style;  // cell size, gap, piece, clear highlighting
  Theme theme = builtin_theme("default");
  std::string title;  // tooltip / accessible name; none when empty
};

// One field as an inline <svg class="mw-field"> element: width field_width(style), height
// field_height(rows, style). The Page overload draws the page's piece (style.show_piece) and
// its clears as `util fig` does. Throws InputError when rows, cell or gap is out of range
// (rows 0..23, cell 1..256, gap 0..64).
std::string field_svg(const fumen::Page& page, const SvgOptions& options = {});
std::string field_svg(const fumen::ColorField& field, const SvgOptions& options = {});

}  // namespace manyworlds::tetris
