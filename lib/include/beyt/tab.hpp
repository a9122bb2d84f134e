// beyt/tab.hpp - Tâb: the rules engine and its typed API.
//
// Sources:
//   * E. W. Lane, Manners and Customs of the Modern Egyptians (1836), "táb":
//     the lettered 9-wide board, the sticks,
//     the opening throws, Nasrani and Muslim, the round of the middle rows,
//     captures, the 'eggeh, the adversary's row; the worked examples
//     "táb and four and two ... Q" and "from m ... o ... s ... a".
//   * The readings: docs/RULES.md §Tâb, "Finer points" included.
//   * Move syntax and position text: notation/NOTATION.md section 6.
//   * Throws and tracks: beyt/sticks.hpp (the shared stick-game core).
//
// Parameters (rule options; `beyt games` lists them too):
//
// | option         | values                   | lane (default) | source                                  |
// |----------------|--------------------------|----------------|-----------------------------------------|
// | width          | 7, 9, 11, 13, 15         | 9              | Lane 1836 ("seven, nine, eleven ...")|
// | pieces         | full, 1 .. width         | full           | Lane 1836 ("in the first four")          |
// | release        | front-first, any         | front-first    | Lane 1836 ("must always commence ... I") |
// | enemy-row-safe | yes, no                  | yes            | Lane 1836 ("leave it there in safety")   |
// | pass-enemy     | yes, no                  | yes            | docs/RULES.md §Tâb Capture (no = Dleb's rule)  |
// | first          | south, north             | south          | docs/RULES.md §Tâb Opening (silent: our option)|
//
// Cells: index = file + 16 * row, both 0-based; row 0 is South's home row
// (Lane's A..I), row 3 North's (a..i); file 0 is South's left (A, S, k, i).
// One fixed 64-cell array holds every width.
//
// Diagrams (render): Lane's box drawing; on widths 7, 9 and 11 each cell
// shows its Lane letter, in Unicode and ASCII alike (the empty 9-wide board
// is exactly docs/RULES.md §Tâb's box), a kelb after it ("a●", "Q●3");
// other widths have grid margins. Kelbs: South Nasrani '■', Muslim '●';
// North Nasrani '□', Muslim '○'; an 'eggeh adds its size ("●3"). ASCII
// uses marks that no letter can be taken for: '#'/'@' South, '%'/'*' North.
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

/// The Game object of Tâb (also reachable as find_game("tab")).
const Game& tab_game();

/// A cell: file + 16 * row, 0-based; -1 = no cell.
using TabCell = std::int8_t;
inline constexpr int kTabStride = 16;
inline constexpr int kTabCells = 64;
constexpr TabCell tab_cell(int file, int row) noexcept { return static_cast<TabCell>(file + kTabStride * row); }
constexpr int tab_file(TabCell c) noexcept { return c % kTabStride; }
constexpr int tab_row(TabCell c) noexcept { return c / kTabStride; }

/// Whether width `w` has Lane letters (7, 9, 11: "skip J, continue the
/// alphabet"; docs/RULES.md §Tâb Board).
constexpr bool tab_has_letters(int w) noexcept { return w == 7 || w == 9 || w == 11; }
/// The name of a cell: its Lane letter ("I", "k") when `grid` is false and
/// the width has letters, else its grid name ("i1", "a3": file a.., rank 1..4
/// from South's home row).
std::string tab_cell_name(TabCell c, int width, bool grid);
/// Reads a cell name at text[i] (a Lane letter not followed by a digit, or a
/// grid file letter and rank digit); advances i and sets `grid` to the style
/// read. False if there is no cell of this width there.
bool tab_read_cell(std::string_view text, std::size_t& i, int width, TabCell& out, bool& grid);

/// Every rule option as a typed value (docs/RULES.md §Tâb; table above).
struct TabOptions {
  int width = 9;
  int pieces = 0;             ///< 0 = every cell of the home rows, else the first N
  bool release_any = false;   ///< release=any
  bool enemy_row_safe = true;
  bool pass_enemy = true;
  Side first = Side::south;   ///< who throws first in the opening

