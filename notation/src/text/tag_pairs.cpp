// The text reader (reader.hpp): tag pairs, [Name "value"], each read as
// meant where a slip (no quotes, an unescaped '"', no ']') names its fix,
// and under strict the roster's order (NOTATION.md sections 1 and 10).
#include "reader.hpp"

namespace beyt::notation {
using namespace text_impl;
namespace {

// A tag pair as the canonical form writes it: [Name "value"] with '"' and
// '\' escaped (the fix a message names).
std::string tag_text(std::string_view name, std::string_view value) {
  std::string out = "[" + std::string(name) + " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"]";
}

// Rank of a tag after the roster in canonical order: Game, Rules, SetUp,
// Source, then every other tag.
int post_roster_rank(std::string_view name) {
  static constexpr std::string_view kOrder[] = {"Game", "Rules", "SetUp", "Source"};
  for (int i = 0; i < 4; ++i)
    if (name == kOrder[i]) return i;
  return 4;
}

}  // namespace

void TextReader::Impl::tag_pair(GameRecord& out, bool bracket) {
  TagPair tag;
  tag.loc = here();
  if (bracket) {
    ++pos;
    ++col;
  }
  line_has_token = true;
  skip_blanks();
  int c = peek();
  if (!is_name_char(c)) [[unlikely]] {
    // Which tag this was is not known: every tag the validator reads is
    // in doubt. Reading goes on at the next line.
    note(Code::bad_tag, here(), "expected a tag name (letters, digits, '_') after '['");
    broken.doubtful = kAllReadTags;
    skip_raw_line(false);
    return;
  }
  while (is_name_char(c)) {
    tag.name += static_cast<char>(c);
    ++pos;
    ++col;
    c = peek();
  }
  skip_blanks();
  tag_damaged = false;
  if (tag_value(tag)) {
    skip_blanks();
    if (peek() != ']') [[unlikely]]
      unclosed_tag(tag);
    else {
      ++pos;
      ++col;
      // A ']' too many after the pair ([Site "Cairo"]]): noted and skipped,
      // the tag section goes on (not the movetext, nor a game of its own).
      for (skip_blanks(); peek() == ']';) [[unlikely]] {
        note(Code::unexpected_token, here(), "a ']' too many after tag pair " + tag.name + ": write " +
                                                  tag_text(tag.name, tag.value));
        ++pos;
        ++col;
        skip_blanks();
      }
    }
  }
  if (!bracket) [[unlikely]]
    note(Code::bad_tag, tag.loc, "tag pair " + tag.name + " has no '[': write " + tag_text(tag.name, tag.value));
  if (tag_damaged) broken.doubtful |= read_tag_bit(tag.name);
  if (!tag_names.insert(tag.name)) [[unlikely]] {
    duplicate_tag(out, tag);
    return;
  }
  if (options.strict) strict_tag_order(out, tag);
  out.tags.push_back(std::move(tag));
}

bool TextReader::Impl::tag_without_bracket() {
  constexpr std::size_t kLookAhead = 4096;
  std::size_t k = 0;
  while (k < kLookAhead && is_name_char(peek(k))) ++k;
  const std::size_t name_end = k;
  while (k < kLookAhead && (peek(k) == ' ' || peek(k) == '\t')) ++k;
  if (name_end == 0 || k == name_end || peek(k) != '"') return false;
  int last = -1;  // the line's last character but blanks
  for (int c = peek(k); k < kLookAhead && c >= 0 && c != '\n' && c != '\r'; c = peek(++k))
    if (c != ' ' && c != '\t') last = c;
  return last == ']';
}

// A tag pair without its ']' after the value: noted, and reading goes on
// after the next ']' on the line (or at the next line).
void TextReader::Impl::unclosed_tag(const TagPair& tag) {
  note(Code::bad_tag, here(), "expected ']' to close tag " + tag.name + ": write " + tag_text(tag.name, tag.value));
  for (int c = peek(); c >= 0 && c != '\n' && c != '\r'; c = peek()) {
    if ((c & 0xC0) != 0x80) ++col;
    ++pos;
    if (c == ']') return;
  }
}

// The first value counts; the tag is in doubt when the two differ.
void TextReader::Impl::duplicate_tag(const GameRecord& out, const TagPair& tag) {
  const TagPair* first = out.find_tag(tag.name);
  if (first && first->value != tag.value) broken.doubtful |= read_tag_bit(tag.name);
  note(Code::duplicate_tag, tag.loc, "tag " + tag.name + " appears twice in this game: keep one of them");
}

