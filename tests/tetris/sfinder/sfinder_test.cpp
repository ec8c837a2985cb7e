// sfinder's conventions (tetris/sfinder/options.hpp, inputs.hpp, util_seq.hpp):
// commons-cli's option forms, Java's conversions, fumen comments, pattern lines, and util seq's
// orders, checked against what sfinder 1.43 and Java 17 do (values noted beside each) and, for
// util seq's hold expansions, against an independent simulation of the hold slot (hold.hpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/hold.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"
#include "manyworlds/tetris/sfinder/util_seq.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// Java 17: String.format("%.2f", (double) s / t * 100) for each pair (run with `java P.java`).
TEST(SfinderJava, PercentAsJavaPrintsIt) {
  struct Row {
    double s, t;
    const char* java;
  };
  for (const Row& r :
       {Row{1, 32, "3.13"}, Row{17, 32, "53.13"}, Row{514, 840, "61.19"}, Row{0, 1, "0.00"},
        Row{1, 1, "100.00"}, Row{5032, 5040, "99.84"}, Row{2, 3, "66.67"}, Row{1, 8, "12.50"},
        Row{19999, 20000, "100.00"}, Row{1, 3, "33.33"}, Row{199999, 200000, "100.00"},
        Row{1, 200, "0.50"}, Row{1, 40, "2.50"}, Row{7, 40, "17.50"}, Row{3, 80, "3.75"}}) {
    EXPECT_EQ(java_percent(r.s, r.t), r.java) << r.s << "/" << r.t;
  }
  EXPECT_EQ(java_percent(0, 0), "NaN");
}

