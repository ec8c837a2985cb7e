// The prisoners' strategies and their verification.

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <random>
#include <stdexcept>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {

bool is_power_of_two(std::uint64_t n) {
  return n != 0 && (n & (n - 1)) == 0;
}

int exact_log(std::uint64_t n, std::uint64_t sides) {
  if (n == 0 || sides < 2) return -1;
  int k = 0;
  while (n % sides == 0) {
    n /= sides;
    ++k;
  }
  return n == 1 ? k : -1;
}

std::size_t xor_parity(std::span<const std::uint8_t> board) {
  std::size_t parity = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (board[i] & 1u) parity ^= i;
  }
  return parity;
}

namespace {

std::string no_strategy_reason(std::size_t n, const Rules& rules) {
  if (rules.allow_no_flip) {
    return fmt::format(
        "no strategy known for {} cells when prisoner 1 may also flip nothing: it works for "
        "n = 2^k and n = 2^k - 1 (Hamming code); small n are decided by `escape color --size N "
        "--allow-no-flip`",
        n);
  }
  return fmt::format(
      "no strategy exists for {} cells: n must be a power of two (each of the n colour classes "
      "of the {}-cube would hold 2^n / n boards, see `escape color --size N`)",
      n, n);
}

}  // namespace

Strategy Strategy::make(std::size_t cells, const Rules& rules, StrategyKind kind) {
  if (rules.sides < 2 || rules.sides > kMaxSides) {
    throw InputError(fmt::format("dice: {} sides is out of range [2, {}]", rules.sides, kMaxSides));
  }
  if (cells == 0) throw InputError("the board has no cells");
  Strategy s;
  s.cells_ = cells;
  s.rules_ = rules;
  if (rules.sides > 2) {
    if (rules.allow_no_flip) {
      throw InputError("--allow-no-flip is for coins only, not with --dice");
    }
    if (kind != StrategyKind::Auto && kind != StrategyKind::DiceVector) {
      throw InputError("with --dice the strategy is the vector strategy over Z_D");
    }
    int k = exact_log(cells, static_cast<std::uint64_t>(rules.sides));
    if (k < 0) {
      throw InputError(
          fmt::format("no vector strategy for {} cells with {}-sided dice: n must be a power of {}",
                      cells, rules.sides, rules.sides));
    }
    s.kind_ = StrategyKind::DiceVector;
    s.digits_ = k;
    return s;
  }
  bool power = is_power_of_two(cells);
  bool hamming = rules.allow_no_flip && is_power_of_two(cells + 1);
  switch (kind) {
    case StrategyKind::Auto:
      if (power) {
        s.kind_ = StrategyKind::Xor;
      } else if (hamming) {
        s.kind_ = StrategyKind::Hamming;
      } else {
        throw InputError(no_strategy_reason(cells, rules));
      }
      return s;
    case StrategyKind::Xor:
      if (!power) throw InputError(no_strategy_reason(cells, Rules{}));
      s.kind_ = StrategyKind::Xor;
      return s;
    case StrategyKind::Hamming:
      if (!is_power_of_two(cells + 1)) {
        throw InputError(
            fmt::format("the Hamming strategy needs n = 2^k - 1 cells, not {}", cells));
      }
      if (!rules.allow_no_flip) {
        throw InputError("the Hamming strategy needs --allow-no-flip");
      }
      s.kind_ = StrategyKind::Hamming;
      return s;
    case StrategyKind::DiceVector:
      throw InputError("the vector strategy over Z_D needs --dice D");
    case StrategyKind::Coloring: {
      s.kind_ = StrategyKind::Coloring;
      if (power && cells <= (std::size_t{1} << 4)) {
        int n = static_cast<int>(cells);
        s.colors_ = color_hypercube(n).colors;
        return s;
      }
      if (rules.allow_no_flip && cells <= static_cast<std::size_t>(kMaxDominatingDimension)) {
        DominatingSearch found = search_dominating(static_cast<int>(cells));
        if (!found.complete) {
          throw InputError(
              fmt::format("the colouring search for {} cells stopped at its limit", cells));
        }
        if (found.colors.empty()) {
          throw InputError(
              fmt::format("no strategy exists for {} cells even when prisoner 1 may flip nothing "
                          "(exhaustive search, {} colours tried)",
                          cells, found.nodes));
        }
        s.colors_ = std::move(found.colors);
        return s;
      }
      if (!power && !rules.allow_no_flip) throw InputError(no_strategy_reason(cells, rules));
      throw InputError(fmt::format(
          "the colouring strategy is for at most {} cells ({} with --allow-no-flip), not {}",
          kMaxColoringDimension, kMaxDominatingDimension, cells));
    }
  }
  throw std::logic_error("unknown strategy kind");
}

