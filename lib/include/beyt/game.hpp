// beyt/game.hpp - the one small interface every game implements, and the
// explicit table of games.
//
// A Game is the static description of one game (name, sources, rule options,
// presets) and the factory of its States. A State is one position of one game
// under one RuleSet, with the player to move, the legal moves, move
// application with a reason when a move is illegal, terminal state and
// outcome. Moves cross this interface as text in the game's move syntax
// (notation/NOTATION.md): the reader keeps syntax apart from meaning, and a
// State resolves a move text against its position (cf. chess-library's
// pgn::Visitor vs uci::parseSan). Each game also offers a typed API of its own
// (e.g. beyt/seega.hpp) for tests and fast engines.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/options.hpp"
#include "beyt/svg.hpp"

namespace beyt {

/// The two sides. South is the side whose home row is lettered A.. in Lane's
/// boards and, in Seega, the player who places first (ranks count from his
/// side, docs/RULES.md §Seega). In Dleb, South is team 1 (line A).
enum class Side : std::int8_t { south = 0, north = 1 };

constexpr Side opponent(Side s) noexcept { return s == Side::south ? Side::north : Side::south; }
/// "South" / "North".
std::string_view side_name(Side s) noexcept;

/// Who acts next in a State.
enum class Actor : std::int8_t {
  south = 0,
  north = 1,
  referee = 2,  ///< a non-player event is due (board or stage end, mancala games)
  none = 3,     ///< the game is over
};
constexpr Actor actor_of(Side s) noexcept { return static_cast<Actor>(s); }
/// "South", "North", "referee", "nobody".
std::string_view actor_name(Actor a) noexcept;

/// The outcome of a game, as the PGN-style result tokens write it.
enum class Result : std::uint8_t { unfinished, south_wins, north_wins, draw };
/// "*", "1-0", "0-1", "1/2-1/2".
std::string_view result_token(Result r) noexcept;
/// Inverse of result_token; false if `token` is none of the four.
bool parse_result_token(std::string_view token, Result& out) noexcept;

/// Text diagram styles (State::render). SVG diagrams are drawn through
/// State::draw_board and friends (below; docs/DIAGRAMS.md).
enum class DiagramStyle : std::uint8_t { unicode, ascii };

struct RenderOptions {
  DiagramStyle style = DiagramStyle::unicode;
  bool coordinates = true;     ///< letters/numbers on the margins
  bool show_to_move = true;    ///< a line naming the side to move
  bool empty_board = false;    ///< draw the labelled board without pieces
};

/// How a game draws its board in SVG (docs/DIAGRAMS.md). Every length is in
/// px (CSS pixels: rsvg-convert writes one PNG pixel per px).
struct DrawOptions {
  double cell = 40;             ///< side of a cell, beyt or point spacing
  std::string font = "serif";   ///< a generic or well-known family: the file stays self-contained
  double font_size = 0;         ///< letters on the margins; 0: 0.4 * cell
  bool monochrome = false;      ///< black and white only (print); else a few tints
  bool flipped = false;         ///< seen from North: North's side at the bottom
  bool coordinates = true;      ///< letters/numbers (or Lane's letters) on the margins
  bool empty_board = false;     ///< the labelled board without pieces

  double font_px() const noexcept { return font_size > 0 ? font_size : 0.4 * cell; }
};

/// The cells a move touches, named as State::cell_centre takes them: where
/// pieces left, where they arrived (each step of a chain), what was captured.
struct MoveCells {
  std::vector<std::string> from;
  std::vector<std::string> to;
  std::vector<std::string> captured;
  bool empty() const noexcept { return from.empty() && to.empty() && captured.empty(); }
};

/// Deterministic random source for generators and playouts. std::mt19937_64
/// is fully specified by the standard; bounded draws use `below`, which is
/// ours, so a seed gives the same games with every standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  /// Uniform integer in [0, n), n > 0 (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t n);
  std::uint64_t next() { return engine_(); }

 private:
  std::mt19937_64 engine_;
};

/// A chance event's outcome (stick games): its text and probability.
struct ChanceOutcome {
  std::string text;      ///< as the notation writes it, e.g. "4" or "WWWW"
  double probability;    ///< in [0, 1]; a State's list sums to 1
};

class Game;

/// One position of one game. States are values: clone() copies, equals()
/// compares the whole position (board, side to move, phase, pending duties),
/// never the history.
class State {
 public:
  virtual ~State() = default;

  virtual const Game& game() const noexcept = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  /// Same game, same rules, same position. Never throws.
  virtual bool equals(const State& other) const noexcept = 0;

  /// The position as one line of text (the game's FEN-like form, documented
  /// in notation/NOTATION.md). Game::new_state(rules, text) rebuilds an
  /// equal State; this is what the `SetUp` tag holds.
  virtual std::string position_text() const = 0;

  virtual Actor to_move() const noexcept = 0;
  /// Number of turns played since the initial (or set-up) position.
  virtual std::uint32_t turns_played() const noexcept = 0;
  virtual bool is_terminal() const noexcept = 0;
  /// Result::unfinished unless is_terminal().
  virtual Result outcome() const noexcept = 0;

  /// The canonical move text of every legal turn for the actor to move
  /// (empty when terminal). Order is deterministic. Appends to `out`.
  /// Where moves_enumerable() is false the list is not complete (a turn that
  /// starts with throws, a distribution of 72 hasa): use random_move().
  virtual void legal_moves(std::vector<std::string>& out) const = 0;

  /// False where the legal turns cannot be listed: the next turn starts with
  /// chance events (stick throws) or is a free set-up (tebweez).
  virtual bool moves_enumerable() const noexcept { return true; }

