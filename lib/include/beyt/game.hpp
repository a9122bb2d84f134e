// beyt/game.hpp - the one small interface every game implements, and the
// explicit table of games.
//
// A Game is the static description of one game (name, sources, rule options,
// presets) and the factory of its States. A State is one position of one game
// under one RuleSet and keeps its rules: who acts next, the legal moves, the
// chance outcomes, move application with a reason when a move is illegal,
// the outcome. Moves cross this interface as text in the game's move syntax
// (notation/NOTATION.md): the reader keeps syntax apart from meaning, and a
// State resolves a move text against its position (cf. chess-library's
// pgn::Visitor vs uci::parseSan). Showing a position (text diagrams, SVG) is
// a separate, optional interface, BoardDrawing (beyt/drawing.hpp), reached
// through State::drawing(). Each game also offers a typed API of its own
// (e.g. beyt/seega.hpp) for tests and fast engines.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/options.hpp"
#include "beyt/drawing.hpp"

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
  chance = 4,   ///< a chance event is due: a throw (State::chance_outcomes lists its outcomes).
                ///< Reserved: no game reports it yet (issue 20 makes the stick games do so).
};
constexpr Actor actor_of(Side s) noexcept { return static_cast<Actor>(s); }
/// True for Actor::south and Actor::north: a player decides the next move.
constexpr bool is_player(Actor a) noexcept { return a == Actor::south || a == Actor::north; }
/// "South", "North", "referee", "nobody", "chance".
std::string_view actor_name(Actor a) noexcept;

/// The outcome of a game, as the PGN-style result tokens write it.
enum class Result : std::uint8_t { unfinished, south_wins, north_wins, draw };
/// "*", "1-0", "0-1", "1/2-1/2".
std::string_view result_token(Result r) noexcept;
/// Inverse of result_token; false if `token` is none of the four.
bool parse_result_token(std::string_view token, Result& out) noexcept;

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

/// One position of one game, and its rules. States are values: clone()
/// copies, equals() compares the whole position (board, side to move, phase,
/// pending duties) and the rules, never the history; hash() agrees with
/// equals().
///
/// The contract, in groups:
///   * the value: game, clone, equals, hash, position_text, turns_played;
///   * who acts and how it ends: to_move, player_label, outcome, is_terminal,
///     adjudicate;
///   * the moves: legal_moves (moves_enumerable), chance_outcomes,
///     random_move, play, check, describe_move;
///   * showing it, optional: drawing().
class State {
 public:
  virtual ~State() = default;

  virtual const Game& game() const noexcept = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  /// Same game, same rules, same position. Never throws.
  virtual bool equals(const State& other) const noexcept = 0;
  /// A hash of the position: States that are equals() have the same hash
  /// (for transposition tables, duplicate detection, Python's hash()). The
  /// value is the same in every run of one build; it is not a stable file
  /// format.
  virtual std::uint64_t hash() const noexcept = 0;

  /// The position as one line of text (the game's FEN-like form, documented
  /// in notation/NOTATION.md). Game::new_state(rules, text) rebuilds an
  /// equal State; this is what the `SetUp` tag holds.
  virtual std::string position_text() const = 0;
  /// Number of turns played since the initial (or set-up) position.
  virtual std::uint32_t turns_played() const noexcept = 0;

  /// Who acts next: a player, the referee (a board or stage end is due),
  /// chance (a throw is due; reserved, see Actor) or nobody (the game is over).
  virtual Actor to_move() const noexcept = 0;
  /// Who is to move, as diagnostics name him: "South", "North", or for
  /// team games the side and the player ("South, player 2").
  virtual std::string player_label() const { return std::string(actor_name(to_move())); }
  /// Result::unfinished unless the game is over.
  virtual Result outcome() const noexcept = 0;
  /// The game is over: outcome() is not Result::unfinished.
  bool is_terminal() const noexcept { return outcome() != Result::unfinished; }
  /// Result of a game that stopped before its natural end, under a
  /// `Termination` tag value other than "normal" (e.g. Seega's "barrier").
  /// Sets `out` and returns Error::none() if this game decides such endings
  /// itself; Code::bad_termination if the termination is not allowed here.
  /// The default knows none: "barrier" and other game-decided endings fail.
  virtual Error adjudicate(std::string_view termination, Result& out) const;

  /// The canonical move text of every legal turn for the actor to move
  /// (empty when terminal). Order is deterministic. Appends to `out`.
  /// Where moves_enumerable() is false the list is not complete (a turn that
  /// starts with throws, a distribution of 72 hasa): use random_move().
  virtual void legal_moves(std::vector<std::string>& out) const = 0;
  /// False where the legal turns cannot be listed: the next turn starts with
  /// chance events (stick throws) or is a free set-up (tebweez).
  virtual bool moves_enumerable() const noexcept { return true; }
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

  /// Resolves `move_text` against this position and applies it.
  /// Errors (the State is unchanged): Code::move_syntax when the text is not in
  /// the game's syntax, Code::game_over, or the specific E3xx code of the
  /// broken rule; Error::offset points into `move_text`. The reason names the
  /// rule and its source.
  virtual Error play(std::string_view move_text) = 0;
  /// As play(), without applying: on success `canonical` holds the move in
  /// canonical form (e.g. captures filled in).
  virtual Error check(std::string_view move_text, std::string& canonical) const = 0;
  /// What `move_text` does when played from this position (the position
  /// BEFORE the move), in a few words for a caption: "North passes",
  /// "Board ends: each takes the hasa on his own side", "South's opening
  /// throw: 3, no táb". Empty (the default) when the move text says it all,
  /// or when the text is not a move here. docs/DIAGRAMS.md, "Captions".
  virtual std::string describe_move(std::string_view /*move_text*/) const { return {}; }

  /// How this position is shown (text diagrams, SVG; beyt/drawing.hpp), or
  /// null (the default) for a game that has no drawing. The drawing is a
  /// view of this State: valid while it lives, of its current position.
  virtual const BoardDrawing* drawing() const noexcept { return nullptr; }
};

/// Static description of one game and factory of its States.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view name() const noexcept = 0;     ///< "seega"
  virtual std::string_view title() const noexcept = 0;    ///< "Seega"
  /// Sources of the rules: the published works (author, year, page) and the docs/RULES.md section.
  virtual std::string_view sources() const noexcept = 0;
  /// The rule options in the game's order (docs/RULES.md, each game's
  /// "Options"): name, allowed values, default, help, source. Each game
  /// states them once, in a table bound to its Options struct, which also
  /// reads a RuleSet (e.g. SeegaOptions::from_rules).
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
/// The game called `name` (exact, lower case, as in the `Game` tag), or null.
const Game* find_game(std::string_view name) noexcept;

}  // namespace beyt
