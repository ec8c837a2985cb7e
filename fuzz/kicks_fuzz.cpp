// libFuzzer target: kick tables in sfinder's properties format, and move generation with them.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace manyworlds::tetris;
  try {
    KickTable table = KickTable::parse(text, "fuzz");
    Field field = Field::parse("X_________/XX___X__XX/XXX_XXXX_X");
    MoveGenerator gen(table, table.has_180() ? Drop::Softdrop180 : Drop::Softdrop);
    MoveList list;
    for (Piece p : kAllPieces) gen.generate(field, p, 6, list);
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
