// Internal: the one Game and State adapter (beyt/game.hpp) over the typed
// engines.
//
// Each game's engine is a traits struct (TabTraits, ..., in its own
// source): its Options and Position types and its capabilities, each
// written once, as a static member function of the traits or as a static
// constexpr pointer naming the game's own function (the typed API of
// beyt/<game>.hpp and the game's drawing functions, hooks::fn_t): no member
// only forwards (tests/state_hooks_test.cpp, TraitsContract.NoMemberForwards,
// reads the games' traits for one). Where a hook's signature is not the
// shape of the game's own function, the adapter takes that shape too
// (play_turn writing a canonical text, check_turn as a play on a copy,
// position_text as Position::text(options), turn_text as the notation's
// writer of the turn so far the Turn keeps); what several games share is
// a base their traits derive from (NoThrows, ThrowsThenUses,
// mancala_svg::BoardHooks). EngineGame<Traits> is then that game's Game, and
// EngineState<Traits> its State: the options, the position, the turns
// played and the game's Memory (what a State keeps besides the position,
// e.g. the positions seen on this board for the repetition rules of the
// mancala games; never compared by equals()). Every EngineState is also a
// TurnEntry (State::entry()); a game that draws also gets EngineState's
// BoardDrawing (State::drawing()).
//
// Events (beyt/game.hpp, "Turns and events"): a game whose turn is a
// sequence of events (throws, the uses of throws, sowings, the counts of a
// tebweez) declares the `events` hook and a Turn type, the turn in
// progress, which EngineState keeps beside the position; the position then
// changes event by event (the drawing shows it), and the turn's last event
// makes it the position of the next turn as play_turn() would (Traits::finish).
// A game without the hook has turns of one event: apply() is play_turn().
//
// The contract is checked, not found by name: each game's source has
//
//     static_assert(EngineTraitsFor<TabTraits>);
//
// * The required members (below, EngineTraitsFor) are checked with their
//   exact types: a misspelt or mistyped one is a compile error there.
// * The optional hooks (EngineHooks: one flag each, with its signature) are
//   declared by the game in `kHooks`, e.g.
//
//       static constexpr EngineHooks kHooks{.events = true, .drawing = true};
//
//   and EngineTraitsFor requires, hook by hook, that the traits define the
//   hook with exactly its signature if and only if they declare it. A hook
//   declared but misspelt or mistyped fails (it is missing); a hook defined
//   but not declared fails too (the adapter would never call it). So no hook
//   silently falls back to the default. Without a hook the adapter does what
//   the flag's comment says.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "beyt/drawing.hpp"
#include "beyt/game.hpp"
#include "block_stack.hpp"
#include "option_table.hpp"

