#pragma once
// Typed errors. The library never prints or exits: it throws one of these, and the CLI turns
// it into one line `manyworlds: error: ...` on stderr with the matching exit code.

#include <stdexcept>
#include <string>

namespace manyworlds {

// Bad input: a malformed file, a value out of range, a request too large. Exit code 1.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad usage: options that contradict each other or are missing. Exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Long work stopped by the user (Ctrl-C); `what()` says how far it got.
class Cancelled : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace manyworlds
