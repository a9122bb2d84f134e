// beyt/game.hpp - the one small interface every game implements, and the
// explicit table of games.
//
// A Game is the static description of one game (name, sources, rule options,
// presets) and the factory of its States. A State is one position of one game
// under one RuleSet and keeps its rules: who acts next, the legal events,
// the chance outcomes, applying an event or a whole turn with a reason when
// it is illegal, the outcome. Turns cross this interface as text in the
// game's move syntax (notation/NOTATION.md): the reader keeps syntax apart
// from meaning, and a State resolves a turn's text against its position
// (cf. chess-library's pgn::Visitor vs uci::parseSan). Events cross it as
// text or as values (Event: 16 bytes, listed and applied without text, for
// search and playouts; event_text and parse_event go between the two).
// Showing a position (text diagrams, SVG) is a separate, optional
// interface, BoardDrawing (beyt/drawing.hpp), reached through
// State::drawing(). Each game also offers a typed API of its own
// (e.g. beyt/seega.hpp) for tests and fast engines.
//
// Turns and events (notation/NOTATION.md section 12). A record holds turns
// (`1,4,2:1I-K,4K-O,2O-Q`); a turn is a sequence of events, each a throw
// (a chance event: `1`, `BBWW`) or one decision of a player (`4K-O`,
// `1+`; a sowing `C` of Um el-Banât, after which a peck continues the turn;
// a count `10` of Mankalah's tebweez; in Seega and in Mankalah's other
// turns a whole turn). play_turn() applies a whole turn (the
// replay of records); apply() applies one event, the State remembering the
// turn in progress; legal_events() lists the events possible next and
// chance_outcomes() their probabilities at a throw. The turn's text is
// assembled from its events, as play_turn() would write it. Each name says
// its unit: `event` for one event, `turn` for a whole turn
// (docs/LIBRARY.md, "Events and turns: the names").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/expected.hpp"
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
  chance = 4,   ///< a chance event is due: a throw of Tâb's sticks or Dleb's billets
                ///< (State::chance_outcomes lists its outcomes).
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
/// ours, so a seed gives the same games with every standard library. A
/// value: a copy draws what the original would draw next.
class Rng {
 public:
  /// The generator std::mt19937_64 seeded with `seed`.
  explicit Rng(std::uint64_t seed);
  /// Uniform integer in [0, n), n > 0 (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t n);
  /// The generator's next 64-bit output.
  std::uint64_t next();
  /// Uniform double in [0, 1): the top 53 bits of next(), times 2^-53 (one
  /// draw; the z that sample_outcome() takes).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }

 private:
  // The std::mt19937_64 (312 words of state and an index; trivially
  // copyable, so copying these bytes copies it), kept as storage so that
  // this header does not bring in <random>'s 17 500 lines (bench/README.md,
  // "Compiling #include <beyt/beyt.hpp>"); lib/src/game.cpp makes it.
  alignas(8) unsigned char engine_[2512];
};

/// One event (the unit of play: a throw, one use of a throw, a sowing, a
/// count of Mankalah's tebweez, a Seega turn; notation/NOTATION.md section
/// 12) as a value: 16 bytes, trivially copyable, compared and hashed as a
/// value. State::legal_events(std::vector<Event>&) lists them,
/// State::apply(Event) plays one without reading text, and a search keeps
/// them in its tables. What the bytes mean is the game's, in one of two
/// forms:
///   * the game's own code (Event::code), which the State that listed it
///     reads back directly: every game of the library codes its events
///     (Seega a turn's cells and the directions of its steps, Tâb a throw's
///     count or a use's value and cells, Dleb its billets or a use, the
///     mancala games a house or a count; docs/LIBRARY.md, "Events as
///     values");
///   * the event's own text, when it is at most kMaxText bytes
///     (Event::from_text): a game written on State that lists only texts
///     (docs/LIBRARY.md, "Adding a game"), whose apply(Event) then reads
///     those bytes.
/// The text a record writes is State::event_text(event), at the position
/// where it is listed (a Seega step's captures depend on the board);
/// State::parse_event(text) goes back. The default Event is no event
/// (empty()). Never throws.
class Event {
 public:
  /// The longest text a text Event holds, in bytes.
  static constexpr std::size_t kMaxText = 15;
  /// No event (empty()).
  constexpr Event() noexcept = default;
  /// A game's own code: the 64 bits of `low` and the low 63 bits of `high`
  /// (the top bit marks a text Event and is cleared here).
  static Event code(std::uint64_t low, std::uint64_t high) noexcept {
    Event e;
    high &= ~kTextBit;
    std::memcpy(e.bytes_, &low, 8);
    std::memcpy(e.bytes_ + 8, &high, 8);
    return e;
  }
  /// The event written `text`, if it is 1 to kMaxText bytes; else the
  /// empty Event (a longer text cannot be a text Event: such a game codes
  /// its events, Event::code).
  static Event from_text(std::string_view text) noexcept {
    Event e;
    if (text.empty() || text.size() > kMaxText) return e;
    for (std::size_t i = 0; i < text.size(); ++i) e.bytes_[i] = text[i];  // a few bytes: no call to memcpy
    e.bytes_[15] = static_cast<char>(0x80u | text.size());
    return e;
  }
  /// A text Event (from_text), not a game's code.
  bool is_text() const noexcept { return (static_cast<unsigned char>(bytes_[15]) & 0x80u) != 0; }
  /// The text of a text Event, valid while this Event lives; empty for a
  /// game's code (its text is State::event_text).
  std::string_view text() const noexcept {
    return is_text() ? std::string_view(bytes_, static_cast<unsigned char>(bytes_[15]) & 0x0Fu) : std::string_view();
  }
  /// The low and high 64 bits (a text Event's bytes in memory order, the
  /// top bit of high() set).
  std::uint64_t low() const noexcept {
    std::uint64_t v;
    std::memcpy(&v, bytes_, 8);
    return v;
  }
  std::uint64_t high() const noexcept {
    std::uint64_t v;
    std::memcpy(&v, bytes_ + 8, 8);
    return v;
  }
  /// No event: the default Event.
  bool empty() const noexcept { return (low() | high()) == 0; }
  /// A hash of the value, the same in every run of one build.
  std::uint64_t hash() const noexcept {
    std::uint64_t h = low() * 0x9E3779B97F4A7C15ull ^ high();
    h ^= h >> 31;
    return h * 0xBF58476D1CE4E5B9ull ^ (h >> 29);
  }
  friend bool operator==(const Event& a, const Event& b) noexcept {
    return a.low() == b.low() && a.high() == b.high();
  }

