#pragma once
// For tests that render HTML pages in a real browser: Debian's chromium, headless.
//
//   auto chromium = testing::find_chromium();
//   MANYWORLDS_REQUIRE(chromium.has_value(), testing::kNoChromium);  // required.hpp
//   testing::Browser browser(*chromium);
//   std::string dom = browser.dump_dom(html_path);            // the DOM after load
//   testing::Pixels shot = browser.screenshot(html_path, 1000, 800);  // image.hpp
//
// Chromium runs as the machine's notes require (as root, on a closed network): --headless
// --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
// --disable-component-update --disable-sync, with a fresh --user-data-dir per call, under a
// time limit. Installed by `scripts/install-deps.sh --browser` (the Makefile's deps step).
// Header-only; the screenshot is decoded with libpng (testing/image.hpp).

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "testing/image.hpp"
#include "testing/required.hpp"

extern char** environ;

namespace manyworlds::testing {

inline constexpr const char* kNoChromium =
    "chromium not found (install it with: scripts/install-deps.sh --browser, or set "
    "MANYWORLDS_CHROMIUM)";

// $MANYWORLDS_CHROMIUM, else chromium / chromium-browser / google-chrome on PATH or in
// /usr/bin; nullopt when there is none.
inline std::optional<std::string> find_chromium() {
  if (const char* env = std::getenv("MANYWORLDS_CHROMIUM"); env && *env) {
    if (::access(env, X_OK) == 0) return std::string(env);
    return std::nullopt;
  }
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::stringstream in(path);
    for (std::string dir; std::getline(in, dir, ':');) {
      if (!dir.empty()) dirs.push_back(dir);
    }
  }
  dirs.push_back("/usr/bin");
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    for (const std::string& dir : dirs) {
      std::string candidate = dir + "/" + name;
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return std::nullopt;
}

class Browser {
 public:
  explicit Browser(std::string chromium, int timeout_seconds = 90)
      : chromium_(std::move(chromium)), timeout_(timeout_seconds) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "manyworlds-browser-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("browser: cannot make a temp folder");
    dir_ = pattern;
  }
  ~Browser() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  Browser(const Browser&) = delete;
  Browser& operator=(const Browser&) = delete;

  // The page's DOM after load (chromium --dump-dom).
  std::string dump_dom(const std::string& html_path) { return run({"--dump-dom", url(html_path)}); }

  // A screenshot of the page in a width x height window, decoded.
  Pixels screenshot(const std::string& html_path, int width, int height) {
    std::string shot = (dir_ / ("shot" + std::to_string(++calls_) + ".png")).string();
    run({"--hide-scrollbars", "--force-device-scale-factor=1", "--screenshot=" + shot,
         "--window-size=" + std::to_string(width) + "," + std::to_string(height), url(html_path)});
    std::ifstream in(shot, std::ios::binary);
    if (!in) throw std::runtime_error("browser: chromium wrote no screenshot");
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return decode_png(bytes);
  }

 private:
  static std::string url(const std::string& path) {
    return "file://" + std::filesystem::absolute(path).string();
  }

  // Runs chromium with the fixed flags and `args`; its standard output. Throws when it fails
  // or outlives the time limit (it is killed).
  std::string run(const std::vector<std::string>& args) {
    int n = ++calls_;
    std::filesystem::path profile = dir_ / ("profile" + std::to_string(n));
    std::filesystem::create_directories(profile);
    std::string out_path = (dir_ / ("out" + std::to_string(n))).string();
    std::string err_path = (dir_ / ("err" + std::to_string(n))).string();
    std::vector<std::string> argv = {chromium_,
                                     "--headless",
                                     "--no-sandbox",
                                     "--disable-gpu",
                                     "--disable-quic",
                                     "--no-first-run",
                                     "--disable-background-networking",
                                     "--disable-component-update",
                                     "--disable-sync",
                                     "--user-data-dir=" + profile.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (std::string& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);  // its own group: kill it whole
    posix_spawnattr_setpgroup(&attr, 0);
    pid_t pid = 0;
    int rc = posix_spawn(&pid, chromium_.c_str(), &actions, &attr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) throw std::runtime_error("browser: cannot start " + chromium_);

    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_);
    while (true) {
      pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid) break;
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        throw std::runtime_error("browser: chromium did not finish in time");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    auto slurp = [](const std::string& path) {
      std::ifstream in(path, std::ios::binary);
      return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::string err = slurp(err_path);
      throw std::runtime_error("browser: chromium failed: " + err.substr(0, 2000));
    }
    return slurp(out_path);
  }

  std::string chromium_;
  int timeout_;
  std::filesystem::path dir_;
  int calls_ = 0;
};

// How many times `needle` occurs in `text` (e.g. `class="mw-field"` in a dumped DOM).
inline std::size_t count_occurrences(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

}  // namespace manyworlds::testing
