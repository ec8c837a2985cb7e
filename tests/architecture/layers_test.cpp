// The layering rule of docs/architecture.md, checked on the sources: every include of a
// library file points to a file of the same layer or of a layer below it, and the include graph
// of src/ has no cycle. A file added in a new folder must be placed in the table below.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "testing/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(MANYWORLDS_SOURCE_DIR) / "src";

// Each folder of the library and the folders it may include from (besides itself).
const std::map<std::string, std::set<std::string>>& allowed() {
  static const std::map<std::string, std::set<std::string>> rules = {
      {"manyworlds/core", {}},
      {"manyworlds/lock", {"manyworlds/core"}},
      {"manyworlds/escape", {"manyworlds/core"}},
      {"manyworlds/cards", {"manyworlds/core"}},
      {"manyworlds/dice", {"manyworlds/core"}},
      {"manyworlds/tetris/board", {"manyworlds/core"}},
      {"manyworlds/tetris/search", {"manyworlds/core", "manyworlds/tetris/board"}},
      {"manyworlds/tetris/draw", {"manyworlds/core", "manyworlds/tetris/board"}},
      {"manyworlds/tetris/sfinder",
       {"manyworlds/core", "manyworlds/tetris/board", "manyworlds/tetris/search",
        "manyworlds/tetris/draw"}},
  };
  return rules;
}

struct Include {
  std::string target;  // "manyworlds/tetris/board/field.hpp"
  int line = 0;
};

// The project's own includes of a file ("manyworlds/..."); system headers are not ours.
std::vector<Include> includes_of(const fs::path& file) {
  static const std::regex pattern(R"re(^\s*#\s*include\s*"(manyworlds/[^"]+)")re");
  std::vector<Include> out;
  std::ifstream in(file);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::smatch m;
    if (std::regex_search(line, m, pattern)) out.push_back({m[1].str(), number});
  }
  return out;
}

// Every library file under `root` by its include name ("manyworlds/tetris/board/field.hpp").
std::map<std::string, fs::path> library_files(const fs::path& root) {
  std::map<std::string, fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::string ext = entry.path().extension().string();
    if (ext != ".hpp" && ext != ".cpp") continue;
    files[fs::relative(entry.path(), root).generic_string()] = entry.path();
  }
  return files;
}

std::string folder_of(const std::string& name) {
  return fs::path(name).parent_path().generic_string();
}

// What breaks the rule under `root`, one line each: files in a folder without a rule,
// includes of a folder the rule does not allow, includes of missing files, include cycles.
std::vector<std::string> problems(const fs::path& root) {
  std::vector<std::string> out;
  auto files = library_files(root);
  std::map<std::string, std::vector<std::string>> edges;
  for (const auto& [name, path] : files) {
    auto rule = allowed().find(folder_of(name));
    if (rule == allowed().end()) {
      out.push_back(name + ": its folder has no rule in tests/architecture/layers_test.cpp");
      continue;
    }
    for (const Include& inc : includes_of(path)) {
      if (inc.target == "manyworlds/version.hpp") continue;  // generated at configure time
      std::string where = name + ":" + std::to_string(inc.line) + " includes " + inc.target;
      if (!files.count(inc.target)) out.push_back(where + ", which does not exist");
      std::string target = folder_of(inc.target);
      if (target != rule->first && !rule->second.count(target)) {
        out.push_back(where + " (an upward or sideways include)");
      }
      if (files.count(inc.target)) edges[name].push_back(inc.target);
    }
  }
  // Depth-first search; a file met again while it is on the path closes a cycle.
  std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
  std::vector<std::string> path;
  std::function<void(const std::string&)> visit = [&](const std::string& node) {
    state[node] = 1;
    path.push_back(node);
    for (const std::string& next : edges[node]) {
      if (state[next] == 1) {
        std::string cycle = "include cycle: ";
        for (auto it = std::find(path.begin(), path.end(), next); it != path.end(); ++it) {
          cycle += *it + " -> ";
        }
        out.push_back(cycle + next);
      } else if (state[next] == 0) {
        visit(next);
      }
    }
    path.pop_back();
    state[node] = 2;
  };
  for (const auto& entry : files) {
    if (state[entry.first] == 0) visit(entry.first);
  }
  return out;
}

std::string listed(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const auto& line : lines) out << "\n  " << line;
  return out.str();
}

TEST(Layers, TheLibraryFollowsTheRule) {
  ASSERT_GT(library_files(kSource).size(), 50u) << "the sources were not found under " << kSource;
  std::vector<std::string> found = problems(kSource);
  EXPECT_TRUE(found.empty()) << listed(found);
}

// The same check on a made-up tree: it must catch each kind of problem.
TEST(Layers, TheCheckCatchesUpwardIncludesCyclesAndUnknownFolders) {
  manyworlds::testing::TempDir root;
  root.write("manyworlds/tetris/board/field.hpp",
             "#include \"manyworlds/tetris/search/path.hpp\"\n");
  root.write("manyworlds/tetris/search/path.hpp",
             "#include \"manyworlds/tetris/board/field.hpp\"\n");
  root.write("manyworlds/tetris/draw/picture.hpp",
             "#include \"manyworlds/tetris/board/field.hpp\"\n");
  root.write("manyworlds/newthing/x.hpp", "\n");
  std::vector<std::string> found = problems(root.path());
  std::string text = listed(found);
  EXPECT_NE(text.find("manyworlds/tetris/board/field.hpp:1 includes "
                      "manyworlds/tetris/search/path.hpp (an upward"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("include cycle: "), std::string::npos) << text;
  EXPECT_NE(text.find("manyworlds/newthing/x.hpp: its folder has no rule"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("draw/picture.hpp"), std::string::npos) << text;
}

}  // namespace
