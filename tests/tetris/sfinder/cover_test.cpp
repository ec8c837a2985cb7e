// tetris::cover (sfinder's cover): reading setups from fumen page ranges, sfinder's option
// spellings, the documented example, and the optimized search against the direct one (sfinder's
// own per-sequence search, nothing shared) on random setups under every mode and option.
// sfinder's own outputs for 360+ command lines are compared in tests/cli/tetris_cover_cli_test.

#include "manyworlds/tetris/search/cover.hpp"

#include <gtest/gtest.h>

#include <random>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/sfinder/cover.hpp"
#include "testing/input_error.hpp"

namespace manyworlds::tetris {
namespace {

using manyworlds::testing::error_of;

CoverSetup setup_of(std::string_view text) {
  std::optional<CoverSetup> s = read_cover_setup(text);
  if (!s) throw std::runtime_error("not a setup");
  return *s;
}

// sfinder's documented example (docs/source/contents/cover/main.rst).
const char* kDoc1 = "v115@vhFRQJUGJKJJvMJTNJGBJ";
const char* kDoc2 = "v115@vhFRQJPGJKJJGMJTNJ0BJ";

TEST(Cover, DocumentedExample) {
  CoverOptions o;
  o.threads = 2;
  CoverResult r = cover({setup_of(kDoc1), setup_of(kDoc2)}, parse_patterns("*p7"), o);
  ASSERT_EQ(r.sequences.size(), 5040u);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{1680, 2240}));
  EXPECT_EQ(r.or_count, 3108u);
  EXPECT_EQ(r.and_count, 812u);
  // sfinder's cover test (CoverTetfuCaseTest.case1): rows of cover.csv.
  std::string csv = sfinder::cover_csv({setup_of(kDoc1), setup_of(kDoc2)}, r);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), std::string("sequence,") + kDoc1 + "," + kDoc2);
  EXPECT_NE(csv.find("\nTIOLJSZ,X,O\n"), std::string::npos);
  EXPECT_NE(csv.find("\nLISZTOJ,O,X\n"), std::string::npos);
  EXPECT_NE(csv.find("\nTILSZJO,O,O\n"), std::string::npos);
  EXPECT_NE(csv.find("\nJSTILZO,X,X\n"), std::string::npos);
}

TEST(Cover, ReadsPagesAsSfinder) {
  CoverSetup s = setup_of(kDoc1);
  EXPECT_EQ(s.pieces.size(), 6u);
  EXPECT_EQ(s.label(), kDoc1);
  EXPECT_EQ(s.url(), std::string("http://fumen.zui.jp/?") + kDoc1);
  EXPECT_TRUE(s.field.empty());
  // Page ranges (sfinder's docs: #2:5, #:5, #2:); the domain and '#' after the data.
  EXPECT_EQ(setup_of(std::string(kDoc1) + "#2:5").pieces.size(), 4u);
  EXPECT_EQ(setup_of(std::string(kDoc1) + "#:5").pieces.size(), 5u);
  EXPECT_EQ(setup_of(std::string(kDoc1) + "#2:").pieces.size(), 5u);
  EXPECT_EQ(setup_of(std::string(kDoc1) + "#:-1").pieces.size(), 6u);
  EXPECT_EQ(setup_of(std::string(kDoc1) + "#").pieces.size(), 6u);
  CoverSetup url = setup_of(std::string("http://fumen.zui.jp/?") + kDoc1 + "#1:3");
  EXPECT_EQ(url.data, kDoc1);
  EXPECT_EQ(url.pieces.size(), 3u);
  // The first page of a range brings its field: pages 1-2 placed I and L.
  CoverSetup later = setup_of(std::string(kDoc1) + "#3:");
  EXPECT_EQ(later.field.block_count(), 8);
  EXPECT_FALSE(read_cover_setup("4"));
  EXPECT_FALSE(read_cover_setup("XXXX______"));
  EXPECT_FALSE(read_cover_setup("v110@vhAAgH"));
  EXPECT_EQ(error_of([&] { setup_of(std::string(kDoc1) + "#0:2"); }),
            std::string("cover: '") + kDoc1 + "#0:2': the start page must be 1 or more");
  EXPECT_EQ(error_of([&] { setup_of(std::string(kDoc1) + "#7"); }),
            std::string("cover: '") + kDoc1 + "#7': the start page must be at most 6 (the pages)");
  EXPECT_EQ(
      error_of([&] { setup_of(std::string(kDoc1) + "#1:0"); }),
      std::string("cover: '") + kDoc1 + "#1:0': the end page must not be before the start page");
  EXPECT_EQ(error_of([&] { setup_of(std::string(kDoc1) + "#1:x"); }),
            std::string("cover: '") + kDoc1 + "#1:x': page 'x' is not a number");
}