TEST(SfinderJava, Conversions) {
  EXPECT_EQ(java_int("+5"), 5);
  EXPECT_EQ(java_int("-0"), 0);
  EXPECT_EQ(java_int("007"), 7);
  EXPECT_EQ(java_int("-2147483648"), -2147483647 - 1);
  EXPECT_EQ(java_int("2147483648"), std::nullopt);
  for (const char* bad : {"", " 1", "1.5", "1e3", "-", "x", "１"}) {
    EXPECT_EQ(java_int(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(java_bool("USE"), true);
  EXPECT_EQ(java_bool("Hidden"), false);
  EXPECT_EQ(java_bool("maybe"), std::nullopt);
  EXPECT_EQ(java_split("a;b;", ';'), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(java_split(";a", ';'), (std::vector<std::string>{"", "a"}));
  EXPECT_EQ(java_split("", ';'), (std::vector<std::string>{""}));
  EXPECT_EQ(java_split(";;", ';'), (std::vector<std::string>{}));
  EXPECT_EQ(java_lines("a\r\nb\rc\n"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(java_lines("a\n\n"), (std::vector<std::string>{"a", ""}));
  EXPECT_EQ(java_lines(""), (std::vector<std::string>{}));
  EXPECT_EQ(java_trim("\t x \n"), "x");
}

// commons-cli 1.5 DefaultParser's forms, for sfinder's percent table.
TEST(SfinderOptions, MatchOption) {
  auto specs = percent_options();
  struct Row {
    const char* arg;
    const char* long_name;  // nullptr: not an option of the table
    std::optional<std::string> value;
  };
  const std::vector<Row> rows = {
      {"-fc", "failed-count", std::nullopt},
      {"--failed-count", "failed-count", std::nullopt},
      {"-failed-count", "failed-count", std::nullopt},
      {"--fail", "failed-count", std::nullopt},
      {"--failed-count=3", "failed-count", "3"},
      {"-failed-count=3", "failed-count", "3"},
      {"-c4", "clear-line", "4"},
      {"-c=4", "clear-line", "4"},
      {"-pp", "patterns-path", std::nullopt},
      {"-ppx", "patterns", "px"},  // a cluster: -p with the value "px", as commons-cli reads it
      {"-tv115@x", "tetfu", "v115@x"},
      {"-th=1", "threads", "1"},         // "th" is a prefix of "threads"
      {"-fc=0", nullptr, std::nullopt},  // commons-cli rejects it (accepted when lenient)
      {"--fc", nullptr, std::nullopt},   // no long name starts with "fc" (lenient: ours)
      {"-x", nullptr, std::nullopt},
      {"--json", nullptr, std::nullopt},
      {"-", nullptr, std::nullopt},
      {"--", nullptr, std::nullopt},
      {"x", nullptr, std::nullopt},
  };
  for (const Row& r : rows) {
    OptionMatch m = match_option(specs, r.arg);
    if (!r.long_name) {
      EXPECT_EQ(m.spec, nullptr) << r.arg;
      continue;
    }
    ASSERT_NE(m.spec, nullptr) << r.arg;
    EXPECT_EQ(m.spec->long_name, r.long_name) << r.arg;
    EXPECT_EQ(m.value, r.value) << r.arg;
  }
  EXPECT_EQ(match_option(specs, "--fc", true).spec->long_name, "failed-count");
  EXPECT_EQ(match_option(specs, "-fc=0", true).value, "0");
  OptionMatch amb = match_option(specs, "--f");
  EXPECT_EQ(amb.spec, nullptr);
  EXPECT_EQ(amb.ambiguous, (std::vector<std::string_view>{"failed-count", "field-path"}));
  // "-pa": not a short name; long names starting with "pa": page, patterns, patterns-path.
  EXPECT_EQ(match_option(specs, "-pa").ambiguous.size(), 3u);
  EXPECT_TRUE(is_value("-1"));
  EXPECT_TRUE(is_value("-1.5"));
  EXPECT_TRUE(is_value("-"));
  EXPECT_TRUE(is_value("*p7"));
  EXPECT_FALSE(is_value("-td"));
  EXPECT_FALSE(is_value("--json"));
}

TEST(SfinderOptions, ParseOptions) {
  auto parse = [](std::vector<std::string> args) { return parse_options(percent_options(), args); };
  OptionValues v = parse({"-p", "*p4", "-c", "3", "-p", "I,*p3", "--clear-line", "5", "stray",
                          "-fc", "-1", "-H", "\"no\"", "-td"});
  EXPECT_EQ(v.all("patterns"), (std::vector<std::string>{"*p4", "I,*p3"}));
  EXPECT_EQ(v.first("clear-line"), "3");  // the first occurrence wins
  EXPECT_EQ(v.first("failed-count"), "-1");
  EXPECT_EQ(v.first("hold"), "no");  // a quoted value loses its quotes
  EXPECT_TRUE(v.has("tree-depth"));
  EXPECT_EQ(v.first("tree-depth"), std::nullopt);  // left out: the default
  EXPECT_FALSE(v.has("kicks"));
  // An option is never a value: -p gets none, -td is an option.
  v = parse({"-p", "-td", "1"});
  EXPECT_TRUE(v.has("patterns"));
  EXPECT_TRUE(v.all("patterns").empty());
  EXPECT_EQ(v.first("tree-depth"), "1");
  // After "--" nothing is read.
  EXPECT_FALSE(parse({"--", "-c", "3"}).has("clear-line"));
  EXPECT_THROW(parse({"-x"}), InputError);
  EXPECT_THROW(parse({"--f", "1"}), InputError);
  EXPECT_THROW(parse({"--help=1"}), InputError);
  // util seq: -p and -n take every following value, each split at spaces.
  std::vector<std::string> args = {"-p", "*p2", "T,* I", "-n", "T=1 S=0", "-e", "SZ"};
  v = parse_options(seq_options(), args);
  EXPECT_EQ(v.all("patterns"), (std::vector<std::string>{"*p2", "T,*", "I"}));
  EXPECT_EQ(v.all("num"), (std::vector<std::string>{"T=1", "S=0"}));
  EXPECT_EQ(v.first("expression"), "SZ");
}

// FumenLoader.loadComment, with sfinder 1.43's reading of each comment noted.
TEST(SfinderPercent, Comments) {
  auto c = parse_comment("4 -p T,*p7");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first("clear-line"), "4");
  EXPECT_EQ(c->first("patterns"), "T,*p7");
  c = parse_comment("日本語開始のコメント");  // no options: nothing set
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->empty());
  c = parse_comment("hello -c 3 world");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first("clear-line"), "3");
  c = parse_comment("#Q=[S](Z)I*JOT");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->all("patterns"), std::vector<std::string>{"SZI*JOT"});
  c = parse_comment("#Q=[]()");  // --patterns with no value (sfinder: "Should specify patterns")
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->has("patterns"));
  EXPECT_TRUE(c->all("patterns").empty());
  EXPECT_EQ(parse_comment("PCO -x"), std::nullopt);          // unknown option: ignored
  EXPECT_EQ(parse_comment("1ページ目: PCO"), std::nullopt);  // sfinder stops; prose here
  c = parse_comment("3");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first("clear-line"), "3");
  EXPECT_TRUE(parse_comment("   ")->empty());
}