 private:
  // The text mark: bytes_[15]'s top bit, high()'s top bit on the
  // little-endian machines beyt runs on (static_assert in game.cpp).
  static constexpr std::uint64_t kTextBit = std::uint64_t{1} << 63;
  alignas(8) char bytes_[16]{};
};

/// A chance event's outcome (stick games): its text and probability.
struct ChanceOutcome {
  std::string text;      ///< as the notation writes it, e.g. "4" or "BBWW"
  double probability;    ///< in (0, 1]; a State's list sums to 1
  Event event{};         ///< the outcome as a value (State::apply(Event) plays it)
};

/// Which outcome of a throw a uniform draw `z` in [0, 1) picks, by the
/// outcomes' probabilities: the index of the first outcome whose running
/// sum of probabilities (outcomes[0] up to it) exceeds `z`, as OpenSpiel's
/// SampleAction does; a `z` that rounding leaves at or past the whole sum
/// picks the last outcome. `outcomes` as State::chance_outcomes() lists
/// them; `z` e.g. Rng::uniform() or Python's random.random(). So one draw
/// picks one outcome wherever the loop is written (C++, Python's
/// Position.sample_outcome(z), bench/event_playout). Returns
/// outcomes.size() when `outcomes` is empty (no throw is due). Never throws.
std::size_t sample_outcome(std::span<const ChanceOutcome> outcomes, double z) noexcept;
/// As sample_outcome(outcomes, z), over the outcomes' probabilities alone
/// (State::list_events' `chances`, in the order of its values): the same
/// index for the same draw.
std::size_t sample_outcome(std::span<const double> probabilities, double z) noexcept;

/// A face a thrown stick or billet shows, as the notation writes it.
struct ThrowFace {
  char letter = 0;   ///< 'W', 'B' or 'G'
  std::string says;  ///< what the piece shows, e.g. "white side up"
};
/// The throw due as its pieces fall (State::throw_faces): the faces each
/// piece may show and how many pieces fall.
struct ThrowFaces {
  std::vector<ThrowFace> faces;  ///< in the notation's order; empty when no throw is due
  int pieces = 0;                ///< sticks or billets in this throw; 0 when no throw is due
};
/// Why `faces` is not one face letter of `shape` for each of its pieces:
/// Code::wrong_phase when `shape` has no faces (no throw is due),
/// Code::move_syntax (offset at the first letter that is no face, else at
/// the end) for another letter or another count of letters; Error::none()
/// when it is.
Error faces_fault(const ThrowFaces& shape, std::string_view faces);

/// One event chosen by beyt's random player (State::play_random): where it
/// stands in the list it was chosen from, and the text applied.
struct EventPick {
  bool chance = false;    ///< a throw (else a decision)
  std::size_t index = 0;  ///< its place in legal_events() (= chance_outcomes() at a throw) just before it
  /// The event as applied. For a decision, legal_events()[index]; for a
  /// throw, the throw as it fell, which may write the listed outcome's
  /// sticks or billets in another order (Dleb: `BWBB` for `BBBW`).
  std::string event;
};

class Game;
class State;

