// libFuzzer target: sfinder's inputs (tetris/sfinder/options.hpp, inputs.hpp,
// util_seq.hpp). The first byte picks the parser, the rest is its input: a fumen comment,
// a command line (one argument per line), a field file, pattern lines, count equations, or a
// util seq run (mode byte, then patterns) whose estimated output is small.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/util_seq.hpp"

namespace sf = manyworlds::tetris::sfinder;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<std::string> lines = sf::java_lines(text);
  try {
    switch (data[0] % 7) {
      case 0:
        (void)sf::parse_comment(text);
        break;
      case 1: {
        (void)sf::parse_options(sf::percent_options(), lines);
        for (const std::string& a : lines) (void)sf::match_option(sf::seq_options(), a, true);
        break;
      }
      case 2:
        (void)sf::parse_field_file(text, "fuzz", 1);
        break;
      case 3:
        (void)sf::parse_pattern_lines(lines);
        break;
      case 4:
        (void)sf::parse_count_equations(lines);
        break;
      case 5: {
        sf::SeqOptions o;
        o.mode = sf::SeqMode(data[0] / 7 % 4);
        o.head_hold = data[0] & 0x80;
        o.patterns = lines;
        if (sf::estimate_sequences(o) <= 20000) {
          std::size_t n = 0;
          sf::expand_sequences(o, [&](std::string_view s) { n += s.size(); });
        }
        break;
      }
      case 6:
        (void)sf::java_percent(double(size), double(data[0]));
        (void)sf::java_int(text);
        (void)sf::java_split(text, ';');
        break;
    }
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
