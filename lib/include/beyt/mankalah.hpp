// beyt/mankalah.hpp - Mankalah (Lane): the rules engine and its typed API.
//
// Sources:
//   * E. W. Lane, Manners and Customs of the Modern Egyptians (1836),
//     "mankal'ah": 72 hasa, the
//     distribution (tebweez), turning the board, sowing from F, captures on two
//     or four with the beyt opposite and the preceding beyts, the relay on
//     three, five or more, the empty side, the last hasweh, gains to sixty;
//     the game of the ignorant (leab el-ghasheem) and of the wise (el-'akil).
//   * The readings: docs/RULES.md §Mankalah ("Mankalah", "Finer points").
//   * Move syntax and position text: notation/NOTATION.md section 8.
//   * Our own readings where the sources are silent: docs/RULES.md §Mankalah Finer points.
//
// Parameters (rule options; `beyt games` lists them too):
//
// | option      | values             | ghasheem (default) | akil     | source                          |
// |-------------|--------------------|--------------------|----------|---------------------------------|
// | way         | ghasheem, akil     | ghasheem           | akil     | Lane 1836; docs/RULES.md §Mankalah "Two ways"|
// | skip-origin | yes, no            | yes                | yes      | Lane 1836 ("sure to lose"); §Mankalah  |
// | target      | 1..9999            | 60                 | 60       | Lane 1836 ("sixty"); §Mankalah         |
// | loop        | own-side, none     | own-side           | own-side | docs/RULES.md §Mankalah "Endless boards"    |
//
// Beyts are the pits of beyt/sowing.hpp: 0..5 = A..F (South), 6..11 = a..f
// (North), a opposite F. Counts are hasa (cowries or pebbles); 72 in all.
//
// A match is a sequence of boards. Each board: the distributor's tebweez
// (`=n,...`), optionally the other party's `turn`, the sowings, and the
// referee's board end `#S-N` (hasa taken by South and North on this board,
// checked). Gains (the difference) accumulate to `target`.
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

/// The Game object of Mankalah (also find_game("mankalah")).
const Game& mankalah_game();

inline constexpr int kMankalahHasa = 72;  ///< Lane: "seventy-two small shells"

enum class MankalahWay : std::uint8_t { ghasheem, akil };
enum class MankalahLoop : std::uint8_t { own_side, none };

/// Every rule option as a typed value (docs/RULES.md §Mankalah; table above).
struct MankalahOptions {
  MankalahWay way = MankalahWay::ghasheem;
  bool skip_origin = true;
  int target = 60;
  MankalahLoop loop = MankalahLoop::own_side;

  /// Reads a RuleSet of this game. Errors: Code::bad_rules (offset 0).
  static Error from_rules(const RuleSet& rules, MankalahOptions& out);
  bool operator==(const MankalahOptions&) const = default;
};

/// Where a board stands.
enum class MankalahPhase : std::uint8_t {
  distribute,  ///< the distributor is to spread the 72 hasa (tebweez)
  choose,      ///< the other party may turn the board, or begins by sowing
  play,        ///< sowing
  end,         ///< the board is cleared: the referee's board end is due
  over,        ///< the match is won
};

/// One position: the board, the hasa each side took on this board, the gains
/// of the match, who distributed this board and whether it was turned.
/// A value type; == compares everything.
struct MankalahPosition {
  Pits pits{};
  std::array<int, 2> taken{{0, 0}};  ///< this board, [Side]
  std::array<int, 2> gains{{0, 0}};  ///< the match so far, [Side]
  Side to_move = Side::north;        ///< distribute: the distributor; choose/play: the mover
  MankalahPhase phase = MankalahPhase::distribute;
  Side distributor = Side::north;
  bool turned = false;

  /// The start of a match: North distributes the first board, so that South
  /// begins unless he turns it (Lane: "Supposing the party to whom belong the
  /// beyts A, B, C, D, E, F, commences the game"). The same under every
  /// option.
  static MankalahPosition initial(const MankalahOptions& options = {});
  /// Parses "6,6,6,6,6,6,6,6,6,6,6,6 S play 0-0 0-0 N[ turned]". Syntax
  /// only: Code::bad_setup with the offset of the fault.
  /// Gives the position or that Error; throws nothing (LIBRARY.md, "Errors as values").
  static Expected<MankalahPosition> parse(std::string_view text);
  /// The canonical position text; parse(text()) gives an equal position.
  std::string text() const;
  /// Hasa in `side`'s row.
  int row(Side side) const noexcept { return side == Side::south ? pit_sum<0, 6>(pits) : pit_sum<6, 6>(pits); }
  /// The side who sowed first on this board.
  Side began() const noexcept { return turned ? distributor : opponent(distributor); }

