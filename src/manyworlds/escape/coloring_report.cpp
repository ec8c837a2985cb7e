// color and count: colourings of the n-cube found, proven impossible, or counted.

#include <variant>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/escape/report.hpp"

namespace manyworlds::escape {
namespace {

// One line "vertex colour" per board.
std::string coloring_text(const std::vector<std::uint8_t>& colors) {
  std::string out;
  for (std::size_t v = 0; v < colors.size(); ++v) out += fmt::format("{} {}\n", v, colors[v]);
  return out;
}

// The colouring written to `output` (when given); returns the file written, or empty.
std::string write_coloring(const std::string& output, const std::vector<std::uint8_t>& colors) {
  if (!output.empty()) write_file_atomically(output, coloring_text(colors));
  return output;
}

const std::vector<std::uint8_t>& colors_of(const ColorReport& report) {
  static const std::vector<std::uint8_t> none;
  if (const auto* s = std::get_if<SearchedColoring>(&report.answer)) return s->result.colors;
  if (const auto* a = std::get_if<AllowNoFlipAnswer>(&report.answer)) return a->colors;
  return none;
}

void write_answer(fmt::memory_buffer& out, const ColorReport& report, const SearchedColoring& s) {
  const int n = report.size;
  const ColoringResult& r = s.result;
  append(out,
         "coloured the {}-cube ({} boards) with {} colour{} by the seed's search ({} method): "
         "{} colours given, {} backtracks, {:.3f} s\n",
         n, r.colors.size(), n, n == 1 ? "" : "s", s.method, r.assignments, r.backtracks,
         s.seconds);
  append(out, "independent check: every board has exactly one neighbour of each colour: ok\n");
  append(out, "agrees with the xor strategy's colouring on {} of {} boards\n", s.same_as_xor,
         r.colors.size());
}

void write_answer(fmt::memory_buffer& out, const ColorReport& report, const ImpossibilityProof& p) {
  const int n = report.size;
  append(out, "n = {}: no strategy exists.\n", n);
  append(out, "counting argument: {}.\n", p.counting_argument);
  if (p.searched) {
    append(out,
           "exhaustive search: no colouring of the {} even-weight boards of the {}-cube with {} "
           "colours gives boards at distance 2 different colours ({} colours tried, search "
           "complete), so none of the whole cube exists\n",
           std::uint64_t{1} << (n - 1), n, n, p.search.nodes);
  } else {
    append(out, "exhaustive search: not run for n > {}\n", kMaxProofDimension);
  }
}

void write_answer(fmt::memory_buffer& out, const ColorReport& report, const AllowNoFlipAnswer& a) {
  const int n = report.size;
  if (!a.colors.empty()) {
    append(out,
           "allow-no-flip, n = {}: a strategy exists ({}); every board and its {} neighbours "
           "show all {} colours: verified\n",
           n, a.method, n, n);
    if (a.nodes) append(out, "search: {} colours tried\n", a.nodes);
  } else if (a.decided) {
    append(out, "allow-no-flip, n = {}: no strategy exists: {} ({} sets tried)\n", n, a.method,
           a.nodes);
  } else {
    append(out,
           "allow-no-flip, n = {}: not decided ({}); strategies are known for n = 2^k and "
           "n = 2^k - 1\n",
           n, a.method);
  }
}

Json answer_json(const ColorReport& report, const SearchedColoring& s) {
  return {{"size", report.size},
          {"exists", true},
          {"method", s.method},
          {"vertices", s.result.colors.size()},
          {"assignments", s.result.assignments},
          {"backtracks", s.result.backtracks},
          {"verified", s.verified},
          {"same_as_xor", s.same_as_xor},
          {"seconds", s.seconds}};
}

Json answer_json(const ColorReport& report, const ImpossibilityProof& p) {
  Json j = {{"size", report.size},
            {"exists", false},
            {"counting_argument", p.counting_argument},
            {"searched", p.searched}};
  if (p.searched) {
    j["search"] = {{"half", "even-weight boards"},
                   {"complete", p.search.complete},
                   {"nodes", p.search.nodes},
                   {"colorings_found", p.search.canonical}};
  }
  return j;
}

Json answer_json(const ColorReport& report, const AllowNoFlipAnswer& a) {
  bool exists = !a.colors.empty();
  Json j = {{"size", report.size}, {"allow_no_flip", true}};
  j["method"] = a.method;
  j["decided"] = a.decided;
  j["exists"] = a.decided ? Json(exists) : Json(nullptr);
  if (a.nodes) j["nodes"] = a.nodes;
  j["verified"] = a.verified;
  return j;
}

}  // namespace

// --- color -------------------------------------------------------------------------------------

ColorReport color(const ColorRequest& request) {
  const int n = request.size;
  ColorReport report;
  report.size = n;
  report.print = request.print;
  if (request.allow_no_flip) {
    AllowNoFlipAnswer answer = decide_allow_no_flip(n);
    if (!answer.colors.empty()) report.written = write_coloring(request.output, answer.colors);
    report.answer = std::move(answer);
    return report;
  }
  if (!is_power_of_two(static_cast<std::uint64_t>(n))) {
    if (request.print || !request.output.empty()) {
      throw InputError(fmt::format("no colouring exists for n = {} to print or write", n));
    }
    report.answer = prove_impossible(n);
    return report;
  }
  if (n > kMaxColoringDimension) {
    throw InputError(fmt::format(
        "color: the colouring search is for n up to {} (2^n boards), not {}; the xor strategy "
        "covers every power of two (escape verify --size {})",
        kMaxColoringDimension, n, n));
  }
  if (request.method != "fast" && request.method != "seed") {
    throw UsageError(fmt::format("color: unknown method '{}' (fast or seed)", request.method));
  }
  SearchedColoring s;
  s.method = request.method;
  Stopwatch watch;
  s.result = request.method == "seed" ? color_hypercube_seed(n) : color_hypercube(n);
  s.seconds = watch.seconds();
  s.verified = is_perfect_coloring(n, s.result.colors);
  if (!s.verified) throw std::logic_error("colouring failed its independent check");
  std::vector<std::uint8_t> xor_colors = xor_coloring(n);
  for (std::size_t v = 0; v < xor_colors.size(); ++v) {
    s.same_as_xor += xor_colors[v] == s.result.colors[v];
  }
  report.written = write_coloring(request.output, s.result.colors);
  report.answer = std::move(s);
  return report;
}

void write_text(fmt::memory_buffer& out, const ColorReport& report) {
  std::visit([&](const auto& answer) { write_answer(out, report, answer); }, report.answer);
  const auto& colors = colors_of(report);
  if (report.print && !colors.empty()) append(out, "{}", coloring_text(colors));
  if (!report.written.empty()) append(out, "wrote {}\n", report.written);
}

void to_json(Json& out, const ColorReport& report) {
  out = std::visit([&](const auto& answer) { return answer_json(report, answer); }, report.answer);
  if (!report.written.empty()) out["written"] = report.written;
  const auto& colors = colors_of(report);
  if (report.print && !colors.empty()) out["colors"] = colors;
}

// --- count -------------------------------------------------------------------------------------

CountReport count(const CountRequest& request) {
  const int n = request.size;
  CountReport report;
  report.size = n;
  if (n > kMaxCountDimension && !is_power_of_two(static_cast<std::uint64_t>(n))) {
    // Beyond the search, the counting argument alone gives the (exact) answer 0.
    report.counting_argument = prove_impossible(n).counting_argument;
    return report;
  }
  if (n > kMaxCountDimension) {
    throw InputError(fmt::format(
        "count: n = {} is beyond reach (counted for n = 1..{}); for n = 16 the halves alone have "
        "2^15 boards each",
        n, kMaxCountDimension));
  }
  Stopwatch watch;
  report.count = count_colorings(n, request.options);
  report.seconds = watch.seconds();
  return report;
}

void write_text(fmt::memory_buffer& out, const CountReport& report) {
  if (!report.count) {
    append(out, "n = {}: 0 valid colourings (counting argument: {})\n", report.size,
           report.counting_argument);
    return;
  }
  const CountResult& c = *report.count;
  append(out, "n = {}: {} valid colourings (strategies for prisoner 2's reading)\n", report.size,
         c.colorings);
  for (const HalfSearch* h : {&c.even, &c.odd}) {
    append(out, "  {} half: {} colourings ({} up to renaming colours; {} colours tried)\n",
           h->parity == 0 ? "even" : "odd", h->colorings, h->canonical, h->nodes);
  }
  if (c.counting_argument_rules_out) {
    append(out, "  (n is not a power of two: the counting argument rules every colouring out)\n");
  }
}

void to_json(Json& out, const CountReport& report) {
  if (!report.count) {
    out = {{"size", report.size},
           {"colorings", BigInt(0)},
           {"method", "counting argument"},
           {"counting_argument", report.counting_argument}};
    return;
  }
  const CountResult& c = *report.count;
  out = {{"size", report.size}, {"colorings", c.colorings}};
  for (const HalfSearch* h : {&c.even, &c.odd}) {
    out[h->parity == 0 ? "even_half" : "odd_half"] = {
        {"colorings", h->colorings}, {"up_to_renaming_colors", h->canonical}, {"nodes", h->nodes}};
  }
  out["seconds"] = report.seconds;
}

}  // namespace manyworlds::escape