TEST(SfinderPercent, PatternLines) {
  EXPECT_EQ(quiz_to_pattern("#Q=[S](Z)I*JOT"), "SZI*JOT");
  EXPECT_EQ(quiz_to_pattern("#Q=[](i)*p7"), "I*");  // sfinder keeps only TIOSZLJ and *
  EXPECT_EQ(parse_pattern_line("  '*p4' ")->text, "*p4");
  EXPECT_EQ(parse_pattern_line("#Q=[T](I)LJ")->text, "TILJ");
  EXPECT_EQ(parse_pattern_line("T,*p3 # a comment")->length(), 4);
  EXPECT_EQ(parse_pattern_line("# a comment"), std::nullopt);
  EXPECT_EQ(parse_pattern_line("   "), std::nullopt);
  EXPECT_THROW(parse_pattern_line("*p8"), InputError);
  EXPECT_THROW(parse_pattern_lines({"# none", ""}), InputError);
  EXPECT_THROW(parse_pattern_lines({"*p4", "T,*p4"}), InputError);
  EXPECT_EQ(parse_pattern_lines({"# c", "*p4", "", "'I,*p3'"}).size(), 2u);
}

TEST(SfinderPercent, DropAndKicks) {
  for (const char* w : {"soft", "SoftDrop", " softdrop "})
    EXPECT_EQ(placing_drop(parse_drop_type(w, "percent", DropWords::Placing)), Drop::Softdrop);
  for (const char* w : {"hard", "harddrop"})
    EXPECT_EQ(placing_drop(parse_drop_type(w, "percent", DropWords::Placing)), Drop::Harddrop);
  for (const char* w : {"180", "softdrop180"})
    EXPECT_EQ(placing_drop(parse_drop_type(w, "percent", DropWords::Placing)), Drop::Softdrop180);
  for (const char* w :
       {"tsoft", "tsoftdrop", "t-soft", "t-softdrop", "t_soft", "t_softdrop", "softdroptonly"}) {
    EXPECT_EQ(placing_drop(parse_drop_type(w, "percent", DropWords::Placing)), Drop::TSoftdrop)
        << w;
  }
  for (const char* w : {"tspin0", "softdroptonly180", "", "soft drop"}) {
    EXPECT_THROW(parse_drop_type(w, "percent", DropWords::Placing), InputError) << w;
  }
  EXPECT_EQ(drop_type_name(drop_type_of(Drop::Softdrop180)), "softdrop180");
  EXPECT_EQ(drop_type_name(drop_type_of(Drop::TSoftdrop)), "softdroptonly");
  EXPECT_EQ(load_named_kicks("Default").name, "srs");
  EXPECT_EQ(load_named_kicks("@NoKicks").name, "@nokicks");  // no kicks/ here: the built-in table
  EXPECT_EQ(load_named_kicks("@NoKicks").table.name(), "nokicks");
  EXPECT_THROW(load_named_kicks("@nosuch"), InputError);
}

