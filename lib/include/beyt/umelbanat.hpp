// beyt/umelbanat.hpp - Um el-Banât (the game of daughters): rules engine and
// typed API.
//
// Sources:
//   * R. Davies, "Some Arab games and puzzles" (1925), pp. 143-144, "Um El
//     Banât": six houses of four
//     each, anticlockwise sowing with relay, daughters begotten on four in an
//     opponent's house, pecking (Fig. 9), nourishing, stages counted in fours
//     with the borrowing rules, houses re-allotted (Fig. 10, the groove),
//     driven off the board.
//   * The readings: docs/RULES.md §Um el-Banât ("Um el-Banât", "Finer points").
//   * Move syntax and position text: notation/NOTATION.md section 9.
//   * Our own readings where the sources are silent: docs/RULES.md §Um el-Banât Finer points.
//
// Parameters (rule options; `beyt games` lists them too):
//
// | option      | values       | davies (default) | source                                  |
// |-------------|--------------|------------------|-----------------------------------------|
// | first       | south, north | south            | docs/RULES.md §Um el-Banât Finer points ("in the record") |
// | skip-origin | no, yes      | no               | Davies 1925 (silent); docs/RULES.md §Mankalah by analogy |
//
// Houses are the pits of beyt/sowing.hpp (0..5 = A..F, 6..11 = a..f); who
// owns each house is part of the position and changes between stages. 48
// counters in all.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"
#include "beyt/options.hpp"
#include "beyt/pits.hpp"

namespace beyt {

/// The Game object of Um el-Banât (also find_game("umelbanat")).
const Game& umelbanat_game();

inline constexpr int kUmelbanatCounters = 48;  ///< Davies: six houses of four each, two players

struct UmelbanatOptions {
  Side first = Side::south;  ///< who begins the game
  bool skip_origin = false;  ///< a lap of twelve or more skips its origin (Mankalah's rule)

  /// Errors: Code::bad_rules (offset 0).
  static Error from_rules(const RuleSet& rules, UmelbanatOptions& out);
  bool operator==(const UmelbanatOptions&) const = default;
};

/// Whose daughter lives in a house, if anyone's.
enum class UmelbanatMark : std::uint8_t { none = 0, south = 1, north = 2 };
constexpr UmelbanatMark daughter_of(Side s) noexcept {
  return s == Side::south ? UmelbanatMark::south : UmelbanatMark::north;
}

enum class UmelbanatPhase : std::uint8_t {
  play,  ///< sowing
  end,   ///< only daughters' houses hold counters (or a repetition): the stage end is due
  over,  ///< a player has no houses
};

/// One position: counts, owners, daughters, counters each side removed from
/// the board this stage (pecks; at a repetition end the counters of his
/// houses), the mover, the phase and who began the stage. == compares all.
struct UmelbanatPosition {
  Pits pits{};
  std::array<Side, kPits> owner{};
  std::array<UmelbanatMark, kPits> mark{};
  std::array<int, 2> held{{0, 0}};  ///< [Side]
  Side to_move = Side::south;
  UmelbanatPhase phase = UmelbanatPhase::play;
  Side starter = Side::south;       ///< who began this stage

  /// Davies Fig. 8: four in each house, South owns A..F, North a..f;
  /// `options.first` to move.
  static UmelbanatPosition initial(const UmelbanatOptions& options);
  /// As above, `first` to move.
  [[deprecated("use initial(const UmelbanatOptions&)")]] static UmelbanatPosition initial(Side first) {
    UmelbanatOptions options;
    options.first = first;
    return initial(options);
  }
  /// Parses "4,4,...,4 SSSSSSNNNNNN ------------ 0-0 S play S". Syntax only;
  /// Code::bad_setup with the offset of the fault.
  /// Gives the position or that Error; throws nothing (LIBRARY.md, "Errors as values").
  static Expected<UmelbanatPosition> parse(std::string_view text);
  std::string text() const;
  /// Whether `side` can sow from house `h`: his own, no daughter's, not empty.
  bool sowable(int h, Side side) const noexcept {
    return owner[h] == side && mark[h] == UmelbanatMark::none && pits[h] > 0;
  }
  /// Whether `side` has any house to sow from.
  bool can_sow(Side side) const noexcept;
  /// Whether only daughters' houses hold counters (Davies: "a stage of the
  /// game is completed when the board is left with no counters in it except
  /// those in the various daughters' houses").
  bool only_daughters() const noexcept;
  /// Counters `side` holds at a stage end: his daughters' houses plus held.
  int stage_total(Side side) const noexcept;
  /// Houses `side` owns.
  int houses(Side side) const noexcept;

