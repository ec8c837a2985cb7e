// The perfect-clear percent against solution-finder's own numbers: the 2 x 1000 single-sequence
// cases of its test resources (tests/data/tetris/usecase/{hold1,nohold1}.csv,
// "percent -t FUMEN -p SEQ -c N [--hold no]",success,total) and the 2 x 1000 with patterns
// ({hold2,nohold2}.csv, same format), the optimized method (the seed's
// two passes) against the direct search, and thread counts. The 22 cases of cases.tsv run
// through the command line in tests/cli/tetris_percent_cli_test.cpp.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "tetris/percent_expect.hpp"

namespace manyworlds::tetris {
namespace {

struct UseCase {
  std::string fumen;
  std::string sequence;
  int clear_line = 4;
  bool hold = true;
  int success = 0;
  int total = 0;
};

std::vector<UseCase> load_usecases(const std::string& name) {
  std::ifstream in(std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/usecase/" + name);
  std::vector<UseCase> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("\"percent", 0) != 0) continue;
    std::size_t close = line.find('"', 1);
    std::istringstream args(line.substr(1, close - 1));
    UseCase c;
    std::string word;
    args >> word;  // percent
    while (args >> word) {
      if (word == "-t") args >> c.fumen;
      if (word == "-p") args >> c.sequence;
      if (word == "-c") args >> c.clear_line;
      if (word == "--hold") {
        args >> word;
        c.hold = word != "no";
      }
    }
    std::sscanf(line.c_str() + close + 1, ",%d,%d", &c.success, &c.total);
    out.push_back(c);
  }
  return out;
}

PercentResult run(const UseCase& c, PercentMethod method, unsigned threads = 1) {
  PercentOptions o;
  o.clear_line = c.clear_line;
  o.use_hold = c.hold;
  o.method = method;
  o.threads = threads;
  Field field = fumen::decode_page(c.fumen, 1).merged();
  return percent(field, parse_patterns(c.sequence), o);
}

// Every `stride`-th case of a file (all of them with stride 1), by both methods.
void check_usecases(const std::string& file, std::size_t stride, bool direct) {
  auto cases = load_usecases(file);
  ASSERT_EQ(cases.size(), 1000u) << file;
  for (std::size_t i = 0; i < cases.size(); i += stride) {
    const UseCase& c = cases[i];
    PercentResult r = run(c, PercentMethod::Optimized);
    ASSERT_EQ(r.successes, std::uint64_t(c.success))
        << file << " case " << i + 1 << ": " << c.fumen << " " << c.sequence;
    ASSERT_EQ(r.total, std::uint64_t(c.total));
    if (direct) {
      EXPECT_EQ(run(c, PercentMethod::Direct).successes, std::uint64_t(c.success))
          << file << " case " << i + 1;
    }
  }
}

TEST(PercentUseCase, EveryFiftiethHoldCaseBothMethods) {
  check_usecases("hold1.csv", 50, true);
}
TEST(PercentUseCase, EveryFiftiethNoHoldCaseBothMethods) {
  check_usecases("nohold1.csv", 50, true);
}
TEST(PercentUseCaseSlow, AllHoldCases) {
  check_usecases("hold1.csv", 1, false);
}
TEST(PercentUseCaseSlow, AllNoHoldCases) {
  check_usecases("nohold1.csv", 1, false);
}
// The CSV resources with patterns (I,S,*p7 and the like): every case.
TEST(PercentUseCaseSlow, AllHoldPatternCases) {
  check_usecases("hold2.csv", 1, false);
}
TEST(PercentUseCaseSlow, AllNoHoldPatternCases) {
  check_usecases("nohold2.csv", 1, false);
}

// sfinder's PCO case (cases.tsv noKicks_srs: 514/840), both methods, 1 and 3 threads.
TEST(Percent, PcoMethodsAndThreadsAgree) {
  Field f = Field::parse("XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X");
  auto patterns = parse_patterns("*p4");
  for (auto method : {PercentMethod::Optimized, PercentMethod::Direct}) {
    for (unsigned threads : {1u, 3u}) {
      PercentOptions o;
      o.method = method;
      o.threads = threads;
      PercentResult r = percent(f, patterns, o);
      EXPECT_EQ(r.successes, 514u);
      EXPECT_EQ(r.total, 840u);
      EXPECT_EQ(r.need, 3);
      EXPECT_EQ(r.pop, 4);
    }
  }
}

// sfinder's count_pattern1 field (cases.tsv: 4374/5040 with hold): the optimized method's
// threads share one field graph and take the sequences by their last piece, so the result
// (count, tree, every failed sequence in order) must not depend on their number, with or
// without hold, and must equal the direct method's.
TEST(Percent, SharedGraphThreadsAgreeWithTheDirectMethod) {
  Field f = Field::parse("_______XXX/________XX/XX____XXXX/XX_____XXX");
  auto patterns = parse_patterns("*p7");
  for (bool hold : {true, false}) {
    PercentOptions o;
    o.use_hold = hold;
    o.tree_depth = 3;
    o.failed_limit = -1;
    o.method = PercentMethod::Direct;
    o.threads = 1;
    PercentResult expected = percent(f, patterns, o);
    if (hold) {
      EXPECT_EQ(expected.successes, 4374u);
    }
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
      o.method = PercentMethod::Optimized;
      o.threads = threads;
      expect_same(percent(f, patterns, o), expected,
                  std::to_string(threads) + " threads, hold " + std::to_string(hold));
    }
  }
}

