#pragma once
// The seed's Solutions files (tests/data/cards/README.md), line by line without the CR.

#include <gtest/gtest.h>

#include <fstream>
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

}  // namespace manyworlds::cards
