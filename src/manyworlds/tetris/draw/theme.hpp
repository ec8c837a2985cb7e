#pragma once
// Colour themes for drawing fumen pages, as solution-finder's `util fig` has them (its
// `theme/*.properties` files, sfinder 1.43: default, fumen, four, mipi; read by
// util/fig/FigColors.java).
//
// A theme gives each cell colour (fumen::Color: the seven pieces, gray, empty) three shades:
// `normal` (a block at rest), `clear` (a block in a row that the page's piece completes, and
// the pieces drawn in the hold and next boxes) and `piece` (the page's own piece). Empty cells
// are `Empty`; `Border` is the colour between cells; `SideFrame` the background beside the
// field; `BoxFrame` the outline of the hold and next boxes.
//
// A theme file is Java properties text, `Key=#rrggbb` per line:
//   T.normal=#b300b3   T.clear=#d900d9   T.piece=#ff00ff    (and I O S Z J L alike)
//   Gray.normal=...    Gray.clear=...                        (Gray.piece is black)
//   Empty=#151500      Border=#000000    SideFrame=#333333  (optional, default #333333)
//   BoxFrame=#808080   (optional; without it the hold box is #dddddd and next boxes #999999)
// Lines starting with '#' or '!' are comments; ':' or '=' separate key and value.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::tetris {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
  friend auto operator<=>(const Rgb&, const Rgb&) = default;
  std::string hex() const;  // "#rrggbb"
};

struct CellShades {
  Rgb normal, clear, piece;
};

struct Theme {
  std::string name;
  std::array<CellShades, 9> cells;  // indexed by fumen::Color: Empty, I L O Z T J S, Gray
  Rgb border;
  Rgb side_frame;
  Rgb hold_frame;
  Rgb next_frame;
};

// sfinder's four themes by name ("default", "fumen", "four", "mipi"); InputError otherwise.
Theme builtin_theme(std::string_view name);
const std::vector<std::string>& builtin_theme_names();

// A theme from properties text (the format above). Throws InputError ("theme NAME: ...") for a
// missing key or a colour that is not #rrggbb / 0xrrggbb.
Theme parse_theme(std::string_view properties, std::string name);

}  // namespace manyworlds::tetris
