// libFuzzer target: fumen pages through sfinder's util fig layout (figure.hpp): quiz comments,
// hold and next, rows; every picture has the layout's size and rasterises.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/figure.hpp"
#include "manyworlds/tetris/draw/image.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  using namespace manyworlds::tetris;
  // The first byte picks the options; the rest is the fumen.
  std::uint8_t pick = data[0];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    std::vector<fumen::Page> pages = fumen::decode(text);
    if (pages.size() > 64) pages.resize(64);
    FigOptions o;
    o.frame = Frame(pick % 3);
    o.hold = (pick & 4) != 0;
    o.next = (pick >> 3) % 15;
    o.rows = (pick & 0x80) ? -1 : 1 + pick % 23;
    Figures f = draw_figures(pages, o);
    if (f.pages.size() != pages.size()) std::abort();
    for (const Figure& fig : f.pages) {
      if (fig.picture.width != f.layout.width || fig.picture.height != f.layout.height)
        std::abort();
      if (fig.next.size() > std::size_t(f.layout.next)) std::abort();
      if (fig.hold && !f.layout.hold) std::abort();
    }
    Image image = rasterize(f.pages.front().picture);
    if (image.rgb.size() != 3 * std::size_t(image.width) * std::size_t(image.height)) std::abort();
    (void)field_svg(pages.back());
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