// The value of a tag pair at pos: '"' ... '"'. True when the caller is to
// read the ']' that closes the pair; false when the value ran to the end
// of its line or the pair was closed already. A slip is noted with its
// fix and the value read as meant: a value not in quotes (up to ']',
// unquoted_value), a '"' inside the value that is not escaped (the value
// goes on to the '"' before the ']'), a value not closed before the end of
// its line (up to a ']' that ends the line).
bool TextReader::Impl::tag_value(TagPair& tag) {
  if (peek() != '"') [[unlikely]]
    return unquoted_value(tag);
  SourceLoc open = here();
  ++pos;
  ++col;
  tag.value_loc = here();
  std::string& value = tag.value;
  Spot inner{0, 0, 0};  // the first '"' inside the value, not escaped
  mark = pos;
  field = chars::Field::tag_value;
  for (;;) {
    if (pos == end) {
      value.append(buf.data() + mark, pos - mark);
      mark = pos;
      if (!more()) break;
      continue;
    }
    auto c = static_cast<unsigned char>(buf[pos]);
    if (c == '"') {
      if (closes_value()) [[likely]]
        break;
      if (inner.line == 0) inner = spot();
      ++pos;
      ++col;
      continue;
    }
    if (c == '\n' || c == '\r') break;
    if (c == '\\') {
      value.append(buf.data() + mark, pos - mark);
      mark = pos;
      int e = peek(1);
      if (e != '"' && e != '\\') [[unlikely]] {
        // Kept as written: the backslash is read as itself.
        note(Code::bad_tag, here(),
             "unknown escape in the value of tag " + tag.name +
                 ": only \\\" and \\\\ are allowed (write \\\\ for a backslash)");
        ++pos;
        ++col;
        continue;
      }
      value += static_cast<char>(e);
      pos += 2;
      col += 2;
      mark = pos;
    } else if (c < 0x80) {
      if (c < 0x20 || c == 0x7F) [[unlikely]]
        control(c);
      ++pos;
      ++col;
    } else {
      multibyte();
    }
  }
  value.append(buf.data() + mark, pos - mark);
  mark = kNone;
  field = chars::Field::move;
  if (inner.line > 0) [[unlikely]]
    note(Code::bad_tag, inner.loc(),
         "a '\"' inside the value of tag " + tag.name + " is written \\\": write " + tag_text(tag.name, value));
  if (peek() != '"') [[unlikely]] {
    unclosed_value(tag, open);
    return false;
  }
  ++pos;
  ++col;
  return true;
}

// The line ends before the value's closing '"': a ']' at its end closes
// the pair as meant.
void TextReader::Impl::unclosed_value(TagPair& tag, const SourceLoc& open) {
  std::string& value = tag.value;
  std::size_t n = value.size();
  while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t')) --n;
  if (n > 0 && value[n - 1] == ']') {
    value.resize(n - 1);
    note(Code::unterminated_string, open,
         "the value of tag " + tag.name + " is not closed: write " + tag_text(tag.name, value));
  } else {
    note(Code::unterminated_string, open,
         "the value of tag " + tag.name + " is not closed: expected '\"' before the end of the line");
  }
}

// A tag value without quotes (at pos): read up to the ']' (consumed) or
// the end of the line, and noted with its fix. False: the pair is closed.
bool TextReader::Impl::unquoted_value(TagPair& tag) {
  const SourceLoc open = here();
  tag.value_loc = open;
  std::string& value = tag.value;
  read_line_text(value, chars::Field::tag_value, ']');
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
  // Read as meant: a ':' or '=' after the name ([Site: "Cairo"]) and the
  // '"' of a value quoted on one side only ([Site Cairo"]) are not the value.
  std::size_t from = 0, to = value.size();
  if (from < to && (value[from] == ':' || value[from] == '=')) {
    ++from;
    while (from < to && (value[from] == ' ' || value[from] == '\t')) ++from;
  }
  if (from < to && value[from] == '"') ++from;
  if (from < to && value[to - 1] == '"' && (to - from < 2 || value[to - 2] != '\\')) --to;
  value = value.substr(from, to - from);
  tag.value_loc.column += static_cast<std::uint32_t>(from);  // what went is ASCII: a column a byte
  tag.value_loc.offset += from;
  note(Code::bad_tag, open, "the value of tag " + tag.name + " is not in quotes: write " + tag_text(tag.name, value));
  if (peek() == ']') {
    ++pos;
    ++col;
  }
  return false;
}

// At a '"' in a tag value: whether it closes the value. It does when ']'
// follows (after blanks), or when no later '"' on the line is followed by
// a ']' (the pair is broken some other way); else it is a '"' inside the
// value that was not escaped. Looks at most kLookAhead bytes ahead.
bool TextReader::Impl::closes_value() {
  if (peek(1) == ']') [[likely]]
    return true;
  return closes_value_more();
}

bool TextReader::Impl::closes_value_more() {
  constexpr std::size_t kLookAhead = 4096;
  auto blanks = [&](std::size_t k) {
    while (k < kLookAhead && (peek(k) == ' ' || peek(k) == '\t')) ++k;
    return k;
  };
  std::size_t k = blanks(1);
  int c = peek(k);
  if (c == ']' || c < 0 || c == '\n' || c == '\r') return true;
  for (; k < kLookAhead; ++k) {
    c = peek(k);
    if (c < 0 || c == '\n' || c == '\r') return true;
    if (c == '"' && peek(k - 1) != '\\' && peek(blanks(k + 1)) == ']') return false;
  }
  return true;
}

// Strict: the seven roster tags first, in order; then Game, Rules, SetUp,
// Source (those present), then the others.
void TextReader::Impl::strict_tag_order(const GameRecord& out, const TagPair& tag) {
  if (roster_noted) return;  // one roster error a game: the others follow from it
  std::size_t i = out.tags.size();
  if (i < std::size(kRoster)) {
    if (tag.name != kRoster[i]) {
      roster_noted = true;
      note(Code::strict_roster, tag.loc,
           "expected tag " + std::string(kRoster[i]) + " here, found " + tag.name +
               ": the roster tags Event, Site, Date, Round, South, North, Result come first, in "
               "this order");
    }
    return;
  }
  int rank = post_roster_rank(tag.name);
  int last = post_roster_rank(out.tags.back().name);
  if (i > std::size(kRoster) && rank < last) {
    roster_noted = true;
    note(Code::strict_roster, tag.loc,
         "tag " + tag.name + " is out of order: after the roster come Game, Rules, SetUp, "
         "Source, then the other tags");
  }
}

void TextReader::Impl::strict_roster_complete(const GameRecord& out) {
  std::size_t n = out.tags.size();
  if (n < std::size(kRoster) && !roster_noted)
    note(Code::strict_roster, here(),
         "missing roster tag " + std::string(kRoster[n]) +
             ": every game starts with the tags Event, Site, Date, Round, South, North, Result");
}

}  // namespace beyt::notation
