// Internal: the blank-separated fields of a game's position text (the SetUp
// tag), shared by the engines' parsers so that each keeps only its own fields.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "beyt/errors.hpp"

namespace beyt {

template <std::size_t N>
struct PositionFields {
  std::array<std::string_view, N> parts{};  ///< the fields, in order
  std::array<std::size_t, N> at{};          ///< byte offset of each field in the text
  int count = 0;                            ///< how many fields the text has (at most N)
};

/// Splits `text` at blanks into at most N fields. Returns false when there is
/// more, with `extra` the byte offset of the first field too many.
template <std::size_t N>
bool split_position_fields(std::string_view text, PositionFields<N>& out, std::size_t& extra) {
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = std::min(text.find(' ', i), text.size());
    if (out.count == static_cast<int>(N)) {
      extra = i;
      return false;
    }
    out.at[static_cast<std::size_t>(out.count)] = i;
    out.parts[static_cast<std::size_t>(out.count++)] = text.substr(i, end - i);
    i = end;
  }
  return true;
}

/// split_position_fields as an Error, through the game's `setup_error(at,
/// reason)`: at the first field too many, "unexpected text after the
/// position"; at the end of the text, `expected` when there are fewer than
/// `min_count` fields.
template <std::size_t N, class SetupError>
Error read_position_fields(std::string_view text, int min_count, const char* expected, SetupError setup_error,
                           PositionFields<N>& out) {
  std::size_t extra = 0;
  if (!split_position_fields(text, out, extra)) return setup_error(extra, "unexpected text after the position");
  if (out.count < min_count) return setup_error(text.size(), expected);
  return Error::none();
}

}  // namespace beyt
