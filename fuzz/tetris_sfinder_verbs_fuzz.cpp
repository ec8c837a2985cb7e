// libFuzzer target: util fumen's conversions of any data (reduce, remove-comment, filter for
// each piece: an InputError or a fumen that reads back), and ren's search on the first page of
// a fumen with a short queue taken from the input's first letters (the chains replay: each
// piece fits and clears a row).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/search/ren.hpp"
#include "manyworlds/tetris/sfinder/util_fumen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace manyworlds::tetris;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto reads_back = [](const std::string& out) {
    if (fumen::decode(out).empty()) __builtin_trap();
  };
  try {
    reads_back(sfinder::fumen_reduce(text));
  } catch (const manyworlds::InputError&) {
  }
  try {
    reads_back(sfinder::fumen_remove_comment(text));
  } catch (const manyworlds::InputError&) {
  }
  for (Piece p : kAllPieces) {
    try {
      reads_back(sfinder::fumen_filter(text, p));
    } catch (const manyworlds::InputError&) {
    }
  }
  // ren: "QUEUE FUMEN" (a queue of at most 6 letters).
  std::size_t space = text.find(' ');
  if (space == std::string_view::npos || space == 0 || space > 6) return 0;
  std::vector<Piece> queue;
  for (char c : text.substr(0, space)) {
    auto p = piece_from_letter(c);
    if (!p) return 0;
    queue.push_back(*p);
  }
  try {
    Field field = fumen::decode_page(text.substr(space + 1), 1).merged();
    RenOptions o;
    o.use_hold = size % 2 == 0;
    RenResult r = search_ren(field, queue, o);
    for (const RenChain& c : r.chains) {
      Field f = field;
      f.clear_lines();
      for (const Placement& p : c.placements) {
        if (!f.can_place(p)) __builtin_trap();
        f.place(p);
        if (f.clear_lines() == 0) __builtin_trap();
      }
    }
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
