// Internal: the writers' side of the character policy (beyt/chars.hpp),
// shared by the JSON and XML record writers.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "beyt/chars.hpp"

namespace beyt::notation::utf8 {

/// Appends `s` to `o` for a text standing in `field`: every character the
/// policy allows, multi-byte ones as they are and ASCII through
/// `ascii(o, byte)` (the format's escaping); every invalid UTF-8 byte and
/// every character `field` may not hold as U+FFFD.
template <typename Ascii>
void append_escaped(std::string& o, std::string_view s, chars::Field field, Ascii&& ascii) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7F) {
      ascii(o, c);
      ++i;
      continue;
    }
    char32_t cp = 0;
    const std::size_t len = chars::decode(p + i, n - i, cp);
    if (len == 0 || !chars::allowed(cp, field)) {
      o += "\xEF\xBF\xBD";
      i += len == 0 ? 1 : len;
    } else if (len == 1) {
      ascii(o, c);
      ++i;
    } else {
      o.append(s.data() + i, len);
      i += len;
    }
  }
}

}  // namespace beyt::notation::utf8
