// Fumen decoding and encoding against the npm package tetris-fumen 1.1.3 itself, run with node
// (tests/tetris/oracle/: install.sh installs it; .ci/run calls install.sh). Corpus: every
// fumen of the reference cases, the 2000 fields of sfinder's use cases, the multi-page strings
// of fumen_corpus.txt, and random multi-page documents with colours, flags and comments.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "testing/required.hpp"
#include "testing/temp_dir.hpp"
#include "tetris/fumen_corpus.hpp"

namespace manyworlds::tetris {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kOracleDir = MANYWORLDS_SOURCE_DIR "/tests/tetris/oracle";

bool have_node() {
  return std::system("command -v node >/dev/null 2>&1") == 0;
}

// Runs the oracle on `lines` (one input per line) and returns its JSON answers.
std::vector<Json> run_oracle(const std::string& mode, const std::vector<std::string>& lines) {
  manyworlds::testing::TempDir temp;
  fs::path dir = temp.path();
  {
    std::ofstream in(dir / "in.txt");
    for (const auto& l : lines) in << l << "\n";
  }
  std::string cmd = "node '" + kOracleDir + "/fumen_oracle.js' " + mode + " < '" +
                    (dir / "in.txt").string() + "' > '" + (dir / "out.txt").string() + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::vector<Json> out;
  std::ifstream in(dir / "out.txt");
  for (std::string line; std::getline(in, line);) out.push_back(Json::parse(line));
  return out;
}

std::string field_text(const fumen::ColorField& f) {
  std::string s;
  for (int y = fumen::kFieldHeight - 1; y >= -1; --y) {
    for (int x = 0; x < kWidth; ++x) s += fumen::color_letter(f.at(x, y));
  }
  return s;
}

Json page_json(const fumen::Page& p) {
  Json op = nullptr;
  if (p.piece) {
    op = {{"type", std::string(1, piece_letter(p.piece->piece))},
          {"rotation", std::string(rotation_name(p.piece->rotation))},
          {"x", int(p.piece->x)},
          {"y", int(p.piece->y)}};
  }
  return {{"field", field_text(p.field)},
          {"op", op},
          {"comment", p.comment},
          {"flags",
           {{"lock", p.flags.lock},
            {"mirror", p.flags.mirror},
            {"colorize", p.flags.colorize},
            {"rise", p.flags.rise},
            {"quiz", p.flags.quiz}}}};
}

Json pages_json(const std::vector<fumen::Page>& pages) {
  Json a = Json::array();
  for (const auto& p : pages) a.push_back(page_json(p));
  return a;
}

class FumenOracle : public ::testing::Test {
 protected:
  void SetUp() override {
    MANYWORLDS_REQUIRE(have_node(), "node is not installed: the tetris-fumen oracle cannot run");
    if (!fs::exists(kOracleDir + "/node_modules/tetris-fumen/package.json")) {
      std::system(("bash '" + kOracleDir + "/install.sh'").c_str());
    }
    ASSERT_TRUE(fs::exists(kOracleDir + "/node_modules/tetris-fumen/package.json"))
        << "tetris-fumen is not installed: run tests/tetris/oracle/install.sh (needs npm)";
  }
};

std::vector<std::string> corpus() {
  std::vector<std::string> all = testing::fumen_corpus();
  std::string text = read_text(MANYWORLDS_SOURCE_DIR "/tests/tetris/fumen_corpus.txt");
  for (std::string_view line : split_lines(text)) {
    if (line.empty() || line[0] == '#') continue;
    all.emplace_back(line);
  }
  return all;
}

// Our decoder gives tetris-fumen's pages (fields with colours and garbage row, pieces, comments,
// flags) on every string, and fails exactly where it fails.
TEST_F(FumenOracle, DecodeAgreesOnTheCorpus) {
  std::vector<std::string> inputs = corpus();
  ASSERT_GT(inputs.size(), 1000u);
  std::vector<Json> answers = run_oracle("decode", inputs);
  ASSERT_EQ(answers.size(), inputs.size());
  int multi_page = 0, coloured = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Json& a = answers[i];
    if (!a["ok"].get<bool>()) {
      EXPECT_THROW(fumen::decode(inputs[i]), InputError) << inputs[i];
      continue;
    }
    std::vector<fumen::Page> pages = fumen::decode(inputs[i]);
    EXPECT_EQ(pages_json(pages), a["pages"]) << inputs[i];
    multi_page += pages.size() > 1;
    for (const auto& p : pages) {
      std::string f = field_text(p.field);
      if (f.find_first_of("ILOZTJS") != std::string::npos) {
        ++coloured;
        break;
      }
    }
  }
  EXPECT_GE(multi_page, 10);
  EXPECT_GE(coloured, 5);
}

