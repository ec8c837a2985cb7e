// `manyworlds cards`: Matt Parker's card-flip puzzle (MPMP 4): construct, check, play,
// enumerate and count the minimal flip sequences.

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "cli.hpp"
#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::cli {
namespace {

using cards::Card;
using cards::Format;

// Output larger than this is refused unless --force (a 30-card solution is about 2.1 GB).
constexpr std::uint64_t kOutputLimit = std::uint64_t{4} << 30;

// Published counts of minimal sequences (OEIS A003043), used only to estimate output sizes
// before enumerating; the counts themselves are always computed.
constexpr std::uint64_t kPublishedCounts[] = {0, 1, 2, 18, 5712, 5859364320};

std::string human_bytes(double bytes) {
  if (bytes >= 1e21) return fmt::format("{:.1e} bytes", bytes);
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  int u = 0;
  while (bytes >= 1000 && u < 6) {
    bytes /= 1000;
    ++u;
  }
  return u == 0 ? fmt::format("{:.0f} bytes", bytes) : fmt::format("{:.1f} {}", bytes, units[u]);
}

// Writes to stdout, failing with a clear error when the output cannot be written.
void write_out(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::ferror(stdout)) {
    throw InputError("cannot write the output");
  }
}

// Buffers small pieces of output into large writes.
class OutBuffer {
 public:
  OutBuffer() { buffer_.reserve(kSize + 4096); }
  ~OutBuffer() = default;
  void add(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= kSize) flush();
  }
  void flush() {
    write_out(buffer_);
    buffer_.clear();
  }

 private:
  static constexpr std::size_t kSize = 1 << 16;
  std::string buffer_;
};

const std::map<std::string, Format> kFormats = {{"plain", Format::Plain}, {"numpy", Format::Numpy}};

// The sequence given as positional arguments (joined), or read from stdin when it is "-".
cards::Sequence sequence_argument(const std::vector<std::string>& args) {
  if (args.size() == 1 && args[0] == "-")
    return cards::parse_sequence(read_text("-", input_limit::kCardSequence));
  std::string joined;
  for (const auto& a : args) {
    joined += a;
    joined += ' ';
  }
  return cards::parse_sequence(joined);
}

int highest_card_plus_one(const cards::Sequence& s) {
  int n = 0;
  for (Card c : s) n = std::max(n, c + 1);
  return n;
}

// ---- solve -------------------------------------------------------------------------------

struct SolveOptions {
  int cards = 0;
  Format format = Format::Plain;
  bool json = false;
  bool force = false;
};

void run_solve(const SolveOptions& o) {
  if (o.cards < 1 || o.cards > cards::kMaxSolveCards) {
    throw InputError(fmt::format("solve: the number of cards must be 1..{}, not {}",
                                 cards::kMaxSolveCards, o.cards));
  }
  std::uint64_t bytes = cards::solution_text_size(o.cards, o.json ? Format::Plain : o.format);
  if (bytes > kOutputLimit && !o.force) {
    throw InputError(fmt::format(
        "solve: {} cards need 2^{} - 1 = {} instructions, about {} of output; add --force to "
        "write it anyway",
        o.cards, o.cards, cards::minimal_length(o.cards), human_bytes(static_cast<double>(bytes))));
  }
  std::setvbuf(stdout, nullptr, _IOFBF, 1 << 20);
  if (!o.json) {
    cards::write_solution(o.cards, o.format, write_out);
    return;
  }
  // JSON: the same text with commas between the instructions.
  write_out(
      fmt::format("{{\"cards\": {}, \"length\": {}, \"method\": \"recursive\", \"sequence\": [",
                  o.cards, cards::minimal_length(o.cards)));
  std::string piece;
  cards::write_solution(o.cards, Format::Plain, [&](std::string_view text) {
    piece.assign(text);
    for (char& c : piece) {
      if (c == ' ') c = ',';
    }
    if (!piece.empty() && piece.back() == '\n') piece.pop_back();
    write_out(piece);
  });
  write_out("]}\n");
}

// ---- check -------------------------------------------------------------------------------

struct CheckOptions {
  std::vector<std::string> sequence;
  int cards = 0;
  std::size_t list = 16;
  bool json = false;
};

