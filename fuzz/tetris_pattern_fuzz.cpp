// libFuzzer target: sfinder patterns and pattern files (parse, count, enumerate a prefix).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/pattern.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto patterns = manyworlds::tetris::parse_patterns(text);
    (void)manyworlds::tetris::count_with_duplicates(patterns);
    int length = patterns.front().length();
    manyworlds::tetris::enumerate(patterns, length < 3 ? length : 3, 100000);
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