// A piece placed after a line clear keeps the rows of the first field: the I standing in
// column 9 after row 2 cleared covers rows 1, 3, 4, 5 and needs row 2 cleared first. sfinder
// records an I on its right side with y = lowest row + 2 and moves it down by the cleared rows
// below that y, one row too many here: the setup cannot be built, its mirror (an I on its left
// side) can (sfinder 1.43: 0 % and 100 %, tests/data/tetris/sfinder/cover/expected/quirk_*).
TEST(Cover, PiecesAfterLineClears) {
  CoverSetup right = setup_of("v115@HhF8DeI8BeI8JexHJvhApjB");
  ASSERT_EQ(right.pieces.size(), 2u);
  const CoverPiece& i = right.pieces[1];
  EXPECT_EQ(i.placement.rotation, Rotation::East);
  EXPECT_EQ(i.need_cleared, 1u << 2);
  EXPECT_EQ(i.placement.y, 3);
  std::vector<int> rows;
  for (const Cell& c : i.cells) rows.push_back(c.y);
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<int>{1, 3, 4, 5}));
  CoverSetup left = setup_of("v115@HhF8DeI8BeI8JexHJvhA5jB");
  CoverOptions o;
  CoverResult r = cover({right, left, mirror_setup(right)}, parse_patterns("II"), o);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{0, 1, 1}));
}

TEST(Cover, MirrorTwiceIsTheSetup) {
  CoverSetup s = setup_of("v115@9gC8EeA8AeC8AeA8CeH8AeJ8AeB8Jep5IvhFa5I38I?uAJM2IT1IFHJ");
  CoverSetup m = mirror_setup(s);
  EXPECT_EQ(m.label(), s.data + "#mirror");
  EXPECT_EQ(m.url(), "http://fumen.zui.jp/?" + s.data + " (mirror)");
  CoverSetup back = mirror_setup(m);
  EXPECT_EQ(back.field, s.field);
  for (std::size_t k = 0; k < s.pieces.size(); ++k) {
    EXPECT_EQ(back.pieces[k].placement, s.pieces[k].placement);
    EXPECT_EQ(back.pieces[k].need_cleared, s.pieces[k].need_cleared);
  }
  // L and J swap, S and Z swap.
  for (std::size_t k = 0; k < s.pieces.size(); ++k) {
    Piece p = s.pieces[k].placement.piece, q = m.pieces[k].placement.piece;
    if (p == Piece::L) {
      EXPECT_EQ(q, Piece::J);
    }
    if (p == Piece::S) {
      EXPECT_EQ(q, Piece::Z);
    }
    if (p == Piece::T || p == Piece::I || p == Piece::O) {
      EXPECT_EQ(q, p);
    }
  }
}

