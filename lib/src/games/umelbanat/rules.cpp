// Um el-Banât (Davies) (beyt/umelbanat.hpp): the sowings of a turn checked
// and made, the legal turns, the events of a turn, and Um el-Banât as a Game
// (its traits for lib/src/engine_state.hpp). Sources: Davies 1925,
// docs/RULES.md §Um el-Banât.

#include "beyt/sowing.hpp"
#include "beyt/umelbanat.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../mancala_svg.hpp"
#include "../../text_board.hpp"
#include "umelbanat_internal.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

namespace beyt {
using namespace umelbanat_impl;

namespace {

const char* stop_name(UmelbanatStop s) {
  switch (s) {
    case UmelbanatStop::peck: return "pecked";
    case UmelbanatStop::nourish: return "nourished a daughter of his own";
    case UmelbanatStop::empty: return "ended in an empty house";
    case UmelbanatStop::beget: return "begot a daughter";
    case UmelbanatStop::endless: return "never ends";
  }
  return "";
}

// Davies, Fig. 10 and "he borrows one more from A to make up a complete house,
// but if B has gained a multiple of four plus two counters or one, A borrows
// these back"; docs/RULES.md §Um el-Banât "Stage end" and Finer points: the remainder rule
// from the side of the player with more; houses allotted from the greater
// holder's first house (A for South, a for North) onward in sowing order;
// at 24-24 six each as at the start, and the player who did not begin the last
// stage begins; otherwise the gainer plays first.
void reallot(UmelbanatPosition& pos) {
  const int s = pos.stage_total(Side::south), n = pos.stage_total(Side::north);
  Side greater = s >= n ? Side::south : Side::north;
  int g = std::max(s, n);
  int houses = s == n ? 6 : g / 4 + (g % 4 == 3 ? 1 : 0);
  const int first = greater == Side::south ? 0 : 6;
  for (int k = 0; k < kPits; ++k) pos.owner[(first + k) % kPits] = k < houses ? greater : opponent(greater);
  pos.pits.fill(4);
  pos.mark.fill(UmelbanatMark::none);
  pos.held = {0, 0};
  pos.to_move = s == n ? opponent(pos.starter) : greater;
  pos.starter = pos.to_move;
  // Davies: "Play proceeds until one player has driven the other off the board".
  pos.phase = houses == kPits ? UmelbanatPhase::over : UmelbanatPhase::play;
}

// One sowing of side s from house h on `w`, its stop in `stop`; the code of
// the fault if h may not be sown (sowing_error words it; w's pits, marks and
// held counters may then have changed). A code, not an Error: a replay sows
// every turn.
Code sow_house(const UmelbanatOptions& o, UmelbanatPosition& w, int h, Side s, UmelbanatStop& stop) noexcept {
  if (w.mark[h] != UmelbanatMark::none) return Code::daughter_house;
  if (w.owner[h] != s || w.pits[h] == 0) return Code::not_own_beyt;
  stop = umelbanat_sow(o, w, h, s);
  return stop == UmelbanatStop::endless ? Code::endless_sowing : Code::ok;
}

// The error of sow_house's fault `c` at house h (offset `at` of the turn's
// text), `w` the position it was sown on.
[[gnu::cold, gnu::noinline]] Error sowing_error(Code c, const UmelbanatPosition& w, int h, Side s, std::uint32_t at) {
  if (c == Code::daughter_house)
    return fail(c, at,
                house_str(h) + " is a daughter's house: \"The contents of a daughter's house cannot be picked up "
                               "and moved\" (Davies 1925, p. 144; docs/RULES.md §Um el-Banât)");
  if (c == Code::not_own_beyt && w.owner[h] != s)
    return fail(c, at, house_str(h) + " is " + side_str(opponent(s)) + "'s house this stage, not " +
                           side_str(s) + "'s (Davies 1925, p. 143: \"one of his own houses\"; docs/RULES.md §Um el-Banât)");
  if (c == Code::not_own_beyt) return fail(c, at, "house " + house_str(h) + " is empty");
  return fail(c, at,
              "the sowing from " + house_str(h) +
                  " never ends: the counts and the pick-up house repeat within the move (docs/RULES.md §Um el-Banât: \"such "
                  "a move is not legal\")");
}

// Davies: after a peck "he ... plays again"; docs/RULES.md §Um el-Banât Finer points:
// "After a peck, a player with nothing to sow passes. A stage ends only
// after a sowing."
bool plays_again(const UmelbanatPosition& w, Side s, UmelbanatStop stop) noexcept {
  return stop == UmelbanatStop::peck && !w.only_daughters() && w.can_sow(s);
}

// The turn of s has ended on `w`: the opponent moves, or the referee ends
// the stage when only daughters' houses hold counters.
inline void end_sowings(UmelbanatPosition& w, Side s) noexcept {
  w.to_move = opponent(s);
  if (w.only_daughters()) {
    w.phase = UmelbanatPhase::end;
    w.to_move = w.starter;  // the referee acts; the text writes '-'
  }
}

// Resolves a turn on `w` itself, which ends as the position after it; on an
// error only its pits, marks and held counters may have changed (the only
// parts a sowing touches).
Error resolve_in_place(const UmelbanatOptions& o, UmelbanatPosition& w, const UmelbanatMove& m) {
  const Side s = w.to_move;
  for (int i = 0; i < m.n; ++i) {
    const int h = m.houses[i];
    UmelbanatStop stop{};
    if (const Code c = sow_house(o, w, h, s, stop); c != Code::ok) return sowing_error(c, w, h, s, m.offsets[i]);
    const bool again = plays_again(w, s, stop);
    if (i + 1 < m.n && !again)
      return fail(Code::peck_sequence, m.offsets[i + 1] - 1,
                  "the sowing from " + house_str(h) + " " + stop_name(stop) +
                      (stop == UmelbanatStop::peck ? ", but there is nothing more to sow" : "") +
                      ": the turn ends there (only a peck lets the player sow again; Davies 1925, p. 143)");
    if (i + 1 == m.n && again)
      return fail(Code::peck_sequence, m.offsets[i],
                  "the sowing from " + house_str(h) +
                      " pecked: the player plays again (Davies 1925, p. 143: \"removes it and one other ... and plays again\")");
  }
  end_sowings(w, s);
  return Error::none();
}

// Resolves a turn on a copy: `w` ends as the position after it.
Error resolve_sowings(const UmelbanatOptions& o, const UmelbanatPosition& pos, const UmelbanatMove& m,
                      UmelbanatPosition& w) {
  w = pos;
  return resolve_in_place(o, w, m);
}

// Resolves a turn on `pos`; on an error puts back what the sowings changed.
Error resolve_or_undo(const UmelbanatOptions& o, UmelbanatPosition& pos, const UmelbanatMove& m) {
  const Pits pits = pos.pits;
  const std::array<UmelbanatMark, kPits> mark = pos.mark;
  const std::array<int, 2> held = pos.held;
  Error e = resolve_in_place(o, pos, m);
  if (e) {
    pos.pits = pits;
    pos.mark = mark;
    pos.held = held;
  }
  return e;
}

// Once a daughter's house stands, every house s may sow from is listed as
// it is: no sowing is endless then (docs/RULES.md §Um el-Banât, "Sowing"),
// and a peck takes a counter off the board, so pecks cannot follow one
// another without end: from any house s may sow, the turn can be
// completed. No sowing need be tried.
bool every_sowing_lists(const UmelbanatPosition& w, Side s) noexcept {
  return all_sowings_end(sow_facts(w, s));
}

// Whether the mover has a sowing that ends. Our reading (docs/RULES.md §Um el-Banât):
// a player whose every sowing never ends passes, as one with no house to sow from.
bool has_ending_sowing(const UmelbanatOptions& o, const UmelbanatPosition& pos) {
  if (every_sowing_lists(pos, pos.to_move)) return pos.can_sow(pos.to_move);
  for (int h = 0; h < kPits; ++h) {
    if (!pos.sowable(h, pos.to_move)) continue;
    UmelbanatPosition w = pos;
    if (umelbanat_sow(o, w, h, pos.to_move) != UmelbanatStop::endless) return true;
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

UmelbanatPosition UmelbanatPosition::initial(const UmelbanatOptions& o) {
  const Side first = o.first;
  UmelbanatPosition p;
  p.pits.fill(4);
  for (int h = 0; h < kPits; ++h) p.owner[h] = south_row(h) ? Side::south : Side::north;
  p.to_move = first;
  p.starter = first;
  return p;
}

int UmelbanatPosition::stage_total(Side side) const noexcept {
  int total = held[static_cast<int>(side)];
  for (int h = 0; h < kPits; ++h)
    if (mark[h] == daughter_of(side)) total += pits[h];
  return total;
}

int UmelbanatPosition::houses(Side side) const noexcept {
  int n = 0;
  for (Side o : owner) n += o == side;
  return n;
}

void umelbanat_end_stage_by_repetition(UmelbanatPosition& pos) noexcept {
  for (int h = 0; h < kPits; ++h)
    if (pos.mark[h] == UmelbanatMark::none) {
      pos.held[static_cast<int>(pos.owner[h])] += pos.pits[h];
      pos.pits[h] = 0;
    }
  pos.phase = UmelbanatPhase::end;
  pos.to_move = pos.starter;
}

// ---------------------------------------------------------------------------
// Check, apply, legal moves
// ---------------------------------------------------------------------------

Error umelbanat_check(const UmelbanatOptions& o, const UmelbanatPosition& pos, const UmelbanatMove& m) {
  if (pos.phase == UmelbanatPhase::over) return fail(Code::game_over, 0, "the game is over");
  if (pos.phase == UmelbanatPhase::end) {
    const int s = pos.stage_total(Side::south), n = pos.stage_total(Side::north);
    if (m.kind != UmelbanatMoveKind::stage_end)
      return fail(Code::wrong_phase, 0,
                  "the stage is over: its end is due, written #" + std::to_string(s) + "-" + std::to_string(n) +
                      " (NOTATION.md section 9)");
    if (m.score[0] != s || m.score[1] != n)
      return fail(Code::board_score, 1,
                  "South holds " + std::to_string(s) + " and North " + std::to_string(n) + ", not " +
                      std::to_string(m.score[0]) + "-" + std::to_string(m.score[1]) +
                      " (Davies 1925, p. 144: \"removes the counters pertaining to his own daughters, adds them to those "
                      "previously removed\")");
    return Error::none();
  }
  if (m.kind == UmelbanatMoveKind::stage_end)
    return fail(Code::wrong_phase, 0, "the stage is not over: counters lie outside the daughters' houses");
  if (m.kind == UmelbanatMoveKind::pass) {
    if (has_ending_sowing(o, pos))
      return fail(Code::pass_wrong, 0,
                  side_str(pos.to_move) + " has a house to sow from, so he may not pass (docs/RULES.md §Um el-Banât: \"A player "
                                          "with no house to sow from passes\")");
    return Error::none();
  }
  UmelbanatPosition w;
  return resolve_sowings(o, pos, m, w);
}

namespace {

// umelbanat_check then umelbanat_apply, the sowings resolved once.
Error check_and_apply(const UmelbanatOptions& o, UmelbanatPosition& pos, const UmelbanatMove& m) {
  if (m.kind != UmelbanatMoveKind::sowings || pos.phase != UmelbanatPhase::play) {
    if (Error e = umelbanat_check(o, pos, m)) return e;
    umelbanat_apply(o, pos, m);
    return Error::none();
  }
  return resolve_or_undo(o, pos, m);
}

}  // namespace

void umelbanat_apply(const UmelbanatOptions& o, UmelbanatPosition& pos, const UmelbanatMove& m) {
  switch (m.kind) {
    case UmelbanatMoveKind::pass: pos.to_move = opponent(pos.to_move); return;
    case UmelbanatMoveKind::stage_end: reallot(pos); return;
    case UmelbanatMoveKind::sowings: (void)resolve_or_undo(o, pos, m); return;
  }
}

namespace {

// Depth first over the sowings of one turn; returns false when `limit` is hit.
bool legal_dfs(const UmelbanatOptions& o, const UmelbanatPosition& w, Side s, UmelbanatMove& m,
               std::vector<UmelbanatMove>& out, std::size_t limit) {
  for (int h = 0; h < kPits; ++h) {
    if (!w.sowable(h, s)) continue;
    UmelbanatPosition next = w;
    UmelbanatStop stop = umelbanat_sow(o, next, h, s);
    if (stop == UmelbanatStop::endless) continue;
    m.houses[m.n++] = static_cast<std::int8_t>(h);
    if (stop == UmelbanatStop::peck && !next.only_daughters() && next.can_sow(s)) {
      if (m.n < kUmelbanatMaxSowings && !legal_dfs(o, next, s, m, out, limit)) return false;
    } else {
      if (out.size() >= limit) return false;
      out.push_back(m);
    }
    --m.n;
  }
  return true;
}

}  // namespace

bool umelbanat_legal(const UmelbanatOptions& o, const UmelbanatPosition& pos, std::vector<UmelbanatMove>& out,
                     std::size_t limit) {
  UmelbanatMove m;
  switch (pos.phase) {
    case UmelbanatPhase::over: return true;
    case UmelbanatPhase::end:
      m.kind = UmelbanatMoveKind::stage_end;
      m.score = {pos.stage_total(Side::south), pos.stage_total(Side::north)};
      out.push_back(m);
      return true;
    case UmelbanatPhase::play: break;
  }
  if (!pos.can_sow(pos.to_move)) {
    m.kind = UmelbanatMoveKind::pass;
    out.push_back(m);
    return true;
  }
  std::size_t before = out.size();
  bool complete = legal_dfs(o, pos, pos.to_move, m, out, limit);
  // Every sowing never ends: no legal turn; the player passes (our reading,
  // docs/RULES.md §Um el-Banât, as when he has no house to sow from).
  if (complete && out.size() == before) {
    m = UmelbanatMove{};
    m.kind = UmelbanatMoveKind::pass;
    out.push_back(m);
  }
  return complete;
}

namespace {

// The houses of a mask of twelve, by shifts and one multiplication:
// std::popcount is a call into libgcc on the baseline x86-64 (no POPCNT).
constexpr std::size_t house_count(std::uint32_t x) noexcept {
  x -= x >> 1 & 0x555u;                  // six fields of two bits
  x = (x & 0x333u) + (x >> 2 & 0x333u);  // three of four
  return (x * 0x111u) >> 8 & 0xFu;       // their sum (at most 12: no carry)
}
static_assert([] {
  for (std::uint32_t x = 0; x < 4096; ++x)
    if (house_count(x) != static_cast<std::size_t>(std::popcount(x))) return false;
  return true;
}());

// The rest of a turn of sowings whose sowings so far, `m`, left `pos` (the
// player may sow; `facts`: sow_facts of `pos` for him): one sowing at a time, uniformly among those that end;
// back off to the full list of the turn's completions if a random path
// runs into a dead end. True when it drew the sowings one at a time, and
// then `end`, if given, is the position they leave (each candidate sown on
// the counts alone, the drawn one then made on the position); false when
// it backed off (`end` untouched).
bool random_sowings(const UmelbanatOptions& o, const UmelbanatPosition& pos, SowFacts facts, UmelbanatMove& m,
                    Rng& rng, UmelbanatPosition* end = nullptr) {
  const std::uint8_t given = m.n;
  UmelbanatPosition w = pos;
  const Side s = pos.to_move;
  struct Tried {
    Sown sown;
    int house = 0;
  };
  for (;;) {
    const detail::PitWords counts = detail::load_pits(w.pits);
    Tried drawn;
    if (all_sowings_end(facts) && facts.sowable != 0) {
      // The sowings that end are all the houses s may sow from: the one
      // drawn among them (in house order) is the only one sown.
      std::uint32_t houses = facts.sowable;
      for (std::size_t k = rng.below(house_count(houses)); k > 0; --k)
        houses &= houses - 1;
      drawn.house = std::countr_zero(houses);
      drawn.sown = sow_words(o, facts, counts, drawn.house);
    } else {
      // The sowings that end, in house order, each sown on the counts of `w`.
      DrawList<Tried, kPits> ending;
      for (std::uint32_t houses = facts.sowable; houses != 0; houses &= houses - 1) {
        const int h = std::countr_zero(houses);
        const Sown sown = sow_words(o, facts, counts, h);
        if (!sown.endless) ending.push(Tried{sown, h});
      }
      const std::size_t n = ending.size();
      if (n == 0) {
        std::vector<UmelbanatMove> all;
        if (given == 0) {
          umelbanat_legal(o, pos, all);
        } else {  // after a peck (`pos`: the turn so far): the turns that complete it
          m.n = given;
          legal_dfs(o, pos, s, m, all, 100000);
        }
        m = all[rng.below(all.size())];
        return false;
      }
      drawn = ending[rng.below(n)];
    }
    m.houses[m.n++] = static_cast<std::int8_t>(drawn.house);
    const UmelbanatStop stop = settle(w, drawn.sown, s);
    if (stop == UmelbanatStop::peck) facts = sow_facts(w, s);
    // plays_again, from the facts: a peck, a house of s to sow, and so a
    // house other than the daughters' holding counters.
    if (stop != UmelbanatStop::peck || facts.sowable == 0 || m.n == kUmelbanatMaxSowings) {
      if (end) *end = w;
      return true;
    }
  }
}

}  // namespace

UmelbanatMove umelbanat_random(const UmelbanatOptions& o, const UmelbanatPosition& pos, Rng& rng) {
  if (pos.phase != UmelbanatPhase::play || !pos.can_sow(pos.to_move)) {
    // The one turn there is (umelbanat_legal's): the stage end, or a pass;
    // none when the game is over.
    UmelbanatMove m;
    if (pos.phase == UmelbanatPhase::end) {
      m.kind = UmelbanatMoveKind::stage_end;
      m.score = {pos.stage_total(Side::south), pos.stage_total(Side::north)};
    } else if (pos.phase == UmelbanatPhase::play) {
      m.kind = UmelbanatMoveKind::pass;
    }
    return m;
  }
  UmelbanatMove m;
  random_sowings(o, pos, sow_facts(pos, pos.to_move), m, rng);
  return m;
}

// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): each
// sowing one event, a peck continuing the turn; a pass or a stage end one
// event.
// ---------------------------------------------------------------------------

namespace {

// The turn in progress: its sowings so far, or its pass or stage end, as
// the notation writes a turn.
struct UmelbanatEvents {
  UmelbanatMove text;

  bool active() const noexcept { return text.n > 0; }
  // The rest depends on the position (the sowings have been made on it) and
  // on whether a turn is in progress (after a peck the player sows again).
  bool operator==(const UmelbanatEvents& o) const noexcept { return active() == o.active(); }
  std::uint64_t hash() const noexcept { return active() ? 1 : 0; }
};

// Whether side s, to sow again on `w` after a peck, has a sowing after which
// the turn can be completed (depth first, to the first).
bool can_go_on(const UmelbanatOptions& o, const UmelbanatPosition& w, Side s) {
  if (every_sowing_lists(w, s)) return w.can_sow(s);
  for (int h = 0; h < kPits; ++h) {
    if (!w.sowable(h, s)) continue;
    UmelbanatPosition next = w;
    const UmelbanatStop stop = umelbanat_sow(o, next, h, s);
    if (stop != UmelbanatStop::endless && (!plays_again(next, s, stop) || can_go_on(o, next, s))) return true;
  }
  return false;
}

// The houses side s may sow from next on `w`, in house order: those whose
// sowing ends and, after a peck, leaves a sowing that goes on.
template <class F>
void for_each_sowing(const UmelbanatOptions& o, const UmelbanatPosition& w, F&& f) {
  const Side s = w.to_move;
  if (const SowFacts facts = sow_facts(w, s); all_sowings_end(facts)) {
    for (std::uint32_t houses = facts.sowable; houses != 0; houses &= houses - 1) f(std::countr_zero(houses));
    return;  // every_sowing_lists
  }
  for (int h = 0; h < kPits; ++h) {
    if (!w.sowable(h, s)) continue;
    UmelbanatPosition next = w;
    const UmelbanatStop stop = umelbanat_sow(o, next, h, s);
    if (stop != UmelbanatStop::endless && (!plays_again(next, s, stop) || can_go_on(o, next, s))) f(h);
  }
}

void umelbanat_decisions(const UmelbanatOptions& o, const UmelbanatPosition& p, const UmelbanatEvents& t,
                         std::vector<std::string>& out) {
  if (p.phase == UmelbanatPhase::end) {
    out.push_back("#" + std::to_string(p.stage_total(Side::south)) + "-" +
                  std::to_string(p.stage_total(Side::north)));
    return;
  }
  const std::size_t before = out.size();
  if (p.can_sow(p.to_move)) for_each_sowing(o, p, [&out](int h) { out.push_back(house_str(h)); });
  // No house to sow from, or every sowing never ends: the player passes
  // (our reading, docs/RULES.md §Um el-Banât; umelbanat_legal).
  if (out.size() == before && !t.active()) out.push_back("--");
}

Error play_event(const UmelbanatOptions& o, UmelbanatPosition& p, UmelbanatEvents& t, const UmelbanatMove& m,
                 bool& last);

// One event: a sowing "C", a pass "--" or a stage end "#28-20".
Error umelbanat_apply_event(const UmelbanatOptions& o, UmelbanatPosition& p, UmelbanatEvents& t,
                            std::string_view e, bool& last) {
  UmelbanatMove m;
  if (Error err = parse_into(e, m)) return err;
  if (m.kind == UmelbanatMoveKind::sowings && m.n > 1)
    return syntax(m.offsets[1] - 1u, "one sowing is one event: the next sowing after a peck is the next event");
  return play_event(o, p, t, m, last);
}

// An event as a value (State::apply(Event)): bits 0-1 of the low word the
// kind, 1 a sowing, 2 a pass, 3 a stage end; a sowing's house (0-11, A..F
// then a..f) in bits 2-5; a stage end's totals in bits 8-15 and 16-23.
// Every other bit 0: one value an event.
Event value_of(const UmelbanatMove& m) {
  switch (m.kind) {
    case UmelbanatMoveKind::sowings: return Event::code(1u | static_cast<std::uint64_t>(m.houses[0]) << 2, 0);
    case UmelbanatMoveKind::pass: return Event::code(2u, 0);
    case UmelbanatMoveKind::stage_end:
      return Event::code(3u | static_cast<std::uint64_t>(m.score[0]) << 8 | static_cast<std::uint64_t>(m.score[1]) << 16,
                         0);
  }
  return {};
}

void umelbanat_decision_values(const UmelbanatOptions& o, const UmelbanatPosition& p, const UmelbanatEvents& t,
                               std::vector<Event>& out) {
  UmelbanatMove m;
  if (p.phase == UmelbanatPhase::end) {
    m.kind = UmelbanatMoveKind::stage_end;
    m.score = {p.stage_total(Side::south), p.stage_total(Side::north)};
    out.push_back(value_of(m));
    return;
  }
  const std::size_t before = out.size();
  m.n = 1;
  if (p.can_sow(p.to_move))
    for_each_sowing(o, p, [&](int h) {
      m.houses[0] = static_cast<std::int8_t>(h);
      out.push_back(value_of(m));
    });
  if (out.size() == before && !t.active()) out.push_back(Event::code(2u, 0));  // as umelbanat_decisions
}

Error umelbanat_apply_value(const UmelbanatOptions& o, UmelbanatPosition& p, UmelbanatEvents& t, Event e,
                            bool& last) {
  const std::uint64_t low = e.low();
  UmelbanatMove m;
  bool coded = e.high() == 0;
  switch (low & 3u) {
    case 1:
      coded = coded && low >> 6 == 0 && (low >> 2 & 15u) < kPits;
      m.n = 1;
      m.houses[0] = static_cast<std::int8_t>(low >> 2 & 15u);
      break;
    case 2: coded = coded && low == 2u, m.kind = UmelbanatMoveKind::pass; break;
    case 3:
      coded = coded && (low & 0xFCu) == 0 && low >> 24 == 0;
      m.kind = UmelbanatMoveKind::stage_end;
      m.score = {static_cast<int>(low >> 8 & 255u), static_cast<int>(low >> 16 & 255u)};
      break;
    default: coded = false;
  }
  if (!coded) return engine::no_such_event("Um el-Banat event");
  return play_event(o, p, t, m, last);
}

// One event, read or coded.
Error play_event(const UmelbanatOptions& o, UmelbanatPosition& p, UmelbanatEvents& t, const UmelbanatMove& m,
                 bool& last) {
  if (t.active() && m.kind != UmelbanatMoveKind::sowings)
    return fail(Code::peck_sequence, 0,
                "the last sowing pecked: the player plays again (Davies 1925, p. 143: \"removes it and one other ... "
                "and plays again\")");
  if (m.kind != UmelbanatMoveKind::sowings || p.phase != UmelbanatPhase::play) {
    if (Error err = umelbanat_check(o, p, m)) return err;
    umelbanat_apply(o, p, m);
    t.text = m;
    last = true;
    return Error::none();
  }
  const Side s = p.to_move;
  const int h = m.houses[0];
  if (t.text.n == kUmelbanatMaxSowings) return syntax(0, "more sowings than counters in one turn");
  UmelbanatPosition w = p;
  UmelbanatStop stop{};
  if (const Code c = sow_house(o, w, h, s, stop); c != Code::ok) return sowing_error(c, w, h, s, 0);
  const bool again = plays_again(w, s, stop);
  if (again && !can_go_on(o, w, s))
    return fail(Code::peck_sequence, 0,
                "the sowing from " + house_str(h) +
                    " pecked, and every sowing after it never ends: the turn cannot be completed (Davies 1925, p. 143; "
                    "docs/RULES.md §Um el-Banât)");
  if (!again) end_sowings(w, s);
  p = w;
  t.text.houses[t.text.n++] = static_cast<std::int8_t>(h);
  last = !again;
  return Error::none();
}

// beyt's random player (NOTATION.md section 12): the turn drawn as
// umelbanat_random draws it (one sowing at a time, uniformly among those
// that end; a dead end after a peck draws again among the whole turns),
// then made sowing by sowing. The draws are those of the whole-turn player
// before the events (same Rng, same turns).
void umelbanat_random_events(const UmelbanatOptions& o, UmelbanatPosition& p, UmelbanatEvents& t, Rng& rng,
                             std::vector<EventPick>* picks) {
  UmelbanatMove& drawn = t.text;  // the turn so far (a new turn: none), drawn to its end in place
  const int given = drawn.n;
  const Side s = p.to_move;
  bool sown = false;
  SowFacts facts;  // in play: whether s can sow (can_sow), and his sowings
  if (p.phase == UmelbanatPhase::play) facts = sow_facts(p, s);
  if (t.active() || facts.sowable != 0) {  // umelbanat_random's draw
    drawn.kind = UmelbanatMoveKind::sowings;
    // No picks to list: the sowings drawn one at a time are made on `p`
    // itself (random_sowings writes its end there last, then reads no more).
    sown = random_sowings(o, p, facts, drawn, rng, picks ? nullptr : &p);
  } else {
    drawn = umelbanat_random(o, p, rng);
  }
  if (drawn.kind != UmelbanatMoveKind::sowings) {
    if (picks) picks->push_back({false, 0, umelbanat_format(drawn)});  // the one listed
    umelbanat_apply(o, p, drawn);
    return;
  }
  if (!sown || picks)  // made here, sowing by sowing, each pick listed on the way
    for (int i = given; i < drawn.n; ++i) {
      const int h = drawn.houses[static_cast<std::size_t>(i)];
      if (picks) {
        std::size_t index = 0, at = 0;
        for_each_sowing(o, p, [&](int listed) {
          if (listed == h) index = at;
          ++at;
        });
        picks->push_back({false, index, house_str(h)});
      }
      (void)umelbanat_sow(o, p, h, s);
    }
  end_sowings(p, s);
}

}  // namespace

Result umelbanat_outcome(const UmelbanatPosition& pos) noexcept {
  if (pos.phase != UmelbanatPhase::over) return Result::unfinished;
  return pos.houses(Side::south) > 0 ? Result::south_wins : Result::north_wins;
}

// ---------------------------------------------------------------------------
// Options, Game and State
// ---------------------------------------------------------------------------

namespace {

const OptionTable<UmelbanatOptions>& umelbanat_options() {
  static const OptionTable<UmelbanatOptions> table(
      opt::choice("first", &UmelbanatOptions::first, {{"south", Side::south}, {"north", Side::north}},
                  "who begins the game", "Davies 1925, pp. 143-144, names no one; docs/RULES.md §Um el-Banât"),
      opt::choice("skip-origin", &UmelbanatOptions::skip_origin, {{"no", false}, {"yes", true}},
                  "a lap of twelve or more counters skips the house it was taken from",
                  "Davies 1925, p. 143 (\"dropping them one by one\"), is silent; yes applies Lane 1836's Mankalah "
                  "rule; docs/RULES.md §Um el-Banât"));
  return table;
}

const std::vector<Preset>& umelbanat_presets() {
  static const std::vector<Preset> presets{
      {"davies", "", "Davies 1925, as docs/RULES.md §Um el-Banât reads him"},
  };
  return presets;
}

// Um el-Banât as a Game and its States (lib/src/engine_state.hpp). A State remembers the
// positions of the stage in play for the repetition rule.
struct UmelbanatTraits : NoThrows<UmelbanatOptions, UmelbanatPosition, UmelbanatEvents>,
                         mancala_svg::BoardHooks<UmelbanatOptions, UmelbanatPosition> {
  using Options = UmelbanatOptions;
  using Position = UmelbanatPosition;
  static constexpr std::string_view kName = "umelbanat";
  static constexpr std::string_view kTitle = "Um el-Banât";
  static constexpr std::string_view kSources =
      "Davies 1925, pp. 143-144, Figs. 8-10 (Um el-Banât); docs/RULES.md §Um el-Banât, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .start = true, .to_move = true, .events = true, .decision_values = true, .describe_after = true,
      .drawing = true, .cell_names = true};
  static constexpr auto options = &umelbanat_options;
  static constexpr auto presets = &umelbanat_presets;
  static constexpr UmelbanatPosition (*initial)(const UmelbanatOptions&) = &UmelbanatPosition::initial;
  static constexpr Error (*validate)(const UmelbanatOptions&, const UmelbanatPosition&) = &umelbanat_validate;
  // The positions seen in this stage; not part of the position.
  struct Memory : RepetitionMemory {
    UmelbanatMove move;  // play_turn()'s move, kept: not filled anew every turn
  };
  static constexpr auto game = &umelbanat_game;
  static constexpr auto outcome = &umelbanat_outcome;
  static Actor to_move(const UmelbanatPosition& p, Result) noexcept {
    if (p.phase == UmelbanatPhase::over) return Actor::none;
    if (p.phase == UmelbanatPhase::end) return Actor::referee;
    return actor_of(p.to_move);
  }

  // Events: each sowing, a peck continuing the turn (pecks multiply the
  // whole turns past 100000 at some positions; one sowing at a time they
  // are at most twelve).
  using Turn = UmelbanatEvents;
  static constexpr auto decisions = &umelbanat_decisions;
  static constexpr auto apply = &umelbanat_apply_event;
  static constexpr auto decision_values = &umelbanat_decision_values;
  static constexpr auto apply_value = &umelbanat_apply_value;
  // The Memory's part of play_turn(): the positions seen in the stage.
  static void finish(const UmelbanatOptions&, UmelbanatPosition& p, Memory& memory, Turn& t) {
    after_move(p, memory);
    t.text.n = 0;
    t.text.kind = UmelbanatMoveKind::sowings;
  }
  static constexpr void (*turn_text)(const UmelbanatMove&, std::string&) = &umelbanat_format;  // of t.text
  static constexpr auto random_events = &umelbanat_random_events;
  static constexpr auto split = &split_events<",">;

  // The positions seen start with the stage's first.
  static void start(const UmelbanatOptions&, const UmelbanatPosition& p, Memory& memory) {
    if (p.phase == UmelbanatPhase::play) memory.seen.seen(p.pits, static_cast<int>(p.to_move), marks(p));
  }
  static Error play_turn(const UmelbanatOptions& o, UmelbanatPosition& p, Memory& memory, std::string_view text) {
    UmelbanatMove& m = memory.move;
    if (Error e = parse_into(text, m)) return e;
    if (Error e = check_and_apply(o, p, m)) return e;
    after_move(p, memory);
    return Error::none();
  }
  static Error check_turn(const UmelbanatOptions& o, const UmelbanatPosition& p, std::string_view text,
                     std::string& canonical) {
    UmelbanatMove m;
    if (Error e = resolve(o, p, text, m)) return e;
    canonical = umelbanat_format(m);
    return Error::none();
  }
  static constexpr auto render = &umelbanat_render;

  // board_size, draw_board (the owners' houses), cell_names, cell_centre:
  // Lane's board (BoardHooks).
  static constexpr auto draw_pieces = &umelbanat_draw_pieces;
  static constexpr auto move_cells = &umelbanat_move_cells;
  static constexpr auto describe_after = &umelbanat_describe;

 private:
  static Error resolve(const UmelbanatOptions& o, const UmelbanatPosition& p, std::string_view text,
                       UmelbanatMove& m) {
    if (Error e = umelbanat_parse(text, m)) return e;
    return umelbanat_check(o, p, m);
  }
  // docs/RULES.md §Um el-Banât: "A position (counts, marks, owners, player to move) that
  // repeats within a stage ends the stage; counters outside daughters'
  // houses then go to the owner of their house."
  // Within a stage the owners and who began stay, the marks are only added
  // and the counters held grow only as the count on the board falls: a
  // position repeats exactly when its counts, mover and marks do, which
  // PitsHistory compares (the marks as its context).
  static void after_move(UmelbanatPosition& p, Memory& memory) {
    if (p.phase != UmelbanatPhase::play) {
      memory.seen.clear();
      return;
    }
    if (memory.seen.seen(p.pits, static_cast<int>(p.to_move), marks(p))) {
      umelbanat_end_stage_by_repetition(p);
      memory.seen.clear();
    }
  }
  // What PitsHistory compares besides the counts and the mover: the
  // twelve marks (0, 1 or 2: two bits of each byte) in one word, the last
  // four bytes shifted into bits 2-3 of the first four.
  static std::uint64_t marks(const UmelbanatPosition& p) noexcept {
    std::uint64_t first = 0;
    std::uint32_t last = 0;
    static_assert(sizeof p.mark == kPits);
    std::memcpy(&first, p.mark.data(), 8);
    std::memcpy(&last, p.mark.data() + 8, 4);
    return first | static_cast<std::uint64_t>(last) << 2;
  }
};
static_assert(EngineTraitsFor<UmelbanatTraits>);

}  // namespace

const Game& umelbanat_game() {
  static const EngineGame<UmelbanatTraits> game;
  return game;
}

Error UmelbanatOptions::from_rules(const RuleSet& rules, UmelbanatOptions& out) {
  return umelbanat_options().read(rules, out);
}

}  // namespace beyt
