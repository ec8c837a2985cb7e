// libFuzzer target: cover's setup arguments (a fumen, possibly inside a URL, with a page range
// #START:END), its option words, and whole command lines (one argument a line) read as sfinder
// reads them (sfinder::read_cover_input; only lines that give -t and -p and no file options, so
// nothing is read from disk). A setup that reads is mirrored and built from a short
// sequence of its own pieces, so the piece records (rows to clear first, sfinder's y) are
// exercised by the search too.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/search/cover.hpp"
#include "manyworlds/tetris/sfinder/cover.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace manyworlds::tetris;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)parse_cover_mode(text);
  } catch (const manyworlds::InputError&) {
  }
  try {
    (void)parse_drop_type(text, "cover");
  } catch (const manyworlds::InputError&) {
  }
  try {
    (void)parse_cover_sort(text);
  } catch (const manyworlds::InputError&) {
  }
  try {
    namespace sf = manyworlds::tetris::sfinder;
    std::vector<std::string> args = sf::java_lines(text);
    sf::OptionValues given = sf::parse_options(sf::cover_options(), args);
    if (given.has("tetfu") && given.has("patterns") && !given.has("kicks")) {
      sf::CoverInput in = sf::read_cover_input(given);
      (void)in.setups.size();
    }
  } catch (const manyworlds::InputError&) {
  }
  try {
    std::optional<CoverSetup> setup = read_cover_setup(text);
    if (!setup || setup->pieces.size() > 8) return 0;
    CoverSetup mirror = mirror_setup(*setup);
    Sequence own;
    for (const CoverPiece& p : setup->pieces) own.push_back(p.placement.piece);
    CoverOptions o;
    (void)cover_builds(*setup, own, o);
    (void)cover_builds(mirror, own, o);
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
