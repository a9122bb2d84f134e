// beyt/seega.hpp - Seega: the rules engine and its typed API.
//
// Sources:
//   * E. W. Lane, Manners and Customs of the Modern Egyptians (1836), "SEEGA":
//     boards 5, 7, 9; the first pair of each player on prescribed cells; the way opened by removing one's
//     own kelb; chains "as long as he can".
//   * D. Walker, Seega (Cyningstan 2011):
//     rules 1-13 and the variants (7x7, 9x9, barrier).
//   * The readings: docs/RULES.md §Seega ("Seega", "Finer points").
//   * Move syntax and position text: notation/NOTATION.md section 5.
//
// Parameters (rule options; `beyt games` lists them too):
//
// | option        | values                        | walker (default) | lane         | source                 |
// |---------------|-------------------------------|------------------|--------------|------------------------|
// | size          | 5, 7, 9                       | 5                | 5            | Lane 1836; Walker 2011 var.|
// | first-mover   | last-placer, first-placer     | last-placer      | first-placer | Walker 2011 rule 4; Lane  |
// | chain         | optional, mandatory           | optional         | mandatory    | Walker 2011 rule 9; Lane  |
// | centre-immune | yes, no                       | yes              | no           | Walker 2011 rule 12       |
// | blocked       | extra-turn, remove            | extra-turn       | remove       | Walker 2011 rule 7; Lane  |
// | lane-opening  | no, yes, "c2+c4/b3+d3"        | no               | yes          | Lane 1836 ("a, a"/"b, b") |
// | barrier       | no, yes                       | no               | no           | Walker 2011 "Variations"  |
//
// lane-opening=yes means the per-size default pairs (docs/RULES.md §Seega):
// 5x5 South c1+c5, North a3+e3; 7x7 d1+d7 / a4+g4; 9x9 e1+e9 / a5+i5. A custom
// value names South's pair then North's pair, "c2+c4/b3+d3".
//
// Coordinates: cell index = file + 9 * rank, both 0-based, whatever the board
// size (a1 = 0, b1 = 1, a2 = 9, e5 = 40): one fixed 9x9 array holds every
// board, the cells outside an n x n board stay empty. South places first; rank
// 1 is his side.
//
// Diagrams (render): Unicode box drawing as Lane's lettered board, South '●',
// North '○', the empty centre '×' (the pattern on Walker's board); ASCII style
// +---+ and |, South 'x', North 'o', the empty centre '+'.
// SVG (BoardDrawing::draw_board etc., docs/DIAGRAMS.md): the n x n board of squares,
// Walker's marked centre as a saltire, South black discs, North white discs
// with a black rim, files a.. below and ranks 1.. on the left; flipped, the
// board is turned half round (a1 top right).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"
#include "beyt/options.hpp"

namespace beyt {

/// The Game object of Seega (also reachable as find_game("seega")).
const Game& seega_game();

/// A cell: file + 9 * rank, 0-based; -1 = no cell.
using SeegaCell = std::int8_t;
inline constexpr int kSeegaStride = 9;   ///< cells per rank in the index
inline constexpr int kSeegaCells = 81;   ///< size of the fixed board array

/// The cell at 0-based `file` and `rank`.
constexpr SeegaCell seega_cell(int file, int rank) noexcept {
  return static_cast<SeegaCell>(file + kSeegaStride * rank);
}
/// 0-based file (a = 0) and rank (1 = 0) of a cell.
constexpr int seega_file(SeegaCell c) noexcept { return c % kSeegaStride; }
constexpr int seega_rank(SeegaCell c) noexcept { return c / kSeegaStride; }
/// "c3" for seega_cell(2, 2). Precondition: 0 <= c < 81.
std::string seega_cell_name(SeegaCell c);

enum class SeegaFirstMover : std::uint8_t { last_placer, first_placer };
enum class SeegaChain : std::uint8_t { optional, mandatory };
enum class SeegaBlocked : std::uint8_t { extra_turn, remove };

/// Every rule option as a typed value (docs/RULES.md §Seega; table above).
struct SeegaOptions {
  int size = 5;                                           ///< 5, 7 or 9
  SeegaFirstMover first_mover = SeegaFirstMover::last_placer;
  SeegaChain chain = SeegaChain::optional;
  bool centre_immune = true;
  SeegaBlocked blocked = SeegaBlocked::extra_turn;
  bool lane_opening = false;
  /// The prescribed first pair of each side, [Side][0..1] (lane_opening only).
  std::array<std::array<SeegaCell, 2>, 2> opening{{{-1, -1}, {-1, -1}}};
  bool barrier = false;

  /// Reads a RuleSet of this game. An option the RuleSet lacks takes its
  /// default. Errors: Code::bad_rules (offset 0) for a value Seega cannot use,
  /// e.g. a lane-opening pair off the board, on the centre or repeated.
  static Error from_rules(const RuleSet& rules, SeegaOptions& out);
  /// Pieces per side: (size^2 - 1) / 2 = 12, 24, 40 (Lane; Walker rule 1).
  int pieces() const noexcept { return (size * size - 1) / 2; }
  /// The centre cell: c3, d4, e5.
  SeegaCell centre() const noexcept { return seega_cell(size / 2, size / 2); }

