// Internal: the contract of an engine's traits (lib/src/engine_state.hpp):
// the optional hooks (EngineHooks, one flag each, with its signature), the
// checks of their exact signatures (namespace hooks, EngineTraitsFor), and
// the parts several games' traits share (ThrowsThenUses, NoThrows,
// write_turn). engine_state.hpp's opening comment says how a game declares
// them.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "beyt/drawing.hpp"
#include "beyt/game.hpp"
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
  /// A game without `events` (each turn one event) whose events are coded
  /// as values (Event::code), not as their texts:
  ///   static void event_values(const Options&, const Position&, std::vector<Event>&);
  ///       the legal events as values, appended, in legal_events' order;
  ///   static Error play_value(const Options&, Position&, Memory&, Event, std::string* canonical);
  ///       play_turn of the event a value codes, reading no text (the
  ///       position unchanged on an error; `canonical`, if given, receives
  ///       the turn's canonical text).
  /// Default: each event's value is Event::from_text of its listed text,
  /// and apply(Event) plays that text.
  bool event_values = false;
  /// A turn is a sequence of events (beyt/game.hpp, "Turns and events"):
  ///   struct Turn;  the turn in progress (Turn{} between turns), with
  ///       t.active() noexcept -> bool (an event of it has been applied),
  ///       == (what the rest of the turn depends on, never the form of its
  ///       text) and t.hash() noexcept -> std::uint64_t agreeing with ==;
  ///   static bool chance_due(const Options&, const Position&, const Turn&) noexcept;
  ///       a throw is the next event (the game is not over);
  ///   static void chances(const Options&, const Position&, const Turn&, std::vector<Event>* values,
  ///                       std::vector<std::string>* texts, std::vector<double>* probabilities);
  ///       at a throw: its outcomes appended to whichever list is given
  ///       (State::list_events; the values coded, Event::code, as Tâb and
  ///       Dleb do, or Event::from_text of the texts);
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
  /// With `events`, the decisions coded as values (Event::code) rather
  /// than as their texts:
  ///   static void decision_values(const Options&, const Position&, const Turn&, std::vector<Event>&);
  ///       the decisions as values, appended, in `decisions`' order;
  ///   static Error apply_value(const Options&, Position&, Turn&, Event, bool& last);
  ///       `apply` of the decision a coded value names, reading no text
  ///       (a text value goes to `apply`, as a throw does).
  /// Default: each decision's value is Event::from_text of its text.
  bool decision_values = false;
  /// With `events`, what the random player keeps from one of its turns to
  /// the next (Dleb: the points of each team's free men, found once, then
  /// moved with the men):
  ///   using RandomMemory = ...;  (default-initializable, copyable)
  ///   static void random_events_kept(const Options&, Position&, Turn&, Rng&, std::vector<EventPick>*,
  ///                                  RandomMemory&, bool fresh);
  ///       random_events (the same draws, the same events), given what its
  ///       last call left in the memory; `fresh`: the memory is not of this
  ///       position (none was made yet, or apply(), resolve() or undo()
  ///       has changed the position since), and is to be made anew.
  /// The State keeps one memory, copied with it, and its freshness.
  /// Default: random_events, which keeps nothing.
  bool random_memory = false;
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
concept event_values = requires {
  requires exactly<hooks::fn_t<decltype(T::event_values)>, void (*)(Opt<T>, Pos<T>, std::vector<Event>&)>;
  requires exactly<hooks::fn_t<decltype(T::play_value)>,
                   Error (*)(Opt<T>, typename T::Position&, typename T::Memory&, Event, std::string*)>;
};
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
concept decision_values = requires {
  requires exactly<hooks::fn_t<decltype(T::decision_values)>, void (*)(Opt<T>, Pos<T>, Turn<T>, std::vector<Event>&)>;
  requires exactly<hooks::fn_t<decltype(T::apply_value)>,
                   Error (*)(Opt<T>, typename T::Position&, typename T::Turn&, Event, bool&)>;
};
template <class T>
concept random_memory = requires {
  requires std::default_initializable<typename T::RandomMemory> && std::copyable<typename T::RandomMemory>;
  requires exactly<hooks::fn_t<decltype(T::random_events_kept)>,
                   void (*)(Opt<T>, typename T::Position&, typename T::Turn&, Rng&, std::vector<EventPick>*,
                            typename T::RandomMemory&, bool)>;
};
template <class T>
concept events = requires(Turn<T> t) {
  requires std::equality_comparable<typename T::Turn> && std::default_initializable<typename T::Turn> &&
               std::copyable<typename T::Turn>;
  { t.active() } noexcept -> std::same_as<bool>;
  { t.hash() } noexcept -> std::same_as<std::uint64_t>;
  requires exactly<hooks::fn_t<decltype(T::chance_due)>, bool (*)(Opt<T>, Pos<T>, Turn<T>) noexcept>;
  requires exactly<hooks::fn_t<decltype(T::chances)>, void (*)(Opt<T>, Pos<T>, Turn<T>, std::vector<Event>*,
                                                               std::vector<std::string>*, std::vector<double>*)>;
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
    T::kHooks.decision_values == hooks::decision_values<T> && (!T::kHooks.decision_values || T::kHooks.events) &&
    T::kHooks.random_memory == hooks::random_memory<T> && (!T::kHooks.random_memory || T::kHooks.events) &&
    T::kHooks.throw_faces == hooks::throw_faces<T> && (!T::kHooks.throw_faces || T::kHooks.events) &&
    T::kHooks.throw_text == hooks::throw_text<T> && (!T::kHooks.throw_text || T::kHooks.throw_faces) &&
    T::kHooks.describe_event == hooks::describe_event<T> && (!T::kHooks.describe_event || T::kHooks.events) &&
    T::kHooks.describe_turn == hooks::describe_turn<T> && (!T::kHooks.describe_turn || T::kHooks.events) &&
    T::kHooks.event_values == hooks::event_values<T> && !(T::kHooks.event_values && T::kHooks.events) &&
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
  static void chances(const Options&, const Position&, const Turn&, std::vector<Event>*, std::vector<std::string>*,
                      std::vector<double>*) {}
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

}  // namespace beyt
