// Dleb (beyt/dleb.hpp) as a Game: its events (the throws one by one, then
// the use of each) and its traits for lib/src/engine_state.hpp.

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
namespace {

// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): the
// throws one by one (chance: billets), then the use of each throw value,
// one by one, in any order, a stored dleb played among them.
// ---------------------------------------------------------------------------
// The player about to throw is entering (Marin 1931 "Entering the game"):
// at the turn's start from the position, then as the turn says.
bool entering_now(const DlebPosition& p, const DlebEvents& t) {
  if (t.active()) return t.entering;
  return !p.entered[static_cast<std::size_t>(p.to_move)][static_cast<std::size_t>(p.player)] && !dleb_handicapped(p);
}
int billets_due(const DlebPosition& p, const DlebEvents& t) {
  return entering_now(p, t) ? (t.stage == 1 ? 4 : t.stage == 2 ? 3 : 2) : 4;
}

// An entering turn at `stage` with `throws` throws left can still end.
bool entry_can_end(int stage, int throws) { return stage == 2 ? throws >= 2 : throws >= 1; }

// What a throw of `whites` white sides does to an entering turn's score
// (entry_throws, step by step): the next stage, whether the turn ends.
void entry_step(DlebEvents& t, int w) {
  if (t.stage == 1) {
    if (w == 1) ++t.dleb, t.stage = 2;
    else if (w == 2 || w == 3) t.thrown = true;
  } else if (t.stage == 2) {
    if (w <= 1) ++t.dleb;
    else if (w == 3) ++t.gsse;
    else t.stage = 3;
  } else {
    if (w == 0) t.dleb = t.gsse = 0, t.thrown = true;
    else if (w == 2) ++t.gsse, t.stage = 2;
    else t.entered_now = t.thrown = true;
  }
}

// A throw of `whites` white sides can be thrown now: the turn can still end
// within 64 throws (NOTATION.md sections 6 and 7).
bool throw_possible(const DlebPosition& p, const DlebEvents& t, int whites) {
  const int after = kMaxThrows - t.text.nthrows - 1;  // throws left after this one
  if (!entering_now(p, t)) return !sticks_throw_again(sticks_value(whites)) || after > 0;
  DlebEvents next = t;
  entry_step(next, whites);
  return next.thrown || entry_can_end(next.stage, after);
}

// The outcomes of the throw due: the billets by their white sides, four
// (as Tâb's values 1, 2, 3, 4, 6: BBBW BBWW BWWW WWWW BBBB), three (BBB BBW
// BWW WWW) or two (BB BW WW); each C(n,w)/2^n (Marin 1931, p. 509), only those
// that let the turn end within its 64 throws, scaled.
struct BilletOutcome {
  int whites;
  double probability;
};
int billet_outcomes(const DlebPosition& p, const DlebEvents& t, std::array<BilletOutcome, 5>& out) {
  const int n = billets_due(p, t);
  static constexpr int kBinom[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
  int count = 0;
  double total = 0;
  for (int k = 0; k <= n; ++k) {
    const int w = n == 4 ? (k == 4 ? 0 : k + 1) : k;
    if (!throw_possible(p, t, w)) continue;
    const double q = kBinom[n][w] / static_cast<double>(1 << n);
    out[static_cast<std::size_t>(count++)] = {w, q};
    total += q;
  }
  for (int k = 0; k < count; ++k) out[static_cast<std::size_t>(k)].probability /= total;
  return count;
}
std::string billets_text(int n, int whites) {
  return std::string(static_cast<std::size_t>(n - whites), 'B') + std::string(static_cast<std::size_t>(whites), 'W');
}
std::size_t billet_index(const DlebPosition& p, const DlebEvents& t, int whites) {
  std::array<BilletOutcome, 5> list;
  const int n = billet_outcomes(p, t, list);
  for (int k = 0; k < n; ++k)
    if (list[static_cast<std::size_t>(k)].whites == whites) return static_cast<std::size_t>(k);
  return 0;
}

// A draw of four billets (W where bit k of the index is set, else B): the
// faces, as the word whose bytes they are in memory, and the whites.
struct BilletDraw {
  std::uint32_t faces;
  int whites;
};
inline constexpr auto kBilletDraws = [] {
  std::array<BilletDraw, 16> out{};
  for (unsigned bits = 0; bits < 16; ++bits) {
    std::array<char, 4> faces{};
    int whites = 0;
    for (unsigned k = 0; k < 4; ++k) {
      faces[k] = (bits >> k) & 1 ? 'W' : 'B';
      whites += static_cast<int>((bits >> k) & 1);
    }
    out[bits] = {portable::bit_cast<std::uint32_t>(faces), whites};
  }
  return out;
}();

// Records a throw that throw_possible allows, of `w` white sides (whites());
// `last`: it ends the turn.
void add_throw(const DlebPosition& p, DlebEvents& t, const DlebThrow& th, int w, bool& last) {
  if (!t.active()) {
    t.entering = entering_now(p, t);
    t.handicapped = dleb_handicapped(p);
  }
  t.text.throws[static_cast<std::size_t>(t.text.nthrows++)] = th;
  last = false;
  if (t.entering) {
    entry_step(t, w);
    if (!t.thrown) return;
    if (!t.entered_now) {
      last = true;  // the turn scores and ends without uses
      return;
    }
    t.avail[1] = t.dleb;  // "making good whatever dleb and gsse he may have summed up"
    t.avail[4] = t.gsse;
    t.left = t.dleb + t.gsse;
    return;
  }
  const int v = sticks_value(w);
  t.values.value[static_cast<std::size_t>(t.values.n++)] = static_cast<std::uint8_t>(v);
  ++t.avail[static_cast<std::size_t>(v)];
  ++t.left;
  t.thrown = !sticks_throw_again(v);
}

// A throw as an event: its billets as they fell ("BWBB"; G counting as the
// option `time` says).
Error throw_checked(const DlebOptions& o, const DlebPosition& p, DlebEvents& t, const DlebThrow& th, bool& last);

Error apply_throw(const DlebOptions& o, const DlebPosition& p, DlebEvents& t, std::string_view e, bool& last) {
  DlebThrow th;
  std::size_t i = 0;
  for (; i < e.size() && i < 4 && kFace[static_cast<unsigned char>(e[i])]; ++i) th.faces[i] = e[i];
  th.nfaces = static_cast<std::uint8_t>(i);
  if (i < 2 || i != e.size()) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected a throw: two to four billets, each W, B or G");
  return throw_checked(o, p, t, th, last);
}

// A throw, read or coded, where one is due: its billets the stage's, and
// the 64th must end the turn.
Error throw_checked(const DlebOptions& o, const DlebPosition& p, DlebEvents& t, const DlebThrow& th, bool& last) {
  const int need = billets_due(p, t);
  if (th.nfaces != need)
    return fail(Code::throw_sequence, 0,
                entering_now(p, t) ? "at entry stage " + std::to_string(t.stage) + " the player throws " + std::to_string(need) +
                                         " billets (Marin 1931, p. 509, \"Entering the game\")"
                                   : std::string("a player who has entered throws the four billets"));
  const int w = whites(th, o.night);
  if (!throw_possible(p, t, w))
    return fail(Code::throw_sequence, 0, "the 64th throw of a turn must end it (NOTATION.md section 7)");
  add_throw(p, t, th, w, last);
  return Error::none();
}

// A use read (apply_use) or decoded (DlebTraits::apply_value): its checks,
// then its play.
Error play_use(const DlebOptions& o, DlebPosition& p, DlebEvents& t, DlebUse& u, bool& last) {
  Error error;
  if (t.text.nuses == kDlebMaxUses) return fail(Code::move_syntax, 0, "too many uses");
  if (u.kind == DlebUseKind::stored_move && t.left == 0)
    return fail(Code::stored_dleb, 0, "a stored dleb is played before the turn's last use");
  std::array<int, 7> avail = t.avail;
  int left = t.left;
  const UseContext ctx{o, p.to_move, t.handicapped};
  // use_one changes the position only once every check has passed: on a
  // fault `p` is as it was (no copy to work on).
  if (!use_one(o, ctx, ctx.team, opponent(ctx.team), u, avail, left, p, nullptr, error)) return error;
  t.avail = avail;
  t.left = left;
  t.text.uses[static_cast<std::size_t>(t.text.nuses++)] = u;
  last = t.left == 0;
  return Error::none();
}

// The use of a throw, a store or a stored dleb played, as an event ("2B3-B5",
// "1+", "+1C5-C4", "3--"). A stored dleb is played before the turn's last use.
Error apply_use(const DlebOptions& o, DlebPosition& p, DlebEvents& t, std::string_view e, bool& last) {
  Error error;
  DlebUse u;
  std::size_t i = 0;
  if (!parse_use(e, i, u, error)) return error;
  if (i != e.size()) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected the end of the use");
  return play_use(o, p, t, u, last);
}

// The unused throw values, once each, in the order omitted forfeits take
// them: the throws' order (an entering turn: its dleb, then its gsse).
template <class F>
void for_each_unused_value(const DlebEvents& t, F&& f) {
  if (t.entering) {
    for (int v : {1, 4})
      if (t.avail[static_cast<std::size_t>(v)] > 0) f(v);
    return;
  }
  std::array<bool, 7> seen{};
  for (int k = 0; k < t.values.n; ++k) {
    const auto v = static_cast<std::size_t>(t.values.value[static_cast<std::size_t>(k)]);
    if (t.avail[v] == 0 || seen[v]) continue;
    seen[v] = true;
    f(static_cast<int>(v));
  }
}

// The value of the first throw not used yet, in throw order (an entering
// turn: its dleb, then its gsse).
int first_unused_value(const DlebEvents& t) {
  if (t.entering) return t.avail[1] > 0 ? 1 : t.avail[4] > 0 ? 4 : 0;
  return first_unused_throw(
      t.values.n, [&t](int k) { return static_cast<int>(t.values.value[static_cast<std::size_t>(k)]); }, t.avail);
}

// The listed decisions of one unused value `v` (Marin 1931; docs/RULES.md
// §Dleb): its moves (none for a handicapped player's other throws, none
// once every enemy man is eaten), a store of a dleb once the team has no
// slaves, the forfeit (not of a dleb while slaves remain).
template <class F>
void for_each_decision_of(const DlebPosition& p, const DlebEvents& t, const UseContext& ctx, int v, F&& f) {
  const Side team = p.to_move;
  const bool alive = p.count(opponent(team)) > 0;
  if (alive && !(t.handicapped && v != 1)) for_each_move_of(ctx, p, v, f);
  DlebUse u;
  u.value = static_cast<std::uint8_t>(v);
  if (alive && v == 1 && p.slaves(team) == 0) {
    u.kind = DlebUseKind::store;
    f(u);
  }
  if (!(v == 1 && p.slaves(team) > 0 && alive)) {
    u.kind = DlebUseKind::forfeit;
    f(u);
  }
}

// The stored dleb the team can play now, as moves (kind stored_move).
template <class F>
void for_each_stored_move(const DlebPosition& p, const UseContext& ctx, F&& f) {
  const Side team = p.to_move;
  if (p.stored[static_cast<std::size_t>(team)] == 0 || p.count(opponent(team)) == 0) return;
  for_each_move_of(ctx, p, 1, [&f](DlebUse u) {
    u.kind = DlebUseKind::stored_move;
    f(u);
  });
}

// Every decision, in the listed order: the stored dleb played, then each
// unused value's.
template <class F>
void for_each_decision(const DlebOptions& o, const DlebPosition& p, const DlebEvents& t, F&& f) {
  const UseContext ctx{o, p.to_move, t.handicapped};
  for_each_stored_move(p, ctx, f);
  for_each_unused_value(t, [&](int v) { for_each_decision_of(p, t, ctx, v, f); });
}

void dleb_decisions(const DlebOptions& o, const DlebPosition& p, const DlebEvents& t, std::vector<std::string>& out) {
  std::string text;
  for_each_decision(o, p, t, [&](const DlebUse& u) {
    text.clear();
    format_use(u, text);
    out.push_back(text);
  });
}

// A decision as a value (State::apply(Event)): bits 0-2 of the low word
// its DlebUseKind + 1 (0 is no decision), bits 3-5 the throw's value (1, 2,
// 3, 4 or 6; a store's and a stored dleb's is 1); a move's (and a stored
// dleb's) point from in bits 6-14 and to in 15-23 (line * 100 +
// cross-line - 1), bit 24 its "'" (one man of a double). Every other bit 0
// (a forfeit's and a store's points too): one value a decision.
// A throw: bits 0-2 all set (no use's kind), its billets in bits 3-5 and
// the white ones (as the throw is counted) in bits 6-8: the throw as listed,
// its black billets first (billets_text).
constexpr int kValueAt = 3, kFromAt = 6, kToAt = 15, kSplitAt = 24, kCodedBits = 25;
constexpr std::uint64_t kThrowKind = 7;
Event value_of(const DlebUse& u) {
  std::uint64_t low = (static_cast<std::uint64_t>(u.kind) + 1) | std::uint64_t{u.value} << kValueAt;
  if (u.kind == DlebUseKind::move || u.kind == DlebUseKind::stored_move)
    low |= static_cast<std::uint64_t>(u.from) << kFromAt | static_cast<std::uint64_t>(u.to) << kToAt |
           std::uint64_t{u.split} << kSplitAt;
  return Event::code(low, 0);
}

Event throw_value(int billets, int whites) {
  return Event::code(kThrowKind | static_cast<std::uint64_t>(billets) << 3 | static_cast<std::uint64_t>(whites) << 6, 0);
}

void dleb_decision_values(const DlebOptions& o, const DlebPosition& p, const DlebEvents& t, std::vector<Event>& out) {
  for_each_decision(o, p, t, [&out](const DlebUse& u) { out.push_back(value_of(u)); });
}

// A throw where the uses are due.
Error throwing_ended() {
  return fail(Code::wrong_phase, 0, "the throwing has ended: each throw is now used or forgone (docs/RULES.md §Dleb)");
}

// The error of a value that codes no decision here.
Error no_decision() { return engine::no_such_event("Dleb decision"); }

// A coded decision decoded, then checked and played as its text is
// (apply_use): any value value_of does not give is refused (move_syntax).
Error dleb_apply_value(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Event e, bool& last) {
  const std::uint64_t low = e.low();
  if (e.high() != 0 || low >> kCodedBits != 0) return no_decision();
  if ((low & 7u) == kThrowKind) {  // a coded throw
    const int billets = static_cast<int>(low >> 3 & 7u), white = static_cast<int>(low >> 6 & 7u);
    if (low >> 9 != 0 || billets < 2 || billets > 4 || white > billets) return no_decision();
    if (t.thrown) return throwing_ended();
    DlebThrow th;
    th.nfaces = static_cast<std::uint8_t>(billets);
    for (int k = 0; k < billets; ++k) th.faces[static_cast<std::size_t>(k)] = k < billets - white ? 'B' : 'W';
    return throw_checked(o, p, t, th, last);
  }
  const std::uint64_t kind = (low & 7u) - 1;  // 0 wraps round: no kind
  if (kind > static_cast<std::uint64_t>(DlebUseKind::stored_move)) return no_decision();
  DlebUse u;
  u.kind = static_cast<DlebUseKind>(kind);
  u.value = static_cast<std::uint8_t>(low >> kValueAt & 7u);
  if (sticks_whites(u.value) < 0) return no_decision();
  const std::uint64_t move = low >> kFromAt;
  if (u.kind == DlebUseKind::move || u.kind == DlebUseKind::stored_move) {
    u.from = static_cast<DlebPoint>(move & 511u);
    u.to = static_cast<DlebPoint>(move >> (kToAt - kFromAt) & 511u);
    u.split = (move >> (kSplitAt - kFromAt) & 1u) != 0;
    if (!on_field(u.from, p.cross_lines) || !on_field(u.to, p.cross_lines)) return no_decision();
  } else if (move != 0) {
    return no_decision();
  }
  if (u.kind != DlebUseKind::move && u.kind != DlebUseKind::forfeit && u.value != 1) return no_decision();  // "1+", "+1"
  if (!t.thrown)
    return fail(Code::wrong_phase, 0, "a throw is due: the uses come when the throwing has ended (Marin 1931, p. 508)");
  return play_use(o, p, t, u, last);
}

// Makes a decision the lists gave (its checks passed; a move's man ends in
// `segment`).
void add_decision(const DlebOptions& o, DlebPosition& p, DlebEvents& t, const DlebUse& u, int segment, bool& last) {
  const Side team = p.to_move;
  switch (u.kind) {
    case DlebUseKind::move: do_move(o, p, team, u, segment); break;
    case DlebUseKind::store: ++p.stored[static_cast<std::size_t>(team)]; break;
    case DlebUseKind::stored_move:
      --p.stored[static_cast<std::size_t>(team)];
      do_move(o, p, team, u, segment);
      break;
    case DlebUseKind::forfeit: break;
  }
  if (u.kind != DlebUseKind::stored_move) {
    --t.avail[u.value];
    --t.left;
  }
  t.text.uses[static_cast<std::size_t>(t.text.nuses++)] = u;
  last = t.left == 0;
}

}  // namespace

namespace dleb_impl {

// The points of the free men the random player walks (TeamPoints): those
// of the team to move, listed when first needed (LazyPoints: a turn by
// itself), or those of both teams, kept from turn to turn (KeptPoints).
struct LazyPoints {
  const DlebPosition& p;
  Side team;
  TeamPoints points{};
  bool listed = false;
  const TeamPoints& own() noexcept {
    if (!listed) points.list(p, team), listed = true;
    return points;
  }
  // After the team's move `u`, made.
  void moved(const DlebUse& u) noexcept {
    if (listed) points.moved(u.from, p.at(u.from).count == 0, u.to);
  }
};
struct KeptPoints {
  const DlebPosition& p;
  Side team;
  DlebRandomMemory& kept;
  const TeamPoints& own() noexcept { return kept.points[static_cast<std::size_t>(team)]; }
  void moved(const DlebUse& u) noexcept {
    kept.points[static_cast<std::size_t>(team)].moved(u.from, p.at(u.from).count == 0, u.to);
    kept.points[static_cast<std::size_t>(opponent(team))].taken(u.to);
  }
};

// beyt's random player (NOTATION.md section 12), drawing as the whole-turn
// player before the events did (same Rng, same turns): the billets, each
// white with probability 1/2; then, before the first use, half the time a
// stored dleb played on a uniformly drawn move; then each throw in order on
// a uniformly drawn move or store, forfeited only when it has neither.
// `points`: a LazyPoints or a KeptPoints.
template <class Points>
void random_events_with(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng, std::vector<EventPick>* picks,
                        Points& points) {
  bool last = false;
  while (!t.thrown) {
    const int n = billets_due(p, t);
    DlebThrow th;
    th.nfaces = static_cast<std::uint8_t>(n);
    // Billet k white when bit k of the draw is set: the faces of the n
    // billets from a table of the four's, those beyond n left 0. No billet
    // falls on its side (G), so the whites are the bits set, day or night.
    const std::uint32_t beyond = n == 4 ? ~0u : (1u << (8 * n)) - 1;
    int w = 0;
    do {
      const BilletDraw& draw = kBilletDraws[rng.below(1u << n)];
      const std::uint32_t faces = draw.faces & beyond;
      std::memcpy(th.faces.data(), &faces, sizeof faces);
      w = draw.whites;
    } while (!throw_possible(p, t, w));  // the turn's 64th throw ends it
    if (picks) picks->push_back({true, billet_index(p, t, w), std::string(th.faces.data(), th.nfaces)});
    add_throw(p, t, th, w, last);
    if (last) return;
  }
  const Side team = p.to_move;
  const UseContext ctx{o, team, t.handicapped};
  const auto own = [&points]() -> const TeamPoints& { return points.own(); };
  const auto moved = [&points](const DlebUse& u) { points.moved(u); };
  if (t.text.nuses == 0 && p.stored[static_cast<std::size_t>(team)] > 0 && rng.below(2) == 0) {
    MoveList moves;
    list_moves_of(ctx, p, 1, own, moves);
    if (const std::uint64_t n = moves.size()) {
      const std::uint64_t pick = rng.below(n);
      DlebUse u = moves[pick].use(1);
      u.kind = DlebUseKind::stored_move;
      if (picks) {
        std::string text;
        format_use(u, text);
        picks->push_back({false, static_cast<std::size_t>(pick), std::move(text)});
      }
      add_decision(o, p, t, u, moves[pick].segment, last);
      moved(u);
    }
  }
  while (t.left > 0) {
    const int v = first_unused_value(t);
    DlebUse chosen;
    chosen.value = static_cast<std::uint8_t>(v);
    chosen.kind = DlebUseKind::forfeit;
    const bool alive = p.count(opponent(team)) > 0;
    MoveList listed;
    if (alive && !(t.handicapped && v != 1)) list_moves_of(ctx, p, v, own, listed);
    const std::uint64_t moves = listed.size();
    const bool can_store = alive && v == 1 && p.slaves(team) == 0;
    const std::uint64_t options = moves + (can_store ? 1 : 0);
    std::uint64_t pick = options;  // the forfeit, listed after the moves and the store
    int segment = 0;
    if (options) {
      pick = rng.below(options);
      if (pick < moves) chosen = listed[pick].use(v), segment = listed[pick].segment;
      else chosen.kind = DlebUseKind::store;
    }
    if (picks) {
      // Its place in the list: after the stored dleb and the decisions of
      // the values listed before its own.
      std::size_t index = 0;
      for_each_stored_move(p, ctx, [&index](const DlebUse&) { ++index; });
      bool reached = false;
      for_each_unused_value(t, [&](int u) {
        reached = reached || u == v;
        if (!reached) for_each_decision_of(p, t, ctx, u, [&index](const DlebUse&) { ++index; });
      });
      std::string text;
      format_use(chosen, text);
      picks->push_back({false, index + static_cast<std::size_t>(pick), std::move(text)});
    }
    add_decision(o, p, t, chosen, segment, last);
    if (chosen.kind == DlebUseKind::move) moved(chosen);
  }
}

void dleb_random_events(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng, std::vector<EventPick>* picks) {
  LazyPoints points{p, p.to_move};
  random_events_with(o, p, t, rng, picks, points);
}

// The points are listed for both teams when `fresh` (a move of one team
// takes the other's men it eats off their list: KeptPoints::moved).
void dleb_random_events_kept(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng,
                             std::vector<EventPick>* picks, DlebRandomMemory& kept, bool fresh) {
  if (fresh)
    for (const Side team : {Side::south, Side::north}) kept.points[static_cast<std::size_t>(team)].list(p, team);
  KeptPoints points{p, p.to_move, kept};
  random_events_with(o, p, t, rng, picks, points);
}

}  // namespace dleb_impl

namespace {

// Dleb as a Game and its States (lib/src/engine_state.hpp). A turn is a
// sequence of events: its throws (chance), then the use of each.
struct DlebTraits : ThrowsThenUses<DlebOptions, DlebPosition, DlebEvents> {
  using Options = DlebOptions;
  using Position = DlebPosition;
  static constexpr std::string_view kName = "dleb";
  static constexpr std::string_view kTitle = "Dleb";
  static constexpr std::string_view kSources =
      "Marin 1931, pp. 508-510 (7. dleb); docs/RULES.md §Dleb, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .player_label = true, .events = true, .decision_values = true, .random_memory = true, .throw_faces = true,
      .describe_event = true,
      .describe = true, .drawing = true, .cell_names = true, .capture_mark = true};
  static constexpr auto options = &dleb_options;
  static constexpr auto presets = &dleb_presets;
  static constexpr auto initial = &DlebPosition::initial;
  static constexpr auto validate = &dleb_validate;
  static constexpr auto game = &dleb_game;
  static constexpr auto outcome = &dleb_outcome;
  // "South, player 2" when the teams have partners.
  static std::string player_label(const DlebPosition& p, Actor a) {
    std::string out(actor_name(a));
    if (p.players > 1 && is_player(a)) out += ", player " + std::to_string(p.player + 1);
    return out;
  }
  // The storage of the turn being played.
  using Memory = DlebTurn;

