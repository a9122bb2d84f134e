// beyt/dleb.hpp - Dleb (Somali Da·r·d): the rules engine and its typed API.
//
// Sources:
//   * G. Marin, "Somali games" (1931), pp. 508-510, "7. dleb":
//     the billets and the gúr,
//     the field of four lines, the teams, the start, the three entry stages,
//     the boustrophedon, liberation by dleb, taking, stored dleb, double men,
//     handicapped players.
//   * The readings: docs/RULES.md §Dleb, "Finer points" included.
//   * Move syntax and position text: notation/NOTATION.md section 7.
//   * Throws: beyt/sticks.hpp (values 1, 2, 3, 4, 6 and the throw-again rule
//     are those of Tâb: docs/RULES.md §Dleb Throws).
//
// Parameters (rule options; `beyt games` lists them too):
//
// | option        | values             | marin (default) | source                                         |
// |---------------|--------------------|-----------------|------------------------------------------------|
// | cross-lines   | 4 .. 100           | 20              | Marin 1931 ("Twenty cross-lines ... fewer or more") |
// | players       | 1 .. 8 (per team)  | 1               | Marin 1931 ("2, 4, 6, 8, or more ... two equal teams") |
// | first         | south, north       | south           | Marin 1931 "The Start" (the deciding throws: our option) |
// | time          | day, night         | day             | Marin 1931 (g·r "white ... day time, black ... night") |
// | double-course | standing, mover    | standing        | docs/RULES.md §Dleb Finer points                        |
//
// Points: index = line * 100 + (cross-line - 1); line 0 = A (team 1, South),
// 3 = D (team 2, North). The track is one cycle of 6N steps through the
// segments A (N..1), B (1..N), C (N..1), D (1..N), C (N..1), B (1..N)
// (docs/RULES.md §Dleb Track): a man's place on it is its point and its segment; on
// B and C the segment is its heading (toward D or toward A).
//
// Diagrams (render): the four lines D (top) to A, cross-line numbers above;
// South slave '■', free '●'; North slave '□', free '○'; a double adds its
// size ("●2"). ASCII: 'X'/'x' South, 'O'/'o' North.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"
#include "beyt/options.hpp"
#include "beyt/sticks.hpp"

namespace beyt {

/// The Game object of Dleb (also reachable as find_game("dleb")).
const Game& dleb_game();

using DlebPoint = std::int16_t;                 ///< line * 100 + (cross-line - 1); -1 = none
inline constexpr int kDlebStride = 100;
inline constexpr int kDlebPoints = 400;
inline constexpr int kDlebMaxPlayers = 8;
inline constexpr int kDlebMaxUses = 2 * kMaxThrows;
constexpr DlebPoint dleb_point(int line, int x) noexcept { return static_cast<DlebPoint>(line * kDlebStride + x - 1); }
constexpr int dleb_line(DlebPoint p) noexcept { return p / kDlebStride; }
constexpr int dleb_x(DlebPoint p) noexcept { return p % kDlebStride + 1; }
/// "A1", "D20".
std::string dleb_point_name(DlebPoint p);

/// Every rule option as a typed value (docs/RULES.md §Dleb; table above).
struct DlebOptions {
  int cross_lines = 20;
  int players = 1;
  Side first = Side::south;
  bool night = false;                 ///< time=night: a g·r counts black
  bool double_mover = false;          ///< double-course=mover

  static Error from_rules(const RuleSet& rules, DlebOptions& out);
  bool operator==(const DlebOptions&) const = default;
};

/// The men of one team on one point: a man or a double.
struct DlebStack {
  std::uint8_t count = 0;            ///< 0 = empty point
  Side team = Side::south;
  bool slave = false;                ///< never moved from its original point
  std::uint8_t segment = 0;          ///< 0..5: A, B out, C out, D, C back, B back

  bool operator==(const DlebStack&) const = default;
};

/// One position: the field, whose turn (team and player), which players
/// have entered, the stored dleb of each team. A value type. The men and
/// the slaves of each team are counted as the points change (the engine
/// changes points through its own functions), so that the outcome and the
/// rules on slaves need no walk over the field.
struct DlebPosition {
  int cross_lines = 20;
  int players = 1;
  std::array<DlebStack, kDlebPoints> points{};
  Side to_move = Side::south;
  int player = 0;                                               ///< 0-based, of to_move's team
  std::array<std::array<bool, kDlebMaxPlayers>, 2> entered{};   ///< [team][player]
  std::array<int, 2> stored{};                                  ///< stored dleb per team
  std::array<std::uint8_t, 2> men{};                            ///< [team]: men on the field
  std::array<std::uint8_t, 2> slave_count{};                    ///< [team]: slaves on the field

