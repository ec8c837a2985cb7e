#pragma once
// The published data of tests/data/cards/ (README.md there names the sources): the seed's
// Solutions files, line by line without the CR, and the table of counts.

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace manyworlds::cards {

inline std::vector<std::string> reference_lines(const std::string& name) {
  std::ifstream in(std::string(MANYWORLDS_TEST_DATA_DIR) + "/cards/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

// The number of minimal sequences for 0, 1, ... cards as counts.tsv publishes them (OEIS
// A003043), up to the first unknown one; 0 for no cards.
inline std::vector<std::uint64_t> published_counts() {
  std::vector<std::uint64_t> counts{0};
  const std::vector<std::string> lines = reference_lines("counts.tsv");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::istringstream row(lines[i]);
    int cards = 0, length = 0;
    std::string solutions;
    row >> cards >> length >> solutions;
    if (solutions == "unknown") break;
    EXPECT_EQ(cards, int(counts.size())) << lines[i];
    EXPECT_EQ(length, (1 << cards) - 1) << lines[i];
    counts.push_back(std::stoull(solutions));
  }
  return counts;
}

}  // namespace manyworlds::cards
