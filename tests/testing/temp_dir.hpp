#pragma once
// A fresh, empty folder of the test's own (mkdtemp under $TMPDIR, else /tmp), removed with
// everything in it when the test ends. Tests that touch the file system use one each, so tests
// running at the same time (ctest -j, other checkouts) never see each other's files.

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace manyworlds::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "manyworlds-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // path()/name.
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  // Writes `content` to path()/name (name may hold folders, made as needed) and returns the full
  // path.
  std::string write(const std::string& name, const std::string& content) const {
    std::string full = file(name);
    std::filesystem::create_directories(std::filesystem::path(full).parent_path());
    std::ofstream out(full, std::ios::binary);
    out << content;
    if (!out.flush()) throw std::runtime_error("cannot write " + full);
    return full;
  }

 private:
  std::string path_;
};

}  // namespace manyworlds::testing
