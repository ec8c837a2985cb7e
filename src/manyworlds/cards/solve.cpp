// One minimal sequence for any number of cards: the seed's recursive construction, and the
// same sequence streamed as text without building it.

#include <fmt/format.h>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"

namespace manyworlds::cards {
namespace {

void check_solve_cards(int cards) {
  if (cards < 1 || cards > kMaxSolveCards) {
    throw InputError(
        fmt::format("solve: the number of cards must be 1..{}, not {}", kMaxSolveCards, cards));
  }
}

int digits(int card) {
  return card < 10 ? 1 : 2;
}

// The text of S(cards), instructions separated by spaces, no brackets or line end.
std::string plain_text(int cards) {
  std::string text;
  std::uint64_t length = minimal_length(cards);
  text.reserve(length * 3);
  for (std::uint64_t k = 1; k <= length; ++k) {
    if (k > 1) text += ' ';
    int card = solution_card(k);
    if (card >= 10) text += static_cast<char>('0' + card / 10);
    text += static_cast<char>('0' + card % 10);
  }
  return text;
}

}  // namespace

Sequence recursive_solution(int cards) {
  check_solve_cards(cards);
  Sequence s{0};
  for (int n = 2; n <= cards; ++n) {
    Sequence next = s;
    next.push_back(static_cast<Card>(n - 1));
    next.insert(next.end(), s.begin(), s.end());
    s = std::move(next);
  }
  return s;
}

std::uint64_t solution_text_size(int cards, Format format) {
  check_solve_cards(cards);
  // Card c appears 2^(cards-1-c) times; one space between instructions; then the brackets and
  // the line end. Saturates at 2^64 - 1 (only reached beyond 60 cards).
  __extension__ using Wide = unsigned __int128;
  Wide bytes = 0;
  for (int c = 0; c < cards; ++c) bytes += static_cast<Wide>(digits(c)) << (cards - 1 - c);
  bytes += minimal_length(cards) - 1;  // spaces
  bytes += 1;                          // line end
  if (format == Format::Numpy) bytes += 3;
  return bytes > ~std::uint64_t{0} ? ~std::uint64_t{0} : static_cast<std::uint64_t>(bytes);
}

void write_solution(int cards, Format format, const std::function<void(std::string_view)>& sink,
                    std::size_t chunk) {
  check_solve_cards(cards);
  // S(cards) is S(b) between the instructions b + ctz(j), j = 1 .. 2^(cards-b) - 1, where
  // S(b) is a block of at most 2^16 - 1 instructions written once.
  int b = std::min(cards, 16);
  const std::string block = plain_text(b);
  std::string buffer;
  buffer.reserve(chunk + block.size() + 8);
  auto flush_if_full = [&] {
    if (buffer.size() >= chunk) {
      sink(buffer);
      buffer.clear();
    }
  };
  if (format == Format::Numpy) buffer += '[';
  buffer += block;
  std::uint64_t blocks = std::uint64_t{1} << (cards - b);
  for (std::uint64_t j = 1; j < blocks; ++j) {
    if ((j & 0xfff) == 0)
      throw_if_cancelled(fmt::format("solve: stopped after block {} of {}", j, blocks));
    int card = b + solution_card(j);
    buffer += ' ';
    if (card >= 10) buffer += static_cast<char>('0' + card / 10);
    buffer += static_cast<char>('0' + card % 10);
    buffer += ' ';
    if (buffer.size() + block.size() >= chunk) {
      sink(buffer);
      buffer.clear();
      sink(block);
    } else {
      buffer += block;
    }
  }
  if (format == Format::Numpy) buffer += "] ";
  buffer += '\n';
  flush_if_full();
  if (!buffer.empty()) sink(buffer);
}

}  // namespace manyworlds::cards
