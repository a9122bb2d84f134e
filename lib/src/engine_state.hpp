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
// The hooks and the checks are in engine_hooks.hpp.
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
#include "engine_hooks.hpp"
#include "option_table.hpp"

namespace beyt {

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
// By its mark; an event that ended a turn begun before it (`ended`) also
// kept the whole turn and where it began (EngineState::ends_), as later
// turns write over them. A step that began between turns (`between`: a
// whole turn played, or a turn of one event) needs neither: its mark is of
// no turn in progress, which no content of the lists can change.
template <class Turn, class Position>
struct TurnKeep<Turn, Position, true> {
  typename Turn::Mark mark{};
  bool ended = false, between = false;
  void save(const Turn& t, const Position&) noexcept {
    mark = t.mark();
    ended = false;
    between = !t.active();
  }
  void restore(Turn& t, Position&) const noexcept { t.restore(mark); }
};

/// Member<Traits> where the traits declare the hook that has it, else
/// NoTurn (the member is named only where it exists).
template <bool kDeclared, class Traits, template <class> class Member>
struct HookMember {
  using type = NoTurn;
};
template <class Traits, template <class> class Member>
struct HookMember<true, Traits, Member> {
  using type = Member<Traits>;
};
template <class T>
using TurnMember = typename T::Turn;
template <class T>
using RandomMemoryMember = typename T::RandomMemory;
/// The turn in progress (the `events` hook), or none.
template <class Traits>
using TurnOf = HookMember<Traits::kHooks.events, Traits, TurnMember>;
/// What the random player keeps from turn to turn (the `random_memory`
/// hook), or nothing.
template <class Traits>
using RandomMemoryOf = HookMember<Traits::kHooks.random_memory, Traits, RandomMemoryMember>;

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
  using RandomMemory = typename RandomMemoryOf<Traits>::type;

