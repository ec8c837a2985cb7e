// manyworlds: every possible world of five combinatorial puzzles.
//
// Exit codes: 0 success, 1 bad input, 2 bad usage, 130 interrupted (Ctrl-C).
// Errors are one line on stderr: `manyworlds: error: ...`.

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <new>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/version.hpp"
#include "sfinder_args.hpp"

namespace {

int fail(int code, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "manyworlds: error: %s\n", message.c_str());
  return code;
}

// The first Ctrl-C asks long work to stop cleanly; a second one ends the process.
void on_interrupt(int) {
  if (manyworlds::cancel_requested()) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
  manyworlds::request_cancel();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace manyworlds;
  CLI::App app{"manyworlds: every possible world of five combinatorial puzzles", "manyworlds"};
  app.set_version_flag("--version", fmt::format("manyworlds {}", kVersion));
  app.require_subcommand(1);
  app.fallthrough(false);

  std::signal(SIGINT, on_interrupt);
  try {
    // sfinder's spellings (-fc 0, -td 1, ...) become long options first (sfinder_args.hpp).
    std::vector<std::string> args =
        cli::normalize_sfinder_args(std::vector<std::string>(argv + 1, argv + argc));
    cli::add_commands(app, args);
    cli::check_verb(app, args);
    std::reverse(args.begin(), args.end());  // CLI11 takes the arguments reversed
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    return fail(2, fmt::format("{} (run with --help for usage)", e.what()));
  } catch (const UsageError& e) {
    return fail(2, e.what());
  } catch (const InputError& e) {
    return fail(1, e.what());
  } catch (const Cancelled& e) {
    return fail(130, e.what());
  } catch (const std::bad_alloc&) {
    return fail(1, "out of memory (try a smaller request)");
  } catch (const std::exception& e) {
    return fail(1, fmt::format("internal error: {}", e.what()));
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    return fail(1, "cannot write the output");
  }
  return 0;
}
