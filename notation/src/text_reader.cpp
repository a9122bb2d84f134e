// The streaming reader of the text notation (beyt/notation/text.hpp; grammar:
// notation/NOTATION.md, sections 1-4).
//
// The reader pulls the stream through its own buffer in chunks (64 KiB) and
// holds one game at a time. A token is scanned in place: `mark_` pins its
// first byte so that a refill in the middle of the token keeps it (the buffer
// grows only when one token is longer than the buffer). Comments and tag
// values are appended to their record strings segment by segment, so a long
// comment never grows the buffer. Every byte is visited once, in a tight loop
// over the buffer; line, column (code points) and offset are kept as we go.
//
// Inside a game a syntax error is noted (GameErrors) and the reader reads on
// where it can trust the text again: a tag pair at the next line (or with
// the fix the slip asks for: a value without quotes, an unescaped '"'), the
// movetext at the next token, turn number or comment; it marks what the
// error may have spoilt (a move, the variations, a tag the validator reads)
// so that the validator reports no error that only follows from it. At
// ReadOptions::max_errors errors, or variations nested too deep, it gives the
// game up (GiveUp) and skips to the next one. Between games an error (strict
// layout, a byte-order mark under strict) stops next() at once (Stop).
// Recursion (variations) is bounded by kMaxDepth, and every loop consumes
// input or stops, so no input can crash or hang the reader. The recovery
// costs nothing on valid text: it lives on the error paths alone.
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "beyt/chars.hpp"
#include "beyt/notation/text.hpp"
#include "error_limit.hpp"
#include "node_maker.hpp"
#include "tag_names.hpp"

