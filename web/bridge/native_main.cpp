// The browser app's bridge built natively (manyworlds_web_native): reads one request a line
// on standard input, calls mw_call() as the page's worker does, and writes one line a request:
//   {"cpu_ms": <this process's CPU time in the call>, "wall_ms": ..., "answer": <mw_call's answer>}
// The speed comparison (web/bench/speed.cjs) sends the same requests here and to the
// WebAssembly engine, alternating, so both run the same calls on the same machine at once.

#include <time.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "bridge.hpp"

namespace {

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    double cpu = cpu_ms();
    auto wall = std::chrono::steady_clock::now();
    const char* answer = mw_call(line.c_str());
    std::chrono::duration<double, std::milli> wall_ms = std::chrono::steady_clock::now() - wall;
    std::printf("{\"cpu_ms\": %.3f, \"wall_ms\": %.3f, \"answer\": %s}\n", cpu_ms() - cpu,
                wall_ms.count(), answer);
    std::fflush(stdout);
  }
  return 0;
}
