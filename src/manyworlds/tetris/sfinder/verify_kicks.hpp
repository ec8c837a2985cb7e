#pragma once
// solution-finder 1.43's `verify kicks` (knewjade/solution-finder @0e7c935a:
// entry/verify/kicks/VerifyKicksEntryPoint.java; its docs, contents/verify/kicks): a kick table
// shown as fumens, one per piece and starting state, for a person to check by eye.
//
// For each piece T I L J S Z O and each starting state Spawn Right Reverse Left, a fumen whose
// first page shows the piece at (4 or 5, 10) (4 when the state's cells reach further right than
// left) over a gray copy of itself, commented "from T-Spawn"; then, for a clockwise turn, a
// counter-clockwise turn and a half turn, one page per test of the table: the piece in the state
// it turns to, moved by the test's offset, over the same gray cells, "to right: test 1" (" @"
// after the tests the table marks as special T-spin kicks), pages not locked. A table without
// half turns gives one page "180 is not supported" instead. Printed as
// `https://fumen.zui.jp/?D115@DATA` under a line `T (from Spawn):`.

#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

// The fumen data (after "D115@") of one piece and starting state.
std::string verify_kicks_fumen(const KickTable& kicks, Piece piece, Rotation from);

struct VerifyKicksRun {
  std::string kicks_name;  // as sfinder names it ("srs", "@nokicks", ...)
  KickTable kicks;
  struct Entry {
    Piece piece;
    Rotation from;
    std::string data;  // verify_kicks_fumen()
  };
  std::vector<Entry> entries;  // 28: pieces T I L J S Z O, each from Spawn Right Reverse Left
};

// Reads --kicks (verify_kicks_options(); default the built-in srs) and makes the 28 fumens.
// Throws InputError for a kick table that cannot be read.
VerifyKicksRun run_verify_kicks(const OptionValues& options);

void write_text(fmt::memory_buffer& out, const VerifyKicksRun& run);
void to_json(Json& out, const VerifyKicksRun& run);

}  // namespace manyworlds::tetris::sfinder