  bool operator==(const MankalahPosition&) const = default;
  /// A hash of the position that agrees with operator== (State::hash).
  std::uint64_t hash() const noexcept;
};

enum class MankalahMoveKind : std::uint8_t { distribute, turn, sow, feed, board_end };

/// A turn as written: "=12,0,...", "turn", "Fx4", "~c/A", "#40-32".
struct MankalahMove {
  MankalahMoveKind kind = MankalahMoveKind::sow;
  Pits counts{};              ///< distribute: A..F then a..f
  int beyt = -1;              ///< sow, feed: the beyt sown from
  int feed_from = -1;         ///< feed: the feeder's beyt the hasweh comes from
  int taken = -1;             ///< sow, feed: hasa taken; -1 = not written (filled by check)
  std::uint16_t taken_offset = 0;  ///< of the 'x' in the text
  std::uint16_t beyt_offset = 0;   ///< of the sown beyt's letter in the text
  std::array<int, 2> score{{0, 0}};  ///< board_end: South, North
};

/// Reads move text (NOTATION.md section 8), syntax only. Errors:
/// Code::move_syntax at the first unexpected character.
Error mankalah_parse(std::string_view text, MankalahMove& out);
/// The move text; the canonical form writes `x<n>` exactly when n > 0.
std::string mankalah_format(const MankalahMove& move);
/// As above, appended to `out`.
void mankalah_format(const MankalahMove& move, std::string& out);

/// The outcome of sowing from `beyt` on `pits` (docs/RULES.md §Mankalah "Sowing").
struct MankalahSowing {
  Pits pits{};           ///< the board after the sowing and its captures
  int taken = 0;         ///< hasa taken by the mover
  int last = -1;         ///< beyt of the last hasweh
  std::uint32_t laps = 0;
  bool endless = false;  ///< the relay never ends (the move is illegal)
  std::array<bool, kPits> captured{};  ///< the beyts whose hasa were taken
};
/// Sows from `beyt` with relay and captures; pure function of its arguments.
MankalahSowing mankalah_sow(const Pits& pits, int beyt, bool skip_origin) noexcept;

/// The beyt the ghasheem mover must play: F (North f) or the nearest
/// non-empty beyt toward A (a); -1 if his row is empty.
int mankalah_forced_beyt(const Pits& pits, Side side) noexcept;
/// Whether the empty-side rule applies: the mover has no hasa and the other
/// more than one (Lane: "obliged to put one of his into the first of his
/// adversary's beyts"). Only in the choose and play phases.
bool mankalah_feed_due(const MankalahPosition& pos) noexcept;

/// Checks `move` against `pos` and fills in `taken`. Errors (offsets into
/// the parsed text): game_over, wrong_phase, capture_mismatch, endless_sowing,
/// wrong_start_beyt, not_own_beyt, bad_distribution, feed_wrong,
/// board_score, turn_illegal. The reason names the rule and its source.
Error mankalah_check(const MankalahOptions& options, const MankalahPosition& pos, MankalahMove& move);
/// Applies a checked move and settles the position: a board with one hasweh
/// or none ends (the last hasweh to the owner of its row); a mover without
/// any sowing that ends ends the board, each taking his own row (our
/// reading, docs/RULES.md §Mankalah Finer points).
void mankalah_apply(const MankalahOptions& options, MankalahPosition& pos, const MankalahMove& move);
/// Ends the board now, each side taking the hasa in his own row (docs/RULES.md §Mankalah
/// "Endless boards", loop=own-side).
void mankalah_end_board_own_side(MankalahPosition& pos) noexcept;
/// Every legal move that can be listed, in a fixed order (sowings A..F or
/// a..f, "turn" first in the choose phase; feeds by feeder beyt); empty in the
/// distribute phase (use mankalah_random_distribution) and when over.
void mankalah_legal(const MankalahOptions& options, const MankalahPosition& pos, std::vector<MankalahMove>& out);
/// A random legal tebweez: ghasheem any spread of 72 (each hasweh into a
/// random beyt); akil one or more pairs A/a, B/b, ... each holding one or more.
MankalahMove mankalah_random_distribution(const MankalahOptions& options, Rng& rng);
/// Result::unfinished, or the winner of a finished match.
Result mankalah_outcome(const MankalahPosition& pos) noexcept;
/// Checks a parsed position for consistency (72 hasa, phase). Errors: bad_setup.
Error mankalah_validate(const MankalahOptions& options, const MankalahPosition& pos);
/// The board diagram, ending in '\n'.
std::string mankalah_render(const MankalahPosition& pos, const RenderOptions& options);

}  // namespace beyt