Strategy Strategy::from_coloring(std::size_t cells, std::vector<std::uint8_t> colors,
                                 const Rules& rules) {
  if (cells == 0 || cells > 16 || rules.sides != 2) {
    throw InputError(fmt::format("a colouring strategy is for 1..16 coins, not {}", cells));
  }
  if (colors.size() != (std::size_t{1} << cells)) {
    throw InputError(fmt::format("a colouring for {} cells has {} entries, not {}", cells,
                                 std::size_t{1} << cells, colors.size()));
  }
  for (std::uint8_t c : colors) {
    if (c >= cells) throw InputError(fmt::format("colour {} is not a cell (0..{})", c, cells - 1));
  }
  Strategy s;
  s.kind_ = StrategyKind::Coloring;
  s.cells_ = cells;
  s.rules_ = rules;
  s.colors_ = std::move(colors);
  return s;
}

std::string_view Strategy::name() const {
  switch (kind_) {
    case StrategyKind::Auto:
    case StrategyKind::Xor:
      return "xor";
    case StrategyKind::Hamming:
      return "hamming";
    case StrategyKind::DiceVector:
      return "dice-vector";
    case StrategyKind::Coloring:
      return "coloring";
  }
  return "?";
}

std::size_t Strategy::syndrome(std::span<const std::uint8_t> board) const {
  if (board.size() != cells_) {
    throw InputError(
        fmt::format("the board has {} cells, the strategy is for {}", board.size(), cells_));
  }
  switch (kind_) {
    case StrategyKind::Auto:
    case StrategyKind::Xor:
      return xor_parity(board);
    case StrategyKind::Hamming: {
      std::size_t s = 0;
      for (std::size_t i = 0; i < board.size(); ++i) {
        if (board[i] & 1u) s ^= i + 1;
      }
      return s;
    }
    case StrategyKind::DiceVector: {
      // Component d of the sum is digit d of the result; cell i adds value * digit_d(i).
      std::size_t d_sides = static_cast<std::size_t>(rules_.sides);
      std::vector<std::size_t> sum(static_cast<std::size_t>(digits_), 0);
      for (std::size_t i = 0; i < board.size(); ++i) {
        if (board[i] == 0) continue;
        std::size_t rest = i;
        for (auto& component : sum) {
          component = (component + board[i] * (rest % d_sides)) % d_sides;
          rest /= d_sides;
        }
      }
      std::size_t value = 0;
      for (std::size_t d = sum.size(); d-- > 0;) value = value * d_sides + sum[d];
      return value;
    }
    case StrategyKind::Coloring:
      return colors_[seed_vertex_index(board)];
  }
  throw std::logic_error("unknown strategy kind");
}