  static DlebPosition initial(const DlebOptions& options);
  /// Parses "NNNN/..../..../SSSS S1 00/00 0/0" (NOTATION.md §7). Errors:
  /// Code::bad_setup with the offset of the fault.
  /// Gives the position or that Error; throws nothing (LIBRARY.md, "Errors as values").
  static Expected<DlebPosition> parse(std::string_view text);
  std::string text() const;
  /// Men of a team on the field; slaves of a team.
  int count(Side team) const noexcept { return men[static_cast<std::size_t>(team)]; }
  int slaves(Side team) const noexcept { return slave_count[static_cast<std::size_t>(team)]; }
  /// Sets `men` and `slave_count` from the points (after the points were
  /// written directly, as a parser does).
  void recount() noexcept;
  const DlebStack& at(DlebPoint p) const noexcept { return points[static_cast<std::size_t>(p)]; }
  bool operator==(const DlebPosition&) const = default;
  /// A hash of the position that agrees with operator== (State::hash).
  std::uint64_t hash() const noexcept;
};

/// One throw: 2 to 4 billets, each W, B or G (a g·r, on its side).
struct DlebThrow {
  std::uint8_t nfaces = 0;
  std::array<char, 4> faces{};
  std::uint16_t offset = 0;
};

enum class DlebUseKind : std::uint8_t { move, forfeit, store, stored_move };

/// The use of one throw (or of a stored dleb).
struct DlebUse {
  DlebUseKind kind = DlebUseKind::move;
  std::uint8_t value = 0;
  bool implicit = false;     ///< a forfeit the text left out
  DlebPoint from = -1, to = -1;
  bool split = false;        ///< "'": one man of a double, by a dleb
  bool x_written = false;
  bool eats = false;         ///< after dleb_check
  std::uint16_t offset = 0, to_offset = 0;
};

struct DlebTurn {
  int nthrows = 0;
  std::array<DlebThrow, kMaxThrows> throws{};
  int nuses = 0;
  std::array<DlebUse, kDlebMaxUses> uses{};
  bool colon = false;
  std::uint16_t length = 0;  ///< of the parsed text (where "the turn ends too soon" points)
};

/// White sides of a throw: G counts white by day, black by night (Marin 1931).
int dleb_whites(const DlebThrow& t, bool night) noexcept;
/// Reads a turn, syntax only. Errors: move_syntax.
Error dleb_parse(std::string_view text, DlebTurn& out);
void dleb_format(const DlebTurn& turn, std::string& out);
std::string dleb_format(const DlebTurn& turn);
/// Checks a turn: the throws against the player's entry stage (or the
/// throw-again rule), each use in order; fills in eats, appends omitted
/// forfeits. Errors: game_over, throw_sequence, throw_not_available,
/// not_own_piece, needs_tab (a slave moved without a dleb), release_order,
/// must_free, split_illegal, wrong_distance, pass_enemy, occupied,
/// capture_mismatch, handicapped_throw, stored_dleb.
Error dleb_check(const DlebOptions& options, const DlebPosition& pos, DlebTurn& turn);
void dleb_apply(const DlebOptions& options, DlebPosition& pos, const DlebTurn& turn);
Error dleb_play(const DlebOptions& options, DlebPosition& pos, std::string_view text,
                std::string* canonical = nullptr);
/// Whether the player to move is handicapped: not entered, and his team has
/// no slaves (docs/RULES.md §Dleb Handicapped player).
bool dleb_handicapped(const DlebPosition& pos) noexcept;
/// A random turn by beyt's random player (State::play_random; NOTATION.md
/// section 12): each billet white or black with probability 1/2 (a throw
/// that would leave the turn no end within 64 throws drawn again); before
/// the first use, half the time a stored dleb on a uniformly drawn move;
/// then each throw in order on a uniformly drawn move or store, forgone
/// only when it has neither. Canonical text.
std::string dleb_random_turn(const DlebOptions& options, const DlebPosition& pos, Rng& rng);
/// As above, appended to `out`; allocates nothing once `out` has room.
void dleb_random_turn(const DlebOptions& options, const DlebPosition& pos, Rng& rng, std::string& out);
/// A team whose men are all eaten loses.
Result dleb_outcome(const DlebPosition& pos) noexcept;
Error dleb_validate(const DlebOptions& options, const DlebPosition& pos);
std::string dleb_render(const DlebPosition& pos, const RenderOptions& options);

}  // namespace beyt
