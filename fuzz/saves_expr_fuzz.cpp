// libFuzzer target: saves expressions (tetris/search/saves.hpp). Whatever parses must be false when
// nothing is saveable (no perfect clear) and parse again from its own text to the same truth
// table over every set of saveable pieces.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/search/saves.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace manyworlds::tetris;
  try {
    SavesExpr e = SavesExpr::parse(text);
    SavesExpr again = SavesExpr::parse(e.text());
    if (e.holds(0)) std::abort();  // a sequence that fails keeps nothing
    for (unsigned m = 0; m < 128; ++m) {
      if (e.holds(std::uint8_t(m)) != again.holds(std::uint8_t(m))) std::abort();
    }
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