/// Where a State stands, as its one status() call gives it: who acts, whose
/// turn it is, the outcome, whether a turn is in progress and how many turns
/// were played. State's to_move(), whose_turn(), outcome(), is_terminal(),
/// mid_turn() and turns_played() read it.
struct Status {
  /// Who acts next: a player (a decision), chance (a throw is due), the
  /// referee (a board or stage end is due) or nobody (the game is over).
  Actor to_move = Actor::none;
  /// Whose turn it is: to_move, except that at a throw it is the player who
  /// throws (South or North).
  Actor whose_turn = Actor::none;
  /// Result::unfinished unless the game is over. A turn in progress is
  /// played to its end first: a side whose last kelb is taken by the first
  /// use of a turn loses when the turn's other throws have been forfeited.
  Result outcome = Result::unfinished;
  /// A turn is in progress: some of its events have been applied, not all.
  bool mid_turn = false;
  /// Turns played since the initial (or set-up) position (a turn in
  /// progress is not counted until its last event).
  std::uint32_t turns_played = 0;
};

/// What a person needs to enter a turn by hand, event by event (the
/// studio's entry, Python's Position), and the words that say what a move
/// does: an optional interface of a State, reached through State::entry()
/// as BoardDrawing is through State::drawing(). A State without it gets
/// State's defaults (no faces, no words, a turn of one event). Each member
/// is documented at the State helper of the same name, which callers use.
class TurnEntry {
 public:
  virtual ~TurnEntry() = default;
  /// State::player_label.
  virtual std::string player_label() const = 0;
  /// State::throw_faces.
  virtual ThrowFaces throw_faces() const = 0;
  /// State::throw_from_faces.
  virtual Error throw_from_faces(std::string_view faces, std::string& out) const = 0;
  /// State::turn_in_progress.
  virtual std::string turn_in_progress() const = 0;
  /// State::throws_left.
  virtual std::vector<int> throws_left() const = 0;
  /// State::describe_turn.
  virtual std::string describe_turn() const = 0;
  /// State::turn_events.
  virtual Error turn_events(std::string_view turn_text, std::vector<std::string>& out) const = 0;
  /// State::describe_event.
  virtual std::string describe_event(std::string_view event) const = 0;
  /// State::describe_played_turn.
  virtual std::string describe_played_turn(std::string_view turn_text) const = 0;
};

/// One position of one game, and its rules. States are values: clone()
/// copies, equals() compares the whole position (board, side to move, phase,
/// pending duties, and during a turn what the rest of it depends on: the
/// throws not yet used) and the rules, never the history; hash() agrees with
/// equals().
///
/// The contract: twelve virtual functions (the hooks a game implements),
/// the rest derived from them as non-virtual helpers:
///   * the value: clone, equals, hash, position_text (game() is kept by
///     the base);
///   * where it stands: status (to_move, whose_turn, outcome, is_terminal,
///     mid_turn, turns_played read it), adjudicate;
///   * events: list_events (legal_events as texts or as Event values and
///     chance_outcomes read it), apply of a text, apply of an Event value,
///     play_random (random_turn, find_event, event_text and parse_event are
///     derived from them and clone);
///   * whole turns: resolve (play_turn and check_turn are resolve with and
///     without committing the turn);
///   * taking back: undo (history_size and keep_history are the base's);
///   * optional interfaces, found by the State's type (non-virtual
///     accessors): entry() (TurnEntry: player_label, throw_faces,
///     throw_from_faces, turn_in_progress, throws_left, describe_turn,
///     turn_events, describe_event, describe_played_turn; the helpers of
///     those names use it) and
///     drawing() (BoardDrawing, beyt/drawing.hpp).
///
/// A turn is a sequence of events (notation/NOTATION.md section 12): Tâb's
/// and Dleb's throws (Actor::chance) then the use of each throw; Um
/// el-Banât's sowings, one each, a peck continuing the turn; Mankalah's
/// tebweez, the count of each beyt A..F then a..f. Seega's turns and
/// Mankalah's others are one event each: Seega's placement pairs and steps
/// with their chains of captures are finitely many at every position (each
/// capture removes a piece, so a chain is at most as long as the pieces on
/// the board), so they are listed whole.
class State {
 public:
  virtual ~State() = default;

  /// The game this State is a position of (kept by the base: the
  /// constructor's argument).
  const Game& game() const noexcept { return *game_; }
  /// A copy of the position: equals() this State, keeping no history to
  /// take back (undo(); keep_history), as a State is made. Cheap: what a
  /// search or a trial move needs.
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
  /// equal State; this is what the `SetUp` tag holds. During a turn
  /// (mid_turn()) it is the position where the turn began: new_state of it,
  /// then apply() of the events of turn_in_progress(), rebuilds the State.
  virtual std::string position_text() const = 0;