TEST(Cover, SfinderSpellings) {
  EXPECT_EQ(parse_cover_mode("normal"), CoverMode::Normal);
  EXPECT_EQ(parse_cover_mode("B2B"), CoverMode::B2BContinuous);
  for (const char* s : {"any", "any-tspin", "any_tspin", "anytspin", "tsm", "TSPINM"}) {
    EXPECT_EQ(parse_cover_mode(s), CoverMode::TSpinMini) << s;
  }
  EXPECT_EQ(parse_cover_mode("tspin1"), CoverMode::TSpinSingle);
  EXPECT_EQ(parse_cover_mode("tsd"), CoverMode::TSpinDouble);
  EXPECT_EQ(parse_cover_mode("tst"), CoverMode::TSpinTriple);
  EXPECT_EQ(parse_cover_mode("tetris_end"), CoverMode::TetrisEnd);
  EXPECT_EQ(parse_cover_mode("3lines"), CoverMode::ThreeLines);
  EXPECT_EQ(parse_cover_mode("4L-OR-PC"), CoverMode::FourLinesOrPC);
  EXPECT_EQ(parse_cover_mode("1line-or-pc"), CoverMode::OneLineOrPC);
  EXPECT_EQ(cover_mode_name(CoverMode::B2BContinuous), "b2bcontinuous");
  EXPECT_EQ(cover_mode_name(CoverMode::TwoLinesOrPC), "twolinesorpc");
  EXPECT_TRUE(cover_mode_counts_lines(CoverMode::Normal));
  EXPECT_TRUE(cover_mode_counts_lines(CoverMode::FourLinesOrPC));
  EXPECT_FALSE(cover_mode_counts_lines(CoverMode::TSpinDouble));
  EXPECT_EQ(error_of([] { parse_cover_mode("5L"); }).rfind("cover: mode '5L'", 0), 0u);
  EXPECT_EQ(parse_drop_type("t_softdrop", "cover"), DropType::TSoftdrop);
  EXPECT_EQ(parse_drop_type("SOFTDROP180", "cover"), DropType::Softdrop180);
  EXPECT_EQ(parse_drop_type("tspin0", "cover"), DropType::TSpinZero);
  EXPECT_EQ(parse_drop_type("tst", "cover"), DropType::TSpinTriple);
  EXPECT_EQ(drop_type_name(DropType::TSoftdrop), "softdroptonly");
  EXPECT_EQ(drop_type_name(DropType::TSpinZero), "tspinzero");
  EXPECT_EQ(error_of([] { parse_drop_type("any", "cover"); }).rfind("cover: drop 'any'", 0), 0u);
  EXPECT_EQ(parse_cover_sort("success"), CoverSort::SuccessDescending);
  EXPECT_EQ(parse_cover_sort("success_asc"), CoverSort::SuccessAscending);
  EXPECT_EQ(error_of([] { parse_cover_sort("rate"); }).rfind("cover: sort 'rate'", 0), 0u);
}

// A random setup: a few gray rows with holes, then pieces each at a random reachable placement
// of the field as fumen keeps it (the piece locks, full rows clear), one page each.
std::string random_setup(std::mt19937& rng, int pieces) {
  MoveGenerator gen(KickTable::srs(), Drop::Softdrop);
  Field field;
  int rows = int(rng() % 4);
  for (int y = 0; y < rows; ++y) {
    Row row = kFullRow;
    int holes = 1 + int(rng() % 3);
    for (int h = 0; h < holes; ++h) row = Row(row & ~(1u << (rng() % kWidth)));
    field.set_row(y, row);
  }
  std::vector<fumen::Page> pages;
  for (int k = 0; k < pieces; ++k) {
    MoveList moves;
    Piece piece = Piece(rng() % kPieceCount);
    gen.generate(field, piece, 8, moves);
    if (moves.empty()) continue;
    fumen::Page page;
    for (int y = 0; y < fumen::kFieldHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (field.filled(x, y)) page.field.set(x, y, fumen::Color::Gray);
      }
    }
    page.piece = moves[rng() % moves.size()];
    field.place(*page.piece);
    field.clear_lines();
    pages.push_back(page);
  }
  if (pages.empty()) pages.emplace_back();
  return fumen::encode(pages);
}

