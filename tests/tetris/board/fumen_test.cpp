// Fumen decoding and encoding: the reference cases' fields, round trips, and malformed input.
// The comparison with tetris-fumen itself is in fumen_oracle_test.cpp.

#include <gtest/gtest.h>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "tetris/fumen_corpus.hpp"

namespace manyworlds::tetris {
namespace {

using fumen::Color;

// Every case of tests/data/tetris/cases.tsv gives the field sfinder reads from the
// fumen (page piece merged, no line clear) as ASCII rows; sfinder 1.43 produced those counts on
// exactly these fields.
TEST(Fumen, ReferenceCasesDecodeToTheirFields) {
  auto cases = testing::reference_cases();
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    fumen::Page page = fumen::decode_page(c.fumen, 1);
    std::string expected = c.field_ascii;
    std::string rows =
        page.merged().to_string(int(std::count(expected.begin(), expected.end(), '/')) + 1, '/');
    // The reference writes piece letters for coloured cells; compare occupancy.
    for (char& ch : expected) {
      if (ch != '_' && ch != '/') ch = 'X';
    }
    EXPECT_EQ(rows, expected) << c.id;
    EXPECT_EQ(page.merged().height(), int(std::count(expected.begin(), expected.end(), '/')) + 1)
        << c.id;
  }
}

TEST(Fumen, CommentsQuizAndColours) {
  auto cases = testing::reference_cases();
  auto find = [&](const std::string& id) {
    for (const auto& c : cases) {
      if (c.id == id) return c;
    }
    ADD_FAILURE() << id;
    return cases.front();
  };
  // useTetfuAndCommand4: a Japanese comment on page 1 (tetris-fumen reads the same text).
  auto jp = fumen::decode(find("useTetfuAndCommand4").fumen);
  EXPECT_EQ(jp[0].comment, find("useTetfuAndCommand4").comment);
  // Several pages, pinned in tetris-fumen's own tests (src/lib/__tests__/decoder.test.ts):
  // comments carried over, and a quiz that advances with each piece placed.
  std::vector<std::string> comments;
  for (const auto& p : fumen::decode("v115@vhDAgWFAooMDEPBAAAAAPFA3XaDEEBAAAAAAAAPDAFrmAA")) {
    comments.push_back(p.comment);
  }
  EXPECT_EQ(comments, (std::vector<std::string>{"hello", "world", "world", "!"}));
  comments.clear();
  auto quiz_pages = fumen::decode("v115@vhGSSYXAFLDmClcJSAVDEHBEooRBMoAVBUtfBAXsBAAANrBmnBAAAAAA");
  for (const auto& p : quiz_pages) comments.push_back(p.comment);
  EXPECT_EQ(comments, (std::vector<std::string>{"#Q=[](L)TSJ", "#Q=[](T)SJ", "#Q=[T](J)",
                                                "#Q=[T](J)", "#Q=[](J)", "", ""}));
  ASSERT_TRUE(quiz_pages[3].piece.has_value());
  EXPECT_EQ(*quiz_pages[3].piece, (Placement{Piece::T, Rotation::East, 4, 1}));
  // quizTetfu: the quiz comment; the page is flagged as a quiz.
  auto quiz = fumen::decode(find("quizTetfu").fumen);
  EXPECT_EQ(quiz[0].comment, "#Q=[](I)LOSZTJ");
  EXPECT_TRUE(quiz[0].flags.quiz);
  // colorTetfu: coloured cells and a Z piece on the page.
  auto color = fumen::decode_page(find("colorTetfu").fumen, 1);
  EXPECT_EQ(color.field.at(0, 0), Color::I);
  EXPECT_EQ(color.field.at(1, 0), Color::O);
  ASSERT_TRUE(color.piece.has_value());
  EXPECT_EQ(color.piece->piece, Piece::Z);
}

TEST(Fumen, PrefixesAndUrls) {
  std::string data = "9gE8EeF8DeG8CeF8NeAgH";
  Field expected = fumen::decode_page("v115@" + data, 1).merged();
  for (std::string text : {"d115@" + data, "m115@" + data, "https://fumen.zui.jp/?v115@" + data,
                           "https://harddrop.com/fumen/?v115@" + data + "&foo=1",
                           std::string("  v115@9gE8EeF8D?eG8CeF8NeAgH \n")}) {
    EXPECT_EQ(fumen::decode_page(text, 1).merged(), expected) << text;
  }
}

TEST(Fumen, EncodeRoundTrips) {
  for (const auto& c : testing::reference_cases()) {
    auto pages = fumen::decode(c.fumen);
    std::string again = fumen::encode(pages);
    auto back = fumen::decode(again);
    ASSERT_EQ(back.size(), pages.size()) << c.id;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      EXPECT_EQ(back[i].field, pages[i].field) << c.id << " page " << i + 1;
      EXPECT_EQ(back[i].piece, pages[i].piece) << c.id;
      EXPECT_EQ(back[i].comment, pages[i].comment) << c.id;
      EXPECT_EQ(back[i].flags, pages[i].flags) << c.id;
    }
  }
  // An empty field with no piece: tetris-fumen writes "v115@vhAAgH".
  EXPECT_EQ(fumen::encode({fumen::Page{}}), "v115@vhAAgH");
}

TEST(Fumen, MalformedInputNamesTheProblem) {
  struct Bad {
    std::string text, message;
  };
  const std::vector<Bad> bad = {
      {"x115@vhAAgH", "fumen: no 'v115@' (or d115@, m115@, v110@) data found"},
      {"v115@", "fumen: no data after the version prefix"},
      {"v115@vhA!gH", "fumen: character '!' at position 9 is not fumen data"},
      {"v115@vhAA", "fumen: data ends in the middle of page 1 (truncated)"},
      {"v115@vhAAgHvh", "fumen: data ends in the middle of page 2 (truncated)"},
  };
  for (const auto& b : bad) {
    try {
      fumen::decode(b.text);
      ADD_FAILURE() << "no error for " << b.text;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), b.message);
    }
  }
  try {
    fumen::decode_page("v115@vhAAgH", 2);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "fumen: page 2 out of range (the data has 1 page)");
  }
}

}  // namespace
}  // namespace manyworlds::tetris
