// The character policy of records (beyt/chars.hpp; NOTATION.md §11).
#include "beyt/chars.hpp"

#include <cstdio>
#include <cstring>

namespace beyt::chars {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101u;
constexpr std::uint64_t kHigh = 0x8080808080808080u;

/// True if the 8 bytes at p are all printable ASCII (0x20..0x7E): no byte
/// below 0x20 (a borrow sets its high bit), none above 0x7E (adding 1 or
/// the byte itself sets it).
bool printable8(const unsigned char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return (((w - kOnes * 0x20) & ~w) | ((w + kOnes) | w)) & kHigh ? false : true;
}

}  // namespace

std::size_t decode(const unsigned char* p, std::size_t n, char32_t& cp) noexcept {
  const unsigned char c = p[0];
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  std::size_t len;
  char32_t min;
  if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  char32_t v = c & (0x3Fu >> (len - 1));
  for (std::size_t i = 1; i < len; ++i) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    v = (v << 6) | (p[i] & 0x3Fu);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  cp = v;
  return len;
}

Problem check(std::string_view text, Field field) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    if (n - i >= 8 && printable8(p + i)) {
      i += 8;
      continue;
    }
    const unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7F) {
      ++i;
      continue;
    }
    char32_t cp = 0;
    const std::size_t len = decode(p + i, n - i, cp);
    if (len == 0) return {i, 0, true};
    if (!allowed(cp, field)) return {i, cp, false};
    i += len;
  }
  return {};
}

std::string describe(char32_t cp) {
  static constexpr const char* kC0[] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                        "BS",  "TAB", "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                        "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                        "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  char buf[32];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  std::string out = buf;
  if (cp < 0x20) out += std::string(" (") + kC0[cp] + ")";
  else if (cp == 0x7F) out += " (DEL)";
  else if (cp >= 0x80 && cp <= 0x9F) out += " (a C1 control)";
  else if (is_noncharacter(cp)) out += " (a noncharacter)";
  return out;
}

std::string why_not(char32_t cp, Field field) {
  std::string what = is_control(cp) ? "control character " : "character ";
  what += describe(cp);
  switch (field) {
    case Field::tag_value: return what + " in a tag value";
    case Field::comment: return what + " in a comment";
    case Field::move: return what + " in a move";
  }
  return what;
}

std::string sanitize(std::string_view text, Field field) {
  if (!check(text, field)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    char32_t cp = 0;
    const std::size_t len = decode(p + i, n - i, cp);
    if (len == 0 || !allowed(cp, field)) {
      out += "\xEF\xBF\xBD";
      i += len == 0 ? 1 : len;
    } else {
      out.append(text.data() + i, len);
      i += len;
    }
  }
  return out;
}

std::string excerpt(std::string_view value, std::size_t limit) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if ((static_cast<unsigned char>(value[i]) & 0xC0) == 0x80) continue;  // inside a character
    if (chars++ == limit) return std::string(value.substr(0, i)) + "...";
  }
  return std::string(value);
}

}  // namespace beyt::chars