// The shared field graph dropped and rebuilt whenever a chunk of work starts (a budget of 1
// byte): the optimized method's and the prefix engine's threads then drop what they keep of
// the old field ids, and every result must stay the direct method's.
TEST(Percent, GraphResetsKeepResults) {
  Field f = Field::parse("_______XXX/________XX/XX____XXXX/XX_____XXX");
  auto patterns = parse_patterns("*p7");
  for (bool hold : {true, false}) {
    PercentOptions o;
    o.use_hold = hold;
    o.failed_limit = -1;
    o.method = PercentMethod::Direct;
    PercentResult expected = percent(f, patterns, o);
    o.graph_budget = 1;
    for (auto method : {PercentMethod::Optimized, PercentMethod::Prefix}) {
      for (unsigned threads : {1u, 3u}) {
        o.method = method;
        o.threads = threads;
        PercentResult r = percent(f, patterns, o);
        EXPECT_EQ(r.successes, expected.successes)
            << method_name(method) << ", " << threads << " threads, hold " << hold;
        EXPECT_EQ(r.failed, expected.failed);
      }
    }
  }
}

// Eleven pieces with hold: the optimized method's memo keys a queue whose code needs more than
// 32 bits (here those ending in O) in its wide table and the others in its narrow one; both
// must agree with the direct method. An 8-row well 5 columns wide needs 10 pieces.
TEST(Percent, LongQueuesAgreeWithTheDirectMethod) {
  std::string rows;
  for (int y = 0; y < 8; ++y) rows += y ? "/XXXXX_____" : "XXXXX_____";
  Field f = Field::parse(rows);
  auto patterns = parse_patterns("[IOL]p2,I,I,I,I,I,I,I,[IO]p2");
  PercentOptions o;
  o.clear_line = 8;
  o.failed_limit = -1;
  o.method = PercentMethod::Direct;
  PercentResult expected = percent(f, patterns, o);
  EXPECT_EQ(expected.pop, 11);
  EXPECT_GT(expected.successes, 0u);
  EXPECT_LT(expected.successes, expected.total);
  for (unsigned threads : {1u, 2u}) {
    o.method = PercentMethod::Optimized;
    o.threads = threads;
    PercentResult r = percent(f, patterns, o);
    EXPECT_EQ(r.successes, expected.successes) << threads << " threads";
    EXPECT_EQ(r.failed, expected.failed);
  }
}

// Auto: the prefix engine for a large pattern (above 20,000 sequences with repeats), but not for
// a long list of patterns (a patterns file of single sequences grows its automaton): 64 copies of
// `*,*,*,*` (153,664 sequences) go to the prefix engine, 65 to the optimized method; both count
// the same 2401 distinct sequences on the PCO field.
TEST(Percent, AutoPicksByTheNumberOfPatterns) {
  Field f = Field::parse("XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X");
  std::vector<std::uint64_t> successes;
  for (std::size_t copies : {kAutoPrefixMaxPatterns, kAutoPrefixMaxPatterns + 1}) {
    std::string text;
    for (std::size_t i = 0; i < copies; ++i) text += "*,*,*,*\n";
    auto patterns = parse_patterns(text);
    ASSERT_EQ(patterns.size(), copies);
    PercentResult r = percent(f, patterns, PercentOptions{});
    EXPECT_EQ(r.method,
              copies <= kAutoPrefixMaxPatterns ? PercentMethod::Prefix : PercentMethod::Optimized);
    EXPECT_EQ(r.total, 2401u);
    successes.push_back(r.successes);
  }
  EXPECT_EQ(successes[0], successes[1]);
  // Without hold, the prefix engine whatever the size.
  PercentOptions no_hold;
  no_hold.use_hold = false;
  EXPECT_EQ(percent(f, parse_patterns("*p4"), no_hold).method, PercentMethod::Prefix);
}

// The per-sequence results agree between the methods, not only the counts (cases.tsv
// community_PCO_Ihold field, I,*p4: 711/840).
TEST(Percent, MethodsAgreeSequenceBySequence) {
  Field f = Field::parse("XXXXX_____/XXXXXX____/XXXXXXX___/XXXXXX____");
  auto patterns = parse_patterns("I,*p4");
  PercentOptions o;
  o.failed_limit = -1;
  o.tree_depth = 5;
  o.method = PercentMethod::Optimized;
  PercentResult a = percent(f, patterns, o);
  o.method = PercentMethod::Direct;
  PercentResult b = percent(f, patterns, o);
  EXPECT_EQ(a.successes, 711u);
  EXPECT_EQ(a.failed.size(), 840u - 711u);
  expect_same(a, b, "optimized against direct");
}

TEST(Percent, BadInputs) {
  PercentOptions o;
  // One row with 9 empty cells: not a multiple of 4.
  EXPECT_THROW(percent(Field::parse("X_________"), parse_patterns("*p7"),
                       [] {
                         PercentOptions p;
                         p.clear_line = 1;
                         return p;
                       }()),
               InputError);
  // The PCO field needs 3 pieces; a pattern of 2 is too short.
  EXPECT_THROW(percent(Field::parse("XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X"),
                       parse_patterns("*p2"), o),
               InputError);
  EXPECT_THROW(prepare_clear_area(Field(), 0), InputError);
}

TEST(Percent, ClearAreaDropsFullRowsFirst) {
  // cases.tsv count_pattern6_lineclear: a full row inside the 4 lines is cleared first.
  ClearArea a = prepare_clear_area(Field::parse("XXXXX_____/XXXXXXXXXX/XXXXXXX___/XXXXXX____"), 4);
  EXPECT_EQ(a.height, 3);
  EXPECT_EQ(a.need, 3);
}

}  // namespace
}  // namespace manyworlds::tetris
