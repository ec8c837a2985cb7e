// Core: a streamed text form goes on in pieces and arrives whole and in order.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"

namespace manyworlds {
namespace {

TEST(TextStream, HandsOnLargePiecesInOrder) {
  std::vector<std::string> pieces;
  TextStream out([&](std::string_view piece) { pieces.emplace_back(piece); }, 16);
  std::string expected;
  for (int i = 0; i < 20; ++i) {
    append(out, "line {}\n", i);
    expected += fmt::format("line {}\n", i);
  }
  std::string big(40, 'x');  // larger than a piece: handed on at once, after what came before
  out.write(big);
  expected += big;
  out.write("end\n");
  expected += "end\n";
  out.flush();
  std::string joined;
  for (const auto& p : pieces) joined += p;
  EXPECT_EQ(joined, expected);
  // Every piece but the last is at least 16 bytes; no piece but `big` exceeds 16 + one line.
  for (std::size_t i = 0; i + 1 < pieces.size(); ++i) EXPECT_GE(pieces[i].size(), 16u) << i;
  for (const auto& p : pieces) EXPECT_TRUE(p == big || p.size() < 16 + 9) << p;
  EXPECT_EQ(pieces.back(), "end\n");
}

TEST(TextStream, FlushesNothingWhenEmpty) {
  int calls = 0;
  TextStream out([&](std::string_view) { ++calls; });
  out.flush();
  out.write("");
  out.flush();
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace manyworlds
