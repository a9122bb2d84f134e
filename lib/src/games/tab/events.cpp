// Tâb (beyt/tab.hpp) as a Game: its events (the throws, then the use of
// each) and its traits for lib/src/engine_state.hpp.

#include "beyt/tab.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../position_fields.hpp"
#include "../../text_board.hpp"
#include "tab_internal.hpp"

#include <algorithm>
#include <cmath>

namespace beyt {
using namespace tab_impl;
namespace {

// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): the
// throws one by one (chance), then the use of each throw, one by one, in any
// order of the throws (as the turn text may write them).
// ---------------------------------------------------------------------------

// The place of a throw of `value` among sticks_outcomes() (1, 2, 3, 4, 6),
// or among the 64th throw's outcomes (2, 3).
std::size_t outcome_index(int value, bool last_throw) {
  return last_throw ? static_cast<std::size_t>(value - 2) : static_cast<std::size_t>(value == 6 ? 4 : value - 1);
}

// A throw as a value (State::apply(Event)): bit 5 of the low word, and
// the count in bits 0-2 (a use's value has bit 5 clear: use_of).
constexpr std::uint64_t kThrowBit = 32;
Event throw_value(int value) { return Event::code(kThrowBit | static_cast<std::uint64_t>(value), 0); }

// The throws' outcomes (State::list_events at a throw): the stick counts
// (Lane 1836; beyt/sticks.hpp) 1, 2, 3, 4, 6, on the 64th throw of a turn
// only those that end it (NOTATION.md section 6), their probabilities
// scaled; appended to whichever list is given.
void throw_outcomes(const TabOptions&, const TabPosition&, const TabEvents& t, std::vector<Event>* values,
                    std::vector<std::string>* texts, std::vector<double>* probabilities) {
  const bool last = t.text.nthrows >= kMaxThrows - 1;
  double total = 0;
  if (last)
    for (int whites : {1, 2, 3, 4, 0})
      if (!sticks_throw_again(sticks_value(whites))) total += sticks_probability(whites);
  for (int whites : {1, 2, 3, 4, 0}) {
    const int value = sticks_value(whites);
    if (last && sticks_throw_again(value)) continue;
    if (values) values->push_back(throw_value(value));
    if (texts) texts->emplace_back(1, static_cast<char>('0' + value));
    if (probabilities) probabilities->push_back(last ? sticks_probability(whites) / total : sticks_probability(whites));
  }
}

// Records a throw (its sequence is the caller's to check).
void add_throw(const TabPosition& p, TabEvents& t, const StickThrow& th, bool& last) {
  t.text.throws[static_cast<std::size_t>(t.text.nthrows++)] = th;
  ++t.avail[th.value];
  t.tab_thrown = t.tab_thrown || th.value == 1;
  last = p.opening && t.text.nthrows == 1 && th.value != 1;  // an opening throw without táb is the turn
  t.thrown = last || !sticks_throw_again(th.value);
  t.text.colon = t.thrown && !last;
}

// Records a use that use_allowed accepted (or a forfeit) and makes it.
void add_use(TabPosition& p, TabEvents& t, const TabUse& u, bool& last) {
  if (!u.forfeit) do_use(p, p.to_move, u);
  --t.avail[u.value];
  t.text.uses[static_cast<std::size_t>(t.text.nuses++)] = u;
  last = t.text.nuses == t.text.nthrows;
}

// A use where a throw is due.
Error throw_due() {
  return fail(Code::wrong_phase, 0, "a throw is due: the uses come when the throwing has ended on a 2 or 3 (Lane 1836)");
}

// A throw where the uses are due.
Error throwing_ended() {
  return fail(Code::wrong_phase, 0, "the throwing has ended: each throw is now used or forfeited (docs/RULES.md §Tâb)");
}

// A throw, read or coded, where one is due: the 64th must end the turn.
Error throw_checked(const TabPosition& p, TabEvents& t, const StickThrow& th, bool& last) {
  if (t.text.nthrows == kMaxThrows - 1 && sticks_throw_again(th.value))
    return fail(Code::throw_sequence, 0, "the 64th throw of a turn ends it: a 2 or a 3 (NOTATION.md section 6)");
  add_throw(p, t, th, last);
  return Error::none();
}

// A throw as an event: "1", "1WBBB" or "WBBB" (as a turn's throw is read).
Error apply_throw(const TabPosition& p, TabEvents& t, std::string_view e, bool& last) {
  Error error;
  StickThrow th;
  std::size_t i = 0;
  if (!e.empty() && sticks_whites(e[0] - '0') >= 0 && (e.size() == 1 || (e[1] != 'W' && e[1] != 'B'))) {
    th.value = static_cast<std::uint8_t>(e[0] - '0');
    i = 1;
  } else if (!sticks_read_throw(e, i, th, error)) {
    return error;
  }
  if (i != e.size()) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected the end of the throw");
  th.offset = 0;
  return throw_checked(p, t, th, last);
}

// The use of a throw as an event: "4K-O", "1m-n'", "6--" (a use of the turn
// text, its cells in Lane letters or grid names).
Error apply_use(const TabOptions& o, TabPosition& p, TabEvents& t, std::string_view e, bool& last) {
  Error error;
  TabUse u;
  std::size_t i = 0;
  bool first_cell = true;
  for (int k = 0; k < t.text.nuses; ++k) first_cell = first_cell && t.text.uses[static_cast<std::size_t>(k)].forfeit;
  bool grid = t.text.grid;
  if (!parse_use(e, i, p.width, u, grid, first_cell, error)) return error;
  if (i != e.size()) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected the end of the use");
  if (t.avail[u.value] == 0) return no_throw_left(u, error), error;
  if (!u.forfeit && !use_allowed(UseContext{o, p.to_move, t.tab_thrown}, p, u, grid, error)) return error;
  t.text.grid = grid;
  add_use(p, t, u, last);
  return Error::none();
}

// The throw values not used yet, once each, in the order they were thrown.
template <class F>
void for_each_unused_value(const TabEvents& t, F&& f) {
  std::array<bool, 7> seen{};
  for (int k = 0; k < t.text.nthrows; ++k) {
    const int v = t.text.throws[static_cast<std::size_t>(k)].value;
    if (t.avail[static_cast<std::size_t>(v)] == 0 || seen[static_cast<std::size_t>(v)]) continue;
    seen[static_cast<std::size_t>(v)] = true;
    f(v);
  }
}

// The listed decisions of one unused throw value: its uses (none once the
// adversary has no kelb), then its forfeit.
template <class F>
void for_each_decision_of(const TabOptions& o, const TabPosition& p, const TabEvents& t, int v, F&& f) {
  if (p.count(opponent(p.to_move)) > 0) for_each_use(o, p, v, t.tab_thrown, f);
  TabUse forfeit;
  forfeit.value = static_cast<std::uint8_t>(v);
  forfeit.forfeit = true;
  f(forfeit);
}

bool listed_grid(const TabPosition& p, const TabEvents& t) { return t.text.grid || !tab_has_letters(p.width); }

void tab_decisions(const TabOptions& o, const TabPosition& p, const TabEvents& t, std::vector<std::string>& out) {
  const bool grid = listed_grid(p, t);
  std::string text;
  for_each_unused_value(t, [&](int v) {
    for_each_decision_of(o, p, t, v, [&](const TabUse& u) {
      text.clear();
      format_use(u, p.width, grid, text);
      out.push_back(text);
    });
  });
}

// A use as a value (State::apply(Event)): bits 0-2 of the low word the
// throw's value, bit 3 a forfeit, bit 4 the split of an 'eggeh ('), bits
// 8-14 the origin cell and 16-22 the destination (a forfeit: 0). Every
// other bit 0: one value a use. A throw: throw_value.
Event value_of(const TabUse& u) {
  std::uint64_t low = u.value | (u.forfeit ? 8u : 0u);
  if (!u.forfeit)
    low |= (u.split ? 16u : 0u) | static_cast<std::uint64_t>(u.from) << 8 | static_cast<std::uint64_t>(u.to) << 16;
  return Event::code(low, 0);
}

void tab_decision_values(const TabOptions& o, const TabPosition& p, const TabEvents& t, std::vector<Event>& out) {
  for_each_unused_value(t, [&](int v) {
    for_each_decision_of(o, p, t, v, [&](const TabUse& u) { out.push_back(value_of(u)); });
  });
}

// The use a value codes on a board `w` files wide, into `u`; false for a
// value that codes none (a stray bit, a value no throw has, a cell off the
// board).
bool use_of(Event e, int w, TabUse& u) {
  const std::uint64_t low = e.low();
  u.value = static_cast<std::uint8_t>(low & 7u);
  u.forfeit = (low & 8u) != 0;
  u.split = (low & 16u) != 0;
  if (e.is_text() || e.high() != 0 || (low & 0xE0u) != 0 || low >> 23 != 0 || (low >> 15 & 1u) != 0 ||
      sticks_whites(u.value) < 0)
    return false;
  if (u.forfeit) return low >> 4 == 0;
  u.from = static_cast<TabCell>(low >> 8 & 127u);
  u.to = static_cast<TabCell>(low >> 16 & 127u);
  return on_board(u.from, w) && on_board(u.to, w);
}

Error no_such_use() { return engine::no_such_event("use of a Tab throw"); }

// apply_use of the use a value codes, its cells in the style the turn's
// listed uses are written in (as applying that listed text does).
Error tab_apply_value(const TabOptions& o, TabPosition& p, TabEvents& t, Event e, bool& last) {
  const std::uint64_t v = e.low() & 7u;
  if (e == throw_value(static_cast<int>(v)) && sticks_whites(static_cast<int>(v)) >= 0) {  // a coded throw
    if (t.thrown) return throwing_ended();
    StickThrow th;
    th.value = static_cast<std::uint8_t>(v);
    return throw_checked(p, t, th, last);
  }
  TabUse u;
  if (!use_of(e, p.width, u)) return no_such_use();
  if (!t.thrown) return throw_due();
  Error error;
  if (t.avail[u.value] == 0) return no_throw_left(u, error), error;
  const bool grid = listed_grid(p, t);
  if (!u.forfeit && !use_allowed(UseContext{o, p.to_move, t.tab_thrown}, p, u, grid, error)) return error;
  u.x_written = u.captures;  // as the listed text writes it
  t.text.grid = grid;
  add_use(p, t, u, last);
  return Error::none();
}

// The value of the first throw, in throw order, not used yet.
int first_unused_value(const TabEvents& t) {
  return first_unused_throw(
      t.text.nthrows, [&t](int k) { return static_cast<int>(t.text.throws[static_cast<std::size_t>(k)].value); },
      t.avail);
}

}  // namespace

namespace tab_impl {

// beyt's random player (NOTATION.md section 12): the throws drawn from the
// sticks; then the first throw not used yet, in throw order, on a uniformly
// drawn use of it, forfeited only when it has none. The draws are those of
// the whole-turn player before the events (same Rng, same turns).
void tab_random_events(const TabOptions& o, TabPosition& p, TabEvents& t, Rng& rng, std::vector<EventPick>* picks) {
  bool last = false;
  while (!t.thrown) {
    StickThrow th = sticks_draw(rng);
    // The last place must end the throwing (kMaxThrows; probability < 1e-12).
    while (t.text.nthrows == kMaxThrows - 1 && sticks_throw_again(th.value)) th = sticks_draw(rng);
    if (picks)
      picks->push_back({true, outcome_index(th.value, t.text.nthrows == kMaxThrows - 1),
                        std::string(1, static_cast<char>('0' + th.value))});
    add_throw(p, t, th, last);
    if (last) return;
  }
  std::uint64_t cells = 0;  // the mover's stacks (own_cells): listed when first needed, then kept
  bool cells_listed = false;
  while (t.text.nuses < t.text.nthrows) {
    const int v = first_unused_value(t);
    TabUse chosen;
    chosen.value = static_cast<std::uint8_t>(v);
    chosen.forfeit = true;
    // The uses listed once: a side holds at most one stack a cell, each with
    // two uses at most (the stack and one kelb of it) on each of two routes.
    DrawList<TabUse, 4 * kTabCells> uses;
    if (p.count(opponent(p.to_move)) > 0) {
      if (!cells_listed) cells = own_cells(p, p.to_move), cells_listed = true;
      for_each_use(o, p, v, t.tab_thrown, cells, [&uses](const TabUse& u) { uses.push(u); });
    }
    const std::uint64_t count = uses.size();
    std::uint64_t pick = count;  // the forfeit, listed after the uses
    if (count > 0) {
      pick = rng.below(count);
      chosen = uses[pick];
    }
    if (picks) {
      // Its place in the list: after the decisions of the unused values
      // listed before its own.
      std::size_t index = 0;
      bool reached = false;
      for_each_unused_value(t, [&](int w) {
        reached = reached || w == v;
        if (!reached) for_each_decision_of(o, p, t, w, [&index](const TabUse&) { ++index; });
      });
      std::string text;
      format_use(chosen, p.width, listed_grid(p, t), text);
      picks->push_back({false, index + static_cast<std::size_t>(pick), std::move(text)});
    }
    add_use(p, t, chosen, last);
    if (cells_listed && !chosen.forfeit) own_cells_moved(p, chosen, cells);
  }
}

}  // namespace tab_impl

namespace {

// ---------------------------------------------------------------------------
// Game and State
// ---------------------------------------------------------------------------

// Tâb as a Game and its States (lib/src/engine_state.hpp). A turn is a
// sequence of events: its throws (chance), then the use of each.
struct TabTraits : ThrowsThenUses<TabOptions, TabPosition, TabEvents> {
  using Options = TabOptions;
  using Position = TabPosition;
  static constexpr std::string_view kName = "tab";
  static constexpr std::string_view kTitle = "Tâb";
  static constexpr std::string_view kSources =
      "Lane 1836, táb (with Lane's lettered board); docs/RULES.md §Tâb, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .events = true, .decision_values = true, .throw_faces = true, .throw_text = true, .describe_event = true,
      .position_text = true,  // the freed field under release=any only (docs/RULES.md §Tâb Finer points)
      .describe = true, .drawing = true, .cell_names = true, .capture_mark = true};
  static constexpr auto options = &tab_options;
  static constexpr auto presets = &tab_presets;
  static constexpr auto initial = &TabPosition::initial;
  static constexpr auto validate = &tab_validate;
  static constexpr auto game = &tab_game;
  static constexpr auto outcome = &tab_outcome;

