// The browser build has no CBC (a native library the command line opens at run time), so
// `tetris path --minimal exact` says so instead of searching; sfinder's minimal list is there.

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/search/minimal_cover.hpp"

namespace manyworlds::tetris {

ExactCover minimal_cover(const std::vector<const std::vector<std::uint32_t>*>&, double) {
  throw InputError(
      "--minimal exact needs CBC, which the browser does not have (the command line does)");
}

}  // namespace manyworlds::tetris
