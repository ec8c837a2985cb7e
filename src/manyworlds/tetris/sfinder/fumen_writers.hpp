#pragma once
// The fumens sfinder links its results to (knewjade/solution-finder @0e7c935a:
// entry/path/output/OneFumenParser.java, SequenceFumenParser.java, common/tetfu/Tetfu.java),
// from keyed placements (search/build_order.hpp), as the data after "v115@".
//
//  - one_page_fumen (OneFumenParser): one page: the field's blocks in rows 0..height-1 in gray,
//    every piece's cells (where it really lies) in its colour, no piece, `comment`.
//  - sequence_fumen (SequenceFumenParser, sfinder's -s yes): the pieces in their first build
//    order (soft drop, free height `height`), else the first order where each merely fits below
//    the height ("deep drop"), else as given; page 1 is the field with its full rows removed,
//    in gray, with the first piece; each next page adds the next piece (fumen locks the
//    previous one and clears lines); every page's comment is the quiz of the order,
//    "#Q=[](FIRST)REST".

#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/search/build_order.hpp"

namespace manyworlds::tetris::sfinder {

std::string one_page_fumen(const Field& field, const std::vector<KeyedPlacement>& pieces,
                           int height, std::string_view comment);

std::string sequence_fumen(const Field& field, const std::vector<KeyedPlacement>& pieces,
                           int height, const KickTable& kicks = KickTable::srs());

}  // namespace manyworlds::tetris::sfinder