// Random documents: several pages, coloured fields that sometimes repeat, pieces, every flag,
// comments (plain, Japanese, emoji, quizzes, repeated, empty).
std::vector<std::vector<fumen::Page>> random_documents(int count) {
  std::mt19937 rng(115);
  const std::vector<std::string> comments = {"",
                                             "",
                                             "hello",
                                             "4 -p *p7",
                                             "日本語開始のコメント",
                                             "emoji 🎮 %u0041 100%",
                                             "#Q=[](I)LOSZTJ",
                                             "#Q=[T](S)ZO",
                                             "#Q=[](L)TSJ",
                                             "a&b=c?d",
                                             std::string(300, 'x')};
  std::vector<std::vector<fumen::Page>> docs;
  for (int d = 0; d < count; ++d) {
    std::vector<fumen::Page> pages(1 + rng() % 6);
    fumen::ColorField inherited;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      fumen::Page& p = pages[i];
      p.field = inherited;
      if (i == 0 || rng() % 3 == 0) {
        int rows = int(rng() % 6);
        for (int y = -1; y < rows; ++y) {
          for (int x = 0; x < kWidth; ++x) {
            if (rng() % 3 == 0) p.field.set(x, y, fumen::Color(rng() % 9));
          }
        }
      }
      if (rng() % 4 != 0) {
        for (int tries = 0; tries < 50; ++tries) {
          Placement pl{Piece(rng() % 7), Rotation(rng() % 4), std::int8_t(rng() % 10),
                       std::int8_t(rng() % 23)};
          bool inside = true;
          for (const Cell& c : shape(pl.piece, pl.rotation).cells) {
            int x = pl.x + c.x, y = pl.y + c.y;
            inside = inside && x >= 0 && x < 10 && y >= 0 && y < 23;
          }
          if (inside) {
            p.piece = pl;
            break;
          }
        }
      }
      p.flags.lock = rng() % 5 != 0;
      p.flags.mirror = rng() % 6 == 0;
      p.flags.rise = rng() % 6 == 0;
      p.flags.colorize = rng() % 2 == 0;
      std::size_t pick = rng() % (comments.size() + 2);
      p.comment = pick < comments.size() ? comments[pick] : (i > 0 ? pages[i - 1].comment : "");
      // The next page's inherited field, as fumen computes it.
      std::vector<fumen::Page> two = fumen::decode(fumen::encode({p, fumen::Page{}}));
      inherited = two[1].field;
    }
    docs.push_back(pages);
  }
  return docs;
}

// Our encoder writes exactly tetris-fumen's string for the same pages, and tetris-fumen reads
// our strings back to the pages we wrote (so they open in fumen viewers).
TEST_F(FumenOracle, EncodeAgreesWithTetrisFumen) {
  std::vector<std::vector<fumen::Page>> docs;
  for (const std::string& text : corpus()) {
    try {
      docs.push_back(fumen::decode(text));
    } catch (const InputError&) {
    }
  }
  for (auto& d : random_documents(300)) docs.push_back(d);
  std::vector<std::string> as_json, ours;
  for (const auto& d : docs) {
    as_json.push_back(pages_json(d).dump());
    ours.push_back(fumen::encode(d));
  }
  std::vector<Json> encoded = run_oracle("encode", as_json);
  std::vector<Json> decoded = run_oracle("decode", ours);
  ASSERT_EQ(encoded.size(), docs.size());
  ASSERT_EQ(decoded.size(), docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) {
    ASSERT_TRUE(encoded[i]["ok"].get<bool>()) << as_json[i] << "\n" << encoded[i].dump();
    EXPECT_EQ(ours[i], encoded[i]["fumen"].get<std::string>()) << as_json[i];
    ASSERT_TRUE(decoded[i]["ok"].get<bool>()) << ours[i];
    // tetris-fumen derives the quiz flag and the comments of quiz pages; compare with ours.
    EXPECT_EQ(decoded[i]["pages"], pages_json(fumen::decode(ours[i]))) << ours[i];
    Json mine = pages_json(docs[i]);
    for (std::size_t k = 0; k < docs[i].size(); ++k) {
      mine[k]["flags"]["quiz"] = decoded[i]["pages"][k]["flags"]["quiz"];
      if (!docs[i][k].flags.quiz && !decoded[i]["pages"][k]["flags"]["quiz"].get<bool>()) {
        EXPECT_EQ(decoded[i]["pages"][k], mine[k]) << ours[i] << " page " << k + 1;
      }
    }
  }
}

}  // namespace
}  // namespace manyworlds::tetris
