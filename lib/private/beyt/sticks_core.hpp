// beyt/sticks_core.hpp - the shared core of the stick engines (Tâb, Dleb;
// private: the engines' and their tests'): throws read, written and drawn,
// the throw-again rule over a turn's throws, and tracks as data. The throw
// itself is beyt/sticks.hpp.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"
#include "beyt/sticks.hpp"

namespace beyt {

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

/// Whether a stack of a stick game (TabStack, DlebStack: its count in its
/// first byte, its side in its second) is one of side `s`: 1 or 0, without
/// a branch (whose stacks stand where is no pattern a branch predictor
/// learns). On a little-endian machine the two bytes are read as one word,
/// count low: the side's stacks are s * 256 + 1 to s * 256 + 255.
template <class Stack>
inline int held_by(const Stack& st, Side s) noexcept {
  static_assert(std::is_trivially_copyable_v<Stack> && sizeof(Stack) >= 2 && sizeof(Side) == 1);
  if constexpr (std::endian::native == std::endian::little) {
    std::uint16_t word;
    std::memcpy(&word, &st, sizeof word);
    return static_cast<unsigned>(word) - (static_cast<unsigned>(s) << 8) - 1u < 255u;
  } else {
    unsigned char bytes[2];
    std::memcpy(bytes, &st, sizeof bytes);
    return (bytes[0] != 0) & (bytes[1] == static_cast<unsigned char>(s));
  }
}

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