  // Events: the throws (ThrowsThenUses: until the throwing has ended),
  // then the use of each throw value.
  using Turn = DlebEvents;
  static void chances(const DlebOptions&, const DlebPosition& p, const Turn& t, std::vector<Event>* values,
                      std::vector<std::string>* texts, std::vector<double>* probabilities) {
    std::array<BilletOutcome, 5> list;
    const int n = billet_outcomes(p, t, list), billets = billets_due(p, t);
    for (int k = 0; k < n; ++k) {
      const BilletOutcome& b = list[static_cast<std::size_t>(k)];
      std::string text = billets_text(billets, b.whites);
      if (values) values->push_back(throw_value(billets, b.whites));
      if (probabilities) probabilities->push_back(b.probability);
      if (texts) texts->push_back(std::move(text));
    }
  }
  /// The billets due (four, or three and two at the entry stages), each
  /// black, white or on its side (Marin 1931, pp. 508-509; NOTATION.md
  /// section 7): the throw is its billets as written (no throw_text hook).
  static ThrowFaces throw_faces(const DlebOptions& o, const DlebPosition& p, const Turn& t) {
    return {{{'B', "black (bark) up"}, {'W', "white (flat) up"},
             {'G', std::string("on its side (g·r): counted ") + (o.night ? "black, by night" : "white, by day")}},
            billets_due(p, t)};
  }
  /// A use in words: which throw takes which man where; a throw forgone;
  /// a dleb stored or played from the store; one man of a double (`'`).
  static std::string describe_event(const DlebOptions&, const DlebPosition& p, const Turn& t, std::string_view e) {
    DlebUse u;
    Error error;
    std::size_t i = 0;
    if (!t.thrown || !parse_use(e, i, u, error) || i != e.size()) return {};
    const std::string value = u.value == 1 ? "the dleb" : "the throw of " + std::to_string(u.value);
    switch (u.kind) {
      case DlebUseKind::forfeit: return "forgo " + value + ": it is not used (docs/RULES.md §Dleb)";
      case DlebUseKind::store: return "store " + value + " for the team, to be played later (+1)";
      default: break;
    }
    if (!on_field(u.from, p.cross_lines) || !on_field(u.to, p.cross_lines)) return {};
    const std::string from = dleb_point_name(u.from), to = dleb_point_name(u.to);
    const std::string by = u.kind == DlebUseKind::stored_move ? "a dleb from the team's store" : value;
    if (u.split) return by + " moves one man of the double on " + from + " by itself, to " + to + " (')";
    return by + " takes the man on " + from + " to " + to + (u.x_written ? ", eating the enemy there" : "");
  }
  static constexpr auto decisions = &dleb_decisions;
  static constexpr auto decision_values = &dleb_decision_values;
  static constexpr auto apply_value = &dleb_apply_value;
  static Error apply(const DlebOptions& o, DlebPosition& p, Turn& t, std::string_view e, bool& last) {
    // A throw is billets only; a use begins with its value or '+'.
    const bool use = e.empty() || !kFace[static_cast<unsigned char>(e[0])];
    if (use && !t.thrown)
      return fail(Code::wrong_phase, 0, "a throw is due: the uses come when the throwing has ended (Marin 1931, p. 508)");
    if (!use && t.thrown) return throwing_ended();
    return use ? apply_use(o, p, t, e, last) : apply_throw(o, p, t, e, last);
  }
  static void finish(const DlebOptions&, DlebPosition& p, Memory&, Turn& t) {
    if (t.entered_now) p.entered[static_cast<std::size_t>(p.to_move)][static_cast<std::size_t>(p.player)] = true;
    next_player(p);
    t.text.nthrows = t.text.nuses = 0;
    t.avail = {};
    t.left = 0;
    t.thrown = t.entering = t.handicapped = t.entered_now = false;
    t.stage = 1;
    t.dleb = t.gsse = 0;
    t.values.n = 0;
  }
  static constexpr void (*turn_text)(const DlebTurn&, std::string&) = &dleb_format;  // of t.text
  static constexpr auto random_events = &dleb_random_events;
  // The random player's turns keep the free men's points (the
  // `random_memory` hook): not sought anew each turn.
  using RandomMemory = DlebRandomMemory;
  static constexpr auto random_events_kept = &dleb_random_events_kept;
  static Error split(std::string_view canonical, std::vector<std::string>& out) {
    const std::size_t first = out.size();
    if (Error e = split_events<",:">(canonical, out)) return e;
    if (out.size() > first && out.back()[0] == '+')
      return fail(Code::stored_dleb, static_cast<std::uint32_t>(canonical.rfind('+')),
                  "as events, a stored dleb is played before the turn's last use (NOTATION.md section 12)");
    return Error::none();
  }
  static constexpr auto play_turn = &play_into;  // into the Memory
  static constexpr auto check_turn = &dleb_play;  // on a copy of the position
  static constexpr auto render = &dleb_render;

  static constexpr auto board_size = &dleb_board_size;
  static constexpr auto draw_board = &dleb_draw_board;
  static constexpr auto draw_pieces = &dleb_draw_pieces;
  /// Line by line, A to D, each cross-line 1..N.
  static void cell_names(const DlebPosition& p, std::vector<std::string>& out) {
    for (int line = 0; line < 4; ++line)
      for (int x = 1; x <= p.cross_lines; ++x) out.push_back(dleb_point_name(dleb_point(line, x)));
  }
  static bool cell_centre(const DlebPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& out) {
    DlebPoint q = dleb_parse_point(cell, p.cross_lines);
    if (q < 0) return false;
    out = DlebGeometry::of(p.cross_lines, d).centre(q);
    return true;
  }
  static constexpr auto move_cells = &dleb_move_cells;
  static constexpr auto capture_mark = &dleb_capture_mark;
  static constexpr auto describe = &dleb_describe;
};
static_assert(EngineTraitsFor<DlebTraits>);

}  // namespace

const Game& dleb_game() {
  static const EngineGame<DlebTraits> game;
  return game;
}

}  // namespace beyt
