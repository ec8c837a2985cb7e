// The looking verbs' library calls (tetris/board/inspect.hpp): show, moves and its fumen pages,
// patterns. Counts are checked against the move generator and the pattern enumerator directly,
// the fumen pages by decoding them again.

#include <gtest/gtest.h>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/inspect.hpp"

namespace manyworlds::tetris {
namespace {

// sfinder's PCO field (tests/data/tetris/cases.tsv, noKicks_srs).
constexpr const char* kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";

TEST(Inspect, ShowReadsThePageAndRefusesOneOutOfRange) {
  ShowResult r = show({kPco, 1, false});
  EXPECT_EQ(r.pages, 1u);
  EXPECT_EQ(fmt::format("{}", r).substr(0, 9), "page 1/1\n");
  EXPECT_THROW(show({kPco, 2, false}), InputError);
}

TEST(Inspect, MovesAsFumenPagesDecodeToThePlacements) {
  MovesRequest request;
  request.fumen = kPco;
  request.piece = "T";
  request.clear_line = 4;
  request.fumen_pages = true;
  MovesResult r = moves(request);
  ASSERT_FALSE(r.placements.empty());
  ASSERT_TRUE(r.fumen.has_value());
  std::vector<fumen::Page> pages = fumen::decode(*r.fumen);
  ASSERT_EQ(pages.size(), r.placements.size());
  for (std::size_t i = 0; i < pages.size(); ++i) {
    ASSERT_TRUE(pages[i].piece.has_value());
    EXPECT_EQ(*pages[i].piece, r.placements[i]) << i;
    EXPECT_EQ(pages[i].comment.substr(0, pages[i].comment.find(' ')),
              fmt::format("{}/{}", i + 1, pages.size()));
    EXPECT_EQ(pages[i].merged().height(), 4) << "the field's cells stay on every page";
  }
  // The same placements as the move generator gives directly.
  MoveGenerator gen(KickTable::srs(), Drop::Softdrop);
  MoveList list;
  gen.generate(fumen::decode_page(kPco, 1).merged(), Piece::T, 4, list);
  EXPECT_EQ(r.placements.size(), list.size());
}

TEST(Inspect, MovesRefusesABadPieceDropOrHeight) {
  MovesRequest request;
  request.fumen = kPco;
  request.piece = "Q";
  EXPECT_THROW(moves(request), InputError);
  request.piece = "T";
  request.drop = "tsd";  // a T-spin drop is path's, not a placing model
  EXPECT_THROW(moves(request), InputError);
  request.drop = "softdrop";
  request.clear_line = 0;
  EXPECT_THROW(moves(request), InputError);
}

TEST(Inspect, PatternsCountAndList) {
  PatternsRequest request;
  request.pattern = "I,*p4";
  request.list = true;
  PatternsResult r = count_patterns(request);
  EXPECT_EQ(r.with_duplicates, 840);  // 7 * 6 * 5 * 4
  ASSERT_TRUE(r.distinct.has_value());
  EXPECT_EQ(r.distinct->size(), 840u);
  request.length = 2;
  r = count_patterns(request);
  EXPECT_EQ(r.distinct->size(), 7u);  // I then one of seven
  request.length = 9;
  EXPECT_THROW(count_patterns(request), InputError);
  EXPECT_THROW(count_patterns(PatternsRequest{}), UsageError);
}

}  // namespace
}  // namespace manyworlds::tetris
