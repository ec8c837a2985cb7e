// libFuzzer target for the cards parsers: card sequences and start states, then check and play
// on what they accept. Only InputError (bad input) is expected; anything else is a bug.
//
// Input: a start state on the first line, a sequence on the rest.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace manyworlds;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t newline = text.find('\n');
  std::string_view start_text = text.substr(0, newline);
  std::string_view sequence_text =
      newline == std::string_view::npos ? "" : text.substr(newline + 1);
  try {
    cards::Sequence s = cards::parse_sequence(sequence_text);
    int highest = 0;
    for (cards::Card c : s) highest = std::max(highest, c + 1);
    // check keeps 2^N bits: stay small so that each run is quick.
    if (highest >= 1 && highest <= 16) {
      cards::CheckResult r = cards::check(s, highest, 8);
      if (r.works != (r.unsolved_count == 0)) __builtin_trap();
    }
  } catch (const InputError&) {
  }
  try {
    cards::StartState start = cards::parse_start(start_text);
    if (cards::format_state(start.state, start.cards).size() !=
        static_cast<std::size_t>(start.cards)) {
      __builtin_trap();
    }
    cards::Sequence s = cards::parse_sequence(sequence_text);
    cards::PlayResult r = cards::play(s, start.cards, start.state);
    if (r.steps.size() != s.size() + 1) __builtin_trap();
  } catch (const InputError&) {
  }
  return 0;
}