namespace beyt {

/// The optional hooks of a game's traits (Options, Position and Memory as
/// the traits name them). Each flag says the traits define that hook, with
/// exactly the signature given; the default is what the adapter does
/// without it.
struct EngineHooks {
  /// static void start(const Options&, const Position&, Memory&):
  /// called once when a State is made. Default: nothing.
  bool start = false;
  /// static Actor to_move(const Position&, Result outcome) noexcept.
  /// Default: Actor::none when the outcome is decided, else the side
  /// `Position::to_move`.
  bool to_move = false;
  /// static std::string player_label(const Position&, Actor).
  /// Default: actor_name.
  bool player_label = false;
  /// static std::vector<ChanceOutcome> chance_outcomes(const Options&, const Position&)
  /// (a game without `events` whose turns start with throws; none is left
  /// once Dleb has its events). Default: none.
  bool chance_outcomes = false;
  /// A turn is a sequence of events (beyt/game.hpp, "Turns and events"):
  ///   struct Turn;  the turn in progress (Turn{} between turns), with
  ///       t.active() noexcept -> bool (an event of it has been applied),
  ///       == (what the rest of the turn depends on, never the form of its
  ///       text) and t.hash() noexcept -> std::uint64_t agreeing with ==;
  ///   static bool chance_due(const Options&, const Position&, const Turn&) noexcept;
  ///       a throw is the next event (the game is not over);
  ///   static std::vector<ChanceOutcome> chance_outcomes(const Options&, const Position&, const Turn&);
  ///       at a throw: State::chance_outcomes;
  ///   static void decisions(const Options&, const Position&, const Turn&, std::vector<std::string>&);
  ///       else: the decisions of the player (or referee) to move, appended;
  ///   static Error apply(const Options&, Position&, Turn&, std::string_view event, bool& last);
  ///       one event (State::apply's errors, the position and turn
  ///       unchanged on an error); `last`: it was the turn's last event;
  ///   static void finish(const Options&, Position&, Memory&, Turn&);
  ///       after the last event: the position (and Memory) as play_turn() of
  ///       the turn's text leaves them; the Turn is Turn{} again;
  ///   static void turn_text(const Options&, const Position&, const Turn&, std::string&);
  ///       the text of the turn so far (canonical), appended; or, where the
  ///       Turn keeps the turn so far as the typed turn its notation writes,
  ///       `text`, that writer (hooks::writes_turn):
  ///       `static constexpr void (*turn_text)(const DlebTurn&, std::string&) = &dleb_format;`,
  ///       or the writer of such a turn on a board `p.width` files wide (Tâb's
  ///       cell names): `void (*)(const TabTurn&, int width, std::string&)`;
  ///   static void random_events(const Options&, Position&, Turn&, Rng&, std::vector<EventPick>*);
  ///       the random player's events up to and including the turn's last
  ///       (not finish), each recorded in the picks when given;
  ///   static Error split(std::string_view canonical_turn, std::vector<std::string>&);
  ///       the events of a canonical turn text (State::turn_events),
  ///       appended, or the reason the text is no sequence of events.
  /// Without it a turn is one event (State::apply is play_turn of the canonical
  /// text), listed by the required legal_events and drawn by random_turn.
  bool events = false;
  /// With `events`, a throw written face by face (State::throw_faces):
  ///   static ThrowFaces throw_faces(const Options&, const Position&, const Turn&);
  ///       at a throw: the faces a piece may show and how many pieces fall.
  /// Default: no faces (State's).
  bool throw_faces = false;
  /// With `throw_faces`, static void throw_text(std::string_view faces, std::string& out):
  /// the throw as the notation writes it from faces that faces_fault
  /// accepts (out replaced). Default: the faces as written (Dleb's billets).
  bool throw_text = false;
  /// With `events`, static std::string describe_event(const Options&,
  /// const Position&, const Turn&, std::string_view event): during a turn,
  /// what one event listed there does (State::describe_event). Default: no words.
  bool describe_event = false;
  /// With `events`, static std::string describe_turn(const Options&,
  /// const Position&, const Turn&): where the turn to be entered stands
  /// (State::describe_turn). Default: no words.
  bool describe_turn = false;
  /// The position text depends on the options: the Position has
  /// p.text(const Options&) -> std::string, which a State writes (Tâb's
  /// freed field, written under release=any only). Default: Position::text().
  bool position_text = false;
  /// static constexpr std::string_view kTermination (a Termination tag
  /// value the game decides) and
  /// static Error adjudicate(const Options&, const Position&, Result&).
  /// Default: State::adjudicate (no ending is the game's).
  bool adjudicate = false;
  /// static std::string describe(const Options&, const Position& before, std::string_view move).
  /// Default: no words.
  bool describe = false;
  /// static std::string describe_after(const Options&, const Position& before,
  ///                                   const Position& after, std::string_view move):
  /// for a caption that needs the position after the move (the mancala
  /// games: a board or stage may end on a repetition, which only the
  /// State's Memory knows). Not with `describe`.
  bool describe_after = false;
  /// The drawing (BoardDrawing), all six:
  ///   static std::string render(const Position&, const RenderOptions&);
  ///   static svg::Size board_size(const Position&, const DrawOptions&);
  ///   static void draw_board(const Options&, const Position&, svg::Canvas&, const DrawOptions&);
  ///   static void draw_pieces(const Position&, svg::Canvas&, const DrawOptions&);
  ///   static bool cell_centre(const Position&, std::string_view cell, const DrawOptions&, svg::Point&);
  ///   static MoveCells move_cells(const Options&, const Position&, std::string_view move);
  /// Default: no drawing (State::drawing() is null).
  bool drawing = false;
  /// static void cell_names(const Position&, std::vector<std::string>& out):
  /// every cell (BoardDrawing::cell_names). Needs `drawing`. Default: none.
  bool cell_names = false;
  /// static bool capture_mark(const Position&, std::string_view cell, const DrawOptions&,
  ///                          svg::Point& centre, double& half). Needs `drawing`.
  /// Default: BoardDrawing::capture_mark.
  bool capture_mark = false;
};

namespace hooks {

template <class T>
using Opt = const typename T::Options&;
template <class T>
using Pos = const typename T::Position&;
/// `F` is exactly `G` (the type of &T::hook against the hook's signature).
template <class F, class G>
concept exactly = std::same_as<F, G>;
/// The pointer type of what the traits name `f` (fn_t<decltype(T::f)>):
/// a static member function, or a static constexpr pointer that binds the
/// game's own function (`static constexpr auto outcome = &tab_outcome;`),
/// so that a capability the game's source writes once is named, not
/// forwarded.
template <class F>
using fn_t = std::decay_t<F>;

template <class T>
concept start = requires { requires exactly<hooks::fn_t<decltype(T::start)>, void (*)(Opt<T>, Pos<T>, typename T::Memory&)>; };
template <class T>
concept to_move = requires { requires exactly<hooks::fn_t<decltype(T::to_move)>, Actor (*)(Pos<T>, Result) noexcept>; };
template <class T>
concept chance_outcomes =
    requires { requires exactly<hooks::fn_t<decltype(T::chance_outcomes)>, std::vector<ChanceOutcome> (*)(Opt<T>, Pos<T>)>; };
template <class T>
concept player_label = requires { requires exactly<hooks::fn_t<decltype(T::player_label)>, std::string (*)(Pos<T>, Actor)>; };
template <class T>
using Turn = const typename T::Turn&;
/// turn_text as the game's notation writer of the turn so far, which the
/// Turn keeps as `text` (`&dleb_format`), and as the writer of such a turn
/// on a board `p.width` files wide (`&tab_format`).
template <class T>
concept writes_turn = requires {
  requires exactly<hooks::fn_t<decltype(T::turn_text)>, void (*)(const decltype(T::Turn::text)&, std::string&)>;
};
template <class T>
concept writes_turn_on_width = requires {
  requires exactly<hooks::fn_t<decltype(T::turn_text)>,
                   void (*)(const decltype(T::Turn::text)&, decltype(T::Position::width), std::string&)>;
};
template <class T>
concept events = requires(Turn<T> t) {
  requires std::equality_comparable<typename T::Turn> && std::default_initializable<typename T::Turn> &&
               std::copyable<typename T::Turn>;
  { t.active() } noexcept -> std::same_as<bool>;
  { t.hash() } noexcept -> std::same_as<std::uint64_t>;
  requires exactly<hooks::fn_t<decltype(T::chance_due)>, bool (*)(Opt<T>, Pos<T>, Turn<T>) noexcept>;
  requires exactly<hooks::fn_t<decltype(T::chance_outcomes)>, std::vector<ChanceOutcome> (*)(Opt<T>, Pos<T>, Turn<T>)>;
  requires exactly<hooks::fn_t<decltype(T::decisions)>, void (*)(Opt<T>, Pos<T>, Turn<T>, std::vector<std::string>&)>;
  requires exactly<hooks::fn_t<decltype(T::apply)>,
                   Error (*)(Opt<T>, typename T::Position&, typename T::Turn&, std::string_view, bool&)>;
  requires exactly<hooks::fn_t<decltype(T::finish)>,
                   void (*)(Opt<T>, typename T::Position&, typename T::Memory&, typename T::Turn&)>;
  requires writes_turn<T> || writes_turn_on_width<T> ||
               exactly<hooks::fn_t<decltype(T::turn_text)>, void (*)(Opt<T>, Pos<T>, Turn<T>, std::string&)>;
  requires exactly<hooks::fn_t<decltype(T::random_events)>,
                   void (*)(Opt<T>, typename T::Position&, typename T::Turn&, Rng&, std::vector<EventPick>*)>;
  requires exactly<hooks::fn_t<decltype(T::split)>, Error (*)(std::string_view, std::vector<std::string>&)>;
  requires exactly<hooks::fn_t<decltype(T::throws_left)>, void (*)(Turn<T>, std::vector<int>&)>;
};
template <class T>
concept throw_faces = requires {
  requires exactly<hooks::fn_t<decltype(T::throw_faces)>, ThrowFaces (*)(Opt<T>, Pos<T>, Turn<T>)>;
};
template <class T>
concept throw_text = requires { requires exactly<hooks::fn_t<decltype(T::throw_text)>, void (*)(std::string_view, std::string&)>; };
template <class T>
concept describe_event = requires {
  requires exactly<hooks::fn_t<decltype(T::describe_event)>, std::string (*)(Opt<T>, Pos<T>, Turn<T>, std::string_view)>;
};
template <class T>
concept describe_turn = requires {
  requires exactly<hooks::fn_t<decltype(T::describe_turn)>, std::string (*)(Opt<T>, Pos<T>, Turn<T>)>;
};
template <class T>
concept position_text = requires(Pos<T> p, Opt<T> o) {
  { p.text(o) } -> std::same_as<std::string>;
};
/// play_turn as the game's play into its Memory that also writes the
/// canonical text when asked (`play_into`): EngineState asks none.
template <class T>
concept play_writing = requires {
  requires exactly<hooks::fn_t<decltype(T::play_turn)>,
                   Error (*)(Opt<T>, typename T::Position&, typename T::Memory&, std::string_view, std::string*)>;
};
template <class T>
concept play_turn = play_writing<T> || requires {
  requires exactly<hooks::fn_t<decltype(T::play_turn)>,
                   Error (*)(Opt<T>, typename T::Position&, typename T::Memory&, std::string_view)>;
};
/// check_turn as the game's play (`tab_play`), of the turn on a copy of the
/// position that EngineState makes, its canonical text written.
template <class T>
concept check_by_play = requires {
  requires exactly<hooks::fn_t<decltype(T::check_turn)>, Error (*)(Opt<T>, typename T::Position&, std::string_view, std::string*)>;
};
template <class T>
concept check_turn = check_by_play<T> || requires {
  requires exactly<hooks::fn_t<decltype(T::check_turn)>, Error (*)(Opt<T>, Pos<T>, std::string_view, std::string&)>;
};
template <class T>
concept adjudicate = requires {
  requires exactly<decltype(T::kTermination), const std::string_view>;
  requires exactly<hooks::fn_t<decltype(T::adjudicate)>, Error (*)(Opt<T>, Pos<T>, Result&)>;
};
template <class T>
concept describe =
    requires { requires exactly<hooks::fn_t<decltype(T::describe)>, std::string (*)(Opt<T>, Pos<T>, std::string_view)>; };
template <class T>
concept describe_after = requires {
  requires exactly<hooks::fn_t<decltype(T::describe_after)>, std::string (*)(Opt<T>, Pos<T>, Pos<T>, std::string_view)>;
};
template <class T>
concept drawing = requires {
  requires exactly<hooks::fn_t<decltype(T::render)>, std::string (*)(Pos<T>, const RenderOptions&)>;
  requires exactly<hooks::fn_t<decltype(T::board_size)>, svg::Size (*)(Pos<T>, const DrawOptions&)>;
  requires exactly<hooks::fn_t<decltype(T::draw_board)>, void (*)(Opt<T>, Pos<T>, svg::Canvas&, const DrawOptions&)>;
  requires exactly<hooks::fn_t<decltype(T::draw_pieces)>, void (*)(Pos<T>, svg::Canvas&, const DrawOptions&)>;
  requires exactly<hooks::fn_t<decltype(T::cell_centre)>, bool (*)(Pos<T>, std::string_view, const DrawOptions&, svg::Point&)>;
  requires exactly<hooks::fn_t<decltype(T::move_cells)>, MoveCells (*)(Opt<T>, Pos<T>, std::string_view)>;
};
template <class T>
concept cell_names = requires {
  requires exactly<hooks::fn_t<decltype(T::cell_names)>, void (*)(Pos<T>, std::vector<std::string>&)>;
};
template <class T>
concept capture_mark = requires {
  requires exactly<hooks::fn_t<decltype(T::capture_mark)>,
                   bool (*)(Pos<T>, std::string_view, const DrawOptions&, svg::Point&, double&)>;
};

}  // namespace hooks

/// The required members of a game's traits T, with their exact types:
///   using Options = ...;   (equality-comparable; read by the option table)
///   using Position = ...;  (equality-comparable; Position::parse(text)
///                           -> Expected<Position>; p.hash() noexcept -> uint64_t,
///                           agreeing with ==; p.text() -> std::string
///                           unless the position_text hook; p.to_move, a
///                           Side, unless the to_move hook)
///   struct Memory { ... }; (what a State keeps besides the position; may be
///                           empty; or a type named: `using Memory = TabTurn;`)
///   static constexpr std::string_view kName, kTitle, kSources;
///   static constexpr EngineHooks kHooks;
///   static const OptionTable<Options>& options();
///   static const std::vector<Preset>& presets();
///   static const Game& game();
///   static Position initial(const Options&);
///   static Error validate(const Options&, const Position&);
///   static Result outcome(const Position&) noexcept;
///   static void legal_events(const Options&, const Position&, std::vector<std::string>&);
///   static void random_turn(const Options&, const Position&, Rng&, std::string&);
///       (these two unless the `events` hook: each turn one event, listed
///       and drawn; the list in a fixed order, the draw a pick from it)
///   static Error play_turn(const Options&, Position&, Memory&, std::string_view turn);
///       or, as the game's play that writes the canonical text when asked
///       (EngineState asks none: `static constexpr auto play_turn = &play_into;`),
///   static Error play_turn(const Options&, Position&, Memory&, std::string_view turn, std::string* canonical);
///   static Error check_turn(const Options&, const Position&, std::string_view turn, std::string& canonical);
///       or, as the game's play of the turn on a copy of the position
///       (EngineState makes it; `static constexpr auto check_turn = &tab_play;`),
///   static Error check_turn(const Options&, Position& copy, std::string_view turn, std::string* canonical);
/// and the optional hooks exactly as `kHooks` declares them (EngineHooks).
template <class T>
concept EngineTraitsFor =
    requires {
      typename T::Options;
      typename T::Position;
      typename T::Memory;
      requires hooks::exactly<decltype(T::kName), const std::string_view>;
      requires hooks::exactly<decltype(T::kTitle), const std::string_view>;
      requires hooks::exactly<decltype(T::kSources), const std::string_view>;
      requires hooks::exactly<decltype(T::kHooks), const EngineHooks>;
      requires hooks::exactly<hooks::fn_t<decltype(T::options)>, const OptionTable<typename T::Options>& (*)()>;
      requires hooks::exactly<hooks::fn_t<decltype(T::presets)>, const std::vector<Preset>& (*)()>;
      requires hooks::exactly<hooks::fn_t<decltype(T::game)>, const Game& (*)()>;
      requires hooks::exactly<hooks::fn_t<decltype(T::initial)>, typename T::Position (*)(hooks::Opt<T>)>;
      requires hooks::exactly<hooks::fn_t<decltype(T::validate)>, Error (*)(hooks::Opt<T>, hooks::Pos<T>)>;
      requires hooks::exactly<hooks::fn_t<decltype(T::outcome)>, Result (*)(hooks::Pos<T>) noexcept>;
      requires hooks::play_turn<T>;
      requires hooks::check_turn<T>;
      requires hooks::exactly<hooks::fn_t<decltype(T::Position::parse)>, Expected<typename T::Position> (*)(std::string_view)>;
    } &&
    (T::kHooks.events || requires {
      requires hooks::exactly<hooks::fn_t<decltype(T::legal_events)>,
                              void (*)(hooks::Opt<T>, hooks::Pos<T>, std::vector<std::string>&)>;
      requires hooks::exactly<hooks::fn_t<decltype(T::random_turn)>, void (*)(hooks::Opt<T>, hooks::Pos<T>, Rng&, std::string&)>;
    }) &&
    std::equality_comparable<typename T::Options> && std::equality_comparable<typename T::Position> &&
    std::default_initializable<typename T::Memory> && std::copyable<typename T::Memory> &&
    requires(hooks::Pos<T> p) {
      { p.hash() } noexcept -> std::same_as<std::uint64_t>;
    } &&
    (T::kHooks.to_move || requires(hooks::Pos<T> p) {
      { p.to_move } -> std::convertible_to<Side>;
    }) &&
    (T::kHooks.position_text || requires(hooks::Pos<T> p) {
      { p.text() } -> std::same_as<std::string>;
    }) &&
    T::kHooks.start == hooks::start<T> && T::kHooks.to_move == hooks::to_move<T> &&
    T::kHooks.player_label == hooks::player_label<T> &&
    T::kHooks.events == hooks::events<T> &&
    T::kHooks.throw_faces == hooks::throw_faces<T> && (!T::kHooks.throw_faces || T::kHooks.events) &&
    T::kHooks.throw_text == hooks::throw_text<T> && (!T::kHooks.throw_text || T::kHooks.throw_faces) &&
    T::kHooks.describe_event == hooks::describe_event<T> && (!T::kHooks.describe_event || T::kHooks.events) &&
    T::kHooks.describe_turn == hooks::describe_turn<T> && (!T::kHooks.describe_turn || T::kHooks.events) &&
    T::kHooks.chance_outcomes == hooks::chance_outcomes<T> &&
    T::kHooks.position_text == hooks::position_text<T> &&
    T::kHooks.adjudicate == hooks::adjudicate<T> && T::kHooks.describe == hooks::describe<T> &&
    T::kHooks.describe_after == hooks::describe_after<T> && !(T::kHooks.describe && T::kHooks.describe_after) &&
    T::kHooks.drawing == hooks::drawing<T> && T::kHooks.capture_mark == hooks::capture_mark<T> &&
    T::kHooks.cell_names == hooks::cell_names<T> && (!T::kHooks.cell_names || T::kHooks.drawing) &&
    (!T::kHooks.capture_mark || T::kHooks.drawing);

/// The chance part of the `events` hook for a game whose turn is its
/// throws, then the use of each (Tâb, Dleb): its Turn has `thrown` (the
/// throwing has ended) and `avail` (`avail[v]`: the throws of value v not
/// used yet). Their traits derive from it.
template <class Options, class Position, class Turn>
struct ThrowsThenUses {
  /// A throw is due until the throwing has ended.
  static bool chance_due(const Options&, const Position&, const Turn& t) noexcept { return !t.thrown; }
  /// The values of the throws not used yet, ascending, once per throw.
  static void throws_left(const Turn& t, std::vector<int>& out) {
    for (std::size_t v = 0; v < t.avail.size(); ++v)
      for (int k = 0; k < static_cast<int>(t.avail[v]); ++k) out.push_back(static_cast<int>(v));
  }
};

/// The chance part of the `events` hook for a game without throws (the
/// mancala games): no throw is ever due. Their traits derive from it.
template <class Options, class Position, class Turn>
struct NoThrows {
  static bool chance_due(const Options&, const Position&, const Turn&) noexcept { return false; }
  static std::vector<ChanceOutcome> chance_outcomes(const Options&, const Position&, const Turn&) { return {}; }
  static void throws_left(const Turn&, std::vector<int>&) {}
};

/// The text of the turn so far, appended: the `turn_text` hook in its shape.
template <class T>
void write_turn([[maybe_unused]] hooks::Opt<T> o, [[maybe_unused]] hooks::Pos<T> p, hooks::Turn<T> t, std::string& out) {
  if constexpr (hooks::writes_turn<T>)
    T::turn_text(t.text, out);
  else if constexpr (hooks::writes_turn_on_width<T>)
    T::turn_text(t.text, p.width, out);
  else
    T::turn_text(o, p, t, out);
}

template <class Traits>
class EngineState;

/// EngineState's drawing: nothing for a game without the drawing hooks...
template <class Traits, bool = Traits::kHooks.drawing>
class EngineDrawing {};

/// ... else the BoardDrawing of its position, over the traits' hooks
/// (State::drawing() finds it).
template <class Traits>
class EngineDrawing<Traits, true> : public BoardDrawing {
 public:
  std::string render(const RenderOptions& ro) const override { return Traits::render(pos(), ro); }
  svg::Size board_size(const DrawOptions& d) const override { return Traits::board_size(pos(), d); }
  void draw_board(svg::Canvas& c, const DrawOptions& d) const override { Traits::draw_board(opt(), pos(), c, d); }
  void draw_pieces(svg::Canvas& c, const DrawOptions& d) const override { Traits::draw_pieces(pos(), c, d); }
  bool cell_centre(std::string_view cell, const DrawOptions& d, svg::Point& out) const override {
    return Traits::cell_centre(pos(), cell, d, out);
  }
  MoveCells move_cells(std::string_view text) const override { return Traits::move_cells(opt(), pos(), text); }
  void cell_names(std::vector<std::string>& out) const override {
    if constexpr (Traits::kHooks.cell_names) Traits::cell_names(pos(), out);
  }
  bool capture_mark(std::string_view cell, const DrawOptions& d, svg::Point& centre, double& half) const override {
    if constexpr (Traits::kHooks.capture_mark)
      return Traits::capture_mark(pos(), cell, d, centre, half);
    else
      return BoardDrawing::capture_mark(cell, d, centre, half);
  }