void run_check(const CheckOptions& o) {
  cards::Sequence s = sequence_argument(o.sequence);
  int n = o.cards;
  if (n == 0) {
    if (s.empty()) throw InputError("check: the sequence is empty (e.g. 0 1 0 for two cards)");
    n = highest_card_plus_one(s);
  }
  cards::CheckResult r = cards::check(s, n, o.list);
  if (o.json) {
    Json unsolved = Json::array();
    for (auto state : r.unsolved) unsolved.push_back(cards::format_state(state, n));
    print_json({{"cards", n},
                {"length", r.length},
                {"minimal_length", cards::minimal_length(n)},
                {"works", r.works},
                {"minimal", r.minimal},
                {"unsolved_count", r.unsolved_count},
                {"unsolved", unsolved},
                {"first_repeat", r.first_repeat == 0 ? Json(nullptr) : Json(r.first_repeat)}});
    return;
  }
  std::uint64_t states = std::uint64_t{1} << n;
  if (r.works) {
    fmt::print("works: every start of {} card{} reaches all face down ({} instructions; {})\n", n,
               n == 1 ? "" : "s", r.length,
               r.minimal ? fmt::format("the minimum, 2^{} - 1", n)
                         : fmt::format("the minimum is {}", cards::minimal_length(n)));
    return;
  }
  fmt::print("fails: {} of {} starts of {} card{} never reach all face down ({} instructions)\n",
             r.unsolved_count, states, n, n == 1 ? "" : "s", r.length);
  if (r.first_repeat != 0) {
    fmt::print("  instruction {} brings back a state already seen (no new start is solved)\n",
               r.first_repeat);
  }
  fmt::print(
      "  never all face down (card 0 first, 1 = face up){}:\n",
      r.unsolved.size() < r.unsolved_count ? fmt::format(", the first {}", r.unsolved.size()) : "");
  for (auto state : r.unsolved) fmt::print("    {}\n", cards::format_state(state, n));
}

// ---- play --------------------------------------------------------------------------------

struct PlayOptions {
  std::string start;
  std::vector<std::string> sequence;
  bool json = false;
};

void run_play(const PlayOptions& o) {
  cards::StartState start = cards::parse_start(o.start);
  cards::Sequence s = sequence_argument(o.sequence);
  cards::PlayResult r = cards::play(s, start.cards, start.state);
  if (o.json) {
    Json steps = Json::array();
    for (const auto& step : r.steps) {
      Json row = {{"step", step.step}, {"cards", cards::format_state(step.state, start.cards)}};
      row["flip"] = step.flipped < 0 ? Json(nullptr) : Json(step.flipped);
      steps.push_back(row);
    }
    print_json({{"cards", start.cards},
                {"start", cards::format_state(start.state, start.cards)},
                {"all_down_at", r.all_down_at < 0 ? Json(nullptr) : Json(r.all_down_at)},
                {"steps", steps}});
    return;
  }
  OutBuffer out;
  out.add(fmt::format("{:>6}  {:>4}  {}\n", "step", "flip", "cards (card 0 first, 1 = face up)"));
  for (const auto& step : r.steps) {
    out.add(fmt::format(
        "{:>6}  {:>4}  {}{}\n", step.step, step.flipped < 0 ? "-" : fmt::format("{}", step.flipped),
        cards::format_state(step.state, start.cards),
        static_cast<std::int64_t>(step.step) == r.all_down_at ? "  <- all face down" : ""));
  }
  if (r.all_down_at >= 0) {
    out.add(fmt::format("all face down after step {} of {}\n", r.all_down_at, s.size()));
  } else {
    out.add(fmt::format("never all face down in {} steps\n", s.size()));
  }
  out.flush();
}

// ---- enumerate ---------------------------------------------------------------------------

struct EnumerateOptions {
  int cards = 0;
  Format format = Format::Numpy;
  std::uint64_t limit = 0;
  bool canonical = false;
  bool json = false;
  bool force = false;
};

