#pragma once
// Two percent results are the same: counts, the failing sequences in order, and the success
// tree entry by entry. `what` names the case in a failure message.

#include <gtest/gtest.h>

#include <string>

#include "manyworlds/tetris/search/percent.hpp"

namespace manyworlds::tetris {

inline void expect_same(const PercentResult& a, const PercentResult& b, const std::string& what) {
  ASSERT_EQ(a.total, b.total) << what;
  EXPECT_EQ(a.successes, b.successes) << what;
  EXPECT_EQ(a.failed, b.failed) << what;
  ASSERT_EQ(a.tree.size(), b.tree.size()) << what;
  for (std::size_t i = 0; i < a.tree.size(); ++i) {
    EXPECT_EQ(a.tree[i].prefix, b.tree[i].prefix) << what;
    EXPECT_EQ(a.tree[i].success, b.tree[i].success) << what;
    EXPECT_EQ(a.tree[i].total, b.tree[i].total) << what;
  }
}

}  // namespace manyworlds::tetris
