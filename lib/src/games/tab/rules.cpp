// Tâb (beyt/tab.hpp): a turn's throws and uses checked and made, the
// outcome, a position's validity. Every rule cites Lane 1836 and
// docs/RULES.md §Tâb; readings where both are silent are listed in
// docs/RULES.md §Tâb Finer points.

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
namespace tab_impl {

std::string use_reason(Code code, const UseContext& ctx, const TabPosition& p, const TabUse& u, bool grid) {
  auto name = [&](TabCell c) { return tab_cell_name(c, p.width, grid); };
  std::string v = std::to_string(u.value);
  switch (code) {
    case Code::not_own_piece:
      return "no kelb of " + std::string(side_name(ctx.mover)) + " stands on " +
             (on_board(u.from, p.width) ? name(u.from) : std::string("that cell"));
    case Code::split_illegal:
      return "only a táb divides an 'eggeh, one kelb one cell (Lane 1836: \"he cannot divide them again ... unless "
             "he throw táb\")";
    case Code::needs_tab:
      return "the kelb on " + name(u.from) + " is a Nasrani: it leaves its place only by a táb, one cell " +
             "(Lane 1836: \"but by throwing táb before each such removal\")";
    case Code::release_order:
      return "the first kelb freed is the foremost, " + name(foremost_nasrani(p, ctx.mover)) +
             (ctx.o.release_any ? "; with release=any that holds until the side has freed its first kelb"
                                : "; kelbs are freed front-first (release=front-first)") +
             " (Lane 1836: \"He must always commence with the kelb in beyt I\"; docs/RULES.md §Tâb)";
    case Code::wrong_distance: {
      TrackWalk w = sticks_walk(track(p.width, ctx.mover), u.from, u.value, true);
      std::string ends = name(w.end[0]) + (w.nends > 1 ? " or " + name(w.end[1]) : "");
      return "a throw of " + v + " takes the kelb on " + name(u.from) + " to " + ends + ", not " + name(u.to) +
             " (docs/RULES.md §Tâb Track)";
    }
    case Code::enemy_row_entry:
      return "a kelb enters the adversary's row only while he has a kelb there, and only once (Lane 1836; "
             "docs/RULES.md §Tâb Enemy home row)";
    case Code::enemy_row_locked:
      return "the kelb on " + name(u.from) + " stays in the adversary's row while " +
             std::string(side_name(ctx.mover)) +
             " has kelbs in his own row, unless only one 'eggeh is there and no táb was thrown this turn (Lane 1836; "
             "docs/RULES.md §Tâb)";
    case Code::pass_enemy: return "a move may not pass over an enemy kelb (pass-enemy=no)";
    case Code::occupied: return "a kelb may not land on its own side's Nasrani (docs/RULES.md §Tâb Finer points)";
    case Code::safe_cell:
      return "the enemy kelb on " + name(u.to) + " is safe in its adversary's row (Lane 1836: \"in safety\"; "
             "enemy-row-safe=yes)";
    case Code::capture_mismatch: return "'x' written, but there is no enemy kelb on " + name(u.to) + " to take";
    default: return "illegal use";
  }
}

}  // namespace tab_impl

namespace {

// ---------------------------------------------------------------------------
// Turn check
// ---------------------------------------------------------------------------

// The checks below return false and fill `error` on the first fault
// (`fault`): a legal turn then builds no Error on the way.

bool check_throws(const TabPosition& p, const TabTurn& t, Error& error) {
  if (p.opening && t.throws[0].value != 1) {
    // Lane 1836, táb: "They first throw alternately until one has thrown táb".
    if (t.nthrows > 1)
      return fault(error, Code::throw_sequence, t.throws[1].offset,
                   "in the opening each player throws once, alternately, until one throws táb (Lane 1836)");
    if (t.colon)
      return fault(error, Code::throw_sequence, t.throws[0].offset + 1u,
                   "an opening throw other than táb moves nothing: write the throw alone (Lane 1836)");
    return true;
  }
  int k = sticks_sequence_fault(t.throws.data(), t.nthrows);
  if (k < 0) return true;
  bool after_end = k > 0 && !sticks_throw_again(t.throws[static_cast<std::size_t>(k - 1)].value);
  return fault(error, Code::throw_sequence, t.throws[static_cast<std::size_t>(k)].offset,
               after_end ? "the throwing ended with the 2 or 3 before this throw (Lane 1836: \"when he has "
                           "thrown two, or three, it is then the turn of the other\")"
                         : "after táb, four or six the player throws again: the turn's throws end on 2 or 3 "
                           "(Lane 1836)");
}

// What a check changes on the position it works on, so that a fault can put
// it back: the counts as they were, and each cell before its first change
// (a plain record: no initialisation of the whole log).
struct Undo {
  struct Cell {
    TabCell at;
    std::uint8_t count, side, nasrani, progress;
  };
  std::array<std::uint8_t, 2> kelbs, nasrani;
  std::array<bool, 2> freed;
  int n = 0;
  std::array<Cell, 2 * kMaxThrows> cells;

