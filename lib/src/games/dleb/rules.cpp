// Dleb (beyt/dleb.hpp): a turn's throws and uses checked and made, the
// outcome, a position's validity. Every rule cites Marin 1931 and
// docs/RULES.md §Dleb; readings where both are silent are in its Finer points.

#include "beyt/dleb.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../portable.hpp"
#include "../../position_fields.hpp"
#include "dleb_internal.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace beyt {
using namespace dleb_impl;
namespace dleb_impl {

std::string use_reason(Code code, const UseContext& ctx, const DlebPosition& p, const DlebUse& u) {
  std::string team(side_name(ctx.team));
  switch (code) {
    case Code::not_own_piece:
      return "no man of " + team + " stands on " + (on_field(u.from, p.cross_lines) ? dleb_point_name(u.from) : "that point");
    case Code::handicapped_throw:
      return "a handicapped player's throws count only when they are dleb (Marin 1931, p. 510, \"Handicapped Players\")";
    case Code::split_illegal: return "only a dleb separates a double man, one man one step (Marin 1931, p. 510, \"Double Men\")";
    case Code::needs_tab:
      return "the man on " + dleb_point_name(u.from) + " is a slave: only a dleb frees it, one step (Marin 1931, p. 509, "
             "\"Liberating the Men\")";
    case Code::release_order:
      return "the slaves are freed front-first: " + dleb_point_name(front_slave(p, ctx.team)) + " first (docs/RULES.md §Dleb)";
    case Code::must_free:
      return "while " + team + " has slaves every dleb frees the front slave, " +
             dleb_point_name(front_slave(p, ctx.team)) + " (Marin 1931, p. 509: \"obliged to use all their dleb for this purpose\")";
    case Code::wrong_distance: {
      const DlebWalk walk = walk_of(p, ctx.team, u.from, p.at(u.from), u.value);
      return "a throw of " + std::to_string(u.value) + " takes the man on " + dleb_point_name(u.from) + " to " +
             dleb_point_name(static_cast<DlebPoint>(walk.to)) + ", not " +
             dleb_point_name(u.to) + " (docs/RULES.md §Dleb Track)";
    }
    case Code::pass_enemy: return "a man may not pass over an enemy (Marin 1931, p. 509, \"Taking Men\")";
    case Code::occupied: return "a man may not land on his own side's slave (docs/RULES.md §Dleb Finer points)";
    case Code::capture_mismatch: return "'x' written, but no enemy stands on " + dleb_point_name(u.to);
    default: return "illegal use";
  }
}

}  // namespace dleb_impl

