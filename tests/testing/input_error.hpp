#pragma once
// For tests that pin error messages: the message of the InputError that `fn` throws, or
// "no error" when it throws none.

#include <string>

#include "manyworlds/core/error.hpp"

namespace manyworlds::testing {

template <typename Fn>
std::string error_of(Fn&& fn) {
  try {
    fn();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace manyworlds::testing
