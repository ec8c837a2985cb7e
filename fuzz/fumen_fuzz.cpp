// libFuzzer target: fumen decoding (and re-encoding what decodes; the round trip must hold).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace manyworlds::tetris;
  try {
    std::vector<fumen::Page> pages = fumen::decode(text);
    std::vector<fumen::Page> again = fumen::decode(fumen::encode(pages));
    if (again.size() != pages.size()) std::abort();
    for (std::size_t i = 0; i < pages.size(); ++i) {
      if (!(again[i].field == pages[i].field) || again[i].piece != pages[i].piece) std::abort();
      (void)pages[i].merged();
    }
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