 private:
  const EngineState<Traits>& self() const noexcept { return static_cast<const EngineState<Traits>&>(*this); }
  const typename Traits::Position& pos() const noexcept { return self().pos_; }
  const typename Traits::Options& opt() const noexcept { return self().options_; }
};

/// The turn in progress of a game without the `events` hook: none (each
/// turn is one event).
struct NoTurn {
  constexpr bool active() const noexcept { return false; }
  constexpr std::uint64_t hash() const noexcept { return 0; }
  bool operator==(const NoTurn&) const = default;
};

/// A Memory that holds what the rules depend on (the positions seen, for
/// the repetition rules of the mancala games: RepetitionMemory) says how
/// State::undo restores it, by a mark rather than a copy:
///   using Mark = ...;  m.mark() noexcept -> Mark: where it stands;
///   m.restore(const Mark&) noexcept: back to a mark taken under keep(true);
///   m.keep(bool): whether to keep what restore() needs (on while the State
///       keeps its history).
/// Any other Memory is scratch storage (the turn or move being played),
/// which undo leaves as it is.
template <class M>
concept MarkedMemory = requires(M& m, const M& c, const typename M::Mark& k) {
  { c.mark() } noexcept -> std::same_as<typename M::Mark>;
  { m.restore(k) } noexcept;
  m.keep(true);
};
struct NoMark {};
template <class M>
auto mark_of() {
  if constexpr (MarkedMemory<M>)
    return typename M::Mark{};
  else
    return NoMark{};
}
template <class M>
using MarkOf = decltype(mark_of<M>());

/// A Turn that takes back an event by a mark rather than a copy (Tâb's and
/// Dleb's, whose lists of throws and uses make a copy large):
///   using Mark = ...;  t.mark() noexcept -> Mark: its counts and flags;
///   t.restore(const Mark&) noexcept: back to a mark taken earlier in the
///       same turn (an event only appends to the turn's lists, never
///       rewrites an entry of them).
/// Any other Turn is copied whole while a turn is in progress.
template <class T>
concept MarkedTurn = requires(T& t, const T& c, const typename T::Mark& k) {
  { c.mark() } noexcept -> std::same_as<typename T::Mark>;
  { t.restore(k) } noexcept;
};
// How State::undo's snapshot keeps the turn in progress: by a copy (and
// where it began) while a turn is in progress, Turn{} else.
template <class Turn, class Position, bool = MarkedTurn<Turn>>
struct TurnKeep {
  bool active = false;
  Turn turn{};
  Position start{};
  void save(const Turn& t, const Position& from) {
    active = t.active();
    if (active) turn = t, start = from;
  }
  void restore(Turn& t, Position& from) const {
    if (active)
      t = turn, from = start;
    else
      t = Turn{};
  }
};
// By its mark; an event that ended the turn (`ended`) also kept the whole
// turn and where it began (EngineState::ends_), as later turns write over it.
template <class Turn, class Position>
struct TurnKeep<Turn, Position, true> {
  typename Turn::Mark mark{};
  bool ended = false;
  void save(const Turn& t, const Position&) noexcept {
    mark = t.mark();
    ended = false;
  }
  void restore(Turn& t, Position&) const noexcept { t.restore(mark); }
};

template <class Traits, bool = Traits::kHooks.events>
struct TurnOf {
  using type = NoTurn;
};
template <class Traits>
struct TurnOf<Traits, true> {
  using type = typename Traits::Turn;
};

/// EngineState's TurnEntry (State::entry()), over the traits' hooks: every
/// engine game has one; a hook the game does not declare gives State's
/// default (no faces, no words, a turn of one event).
template <class Traits>
class EngineEntry : public TurnEntry {
 public:
  static constexpr bool kEvents = Traits::kHooks.events;

