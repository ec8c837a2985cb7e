#pragma once
// `manyworlds escape` as calls: each verb's request as the command line gives it, its answer as
// a value with its text and JSON forms (core/render.hpp). Boards, keys and mode files are read,
// and boards and colourings written (atomically), by these calls.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::escape {

// Boards larger than this are not drawn unless asked to.
inline constexpr std::size_t kDrawLimit = 1024;

// The rules and the strategy, as the options give them.
struct StrategyRequest {
  StrategyKind kind = StrategyKind::Auto;
  bool allow_no_flip = false;
  int dice = 0;  // 0: coins
  Rules rules() const { return {dice == 0 ? 2 : dice, allow_no_flip}; }
};

// How the prisoners' boards are named and drawn.
struct ShowRequest {
  Naming naming = Naming::Auto;
  bool show_board = false;  // draw boards of more than kDrawLimit cells too
};

// A board from a file (`-` for standard input) or inline: exactly one of the two.
struct BoardRequest {
  std::string board_file;
  std::string cells;
  ShowRequest show;
  StrategyRequest strategy;
};

// flip: prisoner 1; the board after the move is written back (`write`) or to `output`.
struct FlipRequest {
  BoardRequest board;
  std::string key;
  bool write = false;
  std::string output;
};

// run: the seed's folder of board.txt, key.txt and mode.txt.
struct RunRequest {
  std::string dir;
  bool dry_run = false;  // prisoner 1 does not rewrite board.txt
  ShowRequest show;
  StrategyRequest strategy;
};

// What a prisoner did on one board.
struct PrisonerReport {
  int prisoner = 1;  // 1: flips (or turns) a cell; 2: reads the key
  int sides = 2;
  std::string strategy;  // its name
  StrategyKind kind = StrategyKind::Xor;
  CellNames names;
  bool show_board = false;
  Board board;  // as given
  std::size_t syndrome = 0;
  std::size_t answer = 0;               // prisoner 2's answer (after prisoner 1's move)
  std::optional<std::uint64_t> vertex;  // the seed's vertex index (coins, <= 64 cells)
  // Prisoner 1 only.
  std::size_t key = 0;
  Move move;
  Board after;
  std::size_t syndrome_after = 0;
  std::optional<std::uint64_t> vertex_after;
  std::string written;  // the file the board after the move went to, or empty
};

// Prisoner 1 (flip), prisoner 2 (find), or the one mode.txt names (run). InputError for bad
// boards, keys and files, UsageError for contradictory options.
PrisonerReport flip(const FlipRequest& request);
PrisonerReport find(const BoardRequest& request);
PrisonerReport run(const RunRequest& request);

// verify: a strategy on every board and key, or on random boards.
struct VerifyRequest {
  int size = 0;
  StrategyRequest strategy;
  VerifyOptions options;
};

struct VerifyReport {
  std::string strategy;    // its name
  StrategyRequest choice;  // the rules as asked for (--dice as given)
  VerifyOptions options;
  VerifyResult result;
  double seconds = 0;  // wall time of the check
};
// A strategy that fails is reported, then the run fails (exit code 1): see failure().
VerifyReport verify(const VerifyRequest& request);
// The error line for a report with failures, else empty.
std::string failure(const VerifyReport& report);

// color: the seed's colouring search, or the proof that no colouring exists; with
// allow_no_flip, the dominating variant.
struct ColorRequest {
  int size = 0;
  std::string method = "fast";  // fast, or seed (the straight port)
  bool allow_no_flip = false;
  bool print = false;  // list the colouring
  std::string output;  // write the colouring to this file
};

// The colouring the seed's search found (n a power of two), checked.
struct SearchedColoring {
  std::string method;
  ColoringResult result;
  bool verified = false;        // passed is_perfect_coloring (else the call throws)
  std::size_t same_as_xor = 0;  // boards coloured as the xor strategy colours them
  double seconds = 0;
};

struct ColorReport {
  int size = 0;
  bool print = false;
  std::string written;  // the file the colouring went to, or empty
  std::variant<SearchedColoring, ImpossibilityProof, AllowNoFlipAnswer> answer;
};
ColorReport color(const ColorRequest& request);

// count: the number of valid colourings.
struct CountRequest {
  int size = 0;
  CountOptions options;
};

struct CountReport {
  int size = 0;
  std::optional<CountResult> count;  // when counted by searching both halves
  std::string counting_argument;     // else the argument that rules every colouring out
  double seconds = 0;
};
CountReport count(const CountRequest& request);

void write_text(fmt::memory_buffer& out, const PrisonerReport& report);
void to_json(Json& out, const PrisonerReport& report);
void write_text(fmt::memory_buffer& out, const VerifyReport& report);
void to_json(Json& out, const VerifyReport& report);
void write_text(fmt::memory_buffer& out, const ColorReport& report);
void to_json(Json& out, const ColorReport& report);
void write_text(fmt::memory_buffer& out, const CountReport& report);
void to_json(Json& out, const CountReport& report);

}  // namespace manyworlds::escape