void run_enumerate(const EnumerateOptions& o) {
  if (o.cards < 1 || o.cards > cards::kMaxEnumerateCards) {
    throw InputError(fmt::format("enumerate: the number of cards must be 1..{}, not {}",
                                 cards::kMaxEnumerateCards, o.cards));
  }
  int n = o.cards;
  std::uint64_t length = cards::minimal_length(n);
  double line_bytes = static_cast<double>(length * 2 + (n > 10 ? length : 0) + 4);
  if (!o.force) {
    double lines = 0;
    std::string what;
    if (n <= 5) {
      double known = static_cast<double>(kPublishedCounts[n]);
      if (o.canonical) {
        for (int k = 2; k <= n; ++k) known /= k;
      }
      lines = o.limit == 0 ? known : std::min(known, static_cast<double>(o.limit));
      what = fmt::format("{} cards have {:.0f} minimal sequences{}", n, known,
                         o.canonical ? " up to card permutations" : "");
    } else {
      lines = o.limit == 0 ? 7.1e22 : static_cast<double>(o.limit);
      what = fmt::format(
          "{} cards have more than 7.1e22 minimal sequences (the exact number is "
          "unknown)",
          n);
    }
    if (lines * line_bytes > static_cast<double>(kOutputLimit)) {
      throw InputError(fmt::format(
          "enumerate: {}; {} would be about {} of output; use a smaller --limit or add --force",
          what, o.limit == 0 ? "listing them all" : fmt::format("--limit {}", o.limit),
          human_bytes(lines * line_bytes)));
    }
  }
  std::setvbuf(stdout, nullptr, _IOFBF, 1 << 20);
  OutBuffer out;
  if (o.json) {
    out.add(fmt::format("{{\"cards\": {}, \"length\": {}, \"up_to_symmetry\": {}, \"sequences\": [",
                        n, length, o.canonical));
  }
  std::uint64_t shown = 0;
  std::string line;
  std::uint64_t total = cards::enumerate(n, {o.canonical, o.limit}, [&](std::span<const Card> s) {
    if (o.json) {
      line = shown == 0 ? "\n  [" : ",\n  [";
      for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0) line += ',';
        line += fmt::format("{}", s[i]);
      }
      line += ']';
    } else {
      line = cards::format_sequence(s, o.format);
      line += '\n';
    }
    out.add(line);
    ++shown;
    return true;
  });
  if (o.json) out.add(fmt::format("\n], \"count\": {}}}\n", total));
  out.flush();
}

// ---- count -------------------------------------------------------------------------------

struct CountOptions {
  int cards = 0;
  bool up_to_symmetry = false;
  cards::Method method = cards::Method::Symmetry;
  int threads = 0;
  bool json = false;
  bool force = false;
};

void run_count(const CountOptions& o) {
  if (o.method == cards::Method::Dfs && o.cards == 5 && !o.force) {
    throw InputError(
        "count: the plain search meets 5859364320 sequences one by one (estimated: half an "
        "hour of CPU time); use --method symmetry, or add --force");
  }
  cards::CountOptions options{o.method, resolve_threads(o.threads), show_progress() && !o.json};
  cards::CountResult r = cards::count(o.cards, options);
  BigInt factorial = 1;
  for (int k = 2; k <= o.cards; ++k) factorial *= k;
  if (o.json) {
    Json out = {{"cards", o.cards},
                {"length", cards::minimal_length(o.cards)},
                {"sequences", big_json(r.sequences)},
                {"classes", big_json(r.classes)},
                {"class_size", big_json(factorial)},
                {"method", std::string(cards::method_name(o.method))},
                {"nodes", r.nodes},
                {"tasks", r.tasks},
                {"threads", o.method == cards::Method::Brute ? 1u : options.threads}};
    print_json(out);
    return;
  }
  if (o.up_to_symmetry) {
    fmt::print(
        "{} classes of minimal sequences for {} card{} under permutations of the cards "
        "({} sequences, {} in each class)\n",
        r.classes, o.cards, o.cards == 1 ? "" : "s", r.sequences, factorial);
  } else {
    fmt::print("{} minimal sequences for {} card{} ({} instructions each)\n", r.sequences, o.cards,
               o.cards == 1 ? "" : "s", cards::minimal_length(o.cards));
  }
  if (o.method == cards::Method::Brute) {
    fmt::print("method brute: {} candidate strings checked\n", r.nodes);
  } else {
    fmt::print("method {}: {} search nodes over {} prefixes\n", cards::method_name(o.method),
               r.nodes, r.tasks);
  }
}

}  // namespace