  std::string player_label() const override {
    const Actor a = self().status().whose_turn;
    if constexpr (Traits::kHooks.player_label)
      return Traits::player_label(pos(), a);
    else
      return std::string(actor_name(a));
  }
  ThrowFaces throw_faces() const override {
    if constexpr (Traits::kHooks.throw_faces)
      if (self().chance_now()) return Traits::throw_faces(opt(), pos(), turn());
    return {};
  }
  Error throw_from_faces(std::string_view faces, std::string& out) const override {
    if (Error e = faces_fault(throw_faces(), faces)) return e;
    if constexpr (Traits::kHooks.throw_text)
      Traits::throw_text(faces, out);
    else if constexpr (Traits::kHooks.throw_faces)
      out.assign(faces);
    return Error::none();
  }
  std::string turn_in_progress() const override {
    std::string out;
    if constexpr (kEvents)
      if (turn().active()) write_turn<Traits>(opt(), pos(), turn(), out);
    return out;
  }
  std::vector<int> throws_left() const override {
    std::vector<int> out;
    if constexpr (kEvents)
      if (turn().active()) Traits::throws_left(turn(), out);
    return out;
  }
  std::string describe_turn() const override {
    if constexpr (Traits::kHooks.describe_turn)
      if (!self().over()) return Traits::describe_turn(opt(), pos(), turn());
    return {};
  }
  Error turn_events(std::string_view text, std::vector<std::string>& out) const override {
    std::string canonical;
    if (Error e = self().check_turn(text, canonical)) return e;
    if constexpr (kEvents) return Traits::split(canonical, out);
    out.push_back(std::move(canonical));
    return Error::none();
  }
  std::string describe_event(std::string_view event) const override {
    if (!turn().active()) return describe_played_turn(event);
    if constexpr (Traits::kHooks.describe_event) return Traits::describe_event(opt(), pos(), turn(), event);
    return {};
  }
  std::string describe_played_turn(std::string_view text) const override {
    if (turn().active()) return {};
    if constexpr (Traits::kHooks.describe_after) {
      EngineState<Traits> next(self());
      return next.play_turn(text) ? std::string() : Traits::describe_after(opt(), pos(), next.pos_, text);
    } else if constexpr (Traits::kHooks.describe) {
      return Traits::describe(opt(), pos(), text);
    } else {
      return {};
    }
  }