Move Strategy::move(std::span<const std::uint8_t> board, std::size_t key) const {
  if (key >= cells_) {
    throw InputError(fmt::format("key {} is off the board (0..{})", key, cells_ - 1));
  }
  std::size_t s = syndrome(board);
  switch (kind_) {
    case StrategyKind::Auto:
    case StrategyKind::Xor:
      if (rules_.allow_no_flip && s == key) return std::nullopt;
      return s ^ key;
    case StrategyKind::Hamming: {
      std::size_t d = s ^ (key + 1);
      if (d == 0) return std::nullopt;
      return d - 1;
    }
    case StrategyKind::DiceVector: {
      // Digit by digit: (key - syndrome) mod D.
      std::size_t d_sides = static_cast<std::size_t>(rules_.sides);
      std::size_t cell = 0, place = 1, a = key, b = s;
      for (int d = 0; d < digits_; ++d) {
        cell += ((a % d_sides + d_sides - b % d_sides) % d_sides) * place;
        a /= d_sides;
        b /= d_sides;
        place *= d_sides;
      }
      return cell;
    }
    case StrategyKind::Coloring: {
      if (rules_.allow_no_flip && s == key) return std::nullopt;
      std::uint64_t v = seed_vertex_index(board);
      for (std::size_t j = 0; j < cells_; ++j) {
        std::uint64_t u = v ^ (std::uint64_t{1} << (cells_ - 1 - j));
        if (colors_[u] == key) return j;
      }
      return 0;  // a colouring that is not valid: no neighbour has the key's colour
    }
  }
  throw std::logic_error("unknown strategy kind");
}

std::size_t Strategy::answer(std::span<const std::uint8_t> board) const {
  std::size_t s = syndrome(board);
  // The Hamming syndrome is key + 1 after prisoner 1's move; 0 never appears then and is read
  // as cell 0.
  if (kind_ == StrategyKind::Hamming) return s == 0 ? 0 : s - 1;
  return s;
}

void Strategy::apply(std::span<std::uint8_t> board, Move move) const {
  if (!move) return;
  if (*move >= board.size()) throw std::logic_error("move off the board");
  board[*move] = static_cast<std::uint8_t>((board[*move] + 1) % rules_.sides);
}

std::vector<std::uint8_t> strategy_coloring(const Strategy& strategy) {
  const std::size_t n = strategy.cells();
  if (strategy.rules().sides != 2 || n > 16) {
    throw InputError("a strategy's colouring is for coins on at most 16 cells");
  }
  std::vector<std::uint8_t> colors(std::size_t{1} << n), board(n);
  for (std::size_t v = 0; v < colors.size(); ++v) {
    for (std::size_t i = 0; i < n; ++i) board[i] = static_cast<std::uint8_t>(v >> (n - 1 - i) & 1u);
    colors[v] = static_cast<std::uint8_t>(strategy.answer(board));
  }
  return colors;
}

// --- Verification ---------------------------------------------------------------------------

namespace {

// sides^cells, or 0 when it exceeds 2^63.
std::uint64_t board_count(std::size_t cells, int sides) {
  std::uint64_t count = 1;
  for (std::size_t i = 0; i < cells; ++i) {
    if (count > (std::uint64_t{1} << 62) / static_cast<std::uint64_t>(sides)) return 0;
    count *= static_cast<std::uint64_t>(sides);
  }
  return count;
}

struct TaskResult {
  std::uint64_t boards = 0;
  std::uint64_t cases = 0;
  std::uint64_t failures = 0;
  std::optional<VerifyFailure> first_failure;
  std::uint64_t digest = 0;
};

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Checks one board with the given keys; records failures.
void check_board(const Strategy& strategy, const std::vector<std::uint8_t>& board,
                 std::span<const std::size_t> keys, std::vector<std::uint8_t>& scratch,
                 TaskResult& out) {
  ++out.boards;
  for (std::uint8_t cell : board) out.digest = out.digest * 31 + cell;
  for (std::size_t key : keys) {
    ++out.cases;
    scratch = board;
    Move move = strategy.move(scratch, key);
    out.digest = mix(out.digest ^ (move ? *move + 1 : 0));
    bool ok = !move || *move < board.size();
    std::size_t answer = 0;
    if (ok) {
      strategy.apply(scratch, move);
      answer = strategy.answer(scratch);
      ok = answer == key;
    }
    if (!ok) {
      ++out.failures;
      if (!out.first_failure) out.first_failure = VerifyFailure{board, key, move, answer};
    }
  }
}

}  // namespace