  /// Reads a RuleSet of this game. Errors: Code::bad_rules (offset 0).
  static Error from_rules(const RuleSet& rules, TabOptions& out);
  /// Kelbs per side at the start.
  int kelbs() const noexcept { return pieces == 0 ? width : pieces; }
  bool operator==(const TabOptions&) const = default;
};

/// One cell's content: the kelbs of one side standing there (a single kelb
/// or an 'eggeh). `progress` is how many rows of its side's route the stack
/// (or any of its kelbs) has been in, 1..4: South's route runs rows 0, 1, 2,
/// 3, North's 3, 2, 1, 0 (its history, docs/RULES.md §Tâb Finer points: "the union
/// of its kelbs'"; 4 = has entered the adversary's row).
struct TabStack {
  std::uint8_t count = 0;     ///< 0 = empty cell
  Side side = Side::south;
  bool nasrani = false;       ///< in its original cell, never moved (count 1)
  std::uint8_t progress = 0;

  bool operator==(const TabStack&) const = default;
};

/// One position: the board, the side to move and whether the opening
/// (throwing alternately until a táb) is still on. A value type. The kelbs
/// and the Nasrani of each side are counted as the cells change (the engine
/// changes cells through its own functions), so that the outcome and the
/// release rules need no walk over the board.
struct TabPosition {
  int width = 9;
  std::array<TabStack, kTabCells> cells{};
  Side to_move = Side::south;
  bool opening = true;
  std::array<std::uint8_t, 2> kelbs{};    ///< [Side]: kelbs on the board (an 'eggeh counts its size)
  std::array<std::uint8_t, 2> nasrani{};  ///< [Side]: Nasrani on the board
  /// [Side]: the side has freed a kelb in this game (Lane's "He must always
  /// commence with the kelb in beyt I" binds only the first; docs/RULES.md
  /// §Tâb Finer points). History the board shows only while one of the side's
  /// Muslim kelbs is on it: the position text carries it in a fourth field
  /// when a side's freed kelbs have all been taken (NOTATION.md section 6).
  /// Not compared by operator==.
  std::array<bool, 2> freed{};

  /// The initial position under `options`.
  static TabPosition initial(const TabOptions& options);
  /// Parses "NNNNNNNNN/9/9/SSSSSSSSS S opening", with an optional fourth
  /// field naming the sides that have freed a kelb ("-", "S", "N" or "SN";
  /// without it, a side has freed one when a Muslim kelb of it is on the
  /// board). Errors: Code::bad_setup, at the byte offset of the bad field
  /// (also a fourth field that leaves out a side with a Muslim on the board).
  /// Gives the position or that Error; throws nothing (LIBRARY.md, "Errors as values").
  static Expected<TabPosition> parse(std::string_view text);
  /// The position text (NOTATION.md section 6) as a State under `options`
  /// writes it: under release=any (only there does it count), the fourth
  /// field when a side has freed a kelb, has no Muslim kelb left on the
  /// board and two Nasrani or more (only then can it decide a move), naming
  /// every side that has freed a kelb.
  std::string text(const TabOptions& options) const;
  /// The position text with the fourth field wherever it can decide a move
  /// (as text(options) under release=any).
  std::string text() const;
  /// With the fourth field where `freed_field` (as text(options) under
  /// release=any), else without it.
  [[deprecated("use text() or text(options)")]] std::string text(bool freed_field) const {
    TabOptions options;
    options.release_any = freed_field;
    return text(options);
  }
  /// Kelbs of `side` on the board (an 'eggeh counts its size).
  int count(Side side) const noexcept { return kelbs[static_cast<std::size_t>(side)]; }
  /// Sets `kelbs` and `nasrani` from the cells (after the cells were written
  /// directly, as a parser does), and marks `freed` for a side with a Muslim
  /// kelb on the board (a flag already set stays set).
  void recount() noexcept;
  const TabStack& at(TabCell c) const noexcept { return cells[static_cast<std::size_t>(c)]; }
  /// The position, without the history `freed`: a State rebuilt from the
  /// position text equals the State it was written from, and a position
  /// given as text without the fourth field (beyt select --position) matches.
  bool operator==(const TabPosition& o) const noexcept {
    return width == o.width && cells == o.cells && to_move == o.to_move && opening == o.opening &&
           kelbs == o.kelbs && nasrani == o.nasrani;
  }
  /// A hash of the position that agrees with operator== (State::hash).
  std::uint64_t hash() const noexcept;
};