 private:
  const EngineState<Traits>& self() const noexcept { return static_cast<const EngineState<Traits>&>(*this); }
  const typename Traits::Position& pos() const noexcept { return self().pos_; }
  const typename Traits::Options& opt() const noexcept { return self().options_; }
  const typename TurnOf<Traits>::type& turn() const noexcept { return self().turn_; }
};

/// One game's State: the position and its rules over the traits, and its
/// TurnEntry and (with the drawing hooks) BoardDrawing.
template <class Traits>
class EngineState final : public State, public EngineEntry<Traits>, public EngineDrawing<Traits> {
 public:
  using Options = typename Traits::Options;
  using Position = typename Traits::Position;
  using Memory = typename Traits::Memory;
  using Turn = typename TurnOf<Traits>::type;
  static constexpr bool kEvents = Traits::kHooks.events;
  static constexpr bool kMarked = MarkedMemory<Memory>;
  static constexpr bool kMarkedTurn = MarkedTurn<Turn>;
  using Start = std::conditional_t<kEvents, Position, NoTurn>;

  EngineState(const Options& o, const Position& p) : State(Traits::game(), true), options_(o), pos_(p) {
    if constexpr (Traits::kHooks.start) Traits::start(options_, pos_, memory_);
  }
  // A copy of the position keeping no history (clone(); describe_event's
  // trial play), as a State is made.
  EngineState(const EngineState& o)
      : State(Traits::game(), true), options_(o.options_), pos_(o.pos_), memory_(o.memory_), turn_(o.turn_),
        start_(o.start_), turns_(o.turns_) {
    if constexpr (kMarked) memory_.keep(false);
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<EngineState>(*this); }
  bool equals(const State& other) const noexcept override {
    auto* o = dynamic_cast<const EngineState*>(&other);
    return o && o->options_ == options_ && o->pos_ == pos_ && o->turn_ == turn_;
  }
  // Between turns the position's hash; during one, mixed with the turn's.
  std::uint64_t hash() const noexcept override {
    const std::uint64_t h = pos_.hash();
    return turn_.active() ? h ^ (turn_.hash() * 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2)) : h;
  }
  std::string position_text() const override {
    const Position& p = turn_.active() ? started() : pos_;
    if constexpr (Traits::kHooks.position_text)
      return p.text(options_);
    else
      return p.text();
  }