void setup_cards(CLI::App& app) {
  auto* cards_app = app.add_subcommand(
      "cards", "Matt Parker's card flips (MPMP 4): minimal flip sequences for N unseen cards");
  cards_app->require_subcommand(1);

  {
    auto o = std::make_shared<SolveOptions>();
    auto* sub = cards_app->add_subcommand(
        "solve", "One minimal sequence for N cards: S(N) = S(N-1), N-1, S(N-1), streamed");
    sub->add_option("cards", o->cards, "Number of cards N")->required();
    sub->add_option("--format", o->format, "plain (0 1 0) or numpy ([0 1 0] )")
        ->transform(CLI::CheckedTransformer(kFormats, CLI::ignore_case))
        ->option_text("FORMAT");
    add_force_flag(*sub, o->force);
    add_json_flag(*sub, o->json);
    sub->callback([o] { run_solve(*o); });
  }
  {
    auto o = std::make_shared<CheckOptions>();
    auto* sub = cards_app->add_subcommand(
        "check", "Whether a sequence works for every start; the starts it misses");
    sub->add_option("sequence", o->sequence,
                    "Card numbers (spaces or commas, or a line like '[0 1 0] '; - for stdin)")
        ->required();
    sub->add_option("-n,--cards", o->cards, "Number of cards (default: highest card + 1)")
        ->check(CLI::Range(1, cards::kMaxCheckCards));
    sub->add_option("--list", o->list, "List at most this many missed starts (16)");
    add_json_flag(*sub, o->json);
    sub->callback([o] { run_check(*o); });
  }
  {
    auto o = std::make_shared<PlayOptions>();
    auto* sub = cards_app->add_subcommand("play", "The trace of one start under a sequence");
    sub->add_option("-s,--start", o->start, "Start state, card 0 first, 1 = face up (e.g. 0110)")
        ->required();
    sub->add_option("sequence", o->sequence, "Card numbers (spaces or commas; - for stdin)")
        ->required();
    add_json_flag(*sub, o->json);
    sub->callback([o] { run_play(*o); });
  }
  {
    auto o = std::make_shared<EnumerateOptions>();
    auto* sub = cards_app->add_subcommand("enumerate",
                                          "Every minimal sequence for N cards, in sorted order");
    sub->add_option("cards", o->cards, "Number of cards N")->required();
    sub->add_option("--format", o->format, "numpy ([0 1 0] , as the Solutions files) or plain")
        ->transform(CLI::CheckedTransformer(kFormats, CLI::ignore_case))
        ->option_text("FORMAT");
    sub->add_option("--limit", o->limit, "Stop after this many sequences")
        ->check(CLI::PositiveNumber);
    sub->add_flag("--up-to-symmetry", o->canonical,
                  "One sequence per class under card permutations (cards first used in order)");
    add_force_flag(*sub, o->force);
    add_json_flag(*sub, o->json);
    sub->callback([o] { run_enumerate(*o); });
  }
  {
    auto o = std::make_shared<CountOptions>();
    auto* sub = cards_app->add_subcommand("count", "The exact number of minimal sequences");
    sub->add_option("cards", o->cards, "Number of cards N (1..5)")->required();
    sub->add_flag("--up-to-symmetry", o->up_to_symmetry,
                  "Count classes under permutations of the cards");
    const std::map<std::string, cards::Method> methods = {{"symmetry", cards::Method::Symmetry},
                                                          {"dfs", cards::Method::Dfs},
                                                          {"brute", cards::Method::Brute}};
    sub->add_option("-m,--method", o->method,
                    "symmetry (canonical search x N!), dfs (every sequence) or brute (the "
                    "seed's scan, N <= 4)")
        ->transform(CLI::CheckedTransformer(methods, CLI::ignore_case))
        ->option_text("METHOD");
    add_threads_option(*sub, o->threads);
    add_force_flag(*sub, o->force);
    add_json_flag(*sub, o->json);
    sub->callback([o] { run_count(*o); });
  }
}

}  // namespace manyworlds::cli