namespace beyt::notation {

namespace detail {
// Test hook (not in the public header): the size of each read from the
// stream. Tests set it to a few bytes so that every token straddles a chunk
// boundary somewhere. Read when a TextReader is constructed.
std::size_t text_reader_chunk_size = std::size_t{64} * 1024;
}  // namespace detail

namespace {

constexpr unsigned kMaxDepth = kMaxVariationDepth;  // deepest variation nesting accepted
constexpr std::size_t kNone = static_cast<std::size_t>(-1);
constexpr std::size_t kMaxReserve = 4096;  // room made ahead for turns and tags, at most

constexpr std::uint64_t kNoDamage = static_cast<std::uint64_t>(-1);

struct Stop {};    // an error between games: `error` is filled in
struct GiveUp {};  // the game is given up: its errors are in `broken`

// Bytes that can be part of a move token (NOTATION.md "move-char"): every
// byte except blanks, line ends, [ ] { } ( ) ; " $ ! ? % and the ASCII
// control characters. Bytes >= 0x80 are move characters once the UTF-8
// sequence they start is valid.
constexpr std::array<bool, 256> make_move_chars() {
  std::array<bool, 256> t{};
  for (int c = 0x21; c < 0x7F; ++c) t[c] = true;
  for (char c : std::string_view("[]{}();\"$!?%")) t[static_cast<unsigned char>(c)] = false;
  for (int c = 0x80; c < 0x100; ++c) t[c] = true;
  return t;
}
constexpr std::array<bool, 256> kMoveChar = make_move_chars();
// The ASCII move characters alone (false for every byte >= 0x80): the
// scanner's fast loop, one column per byte.
constexpr std::array<bool, 256> make_ascii_move_chars() {
  std::array<bool, 256> t = make_move_chars();
  for (int c = 0x80; c < 0x100; ++c) t[c] = false;
  return t;
}
constexpr std::array<bool, 256> kAsciiMoveChar = make_ascii_move_chars();

bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_name_char(int c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}
bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

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

std::string hex_byte(unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

// The reason of an E110 (NOTATION.md section 11).
std::string bad_character(char32_t cp, chars::Field field) {
  return chars::why_not(cp, field) + ": no record may hold it (NOTATION.md section 11)";
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

struct TextReader::Impl {
  Impl(std::istream& in_, std::string file_, ReadOptions options_)
      : in(in_), file(std::move(file_)), options(options_),
        chunk(std::max<std::size_t>(detail::text_reader_chunk_size, 1)),
        buf(std::max<std::size_t>(chunk, 16)) {
    error.file = file;
  }

  std::istream& in;
  std::string file;
  ReadOptions options;
  std::size_t chunk;

  // --- buffer -------------------------------------------------------------
  std::vector<char> buf;
  std::size_t pos = 0;      // next byte to read
  std::size_t end = 0;      // end of the valid bytes
  std::size_t mark = kNone; // first byte to keep on refill (<= pos)
  std::uint64_t base = 0;   // input offset of buf[0]
  bool eof = false;
  bool read_failed = false; // the stream failed: nothing more can be read

  // --- place --------------------------------------------------------------
  std::uint32_t line = 1;
  std::uint32_t col = 1;
  bool line_has_token = false;  // a token has been read on the current line
  bool started = false;

  // --- games and errors ---------------------------------------------------
  std::uint32_t game = 0;
  Diagnostic error;
  bool failed = false;
  bool error_in_tags = false;  // the game was given up in its tag section (for recover)
  bool resume_here = false;    // the error is at the next game's '['
  bool in_tags = false;
  bool roster_noted = false;   // strict: the game's roster error is noted
  std::uint8_t layout_noted = 0;  // strict: the game's tab (kTabNoted) or CR (kCrNoted) is noted
  static constexpr std::uint8_t kTabNoted = 1, kCrNoted = 2;
  bool in_game = false;        // an error is noted and read past (else: Stop)
  GameErrors broken;           // the errors of the game being read
  std::uint64_t damage_at = kNoDamage;  // first error that may have lost or changed a main-line move
  unsigned depth_now = 0;      // variation depth of the text being read
  std::uint64_t open_at = 0;   // offset of the outermost '(' still open
  bool tag_damaged = false;    // the tag value being read holds an error
  bool swallowed = false;      // a '{' comment ran to the end of the input
  bool ended = false;          // the movetext ended inside a variation
  TurnNumberSlip slip;         // the first main-line turn number that disagrees
  TagNames tag_names;          // of the game being read (E105)
  std::size_t last_moves = 0;  // main-line turns of the last game: room made
  std::size_t last_tags = 0;   // before the next one is read (no regrowth)
  NodeMaker nodes;             // starts each turn's Node
  chars::Field field = chars::Field::move;  // where the text being scanned stands (E110)
  std::vector<Diagnostic> warnings;  // not yet taken (take_warnings)

  SourceLoc here() const {
    SourceLoc loc;
    loc.line = line;
    loc.column = col;
    loc.offset = base + pos;
    return loc;
  }
  // A place as three numbers: here() without the SourceLoc (its pointer
  // string is built and dropped for nothing on a token that is fine).
  struct Spot {
    std::uint32_t line, column;
    std::uint64_t offset;
    SourceLoc loc() const {
      SourceLoc out;
      out.line = line;
      out.column = column;
      out.offset = offset;
      return out;
    }
  };
  Spot spot() const { return {line, col, base + pos}; }

  // An error at `loc`. Inside a game it is noted and the caller reads on
  // (GiveUp at max_errors); between games it stops next() (Stop).
  [[gnu::noinline, gnu::cold]] void note(Code code, const SourceLoc& loc, std::string reason, std::uint32_t turn = 0) {
    Diagnostic d;
    d.code = code;
    d.reason = std::move(reason);
    d.file = file;
    d.loc = loc;
    d.game = game;
    d.turn = turn;
    if (!in_game) {
      error = std::move(d);
      throw Stop{};
    }
    broken.errors.push_back(std::move(d));
    if (options.max_errors != 0 && broken.errors.size() >= options.max_errors) {
      error_in_tags = in_tags;
      broken.errors.back().reason += detail::more_errors_note(options.max_errors);
      throw GiveUp{};
    }
  }
  // An error at input offset `at` may have lost or changed what stands
  // there: a main-line move (the replay stops before it, and checks no
  // result), or, inside a variation, the variations (not replayed).
  void damage(std::uint64_t at) {
    if (depth_now == 0) damage_at = std::min(damage_at, at);
    else broken.variations = false;
  }
  // The movetext from the outermost open '(' on may belong to the main line.
  void damage_main_line() { damage_at = std::min(damage_at, open_at); }

  // Reads one more chunk; false when the stream has nothing more.
  bool more() {
    if (eof) return false;
    std::size_t keep = mark != kNone ? mark : pos;
    if (keep > 0) {
      std::memmove(buf.data(), buf.data() + keep, end - keep);
      end -= keep;
      pos -= keep;
      if (mark != kNone) mark -= keep;
      base += keep;
    }
    if (end == buf.size()) buf.resize(buf.size() * 2);  // one token fills the buffer
    in.read(buf.data() + end, static_cast<std::streamsize>(std::min(chunk, buf.size() - end)));
    auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0) {
      eof = true;
      read_failed = in.bad();
      return false;
    }
    end += got;
    return true;
  }
  bool ensure(std::size_t n) {
    while (end - pos < n)
      if (!more()) return false;
    return true;
  }
  // The byte k ahead of pos (-1 at the end of the input). Inline for the
  // common case of a byte already in the buffer.
  [[gnu::always_inline]] int peek(std::size_t k = 0) {
    if (end - pos > k) [[likely]]
      return static_cast<unsigned char>(buf[pos + k]);
    return peek_more(k);
  }
  [[gnu::noinline]] int peek_more(std::size_t k) {
    if (!ensure(k + 1)) return -1;
    return static_cast<unsigned char>(buf[pos + k]);
  }

  void newline() {
    ++line;
    col = 1;
    line_has_token = false;
  }

  // Length of the valid UTF-8 sequence starting with the byte >= 0x80 at pos,
  // 0 if it is not valid (RFC 3629: no overlong forms, no surrogates, at most
  // U+10FFFF). May refill the buffer (pos and mark move with it).
  std::size_t utf8_length() {
    auto c0 = static_cast<unsigned char>(buf[pos]);
    std::size_t n = 0;
    if (c0 >= 0xC2 && c0 <= 0xDF) n = 2;
    else if (c0 >= 0xE0 && c0 <= 0xEF) n = 3;
    else if (c0 >= 0xF0 && c0 <= 0xF4) n = 4;
    else return 0;
    if (!ensure(n)) return 0;
    auto c1 = static_cast<unsigned char>(buf[pos + 1]);
    if ((c0 == 0xE0 && c1 < 0xA0) || (c0 == 0xED && c1 > 0x9F) || (c0 == 0xF0 && c1 < 0x90) ||
        (c0 == 0xF4 && c1 > 0x8F))
      return 0;
    for (std::size_t i = 1; i < n; ++i)
      if ((static_cast<unsigned char>(buf[pos + i]) & 0xC0) != 0x80) return 0;
    return n;
  }
  // Consumes the multibyte character at pos (one column). Invalid UTF-8
  // (E101: the bad byte and the continuation bytes after it, one column) or
  // a character no record may hold (E110: C1 controls and noncharacters,
  // wherever they stand) is noted and consumed all the same.
  void multibyte() {
    std::size_t n = utf8_length();
    if (n == 0) [[unlikely]] {
      bad_byte();
      return;
    }
    char32_t cp = 0;
    chars::decode(reinterpret_cast<const unsigned char*>(buf.data() + pos), n, cp);
    if (!chars::allowed(cp, field)) [[unlikely]]
      bad_text(Code::bad_character, bad_character(cp, field));
    pos += n;
    ++col;
  }
  [[gnu::noinline]] void bad_byte() {
    bad_text(Code::bad_utf8, "invalid UTF-8: byte " + hex_byte(static_cast<unsigned char>(buf[pos])) +
                                 " does not start a valid UTF-8 sequence here");
    ++pos;
    while (peek() >= 0x80 && peek() < 0xC0) ++pos;
    ++col;
  }
  // A character at pos that `field` may not hold: noted; a move that holds
  // it is spoilt, a tag value is in doubt.
  [[gnu::noinline]] void bad_text(Code code, std::string reason) {
    const SourceLoc at = here();
    if (field == chars::Field::move) damage(at.offset);
    if (field == chars::Field::tag_value) tag_damaged = true;
    note(code, at, std::move(reason));
  }
  // An ASCII control character at pos that `field` may not hold (E110):
  // noted; the caller consumes it.
  void control(unsigned char c) { bad_text(Code::bad_character, bad_character(c, field)); }

  // --- blanks ---------------------------------------------------------------

  // Skips blanks, line ends and '%' escape lines. Strict: a tab, CR, '%' line
  // or a blank at the end of a line is strict_layout. Inline for the common
  // case between two tokens on a line: nothing, or one space.
  void skip_blanks() {
    if (!options.strict && end - pos >= 2) [[likely]] {
      const char c = buf[pos];
      const char d = buf[pos + 1];
      if (c == ' ' && d != ' ' && d != '\t' && d != '\n' && d != '\r') {
        ++pos;  // col > 1 after it: a '%' there is no escape line
        ++col;
        return;
      }
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '%') return;
    }
    skip_blanks_more();
  }
  [[gnu::noinline]] void skip_blanks_more() {
    bool trailing = false;  // strict: in a run of spaces
    SourceLoc run;
    for (;;) {
      if (pos == end && !more()) {
        if (trailing)
          note(Code::strict_layout, run, "trailing blank at the end of the input");
        return;
      }
      switch (buf[pos]) {
        case ' ':
          if (options.strict && !trailing) {
            trailing = true;
            run = here();
          }
          ++pos;
          ++col;
          break;
        case '\t':
          if (options.strict && !(layout_noted & kTabNoted)) {  // once a game: the others are the same slip
            layout_noted |= kTabNoted;
            note(Code::strict_layout, here(), "tab: the canonical form separates tokens with one blank");
          }
          ++pos;
          ++col;
          break;
        case '\n':
          if (trailing) note(Code::strict_layout, run, "trailing blank at the end of the line");
          trailing = false;
          ++pos;
          newline();
          break;
        case '\r':
          if (options.strict && !(layout_noted & kCrNoted)) {  // once a game: the others are the same slip
            layout_noted |= kCrNoted;
            note(Code::strict_layout, here(), "CR line end: the canonical form ends lines with LF only");
          }
          ++pos;
          newline();
          if (peek() == '\n') ++pos;
          break;
        case '%':
          if (col != 1) return;
          if (options.strict)
            note(Code::strict_layout, here(), "'%' escape line: the canonical form has none");
          skip_raw_line(false);
          break;
        default:
          return;
      }
    }
  }

  // Skips bytes up to the line end, and the line end too if `eat_end`. No
  // UTF-8 check: used for '%' lines and after errors.
  void skip_raw_line(bool eat_end) {
    for (;;) {
      if (pos == end && !more()) return;
      char c = buf[pos];
      if (c == '\n' || c == '\r') {
        if (!eat_end) return;
        ++pos;
        newline();
        if (c == '\r' && peek() == '\n') ++pos;
        return;
      }
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++col;
      ++pos;
    }
  }

  // --- tokens ---------------------------------------------------------------

  // Scans a run of move characters at pos. The view stays valid until the
  // next read from the buffer.
  std::string_view scan_word() {
    mark = pos;
    for (;;) {
      // A run of ASCII move characters, one column each, in locals (a char
      // store may alias the members, so the loop would reload them).
      const char* const data = buf.data();
      const std::size_t run = pos, stop = end;
      std::size_t i = run;
      while (i < stop && kAsciiMoveChar[static_cast<unsigned char>(data[i])]) ++i;
      pos = i;
      col += static_cast<std::uint32_t>(i - run);
      if (pos == end) {
        if (!more()) break;
        continue;
      }
      if (static_cast<unsigned char>(buf[pos]) < 0x80) break;
      multibyte();
    }
    std::string_view word(buf.data() + mark, pos - mark);
    mark = kNone;
    return word;
  }

  // '{' ... '}' at pos; returns the text between the braces, byte for byte.
  std::string brace_comment() {
    SourceLoc open = here();
    ++pos;
    ++col;
    std::string text;
    mark = pos;
    bool cr = false;
    field = chars::Field::comment;
    for (;;) {
      if (pos == end) {
        text.append(buf.data() + mark, pos - mark);
        mark = pos;
        if (!more()) {
          // Everything after the '{' went into the comment: the moves there
          // are lost (the validator replays none of them).
          mark = kNone;
          field = chars::Field::move;
          swallowed = true;
          damage(open.offset);
          note(Code::unterminated_comment, open,
               "comment '{' is never closed: expected '}' before the end of the input");
          return text;
        }
        continue;
      }
      auto c = static_cast<unsigned char>(buf[pos]);
      if (c == '}') break;
      if (c < 0x80) {
        if ((c < 0x20 || c == 0x7F) && c != '\t' && c != '\n' && c != '\r') [[unlikely]]
          control(c);
        ++pos;
        if (c == '\n') {
          if (!cr) ++line;
          col = 1;
        } else if (c == '\r') {
          ++line;
          col = 1;
        } else {
          ++col;
        }
        cr = c == '\r';
      } else {
        cr = false;
        multibyte();
      }
    }
    text.append(buf.data() + mark, pos - mark);
    mark = kNone;
    field = chars::Field::move;
    ++pos;
    ++col;
    return text;
  }

  // ';' comment at pos; returns the text up to (not including) the line end.
  std::string line_comment() {
    ++pos;
    ++col;
    std::string text;
    read_line_text(text, chars::Field::comment, '\n');
    return text;
  }

  // Appends to `text` the characters from pos up to the line end or `stop`,
  // checking each as `what` may hold it (E101, E110; a tab only in a
  // comment).
  void read_line_text(std::string& text, chars::Field what, char stop) {
    mark = pos;
    field = what;
    for (;;) {
      if (pos == end) {
        text.append(buf.data() + mark, pos - mark);
        mark = pos;
        if (!more()) break;
        continue;
      }
      auto c = static_cast<unsigned char>(buf[pos]);
      if (c == '\n' || c == '\r' || c == static_cast<unsigned char>(stop)) break;
      if (c < 0x80) {
        if ((c < 0x20 || c == 0x7F) && !(c == '\t' && what == chars::Field::comment)) [[unlikely]]
          control(c);
        ++pos;
        ++col;
      } else {
        multibyte();
      }
    }
    text.append(buf.data() + mark, pos - mark);
    mark = kNone;
    field = chars::Field::move;
  }

  // --- tag pairs ------------------------------------------------------------

  void tag_pair(GameRecord& out) {
    TagPair tag;
    tag.loc = here();
    ++pos;
    ++col;
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
      }
    }
    if (tag_damaged) broken.doubtful |= read_tag_bit(tag.name);
    if (!tag_names.insert(tag.name)) [[unlikely]] {
      duplicate_tag(out, tag);
      return;
    }
    if (options.strict) strict_tag_order(out, tag);
    out.tags.push_back(std::move(tag));
  }

