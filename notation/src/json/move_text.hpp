// The notation's own characters and the quick look at a move text, for
// text_problems.cpp (move_text_problem) and the reader (handler.hpp: every
// move read goes through plain_move, inlined there). Internal to each file
// that includes it, as they were to the one file they came from.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace beyt::notation {
namespace {

/// The notation's own characters, which no move text may hold.
inline constexpr std::string_view kNotationChars = "[]{}();\"$%!?";

/// What a move text (not empty) may not start as: a result token, a turn number.
inline std::string_view move_start_problem(std::string_view text) noexcept {
  // A result token starts with '0', '1' or '*' (tested first: most moves
  // start otherwise, and a comparison of equal lengths calls memcmp).
  if ((text[0] == '0' || text[0] == '1' || text[0] == '*') &&
      (text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*"))
    return "is a result token";
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits > 0 && digits < text.size() && text[digits] == '.')
    return "starts like a turn number (digits and '.')";
  return {};
}

/// True if neither the character policy (chars::check, Field::move) nor
/// move_text_problem has anything against `text`, found in one pass for
/// the common case: printable ASCII but blanks and the notation's own
/// characters, no result token, no turn number. False means "look
/// closer", not "bad".
inline bool plain_move(std::string_view text) noexcept {
  static constexpr auto kPlain = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0x21; c < 0x7F; ++c) t[c] = 1;
    for (unsigned char c : kNotationChars) t[c] = 0;
    return t;
  }();
  const std::size_t n = text.size();
  if (n == 0) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  unsigned plain = 1;
  std::size_t i = 0;
  for (; i + 4 <= n && plain != 0; i += 4) plain = kPlain[p[i]] & kPlain[p[i + 1]] & kPlain[p[i + 2]] & kPlain[p[i + 3]];
  for (; i < n; ++i) plain &= kPlain[p[i]];
  if (plain == 0) return false;
  // A result token or a turn number starts with a digit or '*' (below
  // '9'), and if it is longer than one character its second one is a digit
  // or one of ". - /" ('-' to '9'): other texts need no closer look.
  if (p[0] > '9') return true;
  if (n == 1) return p[0] != '*';
  if (static_cast<unsigned char>(p[1] - '-') > '9' - '-') return true;
  return move_start_problem(text).empty();
}

}  // namespace
}  // namespace beyt::notation