  // The storage of the turn being played.
  using Memory = TabTurn;

  // Events: the throws (ThrowsThenUses: until the throwing has ended),
  // then the use of each throw.
  using Turn = TabEvents;
  static constexpr auto chances = &throw_outcomes;
  /// Four sticks, white or black side up (Lane 1836; NOTATION.md section 6).
  static ThrowFaces throw_faces(const TabOptions&, const TabPosition&, const Turn&) {
    return {{{'W', "white side up"}, {'B', "black side up"}}, 4};
  }
  /// The count from the white sides, then the faces: `WBBB` is `1WBBB` (sticks_value).
  static void throw_text(std::string_view faces, std::string& out) {
    const auto whites = static_cast<int>(std::count(faces.begin(), faces.end(), 'W'));
    out.assign(1, static_cast<char>('0' + sticks_value(whites)));
    out.append(faces);
  }
  /// A use in words: which throw takes which kelb where; a forfeit; one
  /// kelb of an 'eggeh (`'`, Lane 1836).
  static std::string describe_event(const TabOptions&, const TabPosition& p, const Turn& t, std::string_view e) {
    TabUse u;
    Error error;
    std::size_t i = 0;
    bool grid = t.text.grid;
    if (!t.thrown || !parse_use(e, i, p.width, u, grid, false, error) || i != e.size()) return {};
    const std::string value = u.value == 1 ? "the táb" : "the throw of " + std::to_string(u.value);
    if (u.forfeit) return "forfeit " + value + ": it is not used (Lane 1836: \"he need not avail himself of such a throw\")";
    if (!on_board(u.from, p.width) || !on_board(u.to, p.width)) return {};
    const std::string from = tab_cell_name(u.from, p.width, grid), to = tab_cell_name(u.to, p.width, grid);
    if (u.split) return value + " moves one kelb of the 'eggeh on " + from + " by itself, to " + to + " (')";
    const std::string piece = p.at(u.from).count > 1 ? "'eggeh of " + std::to_string(p.at(u.from).count) + " kelbs" : "kelb";
    return value + " takes the " + piece + " on " + from + " to " + to + (u.x_written ? ", taking the enemy kelbs there" : "");
  }
  static constexpr auto decisions = &tab_decisions;
  static constexpr auto decision_values = &tab_decision_values;
  static constexpr auto apply_value = &tab_apply_value;
  static Error apply(const TabOptions& o, TabPosition& p, Turn& t, std::string_view e, bool& last) {
    // A use always has '-' (a move or a forfeit) or 'x'; a throw never.
    const bool use = e.find_first_of("-x") != std::string_view::npos;
    if (use && !t.thrown) return throw_due();
    if (!use && t.thrown) return throwing_ended();
    return use ? apply_use(o, p, t, e, last) : apply_throw(p, t, e, last);
  }
  static void finish(const TabOptions&, TabPosition& p, Memory&, Turn& t) {
    if (!(p.opening && t.text.throws[0].value != 1)) p.opening = false;  // "then throws again" (Lane 1836)
    p.to_move = opponent(p.to_move);
    t.text.nthrows = t.text.nuses = 0;
    t.text.colon = t.text.grid = false;
    t.avail = {};
    t.thrown = t.tab_thrown = false;
  }
  static constexpr void (*turn_text)(const TabTurn&, int, std::string&) = &tab_format;  // of t.text, p.width
  static constexpr auto random_events = &tab_random_events;
  static constexpr auto split = &split_events<",:">;

  static constexpr auto play_turn = &play_into;  // into the Memory
  static constexpr auto check_turn = &tab_play;  // on a copy of the position
  static constexpr auto render = &tab_render;

  static constexpr auto board_size = &tab_board_size;
  static constexpr auto draw_board = &tab_draw_board;
  static constexpr auto draw_pieces = &tab_draw_pieces;
  /// Row by row from South's home row, file a first: Lane's letters where the width has them.
  static void cell_names(const TabPosition& p, std::vector<std::string>& out) {
    for (int row = 0; row < 4; ++row)
      for (int file = 0; file < p.width; ++file) out.push_back(tab_cell_name(tab_cell(file, row), p.width, false));
  }
  static bool cell_centre(const TabPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& out) {
    TabCell c = tab_parse_cell(cell, p.width);
    if (c < 0) return false;
    out = TabGeometry::of(p.width, d).centre(c);
    return true;
  }
  static constexpr auto move_cells = &tab_move_cells;
  static constexpr auto capture_mark = &tab_capture_mark;
  static constexpr auto describe = &tab_describe;
};
static_assert(EngineTraitsFor<TabTraits>);

}  // namespace

const Game& tab_game() {
  static const EngineGame<TabTraits> game;
  return game;
}

}  // namespace beyt
