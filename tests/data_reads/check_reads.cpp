// The last test of a run (a CTest fixture's cleanup): every file under tests/data was opened by
// some test, as trace_reads.c recorded. A file no test opens is an expected result that nothing
// compares, or data nothing uses. Prose (Markdown: READMEs, the notes on where data came from
// and what it means) and the scripts that made the data are provenance, not data. The check
// is strict when the whole suite ran (`make test` sets MANYWORLDS_CHECK_DATA_READS=1; CI sets
// CI=true); after a partial run (ctest -R ...) it only lists what was not read.
//   usage: check_reads DATA_DIR READS_DIR PENDING_FILE (tests/data_reads/pending.txt)

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace {

bool is_provenance(const fs::path& file) {
  std::string ext = file.extension().string();
  return ext == ".md" || ext == ".py" || ext == ".sh";
}

bool env_is(const char* name, std::string_view value) {
  const char* v = std::getenv(name);
  return v && value == v;
}

// The folders whose files may go unread for now, one a line: "folder  reason" ('#' starts a
// comment). An entry none of whose files is left unread is stale and fails the check too, so
// the list only shrinks.
std::vector<std::pair<std::string, std::string>> read_pending(const fs::path& file) {
  std::vector<std::pair<std::string, std::string>> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::size_t space = line.find(' ');
    std::string folder = line.substr(0, space);
    if (!folder.ends_with("/")) folder += "/";
    std::size_t reason = line.find_first_not_of(' ', space);
    out.emplace_back(folder, reason == std::string::npos ? "" : line.substr(reason));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: check_reads DATA_DIR READS_DIR PENDING_FILE\n";
    return 2;
  }
  fs::path data = argv[1], reads = argv[2];
  const auto pending = read_pending(argv[3]);
  std::set<std::string> read;
  std::error_code ec;
  std::size_t logs = 0;
  for (const auto& entry : fs::directory_iterator(reads, ec)) {
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) read.insert(line);
    ++logs;
  }
  std::vector<std::string> unread;
  std::vector<std::size_t> pending_unread(pending.size(), 0);
  std::size_t files = 0, unread_count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(data)) {
    if (!entry.is_regular_file() || is_provenance(entry.path())) continue;
    ++files;
    std::string relative = fs::relative(entry.path(), data).generic_string();
    if (read.count(relative)) continue;
    ++unread_count;
    bool excused = false;
    for (std::size_t i = 0; i < pending.size() && !excused; ++i) {
      if (relative.starts_with(pending[i].first)) {
        ++pending_unread[i];
        excused = true;
      }
    }
    if (!excused) unread.push_back(relative);
  }
  bool strict = env_is("MANYWORLDS_CHECK_DATA_READS", "1") || env_is("CI", "true");
  std::cout << files << " data files, " << files - unread_count << " read by the tests (" << logs
            << " processes recorded)\n";
  bool failed = false;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    if (pending_unread[i] == 0) {
      std::cout << "pending.txt: every file of " << pending[i].first
                << " is read now: remove its line\n";
      failed = true;
    } else {
      std::cout << pending_unread[i] << " files of " << pending[i].first
                << " unread (pending.txt: " << pending[i].second << ")\n";
    }
  }
  if (!unread.empty()) {
    std::cout << unread.size() << " files under tests/data were read by no test:\n";
    for (const std::string& f : unread) std::cout << "  " << f << "\n";
    failed = true;
  }
  if (failed && !strict) {
    std::cout << "(a partial run: not a failure; `make test` checks the whole suite)\n";
    return 0;
  }
  return failed ? 1 : 0;
}
