#include "manyworlds/tetris/search/saves.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {

struct SavesExpr::Node {
  enum class Kind { Pieces, Any, Not, And, Or } kind = Kind::Any;
  std::uint8_t pieces = 0;  // Kind::Pieces: true when any of them is saveable
  std::vector<std::shared_ptr<const Node>> children;
};

namespace {

using Node = SavesExpr::Node;
using NodePtr = std::shared_ptr<const Node>;

constexpr int kMaxDepth = 64;  // nesting bound (parentheses, negations)

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  NodePtr parse() {
    skip();
    if (pos_ == text_.size()) fail("empty expression");
    NodePtr n = parse_or(0);
    skip();
    if (pos_ != text_.size()) fail(fmt::format("unexpected '{}'", text_[pos_]));
    return n;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(
        fmt::format("saves expression '{}': {} at position {}", text_, what, pos_ + 1));
  }
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  // A keyword (case-insensitive) followed by something that is not a letter.
  bool word(std::string_view w) {
    skip();
    if (text_.size() - pos_ < w.size()) return false;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(text_[pos_ + i])) != w[i]) return false;
    }
    std::size_t end = pos_ + w.size();
    if (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end]))) return false;
    pos_ = end;
    return true;
  }
  bool symbol(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  NodePtr combine(Node::Kind kind, std::vector<NodePtr> children) {
    if (children.size() == 1) return children[0];
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->children = std::move(children);
    return n;
  }

  NodePtr parse_or(int depth) {
    std::vector<NodePtr> parts = {parse_and(depth)};
    while (symbol('|') || word("or")) parts.push_back(parse_and(depth));
    return combine(Node::Kind::Or, std::move(parts));
  }
  NodePtr parse_and(int depth) {
    std::vector<NodePtr> parts = {parse_not(depth)};
    while (symbol('&') || word("and")) parts.push_back(parse_not(depth));
    return combine(Node::Kind::And, std::move(parts));
  }
  NodePtr parse_not(int depth) {
    if (depth > kMaxDepth) fail("expression nested too deeply");
    if (symbol('!') || word("not")) {
      auto n = std::make_shared<Node>();
      n->kind = Node::Kind::Not;
      n->children.push_back(parse_not(depth + 1));
      return n;
    }
    return parse_atom(depth);
  }
  NodePtr parse_atom(int depth) {
    skip();
    if (pos_ == text_.size()) fail("missing piece");
    char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      NodePtr inner = parse_or(depth + 1);
      if (!symbol(')')) fail("missing ')'");
      return inner;
    }
    auto n = std::make_shared<Node>();
    if (c == '*') {
      ++pos_;
      n->kind = Node::Kind::Any;
      return n;
    }
    n->kind = Node::Kind::Pieces;
    if (c == '[') {
      ++pos_;
      while (true) {
        skip();
        if (pos_ == text_.size()) fail("missing ']'");
        if (text_[pos_] == ']') break;
        auto p = piece_of(text_[pos_]);
        if (!p) fail(fmt::format("'{}' is not a piece (T I L J S Z O)", text_[pos_]));
        n->pieces |= std::uint8_t(1u << int(*p));
        ++pos_;
      }
      if (n->pieces == 0) fail("empty piece set");
      ++pos_;
      return n;
    }
    auto p = piece_of(c);
    if (!p) fail(fmt::format("'{}' is not a piece (T I L J S Z O)", c));
    ++pos_;
    n->pieces = std::uint8_t(1u << int(*p));
    return n;
  }
  static std::optional<Piece> piece_of(char c) {
    if (c < 'A' || c > 'Z') return std::nullopt;  // pieces are upper case
    return piece_from_letter(c);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

bool evaluate(const Node& n, std::uint8_t saveable) {
  switch (n.kind) {
    case Node::Kind::Pieces:
      return (n.pieces & saveable) != 0;
    case Node::Kind::Any:
      return saveable != 0;
    case Node::Kind::Not:
      return !evaluate(*n.children[0], saveable);
    case Node::Kind::And:
      for (const auto& c : n.children) {
        if (!evaluate(*c, saveable)) return false;
      }
      return true;
    case Node::Kind::Or:
      for (const auto& c : n.children) {
        if (evaluate(*c, saveable)) return true;
      }
      return false;
  }
  return false;
}

}  // namespace

SavesExpr SavesExpr::parse(std::string_view text) {
  SavesExpr e;
  e.text_ = std::string(text);
  e.root_ = Parser(text).parse();
  return e;
}

bool SavesExpr::holds(std::uint8_t saveable) const {
  // Only sequences that perfect-clear count.
  return saveable != 0 && evaluate(*root_, saveable);
}

SavesResult saves(const PathResult& r, const std::vector<Pattern>& patterns,
                  const std::vector<SavesExpr>& expressions) {
  if (r.pop != r.need + 1) {
    throw InputError(fmt::format(
        "saves: the sequences have {} pieces and the field needs {}: nothing is left over (saves "
        "need hold and a pattern longer than the pieces needed)",
        r.pop, r.need));
  }
  SavesResult out;
  out.need = r.need;
  out.expressions.assign(expressions.size(), 0);
  // Per pattern sequence, the piece multisets of the solutions it builds.
  std::map<std::uint64_t, std::vector<std::size_t>> holders;
  for (std::size_t i = 0; i < r.solutions.size(); ++i) {
    for (const Sequence& q : r.solutions[i].pattern_sequences) holders[q.code].push_back(i);
  }
  for (const CountedSequence& row : counted_prefixes(patterns, r.pop)) {
    SavesRow s{row.sequence, row.count, 0};
    if (auto it = holders.find(row.sequence.code); it != holders.end()) {
      for (std::size_t i : it->second) {
        std::array<int, kPieceCount> left{};
        for (int k = 0; k < row.sequence.length; ++k) ++left[std::size_t(int(row.sequence.at(k)))];
        for (Piece p : r.solutions[i].sample_pieces()) --left[std::size_t(int(p))];
        for (int p = 0; p < kPieceCount; ++p) {
          if (left[std::size_t(p)] > 0) s.saveable |= std::uint8_t(1u << p);
        }
      }
    }
    out.total += row.count;
    if (s.saveable) out.successes += row.count;
    for (int p = 0; p < kPieceCount; ++p) {
      if ((s.saveable >> p) & 1) out.pieces[std::size_t(p)] += row.count;
    }
    for (std::size_t e = 0; e < expressions.size(); ++e) {
      if (expressions[e].holds(s.saveable)) out.expressions[e] += row.count;
    }
    out.rows.push_back(s);
  }
  return out;
}

}  // namespace manyworlds::tetris
