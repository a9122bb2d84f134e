// Internal: UTF-8 helpers shared by the JSON and XML record readers and writers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace beyt::notation::utf8 {

/// Length of the valid UTF-8 sequence at p (at most n bytes), 0 if invalid
/// (overlong forms, surrogates and code points past U+10FFFF are invalid).
inline std::size_t sequence_length(const unsigned char* p, std::size_t n) noexcept {
  const unsigned char c = p[0];
  std::size_t len;
  std::uint32_t min;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  std::uint32_t cp = c & (0x3F >> (len - 1));
  for (std::size_t i = 1; i < len; ++i) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

inline bool valid(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0; i < s.size();) {
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = sequence_length(p + i, s.size() - i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

/// Appends `s` to `o`: valid multi-byte sequences as they are, each invalid
/// byte as U+FFFD, and every ASCII byte through `ascii(o, byte)` (the
/// format's escaping).
template <typename Ascii>
void append_escaped(std::string& o, std::string_view s, Ascii&& ascii) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) {
      ascii(o, c);
      ++i;
      continue;
    }
    const std::size_t len = sequence_length(p + i, n - i);
    if (len == 0) {
      o += "\xEF\xBF\xBD";
      ++i;
    } else {
      o.append(s.data() + i, len);
      i += len;
    }
  }
}

}  // namespace beyt::notation::utf8
