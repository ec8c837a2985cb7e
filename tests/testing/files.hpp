#pragma once
// Whole files as tests read them back: bytes as they are, no size limit (the program's own
// reading is bounded and tested in tests/core/text_test.cpp).

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

namespace manyworlds::testing {

// The file's bytes; empty when it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The same, and a test failure when the file cannot be opened.
inline std::string slurp_existing(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace manyworlds::testing
