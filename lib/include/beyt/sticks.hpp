// beyt/sticks.hpp - the throw of the stick-throw race games (Tâb, Dleb):
// its values, their probabilities and the throw-again rule, and a throw as
// a record writes it.
//
// Sources:
//   * E. W. Lane, Manners and Customs of the Modern Egyptians (1836), "táb":
//     "If they fall so that one only has its white side upwards ... táb ...
//     counts one: ... two ... three ... if all four be white, four ... if all
//     four black, six." "When one throws táb, or four, or six, he throws
//     again; but when he has thrown two, or three, it is then the turn of the
//     other."
//   * The readings: docs/RULES.md §Tâb ("Throws") and §Dleb.
//   * Notation of a throw: notation/NOTATION.md sections 6 and 7.
//
// Parameters (fixed by the sources):
//
// | whites up | value | name  | probability (four fair sticks) | throws again |
// |-----------|-------|-------|--------------------------------|--------------|
// | 1         | 1     | táb   | C(4,1)/16 = 4/16               | yes          |
// | 2         | 2     |       | C(4,2)/16 = 6/16               | no           |
// | 3         | 3     |       | C(4,3)/16 = 4/16               | no           |
// | 4         | 4     |       | C(4,4)/16 = 1/16               | yes          |
// | 0         | 6     |       | C(4,0)/16 = 1/16               | yes          |
//
// A record stores every throw as data; a replay never re-derives throws from a
// random seed (docs/RULES.md §Tâb: "A record stores every throw").
#pragma once

#include <array>
#include <cstdint>

namespace beyt {

/// Most throws one turn may hold. A turn goes on while it throws 1, 4 or 6
/// (probability 10/16 each): 64 throws in a row happen with probability
/// (10/16)^63 < 1e-12. A longer turn is a move-syntax error.
inline constexpr int kMaxThrows = 64;

/// Value of a throw of four sticks with `whites` white sides up (0..4):
/// 6, 1, 2, 3, 4. Precondition: 0 <= whites <= 4.
constexpr int sticks_value(int whites) noexcept { return whites == 0 ? 6 : whites; }
/// Inverse of sticks_value: the white sides up for a value, or -1 when
/// `value` is not 1, 2, 3, 4 or 6.
constexpr int sticks_whites(int value) noexcept {
  return value == 6 ? 0 : (value >= 1 && value <= 4) ? value : -1;
}
/// Probability of `whites` white sides up with four fair sticks: C(4,k)/16.
constexpr double sticks_probability(int whites) noexcept {
  constexpr int binom[5] = {1, 4, 6, 4, 1};
  return whites < 0 || whites > 4 ? 0.0 : binom[whites] / 16.0;
}
/// Lane: after táb (1), four or six the same player throws again.
constexpr bool sticks_throw_again(int value) noexcept { return value == 1 || value == 4 || value == 6; }

/// One throw as written: its value and, optionally, the four faces
/// ("WBBB": white/black sides up, in any order).
struct StickThrow {
  std::uint8_t value = 0;               ///< 1, 2, 3, 4 or 6
  bool has_faces = false;               ///< the record wrote the faces
  std::array<char, 4> faces{{0, 0, 0, 0}};  ///< 'W' or 'B' (has_faces only)
  std::uint16_t offset = 0;             ///< of the throw in the move text

  bool operator==(const StickThrow&) const = default;
};

}  // namespace beyt
