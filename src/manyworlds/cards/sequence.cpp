// Card sequences and start states as text; checking a sequence and playing it on one start.

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"

namespace manyworlds::cards {
namespace {

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r';
}

// Shortens a token for an error message so that a huge bad token stays one short line.
std::string shown(std::string_view token) {
  if (token.size() <= 20) return std::string(token);
  return fmt::format("{}...", token.substr(0, 20));
}

// `text` without surrounding white space and one optional pair of brackets.
std::string_view strip_brackets(std::string_view text, std::string_view what) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  bool open = !text.empty() && text.front() == '[';
  bool close = !text.empty() && text.back() == ']';
  if (open != close || (open && text.size() == 1)) {
    throw InputError(fmt::format("{}: unbalanced brackets", what));
  }
  if (open) text = text.substr(1, text.size() - 2);
  if (text.find_first_of("[]") != std::string_view::npos) {
    throw InputError(fmt::format("{}: unexpected bracket inside", what));
  }
  return text;
}

}  // namespace

Sequence parse_sequence(std::string_view text) {
  text = strip_brackets(text, "sequence");
  Sequence sequence;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_separator(text[end])) ++end;
    std::string_view token = text.substr(i, end - i);
    unsigned value = 0;
    bool digits = true;
    for (char c : token) {
      if (c < '0' || c > '9') {
        digits = false;
        break;
      }
      value = std::min(value * 10 + static_cast<unsigned>(c - '0'), 1000u);
    }
    if (!digits) {
      throw InputError(fmt::format("sequence: '{}' (instruction {}) is not a card number",
                                   shown(token), sequence.size() + 1));
    }
    if (value >= static_cast<unsigned>(kMaxCards)) {
      throw InputError(fmt::format("sequence: card {} (instruction {}) is out of range 0..{}",
                                   shown(token), sequence.size() + 1, kMaxCards - 1));
    }
    sequence.push_back(static_cast<Card>(value));
    i = end;
  }
  return sequence;
}

StartState parse_start(std::string_view text) {
  std::string_view inner = strip_brackets(text, "start state");
  StartState start;
  for (char c : inner) {
    if (c == ',' || c == ' ' || c == '\t') continue;
    if (c != '0' && c != '1') {
      throw InputError(fmt::format(
          "start state: '{}' is not a card state (use 0 for face down, 1 for face up, e.g. 0110)",
          shown(text)));
    }
    if (start.cards == kMaxCards) {
      throw InputError(fmt::format("start state: more than {} cards", kMaxCards));
    }
    if (c == '1') start.state |= State{1} << start.cards;
    ++start.cards;
  }
  if (start.cards == 0) throw InputError("start state: empty (e.g. 0110 for four cards)");
  return start;
}

std::string format_state(State state, int cards) {
  std::string text(static_cast<std::size_t>(cards), '0');
  for (int c = 0; c < cards; ++c) {
    if ((state >> c) & 1) text[static_cast<std::size_t>(c)] = '1';
  }
  return text;
}

void validate(std::span<const Card> sequence, int cards) {
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    if (sequence[i] >= cards) {
      throw InputError(fmt::format(
          "sequence: instruction {} flips card {}, but with {} card{} the cards are 0..{}", i + 1,
          sequence[i], cards, cards == 1 ? "" : "s", cards - 1));
    }
  }
}

std::string format_sequence(std::span<const Card> sequence, Format format) {
  std::string text;
  text.reserve(sequence.size() * 3 + 3);
  if (format == Format::Numpy) text += '[';
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    if (i > 0) text += ' ';
    if (sequence[i] >= 10) text += static_cast<char>('0' + sequence[i] / 10);  // below 64
    text += static_cast<char>('0' + sequence[i] % 10);
  }
  if (format == Format::Numpy) text += "] ";
  return text;
}

CheckResult check(std::span<const Card> sequence, int cards, std::size_t max_listed) {
  if (cards < 1 || cards > kMaxCheckCards) {
    throw InputError(
        fmt::format("check: the number of cards must be 1..{} (it keeps one bit "
                    "per start state, 2^N bits), not {}",
                    kMaxCheckCards, cards));
  }
  validate(sequence, cards);
  std::uint64_t states = std::uint64_t{1} << cards;
  std::vector<std::uint64_t> reached((states + 63) / 64, 0);
  CheckResult result;
  result.cards = cards;
  result.length = sequence.size();
  State at = 0;
  reached[0] = 1;
  std::uint64_t distinct = 1;
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    at ^= State{1} << sequence[i];
    std::uint64_t& word = reached[at / 64];
    std::uint64_t bit = std::uint64_t{1} << (at % 64);
    if (word & bit) {
      if (result.first_repeat == 0) result.first_repeat = i + 1;
    } else {
      word |= bit;
      ++distinct;
    }
  }
  result.unsolved_count = states - distinct;
  result.works = result.unsolved_count == 0;
  result.minimal = result.works && sequence.size() == minimal_length(cards);
  for (std::size_t w = 0; w < reached.size() && result.unsolved.size() < max_listed; ++w) {
    std::uint64_t missing = ~reached[w];
    if (states < 64) missing &= (std::uint64_t{1} << states) - 1;
    while (missing != 0 && result.unsolved.size() < max_listed) {
      result.unsolved.push_back(w * 64 + static_cast<State>(std::countr_zero(missing)));
      missing &= missing - 1;
    }
  }
  return result;
}

PlayResult play(std::span<const Card> sequence, int cards, State start) {
  validate(sequence, cards);
  PlayResult result;
  result.cards = cards;
  result.steps.reserve(sequence.size() + 1);
  State at = start;
  result.steps.push_back({0, -1, at});
  if (at == 0) result.all_down_at = 0;
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    at ^= State{1} << sequence[i];
    result.steps.push_back({i + 1, sequence[i], at});
    if (at == 0 && result.all_down_at < 0) result.all_down_at = static_cast<std::int64_t>(i + 1);
  }
  return result;
}

}  // namespace manyworlds::cards