  // A turn in progress is played to its end before the game is over; at a
  // throw chance acts for the player whose turn it is.
  Status status() const noexcept override {
    Status s;
    s.mid_turn = turn_.active();
    s.turns_played = turns_;
    s.outcome = s.mid_turn ? Result::unfinished : Traits::outcome(pos_);
    if (s.mid_turn)
      s.whose_turn = actor_of(pos_.to_move);
    else if constexpr (Traits::kHooks.to_move)
      s.whose_turn = Traits::to_move(pos_, s.outcome);
    else
      s.whose_turn = s.outcome != Result::unfinished ? Actor::none : actor_of(pos_.to_move);
    s.to_move = s.whose_turn;
    if constexpr (kEvents)
      if (is_player(s.whose_turn) && Traits::chance_due(options_, pos_, turn_)) s.to_move = Actor::chance;
    return s;
  }
  // A game that decides an ending itself (Seega's "barrier") names it in
  // Traits::kTermination; every other ending is the default's.
  Error adjudicate(std::string_view termination, Result& out) const override {
    if constexpr (Traits::kHooks.adjudicate)
      if (termination == Traits::kTermination) return Traits::adjudicate(options_, pos_, out);
    return State::adjudicate(termination, out);
  }

  void legal_events(std::vector<std::string>& out) const override {
    if (over()) return;
    if constexpr (kEvents) {
      if (Traits::chance_due(options_, pos_, turn_)) {
        for (auto& c : Traits::chance_outcomes(options_, pos_, turn_)) out.push_back(std::move(c.text));
        return;
      }
      Traits::decisions(options_, pos_, turn_, out);
    } else {
      Traits::legal_events(options_, pos_, out);
    }
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    if constexpr (kEvents)
      if (chance_now()) return Traits::chance_outcomes(options_, pos_, turn_);
    if constexpr (Traits::kHooks.chance_outcomes)
      if (!over()) return Traits::chance_outcomes(options_, pos_);
    return {};
  }
  Error apply(std::string_view event, std::string* turn) override {
    if constexpr (kEvents) {
      if (turn) turn->clear();
      if (over()) return Error{Code::game_over, "the game is over", 0};
      if (history_flags_) [[unlikely]]
        return keeping([&](auto keep) { return apply_event<decltype(keep)::value>(event, turn); });
      return apply_event<false>(event, turn);
    } else {
      return State::apply(event, turn);
    }
  }
  void play_random(Rng& rng, std::string* turn, std::vector<EventPick>* picks) override {
    if constexpr (kEvents) {
      if (turn) turn->clear();
      if (over()) return;
      if (history_flags_) [[unlikely]] {
        (void)keeping([&](auto keep) {
          random_turn<decltype(keep)::value>(rng, turn, picks);
          return Error::none();
        });
        return;
      }
      random_turn<false>(rng, turn, picks);
    } else {
      // A turn is one event: the traits' draw, played (the turn made in
      // `turn` itself, no allocation once it has room).
      std::string local;
      std::string& move = turn ? *turn : local;
      move.clear();
      if (over()) return;
      Traits::random_turn(options_, pos_, rng, move);
      if (picks) {
        std::vector<std::string> listed;
        Traits::legal_events(options_, pos_, listed);
        EventPick pick;
        pick.index = static_cast<std::size_t>(std::find(listed.begin(), listed.end(), move) - listed.begin());
        pick.event = move;
        picks->push_back(std::move(pick));
      }
      if (resolve(move, nullptr, true)) move.clear();
    }
  }
  // play_turn() is the traits' play_turn (the replay's path: nothing else
  // on it but the test of a history kept, save() out of line), check_turn()
  // their check_turn; a canonical text asked of a played turn is
  // check_turn()'s, then played.
  Error resolve(std::string_view text, std::string* canonical, bool commit) override {
    if (turn_.active()) return mid_turn_error();
    if (canonical || !commit) return checked(text, canonical, commit);
    if (history_flags_) [[unlikely]]
      save();
    if (Error e = play(text)) {
      unsave();
      return e;
    }
    ++turns_;
    return Error::none();
  }
  Error undo() override {
    if (history_size_ == 0)
      return Error{Code::nothing_to_undo,
                   history_flags_ & kKeep
                       ? "nothing to undo: no event or turn kept to take back (State::undo)"
                       : "nothing to undo: this State keeps no history (State::keep_history(true) keeps one)",
                   0};
    const Snapshot& s = snapshots_[--history_size_];
    pos_ = s.pos;
    if constexpr (kMarkedTurn) {
      if (s.turn.ended) {
        const Ended& e = ends_.list[--ends_.n];
        turn_ = e.turn;
        start_ = e.start;
      }
    }
    s.turn.restore(turn_, start_);
    turns_ = s.turns;
    if constexpr (kMarked) memory_.restore(s.mark);
    return Error::none();
  }