  // A tag pair without its ']' after the value: noted, and reading goes on
  // after the next ']' on the line (or at the next line).
  [[gnu::noinline]] void unclosed_tag(const TagPair& tag) {
    note(Code::bad_tag, here(), "expected ']' to close tag " + tag.name + ": write " + tag_text(tag.name, tag.value));
    for (int c = peek(); c >= 0 && c != '\n' && c != '\r'; c = peek()) {
      if ((c & 0xC0) != 0x80) ++col;
      ++pos;
      if (c == ']') return;
    }
  }

  // The first value counts; the tag is in doubt when the two differ.
  [[gnu::noinline]] void duplicate_tag(const GameRecord& out, const TagPair& tag) {
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
  bool tag_value(TagPair& tag) {
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
  [[gnu::noinline]] void unclosed_value(TagPair& tag, const SourceLoc& open) {
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
  [[gnu::noinline]] bool unquoted_value(TagPair& tag) {
    const SourceLoc open = here();
    tag.value_loc = open;
    std::string& value = tag.value;
    read_line_text(value, chars::Field::tag_value, ']');
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
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
  bool closes_value() {
    if (peek(1) == ']') [[likely]]
      return true;
    return closes_value_more();
  }
  [[gnu::noinline]] bool closes_value_more() {
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
  void strict_tag_order(const GameRecord& out, const TagPair& tag) {
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

  void strict_roster_complete(const GameRecord& out) {
    std::size_t n = out.tags.size();
    if (n < std::size(kRoster) && !roster_noted)
      note(Code::strict_roster, here(),
           "missing roster tag " + std::string(kRoster[n]) +
               ": every game starts with the tags Event, Site, Date, Round, South, North, Result");
  }

  // --- movetext -------------------------------------------------------------

  // One line of movetext: the main line (depth 0) or a variation. Returns
  // after its ')' (consumed), or for the main line after the result token,
  // at the end of the input or at the next game's '['; also, from every
  // depth, when a variation ends without its ')' (`ended`). `first` is the
  // turn number of the line's first move.
  void movetext(Line& moves, unsigned depth, std::uint32_t first, GameRecord& record,
                const SourceLoc* open) {
    enum class At { start, move, variations } at = At::start;
    // `moves` may come with the Nodes of the reader's previous game (next()
    // keeps them): the first n are this line's, the others are reused as
    // turns come and dropped when the line ends, however it ends.
    std::size_t n = 0;
    struct Trim {
      Line& line;
      const std::size_t& n;
      ~Trim() {
        if (line.size() > n) line.erase(line.begin() + static_cast<std::ptrdiff_t>(n), line.end());
      }
    } trim{moves, n};
    std::vector<std::string> pending;  // comments for the next move
    bool nag_ok = false;               // strict: a NAG may stand here
    bool numbered = false;             // a turn number waits for its move
    SourceLoc number_loc;
    std::uint32_t turn = first;        // number of the next move
    const bool strict = options.strict;

    auto end_line = [&]() {
      if (strict && numbered)
        note(Code::strict_turn_number, number_loc,
             "turn number " + std::to_string(turn) + " is not followed by a move", turn);
      if (pending.empty()) return;
      if (n > 0) {
        auto& after = moves[n - 1].after;
        for (auto& c : pending) after.push_back(std::move(c));
      } else if (depth == 0) {
        for (auto& c : pending) record.comments.push_back(std::move(c));
      } else {
        note(Code::unexpected_token, here(),
             "a comment in a variation without moves has no move to belong to");
      }
    };
    auto add_nag = [&](unsigned value, const SourceLoc& loc) {
      if (n == 0) {
        note(Code::unexpected_token, loc, "a NAG must follow a move; this line has no move yet");
        return;
      }
      if (strict && !nag_ok)
        note(Code::strict_layout, loc,
             "the canonical form writes NAGs directly after their move, before comments and variations");
      moves[n - 1].nags.push_back(static_cast<std::uint8_t>(value));
    };
    // "!" "?" "!!" "??" "!?" "?!" at pos.
    auto suffix = [&]() {
      SourceLoc loc = here();
      int a = peek();
      int b = peek(1);
      unsigned value = a == '!' ? 1 : 2;
      std::size_t len = 1;
      if (b == '!' || b == '?') {
        len = 2;
        value = a == '!' ? (b == '!' ? 3 : 5) : (b == '?' ? 4 : 6);
      }
      pos += len;
      col += static_cast<std::uint32_t>(len);
      if (strict)
        note(Code::strict_layout, loc,
             "suffix annotation: the canonical form writes $" + std::to_string(value));
      add_nag(value, loc);
    };

    for (;;) {
      // An error in a token is thrown (fail: Stop) and caught here, outside
      // the loop: the hot path is the same as if errors ended the game, and
      // reading goes on after the token (resume_token).
      try {
        for (;;) {
        skip_blanks();
        const Spot tok = spot();  // a SourceLoc is made only for a diagnostic
        int c = peek();
        if (c < 0 || (c == '[' && !line_has_token)) {
          if (depth > 0) {
            // The variation's ')' is missing: what follows it may be the main
            // line's, so the main line from the outermost '(' on is in doubt.
            if (!swallowed)
              note(Code::unbalanced_variation, *open,
                   std::string("variation '(' is never closed: expected ')' before ") +
                       (c < 0 ? "the end of the input" : "the next game"));
            damage_main_line();
            ended = true;
            end_line();
            return;
          }
          end_line();
          if (strict && !swallowed)
            note(Code::missing_result, tok.loc(),
                 std::string("expected a result (1-0, 0-1, 1/2-1/2 or *) before ") +
                     (c < 0 ? "the end of the input" : "the next game"));
          else if (c == '[') {  // the next game's tags: odd, not illegal (W109; E109 under strict, above)
            Diagnostic w;
            w.code = Code::no_result_before_tags;
            w.severity = Severity::warning;
            w.reason = "the moves end without a result (1-0, 0-1, 1/2-1/2 or *) before the next game's tags: read as *";
            w.file = file;
            w.loc = tok.loc();
            w.game = game;
            warnings.push_back(std::move(w));
          }
          record.result = "*";
          record.moves_end = n > 0 ? end_of(moves[n - 1]) : tok.loc();
          return;
        }
        switch (c) {
          case '{':
          case ';': {
            std::string text = c == '{' ? brace_comment() : line_comment();
            if (c == ';' && strict && text.find('}') == std::string::npos)
              note(Code::strict_layout, tok.loc(),
                   "';' comment: the canonical form writes {comment} (';' only for a comment containing '}')");
            // NOTATION.md section 2, "Comments": after a turn number -> before
            // its move; after a move -> after it; at the start of the main line
            // -> the game's; otherwise (line start of a variation, after
            // variations) -> before the next move.
            if (numbered) pending.push_back(std::move(text));
            else if (at == At::move) moves[n - 1].after.push_back(std::move(text));
            else if (depth == 0 && n == 0) record.comments.push_back(std::move(text));
            else pending.push_back(std::move(text));
            line_has_token = true;
            nag_ok = false;
            break;
          }
          case '(': {
            if (strict && numbered)
              note(Code::strict_turn_number, number_loc,
                   "turn number " + std::to_string(turn) + " is not followed by a move", turn);
            if (depth + 1 > kMaxDepth) {
              note(Code::unexpected_token, tok.loc(),
                   "variations nested deeper than " + std::to_string(kMaxDepth) + " levels");
              throw GiveUp{};
            }
            ++pos;
            ++col;
            line_has_token = true;
            Line variation;
            const SourceLoc open_loc = tok.loc();
            if (depth == 0) open_at = tok.offset;
            depth_now = depth + 1;
            // Before any move the variation replaces nothing: read and dropped.
            if (n == 0)
              note(Code::unexpected_token, open_loc, "'(' before any move: a variation follows the move it replaces");
            movetext(variation, depth + 1, turn - 1, record, &open_loc);
            depth_now = depth;
            if (n > 0) moves[n - 1].variations.push_back(std::move(variation));
            if (ended) {
              end_line();
              return;
            }
            at = At::variations;
            nag_ok = false;
            break;
          }
          case ')':
            // Without its '(' (a variation's '(' may be missing: the moves
            // before it may not be the main line's).
            if (depth == 0) fail(Code::unbalanced_variation, tok, "')' without a matching '('", Resume::damage);
            end_line();
            ++pos;
            ++col;
            line_has_token = true;
            return;
          case '$': {
            ++pos;
            ++col;
            unsigned value = 0;
            std::size_t digits = 0;
            for (int d = peek(); is_digit(d); d = peek()) {
              if (value <= 255) value = value * 10 + static_cast<unsigned>(d - '0');
              ++digits;
              ++pos;
              ++col;
            }
            line_has_token = true;
            if (digits == 0)
              fail(Code::bad_nag, tok, "expected a number from 0 to 255 after '$'", Resume::token);
            if (value > 255)
              fail(Code::bad_nag, tok, "NAG out of range: expected a number from 0 to 255 after '$'", Resume::token);
            add_nag(value, tok.loc());
            break;
          }
          case '!':
          case '?':
            line_has_token = true;
            suffix();
            break;
          case '[':
            fail(Code::unexpected_token, tok,
                 "'[' in movetext: tag pairs come before the moves, and a new game's first tag starts a line",
                 Resume::tag);
          default:
            if (!kMoveChar[static_cast<unsigned>(c)]) [[unlikely]]
              stray(c, tok);
            line_has_token = true;
            if (is_digit(c) && turn_number(turn, numbered, number_loc)) break;
            std::string_view word = scan_word();
            if (is_result(word)) {
              record.result.assign(word);
              record.result_loc = tok.loc();
              if (depth > 0) {
                // The ')' is missing before the result: the game ends here,
                // and the moves since the outermost '(' may be the main line's.
                note(Code::unexpected_token, tok.loc(),
                     "result " + std::string(word) + " inside a variation: expected ')' first");
                damage_main_line();
                ended = true;
              }
              end_line();
              return;
            }
            if (strict && !numbered) strict_unnumbered(tok, turn);
            Node& node = n < moves.size() ? NodeMaker::reset(moves[n]) : nodes.append(moves);
            ++n;
            node.move.assign(word);
            node.loc.line = tok.line;  // the place's pointer stays empty
            node.loc.column = tok.column;
            node.loc.offset = tok.offset;
            if (!pending.empty()) node.before.swap(pending);
            numbered = false;
            ++turn;
            at = At::move;
            nag_ok = true;
            int s = peek();
            if (s == '!' || s == '?') suffix();
            break;
        }
        }
      } catch (const Stop&) {
        resume_token();
      }
    }
  }

  // Strict: a move without its turn number (E120).
  [[gnu::noinline, gnu::cold]] void strict_unnumbered(Spot tok, std::uint32_t turn) {
    note(Code::strict_turn_number, tok.loc(),
         "expected turn number " + std::to_string(numbered_as(turn)) + ". before the move",
         turn);
  }

  // How reading goes on after an error in a token (fail, resume_token).
  enum class Resume : std::uint8_t {
    token,   // after the move characters that follow
    damage,  // after the character, and what it spoilt (damage) is marked
    stray,   // after the character and the move characters glued to it (a move may be lost)
    tag,     // after the next ']' on the line (else at the line end: a move may be lost)
  };
  Resume resume = Resume::token;
  std::uint64_t stop_at = 0;  // the offset of the token's error

  // An error in the movetext token at `tok`: noted, then thrown (Stop) to
  // the movetext loop, which goes on as `how` says (resume_token).
  [[noreturn, gnu::noinline, gnu::cold]] void fail(Code code, Spot tok, std::string reason, Resume how) {
    note(code, tok.loc(), std::move(reason));
    resume = how;
    stop_at = tok.offset;
    throw Stop{};
  }
  // A character that starts no token of the movetext (at tok): a control
  // character (E110) or one that has no place here (E108).
  [[noreturn, gnu::noinline, gnu::cold]] void stray(int c, Spot tok) {
    if (c < 0x20 || c == 0x7F)
      fail(Code::bad_character, tok,
           "control character " + chars::describe(static_cast<char32_t>(c)) +
               " in movetext: no record may hold it (NOTATION.md section 11)",
           Resume::stray);
    fail(Code::unexpected_token, tok,
         std::string("'") + static_cast<char>(c) +
             "' has no place in movetext: expected a move, turn number, NAG, comment, variation or result",
         Resume::stray);
  }
  [[gnu::noinline, gnu::cold]] void resume_token() {
    mark = kNone;
    line_has_token = true;
    switch (resume) {
      case Resume::token:
        skip_token();
        break;
      case Resume::damage:
        damage(stop_at);
        ++pos;
        ++col;
        break;
      case Resume::stray: {
        // Glued to a move before it (that move is then in doubt too) or
        // to move characters after it (perhaps a move): something is lost.
        const bool glued = pos > 0 && kMoveChar[static_cast<unsigned char>(buf[pos - 1])];
        ++pos;
        ++col;
        if (skip_token() || glued) damage(glued ? stop_at - 1 : stop_at);
        break;
      }
      case Resume::tag:
        // The tag section is not what it was meant to be: every tag the
        // validator reads is in doubt.
        broken.doubtful = kAllReadTags;
        if (!skip_past(']')) damage(stop_at);
        break;
    }
  }


  // The place just after a move's text (where a missing result would go).
  static SourceLoc end_of(const Node& node) {
    SourceLoc loc;
    loc.line = node.loc.line;
    loc.column = node.loc.column;
    for (unsigned char c : node.move)
      if ((c & 0xC0) != 0x80) ++loc.column;
    loc.offset = node.loc.offset + node.move.size();
    return loc;
  }

  // Skips the rest of a token after an error: the move characters that
  // follow (no UTF-8 check), not a comment, variation or NAG glued to it.
  // True if it skipped anything.
  bool skip_token() {
    bool any = false;
    for (int c = peek(); c >= 0 && kMoveChar[static_cast<unsigned>(c)]; c = peek()) {
      if ((c & 0xC0) != 0x80) ++col;
      ++pos;
      any = true;
    }
    return any;
  }
  // Skips past the next `close` on this line; false (at the line end) if
  // there is none.
  bool skip_past(char close) {
    for (int c = peek(); c >= 0 && c != '\n' && c != '\r'; c = peek()) {
      if ((c & 0xC0) != 0x80) ++col;
      ++pos;
      if (c == close) return true;
    }
    return false;
  }

  // At a digit: reads "N." / "N..." if it is one (true), else leaves pos.
  // The lenient reader checks only that a main-line number (`main`) agrees
  // with its turn, and keeps the first that does not (slip); the strict
  // reader's checks and diagnostics name the number.
  // A refill in peek() keeps the bytes from pos on, so the digits stay.
  bool turn_number(std::uint32_t turn, bool& numbered, SourceLoc& number_loc) {
    if (!options.strict) {
      // Lenient, the common case: decided on the bytes in the buffer when
      // the number and its dots end before the buffer does.
      const char* const p = buf.data() + pos;
      const std::size_t avail = end - pos;
      std::size_t k = 1;  // pos is at a digit
      std::uint32_t value = static_cast<std::uint32_t>(p[0] - '0');
      while (k < avail && is_digit(p[k])) {
        value = value * 10 + static_cast<std::uint32_t>(p[k] - '0');  // wraps past 10 digits: no matter
        ++k;
      }
      if (k < avail) {
        if (p[k] != '.') return false;
        std::size_t j = k + 1;
        while (j < avail && p[j] == '.') ++j;
        if (j < avail) {
          if (value != turn) [[unlikely]]
            slipped(value, turn);
          pos += j;
          col += static_cast<std::uint32_t>(j);
          numbered = true;
          return true;
        }
      }
    }
    return turn_number_more(turn, numbered, number_loc);
  }
  [[gnu::noinline]] bool turn_number_more(std::uint32_t turn, bool& numbered, SourceLoc& number_loc) {
    std::size_t k = 1;  // pos is at a digit
    while (is_digit(peek(k))) ++k;
    if (peek(k) != '.') return false;
    std::size_t dots = 1;
    while (peek(k + dots) == '.') ++dots;
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < k; ++i)
      value = std::min<std::uint32_t>(value * 10 + static_cast<unsigned>(buf[pos + i] - '0'), 1u << 31);
    if (value != turn) slipped(value, turn);
    if (options.strict) {
      const SourceLoc loc = here();
      const std::uint32_t expected = numbered_as(turn);
      if (numbered)
        note(Code::strict_turn_number, loc, "two turn numbers before one move", turn);
      if (dots != 1)
        note(Code::strict_turn_number, loc,
             "turn number with " + std::to_string(dots) + " dots: the canonical form writes " +
                 std::to_string(expected) + ".",
             turn);
      // After a wrong number the count goes on from it (a turn left out:
      // one error, not one for every turn after it) or from the turns (a
      // slip of the pen): a number that fits either is right.
      if (value != expected && (depth_now != 0 || value != turn)) {
        note(Code::strict_turn_number, loc,
             "wrong turn number " + std::to_string(value) + ": expected " + std::to_string(expected) + ".", turn);
        if (depth_now == 0) number_shift = static_cast<std::int64_t>(value) - turn;
      } else if (depth_now == 0 && value == turn) {
        number_shift = 0;
      }
      number_loc = loc;
    }
    pos += k + dots;
    col += static_cast<std::uint32_t>(k + dots);
    numbered = true;
    return true;
  }
  // Strict: the number the main line's turn `turn` is expected to have,
  // counted from the last wrong number (number_shift).
  std::uint32_t numbered_as(std::uint32_t turn) const {
    return depth_now == 0 ? static_cast<std::uint32_t>(static_cast<std::int64_t>(turn) + number_shift) : turn;
  }
  std::int64_t number_shift = 0;

  // The first main-line number that disagrees with its turn (at pos).
  [[gnu::noinline]] void slipped(std::uint32_t value, std::uint32_t turn) {
    if (depth_now != 0 || slip.written != 0) return;
    slip.written = value;
    slip.expected = turn;
    slip.loc = here();
  }

  // --- games ----------------------------------------------------------------

  void start() {
    started = true;
    byte_order_mark("at the start of the input");
  }

  // A UTF-8 byte-order mark at pos, where a game may start (the input's
  // start, or between games where two files were joined): odd but
  // harmless, warning W101, an error under strict (docs/ERRORS.md) outside
  // any game. False if there is none.
  bool byte_order_mark(const char* where) {
    if (!(peek(0) == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF)) return false;
    const SourceLoc at = here();
    pos += 3;  // the BOM takes no column
    Diagnostic w;
    w.code = Code::byte_order_mark;
    w.file = file;
    w.loc = at;
    if (options.strict) {
      w.reason = std::string("UTF-8 byte-order mark ") + where + ": the canonical form has none";
      error = std::move(w);
      error_in_tags = false;
      resume_here = true;  // reading goes on after it (recover)
      throw Stop{};
    }
    w.severity = Severity::warning;
    w.reason = std::string("UTF-8 byte-order mark ") + where + ", ignored (the canonical form has none)";
    warnings.push_back(std::move(w));
    return true;
  }

  // A read failure ends the input: whatever the reader made of its end, the
  // error is the failure (E501).
  void read_failure() {
    error = Diagnostic{};
    error.code = Code::io_error;
    error.reason = "cannot read the input";
    error.file = file;  // no place: the failure is the stream's, not the text's
    error.game = game;
    failed = true;
  }

  bool next(GameRecord& out) {
    if (failed) return false;
    if (stop_requested(options.stop)) {  // ReadOptions::stop: ends as at the end of the input
      error = Diagnostic{};
      error.file = file;
      error.game = game;
      return false;
    }
    // The previous game's turns are kept for reuse (movetext overwrites them
    // and drops those left over): no Node is built or destroyed per turn when
    // the caller hands the same record back, as read_text does.
    Line kept = std::move(out.moves);
    out = GameRecord{};
    out.moves = std::move(kept);
    if (!broken.errors.empty() || broken.doubtful != 0) broken = GameErrors{};
    try {
      if (!started) start();
      skip_blanks();
      while (byte_order_mark("where a game starts (two files joined?)")) skip_blanks();
      if (peek() < 0) {
        error = Diagnostic{};
        error.file = file;
        error.game = game;
        if (read_failed) {
          read_failure();
          error.game = 0;  // between games: the failure is in none of them
        }
        return false;
      }
      ++game;
      in_game = true;
      out.moves.reserve(last_moves);
      out.tags.reserve(last_tags);
      out.loc = here();
      in_tags = true;
      roster_noted = false;
      layout_noted = 0;
      tag_names.clear();
      while (peek() == '[') {
        tag_pair(out);
        skip_blanks();
      }
      if (options.strict) strict_roster_complete(out);
      in_tags = false;
      movetext(out.moves, 0, 1, out, nullptr);
      in_game = false;
      last_moves = std::min<std::size_t>(out.moves.size() + out.moves.size() / 8, kMaxReserve);
      last_tags = std::min<std::size_t>(out.tags.size(), kMaxReserve);
      if (slip.written != 0) [[unlikely]] {
        out.numbering = slip;
        slip = TurnNumberSlip{};
      }
      if (read_failed) {
        read_failure();
        return false;
      }
      if (!broken.errors.empty()) [[unlikely]] {
        give_up(out, true);
        return false;
      }
      return true;
    } catch (const Stop&) {
      failed = true;
      mark = kNone;
      in_tags = false;
      field = chars::Field::move;
      if (read_failed) read_failure();
      return false;
    } catch (const GiveUp&) {
      give_up(out, false);
      if (read_failed) read_failure();
      return false;
    }
  }

  // The game has errors: next() fails with the first. `whole`: it was read
  // to its end (else recover() skips to the next game).
  void give_up(const GameRecord& out, bool whole) {
    failed = true;
    mark = kNone;
    in_tags = in_game = false;
    field = chars::Field::move;
    broken.whole = whole;
    if (damage_at != kNoDamage) {
      std::uint32_t intact = 0;
      for (const Node& node : out.moves) {
        if (node.loc.offset + node.move.size() > damage_at) break;
        ++intact;
      }
      broken.turns = intact;
    }
    error = broken.errors.front();
    // What the game's errors left behind goes with it.
    damage_at = kNoDamage;
    depth_now = 0;
    swallowed = ended = false;
    number_shift = 0;
    slip = TurnNumberSlip{};
  }

  bool recover() {
    mark = kNone;
    if (read_failed) return false;
    if (!failed) return peek() >= 0;
    failed = false;
    error = Diagnostic{};
    error.file = file;
    error.game = game;
    if (resume_here) {
      resume_here = false;
      return true;
    }
    if (broken.whole) return peek() >= 0;  // read to its end: the next game is here
    skip_raw_line(true);
    if (error_in_tags)
      while (first_on_line() == '[') skip_raw_line(true);
    for (;;) {
      int c = first_on_line();
      if (c < 0) return false;
      if (c == '[') return true;
      skip_raw_line(true);
    }
  }

  // At a line start: skips blanks (not line ends) and returns the first byte.
  int first_on_line() {
    line_has_token = false;
    for (;;) {
      int c = peek();
      if (c != ' ' && c != '\t') return c;
      ++pos;
      ++col;
    }
  }
};

TextReader::TextReader(std::istream& in, std::string file, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(file), options)) {}

TextReader::TextReader(std::istream& in, std::string file, ReadOptions options, TextPlace start)
    : TextReader(in, std::move(file), options) {
  impl_->base = start.offset;
  impl_->line = start.line;
  impl_->game = start.games;
  impl_->started = start.offset > 0;  // a byte-order mark there is one between games, as the whole input's reader sees it
}

TextReader::~TextReader() = default;

bool TextReader::next(GameRecord& out) { return impl_->next(out); }

const Diagnostic& TextReader::error() const noexcept { return impl_->error; }

const GameErrors& TextReader::errors() const noexcept { return impl_->broken; }

bool TextReader::recover() { return impl_->recover(); }

std::vector<Diagnostic> TextReader::take_warnings() { return std::exchange(impl_->warnings, {}); }

std::uint32_t TextReader::game_index() const noexcept { return impl_->game; }

Diagnostic read_text(std::istream& in, const std::string& file, GameVisitor& visitor,
                     ReadOptions options) {
  TextReader reader(in, file, options);
  GameRecord record;
  for (;;) {
    const bool read = reader.next(record);
    for (const Diagnostic& w : reader.take_warnings()) visitor.warning(w);
    if (read) {
      if (!visitor.game(std::move(record), reader.game_index())) return Diagnostic{};
      continue;
    }
    const Diagnostic& d = reader.error();
    if (!d) return d;  // the end of the input
    if (d.code == Code::io_error) return d;
    const GameErrors& errors = reader.errors();
    if (!(errors.errors.empty() ? visitor.error(d) : visitor.broken(std::move(record), reader.game_index(), errors)))
      return d;
    if (!reader.recover()) return Diagnostic{};
  }
}

}  // namespace beyt::notation