  /// Where the State stands (Status: who acts, whose turn, the outcome, a
  /// turn in progress, the turns played), computed together. Never throws.
  virtual Status status() const noexcept = 0;
  /// status().turns_played: turns played since the initial (or set-up)
  /// position (a turn in progress is not counted until its last event).
  std::uint32_t turns_played() const noexcept { return status().turns_played; }
  /// status().to_move: who acts next: a player (a decision), chance (a
  /// throw is due), the referee (a board or stage end is due) or nobody (the
  /// game is over).
  Actor to_move() const noexcept { return status().to_move; }
  /// status().whose_turn: to_move(), except that at a throw it is the
  /// player who throws (South or North).
  Actor whose_turn() const noexcept { return status().whose_turn; }
  /// Whose turn it is (whose_turn()), as diagnostics name him: "South",
  /// "North", or for team games the side and the player ("South, player 2")
  /// (TurnEntry::player_label where the State has an entry()).
  std::string player_label() const;
  /// status().outcome: Result::unfinished unless the game is over. A turn
  /// in progress is played to its end first: a side whose last kelb is taken
  /// by the first use of a turn loses when the turn's other throws have been
  /// forfeited.
  Result outcome() const noexcept { return status().outcome; }
  /// The game is over: outcome() is not Result::unfinished.
  bool is_terminal() const noexcept { return outcome() != Result::unfinished; }
  /// Result of a game that stopped before its natural end, under a
  /// `Termination` tag value other than "normal" (e.g. Seega's "barrier").
  /// Sets `out` and returns Error::none() if this game decides such endings
  /// itself; Code::bad_termination if the termination is not allowed here.
  /// The default knows none: "barrier" and other game-decided endings fail.
  virtual Error adjudicate(std::string_view termination, Result& out) const;
  /// As adjudicate(termination, out): the Result, or the error.
  Expected<Result> adjudicate(std::string_view termination) const;

  // --- events ---------------------------------------------------------------

