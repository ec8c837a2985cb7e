#pragma once
// The fumens sfinder 1.43 writes into its outputs (knewjade/solution-finder @0e7c935a:
// common/tetfu/Tetfu.java, TetfuElement.java, entry/path/output/SequenceFumenParser.java),
// shared by the verbs that write them: ren's links (one page per piece), verify kicks' pages,
// util fumen's conversions, spin's links (entry/path/output/OneFumenParser.java too). The data is
// written by fumen::encode_sfinder (Tetfu.encode).

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/search/build_order.hpp"

namespace manyworlds::tetris::sfinder {

// sfinder's names of the rotation states (its Rotate enum): Spawn, Right, Reverse, Left.
std::string_view java_rotation_name(Rotation r);

// One page as sfinder's Tetfu.encode takes it (TetfuElement): a field given, or none (then the
// field the previous element leads to: its piece locked when `lock`, full rows cleared, risen,
// mirrored); the garbage row given, or the previous element's (empty at first). sfinder keeps
// the garbage row apart from the field, so the row below `field` is not read.
struct TetfuElement {
  std::optional<fumen::ColorField> field;
  std::optional<Placement> piece;
  std::string comment;
  bool lock = true;
  bool mirror = false;
  bool rise = false;
  std::optional<std::array<fumen::Color, kWidth>> garbage;
};

// Tetfu.encode(elements): the data without "v115@"; no element gives one empty page ("vhAAgH").
// A comment is written when it differs from the previous element's (the first: when not
// empty), the colour flag is set on the first page only.
std::string tetfu_encode(std::span<const TetfuElement> elements);

// SequenceFumenParser.parse(operations, field, max_clear_line), for pieces already in their
// order and where they go (ren's chains, path's -s yes): page 1 is `field` with its full
// rows cleared, in gray, rows below `max_clear_line`, and the first piece; every later page only
// its piece (each page locks its piece and clears rows); every page's comment is the quiz
// "#Q=[](P1)P2P3..." of the pieces' order. `placements` are where each piece goes in the field
// as it is when the piece is placed (rows cleared before it removed); at least one.
std::string placed_sequence_fumen(const Field& field, int max_clear_line,
                                  std::span<const Placement> placements);

// OneFumenParser: one page: the field's blocks in rows 0..height-1 in gray, every piece's cells
// (where it really lies) in its colour, no piece, `comment`.
std::string one_page_fumen(const Field& field, std::span<const PathPiece> pieces, int height,
                           std::string_view comment);

// SequenceFumenParser after sfinder's spin finds the order (-s yes): the pieces in their first
// build order (soft drop with `kicks`, free height `height`), else the first order where each
// merely fits below the height ("deep drop"), else as given; then placed_sequence_fumen.
std::string build_order_fumen(const Field& field, const std::vector<PathPiece>& pieces, int height,
                              const KickTable& kicks = KickTable::srs());

}  // namespace manyworlds::tetris::sfinder