// Sequences around a setup: orders of its pieces with one more piece, random ones, and some
// of the setup's length and one shorter.
std::vector<Sequence> sequences_for(const CoverSetup& setup, std::mt19937& rng) {
  std::vector<Piece> own;
  for (const CoverPiece& p : setup.pieces) own.push_back(p.placement.piece);
  std::vector<Sequence> out;
  for (int k = 0; k < 40; ++k) {
    std::vector<Piece> v = own;
    v.push_back(Piece(rng() % kPieceCount));
    std::shuffle(v.begin(), v.end(), rng);
    Sequence s;
    for (Piece p : v) s.push_back(p);
    out.push_back(s);
  }
  for (int k = 0; k < 10; ++k) {
    Sequence s;
    int length = int(own.size()) + 1 - int(rng() % 3);
    for (int i = 0; i < std::max(1, length); ++i) s.push_back(Piece(rng() % kPieceCount));
    out.push_back(s);
  }
  return out;
}

CoverOptions random_options(std::mt19937& rng) {
  CoverOptions o;
  o.use_hold = rng() % 2;
  o.mode = CoverMode(rng() % 16);
  switch (rng() % 8) {
    case 0:
      o.drop = DropType::Harddrop;
      break;
    case 1:
      o.drop = DropType::TSoftdrop;
      break;
    case 2:
      o.drop = DropType(int(DropType::TSpinZero) + int(rng() % 5));
      break;
    case 3:
      o.drop = DropType::Softdrop180;
      o.kicks = KickTable::nullpomino180();
      break;
    case 4:
      o.kicks = KickTable::nokicks();
      break;
    default:
      break;
  }
  if (rng() % 3 == 0) o.last_softdrop = 1 + int(rng() % 2);
  if (rng() % 3 == 0) o.max_softdrop = int(rng() % 3);
  if (rng() % 3 == 0) o.max_clear_line = int(rng() % 3);
  if (rng() % 3 == 0) o.starting_b2b = 1 + int(rng() % 2);
  return o;
}

// The optimized search (a shared graph per setup, the sequences walked as a trie) against the
// direct one (sfinder's per-sequence search), and 1 thread against 3.
TEST(Cover, OptimizedAgreesWithDirectOnRandomSetups) {
  std::mt19937 rng(20261123);
  int builds = 0, total = 0;
  for (int round = 0; round < 250; ++round) {
    std::vector<CoverSetup> setups;
    for (int k = 0; k < 3; ++k) {
      setups.push_back(setup_of(random_setup(rng, 2 + int(rng() % 5))));
      if (rng() % 4 == 0) setups.push_back(mirror_setup(setups.back()));
    }
    std::vector<Sequence> sequences = sequences_for(setups[0], rng);
    CoverOptions o = random_options(rng);
    o.threads = 1;
    CoverResult fast = cover_sequences(setups, sequences, o);
    o.threads = 3;
    CoverResult threaded = cover_sequences(setups, sequences, o);
    o.threads = 1;
    o.method = CoverMethod::Direct;
    CoverResult direct = cover_sequences(setups, sequences, o);
    SCOPED_TRACE(::testing::Message() << "round " << round << " " << setups[0].label() << " mode "
                                      << cover_mode_name(o.mode) << " drop "
                                      << drop_type_name(o.drop) << " hold " << o.use_hold);
    ASSERT_EQ(fast.success, direct.success);
    ASSERT_EQ(fast.success, threaded.success);
    for (std::uint64_t c : fast.counts) builds += int(c);
    total += int(sequences.size() * setups.size());
  }
  // The random cases are not all trivial: a fair share of (setup, sequence) pairs build.
  EXPECT_GT(builds, total / 20);
  EXPECT_LT(builds, total);
}