VerifyResult verify(const Strategy& strategy, const VerifyOptions& options) {
  const std::size_t n = strategy.cells();
  const int sides = strategy.rules().sides;
  VerifyResult result;
  result.cells = n;
  std::uint64_t boards = board_count(n, sides);
  std::uint64_t exhaustive_cases =
      boards == 0 || boards > kForcedExhaustiveLimit ? 0 : boards * static_cast<std::uint64_t>(n);
  bool exhaustive =
      exhaustive_cases != 0 && (exhaustive_cases <= kExhaustiveLimit ||
                                (options.force && exhaustive_cases <= kForcedExhaustiveLimit));
  result.exhaustive = exhaustive;

  std::vector<std::size_t> all_keys(n <= 64 || exhaustive ? n : 0);
  for (std::size_t k = 0; k < all_keys.size(); ++k) all_keys[k] = k;

  const std::uint64_t total = exhaustive ? boards : options.samples;
  if (!exhaustive) {
    // Each case copies the board and reads its syndrome twice: about 3n cell visits.
    std::uint64_t keys_per_board = n <= 64 ? n : 1;
    double work = 3.0 * static_cast<double>(options.samples) * static_cast<double>(n) *
                  static_cast<double>(keys_per_board);
    if (work > kSampleWorkLimit && !options.force) {
      throw InputError(fmt::format(
          "verify: {} samples of {} cells is about {:.1e} cell visits; use fewer --samples or "
          "--force",
          options.samples, n, work));
    }
  }
  const std::uint64_t per_task = exhaustive ? std::max<std::uint64_t>(1, boards / 256) : 16;
  const std::uint64_t tasks = (total + per_task - 1) / per_task;
  Progress progress("verify", total, options.progress);

  // The tasks run in blocks of at most kTaskBlock, each block's results combined in task order
  // before the next starts: the same results as one pass, but the result slots stay a few MB
  // however many samples are asked for (2e8 samples are 1.25e7 tasks).
  constexpr std::uint64_t kTaskBlock = 1 << 16;
  std::vector<TaskResult> slots;
  for (std::uint64_t block = 0; block < tasks; block += kTaskBlock) {
    slots.assign(std::min(kTaskBlock, tasks - block), TaskResult{});
    parallel_for(slots.size(), options.threads, [&](std::size_t slot) {
      std::uint64_t t = block + slot;
      if (cancel_requested()) {
        throw_if_cancelled(
            fmt::format("verify stopped after {} of {} boards", progress.done(), total));
      }
      std::uint64_t first = t * per_task;
      std::uint64_t last = std::min(total, first + per_task);
      std::vector<std::uint8_t> board(n), scratch(n);
      TaskResult& out = slots[slot];
      std::mt19937_64 rng(mix(options.seed ^ mix(t)));
      std::uniform_int_distribution<int> face(0, sides - 1);
      for (std::uint64_t b = first; b < last; ++b) {
        if (exhaustive) {
          // Board number b: cell i is digit i of b in base `sides` (bit i for coins).
          std::uint64_t rest = b;
          for (std::size_t i = 0; i < n; ++i) {
            board[i] = static_cast<std::uint8_t>(rest % static_cast<std::uint64_t>(sides));
            rest /= static_cast<std::uint64_t>(sides);
          }
          check_board(strategy, board, all_keys, scratch, out);
        } else {
          if (sides == 2) {
            for (std::size_t i = 0; i < n; i += 64) {
              std::uint64_t bits = rng();
              for (std::size_t j = i; j < std::min(n, i + 64); ++j) {
                board[j] = static_cast<std::uint8_t>((bits >> (j - i)) & 1u);
              }
            }
          } else {
            for (auto& cell : board) cell = static_cast<std::uint8_t>(face(rng));
          }
          if (!all_keys.empty()) {
            check_board(strategy, board, all_keys, scratch, out);
          } else {
            std::size_t key = static_cast<std::size_t>(rng() % n);
            check_board(strategy, board, std::span<const std::size_t>(&key, 1), scratch, out);
          }
        }
      }
      progress.advance(last - first);
    });

    for (auto& slot : slots) {
      result.boards += slot.boards;
      result.cases += slot.cases;
      result.failures += slot.failures;
      result.digest = mix(result.digest ^ slot.digest);
      if (!result.first_failure && slot.first_failure) result.first_failure = slot.first_failure;
    }
  }
  return result;
}

}  // namespace manyworlds::escape