 private:
  friend class EngineDrawing<Traits>;
  friend class EngineEntry<Traits>;
  // The steps of apply() and play_random(), with the history kept (`Keep`:
  // keeping() made the snapshot) or none.
  template <bool Keep>
  [[gnu::always_inline]] Error apply_event(std::string_view event, std::string* turn) {
    const bool begins = !turn_.active();
    Position before;
    if (begins) before = pos_;
    bool last = false;
    if (Error e = Traits::apply(options_, pos_, turn_, event, last)) return e;
    if (begins) start_ = before;
    if (last) end_turn<Keep>(turn);
    return Error::none();
  }
  template <bool Keep>
  [[gnu::always_inline]] void random_turn(Rng& rng, std::string* turn, std::vector<EventPick>* picks) {
    if (!turn_.active()) start_ = pos_;
    Traits::random_events(options_, pos_, turn_, rng, picks);
    end_turn<Keep>(turn);
  }
  // The traits' play_turn of a turn's text (no canonical text asked).
  [[gnu::always_inline]] Error play(std::string_view text) {
    if constexpr (hooks::play_writing<Traits>)
      return Traits::play_turn(options_, pos_, memory_, text, nullptr);
    else
      return Traits::play_turn(options_, pos_, memory_, text);
  }
  // Where the turn in progress began (kEvents: else no turn is ever in
  // progress, and this is the position).
  const Position& started() const noexcept {
    if constexpr (kEvents)
      return start_;
    else
      return pos_;
  }
  // The game is over (no turn in progress, the traits' outcome decided).
  bool over() const noexcept { return !turn_.active() && Traits::outcome(pos_) != Result::unfinished; }
  // A throw is the next event.
  bool chance_now() const noexcept {
    if constexpr (kEvents)
      return !over() && Traits::chance_due(options_, pos_, turn_);
    else
      return false;
  }
  // resolve() with a canonical text asked or without committing: out of
  // line, so that play_turn()'s path (a replay's every turn) stays as short as
  // the traits' play_turn alone.
  [[gnu::noinline]] Error checked(std::string_view text, std::string* canonical, bool commit) {
    std::string local;
    std::string& c = canonical ? *canonical : local;
    if constexpr (hooks::check_by_play<Traits>) {
      Position copy = pos_;
      if (Error e = Traits::check_turn(options_, copy, text, &c)) return e;
    } else {
      if (Error e = Traits::check_turn(options_, pos_, text, c)) return e;
    }
    return commit ? EngineState::resolve(c, nullptr, true) : Error::none();
  }
  static Error mid_turn_error() {
    return Error{Code::wrong_phase,
                 "a turn is in progress: apply its remaining events (State::apply), not a whole turn", 0};
  }
  // The turn's last event was applied: its text, then the next turn's position.
  template <bool Keep>
  void end_turn(std::string* turn) {
    if constexpr (kEvents) {
      if (turn) write_turn<Traits>(options_, pos_, turn_, *turn);
      if constexpr (Keep) keep_ended();
      Traits::finish(options_, pos_, memory_, turn_);
      ++turns_;
    }
  }
  // What undo() restores: the State before an apply(), play() or
  // play_random(): the position, the turn in progress (TurnKeep), the Memory
  // by its mark.
  struct Snapshot {
    Position pos{};
    TurnKeep<Turn, Start> turn{};
    std::uint32_t turns = 0;
    MarkOf<Memory> mark{};
  };
  // A MarkedTurn as its last event left it, before finish(), and where it
  // began: what undo() of that event needs, as later turns write over them.
  struct Ended {
    Turn turn{};
    Position start{};
  };
  // Before a step (apply(), play(), play_random()) of a State that keeps a
  // history or was told to keep one or none (keep_history): keeping one,
  // the State as it is goes into the next free entry of the history
  // (storage reused), counted (unsave() takes it off when the step fails).
  // Out of line, so that a State keeping no history (every State the
  // library makes for itself) plays as quickly as with none: one test, and
  // the step's own code inlined once.
  [[gnu::noinline]] void save() {
    if (history_flags_ & kChanged) follow();
    if (!history_flags_) return;
    if (history_size_ == snapshots_.capacity()) snapshots_.grow();
    Snapshot& s = snapshots_[history_size_++];
    s.pos = pos_;
    s.turn.save(turn_, start_);
    s.turns = turns_;
    if constexpr (kMarked) s.mark = memory_.mark();
  }
  // A step failed (the State unchanged): its snapshot, if save() made one,
  // is not kept.
  void unsave() noexcept {
    if (history_flags_ & kKeep) --history_size_;
  }
  // A step (`step(std::true_type)` keeping the history, or
  // `step(std::false_type)`) after save(), for the steps whose code differs
  // when the history is kept (a MarkedTurn's last event, keep_ended()).
  template <class Step>
  [[gnu::noinline]] Error keeping(Step&& step) {
    save();
    if (!history_flags_) return step(std::false_type{});
    Error e = step(std::true_type{});
    if (e) unsave();
    return e;
  }
  // The turn's last event was applied, its snapshot made by keeping(): the
  // turn as it is, for undo(), before finish() clears it.
  void keep_ended() {
    if constexpr (kMarkedTurn) {
      if (ends_.n == ends_.list.capacity()) ends_.list.grow();
      ends_.list[ends_.n++] = Ended{turn_, start_};
      snapshots_[history_size_ - 1].turn.ended = true;
    }
  }
  // keep_history() was called (it dropped what was kept: history_size_ is 0).
  void follow() {
    history_flags_ &= static_cast<std::uint8_t>(~kChanged);
    const bool keep = (history_flags_ & kKeep) != 0;
    if constexpr (kMarkedTurn) ends_.n = 0;
    if (!keep) {  // the storage too
      snapshots_.release();
      if constexpr (kMarkedTurn) ends_.list.release();
    }
    if constexpr (kMarked) memory_.keep(keep);
  }