namespace {

// Marin 1931 "Entering the game" and docs/RULES.md §Dleb Players and turns: stages 1
// (four billets), 2 (three), 3 (two). Finer points: each turn of a player who
// has not entered starts at stage 1 with nothing scored.
bool entry_throws(const DlebOptions& o, const DlebTurn& t, std::size_t end, Available& a, Error& error) {
  int stage = 1, dleb = 0, gsse = 0;
  bool ended = false;
  for (int k = 0; k < t.nthrows; ++k) {
    const DlebThrow& th = t.throws[static_cast<std::size_t>(k)];
    if (ended)
      return fault(error, Code::throw_sequence, th.offset, "the turn already ended (a stage-1 dug or txlx·dx, hab, or dag)");
    int need = stage == 1 ? 4 : stage == 2 ? 3 : 2;
    if (th.nfaces != need)
      return fault(error, Code::throw_sequence, th.offset,
                  "at entry stage " + std::to_string(stage) + " the player throws " + std::to_string(need) +
                      " billets (Marin 1931, p. 509, \"Entering the game\")");
    int w = whites(th, o.night);
    if (stage == 1) {
      if (w == 1) ++dleb, stage = 2;        // "as soon as a dleb appears he counts one dleb"
      else if (w == 2 || w == 3) ended = true;  // dug or txlx·dx: "his turn is ended"
    } else if (stage == 2) {
      if (w <= 1) ++dleb;                   // three black, or two black and one white
      else if (w == 3) ++gsse;              // three white: a gsse
      else stage = 3;                       // one black and two white
    } else {
      if (w == 0) dleb = gsse = 0, ended = true;  // hab: all lost
      else if (w == 2) ++gsse, stage = 2;         // two white: a gsse, back to stage 2
      else a.entered_now = ended = true;          // dag: he enters
    }
  }
  if (!ended)
    return fault(error, Code::throw_sequence, static_cast<std::uint32_t>(end),
                "the player throws on: an entering turn ends only on a stage-1 dug or txlx·dx, hab or dag");
  if (a.entered_now) {
    a.count[1] = dleb;  // "making good whatever dleb and gsse he may have summed up"
    a.count[4] = gsse;
  }
  return true;
}

[[gnu::always_inline]] inline bool entered_throws(const DlebOptions& o, const DlebTurn& t, Available& a, Error& error) {
  auto& values = a.values.value;
  // sticks_sequence_fault, counted on the way: the first throw that hands on
  // the billets (2 or 3) must be the last, and there must be one.
  int first_last = -1;
  const std::uint32_t gur = o.night ? 0 : 0x10101010u;
  for (int k = 0; k < t.nthrows; ++k) {
    const DlebThrow& th = t.throws[static_cast<std::size_t>(k)];
    if (th.nfaces != 4)
      return fault(error, Code::throw_sequence, th.offset, "a player who has entered throws the four billets");
    const int v = sticks_value(whites4(th, gur));
    values[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v);
    ++a.count[static_cast<std::size_t>(v)];
    if (first_last < 0 && !sticks_throw_again(v)) first_last = k;
  }
  a.values.n = t.nthrows;
  const int k = first_last < 0 ? t.nthrows - 1 : first_last + 1 < t.nthrows ? first_last + 1 : -1;
  if (k < 0) return true;
  return fault(error, Code::throw_sequence, t.throws[static_cast<std::size_t>(k)].offset,
              "after a stte, dleb or gsse the same player throws again; a dug or txlx·dx hands on the billets "
              "(Marin 1931, p. 508)");
}

// The values in the order in which omitted forfeits are appended: the
// throws' order (an entering turn: its dleb, then its gsse).
ThrowValues throw_values(bool entering, const Available& a) {
  if (!entering) return a.values;
  ThrowValues out;
  for (int k = 0; k < a.count[1]; ++k) out.value[static_cast<std::size_t>(out.n++)] = 1;
  for (int k = 0; k < a.count[4]; ++k) out.value[static_cast<std::size_t>(out.n++)] = 4;
  return out;
}

// The uses of a turn in order, each on the position the ones before it
// leave: `w` (a copy of `pos`, or `pos` itself with an `undo` to put it back
// on a fault) becomes the position after them.
// `handicapped`: dleb_handicapped(pos).
// An E307's `reason` with its fix: the landing of use `k` eats nothing, so
// the turn is written with '-' there (NOTATION.md section 7).
[[gnu::cold, gnu::noinline]] std::string capture_fix(std::string reason, const DlebTurn& t, int k) {
  DlebTurn fixed = t;
  fixed.uses[static_cast<std::size_t>(k)].x_written = false;
  return reason + "; this landing takes nothing: write " + dleb_format(fixed);
}

bool check_uses(const DlebOptions& o, const DlebPosition& pos, DlebTurn& t, Available& a, bool entering,
                bool handicapped, std::size_t end, DlebPosition& w, Undo* undo, Error& error) {
  const Side team = pos.to_move, enemy = opponent(team);
  UseContext ctx{o, team, handicapped};
  // The order of omitted forfeits, taken before the uses spend the counts
  // (not copied for a player who has entered).
  ThrowValues entry_order;
  if (entering) entry_order = throw_values(true, a);
  const ThrowValues& order = entering ? entry_order : a.values;
  std::array<int, 7>& avail = a.count;  // spent in place: no copy to stall on
  int left = order.n;                   // the sum of avail: the throws not used yet
  for (int k = 0; k < t.nuses; ++k)
    if (!use_one(o, ctx, team, enemy, t.uses[static_cast<std::size_t>(k)], avail, left, w, undo, error)) {
      if (error.code == Code::capture_mismatch) error.reason = capture_fix(std::move(error.reason), t, k);
      return false;
    }
  for (int k = 0; left > 0 && k < order.n; ++k) {  // none left: no omitted forfeit
    const int v = order.value[static_cast<std::size_t>(k)];
    if (avail[static_cast<std::size_t>(v)] == 0) continue;
    --avail[static_cast<std::size_t>(v)];
    --left;
    if (v == 1 && w.slaves(team) > 0 && w.count(enemy) > 0)
      return fault(error, Code::must_free, static_cast<std::uint32_t>(end),
                  "a dleb is left unused while slaves remain: it must free the front slave, " +
                      dleb_point_name(front_slave(w, team)) + " (Marin 1931, p. 509)");
    DlebUse f;
    f.kind = DlebUseKind::forfeit;
    f.value = static_cast<std::uint8_t>(v);
    f.implicit = true;
    if (t.nuses == kDlebMaxUses) return fault(error, Code::move_syntax, static_cast<std::uint32_t>(end), "too many uses");
    t.uses[static_cast<std::size_t>(t.nuses++)] = f;
  }
  return true;
}

// dleb_check of a game not over, making the turn's uses on `w` (a copy of
// `pos`, or `pos` itself with an `undo`). `enters`: the turn enters its
// player. The callers have seen that the game goes on.
[[gnu::always_inline]] inline bool check_turn(const DlebOptions& o, const DlebPosition& pos, DlebTurn& t,
                                              DlebPosition& w, Undo* undo, bool& enters, Error& error) {
  std::size_t end = 0;  // of the throws: where the last one ends
  if (t.nthrows > 0) {
    const DlebThrow& last = t.throws[static_cast<std::size_t>(t.nthrows - 1)];
    end = last.offset + last.nfaces;
  }
  const bool entered = pos.entered[static_cast<std::size_t>(pos.to_move)][static_cast<std::size_t>(pos.player)];
  const bool handicapped = !entered && pos.slaves(pos.to_move) == 0;  // dleb_handicapped
  const bool entering = !entered && !handicapped;
  Available a;
  if (!(entering ? entry_throws(o, t, end, a, error) : entered_throws(o, t, a, error))) return false;
  if (entering && !a.entered_now && t.nuses > 0)
    return fault(error, Code::throw_not_available, t.uses[0].offset,
                "a player who has not entered moves nothing: his throws only score (Marin 1931, p. 509)");
  enters = entering && a.entered_now;
  return check_uses(o, pos, t, a, entering, handicapped, std::max<std::size_t>(t.length, end), w, undo, error);
}

}  // namespace