  explicit Undo(const TabPosition& p) : kelbs(p.kelbs), nasrani(p.nasrani), freed(p.freed) {}
  void save(const TabPosition& p, TabCell at) {
    const TabStack& st = p.at(at);
    cells[static_cast<std::size_t>(n++)] = {at, st.count, static_cast<std::uint8_t>(st.side), st.nasrani, st.progress};
  }
  void restore(TabPosition& p) const {
    for (int k = n - 1; k >= 0; --k) {
      const Cell& c = cells[static_cast<std::size_t>(k)];
      p.cells[static_cast<std::size_t>(c.at)] = TabStack{c.count, static_cast<Side>(c.side), c.nasrani != 0, c.progress};
    }
    p.kelbs = kelbs;
    p.nasrani = nasrani;
    p.freed = freed;
  }
};

}  // namespace

namespace tab_impl {

bool no_throw_left(const TabUse& u, Error& error) {
  return fault(error, Code::throw_not_available, u.offset,
               "no throw of " + std::to_string(u.value) + " is left to use: each throw is used once (docs/RULES.md §Tâb)");
}

}  // namespace tab_impl

namespace {

// The uses of a turn in order, each on the position the ones before it
// leave; `w` (a copy of `pos`, or `pos` itself with an `undo` to put it back
// on a fault) becomes the position after them.
// An E307's `reason` with its fix: the landing of use `k` takes nothing, so
// the turn is written with '-' there (NOTATION.md section 6).
[[gnu::cold, gnu::noinline]] std::string capture_fix(std::string reason, const TabTurn& t, int k, int w) {
  TabTurn fixed = t;
  fixed.uses[static_cast<std::size_t>(k)].x_written = false;
  return reason + "; this landing takes nothing: write " + tab_format(fixed, w);
}

bool check_uses(const TabOptions& o, const TabPosition& pos, TabTurn& t, TabPosition& w, Undo* undo, Error& error) {
  std::array<int, 7> avail{};
  bool tab_thrown = false;
  for (int k = 0; k < t.nthrows; ++k) {
    ++avail[t.throws[static_cast<std::size_t>(k)].value];
    tab_thrown = tab_thrown || t.throws[static_cast<std::size_t>(k)].value == 1;
  }
  const Side mover = pos.to_move;
  UseContext ctx{o, mover, tab_thrown};
  for (int k = 0; k < t.nuses; ++k) {
    TabUse& u = t.uses[static_cast<std::size_t>(k)];
    if (avail[u.value] == 0) return no_throw_left(u, error);
    --avail[u.value];
    if (u.forfeit) continue;
    if (!use_allowed(ctx, w, u, t.grid, error)) {
      if (error.code == Code::capture_mismatch) error.reason = capture_fix(std::move(error.reason), t, k, w.width);
      return false;
    }
    if (undo) {
      undo->save(w, u.from);
      undo->save(w, u.to);
    }
    do_use(w, mover, u);
  }
  // Omitted forfeits are appended in throw order (NOTATION.md §6: the
  // canonical form lists every forfeit). A use per throw leaves none.
  if (t.nuses == t.nthrows) return true;
  for (int k = 0; k < t.nthrows; ++k) {
    int v = t.throws[static_cast<std::size_t>(k)].value;
    if (avail[v] == 0) continue;
    --avail[v];
    TabUse f;
    f.value = static_cast<std::uint8_t>(v);
    f.forfeit = f.implicit = true;
    t.uses[static_cast<std::size_t>(t.nuses++)] = f;
  }
  return true;
}

// tab_check, making the turn's uses on `w` (a copy of `pos`, or `pos` itself
// with an `undo`).
bool check_turn(const TabOptions& o, const TabPosition& pos, TabTurn& t, TabPosition& w, Undo* undo, Error& error) {
  if (tab_outcome(pos) != Result::unfinished) return fault(error, Code::game_over, 0, "the game is over");
  if (!check_throws(pos, t, error)) return false;
  if (pos.opening && t.throws[0].value != 1) return true;
  return check_uses(o, pos, t, w, undo, error);
}

}  // namespace