  Options options_;
  Position pos_;
  Memory memory_;
  Turn turn_;
  // During a turn: the position where it began (none in a game whose turns
  // are one event each: the State stays small, its copies cheap).
  [[no_unique_address]] Start start_{};
  std::uint32_t turns_ = 0;
  BlockStack<Snapshot> snapshots_;  // [0, history_size_): what undo() takes back, the last last
  // Of the snapshots whose turn.ended, [0, n) of the list (a MarkedTurn's
  // only).
  struct Ends {
    BlockStack<Ended> list;
    std::size_t n = 0;
  };
  [[no_unique_address]] std::conditional_t<kMarkedTurn, Ends, NoTurn> ends_;
};

template <class Traits>
class EngineGame final : public Game {
 public:
  std::string_view name() const noexcept override { return Traits::kName; }
  std::string_view title() const noexcept override { return Traits::kTitle; }
  std::string_view sources() const noexcept override { return Traits::kSources; }
  const std::vector<OptionSpec>& options() const noexcept override { return Traits::options().specs(); }
  const std::vector<Preset>& presets() const noexcept override { return Traits::presets(); }
  Error new_state(const RuleSet& rules, std::string_view setup, std::unique_ptr<State>& out) const override {
    typename Traits::Options o;
    if (Error e = Traits::options().read(rules, o)) return e;
    typename Traits::Position pos = Traits::initial(o);
    if (!setup.empty()) {
      Expected<typename Traits::Position> parsed = Traits::Position::parse(setup);
      if (!parsed) return parsed.error();
      pos = *parsed;
      if (Error e = Traits::validate(o, pos)) return e;
    }
    out = std::make_unique<EngineState<Traits>>(o, pos);
    return Error::none();
  }
};

}  // namespace beyt
