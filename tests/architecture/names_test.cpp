// One definition per class: a struct, class, union or enum of a (named) namespace is defined in
// one file of the library. Two files that each define manyworlds::tetris::SetupResult compile
// and link, and the program then runs with one of the two layouts wherever the compiler emitted
// an implicit member (an ODR violation that no compiler or sanitizer reports). The check reads
// the sources the way they are written here: namespaces opened at the start of a line and closed
// by "}  // namespace", definitions at the start of a line.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "testing/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

// Every definition of a namespace-scope type outside anonymous namespaces, as
// "namespace::Name" -> its places ("file:line"), for the .hpp and .cpp files under root.
std::map<std::string, std::vector<std::string>> definitions(const fs::path& root) {
  static const std::regex open(R"re(^namespace\s*([\w:]*)\s*\{)re");
  static const std::regex close(R"re(^\}\s*//\s*namespace)re");
  // A definition: the name followed by a body or a base list (not "::", so not A::B's body).
  static const std::regex type(
      R"re(^(?:struct|class|union|enum class|enum struct|enum)\s+(?:alignas\([^)]*\)\s+)?(\w+)\s*(?:final\s*)?(?:\{|:(?!:)))re");
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const fs::path& file = entry.path();
    if (!entry.is_regular_file() || (file.extension() != ".hpp" && file.extension() != ".cpp")) {
      continue;
    }
    std::ifstream in(file);
    std::vector<std::string> scopes;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      std::smatch m;
      if (std::regex_search(line, m, open)) {
        scopes.push_back(m[1].str());
      } else if (std::regex_search(line, close)) {
        if (!scopes.empty()) scopes.pop_back();
      } else if (std::regex_search(line, m, type)) {
        std::string name;
        bool anonymous = false;
        for (const std::string& scope : scopes) {
          anonymous = anonymous || scope.empty();
          name += scope + "::";
        }
        if (anonymous) continue;
        out[name + m[1].str()].push_back(fs::relative(file, root).string() + ":" +
                                         std::to_string(number));
      }
    }
  }
  return out;
}

// The names defined in more than one file, each with its places.
std::vector<std::string> clashes(const fs::path& root) {
  std::vector<std::string> out;
  for (const auto& [name, places] : definitions(root)) {
    if (places.size() < 2) continue;
    std::vector<std::string> sorted = places;
    std::sort(sorted.begin(), sorted.end());
    std::string text = name + " is defined in";
    for (const std::string& place : sorted) text += " " + place;
    out.push_back(text);
  }
  return out;
}

std::string listed(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const auto& line : lines) out << "\n  " << line;
  return out.str();
}

TEST(Names, EachTypeOfTheLibraryIsDefinedOnce) {
  const fs::path source = fs::path(MANYWORLDS_SOURCE_DIR) / "src";
  std::map<std::string, std::vector<std::string>> found = definitions(source);
  ASSERT_GT(found.size(), 100u) << "the sources were not found under " << source;
  ASSERT_TRUE(found.count("manyworlds::tetris::Field")) << "the check no longer reads the sources";
  std::vector<std::string> twice = clashes(source);
  EXPECT_TRUE(twice.empty()) << listed(twice);
}

// The same check on a made-up tree: a clash between two files is found; an anonymous
// namespace's type, a forward declaration, a nested type's body and a type of another
// namespace are not clashes.
TEST(Names, TheCheckFindsAClashAndOnlyIt) {
  manyworlds::testing::TempDir root;
  root.write("a/one.hpp",
             "namespace manyworlds::tetris {\n\nstruct Result {\n  int a;\n};\nstruct Outer;\n\n"
             "}  // namespace manyworlds::tetris\n");
  root.write("b/two.hpp",
             "namespace manyworlds::tetris {\n\nstruct Result : Base {\n  long b;\n};\n\n"
             "}  // namespace manyworlds::tetris\n");
  root.write(
      "b/three.cpp",
      "namespace manyworlds::tetris {\nnamespace {\n\nstruct Result {};\n\n}  // namespace\n\n"
      "struct Outer::Inner {};\nstruct Outer {};\n\n}  // namespace manyworlds::tetris\n"
      "namespace manyworlds::cards {\n\nclass Result final {};\n\n}  // namespace "
      "manyworlds::cards\n");
  std::vector<std::string> found = clashes(root.path());
  ASSERT_EQ(found.size(), 1u) << listed(found);
  EXPECT_EQ(found[0], "manyworlds::tetris::Result is defined in a/one.hpp:3 b/two.hpp:3")
      << found[0];
}

}  // namespace
