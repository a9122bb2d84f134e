// JSON records' reader (reader.cpp): the structure a record's values stand
// in (schemas/record.schema.json): the slots, the stack of open containers,
// the keys of each object, JSON Pointers, and syntax errors in beyt's words.

// A part of reader.cpp, included by it alone: its names stay in the
// anonymous namespace, as they were in one file (a change here recompiles
// only the reader).
#pragma once

#include "beyt/notation/json.hpp"
#include "../node_maker.hpp"
#include "../format_table.hpp"
#include "../tag_names.hpp"
#include "../utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "source.hpp"

namespace beyt::notation {
namespace {

// --- Reader: structure ------------------------------------------------------

/// What a value must be, by where it stands; also the kind of a container.
enum class Slot : std::uint8_t {
  root, format, version, games, game, tags, tag_value, comments, before, after,
  comment, moves, line, node, move, nags, nag, variations, result,
};

std::string_view expected(Slot s) noexcept {
  switch (s) {
    case Slot::root: return "an object";
    case Slot::format: return "the string \"beyt\"";
    case Slot::version: return "the number 1";
    case Slot::games: return "an array of games";
    case Slot::game: return "a game object";
    case Slot::tags: return "an object of tags";
    case Slot::tag_value: return "a string";
    case Slot::comments: case Slot::before: case Slot::after: return "an array of strings";
    case Slot::comment: return "a string";
    case Slot::moves: case Slot::line: return "an array of moves";
    case Slot::node: return "a move object";
    case Slot::move: return "a string";
    case Slot::nags: return "an array of integers";
    case Slot::nag: return "an integer from 0 to 255";
    case Slot::variations: return "an array of lines";
    case Slot::result: return "one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\"";
  }
  return "a value";
}

struct Frame {
  void* target = nullptr;     // vector<string>*, Line*, Node*, vector<uint8_t>*
  Pos pos;                    // of its '{' or '['
  std::uint32_t count = 0;    // array: elements begun so far
  std::uint32_t turn = 0;     // line: turn of its first node; node/variations: the node's turn
  Slot kind = Slot::root;     // root, games, game, tags, comments, line, node, nags, variations
  Slot expect = Slot::root;   // object: slot of the value after the last key
  std::uint8_t seen = 0;      // object: one bit per known key (at most 5)
  std::int8_t key = -1;       // object: the last key taken (its index in the keys; tags: 0, the last tag)
};

/// The open containers, innermost last: std::vector's interface in short,
/// with a push that stays inline (vector's emplace_back is a call here, on
/// every '{' and '[' of the input).
class FrameStack {
 public:
  FrameStack() : frames_(32), end_(frames_.data()) {}
  FrameStack(const FrameStack&) = delete;
  FrameStack& operator=(const FrameStack&) = delete;
  /// A new Frame{} on top.
  [[gnu::always_inline]] Frame& push() {
    if (end_ == frames_.data() + frames_.size()) [[unlikely]] grow();
    *end_ = Frame{};
    return *end_++;
  }
  void pop_back() noexcept { --end_; }
  /// The `n` outermost containers kept (or Frame{}s added up to `n`).
  void resize(std::size_t n) {
    while (size() < n) push();
    end_ = frames_.data() + n;
  }
  void clear() noexcept { end_ = frames_.data(); }
  std::size_t size() const noexcept { return static_cast<std::size_t>(end_ - frames_.data()); }
  bool empty() const noexcept { return end_ == frames_.data(); }
  Frame& back() noexcept { return end_[-1]; }
  const Frame& back() const noexcept { return end_[-1]; }
  Frame& operator[](std::size_t i) noexcept { return frames_[i]; }
  const Frame& operator[](std::size_t i) const noexcept { return frames_[i]; }

 private:
  [[gnu::noinline]] void grow() {
    const std::size_t n = size();
    frames_.resize(2 * n);
    end_ = frames_.data() + n;
  }

