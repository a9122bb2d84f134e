// The canonical writer of the text notation (beyt/notation/text.hpp;
// notation/NOTATION.md, "Export is canonical").
//
// Canonical form of one game:
//   [Event "..."] ... [Result "..."]    the roster, defaults for missing tags
//   [Game ..] [Rules ..] [SetUp ..] [Source ..]   when present
//   other tags in record order
//   (blank line)
//   movetext: game comments, then per move: "N." its `before` comments, the move,
//   " $N" per NAG, its `after` comments, its variations " (...)"; the result.
//   (blank line)
// Tokens are separated by one blank; a line is broken between tokens so that
// it does not exceed 79 characters (code points) where a token allows it. A
// unit never split: "N. move", a comment (a long one stands on its own line),
// a '(' is glued to the token after it and a ')' to the token before it.
// A comment containing '}' is written ";text" and ends its line.
//
// Preconditions (the JSON and XML readers enforce them, E151/E161): tag names
// are [A-Za-z0-9_]+ and unique, moves are non-empty runs of move characters,
// a comment does not contain both '}' and a line end. A result that is not
// one of the four tokens is written "*". Characters no record may hold
// (NOTATION.md section 11; a tag value's line end among them) and invalid
// UTF-8 are written as U+FFFD, as the JSON and XML writers do.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/chars.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::notation {
namespace {

constexpr std::size_t kMaxLine = 79;

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// `text` as the character policy lets it stand in `field`: itself (the
// common case, no copy) or a copy with U+FFFD for what it may not hold.
std::string_view clean(std::string_view text, chars::Field field, std::string& scratch) {
  if (!chars::check(text, field)) return text;
  scratch = chars::sanitize(text, field);
  return scratch;
}

void write_tag(std::string& out, std::string_view name, std::string_view raw) {
  std::string scratch;
  const std::string_view value = clean(raw, chars::Field::tag_value, scratch);
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
}

// Collects the movetext as units, then wraps them.
class Movetext {
 public:
  void game(const GameRecord& record) {
    for (const auto& c : record.comments) comment(c);
    line(record.moves, 1);
    add({is_result(record.result) ? std::string_view(record.result) : std::string_view("*")});
  }

  void wrap(std::string& out) const {
    bool start = true;  // at the start of an output line
    std::size_t col = 0;
    for (const auto& u : units_) {
      std::string_view text = u.text;
      std::size_t nl = text.find_first_of("\r\n");
      std::size_t width = code_points(text.substr(0, nl));
      if (!start) {
        if (col + 1 + width <= kMaxLine) {
          out += ' ';
          ++col;
        } else {
          out += '\n';
          col = 0;
        }
      }
      out += text;
      if (nl == std::string_view::npos) {
        col += width;
      } else {
        col = code_points(text.substr(text.find_last_of("\r\n") + 1));
      }
      start = false;
      if (u.ends_line) {
        out += '\n';
        col = 0;
        start = true;
      }
    }
  }

 private:
  struct Unit {
    std::string text;
    bool ends_line = false;  // a ';' comment: the line end is part of it
  };

  // Adds a unit: a waiting '(', then the pieces.
  void add(std::initializer_list<std::string_view> pieces, bool ends_line = false) {
    Unit& unit = units_.emplace_back();
    if (open_) unit.text.push_back('(');
    open_ = false;
    for (auto piece : pieces) unit.text += piece;
    unit.ends_line = ends_line;
  }
  void comment(const std::string& raw) {
    std::string scratch;
    const std::string_view text = clean(raw, chars::Field::comment, scratch);
    if (text.find('}') == std::string::npos) add({"{", text, "}"});
    else add({";", text}, true);
  }
  void close() {
    if (!units_.empty() && !units_.back().ends_line) units_.back().text += ')';
    else add({")"});
  }

  void line(const Line& moves, std::uint32_t first) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Node& node = moves[i];
      std::uint32_t turn = first + static_cast<std::uint32_t>(i);
      std::string scratch;
      const std::string_view move = clean(node.move, chars::Field::move, scratch);
      if (node.before.empty()) {
        add({std::to_string(turn), ". ", move});
      } else {  // "N. {before} move": the number claims the comments for its move
        add({std::to_string(turn), "."});
        for (const auto& c : node.before) comment(c);
        add({move});
      }
      for (auto nag : node.nags) add({"$", std::to_string(nag)});
      for (const auto& c : node.after) comment(c);
      for (const auto& variation : node.variations) {
        if (variation.empty()) {
          add({"()"});
          continue;
        }
        open_ = true;
        line(variation, turn);
        close();
      }
    }
  }

  std::vector<Unit> units_;
  bool open_ = false;  // a '(' waits for the first unit of a variation
};

}  // namespace

std::string to_text(const GameRecord& record) {
  std::string out;
  for (auto name : kRoster) {
    const TagPair* tag = record.find_tag(name);
    // A record without a Result tag: the tag of the result token written.
    const bool token = name == "Result" && is_result(record.result);
    write_tag(out, name, tag ? std::string_view(tag->value) : token ? std::string_view(record.result) : roster_default(name));
  }
  for (auto name : kAfterRoster)
    if (const TagPair* tag = record.find_tag(name)) write_tag(out, name, tag->value);
  auto placed = [](std::string_view name) {
    for (auto r : kRoster)
      if (r == name) return true;
    for (auto r : kAfterRoster)
      if (r == name) return true;
    return false;
  };
  for (const auto& tag : record.tags)
    if (!placed(tag.name)) write_tag(out, tag.name, tag.value);
  out += '\n';

  Movetext movetext;
  movetext.game(record);
  movetext.wrap(out);
  out += "\n\n";
  return out;
}

void write_text(std::ostream& out, const GameRecord& record) { out << to_text(record); }

}  // namespace beyt::notation
