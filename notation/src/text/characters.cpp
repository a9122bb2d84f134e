// The text reader (reader.hpp): the buffer and the input character by
// character. Refills keep the token being scanned (`mark`); multibyte
// characters are checked as UTF-8 and against the character policy
// (NOTATION.md section 11); blanks, line ends and '%' lines are passed over;
// comments and the rest of a line are read as text.
#include <cstring>

#include "reader.hpp"

namespace beyt::notation {
using namespace text_impl;
namespace {

std::string hex_byte(unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

// The reason of an E110 (NOTATION.md section 11).
std::string bad_character(char32_t cp, chars::Field field) {
  return chars::why_not(cp, field) + ": no record may hold it (NOTATION.md section 11)";
}

}  // namespace

// Reads one more chunk; false when the stream has nothing more.
bool TextReader::Impl::more() {
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

int TextReader::Impl::peek_more(std::size_t k) {
  if (!ensure(k + 1)) return -1;
  return static_cast<unsigned char>(buf[pos + k]);
}

bool TextReader::Impl::ensure(std::size_t n) {
  while (end - pos < n)
    if (!more()) return false;
  return true;
}

void TextReader::Impl::newline() {
  ++line;
  col = 1;
  line_has_token = false;
}

// Length of the valid UTF-8 sequence starting with the byte >= 0x80 at pos,
// 0 if it is not valid (RFC 3629: no overlong forms, no surrogates, at most
// U+10FFFF). May refill the buffer (pos and mark move with it).
std::size_t TextReader::Impl::utf8_length() {
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

bool TextReader::Impl::multibyte_fault() {
  const std::size_t n = utf8_length();
  if (n == 0) return true;
  char32_t cp = 0;
  chars::decode(reinterpret_cast<const unsigned char*>(buf.data() + pos), n, cp);
  return !chars::allowed(cp, field);
}

// Consumes the multibyte character at pos (one column). Invalid UTF-8
// (E101: the bad byte and the continuation bytes after it, one column) or
// a character no record may hold (E110: C1 controls and noncharacters,
// wherever they stand) is noted and consumed all the same.
void TextReader::Impl::multibyte() {
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

void TextReader::Impl::bad_byte() {
  bad_text(Code::bad_utf8, "invalid UTF-8: byte " + hex_byte(static_cast<unsigned char>(buf[pos])) +
                               " does not start a valid UTF-8 sequence here");
  ++pos;
  while (peek() >= 0x80 && peek() < 0xC0) ++pos;
  ++col;
}

// A character at pos that `field` may not hold: noted; a move that holds
// it is spoilt, a tag value is in doubt.
void TextReader::Impl::bad_text(Code code, std::string reason) {
  const SourceLoc at = here();
  if (field == chars::Field::move) damage(at.offset);
  if (field == chars::Field::tag_value) tag_damaged = true;
  note(code, at, std::move(reason));
}

// An ASCII control character at pos that `field` may not hold (E110):
// noted; the caller consumes it.
void TextReader::Impl::control(unsigned char c) { bad_text(Code::bad_character, bad_character(c, field)); }

// Skips blanks, line ends and '%' escape lines. Strict: a tab, CR, '%' line
// or a blank at the end of a line is strict_layout. Inline for the common
// case between two tokens on a line: nothing, or one space.
void TextReader::Impl::skip_blanks() {
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
void TextReader::Impl::skip_blanks_more() {
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
void TextReader::Impl::skip_raw_line(bool eat_end) {
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

// Appends to `text` the characters from pos up to the line end or `stop`,
// checking each as `what` may hold it (E101, E110; a tab only in a
// comment).
void TextReader::Impl::read_line_text(std::string& text, chars::Field what, char stop) {
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

}  // namespace beyt::notation
