#pragma once
// Runs part of a test with another working folder (the binary started by run_manyworlds()
// inherits it): sfinder's verbs read input/ and write output/ relative to it.

#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace manyworlds::testing {

class InFolder {
 public:
  explicit InFolder(const std::string& path) : previous_(std::filesystem::current_path()) {
    if (chdir(path.c_str()) != 0) throw std::runtime_error("cannot enter " + path);
  }
  ~InFolder() {
    if (chdir(previous_.c_str()) != 0) std::abort();
  }
  InFolder(const InFolder&) = delete;
  InFolder& operator=(const InFolder&) = delete;

 private:
  std::filesystem::path previous_;
};

}  // namespace manyworlds::testing