// CombinationIterable and AllPermutationIterable's orders (sfinder 1.43 `util seq -p '*p2'`
// prints TI IT TL LT ...; Johnson-Trotter from the subset's order).
TEST(SfinderSeq, PatternOrder) {
  auto seqs = pattern_sequences(parse_pattern("*p2"));
  ASSERT_EQ(seqs.size(), 42u);
  EXPECT_EQ(std::vector<std::string>(seqs.begin(), seqs.begin() + 6),
            (std::vector<std::string>{"TI", "IT", "TL", "LT", "TJ", "JT"}));
  seqs = pattern_sequences(parse_pattern("*p3"));
  EXPECT_EQ(std::vector<std::string>(seqs.begin(), seqs.begin() + 6),
            (std::vector<std::string>{"TIL", "TLI", "LTI", "LIT", "ILT", "ITL"}));
  // More than half of the set: subsets listed by the pieces left out (T first).
  seqs = pattern_sequences(parse_pattern("*p6"));
  EXPECT_EQ(seqs.front(), "ILJSZO");
  EXPECT_EQ(seqs.size(), 5040u);
  EXPECT_EQ(std::set<std::string>(seqs.begin(), seqs.end()).size(), 5040u);
  seqs = pattern_sequences(parse_pattern("T,[SZ]"));
  EXPECT_EQ(seqs, (std::vector<std::string>{"TS", "TZ"}));
}

// The forward expansion against the hold slot simulated (hold::placement_orders): the same set
// of sequences, whichever way the hold starts.
TEST(SfinderSeq, ForwardIsPlayingWithHold) {
  for (const std::string input : {"TIOLJ", "TIOL", "SZT", "IOLJSZ"}) {
    std::set<std::string> simulated;
    int n = int(input.size());
    for (const auto& order : hold::placement_orders(n, n - 1)) {
      std::string s;
      for (int i : order) s += input[std::size_t(i)];
      simulated.insert(s);
    }
    for (bool head_hold : {true, false}) {
      SeqOptions o;
      o.patterns = {input};
      o.mode = SeqMode::Forward;
      o.head_hold = head_hold;
      std::set<std::string> got;
      expand_sequences(o, [&](std::string_view s) { got.insert(std::string(s)); });
      EXPECT_EQ(got, simulated) << input << " head hold " << head_hold;
    }
  }
}

// The backward expansion is forward's inverse: the sequences of n + 1 pieces (any piece at
// `*`) that can play as the pattern with hold, all of them, checked by brute force.
TEST(SfinderSeq, BackwardIsForwardsInverse) {
  const std::string target = "TIO";
  SeqOptions o;
  o.patterns = {target};
  o.mode = SeqMode::BackwardAndPass;
  std::set<std::string> got;
  expand_sequences(o, [&](std::string_view s) { got.insert(std::string(s)); });
  std::set<std::string> brute;
  const std::string letters = "TILJSZO";
  for (int code = 0; code < 7 * 7 * 7 * 7; ++code) {
    std::string input;
    for (int c = code, k = 0; k < 4; ++k, c /= 7) input += letters[std::size_t(c % 7)];
    for (const auto& order : hold::placement_orders(4, 3)) {
      std::string s;
      for (int i : order) s += input[std::size_t(i)];
      if (s == target) brute.insert(input);
    }
  }
  EXPECT_EQ(got, brute);
}

// sfinder's own construction of the hold orders (CountForwardOrderLookUp and
// CountReverseOrderLookUp): whole lists, doubled per piece. The reference for the orders the
// library makes one at a time.
std::vector<HoldOrder> forward_orders(int to_depth, bool over, bool empty_hold) {
  if (to_depth == 1) {
    if (empty_hold) return {{{0}, 0}, {{1}, 1}};
    if (!over) {
      throw InputError("util seq: forward to 1 piece from 1 piece: the hold is always empty");
    }
    return {{{0}, 1}, {{1}, 0}};
  }
  // positions: the pieces placed so far, the held one last.
  std::vector<HoldOrder> c = empty_hold ? std::vector<HoldOrder>{{{0, 1}, 0}, {{1, 0}, 1}}
                                        : std::vector<HoldOrder>{{{1, 0}, 0}, {{0, 1}, 1}};
  auto place_before_held = [](HoldOrder& o, int n) {
    o.positions.insert(o.positions.end() - 1, n);
  };
  for (int depth = 2; depth < to_depth; ++depth) {
    std::size_t size = c.size();
    for (std::size_t i = 0; i < size; ++i) {
      HoldOrder held = c[i];
      bool has_hold = !empty_hold || c[i].holds > 0;
      place_before_held(c[i], depth);  // place the new piece
      if (has_hold) {
        held.positions.push_back(depth);  // place the held one, hold the new piece
        ++held.holds;
      } else {
        ++c[i].holds;  // (empty hold) hold the new piece
        held.positions.push_back(depth);
      }
      c.push_back(held);
    }
  }
  if (over) {
    std::size_t size = c.size();
    for (std::size_t i = 0; i < size; ++i) {
      HoldOrder held = c[i];
      bool has_hold = !empty_hold || c[i].holds > 0;
      place_before_held(c[i], to_depth);
      c[i].positions.pop_back();
      if (has_hold) {
        ++held.holds;
      } else {
        ++c[i].holds;
      }
      c.push_back(held);
    }
  } else {
    for (HoldOrder& o : c) {
      if (!empty_hold || o.holds > 0) ++o.holds;  // the held piece is played last
    }
  }
  return c;
}