  std::vector<Frame> frames_;  // size(): the room
  Frame* end_;                 // after the innermost open container
};

struct Key {
  std::string_view name;
  Slot slot;
};
constexpr std::array kRootKeys{Key{"format", Slot::format}, Key{"version", Slot::version},
                               Key{"games", Slot::games}};
constexpr std::array kGameKeys{Key{"tags", Slot::tags}, Key{"comments", Slot::comments},
                               Key{"moves", Slot::moves}, Key{"result", Slot::result}};
constexpr std::array kNodeKeys{Key{"move", Slot::move}, Key{"before", Slot::before},
                               Key{"nags", Slot::nags}, Key{"after", Slot::after},
                               Key{"variations", Slot::variations}};
constexpr std::uint32_t kRootRequired = 0b111;   // format, version, games
constexpr std::uint32_t kGameRequired = 0b1101;  // tags, moves, result
constexpr std::uint32_t kNodeRequired = 0b1;     // move

/// `a == b` for the short keys of a record, without a call to memcmp.
bool same_key(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

void append_pointer_token(std::string& path, std::string_view key) {
  path += '/';
  // find_first_of("~/") would call memchr once per character of the key
  if (std::none_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
    path += key;
    return;
  }
  for (char c : key) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

void append_index(std::string& path, std::uint32_t index) {
  char buf[16];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, index);
  (void)ec;
  path += '/';
  path.append(buf, end);
}

/// nlohmann's token names in beyt's words, for syntax messages.
std::string_view token_words(std::string_view t) noexcept {
  if (t == "string literal") return "a string";
  if (t == "number literal") return "a number";
  if (t == "true literal") return "true";
  if (t == "false literal") return "false";
  if (t == "null literal") return "null";
  if (t == "end of input") return "the end of the input";
  if (t == "'[', '{', or a literal") return "a value";
  if (t == "<parse error>" || t == "<uninitialized>") return "something that is not JSON";
  return t;  // "'['", "','" and the other punctuation, as they are
}

/// The text between `from` and the next `until` (or the end) in `s`.
std::string_view between(std::string_view s, std::string_view from, std::string_view until) noexcept {
  const std::size_t a = s.find(from);
  if (a == std::string_view::npos) return {};
  s.remove_prefix(a + from.size());
  return s.substr(0, s.find(until));
}

/// A syntax error in beyt's words (never the library's message): what was
/// found, and what JSON allows there. `what` is nlohmann's message, taken
/// apart; `run` is the number or word at the error ("0x1", "01", "tru").
struct SyntaxReason {
  Code code = Code::json_syntax;
  std::string reason;
};
SyntaxReason json_syntax_reason(int id, std::string_view what, std::string_view token, const std::string& run) {
  constexpr std::string_view kValues =
      ": JSON numbers are decimal, without leading zeros or a '+', and its only words are true, false and null";
  if (id == 406) return {Code::json_syntax, "number " + std::string(token) + " is out of range"};
  const std::string_view detail = between(what, "- ", "\x01");  // to the end
  if (detail.rfind("unexpected ", 0) != 0) {
    // A lexer error: "MESSAGE; last read: 'TOKEN'".
    const std::string_view message = detail.substr(0, detail.find("; last read: "));
    const std::string found = run.empty() ? std::string(token) : run;
    if (found.rfind("/", 0) == 0 || message.find("comment") != std::string_view::npos)
      return {Code::json_syntax, "JSON has no comments"};
    if (detail.find("; expected end of input") != std::string_view::npos)
      return {Code::json_syntax, "expected the end of the input after the record, found '" + found + "'"};
    if (message == "invalid literal" || message.rfind("invalid number", 0) == 0)
      return {Code::json_syntax, "'" + found + "' is not a JSON value" + std::string(kValues)};
    if (message == "invalid string: ill-formed UTF-8 byte")
      return {Code::bad_utf8, "invalid UTF-8 in a string"};
    if (message == "invalid string: missing closing quote")
      return {Code::json_syntax, "a string is not closed: expected '\"' before the end of the input"};
    if (message.find("control character") != std::string_view::npos) {
      const std::string_view name = between(message, "control character ", " must");
      return {Code::json_syntax, "control character " + std::string(name) + " in a string: JSON writes it escaped"};
    }
    if (message == "invalid string: forbidden character after backslash")
      return {Code::json_syntax,
              "unknown escape in a string: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"};
    if (message.find("must be followed by 4 hex digits") != std::string_view::npos)
      return {Code::json_syntax, "'\\u' in a string must be followed by four hexadecimal digits"};
    if (message.find("surrogate") != std::string_view::npos)
      return {Code::json_syntax, "an unpaired surrogate in a string: \\uD800..\\uDBFF must be followed by "
                                 "\\uDC00..\\uDFFF, which may follow nothing else"};
    if (message.find("BOM") != std::string_view::npos)
      return {Code::json_syntax, "a broken byte-order mark (only EF BB BF may start the input)"};
    return {Code::json_syntax, "not valid JSON here"};
  }
  // A token the parser did not expect: "unexpected FOUND[; expected WANTED]".
  const std::string_view found = between(detail, "unexpected ", ";");
  const std::string_view context = between(what, "while parsing ", " -");
  // "01", "1.5.2", "truex": a number or word run on into the next token.
  if (run.size() > token.size() &&
      (found == "number literal" || found == "true literal" || found == "false literal" || found == "null literal"))
    return {Code::json_syntax, "'" + run + "' is not a JSON value" + std::string(kValues)};
  std::string where;
  if (context == "object key") where = "expected a key (a string)";
  else if (context == "object separator") where = "expected ':' after the key";
  else if (context == "object") where = "expected ',' or '}' after a member of an object";
  else if (context == "array") where = "expected ',' or ']' after an element of an array";
  else if (between(detail, "; expected ", "\x01") == "end of input") where = "expected the end of the input after the record";
  else where = "expected a value";
  return {Code::json_syntax, where + ", found " + std::string(token_words(found))};
}

}  // namespace
}  // namespace beyt::notation
