#pragma once
// Setup percent (the seed repository TetrisPercent's question): the coloured cells of a fumen
// page are a target setup, each coloured region exactly one piece, gray cells are already
// there. A piece order works when the pieces can be placed in that order, each at one of its
// targets and reachable under the drop model on the field built so far (no line clears). The
// setup percent is the share of the distinct orders of the setup's pieces that work, without
// hold or with hold. It is cover's question (cover.hpp) for one setup, the orders of its own
// pieces as the sequences and no line clears, and is computed by cover's search.

#include <cstdint>
#include <string>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"

namespace manyworlds::tetris {

struct Setup {
  Field base;                     // gray cells
  std::vector<Placement> pieces;  // the coloured regions, as placements (canonical)
};

inline constexpr int kMaxSetupPieces = 10;

// Reads the setup from a page (its piece merged). Throws InputError when a coloured region is
// not exactly one piece of its colour, or there is no coloured cell, or more than
// kMaxSetupPieces pieces.
Setup read_setup(const fumen::Page& page);

struct SetupOptions {
  bool use_hold = true;
  Drop drop = Drop::Softdrop;
  KickTable kicks = KickTable::srs();
};

struct SetupResult {
  std::uint64_t total = 0;               // distinct orders of the setup's pieces
  std::uint64_t works_without_hold = 0;  // first pass
  std::uint64_t success = 0;             // with the chosen hold mode
  std::vector<std::string> failed;       // failing orders, as letters, in order
};

SetupResult setup_percent(const Setup& setup, const SetupOptions& options);

}  // namespace manyworlds::tetris