// Every mode only adds conditions to placing the pieces: what builds in a mode builds in the
// normal mode.
TEST(Cover, ModesOnlyRestrict) {
  std::vector<CoverSetup> setups = {
      setup_of("v115@9gC8EeA8AeC8AeA8CeH8AeJ8AeB8Jep5IvhFa5I38I?uAJM2IT1IFHJ"),
      setup_of("v115@1gB8AeE8AeI8AeI8AeI8AeI8JeT1IvhFP3Im1I03IS?+I19IJEJ"),
      setup_of("v115@9gE8EeE8EeE8EeE8OeSSJvhDHoBOsBhiBpmB")};
  CoverOptions o;
  o.threads = 2;
  std::vector<Pattern> patterns = parse_patterns("*p7");
  CoverResult normal = cover(setups, patterns, o);
  for (int m = 1; m < 16; ++m) {
    o.mode = CoverMode(m);
    CoverResult r = cover(setups, patterns, o);
    for (std::size_t s = 0; s < setups.size(); ++s) {
      for (std::size_t q = 0; q < r.sequences.size(); ++q) {
        if (r.success[s][q]) {
          ASSERT_TRUE(normal.success[s][q]) << cover_mode_name(o.mode);
        }
      }
    }
  }
}

// Priority: a sequence counts for the first setup that it builds only; sort and running counts.
TEST(Cover, PriorityOrderAndAccumulation) {
  std::vector<CoverSetup> setups = {setup_of(kDoc1), setup_of(kDoc2)};
  CoverOptions o;
  o.priority = true;
  o.sort = CoverSort::SuccessDescending;
  CoverResult r = cover(setups, parse_patterns("*p7"), o);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{1680, 3108 - 1680}));
  EXPECT_EQ(r.and_count, 0u);
  EXPECT_EQ(r.or_count, 3108u);
  EXPECT_EQ(r.order, (std::vector<int>{0, 1}));
  EXPECT_EQ(r.accumulated_or, (std::vector<std::uint64_t>{1680, 3108}));
  EXPECT_EQ(r.accumulated_and, (std::vector<std::uint64_t>{1680, 0}));
  o.priority = false;
  r = cover(setups, parse_patterns("*p7"), o);
  EXPECT_EQ(r.order, (std::vector<int>{1, 0}));
  EXPECT_EQ(r.accumulated_or, (std::vector<std::uint64_t>{2240, 3108}));
  EXPECT_EQ(r.accumulated_and, (std::vector<std::uint64_t>{2240, 812}));
  o.sort = CoverSort::SuccessAscending;
  r = cover(setups, parse_patterns("*p7"), o);
  EXPECT_EQ(r.order, (std::vector<int>{0, 1}));
}

TEST(Cover, RefusesWhatItCannotDo) {
  CoverOptions o;
  o.max_sequences = 1000;
  EXPECT_EQ(error_of([&] { cover({setup_of(kDoc1)}, parse_patterns("*p7"), o); }),
            "cover: 5040 sequences of 7 pieces, beyond 1000: use a narrower pattern, or --force");
  o.max_sequences = 0;
  EXPECT_EQ(error_of([&] { cover({}, parse_patterns("*p7"), o); }), "cover: no setup to cover");
  o.drop = DropType::Softdrop180;
  EXPECT_NE(error_of([&] {
              cover({setup_of(kDoc1)}, parse_patterns("*p7"), o);
            }).find("no 180-degree kicks"),
            std::string::npos);
}

// sfinder never builds a setup from a sequence shorter than it, nor one without pieces.
TEST(Cover, ShortSequencesAndEmptySetups) {
  CoverOptions o;
  CoverResult r = cover({setup_of(kDoc1), setup_of("v115@vhAAgH")}, parse_patterns("*p5"), o);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{0, 0}));
  r = cover({setup_of(kDoc1)}, parse_patterns("*p6"), o);
  EXPECT_GT(r.counts[0], 0u);  // with hold, six pieces may build six
}