namespace tab_impl {

// tab_play with `t` as the storage of the turn (a State keeps one, its
// Memory, and plays its turns here: a turn is some 1.5 KB, too many to fill
// anew every turn). The uses are checked and made on `pos` itself, once; a
// fault puts back what they changed.
Error play_into(const TabOptions& o, TabPosition& pos, TabTurn& t, std::string_view text, std::string* canonical) {
  Error error;  // the only object returned: no copy on the way out
  if (tab_outcome(pos) != Result::unfinished) {
    fault(error, Code::game_over, 0, "the game is over");
    return error;
  }
  if (!parse_turn(text, pos.width, t, error)) return error;
  // check_turn's steps, without its second look at the outcome; an opening
  // throw other than táb changes no cell, so needs no Undo.
  const bool plain = !pos.opening && t.nthrows == 1 && !sticks_throw_again(t.throws[0].value);  // one 2 or 3
  if (!plain && !check_throws(pos, t, error)) return error;
  if (!(pos.opening && t.throws[0].value != 1)) {
    Undo undo(pos);
    if (!check_uses(o, pos, t, pos, &undo, error)) {
      undo.restore(pos);
      return error;
    }
    pos.opening = false;  // "he who has done this then throws again" (Lane 1836)
  }
  pos.to_move = opponent(pos.to_move);
  if (canonical) {
    canonical->clear();
    tab_format(t, pos.width, *canonical);
  }
  return error;
}

}  // namespace tab_impl

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

Error tab_check(const TabOptions& o, const TabPosition& pos, TabTurn& t) {
  TabPosition w = pos;
  Error error;
  check_turn(o, pos, t, w, nullptr, error);
  return error;
}

void tab_apply(const TabOptions& o, TabPosition& pos, const TabTurn& t) {
  bool tab_thrown = false;
  for (int k = 0; k < t.nthrows; ++k) tab_thrown = tab_thrown || t.throws[static_cast<std::size_t>(k)].value == 1;
  (void)o;
  if (!(pos.opening && t.throws[0].value != 1)) {
    for (int k = 0; k < t.nuses; ++k) {
      do_use(pos, pos.to_move, t.uses[static_cast<std::size_t>(k)]);
    }
    pos.opening = false;  // "he who has done this then throws again" (Lane 1836)
  }
  pos.to_move = opponent(pos.to_move);
}

Error tab_play(const TabOptions& o, TabPosition& pos, std::string_view text, std::string* canonical) {
  TabTurn t;
  return play_into(o, pos, t, text, canonical);
}

void tab_uses(const TabOptions& o, const TabPosition& p, int value, bool tab_thrown, std::vector<TabUse>& out) {
  for_each_use(o, p, value, tab_thrown, [&out](const TabUse& u) { out.push_back(u); });
}

// The random player of the events (tab_random_events), its turn as text.
void tab_random_turn(const TabOptions& o, const TabPosition& pos, Rng& rng, std::string& out) {
  TabPosition p = pos;
  TabEvents t;
  tab_random_events(o, p, t, rng, nullptr);
  tab_format(t.text, pos.width, out);
}

std::string tab_random_turn(const TabOptions& o, const TabPosition& pos, Rng& rng) {
  std::string out;
  tab_random_turn(o, pos, rng, out);
  return out;
}

Result tab_outcome(const TabPosition& pos) noexcept {
  // "A player with no kelbs left loses" (docs/RULES.md §Tâb End).
  int s = pos.count(Side::south), n = pos.count(Side::north);
  if (s && n) return Result::unfinished;
  if (!s && !n) return Result::draw;  // only from a set-up position
  return s ? Result::south_wins : Result::north_wins;
}

Error tab_validate(const TabOptions& o, const TabPosition& pos) {
  auto bad = [](std::string why) { return fail(Code::bad_setup, 0, std::move(why) + " (docs/RULES.md §Tâb)"); };
  if (pos.width != o.width)
    return bad("the board is " + std::to_string(pos.width) + " wide but the rules say width=" +
               std::to_string(o.width));
  for (Side s : {Side::south, Side::north}) {
    if (pos.count(s) > o.kelbs()) return bad(std::string(side_name(s)) + " has more than " +
                                             std::to_string(o.kelbs()) + " kelbs");
    bool problem = false;
    for_each_cell(pos.width, [&](TabCell c) {
      const TabStack& st = pos.at(c);
      if (!st.count || st.side != s) return;
      if (st.nasrani) {
        int f = tab_file(c);
        bool start = tab_row(c) == home_row(s) &&
                     (s == Side::south ? f < o.kelbs() : f >= o.width - o.kelbs());
        problem = problem || !start;
      } else if (pos.opening) {
        problem = true;
      }
    });
    if (problem)
      return bad("a Nasrani stands only on its starting cell, and in the opening every kelb is a Nasrani");
  }
  return Error::none();
}

}  // namespace beyt
