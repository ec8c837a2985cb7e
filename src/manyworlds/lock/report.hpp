#pragma once
// `manyworlds lock` as calls: each verb's request as the command line gives it (lengths as
// text, checked here), its answer as a value with its text and JSON forms (core/render.hpp).

#include <cstddef>
#include <optional>
#include <string>

#include "manyworlds/core/render.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {

// solve: every combination in a range of lengths that opens the lock.
struct SolveRequest {
  std::string max_length;
  std::string min_length = "1";
  std::string alphabet = "QLVR";
  Method method = Method::Fast;
  bool count_only = false;
  bool verify = false;  // compare with Makay's general form; a difference is an internal error
  bool stats = false;   // report the method's figures
  unsigned threads = 1;
  bool progress = false;
  bool force = false;
};

struct SolveReport {
  SolveOptions options;  // the checked request
  SolveResult result;
  bool verified = false;
  bool stats = false;
  std::string unused_letters;  // letters no listed solution uses (empty when count_only)
};
SolveReport solve(const SolveRequest& request);

// relate: the combination X is specially related to, and how the rules give it.
struct RelateRequest {
  std::string combination;
  std::string alphabet = "QLVR";
};

struct RelateReport {
  std::string combination;
  Derivation derivation;
};
RelateReport relate(const RelateRequest& request);

// check: whether X is specially related to Y.
struct CheckRequest {
  std::string x;
  std::string y;
  std::string alphabet = "QLVR";
};

struct CheckReport {
  std::string x;
  std::string y;
  bool related = false;
  std::optional<std::string> partner;         // f(x), when built (or y when related)
  std::optional<std::size_t> partner_length;  // |f(x)|, when x has a partner
  std::string reason;                         // why not, when not related
};
CheckReport check(const CheckRequest& request);

// formula: the solutions Makay's general form lists in a range of lengths.
struct FormulaRequest {
  std::string max_length;
  std::string min_length = "1";
  bool count_only = false;
  bool force = false;  // print even above a gigabyte of output
};

struct FormulaReport {
  int min_length = 1;
  int max_length = 1;
  bool count_only = false;
  SolveResult result;
};
FormulaReport formula(const FormulaRequest& request);

void write_text(fmt::memory_buffer& out, const SolveReport& report);
void to_json(Json& out, const SolveReport& report);
void write_text(fmt::memory_buffer& out, const RelateReport& report);
void to_json(Json& out, const RelateReport& report);
void write_text(fmt::memory_buffer& out, const CheckReport& report);
void to_json(Json& out, const CheckReport& report);
void write_text(fmt::memory_buffer& out, const FormulaReport& report);
void to_json(Json& out, const FormulaReport& report);

}  // namespace manyworlds::lock
