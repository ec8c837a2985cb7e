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

#include "manyworlds/core/render.hpp"
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

struct SetupPercentOptions {
  bool use_hold = true;
  Drop drop = Drop::Softdrop;
  KickTable kicks = KickTable::srs();
};

struct SetupPercentResult {
  std::uint64_t total = 0;               // distinct orders of the setup's pieces
  std::uint64_t works_without_hold = 0;  // first pass
  std::uint64_t success = 0;             // with the chosen hold mode
  std::vector<std::string> failed;       // failing orders, as letters, in order
};

SetupPercentResult setup_percent(const Setup& setup, const SetupPercentOptions& options);

// `tetris setup-percent`: the setup of a fumen page ("-": standard input), with hold use or
// avoid, drop softdrop or harddrop and a kick table as load_kicks() reads it.
struct SetupPercentRequest {
  std::string fumen;
  int page = 1;
  std::string hold = "use";
  std::string drop = "softdrop";
  std::string kicks = "srs";
};
struct SetupPercentReport {
  std::string pieces;  // the setup's pieces, as letters
  SetupPercentOptions options;
  SetupPercentResult result;
};
SetupPercentReport run_setup_percent(const SetupPercentRequest& request);
void write_text(fmt::memory_buffer& out, const SetupPercentReport& report);
void to_json(Json& out, const SetupPercentReport& report);

}  // namespace manyworlds::tetris
