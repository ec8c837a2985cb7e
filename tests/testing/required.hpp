#pragma once
// A tool a test needs (chromium, node): on a developer's machine without it the test is
// skipped, saying how to install it; under CI (the environment variable CI is "true", which
// .ci/run sets) the test fails instead, so that a test cannot pass without checking anything.
//
//   MANYWORLDS_REQUIRE(chromium.has_value(), testing::kNoChromium);

#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

namespace manyworlds::testing {

inline bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && std::string_view(ci) == "true";
}

}  // namespace manyworlds::testing

#define MANYWORLDS_REQUIRE(found, message)                            \
  do {                                                                \
    if (!(found)) {                                                   \
      if (::manyworlds::testing::in_ci()) FAIL() << (message);        \
      GTEST_SKIP() << (message) << " (CI=true makes this a failure)"; \
    }                                                                 \
  } while (false)