  /// The events that may come next, in a fixed order: the hook behind
  /// legal_events() and chance_outcomes(). Each event is appended, in the
  /// same order, to whichever of `values` (as Event values) and `texts` (as
  /// the notation writes them) is given; at a throw (to_move() ==
  /// Actor::chance) the outcomes, and their probabilities to `chances` (if
  /// given; nothing is appended to it elsewhere). A game fills only what is
  /// asked: a listing of values writes no text. A game written on State
  /// with events of at most Event::kMaxText bytes may list
  /// Event::from_text of each text as its values (then State's apply(Event)
  /// plays them).
  virtual void list_events(std::vector<Event>* values, std::vector<std::string>* texts,
                           std::vector<double>* chances) const = 0;
  /// Every event that may come next, in a fixed order, appended to `out`:
  /// the decisions of the player (or referee) to move, each a short text in
  /// the notation's own pieces (Tâb `4K-O`, `1m-n'`, `6--`; Dleb `1A1-B1`,
  /// `1+`, `+1C5-C4`; Um el-Banât's sowing `C`, listed A..F then a..f,
  /// only those after which the turn can be completed; Mankalah's tebweez
  /// count `10`, ascending, only those that leave a tebweez that can be
  /// completed; a whole turn otherwise, e.g. Seega's `b3-c3xc4-c5xd5`), or at
  /// a throw (to_move() == Actor::chance) the texts of chance_outcomes(), in
  /// its order. Complete and never empty unless the game is over, in every
  /// game, with no cap. Each listed text is accepted by apply().
  void legal_events(std::vector<std::string>& out) const { list_events(nullptr, &out, nullptr); }
  /// As legal_events(out), in a new vector.
  std::vector<std::string> legal_events() const;
  /// The same events as values, in the same order, appended to `out`: what
  /// a search or a playout lists (no text is written) and apply(Event)
  /// plays. legal_events(texts)[i] is event_text(values[i]).
  void legal_events(std::vector<Event>& out) const { list_events(&out, nullptr, nullptr); }
  /// The old name of legal_events(out), kept for one release.
  [[deprecated("use legal_events()")]] void legal_moves(std::vector<std::string>& out) const { legal_events(out); }
  /// The old name of legal_events(), kept for one release.
  [[deprecated("use legal_events()")]] std::vector<std::string> legal_moves() const { return legal_events(); }
  /// At a throw, every outcome with its probability (summing to 1) and its
  /// Event value: Tâb's
  /// five stick counts, `1` `2` `3` `4` `6` (C(4,k)/16, Lane 1836); Dleb's
  /// billets by their white sides, four (`BBBW` `BBWW` `BWWW` `WWWW`
  /// `BBBB`), or at the entry stages three or two (Marin 1931, p. 509).
  /// The 64th throw of a turn (NOTATION.md section 6) lists only the outcomes
  /// that can end the turn, their probabilities scaled to sum to 1. Empty
  /// when the next event is not a throw.
  std::vector<ChanceOutcome> chance_outcomes() const;
  /// How the throw due is written face by face, for a person who enters a
  /// throw as its sticks or billets fell (the studio's face buttons): the
  /// faces a piece may show, as the notation writes them (Tâb `W` white side
  /// up, `B` black, NOTATION.md section 6; Dleb `B`, `W`, `G` on its side,
  /// section 7) and how many pieces fall (Tâb 4; Dleb 4, or 3 and 2 at the
  /// entry stages, Marin 1931, p. 509). Empty (no faces, 0 pieces) when no
  /// throw is due, and in the games without throws.
  ThrowFaces throw_faces() const;
  /// The throw due as the notation writes it from the faces its pieces fell
  /// with, in that order: what apply() takes. Tâb `WBBB` gives `1WBBB` (the
  /// count follows from the white sides: one is táb, Lane 1836); Dleb `BWBB`
  /// gives `BWBB`. `out` is replaced. Errors (`out` unchanged): those of
  /// faces_fault(throw_faces(), faces): Code::wrong_phase when no throw is
  /// due, Code::move_syntax for a letter that is no face or another count of
  /// letters than the throw's pieces. A throw the turn cannot take (Tâb's
  /// 64th throw must end the turn) is apply()'s error, not this one's.
  Error throw_from_faces(std::string_view faces, std::string& out) const;
  /// Applies one event: a listed decision, or at a throw an outcome as the
  /// notation writes a throw (Tâb `1` or `1WBBB`; Dleb's billets in any
  /// order, `G` counting as the `time` option says). A decision may also be
  /// written as the reader accepts it in a turn (a taking landing with `-`,
  /// Tâb cells in grid names). When the event ends a turn, `turn` (if given)
  /// receives the turn's text as play_turn() would record it (canonical:
  /// throws as written, `x` on every taking landing, the cells in the style
  /// of the turn's first cell) and the State is exactly as play_turn() of
  /// that text leaves it; otherwise `turn` is cleared.
  /// Errors (the State unchanged): Code::move_syntax for a text that is no
  /// event here, Code::game_over, Code::wrong_phase (a throw where a decision
  /// is due, or the reverse), or the E3xx code of the broken rule, as
  /// play_turn() reports it; Error::offset points into `event`.
  /// The default (a State whose turns are one event each): resolve(event,
  /// &canonical, true) when `turn` is given, else resolve(event, nullptr,
  /// true) (one pass: no canonical text to write).
  virtual Error apply(std::string_view event, std::string* turn = nullptr);
  /// Applies one event given as a value, one that legal_events(values) (or
  /// chance_outcomes()) lists here, without reading text: what a search or
  /// a playout plays. `turn` and the State afterwards as apply(text) of
  /// event_text(event). A value that is no event here (listed at another
  /// position, another game's, or made up) is refused as apply(text)
  /// refuses an illegal text, with the code of the broken rule or
  /// Code::move_syntax; the State is then unchanged. The default (a State
  /// whose values are Event::from_text): apply(event.text(), turn).
  virtual Error apply(Event event, std::string* turn = nullptr);
  /// The text of `event`, one that legal_events(values) lists here, as
  /// legal_events(texts) writes it: `out` is replaced. Errors (`out`
  /// unchanged): Code::illegal_move for a value not listed here.
  Error event_text(Event event, std::string& out) const;
  /// As event_text(event, out): the text, or the error.
  Expected<std::string> event_text(Event event) const;
  /// The value of the event written `text`: a listed text gives its listed
  /// value; a text apply() accepts in another spelling (a throw written
  /// with its faces, a capture written with `-`) gives the value of the
  /// listed event it plays (find_event). Errors: those of apply(text).
  Error parse_event(std::string_view text, Event& out) const;
  /// As parse_event(text, out): the value, or the error.
  Expected<Event> parse_event(std::string_view text) const;
  /// status().mid_turn: a turn is in progress: some of its events have been
  /// applied, not all.
  bool mid_turn() const noexcept { return status().mid_turn; }
  /// The text of the turn in progress so far, as its record would begin
  /// (`1,4,2:1I-K`, `=10,2`, `C,D`); empty between turns.
  std::string turn_in_progress() const;
  /// The values of the turn's throws not yet used or forfeited, ascending,
  /// one entry a throw (Tâb `1,4,2:1I-K` gives 2 and 4; Dleb's dleb and
  /// gsse of an entry by dag once it is made: Marin 1931, p. 509). Empty
  /// between turns, during the throwing of an entry, and in games without
  /// throws. For a person entering a turn event by event (the studio).
  std::vector<int> throws_left() const;
  /// Where the turn to be entered stands, in a few words, where the game
  /// says more than turn_in_progress() and throws_left() do: Mankalah's
  /// tebweez "South distributes the 72 hasa: 62 left to distribute, beyt B
  /// next" (from its first count to its last). Empty elsewhere and when the
  /// game is over. For a person entering a turn event by event (the studio).
  std::string describe_turn() const;
  /// The events of the whole turn `turn_text` from this position (between
  /// turns), in order, in the form legal_events() lists them (a throw as
  /// written): the canonical turn split into its pieces, e.g.
  /// `1,2:1I-K` gives `1`, `2`, `1I-K`, `2--` (a State without entry(): the
  /// canonical turn, one event). Errors: those of check_turn(), and
  /// Code::wrong_phase during a turn; also Code::stored_dleb for a Dleb turn
  /// that plays a stored dleb after its last throw's use (the event order
  /// ends a turn with that use: play the stored dleb before it).
  Error turn_events(std::string_view turn_text, std::vector<std::string>& out) const;
  /// As turn_events(turn_text, out): the events, or the error.
  Expected<std::vector<std::string>> turn_events(std::string_view turn_text) const;
  /// Which listed event `event` is: its index in legal_events() (at a throw,
  /// also in chance_outcomes()). A text listed as it is; otherwise the first
  /// listed event that apply() takes to an equal State (a throw written with
  /// its faces or its billets in another order, a capture written with `-`).
  /// Errors: those of apply().
  Error find_event(std::string_view event, std::size_t& index) const;
  /// As find_event(event, index): the index, or the error.
  Expected<std::size_t> find_event(std::string_view event) const;
  /// Plays the rest of the turn (a whole turn between turns) by beyt's
  /// random player, the one `beyt generate` uses, event by event: each
  /// throw drawn from the sticks (each white with probability 1/2), each
  /// decision one of legal_events(), as notation/NOTATION.md section 12
  /// gives each game's policy. `turn` (if given) receives the
  /// turn's text, `picks` (if given) each event chosen. The same Rng state
  /// gives the same turn. Nothing when the game is over. The default (a
  /// State whose turns are one event each): one of legal_events(), drawn by
  /// rng.below, then played.
  virtual void play_random(Rng& rng, std::string* turn = nullptr, std::vector<EventPick>* picks = nullptr);
  /// Takes back what the last apply(), play() or play_random() made, not yet
  /// taken back: the State is then exactly as it was before it (equals(),
  /// hash(), position_text(), turns_played(), mid_turn(), turn_in_progress(),
  /// legal_events(), and the positions a mancala game remembers for its
  /// repetition rules, docs/RULES.md). The unit taken back is the unit
  /// played: one event after apply() (a throw, one use of a throw, a
  /// sowing, a count of a tebweez, a Seega turn), the whole turn after
  /// play(), and after play_random() all it played (a whole turn, or the
  /// rest of the turn in progress). Called again, it takes back the one
  /// before: python-chess's Board.pop(), OpenSpiel's State::UndoAction
  /// (without the action: the State keeps what it needs). So a search walks
  /// a tree with apply() and undo() on one State, no clone() a node.
  /// Only what was played while the State keeps a history
  /// (keep_history(true); off when a State is made) is taken back. A failed
  /// apply() or play() keeps nothing; clone() starts a copy with none;
  /// equals() and hash() ignore it. O(1) after warm-up: the storage of what
  /// was taken back is reused, and a mancala game's repetition memory is
  /// restored by a mark (across a board or stage end, its positions seen are
  /// made again).
  /// Errors (the State unchanged): Code::nothing_to_undo when nothing is
  /// kept to take back (history_size() is 0: no history kept, nothing
  /// played since keep_history(true), all of it taken back, or a game
  /// written on State without undo(): the default always fails).
  virtual Error undo();
  /// How many times undo() can take back now: the apply(), play() and
  /// play_random() calls kept, not taken back. 0 when no history is kept.
  std::size_t history_size() const noexcept { return history_size_; }
  /// Whether apply(), play() and play_random() keep what undo() needs. Off
  /// when a State is made (Game::new_state, clone()): the library's replays of records, the validator,
  /// `beyt generate` and its trial copies never take back, and pay nothing
  /// for it (a history costs a snapshot of the position an event, kept until
  /// taken back). perft turns it on in its own copy; Python's Position keeps
  /// one (pop()). Either way what was kept is dropped (history_size() is
  /// then 0; the storage is reused). Returns whether this State keeps a
  /// history now: `keep`, or false for a game written on State without
  /// undo() (it cannot take back). Never throws.
  bool keep_history(bool keep) noexcept {
    history_size_ = 0;
    history_flags_ = static_cast<std::uint8_t>((keep && can_undo_ ? kKeep : 0) | (can_undo_ ? kChanged : 0));
    return keep && can_undo_;
  }