  /// Who is to move, as diagnostics name him: "South", "North", or for
  /// team games the side and the player ("South, player 2").
  virtual std::string player_label() const { return std::string(actor_name(to_move())); }

  /// Resolves `move_text` against this position and applies it.
  /// Errors (the State is unchanged): Code::move_syntax when the text is not in
  /// the game's syntax, Code::game_over, or the specific E3xx code of the
  /// broken rule; Error::offset points into `move_text`. The reason names the
  /// rule and its source.
  virtual Error play(std::string_view move_text) = 0;

  /// As play(), without applying: on success `canonical` holds the move in
  /// canonical form (e.g. captures filled in).
  virtual Error check(std::string_view move_text, std::string& canonical) const = 0;

  /// For games with throws: the distribution of the next chance event, or
  /// empty when the next event is a player's decision.
  virtual std::vector<ChanceOutcome> chance_outcomes() const { return {}; }

  /// A random legal turn (uniform over legal_moves() by default; stick games
  /// draw their throws with the sticks' probabilities), in canonical form.
  /// Empty if terminal. The same Rng state gives the same turn.
  std::string random_move(Rng& rng) const;
  /// As random_move(rng), written into `out` (replaced): a playout that
  /// reuses one string allocates nothing per turn.
  virtual void random_move(Rng& rng, std::string& out) const;

  /// Result of a game that stopped before its natural end, under a
  /// `Termination` tag value other than "normal" (e.g. Seega's "barrier").
  /// Sets `out` and returns Error::none() if this game decides such endings
  /// itself; Code::bad_termination if the termination is not allowed here.
  /// The default knows none: "barrier" and other game-decided endings fail.
  virtual Error adjudicate(std::string_view termination, Result& out) const;

  /// The position as a diagram (Unicode box drawing or ASCII), ending in '\n'.
  virtual std::string render(const RenderOptions& options) const = 0;

  // --- SVG drawing (docs/DIAGRAMS.md) ------------------------------------
  // A game that draws itself overrides all five; beyt/diagram.hpp lays the
  // boards out on a page and draws highlights, marks and arrows on top.
  // The board occupies (0,0)-(board_size) in its own coordinates, its
  // coordinate margins included.

  /// False (the default): this game has no SVG drawing yet; the other
  /// drawing functions are then never called.
  virtual bool can_draw() const noexcept { return false; }
  /// Width and height of the board drawing, margins with letters included.
  virtual svg::Size board_size(const DrawOptions& options) const;
  /// The board: background, lines or cells, patterns, margin letters.
  virtual void draw_board(svg::Canvas& canvas, const DrawOptions& options) const;
  /// The pieces (counts, stacks, ...) of this position; nothing when
  /// options.empty_board. Drawn after the last-move underlay.
  virtual void draw_pieces(svg::Canvas& canvas, const DrawOptions& options) const;
  /// The centre of the cell named `cell` in the game's notation ("c3";
  /// Lane's "K"; "B7"), flipped view included. False if there is no such cell.
  virtual bool cell_centre(std::string_view cell, const DrawOptions& options, svg::Point& out) const;
  /// The cells `move_text` touches when played from this position (the
  /// position before the move). Empty if the text is not a move here.
  virtual MoveCells move_cells(std::string_view move_text) const;
  /// Where the cross marking a capture on `cell` goes (its centre, px, in the
  /// board's frame) and its half-width. The default is the cell's centre and
  /// a fifth of a cell: the taken pieces have left the cell. Where the taker
  /// stands on the cell it took (Tâb, Dleb) the game puts a smaller cross in
  /// a corner, clear of the piece. False if there is no such cell.
  virtual bool capture_mark(std::string_view cell, const DrawOptions& options, svg::Point& centre,
                            double& half) const {
    half = 0.2 * options.cell;
    return cell_centre(cell, options, centre);
  }

  /// What `move_text` does when played from this position (the position
  /// BEFORE the move), in a few words for a caption: "North passes",
  /// "Board ends: each takes the hasa on his own side", "South's opening
  /// throw: 3, no táb". Empty (the default) when the move text says it all,
  /// or when the text is not a move here. docs/DIAGRAMS.md, "Captions".
  virtual std::string describe_move(std::string_view /*move_text*/) const { return {}; }
};

/// Static description of one game and factory of its States.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view name() const noexcept = 0;     ///< "seega"
  virtual std::string_view title() const noexcept = 0;    ///< "Seega"
  /// Sources of the rules: the published works (author, year, page) and the docs/RULES.md section.
  virtual std::string_view sources() const noexcept = 0;
  virtual const std::vector<OptionSpec>& options() const noexcept = 0;
  /// Presets; the first is the default.
  virtual const std::vector<Preset>& presets() const noexcept = 0;

  /// Parses rules text (see options.hpp) for this game. Errors: bad_rules.
  Error parse_rules(std::string_view text, RuleSet& out) const {
    return RuleSet::parse(text, options(), presets(), out);
  }
  /// A State under `rules`: the initial position if `setup` is empty, else
  /// the position written by State::position_text(). Errors: bad_rules when
  /// the RuleSet holds a value the game cannot use, bad_setup (with offset
  /// into `setup`) when the position text is malformed or impossible.
  virtual Error new_state(const RuleSet& rules, std::string_view setup,
                          std::unique_ptr<State>& out) const = 0;
};

/// The explicit table of games, in a fixed order (no static registrars).
const std::vector<const Game*>& game_table();
/// The game called `name`, in any case of its ASCII letters ("seega",
/// "Seega", "SEEGA": NOTATION.md section 3), or null. Its name() is the
/// canonical, lower-case spelling.
const Game* find_game(std::string_view name) noexcept;

}  // namespace beyt