  EngineState(const Options& o, const Position& p) : State(Traits::game(), true), options_(o), pos_(p) {
    if constexpr (Traits::kHooks.start) Traits::start(options_, pos_, memory_);
  }
  // A copy of the position keeping no history (clone(); describe_event's
  // trial play), as a State is made.
  EngineState(const EngineState& o)
      : State(Traits::game(), true), options_(o.options_), pos_(o.pos_), memory_(o.memory_), turn_(o.turn_),
        start_(o.start_), turns_(o.turns_), random_memory_(o.random_memory_), random_kept_(o.random_kept_) {
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

  // The listed events as texts, as values or both. A game that codes its
  // values (`event_values`, `decision_values`, and the `chances` hook's
  // values) writes no text for them; one that does not packs each listed
  // text into its value (Event::from_text).
  void list_events(std::vector<Event>* values, std::vector<std::string>* texts,
                   std::vector<double>* chances) const override {
    if (over()) return;
    if constexpr (kEvents) {
      if (Traits::chance_due(options_, pos_, turn_)) return Traits::chances(options_, pos_, turn_, values, texts, chances);
      if constexpr (Traits::kHooks.decision_values) {
        if (texts) Traits::decisions(options_, pos_, turn_, *texts);
        if (values) Traits::decision_values(options_, pos_, turn_, *values);
      } else {
        if (!values) {
          if (texts) Traits::decisions(options_, pos_, turn_, *texts);
          return;
        }
        thread_local std::vector<std::string> scratch;  // the texts packed when no texts are asked
        std::vector<std::string>& listed = texts ? *texts : scratch;
        const std::size_t from = texts ? texts->size() : (scratch.clear(), 0);
        Traits::decisions(options_, pos_, turn_, listed);
        for (std::size_t i = from; i < listed.size(); ++i) values->push_back(Event::from_text(listed[i]));
      }
    } else if constexpr (Traits::kHooks.event_values) {
      if (values) Traits::event_values(options_, pos_, *values);
      if (texts) Traits::legal_events(options_, pos_, *texts);
    } else {
      std::vector<std::string> listed;
      Traits::legal_events(options_, pos_, listed);
      for (auto& t : listed) {
        if (values) values->push_back(Event::from_text(t));
        if (texts) texts->push_back(std::move(t));
      }
    }
  }
  Error apply(std::string_view event, std::string* turn) override {
    if constexpr (kEvents) {
      if (turn) turn->clear();
      if (over()) return Error{Code::game_over, "the game is over", 0};
      if (history_flags_) [[unlikely]]
        return keeping([&](auto keep) { return apply_event<decltype(keep)::value, std::string_view>(event, turn); });
      return apply_event<false, std::string_view>(event, turn);
    } else {
      return State::apply(event, turn);
    }
  }
  // A text value is its text, played as apply(text); Seega's coded values
  // are played by the traits without text.
  Error apply(Event event, std::string* turn) override {
    if constexpr (Traits::kHooks.event_values) {
      if (turn) turn->clear();
      if (history_flags_) [[unlikely]]
        save();
      if (Error e = Traits::play_value(options_, pos_, memory_, event, turn)) {
        unsave();
        return e;
      }
      ++turns_;
      return Error::none();
    } else {
      if constexpr (Traits::kHooks.decision_values) {
        if (!event.is_text()) {  // a coded decision
          if (turn) turn->clear();
          if (over()) return Error{Code::game_over, "the game is over", 0};
          if (history_flags_) [[unlikely]]
            return keeping([&](auto keep) { return apply_event<decltype(keep)::value>(event, turn); });
          return apply_event<false>(event, turn);
        }
      }
      if (!event.is_text()) {
        if (turn) turn->clear();
        return Error{Code::move_syntax, "this Event value is none of this game's events (State::legal_events lists them)", 0};
      }
      return EngineState::apply(event.text(), turn);
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
  // check_turn()'s, then played. Flattened: the traits' play_turn and what
  // it calls inlined whatever the size of the game's source file (a replay
  // of Mankalah or Um el-Banât runs 8-9 % fewer instructions; GCC had left
  // the Errors' strings to out-of-line calls as rules.cpp grew).
  [[gnu::flatten]] Error resolve(std::string_view text, std::string* canonical, bool commit) override {
    if (turn_.active()) return mid_turn_error();
    if (canonical || !commit) return checked(text, canonical, commit);
    random_kept_ = false;
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
    random_kept_ = false;
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
  // `event` a text, or a coded decision (the `decision_values` hook).
  template <bool Keep, class E>
  [[gnu::always_inline]] Error apply_event(E event, std::string* turn) {
    random_kept_ = false;
    const bool begins = !turn_.active();
    Position before;
    if (begins) before = pos_;
    bool last = false;
    auto step = [&] {
      if constexpr (std::is_same_v<E, Event>)
        return Traits::apply_value(options_, pos_, turn_, event, last);
      else
        return Traits::apply(options_, pos_, turn_, event, last);
    };
    if (Error e = step()) return e;
    if (begins) start_ = before;
    if (last) end_turn<Keep>(turn);
    return Error::none();
  }
  // The random player plays the turn to its end, so where it began is
  // needed only by the history (keep_ended()): no copy of the position else.
  template <bool Keep>
  [[gnu::always_inline]] void random_turn(Rng& rng, std::string* turn, std::vector<EventPick>* picks) {
    if constexpr (Keep)
      if (!turn_.active()) start_ = pos_;
    if constexpr (Traits::kHooks.random_memory) {
      Traits::random_events_kept(options_, pos_, turn_, rng, picks, random_memory_, !random_kept_);
      random_kept_ = true;
    } else {
      Traits::random_events(options_, pos_, turn_, rng, picks);
    }
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
  // turn as it is, for undo(), before finish() clears it; nothing when the
  // step began between turns (TurnKeep: a whole turn by play_random(), a
  // Python playout's every turn, costs its snapshot alone).
  void keep_ended() {
    if constexpr (kMarkedTurn) {
      if (snapshots_[history_size_ - 1].turn.between) return;
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
  // What the random player kept (the `random_memory` hook), and whether it
  // is of this position: play_random() alone keeps it so; apply(),
  // resolve() and undo() make it stale.
  [[no_unique_address]] RandomMemory random_memory_{};
  bool random_kept_ = false;
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