// sfinder's command line for cover (CoverOptions.java's table, read as commons-cli reads it):
// -t takes every value up to the next option, two-letter options with one dash, values
// attached, the first value of an option given twice, every -p.
TEST(Cover, ReadsSfinderCommandLines) {
  namespace sf = sfinder;
  auto read = [](std::vector<std::string> args) {
    return sf::read_cover_input(sf::parse_options(sf::cover_options(), args));
  };
  sf::CoverInput in = read({"-t",
                            kDoc1,
                            std::string(kDoc2) + "#1:3",
                            "-p",
                            "*p7",
                            "-p",
                            "[SZ]p2,*p5",
                            "-M=tsd",
                            "-sb",
                            "2",
                            "-m",
                            "yes",
                            "-H",
                            "avoid",
                            "-H",
                            "use",
                            "-s",
                            "success-asc",
                            "-a",
                            "on",
                            "-P",
                            "true",
                            "-l1",
                            "-d",
                            "tsm",
                            "-lp",
                            "log.txt",
                            "-o",
                            "a.csv",
                            "-K",
                            "@nullpomino180"});
  ASSERT_EQ(in.setups.size(), 4u);  // each followed by its mirror
  EXPECT_EQ(in.setups[1].label(), std::string(kDoc1) + "#mirror");
  EXPECT_EQ(in.setups[2].pieces.size(), 3u);
  EXPECT_EQ(in.pattern_lines, (std::vector<std::string>{"*p7", "[SZ]p2,*p5"}));
  EXPECT_EQ(in.options.mode, CoverMode::TSpinDouble);
  EXPECT_EQ(in.options.starting_b2b, 2);
  EXPECT_FALSE(in.options.use_hold);  // the first -H
  EXPECT_EQ(in.options.sort, CoverSort::SuccessAscending);
  EXPECT_TRUE(in.accumulate);
  EXPECT_TRUE(in.options.priority);
  EXPECT_EQ(in.options.last_softdrop, 1);
  EXPECT_EQ(in.options.drop, DropType::TSpinMini);
  EXPECT_EQ(in.log_path, "log.txt");
  EXPECT_EQ(in.output_path, "a.csv");
  EXPECT_EQ(in.kicks_name, "@nullpomino180");
  EXPECT_TRUE(in.options.kicks.has_180());
  // -ms / -mc count only in the normal and line modes (sfinder's isNLinesMode).
  EXPECT_EQ(in.options.max_softdrop, -1);
  in = read({"-t", kDoc1, "-p", "*p7", "-M", "2L", "-ms", "1", "-mc", "0"});
  EXPECT_EQ(in.options.max_softdrop, 1);
  EXPECT_EQ(in.options.max_clear_line, 0);
  // Defaults.
  in = read({"-t", std::string(kDoc1) + " " + kDoc2, "-p", "*p7"});
  EXPECT_EQ(in.setups.size(), 2u);  // a value holding several, split at spaces
  EXPECT_TRUE(in.options.use_hold);
  EXPECT_EQ(in.options.mode, CoverMode::Normal);
  EXPECT_EQ(in.log_path, "output/last_output.txt");
  EXPECT_EQ(in.output_path, "output/cover.csv");
  EXPECT_EQ(in.kicks_name, "srs");
  // Errors: one line each.
  EXPECT_EQ(error_of([&] {
              read({"-t", kDoc1, "-p", "*p7", "-sb", "x"});
            }),
            "cover: --starting-b2b 'x' is not an integer");
  EXPECT_EQ(error_of([&] {
              read({"-t", kDoc1, "-p", "*p7", "-m", "perhaps"});
            }),
            "cover: --mirror 'perhaps' is not yes or no (nor true/false, use/avoid, on/off)");
  EXPECT_EQ(error_of([&] { read({"-t", "-p", "*p7"}); }), "cover: --tetfu given no fumen");
  EXPECT_EQ(error_of([&] {
              read({"-t", "nofumen", "-p", "*p7"});
            }),
            "cover: 'nofumen' holds no v115 fumen data (v115@...)");
}

// The report's field: gray X, the pieces by letter, the used rows and one more.
TEST(Cover, ReportDrawsTheSetup) {
  EXPECT_EQ(sfinder::cover_setup_rows(setup_of(kDoc1)),
            (std::vector<std::string>{"__________", "___JJJ____", "L__ZZJS___", "L___ZZSSOO",
                                      "LL_IIIISOO"}));
}

}  // namespace
}  // namespace manyworlds::tetris
