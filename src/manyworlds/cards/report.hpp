#pragma once
// `manyworlds cards` as one call per verb: each request as the command line gives it, each
// answer as a value with its text and JSON forms (core/render.hpp). The answers of solve,
// enumerate and play can run to gigabytes of text, so they are streamed; solve's and
// enumerate's hold only what makes their text, which is produced as it is written.

#include <cstdint>
#include <string>
#include <vector>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/render.hpp"

namespace manyworlds::cards {

// Output larger than this is refused unless forced (a 30-card solution is about 2.1 GB).
inline constexpr std::uint64_t kOutputLimit = std::uint64_t{4} << 30;

// ---- solve -------------------------------------------------------------------------------

struct SolveRequest {
  int cards = 0;
  Format format = Format::Plain;
  bool force = false;  // write more than kOutputLimit bytes
};

// S(cards), the seed's construction; its 2^cards - 1 instructions are made as they are written.
struct SolveReport {
  int cards = 0;
  Format format = Format::Plain;
};

// Checks the number of cards and the size of the text. Throws InputError.
SolveReport solve(const SolveRequest& request);

void write_text(TextStream& out, const SolveReport& report);
void write_json(TextStream& out, const SolveReport& report);

// ---- check and play ----------------------------------------------------------------------

// A sequence as the command line gives it: card numbers in one or more arguments (joined by
// spaces), or {"-"} for standard input.
using SequenceArguments = std::vector<std::string>;

struct CheckRequest {
  SequenceArguments sequence;
  int cards = 0;  // 0: the highest card + 1
  std::size_t list = 16;
};

CheckResult check(const CheckRequest& request);

void write_text(fmt::memory_buffer& out, const CheckResult& result);
void to_json(Json& out, const CheckResult& result);

struct PlayRequest {
  std::string start;  // the start state as text; it gives the number of cards
  SequenceArguments sequence;
};

PlayResult play(const PlayRequest& request);

// A trace has a line per instruction (up to 2^25 of them from a 64 MiB input): streamed.
void write_text(TextStream& out, const PlayResult& result);
void write_json(TextStream& out, const PlayResult& result);

// ---- enumerate ---------------------------------------------------------------------------

struct EnumerateRequest {
  int cards = 0;
  Format format = Format::Numpy;
  EnumerateOptions options;
  bool force = false;  // write more than kOutputLimit bytes
};

// The listing of `enumerate`; its sequences are found as they are written.
struct EnumerateReport {
  int cards = 0;
  Format format = Format::Numpy;
  EnumerateOptions options;
};

// Checks the number of cards and the estimated size of the text. Throws InputError.
EnumerateReport enumerate(const EnumerateRequest& request);

void write_text(TextStream& out, const EnumerateReport& report);
void write_json(TextStream& out, const EnumerateReport& report);

// ---- count -------------------------------------------------------------------------------

struct CountRequest {
  int cards = 0;
  CountOptions options;
  bool up_to_symmetry = false;  // the text leads with the classes
  bool force = false;           // run the plain search for 5 cards
};

struct CountReport {
  CountResult result;
  Method method = Method::Symmetry;
  unsigned threads = 1;
  bool up_to_symmetry = false;
};

CountReport count(const CountRequest& request);

void write_text(fmt::memory_buffer& out, const CountReport& report);
void to_json(Json& out, const CountReport& report);

}  // namespace manyworlds::cards
