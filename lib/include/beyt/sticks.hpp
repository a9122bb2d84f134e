// beyt/sticks.hpp - the shared core of the stick-throw race games (Tâb, Dleb):
// throws as chance events, the throw-again rule, and tracks as data.
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
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"

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

/// Reads one throw at `text[i]`: a value digit, then optionally four faces.
/// Advances `i`. Errors: Code::move_syntax (no value digit, or 1..3 faces,
/// or a face letter other than W/B); Code::throw_faces when the faces do not
/// give the value (offset at the throw).
Error sticks_parse_throw(std::string_view text, std::size_t& i, StickThrow& out);
/// As sticks_parse_throw, for a parser's hot path: true on success, which
/// builds no Error; false with `error` set to what sticks_parse_throw returns.
bool sticks_read_throw(std::string_view text, std::size_t& i, StickThrow& out, Error& error);
/// Appends the throw as written ("1" or "1WBBB").
void sticks_format_throw(const StickThrow& t, std::string& out);
/// Draws one throw of four fair sticks: each stick white with probability
/// 1/2, so the value has the probabilities of the table above.
StickThrow sticks_draw(Rng& rng);
/// The distribution of one throw, by value: "1" 4/16, "2" 6/16, "3" 4/16,
/// "4" 1/16, "6" 1/16 (sums to 1).
std::vector<ChanceOutcome> sticks_outcomes();

/// Checks the shape of one turn's throw sequence: every throw but the last
/// throws again (1, 4, 6), the last ends the throwing (2, 3). Returns the
/// index of the first throw that breaks the rule, or -1 when the shape is
/// right. `n` >= 1.
int sticks_sequence_fault(const StickThrow* throws, int n) noexcept;
/// As above, on the throws' values alone (1, 2, 3, 4 or 6 each).
int sticks_sequence_fault(const std::uint8_t* values, int n) noexcept;

/// A track as data: for each cell of a board (an index below kTrackCells),
/// the next cell along one side's route, and at a fork the other branch.
/// -1 = none. Tâb's home row, middle loop and enemy row are built from this
/// (lib/src/games/tab/); so is Dleb's boustrophedon.
inline constexpr int kTrackCells = 64;
struct StickTrack {
  std::array<std::int8_t, kTrackCells> next{};
  std::array<std::int8_t, kTrackCells> fork{};

  StickTrack() {
    next.fill(-1);
    fork.fill(-1);
  }
};

/// Where a walk of `steps` cells from `from` can end: up to two ends (the
/// main route, then the fork branch if the walk passes a fork and `take_fork`
/// allows it). `path` receives the cells passed over, excluding the end, for
/// each end (at most 6 cells each).
struct TrackWalk {
  int nends = 0;
  std::array<std::int8_t, 2> end{{-1, -1}};
  std::array<std::array<std::int8_t, 8>, 2> path{};
  std::array<int, 2> npath{{0, 0}};
};
/// Walks `steps` (1..8) cells along `track` from `from`. At the first fork on
/// the way both branches are followed when `take_fork` is true (the walk ends
/// on each), else only `next`.
TrackWalk sticks_walk(const StickTrack& track, int from, int steps, bool take_fork) noexcept;

}  // namespace beyt
