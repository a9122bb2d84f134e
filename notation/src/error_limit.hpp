// The per-game limit of errors (ReadOptions::max_errors, ReplayOptions::
// max_errors): the words that end the last error kept of a game that reached
// it, in the text reader and in the validator alike.
#pragma once

#include <cstdint>
#include <string>

namespace beyt::notation::detail {

inline std::string more_errors_note(std::uint32_t max) {
  return "; " + std::to_string(max) + " errors in this game: the rest of it is not checked";
}

}  // namespace beyt::notation::detail
