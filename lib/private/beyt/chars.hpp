// beyt/chars.hpp - which characters a record may hold: the one character
// policy of the text notation, JSON and XML records (notation/NOTATION.md
// §11 "Characters"), and of every text beyt writes into XML or SVG.
//
// A record's texts are UTF-8 (Unicode scalar values). Some characters may
// stand in no record at all, in any format:
//   * the control characters: C0 (U+0000..U+001F) except as below, DEL
//     (U+007F) and C1 (U+0080..U+009F);
//   * the 66 noncharacters: U+FDD0..U+FDEF and the last two code points of
//     every plane (U+FFFE, U+FFFF, U+1FFFE, ..., U+10FFFF).
// Of the controls, a comment may hold TAB, LF and CR (a comment may span
// lines); a tag value and a move hold none (a tag value is one line, and a
// move one token). Everything else is allowed everywhere: letters of any
// script, combining marks (also first), astral characters, format
// characters. XML 1.0 forbids a subset of what is excluded here, JSON escapes
// everything, so every text that passes this policy can be written by all
// three writers and reads back identically.
//
// The readers reject what the policy excludes with Code::bad_character
// (E110), whatever the format; the writers, given a record built in code,
// write U+FFFD in place of an excluded character or an invalid UTF-8 byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace beyt::chars {

/// Where a text stands in a record.
enum class Field : std::uint8_t {
  tag_value,  ///< no control character at all
  comment,    ///< TAB, LF and CR allowed
  move,       ///< no control character at all (blanks and the notation's
              ///< punctuation are the notation's business, not this policy's)
};

/// True for the 66 noncharacters.
constexpr bool is_noncharacter(char32_t cp) noexcept {
  return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

/// True for the C0 and C1 control characters and DEL.
constexpr bool is_control(char32_t cp) noexcept { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

/// True if code point `cp` (a Unicode scalar value) may stand in `field`.
constexpr bool allowed(char32_t cp, Field field) noexcept {
  if (cp >= 0x20 && cp < 0x7F) return true;  // the common case first
  if (is_control(cp))
    return field == Field::comment && (cp == '\t' || cp == '\n' || cp == '\r');
  return cp <= 0x10FFFF && !is_noncharacter(cp) && !(cp >= 0xD800 && cp <= 0xDFFF);
}

/// Length of the valid UTF-8 sequence at p (at most n bytes, n >= 1) and its
/// code point; 0 if the bytes are not valid UTF-8 (overlong forms,
/// surrogates and code points past U+10FFFF are invalid: RFC 3629).
std::size_t decode(const unsigned char* p, std::size_t n, char32_t& cp) noexcept;

/// What is wrong with a text, if anything.
struct Problem {
  std::size_t offset = std::string_view::npos;  ///< byte offset of the offending character
  char32_t cp = 0;                              ///< its code point (when valid UTF-8)
  bool bad_utf8 = false;                        ///< the bytes at offset are not UTF-8

  explicit operator bool() const noexcept { return offset != std::string_view::npos; }
};

/// The first byte of `text` that is not valid UTF-8 or starts a character
/// `field` may not hold; an empty Problem when the whole text is fine.
Problem check(std::string_view text, Field field) noexcept;

/// "U+0009 (TAB)", "U+FFFE (a noncharacter)", "U+0000 (NUL)": a character
/// named for a message.
std::string describe(char32_t cp);

/// Why `cp` may not stand in `field`, as a sentence fragment for messages:
/// "control character U+0009 (TAB) in a tag value".
std::string why_not(char32_t cp, Field field);

/// `text` with every invalid UTF-8 byte and every character `field` may not
/// hold replaced by U+FFFD. Returns `text` unchanged (a copy) when it is clean.
std::string sanitize(std::string_view text, Field field);

/// True when `a` and `b` are equal but for the case of the ASCII letters
/// ("Seega" and "seega"; "Ś" and "ś" differ): how game names, presets,
/// option names and option values are matched (NOTATION.md section 3).
constexpr bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    const char y = b[i] >= 'A' && b[i] <= 'Z' ? static_cast<char>(b[i] - 'A' + 'a') : b[i];
    if (x != y) return false;
  }
  return true;
}

/// The longest quoted value a message shows whole, in characters.
inline constexpr std::size_t kQuoteLimit = 60;

/// `value` as a message quotes it: whole when it has at most `limit`
/// characters (code points), else its first `limit` characters and "..."
/// ("unknown preset 'xxxx...'"), cut at a character boundary, so that a
/// 4 MB tag value gives a line of a message, not 4 MB. Invalid UTF-8 is
/// cut as bytes.
std::string excerpt(std::string_view value, std::size_t limit = kQuoteLimit);

}  // namespace beyt::chars
