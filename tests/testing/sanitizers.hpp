#pragma once
// Whether this build runs under AddressSanitizer, and how the heaviest sampled checks thin out
// there. CI runs the whole suite twice: in the release build, where every sampled check runs in
// full, and under ASan + UBSan, which slow the code 3-10x. There the checks that repeat one code
// path over hundreds of generated or transcribed cases run every k-th case: the sanitizers look
// for memory errors and undefined behaviour on each path, which a sample reaches as well.

namespace manyworlds::testing {

inline constexpr bool under_sanitizers() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

// The step through a list of sampled cases: 1 in the release build, `k` under the sanitizers.
inline constexpr int sanitizer_step(int k) {
  return under_sanitizers() ? k : 1;
}

}  // namespace manyworlds::testing