namespace dleb_impl {

// "partners ... play in succession" (Marin 1931); docs/RULES.md §Dleb Finer points:
// the starting team's players 1..K, then the other team's 1..K.
void next_player(DlebPosition& pos) {
  if (pos.player + 1 < pos.players) {
    ++pos.player;
  } else {
    pos.player = 0;
    pos.to_move = opponent(pos.to_move);
  }
}

// dleb_play with `t` as the storage of the turn (a State keeps one, its
// Memory, and plays its turns here: a turn is some 2.5 KB). The uses are
// checked and made on `pos` itself, once; a fault puts back what they
// changed.
Error play_into(const DlebOptions& o, DlebPosition& pos, DlebTurn& t, std::string_view text, std::string* canonical) {
  Error error;  // the only object returned: no copy on the way out
  if (dleb_outcome(pos) != Result::unfinished) {
    fault(error, Code::game_over, 0, "the game is over");
    return error;
  }
  if (!parse_turn(text, t, error)) return error;
  Undo undo(pos);
  bool enters = false;
  if (!check_turn(o, pos, t, pos, &undo, enters, error)) {
    undo.restore(pos);
    return error;
  }
  if (enters) pos.entered[static_cast<std::size_t>(pos.to_move)][static_cast<std::size_t>(pos.player)] = true;
  next_player(pos);
  if (canonical) {
    canonical->clear();
    dleb_format(t, *canonical);
  }
  return error;
}

}  // namespace dleb_impl