  // --- whole turns ------------------------------------------------------------

  /// The text of a random turn by the random player of play_random(), from
  /// this position (during a turn: the whole turn as it would complete it),
  /// in canonical form: play_random() on a clone(). Empty if terminal. The
  /// same Rng state gives the same turn, and the same as play_random().
  std::string random_turn(Rng& rng) const;
  /// As random_turn(rng), written into `out` (replaced).
  void random_turn(Rng& rng, std::string& out) const;
  /// The old name of random_turn(rng), kept for one release.
  [[deprecated("use random_turn()")]] std::string random_move(Rng& rng) const { return random_turn(rng); }
  /// The old name of random_turn(rng, out), kept for one release.
  [[deprecated("use random_turn()")]] void random_move(Rng& rng, std::string& out) const { random_turn(rng, out); }

  /// Resolves `turn_text` (a whole turn) against this position: the one
  /// operation behind play_turn() and check_turn(). With `commit` it applies
  /// the turn (play_turn); without, the State is not changed (check_turn),
  /// so check_turn() calls it on a const State. `canonical` (if given)
  /// receives the turn in canonical form (e.g. captures filled in). Errors
  /// (the State is unchanged): Code::move_syntax when the text is not in the
  /// game's syntax, Code::game_over, Code::wrong_phase during a turn
  /// (mid_turn(): apply its remaining events), or the specific E3xx code of
  /// the broken rule; Error::offset points into `turn_text`. The reason
  /// names the rule and its source.
  virtual Error resolve(std::string_view turn_text, std::string* canonical, bool commit) = 0;
  /// resolve(turn_text, nullptr, true): applies the whole turn `turn_text`,
  /// as a record writes it between two move numbers (`1,4,2:1I-K,4K-O,2O-Q`).
  Error play_turn(std::string_view turn_text) { return resolve(turn_text, nullptr, true); }
  /// resolve(turn_text, &canonical, false): as play_turn(), without
  /// applying; on success `canonical` holds the turn in canonical form.
  Error check_turn(std::string_view turn_text, std::string& canonical) const;
  /// As check_turn(turn_text, canonical): the turn in canonical form, or the
  /// error.
  Expected<std::string> check_turn(std::string_view turn_text) const;
  /// The old name of play_turn(), kept for one release.
  [[deprecated("use play_turn()")]] Error play(std::string_view turn_text) { return play_turn(turn_text); }
  /// The old name of check_turn(turn_text, canonical), kept for one release.
  [[deprecated("use check_turn()")]] Error check(std::string_view turn_text, std::string& canonical) const {
    return check_turn(turn_text, canonical);
  }
  /// The old name of check_turn(turn_text), kept for one release.
  [[deprecated("use check_turn()")]] Expected<std::string> check(std::string_view turn_text) const {
    return check_turn(turn_text);
  }
  /// What the whole turn `turn_text` does when played from this position
  /// (the position BEFORE it, between turns), in a few words for a caption:
  /// "North passes", "Board ends: each takes the hasa on his own side",
  /// "South's opening throw: 3, no táb". Empty when the turn's text says it
  /// all, when the text is no turn here, during a turn (mid_turn()), or when
  /// the State has no entry(). docs/DIAGRAMS.md, "Captions".
  std::string describe_played_turn(std::string_view turn_text) const;
  /// What the event `event`, one that legal_events() lists here, does, in a
  /// few words for the button that enters it (the studio): during a turn
  /// (mid_turn()), where the game says it (Tâb and Dleb: "forfeit the throw
  /// of 6: it is not used", "the táb moves one kelb of the 'eggeh on q by
  /// itself, to r"), else empty; between turns, where the event is a whole
  /// turn (Seega, a Tâb opening throw), describe_played_turn(event), else
  /// empty. Empty when the State has no entry().
  std::string describe_event(std::string_view event) const;
  /// The old name of describe_event() (which it is, at every position),
  /// kept for one release; for a turn of a record, describe_played_turn().
  [[deprecated("use describe_event() or describe_played_turn()")]] std::string describe_move(
      std::string_view text) const {
    return describe_event(text);
  }

