#pragma once
// Fumen strings for the tests: the reference cases (tests/data/tetris/cases.tsv) and
// the fields of sfinder's use cases (usecase/*.csv).

#include <set>
#include <string>
#include <vector>

#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris::testing {

struct ReferenceCase {
  std::string id, fumen, field_ascii, comment;
};

inline std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> cols;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == '\t') {
      cols.emplace_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return cols;
}

inline std::vector<ReferenceCase> reference_cases() {
  std::string text = read_text(MANYWORLDS_TEST_DATA_DIR "/tetris/cases.tsv");
  std::vector<ReferenceCase> cases;
  bool header = true;
  for (std::string_view line : split_lines(text)) {
    if (header || line.empty()) {
      header = false;
      continue;
    }
    auto cols = split_tabs(line);
    if (cols.size() < 12) continue;
    cases.push_back({cols[0], cols[9], cols[10], cols[11]});
  }
  return cases;
}

// The distinct fumen strings of the reference cases and of sfinder's 2000 use cases.
inline std::vector<std::string> fumen_corpus() {
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& c : reference_cases()) {
    if (seen.insert(c.fumen).second) out.push_back(c.fumen);
  }
  for (const char* file : {"/tetris/usecase/hold1.csv", "/tetris/usecase/nohold1.csv"}) {
    std::string text = read_text(std::string(MANYWORLDS_TEST_DATA_DIR) + file);
    // Lines look like "percent -t FUMEN -p ...",success,total: the word after "-t ".
    for (std::size_t at = text.find("-t "); at != std::string::npos; at = text.find("-t ", at)) {
      at += 3;
      std::size_t end = text.find_first_of(" \t\n\"", at);
      std::string f = text.substr(at, end - at);
      if (seen.insert(f).second) out.push_back(f);
    }
  }
  return out;
}

}  // namespace manyworlds::tetris::testing