bool dleb_handicapped(const DlebPosition& p) noexcept {
  return !p.entered[static_cast<std::size_t>(p.to_move)][static_cast<std::size_t>(p.player)] &&
         p.slaves(p.to_move) == 0;
}

Error dleb_check(const DlebOptions& o, const DlebPosition& pos, DlebTurn& t) {
  DlebPosition w = pos;
  bool enters = false;
  Error error;
  if (dleb_outcome(pos) != Result::unfinished) fault(error, Code::game_over, 0, "the game is over");
  else check_turn(o, pos, t, w, nullptr, enters, error);
  return error;
}

void dleb_apply(const DlebOptions& o, DlebPosition& pos, const DlebTurn& t) {
  const Side team = pos.to_move;
  bool entered = pos.entered[static_cast<std::size_t>(team)][static_cast<std::size_t>(pos.player)];
  if (!entered && !dleb_handicapped(pos)) {
    Available a;
    std::size_t end = 0;
    Error ignored;
    if (entry_throws(o, t, end, a, ignored) && a.entered_now)
      pos.entered[static_cast<std::size_t>(team)][static_cast<std::size_t>(pos.player)] = true;
  }
  for (int k = 0; k < t.nuses; ++k) {
    const DlebUse& u = t.uses[static_cast<std::size_t>(k)];
    switch (u.kind) {
      case DlebUseKind::forfeit: break;
      case DlebUseKind::store: ++pos.stored[static_cast<std::size_t>(team)]; break;
      case DlebUseKind::stored_move:
        --pos.stored[static_cast<std::size_t>(team)];
        do_move(o, pos, team, u);
        break;
      case DlebUseKind::move: do_move(o, pos, team, u); break;
    }
  }
  next_player(pos);
}

Error dleb_play(const DlebOptions& o, DlebPosition& pos, std::string_view text, std::string* canonical) {
  DlebTurn t;
  return play_into(o, pos, t, text, canonical);
}

// The random player of the events (dleb_random_events), its turn as text.
void dleb_random_turn(const DlebOptions& o, const DlebPosition& pos, Rng& rng, std::string& out) {
  DlebPosition p = pos;
  DlebEvents t;
  dleb_random_events(o, p, t, rng, nullptr);
  dleb_format(t.text, out);
}

std::string dleb_random_turn(const DlebOptions& o, const DlebPosition& pos, Rng& rng) {
  std::string out;
  dleb_random_turn(o, pos, rng, out);
  return out;
}

Result dleb_outcome(const DlebPosition& pos) noexcept {
  // "The aim of the game is to eat up every one of the opponents' men."
  int s = pos.count(Side::south), n = pos.count(Side::north);
  if (s && n) return Result::unfinished;
  if (!s && !n) return Result::draw;  // only from a set-up position
  return s ? Result::south_wins : Result::north_wins;
}

Error dleb_validate(const DlebOptions& o, const DlebPosition& pos) {
  auto bad = [](std::string why) { return fail(Code::bad_setup, 0, std::move(why) + " (docs/RULES.md §Dleb)"); };
  if (pos.cross_lines != o.cross_lines)
    return bad("the field has " + std::to_string(pos.cross_lines) + " cross-lines but the rules say cross-lines=" +
               std::to_string(o.cross_lines));
  if (pos.players != o.players)
    return bad("the entered flags name " + std::to_string(pos.players) + " players a team but the rules say players=" +
               std::to_string(o.players));
  for (Side s : {Side::south, Side::north})
    if (pos.count(s) > o.cross_lines)
      return bad(std::string(side_name(s)) + " has more than " + std::to_string(o.cross_lines) + " men");
  return Error::none();
}

}  // namespace beyt