  bool operator==(const SeegaOptions&) const = default;
};

enum class SeegaPiece : std::uint8_t { empty = 0, south = 1, north = 2 };
enum class SeegaPhase : std::uint8_t { place, move };

/// A set of cells of the 9x9 index, a bitboard of 81 bits in two words:
/// bit c of `low` stands for cell c (0..63: every cell of the 5x5 and 7x7
/// boards), bit c - 64 of `high` for cell c (64..80). Standard C++ (no
/// 128-bit integer type in a public header); every operation is constexpr
/// and inline, and compiles to the word operations a 128-bit integer would.
struct SeegaBits {
  std::uint64_t low = 0;   ///< cells 0..63
  std::uint64_t high = 0;  ///< cells 64..127 (64..80 on the index)

  /// The set of the one cell `c`. Precondition: 0 <= c < 128.
  static constexpr SeegaBits cell(int c) noexcept {
    return c < 64 ? SeegaBits{std::uint64_t{1} << c, 0} : SeegaBits{0, std::uint64_t{1} << (c - 64)};
  }
  /// Whether the set holds some cell.
  constexpr explicit operator bool() const noexcept { return (low | high) != 0; }
  /// The set without its lowest cell (for a walk over the cells: b & (b - 1)).
  constexpr SeegaBits without_lowest() const noexcept {
    return low ? SeegaBits{low & (low - 1), high} : SeegaBits{0, high & (high - 1)};
  }

  friend constexpr bool operator==(const SeegaBits&, const SeegaBits&) noexcept = default;
  friend constexpr SeegaBits operator&(SeegaBits a, SeegaBits b) noexcept { return {a.low & b.low, a.high & b.high}; }
  friend constexpr SeegaBits operator|(SeegaBits a, SeegaBits b) noexcept { return {a.low | b.low, a.high | b.high}; }
  friend constexpr SeegaBits operator^(SeegaBits a, SeegaBits b) noexcept { return {a.low ^ b.low, a.high ^ b.high}; }
  friend constexpr SeegaBits operator~(SeegaBits a) noexcept { return {~a.low, ~a.high}; }
  constexpr SeegaBits& operator&=(SeegaBits b) noexcept { return *this = *this & b; }
  constexpr SeegaBits& operator|=(SeegaBits b) noexcept { return *this = *this | b; }
  constexpr SeegaBits& operator^=(SeegaBits b) noexcept { return *this = *this ^ b; }
  /// Every cell c to c + n (bits past 127 drop). Precondition: 0 <= n < 128.
  friend constexpr SeegaBits operator<<(SeegaBits a, int n) noexcept {
    if (n == 0) return a;
    if (n >= 64) return {0, a.low << (n - 64)};
    return {a.low << n, (a.high << n) | (a.low >> (64 - n))};
  }
  /// Every cell c to c - n (cells below n drop). Precondition: 0 <= n < 128.
  friend constexpr SeegaBits operator>>(SeegaBits a, int n) noexcept {
    if (n == 0) return a;
    if (n >= 64) return {a.high >> (n - 64), 0};
    return {(a.low >> n) | (a.high << (64 - n)), a.high >> n};
  }
};

/// One position: the board, the side to move, the phase and the extra-turn
/// flag (the mover plays the extra turn after a blocked turn and must open a
/// way if he can). A value type; == compares everything. The board is two
/// bitboards, one per side, so that counts and "can this side step" are a
/// few word operations, not a walk over the cells.
struct SeegaPosition {
  int size = 5;
  std::array<SeegaBits, 2> pieces{};  ///< [Side]: the cells holding that side's pieces
  Side to_move = Side::south;
  SeegaPhase phase = SeegaPhase::place;
  bool extra = false;

  /// The empty board of `options.size` (5, 7 or 9), South to place.
  static SeegaPosition initial(const SeegaOptions& options);
  /// The empty n x n board, South to place.
  [[deprecated("use initial(const SeegaOptions&)")]] static SeegaPosition initial(int n) {
    SeegaOptions options;
    options.size = n;
    return initial(options);
  }
  /// Parses position text "5/5/5/5/2S1S N place[ extra]". Syntax only (plus
  /// a board of 5, 7 or 9): Code::bad_setup with the offset of the fault.
  /// Gives the position or that Error; throws nothing (LIBRARY.md, "Errors as values").
  static Expected<SeegaPosition> parse(std::string_view text);
  /// The canonical position text; parse(text()) gives an equal position.
  std::string text() const;
  /// Pieces of `side` on the board.
  int count(Side side) const noexcept;
  /// The piece on a named cell ("c3"); empty for a bad name.
  SeegaPiece at(std::string_view cell) const noexcept;
  /// The piece on cell `c`. Precondition: 0 <= c < 81.
  SeegaPiece piece(SeegaCell c) const noexcept {
    const SeegaBits bit = SeegaBits::cell(c);
    return (pieces[0] & bit) ? SeegaPiece::south : (pieces[1] & bit) ? SeegaPiece::north : SeegaPiece::empty;
  }
  /// Puts `p` (or nothing) on cell `c`. Precondition: 0 <= c < 81.
  void set(SeegaCell c, SeegaPiece p) noexcept {
    const SeegaBits bit = SeegaBits::cell(c);
    pieces[0] = p == SeegaPiece::south ? pieces[0] | bit : pieces[0] & ~bit;
    pieces[1] = p == SeegaPiece::north ? pieces[1] | bit : pieces[1] & ~bit;
  }