std::vector<HoldOrder> backward_orders(int to_depth, int from_depth, bool empty_hold) {
  struct Stack {
    HoldOrder order;
    std::size_t stock = 0;  // where the next held piece goes
    bool added = false;     // a piece was played before (empty hold only)
  };
  auto stock = [&](Stack& s, int n) {
    auto& p = s.order.positions;
    p.insert(p.begin() + long(s.stock), n);
    if (empty_hold ? s.added : s.stock != 0) ++s.order.holds;
    s.stock = p.size();
  };
  std::vector<Stack> c(1);
  for (int depth = 0; depth < from_depth; ++depth) {
    int n = depth < to_depth ? depth : -1;
    if (depth < from_depth - 1) {
      std::size_t size = c.size();
      for (std::size_t i = 0; i < size; ++i) {
        Stack held = c[i];
        c[i].order.positions.push_back(n);
        c[i].added = true;
        stock(held, n);
        c.push_back(held);
      }
    } else {
      for (Stack& s : c) stock(s, n);
    }
  }
  std::vector<HoldOrder> out;
  for (Stack& s : c) {
    if (to_depth == from_depth && (!empty_hold || s.order.holds > 0)) ++s.order.holds;
    out.push_back(std::move(s.order));
  }
  return out;
}

std::vector<HoldOrder> forward_list(int to, bool over, bool empty_hold) {
  std::vector<HoldOrder> out(forward_order_count(to, over));
  for (std::size_t i = 0; i < out.size(); ++i) forward_order(to, over, empty_hold, i, out[i]);
  return out;
}
std::vector<HoldOrder> backward_list(int to, int from, bool empty_hold) {
  std::vector<HoldOrder> out(backward_order_count(from));
  for (std::size_t i = 0; i < out.size(); ++i) backward_order(to, from, empty_hold, i, out[i]);
  return out;
}
bool same(const std::vector<HoldOrder>& a, const std::vector<HoldOrder>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.positions == y.positions && x.holds == y.holds;
  });
}

// A --length far beyond the pattern (past the estimate with --force) is refused before any
// order is made, not run out of memory on; a shorter one expands.
TEST(SfinderSeq, HoldOrdersBeyondTheTableAreRefused) {
  SeqOptions o;
  o.patterns = {"T"};
  o.mode = SeqMode::Backward;
  for (int length : {26, 40, 100}) {
    o.length = length;
    EXPECT_THROW(expand_sequences(o, [](std::string_view) {}), InputError) << length;
  }
  o.length = 12;
  std::set<std::string> got;
  expand_sequences(o, [&](std::string_view s) { got.insert(std::string(s)); });
  EXPECT_EQ(got, (std::set<std::string>{"T" + std::string(11, '*'), "*T" + std::string(10, '*')}));
}

// Each order made alone is the one at its place in sfinder's doubled lists, for every depth,
// cut and hold start.
TEST(SfinderSeq, OrdersMadeAloneMatchTheDoubledLists) {
  for (bool empty_hold : {false, true}) {
    for (int to = 1; to <= 12; ++to) {
      for (bool over : {false, true}) {
        if (to == 1 && !over && !empty_hold) {
          EXPECT_THROW(forward_list(to, over, empty_hold), InputError);
          continue;
        }
        EXPECT_TRUE(same(forward_orders(to, over, empty_hold), forward_list(to, over, empty_hold)))
            << to << over << empty_hold;
      }
    }
    for (int from = 1; from <= 12; ++from) {
      for (int to = 1; to <= from; ++to) {
        EXPECT_TRUE(
            same(backward_orders(to, from, empty_hold), backward_list(to, from, empty_hold)))
            << to << " " << from << empty_hold;
      }
    }
  }
}

