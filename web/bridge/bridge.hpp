#pragma once
// The browser app's engine: the library behind a C ABI of JSON strings. The WebAssembly build
// (web/CMakeLists.txt) exports these functions to the page's worker (web/site/worker.js); the
// native build (manyworlds_web_native) runs the same calls for the speed comparison and the
// tests (docs/web.md).
//
//   const char* mw_call(const char* request)
//     request: {"verb": "tetris.percent", "args": {...}, "threads": 1}
//     answer:  {"ok": true, "result": <the result's JSON form>, "text": <its text form>,
//               "files": {"name": "content", ...}, "ms": <milliseconds in the library call>}
//          or  {"ok": false, "kind": "input" | "usage" | "cancelled" | "internal",
//               "error": "<the message the CLI prints after `manyworlds: error: `>"}
//     The answer stays valid until the next call.
//   std::atomic<bool>* mw_cancel_flag()   the library's cancel flag; the page sets it through
//                                         the shared memory of the threads build
//   ProgressBlock* mw_progress_block()    the last progress report, for the same page
//
// Every verb binds its arguments (named as the CLI's long options) to the request the CLI
// builds and calls the library function the CLI calls, so what the page shows is what
// `manyworlds ... --json` prints. bridge.cpp lists the verbs.

#include <atomic>
#include <cstdint>

namespace manyworlds::web {

// Progress as the page reads it from shared memory: `seq` grows with every report.
struct ProgressBlock {
  std::atomic<std::uint32_t> seq{0};
  std::atomic<std::uint32_t> final{0};
  double done = 0;
  double total = 0;
};

}  // namespace manyworlds::web

extern "C" {
const char* mw_call(const char* request);
std::atomic<bool>* mw_cancel_flag();
manyworlds::web::ProgressBlock* mw_progress_block();
}