  bool operator==(const SeegaPosition&) const = default;
  /// A hash of the position that agrees with operator== (State::hash).
  std::uint64_t hash() const noexcept;
};

enum class SeegaMoveKind : std::uint8_t { place, steps, blocked, removal };

inline constexpr int kSeegaMaxSteps = 48;   ///< > 1 + 40 captures: no chain is longer
inline constexpr int kSeegaMaxListed = 4;   ///< no step takes more than 3

/// One step of a step-turn: its destination and its captures. All zero by
/// default (SeegaStep{}: a blank step), so that a move's 48 steps are
/// cleared at the cost of a memset.
struct SeegaStep {
  SeegaCell to;
  std::uint8_t ncaptures;                     ///< after seega_check: the real ones
  std::array<SeegaCell, kSeegaMaxListed> captures;  ///< the first ncaptures count
  bool listed;                                ///< the text wrote captures ("x")
  std::uint16_t offset;                       ///< of the step's '-' in the text
  std::array<std::uint16_t, kSeegaMaxListed> capture_offsets;  ///< of each 'x'
};

/// A turn as written: placement "c1,c5", step-turn "b3-c3xc4-c5xd5",
/// blocked "--", removal-turn "~c4/b5-c4". Fixed size, no allocation; only
/// the first nsteps steps mean anything.
struct SeegaMove {
  SeegaMoveKind kind = SeegaMoveKind::blocked;
  std::array<SeegaCell, 2> place{{-1, -1}};   ///< placement: the two cells, as written
  SeegaCell removed = -1;                     ///< removal: the opponent's removed piece
  SeegaCell from = -1;                        ///< step-turn: the piece that moves
  std::uint16_t from_offset = 0;              ///< of `from` in the text (0, or 4 after "~c4/")
  std::uint8_t nsteps = 0;
  std::array<SeegaStep, kSeegaMaxSteps> steps{};
};

/// Reads move text (NOTATION.md section 5), syntax only. Errors:
/// Code::move_syntax at the first unexpected character; capture_mismatch at
/// a fifth listed capture of one step, chain_illegal at a 49th step (neither
/// can ever be legal).
Error seega_parse(std::string_view text, SeegaMove& out);
/// Appends the move text: captures as stored (canonical after seega_check:
/// sorted file then rank), placements in the written order.
void seega_format(const SeegaMove& move, std::string& out);
std::string seega_format(const SeegaMove& move);

/// Checks `move` against `pos` under `options` and fills in each step's real
/// captures (sorted). Errors (offsets into the parsed text): game_over,
/// wrong_phase, bad_step (cell off the board, not one orthogonal step),
/// occupied, centre_placement, opening_cells, not_own_piece,
/// capture_mismatch, chain_illegal, chain_required, blocked_wrong,
/// removal_illegal, must_open_way. The source of each rule is in the reason.
Error seega_check(const SeegaOptions& options, const SeegaPosition& pos, SeegaMove& move);
/// Applies a move that seega_check accepted.
void seega_apply(const SeegaOptions& options, SeegaPosition& pos, const SeegaMove& move);
/// Parses, checks and applies; `pos` unchanged on error. On success
/// `canonical` (if not null) receives the canonical move text.
Error seega_play(const SeegaOptions& options, SeegaPosition& pos, std::string_view text,
                 std::string* canonical = nullptr);
/// Every legal turn, captures filled in, in a fixed order: placements as
/// unordered pairs (smaller cell first, file then rank); step-turns by piece
/// (file then rank), direction (up, right, down, left) and chain depth-first,
/// each stopping point a move under chain=optional, only maximal chains
/// under chain=mandatory. Empty when the game is over. Appends to `out`.
void seega_legal(const SeegaOptions& options, const SeegaPosition& pos, std::vector<SeegaMove>& out);
/// Whether `side` has a piece with an empty orthogonal neighbour. Cost: a
/// few bitboard operations, no walk over the cells.
bool seega_can_step(const SeegaPosition& pos, Side side) noexcept;
/// Result::unfinished, or the result of a terminal position: in the movement
/// phase a side without pieces loses (Walker rule 13). (Neither side able to
/// step cannot occur: docs/RULES.md §Seega Finer points.) Cost: two bitboard tests.
Result seega_outcome(const SeegaPosition& pos) noexcept;
/// Checks a parsed position against the rules (board size, piece counts for
/// the phase, extra flag, opening cells free). Errors: Code::bad_setup.
Error seega_validate(const SeegaOptions& options, const SeegaPosition& pos);
/// The board diagram (see the top of this file), ending in '\n'.
std::string seega_render(const SeegaPosition& pos, const RenderOptions& options);

}  // namespace beyt
