// libFuzzer target: colour themes in sfinder's properties format (theme.hpp), and a field drawn
// with what parses.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/draw/picture.hpp"
#include "manyworlds/tetris/draw/theme.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace manyworlds::tetris;
  try {
    SvgOptions o;
    o.theme = parse_theme(text, "fuzz");
    fumen::ColorField field;
    field.set(3, 0, fumen::Color::T);
    std::string svg = field_svg(field, o);
    if (svg.find(o.theme.cells[std::size_t(fumen::Color::T)].normal.hex()) == std::string::npos) {
      std::abort();
    }
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
