// The checks for what the text notation cannot hold (beyt/notation/json.hpp;
// NOTATION.md §10): a JSON or XML record's move texts, tag names and values
// and comments that no text record could write.

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

#include "move_text.hpp"

namespace beyt::notation {

// --- What the text notation cannot hold ------------------------------------

std::string_view move_text_problem(std::string_view text) noexcept {
  if (text.empty()) return "is empty";
  if (auto p = move_start_problem(text); !p.empty()) return p;
  // What a move text may not hold, one byte at a time: 1 a blank or a
  // control character, 2 a character of the notation's own.
  static constexpr auto kBad = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c <= 0x20; ++c) t[c] = 1;
    t[0x7F] = 1;
    for (unsigned char c : kNotationChars) t[c] = 2;
    return t;
  }();
  for (char ch : text) {
    switch (kBad[static_cast<unsigned char>(ch)]) {
      case 0: continue;
      case 1: return "contains a blank or a control character";
      default: return "contains one of [ ] { } ( ) ; \" $ % ! ?";
    }
  }
  return {};
}

std::string_view tag_name_problem(std::string_view name) noexcept {
  if (name.empty()) return "is empty";
  for (char c : name) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return "is not made of A-Z, a-z, 0-9 and _";
  }
  return {};
}

std::string_view tag_value_problem(std::string_view value) noexcept {
  for (char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) return "contains a line end or control character";
  }
  return {};
}

std::string_view comment_problem(std::string_view comment) noexcept {
  if (comment.find('}') != std::string_view::npos &&
      comment.find_first_of("\n\r") != std::string_view::npos)
    return "contains both '}' and a line end";
  return {};
}

}  // namespace beyt::notation