// The sizes the estimate counts are those of the lists it no longer makes.
TEST(SfinderSeq, OrderSizesCountedMatchTheListsMade) {
  for (int to = 1; to <= 12; ++to) {
    for (bool over : {false, true}) {
      auto orders = forward_orders(to, over, true);
      EXPECT_EQ(forward_order_count(to, over), orders.size()) << to << over;
      int reach = 0;
      for (const HoldOrder& h : orders) {
        for (int pos : h.positions) reach = std::max(reach, pos);
      }
      EXPECT_EQ(forward_order_reach(to, over), reach) << to << over;
    }
  }
  for (int from = 1; from <= 12; ++from) {
    for (int to = 1; to <= from; ++to) {
      auto orders = backward_orders(to, from, false);
      EXPECT_EQ(backward_order_count(from), orders.size()) << to << " " << from;
      EXPECT_EQ(first_backward_positions(to, from), orders.front().positions) << to << from;
    }
  }
  EXPECT_EQ(backward_order_count(70), std::numeric_limits<std::uint64_t>::max());
}

// The estimate bounds the lines written (every line, repeats kept) and equals their number
// when no filter drops any, for every mode, cut and hold start; backward-and-pass with a cut
// is the exception (an order's '*' may fall after the cut).
TEST(SfinderSeq, EstimateIsTheNumberOfLinesBeforeFilters) {
  for (SeqMode mode :
       {SeqMode::Pass, SeqMode::Forward, SeqMode::Backward, SeqMode::BackwardAndPass}) {
    for (int length : {-1, 2, 3, 5}) {
      for (bool head_hold : {true, false}) {
        SeqOptions o;
        o.patterns = {"T,[IO]p2", "# a comment", "*p2,S"};
        o.mode = mode;
        o.length = length;
        o.head_hold = head_hold;
        o.distinct = false;
        std::uint64_t lines = 0;
        try {
          expand_sequences(o, [&](std::string_view) { ++lines; });
        } catch (const InputError&) {
          EXPECT_THROW(estimate_sequences(o), InputError);
          continue;
        }
        std::uint64_t estimate = estimate_sequences(o);
        EXPECT_GE(estimate, lines) << int(mode) << " length " << length << " head " << head_hold;
        if (mode != SeqMode::BackwardAndPass || length < 0) {
          EXPECT_EQ(estimate, lines) << int(mode) << " length " << length << " head " << head_hold;
        }
      }
    }
  }
}

// A long pattern is refused from its size alone: 2^21 hold orders are counted, not made
// (found by fuzzing: `util seq -p TLLLLLLLLLLLLLLLLLLTO -M backward`).
TEST(SfinderSeq, EstimateOfALongPatternCountsWithoutMakingOrders) {
  SeqOptions o;
  o.patterns = std::vector<std::string>(1000, "TLLLLLLLLLLLLLLLLLLTO");
  o.mode = SeqMode::Backward;
  EXPECT_EQ(estimate_sequences(o), std::uint64_t{1000} << 21);
  o.patterns = {std::string(21, 'T')};  // the longest pattern read
  o.mode = SeqMode::BackwardAndPass;    // one '*' in each line, as any of 7 pieces
  EXPECT_EQ(estimate_sequences(o), std::uint64_t{7} << 21);
}

TEST(SfinderSeq, CountEquations) {
  auto q = parse_count_equations({"T=2", "2>s,hold<=1", "O!=0"});
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(q[1].piece, Piece::S);
  EXPECT_EQ(q[1].op, Compare::Less);  // 2 > S is S < 2
  EXPECT_TRUE(q[2].hold);
  EXPECT_TRUE(q[3].test(1));
  EXPECT_FALSE(q[3].test(0));
  for (const char* bad : {"T2", "=1", "T=", "T=x", "T=-1", "X=1", "T=I", "T=<1", "hold=1,hold=2"}) {
    EXPECT_THROW(parse_count_equations({bad}), InputError) << bad;
  }
}

}  // namespace
}  // namespace manyworlds::tetris::sfinder