  bool operator==(const UmelbanatPosition&) const = default;
  /// A hash of the position that agrees with operator== (State::hash).
  std::uint64_t hash() const noexcept;
};

/// How one sowing ended (docs/RULES.md §Um el-Banât Finer points: judged in this order).
enum class UmelbanatStop : std::uint8_t { peck, nourish, empty, beget, endless };

/// One sowing from `house` by `side` on `pos` (pits and marks change; held on
/// a peck). Precondition: pos.sowable(house, side). `pos` is unusable when
/// the result is endless. `last`, if given, receives the house of the last
/// counter (the pecked, nourished, begotten or empty house).
UmelbanatStop umelbanat_sow(const UmelbanatOptions& options, UmelbanatPosition& pos, int house, Side side,
                            int* last = nullptr) noexcept;

inline constexpr int kUmelbanatMaxSowings = 64;  ///< > 48 pecks: no turn is longer

enum class UmelbanatMoveKind : std::uint8_t { sowings, pass, stage_end };

/// A turn as written: "C,D,a", "--", "#28-20".
struct UmelbanatMove {
  UmelbanatMoveKind kind = UmelbanatMoveKind::sowings;
  std::uint8_t n = 0;                                ///< sowings
  std::array<std::int8_t, kUmelbanatMaxSowings> houses{};
  std::array<std::uint16_t, kUmelbanatMaxSowings> offsets{};
  std::array<int, 2> score{{0, 0}};                  ///< stage_end: South, North
};

/// Reads move text (NOTATION.md section 9). Errors: Code::move_syntax.
Error umelbanat_parse(std::string_view text, UmelbanatMove& out);
std::string umelbanat_format(const UmelbanatMove& move);
/// As above, appended to `out`.
void umelbanat_format(const UmelbanatMove& move, std::string& out);
/// Checks a turn. Errors: game_over, wrong_phase, daughter_house,
/// not_own_beyt, endless_sowing, peck_sequence, pass_wrong, board_score.
Error umelbanat_check(const UmelbanatOptions& options, const UmelbanatPosition& pos, const UmelbanatMove& move);
/// Applies a checked turn (a stage end re-allots the houses).
void umelbanat_apply(const UmelbanatOptions& options, UmelbanatPosition& pos, const UmelbanatMove& move);
/// Ends the stage now: counters outside daughters' houses go to the owner
/// of their house (docs/RULES.md §Um el-Banât, a repeated position).
void umelbanat_end_stage_by_repetition(UmelbanatPosition& pos) noexcept;
/// Every legal turn (depth first over the pecks), at most `limit`; returns
/// false if the limit cut the list. Pecks multiply the turns: random play
/// reaches positions with more than 100000 of them, so the State lists one
/// sowing at a time (State::legal_events, a peck continuing the turn).
bool umelbanat_legal(const UmelbanatOptions& options, const UmelbanatPosition& pos, std::vector<UmelbanatMove>& out,
                     std::size_t limit = 100000);
/// A random legal turn, drawn one sowing at a time.
UmelbanatMove umelbanat_random(const UmelbanatOptions& options, const UmelbanatPosition& pos, Rng& rng);
Result umelbanat_outcome(const UmelbanatPosition& pos) noexcept;
/// Errors: bad_setup (48 counters, marks in the opponent's houses, phase).
/// No option bears on it (the options as the other games' validate take them).
Error umelbanat_validate(const UmelbanatOptions& options, const UmelbanatPosition& pos);
[[deprecated("use umelbanat_validate(options, pos)")]] inline Error umelbanat_validate(const UmelbanatPosition& pos) {
  return umelbanat_validate(UmelbanatOptions{}, pos);
}
/// The board: counts, daughters marked with their owner, the groove between
/// the houses of South and North, Lane's letters on the margins.
std::string umelbanat_render(const UmelbanatPosition& pos, const RenderOptions& options);

}  // namespace beyt