  /// How a turn is entered by hand (TurnEntry), or null for a State that
  /// does not say (the helpers above then give their defaults): the State
  /// itself when its type derives publicly from TurnEntry. Valid while the
  /// State lives.
  const TurnEntry* entry() const noexcept { return dynamic_cast<const TurnEntry*>(this); }
  /// How this position is shown (text diagrams, SVG; beyt/drawing.hpp), or
  /// null for a game that has no drawing: the State itself when its type
  /// derives publicly from BoardDrawing. The drawing is a view of this
  /// State: valid while it lives, of its current position (during a turn,
  /// the board as the events so far have left it).
  const BoardDrawing* drawing() const noexcept { return dynamic_cast<const BoardDrawing*>(this); }

 protected:
  /// A State of `game` (which outlives it). `can_undo`: this State's undo()
  /// takes back (the engines', lib/src/engine_state.hpp), so
  /// keep_history(true) then keeps a history; false for a game written on
  /// State without undo().
  explicit State(const Game& game, bool can_undo = false) noexcept : can_undo_(can_undo), game_(&game) {}
  State(const State&) = default;
  State& operator=(const State&) = default;
  /// For list_events() of a game whose values are its texts (events of at
  /// most Event::kMaxText bytes): appends Event::from_text(text) to
  /// `values` and `text` to `texts`, whichever is given.
  static void list_text(std::vector<Event>* values, std::vector<std::string>* texts, std::string_view text) {
    if (values) values->push_back(Event::from_text(text));
    if (texts) texts->emplace_back(text);
  }
  /// The history's state, for a State that can undo: history_flags_ & kKeep while
  /// it keeps one, kChanged once keep_history() was called (cleared by the
  /// State once it has followed); history_size_ the steps kept.
  static constexpr std::uint8_t kKeep = 1, kChanged = 2;
  std::uint32_t history_size_ = 0;
  std::uint8_t history_flags_ = 0;

 private:
  bool can_undo_ = false;  // beside the history's state: the base is three words
  const Game* game_;
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
  /// As parse_rules(text, out): the RuleSet, or the error.
  Expected<RuleSet> parse_rules(std::string_view text) const;
  /// A State under `rules`: the initial position if `setup` is empty, else
  /// the position written by State::position_text(). Errors: bad_rules when
  /// the RuleSet holds a value the game cannot use, bad_setup (with offset
  /// into `setup`) when the position text is malformed or impossible.
  virtual Error new_state(const RuleSet& rules, std::string_view setup,
                          std::unique_ptr<State>& out) const = 0;
  /// As new_state(rules, setup, out): the State (never null), or the error.
  ///
  ///   const Game* seega = find_game("seega");
  ///   auto rules = seega->parse_rules("walker");
  ///   if (!rules) return rules.error();
  ///   auto state = seega->new_state(*rules);   // the initial position
  ///   if (!state) return state.error();
  ///   (*state)->play_turn("c1,c5");
  Expected<std::unique_ptr<State>> new_state(const RuleSet& rules, std::string_view setup = {}) const;
};

