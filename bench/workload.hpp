#pragma once
// Deterministic "busy" fields for benchmarks (bench/tetris_bench.cpp, `manyworlds bench`):
// ragged stacks 3 to 12 rows high with holes and overhangs, no full rows.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"

namespace manyworlds::tetris {

inline std::vector<Field> busy_fields(std::size_t count, std::uint64_t seed) {
  std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&s] {  // splitmix64
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::vector<Field> fields;
  while (fields.size() < count) {
    Field f;
    int base = 3 + int(next() % 10);
    for (int x = 0; x < kWidth; ++x) {
      int h = std::max(0, base - 3 + int(next() % 6));
      for (int y = 0; y < h && y < kMaxHeight; ++y) {
        if (next() % 100 < 85) f.set(x, y);
      }
      if (next() % 4 == 0 && h + 2 < kMaxHeight) f.set(x, h + 1);  // an overhang
    }
    f.clear_lines();
    if (f.height() >= 3) fields.push_back(f);
  }
  return fields;
}

}  // namespace manyworlds::tetris