/// The use of one throw: a move of one kelb or 'eggeh, or a forfeit.
struct TabUse {
  std::uint8_t value = 0;
  bool forfeit = false;
  bool implicit = false;      ///< a forfeit the text left out (appended)
  TabCell from = -1, to = -1;
  bool split = false;         ///< "'": one kelb of an 'eggeh, by a táb
  bool x_written = false;     ///< the text wrote 'x'
  bool captures = false;      ///< after tab_check: the landing takes
  std::uint16_t offset = 0;   ///< of the use in the text
  std::uint16_t to_offset = 0;  ///< of the destination in the text
};

/// A turn as written: "1,4,2:1I-K,4K-O,2O-Q"; an opening throw "3".
struct TabTurn {
  int nthrows = 0;
  std::array<StickThrow, kMaxThrows> throws{};
  int nuses = 0;
  std::array<TabUse, kMaxThrows> uses{};
  bool colon = false;
  bool grid = false;          ///< cells written as grid names (else Lane letters)
};

/// Reads a turn (syntax only; `width` names the cells). Errors: move_syntax,
/// throw_faces.
Error tab_parse(std::string_view text, int width, TabTurn& out);
/// Writes a turn: throws as stored, then ":" and the uses in order (not for
/// an opening throw). Cells in Lane letters unless `turn.grid`.
void tab_format(const TabTurn& turn, int width, std::string& out);
std::string tab_format(const TabTurn& turn, int width);
/// Checks `turn` against `pos`: the throw sequence, each use in order on the
/// position it finds, fills in captures and appends omitted forfeits.
/// Errors (offsets into the parsed text): game_over, throw_sequence,
/// throw_not_available, not_own_piece, needs_tab, release_order,
/// split_illegal, wrong_distance, enemy_row_entry, enemy_row_locked,
/// pass_enemy, occupied, safe_cell, capture_mismatch.
Error tab_check(const TabOptions& options, const TabPosition& pos, TabTurn& turn);
/// Applies a checked turn.
void tab_apply(const TabOptions& options, TabPosition& pos, const TabTurn& turn);
/// Parses, checks and applies; `pos` unchanged on error.
Error tab_play(const TabOptions& options, TabPosition& pos, std::string_view text,
               std::string* canonical = nullptr);
/// The legal uses (never forfeits) of one throw of `value` in `pos`, with
/// `tab_thrown` telling whether the turn threw a táb (Lane's lock). Appends.
void tab_uses(const TabOptions& options, const TabPosition& pos, int value, bool tab_thrown,
              std::vector<TabUse>& out);
/// A random turn by beyt's random player (State::play_random; NOTATION.md
/// section 12): throws drawn with the sticks' odds, each throw used on a
/// uniformly chosen legal use (forfeited when it has none), in throw order.
/// Canonical text (Lane letters where the width has them).
std::string tab_random_turn(const TabOptions& options, const TabPosition& pos, Rng& rng);
/// As above, appended to `out`; allocates nothing once `out` has room.
void tab_random_turn(const TabOptions& options, const TabPosition& pos, Rng& rng, std::string& out);
/// Result::unfinished, or the winner: a side with no kelbs loses.
Result tab_outcome(const TabPosition& pos) noexcept;
/// Checks a parsed position against the rules (width, counts).
Error tab_validate(const TabOptions& options, const TabPosition& pos);
/// The diagram, ending in '\n'.
std::string tab_render(const TabPosition& pos, const RenderOptions& options);
/// Rewrites a turn's cells into Lane letters (`grid` false) or grid names,
/// changing nothing else. Errors: move_syntax; bad_rules when the width has
/// no Lane letters.
Error tab_rewrite_cells(std::string_view text, int width, bool grid, std::string& out);

}  // namespace beyt