/// How a person enters a move of a game by clicking its board (the studio's
/// entry), as the game's row in the table of games gives it: what is
/// clicked and what the prompts call it. Words, not rules: the moves
/// themselves come from State::legal_events and BoardDrawing::move_cells.
struct EntryWords {
  /// The cells a person clicks for a listed event, in order.
  enum class Keys : std::uint8_t {
    none,     ///< none: the events are typed or chosen from a list
    from_to,  ///< the event's from cells, then its to cells (MoveCells)
    from,     ///< its from cells only (a sowing: the pit sown from)
    named,    ///< the cells its text names, comma-separated (Um el-Banât's `C,D`)
  };
  Keys keys = Keys::none;
  /// An event with no from cell (Seega's placement of two men) may be
  /// clicked in either order.
  bool placement_any_order = false;
  /// What the prompts call a piece that moves ("kelb"); empty: "piece".
  std::string_view piece;
  /// What a click enters where each event is a whole turn ("a house to sow
  /// from"); empty where that never happens.
  std::string_view click_turn;
  /// What a click enters in a turn entered event by event; empty: "the
  /// PIECE and where it goes".
  std::string_view click_event;
  /// What the event due is, after `events` events of the turn, where the
  /// events are chosen from a list ("the count of hasa for beyt C":
  /// Mankalah's tebweez, NOTATION.md section 12); null for none.
  std::string (*event_help)(std::size_t events) = nullptr;
};

/// A rule set that conformance runs play (tests/conformance_test.cpp: random
/// playouts checking every position; bench/engine_trace.cpp: the traces
/// that compare two builds of the engines).
struct TestRules {
  std::string_view rules;  ///< rules text, e.g. "lane; width=7; pieces=4"
  int games = 0;           ///< random games played under it by the tests
  int max_turns = 0;       ///< turns after which a random game is cut
};

/// What the front ends need of a game beyond the State interface: the
/// data of its row in the table of games (game.cpp), so that no front end
/// (CLI, stats, studio, Python, bench) names a game.
struct GameFacts {
  /// What an event of the referee ends, as `beyt stats` counts them
  /// ("<word> ends"): "board" (Mankalah), "stage" (Um el-Banât); empty for a
  /// game without referee events.
  std::string_view referee_ends;
  /// The styles the cells of its records may be written in (`beyt convert
  /// --cells`): Tâb's "lane" and "grid" (NOTATION.md section 6); empty when
  /// its cells have one style.
  std::vector<std::string_view> cell_styles;
  /// Rewrites the cells of the turn `move`, a move text of this game under
  /// `rules`, into `style` (one of cell_styles), nothing else changing; `out`
  /// is replaced. Errors: Code::move_syntax (offset into `move`) for a text
  /// that is not a turn of the game. Null iff cell_styles is empty.
  Error (*rewrite_cells)(const RuleSet& rules, std::string_view style, std::string_view move,
                         std::string& out) = nullptr;
  /// How its moves are entered by clicking its board (the studio).
  EntryWords entry;
  /// The rule sets conformance runs play: its default preset first, then
  /// rule sets that together exercise its options.
  std::vector<TestRules> test_rules;
};

/// The explicit table of games, in a fixed order (no static registrars).
const std::vector<const Game*>& game_table();
/// Adds `game` with its `facts` at the end of the table of games: for a
/// program that brings a game of its own (tests/toy_game), which every
/// front end then lists (beyt games, moves, perft; stats; the studio).
/// Call it before any other call of the library and from one thread: the
/// table is not locked, and the vector game_table() returned may move.
/// `game` must outlive the program's use of the library. False (nothing
/// added) when a game of that name, in any case, is in the table.
bool add_game(const Game& game, GameFacts facts);
/// The facts of `game`'s row in the table of games (empty facts for a Game
/// that is not in the table). Never throws.
const GameFacts& game_facts(const Game& game) noexcept;
/// The names of the games of the table, in its order, joined by `separator`
/// and, before the last, `last` ("tab, dleb, seega, mankalah, umelbanat"
/// with ", " and ", "): for help texts and messages.
std::string game_names(std::string_view separator = ", ", std::string_view last = ", ");
/// The titles of the games of the table, in its order: "Tâb, Dleb, Seega,
/// Mankalah and Um el-Banât" (UTF-8), for help texts.
std::string game_titles();
/// The game called `name`, in any case of its ASCII letters ("seega",
/// "Seega", "SEEGA": NOTATION.md section 3), or null. Its name() is the
/// canonical, lower-case spelling.
const Game* find_game(std::string_view name) noexcept;

}  // namespace beyt

/// Event values in unordered containers: Event::hash().
template <>
struct std::hash<beyt::Event> {
  std::size_t operator()(const beyt::Event& e) const noexcept { return static_cast<std::size_t>(e.hash()); }
};
