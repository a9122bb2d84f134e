// Mankalah (Lane) (beyt/mankalah.hpp): a move checked and made, the legal
// moves, the events of a turn, Mankalah as a Game (its traits for
// lib/src/engine_state.hpp) and the move text (NOTATION.md section 8: with
// the moves, as play_turn() reads and writes it every turn). Sources: Lane 1836,
// docs/RULES.md §Mankalah; readings of our own are in its Finer points.

#include "beyt/mankalah.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../mancala_svg.hpp"
#include "../../text_board.hpp"
#include "mankalah_internal.hpp"

#include <charconv>
#include <cstring>
#include <utility>

namespace beyt {
using namespace mankalah_impl;

namespace {

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

// Why sowing m.beyt on `pits` is illegal, or Code::ok with the sowing in
// `r`; no message (the legal turns are found with it).
Code sowing_fault(const MankalahOptions& o, const MankalahPosition& pos, const MankalahMove& m, const Pits& pits,
                  SowMemo& memo, const Sown*& r) {
  const Side s = pos.to_move;
  if (!in_row(m.beyt, s) || pits[m.beyt] == 0) return Code::not_own_beyt;
  if (o.way == MankalahWay::ghasheem && mankalah_forced_beyt(pits, s) != m.beyt) return Code::wrong_start_beyt;
  r = &sow(o, pits, m.beyt, memo);
  if (r->endless) return Code::endless_sowing;
  if (m.taken >= 0 && m.taken != r->taken) return Code::capture_mismatch;
  return Code::ok;
}

Error check_sowing(const MankalahOptions& o, const MankalahPosition& pos, MankalahMove& m, const Pits& pits,
                   SowMemo& memo) {
  const Sown* r = nullptr;
  const Code c = sowing_fault(o, pos, m, pits, memo, r);
  const Side s = pos.to_move;
  const char* row = s == Side::south ? "A-F" : "a-f";
  switch (c) {
    case Code::ok: m.taken = r->taken; return Error::none();
    case Code::not_own_beyt:
      if (!in_row(m.beyt, s))
        return fail(c, m.beyt_offset,
                    std::string(1, pit_letter(m.beyt)) + " is not in " + side_str(s) + "'s row (" + row +
                        "): one sows from one's own beyt (Lane 1836; docs/RULES.md §Mankalah)");
      return fail(c, m.beyt_offset,
                  std::string("beyt ") + pit_letter(m.beyt) + " is empty (docs/RULES.md §Mankalah \"Sowing\")");
    case Code::wrong_start_beyt:
      return fail(c, m.beyt_offset,
                  std::string("the game of the ignorant plays from ") + pit_letter(mankalah_forced_beyt(pits, s)) +
                      ", not " + pit_letter(m.beyt) +
                      " (Lane 1836: \"He always plays from beyt F, or, if that be empty, from the nearest beyt to "
                      "it in his own row\"; docs/RULES.md §Mankalah)");
    case Code::endless_sowing:
      return fail(c, m.beyt_offset,
                  std::string("the sowing from ") + pit_letter(m.beyt) +
                      " never ends: the board and the pick-up beyt repeat within the move (docs/RULES.md §Mankalah "
                      "Finer points: such a move is illegal)");
    default: {
      MankalahMove fixed = m;  // the whole turn as it is to be written (a feed too)
      fixed.taken = r->taken;
      return fail(c, m.taken_offset,
                  "the sowing takes " + std::to_string(r->taken) + " hasa, not " + std::to_string(m.taken) +
                      ": write " + mankalah_format(fixed));
    }
  }
}

Error check_distribution(const MankalahOptions& o, const MankalahMove& m) {
  int total = board_total(m.counts);
  if (total != kMankalahHasa)
    return fail(Code::bad_distribution, 1,
                "the distribution holds " + std::to_string(total) +
                    " hasa, not 72 (Lane 1836: \"distributes all the hasa\"; docs/RULES.md §Mankalah)");
  if (o.way == MankalahWay::akil)
    for (int i = 0; i < 6; ++i)
      if ((m.counts[i] == 0) != (m.counts[i + 6] == 0))
        return fail(Code::bad_distribution, 1,
                    std::string("in the game of the wise ") + pit_letter(i) + " and " + pit_letter(i + 6) +
                        " are both filled or both empty (Lane 1836: \"in the corresponding beyt or beyts on the "
                        "other side\"; docs/RULES.md §Mankalah Finer points)");
  return Error::none();
}

Error check_feed(const MankalahOptions& o, const MankalahPosition& pos, MankalahMove& m, SowMemo& memo) {
  const Side s = pos.to_move, feeder = opponent(s);
  if (!mankalah_feed_due(pos))
    return fail(Code::feed_wrong, 0,
                "no feed is due: " + side_str(s) +
                    " has hasa in his row, or the other has no more than one (Lane 1836: \"When one party has more "
                    "than a single hasweh ... and the other has none\"; docs/RULES.md §Mankalah)");
  if (!in_row(m.feed_from, feeder) || pos.pits[m.feed_from] == 0)
    return fail(Code::feed_wrong, 1,
                side_str(feeder) + " feeds from a non-empty beyt of his own row, not " +
                    std::string(1, pit_letter(m.feed_from)) + " (docs/RULES.md §Mankalah Finer points)");
  if (m.beyt != row_start(s))
    return fail(Code::feed_wrong, m.beyt_offset,
                std::string("the hasweh goes into the first beyt of the empty side, ") + pit_letter(row_start(s)) +
                    " (Lane 1836: \"into the first of his adversary's beyts\")");
  Pits fed = pos.pits;
  --fed[m.feed_from];
  ++fed[m.beyt];
  return check_sowing(o, pos, m, fed, memo);
}

Error check_play(const MankalahOptions& o, const MankalahPosition& pos, MankalahMove& m, SowMemo& memo) {
  switch (m.kind) {
    case MankalahMoveKind::turn:
      if (pos.phase != MankalahPhase::choose)
        return fail(Code::turn_illegal, 0,
                    "the board may be turned only by the other party, right after the distribution (Lane 1836: \"he "
                    "may turn the board round; and then his adversary begins\"; docs/RULES.md §Mankalah)");
      return Error::none();
    case MankalahMoveKind::feed: return check_feed(o, pos, m, memo);
    case MankalahMoveKind::sow:
      if (mankalah_feed_due(pos))
        return fail(Code::feed_wrong, 0,
                    side_str(pos.to_move) + " has no hasa: " + side_str(opponent(pos.to_move)) +
                        " must first put one into " + std::string(1, pit_letter(row_start(pos.to_move))) +
                        ", written ~X/" + std::string(1, pit_letter(row_start(pos.to_move))) +
                        " (Lane 1836; docs/RULES.md §Mankalah \"Empty side\")");
      return check_sowing(o, pos, m, pos.pits, memo);
    default: return fail(Code::wrong_phase, 0, "a distribution or board end during play");
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// Sowing API
// ---------------------------------------------------------------------------

// Lane's sowing with relay and captures (sow_in_place above).
MankalahSowing mankalah_sow(const Pits& pits, int beyt, bool skip_origin) noexcept {
  MankalahSowing out;
  out.pits = pits;
  const InPlace r = sow_in_place(out.pits, beyt, skip_origin);
  out.taken = r.taken;
  out.last = r.relay.last;
  out.laps = r.relay.laps;
  out.endless = r.relay.endless;
  for (int i = 0; i < kPits; ++i) out.captured[i] = (r.captured >> i & 1u) != 0;
  return out;
}

int mankalah_forced_beyt(const Pits& pits, Side side) noexcept {
  const int first = row_start(side);
  for (int b = first + 5; b >= first; --b)
    if (pits[b] > 0) return b;
  return -1;
}

bool mankalah_feed_due(const MankalahPosition& pos) noexcept {
  if (pos.phase != MankalahPhase::play && pos.phase != MankalahPhase::choose) return false;
  return pos.row(pos.to_move) == 0 && pos.row(opponent(pos.to_move)) > 1;
}

void mankalah_end_board_own_side(MankalahPosition& pos) noexcept { end_board(pos); }
// ---------------------------------------------------------------------------
// Check, apply, legal moves
// ---------------------------------------------------------------------------

namespace {

// mankalah_check, with the sowings kept in `memo`.
Error check_move(const MankalahOptions& o, const MankalahPosition& pos, MankalahMove& m, SowMemo& memo) {
  switch (pos.phase) {
    case MankalahPhase::over: return fail(Code::game_over, 0, "the match is over");
    case MankalahPhase::distribute:
      if (m.kind != MankalahMoveKind::distribute)
        return fail(Code::wrong_phase, 0,
                    side_str(pos.distributor) + " is to distribute the hasa first, written =n,n,... (tebweez; "
                                                "Lane 1836; NOTATION.md section 8)");
      return check_distribution(o, m);
    case MankalahPhase::end:
      if (m.kind != MankalahMoveKind::board_end)
        return fail(Code::wrong_phase, 0,
                    "the board is cleared: its end is due, written #" + std::to_string(pos.taken[0]) + "-" +
                        std::to_string(pos.taken[1]) + " (NOTATION.md section 8)");
      if (m.score != pos.taken)
        return fail(Code::board_score, 1,
                    "South took " + std::to_string(pos.taken[0]) + " and North " + std::to_string(pos.taken[1]) +
                        " on this board, not " + std::to_string(m.score[0]) + "-" + std::to_string(m.score[1]) +
                        " (Lane 1836: \"each party counts the number of the hasa he has taken\")");
      return Error::none();
    case MankalahPhase::choose:
    case MankalahPhase::play:
      if (m.kind == MankalahMoveKind::distribute || m.kind == MankalahMoveKind::board_end)
        return fail(Code::wrong_phase, 0,
                    m.kind == MankalahMoveKind::distribute ? "the hasa are already distributed"
                                                           : "the board is not cleared yet");
      return check_play(o, pos, m, memo);
  }
  return Error::none();
}

// mankalah_apply, sowing through `memo`.
void apply_move(const MankalahOptions& o, MankalahPosition& pos, const MankalahMove& m, SowMemo& memo) {
  switch (m.kind) {
    case MankalahMoveKind::distribute:
      pos.pits = m.counts;
      pos.phase = MankalahPhase::choose;
      pos.to_move = opponent(pos.distributor);
      break;
    case MankalahMoveKind::turn:
      // docs/RULES.md §Mankalah Finer points: turning swaps the counts of A..F with a..f;
      // "his adversary begins the game" (Lane).
      for (int i = 0; i < 6; ++i) std::swap(pos.pits[i], pos.pits[i + 6]);
      pos.turned = true;
      pos.phase = MankalahPhase::play;
      pos.to_move = pos.distributor;
      break;
    case MankalahMoveKind::feed:
    case MankalahMoveKind::sow: {
      const Sown* r = nullptr;
      if (m.kind == MankalahMoveKind::feed) {
        Pits start = pos.pits;
        --start[m.feed_from];
        ++start[m.beyt];
        r = &sow(o, start, m.beyt, memo);
      } else {
        r = &sow(o, pos.pits, m.beyt, memo);
      }
      pos.pits = r->pits;
      pos.taken[static_cast<int>(pos.to_move)] += r->taken;
      pos.to_move = opponent(pos.to_move);
      pos.phase = MankalahPhase::play;
      break;
    }
    case MankalahMoveKind::board_end: next_board(o, pos); return;
  }
  settle(o, pos, memo);
}

// The legal moves that can be listed, to `f`, in mankalah_legal's order.
template <class F>
void for_each_legal(const MankalahOptions& o, const MankalahPosition& pos, SowMemo& memo, F&& f) {
  MankalahMove m;
  if (pos.phase == MankalahPhase::end) {
    m.kind = MankalahMoveKind::board_end;
    m.score = pos.taken;
    return f(m);
  }
  if (pos.phase != MankalahPhase::play && pos.phase != MankalahPhase::choose) return;
  if (pos.phase == MankalahPhase::choose) {
    m.kind = MankalahMoveKind::turn;
    f(m);
  }
  const Side s = pos.to_move;
  const bool feed = mankalah_feed_due(pos);
  const Sown* r = nullptr;
  for (int b = 0; b < 6; ++b) {
    m = MankalahMove{};
    if (feed) {  // each of the feeder's non-empty beyts into the first of the empty side
      m.kind = MankalahMoveKind::feed;
      m.feed_from = row_start(opponent(s)) + b;
      m.beyt = row_start(s);
      if (pos.pits[m.feed_from] == 0) continue;
      Pits fed = pos.pits;
      --fed[m.feed_from];
      ++fed[m.beyt];
      if (sowing_fault(o, pos, m, fed, memo, r) != Code::ok) continue;
    } else {
      m.kind = MankalahMoveKind::sow;
      m.beyt = row_start(s) + b;
      if (sowing_fault(o, pos, m, pos.pits, memo, r) != Code::ok) continue;
    }
    m.taken = r->taken;
    f(m);
  }
}

}  // namespace

Error mankalah_check(const MankalahOptions& o, const MankalahPosition& pos, MankalahMove& m) {
  SowMemo memo;
  return check_move(o, pos, m, memo);
}

void mankalah_apply(const MankalahOptions& o, MankalahPosition& pos, const MankalahMove& m) {
  SowMemo memo;
  apply_move(o, pos, m, memo);
}

void mankalah_legal(const MankalahOptions& o, const MankalahPosition& pos, std::vector<MankalahMove>& out) {
  SowMemo memo;
  for_each_legal(o, pos, memo, [&out](const MankalahMove& m) { out.push_back(m); });
}

MankalahMove mankalah_random_distribution(const MankalahOptions& o, Rng& rng) {
  MankalahMove m;
  m.kind = MankalahMoveKind::distribute;
  if (o.way == MankalahWay::ghasheem) {
    for (int k = 0; k < kMankalahHasa; ++k) ++m.counts[rng.below(kPits)];
    return m;
  }
  // akil: a non-empty set of pairs (A/a, ...), each beyt of them at least one.
  unsigned mask = 0;
  while (mask == 0) mask = static_cast<unsigned>(rng.below(64));
  std::array<int, kPits> filled{};
  int n = 0;
  for (int i = 0; i < 6; ++i)
    if (mask & (1u << i)) {
      filled[n++] = i;
      filled[n++] = i + 6;
    }
  for (int k = 0; k < n; ++k) m.counts[filled[k]] = 1;
  for (int k = n; k < kMankalahHasa; ++k) ++m.counts[filled[rng.below(static_cast<std::uint64_t>(n))]];
  return m;
}

// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): the
// tebweez beyt by beyt, A..F then a..f, each event its count; every other
// turn is one event.
// ---------------------------------------------------------------------------

namespace {

// The turn in progress: a tebweez's counts so far, or the turn's one move.
struct MankalahEvents {
  MankalahMove move;        // kind distribute: counts[0..placed) placed
  std::uint8_t placed = 0;  // the beyts of the tebweez counted so far

  bool active() const noexcept { return placed > 0; }
  // The rest depends on the counts so far, which the position's board holds,
  // and on the next beyt.
  bool operator==(const MankalahEvents& o) const noexcept { return placed == o.placed; }
  std::uint64_t hash() const noexcept { return placed; }
};

// The counts beyt k may take, lo..hi, when the beyts before it hold
// pits[0..k): the tebweez holds 72 (the last beyt the rest), and in akil
// each pair A/a, B/b, ... is both filled or both empty, at least one filled
// (check_distribution; Lane 1836). Every count in the range leaves a tebweez
// that can be completed.
void count_range(const MankalahOptions& o, const Pits& pits, int k, int& lo, int& hi) {
  const int left = kMankalahHasa - pit_sum(pits, 0, k);
  lo = 0;
  hi = left;
  if (k == kPits - 1 || o.way == MankalahWay::ghasheem) {
    if (k == kPits - 1) lo = left;
    return;
  }
  if (k >= 6) {  // a..f: as its pair on South's side, the filled ones holding what is left
    const int pair = k - 6;
    int later = 0;
    for (int i = pair + 1; i < 6; ++i) later += pits[i] > 0;
    if (pits[pair] == 0) hi = 0;
    else if (later == 0) lo = left;
    else lo = 1, hi = left - later;
    return;
  }
  // A..F: each filled one needs one or more in its pair; some pair is filled.
  int filled = 0;
  for (int i = 0; i < k; ++i) filled += pits[i] > 0;
  lo = filled > 0 || k < 5 ? 0 : 1;
  hi = left - filled - 1;
  if (hi < lo) hi = lo;  // filled > 0, nothing to spare: empty only
}

// Puts `n` hasa, a listed count, into the next beyt of the tebweez; the
// last count makes the tebweez (apply_move).
void place_count(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, int n, bool& last) {
  const auto k = static_cast<std::size_t>(t.placed);
  t.move.kind = MankalahMoveKind::distribute;
  t.move.counts[k] = static_cast<std::uint8_t>(n);
  p.pits[k] = static_cast<std::uint8_t>(n);
  t.placed = static_cast<std::uint8_t>(k + 1);
  last = t.placed == kPits;
  if (last) {
    SowMemo memo;
    apply_move(o, p, t.move, memo);
  }
}

// A count of the tebweez as an event: "10" for the next beyt.
// A count of the tebweez for the next beyt, as read or as a value.
Error place_checked(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, int n, bool& last) {
  const int k = t.placed;
  int lo = 0, hi = 0;
  count_range(o, p.pits, k, lo, hi);
  if (n < lo || n > hi) {
    std::string range = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    return fail(Code::bad_distribution, 0,
                std::string("beyt ") + pit_letter(k) + " takes " + range + " hasa here, not " + std::to_string(n) +
                    (o.way == MankalahWay::akil
                         ? " (Lane 1836: all 72 distributed, \"in the corresponding beyt or beyts on the other "
                           "side\"; docs/RULES.md §Mankalah Finer points)"
                         : " (Lane 1836: \"distributes all the hasa\"; docs/RULES.md §Mankalah)"));
  }
  place_count(o, p, t, n, last);
  return Error::none();
}

Error apply_count(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, std::string_view e,
                  bool& last) {
  std::size_t i = 0;
  int n = 0;
  if (!read_number(e, i, n) || i != e.size())
    return syntax(i, e.empty() || e[0] != '='
                         ? "expected the count of hasa of the next beyt of the tebweez"
                         : "a tebweez is entered count by count, A..F then a..f, without '=' (NOTATION.md section 12)");
  return place_checked(o, p, t, n, last);
}

// A turn of one event (`m` as read, or as its value codes it): checked and
// made as play_turn() makes it, but for what the State's Memory holds
// (MankalahTraits::finish).
Error play_whole(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, MankalahMove& m, bool& last) {
  SowMemo memo;
  if (Error err = check_move(o, p, m, memo)) return err;
  apply_move(o, p, m, memo);
  t.move = m;
  last = true;
  return Error::none();
}

Error apply_whole(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, std::string_view e,
                  bool& last) {
  MankalahMove m;
  if (Error err = mankalah_parse(e, m)) return err;
  return play_whole(o, p, t, m, last);
}

// A decision as a value (State::apply(Event)): bits 0-3 of the low word
// the kind, 1 a count of the tebweez, 2 a turn of one event; a count's
// number in bits 8-15; a turn's MankalahMoveKind in bits 4-7, its beyt + 1
// in 8-11, the feeder's beyt + 1 in 12-15, the hasa taken in 16-23, a board
// end's scores in 24-31 and 32-39. Every other bit 0: one value a decision.
constexpr std::uint64_t kCountValue = 1, kTurnValue = 2;
Event value_of(const MankalahMove& m) {
  const auto u = [](int v, int at) { return static_cast<std::uint64_t>(v) << at; };
  std::uint64_t low = kTurnValue | u(static_cast<int>(m.kind), 4);
  if (m.kind == MankalahMoveKind::sow || m.kind == MankalahMoveKind::feed)
    low |= u(m.beyt + 1, 8) | u(m.kind == MankalahMoveKind::feed ? m.feed_from + 1 : 0, 12) | u(m.taken, 16);
  if (m.kind == MankalahMoveKind::board_end) low |= u(m.score[0], 24) | u(m.score[1], 32);
  return Event::code(low, 0);
}

void mankalah_decision_values(const MankalahOptions& o, const MankalahPosition& p, const MankalahEvents& t,
                              std::vector<Event>& out) {
  if (p.phase != MankalahPhase::distribute) {
    SowMemo memo;
    for_each_legal(o, p, memo, [&](const MankalahMove& m) { out.push_back(value_of(m)); });
    return;
  }
  int lo = 0, hi = 0;
  count_range(o, p.pits, t.placed, lo, hi);
  for (int n = lo; n <= hi; ++n) out.push_back(Event::code(kCountValue | static_cast<std::uint64_t>(n) << 8, 0));
}

// The error of a value that codes no decision here.
Error none_here() { return engine::no_such_event("Mankalah decision"); }

Error mankalah_apply_value(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, Event e, bool& last) {
  const std::uint64_t low = e.low();
  if (e.high() != 0) return none_here();
  const bool distributing = p.phase == MankalahPhase::distribute;
  if ((low & 15u) == kCountValue && low >> 16 == 0 && (low >> 4 & 15u) == 0)
    return distributing ? place_checked(o, p, t, static_cast<int>(low >> 8 & 255u), last) : none_here();
  if ((low & 15u) != kTurnValue || low >> 40 != 0 || distributing) return none_here();
  MankalahMove m;
  m.kind = static_cast<MankalahMoveKind>(low >> 4 & 15u);
  const int beyt = static_cast<int>(low >> 8 & 15u) - 1, feeder = static_cast<int>(low >> 12 & 15u) - 1;
  const int taken = static_cast<int>(low >> 16 & 255u);
  switch (m.kind) {
    case MankalahMoveKind::feed:
      if (feeder < 0 || feeder >= kPits) return none_here();
      m.feed_from = feeder;
      [[fallthrough]];
    case MankalahMoveKind::sow:
      if (beyt < 0 || beyt >= kPits || (m.kind == MankalahMoveKind::sow && feeder != -1) || low >> 24 != 0)
        return none_here();
      m.beyt = beyt;
      m.taken = taken;  // checked as a count written after 'x' is
      break;
    case MankalahMoveKind::turn:
      if (low >> 8 != 0) return none_here();
      break;
    case MankalahMoveKind::board_end:
      if ((low >> 8 & 0xFFFFu) != 0) return none_here();
      m.score = {static_cast<int>(low >> 24 & 255u), static_cast<int>(low >> 32 & 255u)};
      break;
    default: return none_here();  // a whole tebweez is entered count by count
  }
  return play_whole(o, p, t, m, last);
}

void mankalah_decisions(const MankalahOptions& o, const MankalahPosition& p, const MankalahEvents& t,
                        std::vector<std::string>& out) {
  if (p.phase != MankalahPhase::distribute) {
    SowMemo memo;
    std::string text;
    for_each_legal(o, p, memo, [&](const MankalahMove& m) {
      text.clear();
      mankalah_format(m, text);
      out.push_back(text);
    });
    return;
  }
  int lo = 0, hi = 0;
  count_range(o, p.pits, t.placed, lo, hi);
  for (int n = lo; n <= hi; ++n) out.push_back(std::to_string(n));
}

// beyt's random player (NOTATION.md section 12): a tebweez drawn whole as
// mankalah_random_distribution draws it (one begun by hand: each count left
// uniformly among those listed), then placed count by count; every other
// turn uniformly among the listed moves. The draws are those of the
// whole-turn player before the events (same Rng, same turns).
// The random player's move at `p` outside the distribution, uniformly among
// for_each_legal's: its index `pick` there; false when there is none.
bool draw_move(const MankalahOptions& o, const MankalahPosition& p, SowMemo& memo, Rng& rng, MankalahMove& out,
               std::uint64_t& pick) {
  DrawList<MankalahMove, 7> moves;  // listed once: a choice of turn, then a sowing (or feeding) from each beyt
  for_each_legal(o, p, memo, [&moves](const MankalahMove& m) { moves.push(m); });
  if (moves.size() == 0) return false;
  pick = rng.below(moves.size());
  out = moves[pick];
  return true;
}

void mankalah_random_events(const MankalahOptions& o, MankalahPosition& p, MankalahEvents& t, Rng& rng,
                            std::vector<EventPick>* picks) {
  bool last = false;
  if (p.phase == MankalahPhase::distribute) {
    const bool whole = t.placed == 0;
    const MankalahMove drawn = whole ? mankalah_random_distribution(o, rng) : MankalahMove{};
    while (!last) {
      int lo = 0, hi = 0;
      count_range(o, p.pits, t.placed, lo, hi);
      const int n = whole ? drawn.counts[t.placed]
                          : lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(hi - lo + 1)));
      if (picks) picks->push_back({false, static_cast<std::size_t>(n - lo), std::to_string(n)});
      place_count(o, p, t, n, last);
    }
    return;
  }
  SowMemo memo;  // the second pass finds every sowing of the first, apply_move too
  std::uint64_t pick = 0;
  if (!draw_move(o, p, memo, rng, t.move, pick)) return;
  if (picks) picks->push_back({false, static_cast<std::size_t>(pick), mankalah_format(t.move)});
  apply_move(o, p, t.move, memo);
}

}  // namespace

Result mankalah_outcome(const MankalahPosition& pos) noexcept {
  if (pos.phase != MankalahPhase::over) return Result::unfinished;
  return pos.gains[0] > pos.gains[1] ? Result::south_wins : Result::north_wins;
}

// ---------------------------------------------------------------------------
// Options, Game and State
// ---------------------------------------------------------------------------

namespace {

const OptionTable<MankalahOptions>& mankalah_options() {
  static const OptionTable<MankalahOptions> table(
      opt::choice("way", &MankalahOptions::way, {{"ghasheem", MankalahWay::ghasheem}, {"akil", MankalahWay::akil}},
                  "game of the ignorant (forced start from F, free tebweez) or of the wise (any beyt, paired tebweez)",
                  "Lane 1836, mankalah (\"leab el-ghasheem\", \"leab el-'ákil\"); docs/RULES.md §Mankalah"),
      opt::choice("skip-origin", &MankalahOptions::skip_origin, {{"yes", true}, {"no", false}},
                  "a handful of twelve or more skips the beyt it was taken from",
                  "Lane 1836, mankalah (with six in every beyt \"he who plays first is sure to lose\"); "
                  "docs/RULES.md §Mankalah"),
      opt::number("target", &MankalahOptions::target, 1, 9999, "gains that win the match (a number from 1 to 9999)",
                  "Lane 1836, mankalah (\"amount to sixty\"); docs/RULES.md §Mankalah"),
      opt::choice("loop", &MankalahOptions::loop, {{"own-side", MankalahLoop::own_side}, {"none", MankalahLoop::none}},
                  "a repeated position ends the board, each taking the hasa of his own row; or no rule",
                  "Lane 1836, mankalah, gives no rule; docs/RULES.md §Mankalah"));
  return table;
}

const std::vector<Preset>& mankalah_presets() {
  static const std::vector<Preset> presets{
      {"ghasheem", "", "Lane 1836, the game of the ignorant: free tebweez, play from F or the nearest non-empty beyt"},
      {"akil", "way=akil", "Lane 1836, the game of the wise: paired tebweez, play from any beyt"},
  };
  return presets;
}

// Mankalah as a Game and its States (lib/src/engine_state.hpp). A State remembers the
// positions of the board in play for the loop rule.
struct MankalahTraits : NoThrows<MankalahOptions, MankalahPosition, MankalahEvents>,
                        mancala_svg::BoardHooks<MankalahOptions, MankalahPosition> {
  using Options = MankalahOptions;
  using Position = MankalahPosition;
  static constexpr std::string_view kName = "mankalah";
  static constexpr std::string_view kTitle = "Mankalah";
  static constexpr std::string_view kSources =
      "Lane 1836, mankal'ah (with Lane's lettered board); docs/RULES.md §Mankalah, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .start = true, .to_move = true, .events = true, .decision_values = true, .describe_turn = true,
      .describe_after = true, .drawing = true, .cell_names = true};
  static constexpr auto options = &mankalah_options;
  static constexpr auto presets = &mankalah_presets;
  static constexpr auto initial = &MankalahPosition::initial;
  static constexpr auto validate = &mankalah_validate;
  // The positions (counts, player to move) seen on this board; not part of
  // the position.
  struct Memory : RepetitionMemory {
    SowMemo sowing;  // the sowings reckoned on the last board asked about (see SowMemo)
  };
  static constexpr auto game = &mankalah_game;
  static constexpr auto outcome = &mankalah_outcome;
  static Actor to_move(const MankalahPosition& p, Result) noexcept {
    if (p.phase == MankalahPhase::over) return Actor::none;
    if (p.phase == MankalahPhase::end) return Actor::referee;
    return actor_of(p.to_move);
  }
  // Events: the tebweez count by count; every other turn one event.
  using Turn = MankalahEvents;
  static constexpr auto decisions = &mankalah_decisions;
  static constexpr auto decision_values = &mankalah_decision_values;
  static constexpr auto apply_value = &mankalah_apply_value;
  // The tebweez: the hasa left to distribute and the beyt that takes the next count.
  static std::string describe_turn(const MankalahOptions&, const MankalahPosition& p, const Turn& t) {
    if (p.phase != MankalahPhase::distribute) return {};
    const int k = t.placed, left = kMankalahHasa - pit_sum(p.pits, 0, k);
    return side_str(p.distributor) + " distributes the " + std::to_string(kMankalahHasa) + " hasa: " +
           std::to_string(left) + " left to distribute, beyt " + pit_letter(k) +
           (k == kPits - 1 ? " last (it takes them all)" : " next");
  }
  static Error apply(const MankalahOptions& o, MankalahPosition& p, Turn& t, std::string_view e, bool& last) {
    if (p.phase == MankalahPhase::distribute) return apply_count(o, p, t, e, last);
    return apply_whole(o, p, t, e, last);
  }
  // The Memory's part of play_turn(): the positions seen on the board.
  static void finish(const MankalahOptions& o, MankalahPosition& p, Memory& memory, Turn& t) {
    if (t.move.kind == MankalahMoveKind::turn) memory.seen.clear();  // play starts on the turned board
    after_move(o, p, memory);
    t = Turn{};
  }
  static void turn_text(const MankalahOptions&, const MankalahPosition&, const Turn& t, std::string& out) {
    if (t.move.kind != MankalahMoveKind::distribute) return mankalah_format(t.move, out);
    for (int k = 0; k < t.placed; ++k) {
      out += k == 0 ? '=' : ',';
      append_number(out, t.move.counts[static_cast<std::size_t>(k)]);
    }
  }
  static constexpr auto random_events = &mankalah_random_events;
  // A tebweez is its counts; every other turn one event.
  static Error split(std::string_view canonical, std::vector<std::string>& out) {
    if (!canonical.empty() && canonical[0] == '=') return split_events<",">(canonical.substr(1), out);
    out.emplace_back(canonical);
    return Error::none();
  }

  // The positions seen start with the board's first one in play.
  static void start(const MankalahOptions&, const MankalahPosition& p, Memory& memory) {
    if (p.phase == MankalahPhase::play || p.phase == MankalahPhase::choose)
      memory.seen.seen(p.pits, static_cast<int>(p.to_move));
  }
  static Error play_turn(const MankalahOptions& o, MankalahPosition& p, Memory& memory, std::string_view text) {
    MankalahMove m;
    if (Error e = mankalah_parse(text, m)) return e;
    if (Error e = check_move(o, p, m, memory.sowing)) return e;
    apply_move(o, p, m, memory.sowing);
    if (m.kind == MankalahMoveKind::turn) memory.seen.clear();  // play starts on the turned board
    after_move(o, p, memory);
    return Error::none();
  }
  static Error check_turn(const MankalahOptions& o, const MankalahPosition& p, std::string_view text,
                     std::string& canonical) {
    MankalahMove m;
    if (Error e = resolve(o, p, text, m)) return e;
    canonical = mankalah_format(m);
    return Error::none();
  }
  static constexpr auto render = &mankalah_render;

  // board_size, draw_board, cell_names, cell_centre: Lane's board (BoardHooks).
  static constexpr auto draw_pieces = &mankalah_draw_pieces;
  static constexpr auto move_cells = &mankalah_move_cells;
  static constexpr auto describe_after = &mankalah_describe;

 private:
  static Error resolve(const MankalahOptions& o, const MankalahPosition& p, std::string_view text, MankalahMove& m) {
    if (Error e = mankalah_parse(text, m)) return e;
    return mankalah_check(o, p, m);
  }
  // docs/RULES.md §Mankalah "Endless boards" (loop=own-side): "when a position (counts,
  // player to move) repeats within a board, the board ends and each player
  // takes the hasa on his own side".
  static void after_move(const MankalahOptions& o, MankalahPosition& p, Memory& memory) {
    if (p.phase != MankalahPhase::play) {
      memory.seen.clear();
      start(o, p, memory);  // a new board: its positions seen start afresh
      return;
    }
    if (memory.seen.seen(p.pits, static_cast<int>(p.to_move)) && o.loop == MankalahLoop::own_side) {
      mankalah_end_board_own_side(p);
      memory.seen.clear();
    }
  }
};
static_assert(EngineTraitsFor<MankalahTraits>);

}  // namespace

const Game& mankalah_game() {
  static const EngineGame<MankalahTraits> game;
  return game;
}

Error MankalahOptions::from_rules(const RuleSet& rules, MankalahOptions& out) {
  return mankalah_options().read(rules, out);
}


// ---------------------------------------------------------------------------
// Move text
// ---------------------------------------------------------------------------

namespace {

Error parse_sowing(std::string_view t, std::size_t i, MankalahMove& m) {
  if (i >= t.size() || pit_of_letter(t[i]) < 0) return syntax(i, "expected a beyt letter A-F or a-f");
  m.beyt = pit_of_letter(t[i]);
  m.beyt_offset = static_cast<std::uint16_t>(i);
  ++i;
  if (i < t.size() && t[i] == 'x') {
    m.taken_offset = static_cast<std::uint16_t>(i);
    ++i;
    if (!read_number(t, i, m.taken)) return syntax(i, "expected the number of hasa taken after 'x'");
  }
  if (i != t.size()) return syntax(i, "unexpected character after the sowing");
  return Error::none();
}

Error parse_distribution(std::string_view t, MankalahMove& m) {
  std::size_t i = 1;
  for (int k = 0; k < kPits; ++k) {
    if (k > 0) {
      if (i >= t.size() || t[i] != ',') return syntax(i, "expected ',' and the count of the next beyt (12 counts)");
      ++i;
    }
    int n = 0;
    if (!read_number(t, i, n) || n > kMankalahHasa) return syntax(i, "expected a count of hasa from 0 to 72");
    m.counts[k] = static_cast<std::uint8_t>(n);
  }
  if (i != t.size()) return syntax(i, "a distribution has exactly 12 counts, A..F then a..f");
  return Error::none();
}

Error parse_board_end(std::string_view t, MankalahMove& m) {
  std::size_t i = 1;
  if (!read_number(t, i, m.score[0])) return syntax(i, "expected South's count after '#'");
  if (i >= t.size() || t[i] != '-') return syntax(i, "expected '-' between the counts");
  ++i;
  if (!read_number(t, i, m.score[1])) return syntax(i, "expected North's count");
  if (i != t.size()) return syntax(i, "unexpected character after the board end");
  return Error::none();
}

}  // namespace

Error mankalah_parse(std::string_view t, MankalahMove& m) {
  m = MankalahMove{};
  if (t.empty()) return syntax(0, "empty move");
  if (t == "turn") {
    m.kind = MankalahMoveKind::turn;
    return Error::none();
  }
  switch (t[0]) {
    case '=': m.kind = MankalahMoveKind::distribute; return parse_distribution(t, m);
    case '#': m.kind = MankalahMoveKind::board_end; return parse_board_end(t, m);
    case '~':
      m.kind = MankalahMoveKind::feed;
      if (t.size() < 3 || pit_of_letter(t[1]) < 0) return syntax(1, "expected the feeder's beyt after '~'");
      if (t[2] != '/') return syntax(2, "expected '/' after the feeder's beyt");
      m.feed_from = pit_of_letter(t[1]);
      return parse_sowing(t, 3, m);
    default: m.kind = MankalahMoveKind::sow; return parse_sowing(t, 0, m);
  }
}

void mankalah_format(const MankalahMove& m, std::string& out) {
  switch (m.kind) {
    case MankalahMoveKind::turn: out += "turn"; return;
    case MankalahMoveKind::distribute:
      for (int i = 0; i < kPits; ++i) {
        out += i == 0 ? '=' : ',';
        append_number(out, m.counts[i]);
      }
      return;
    case MankalahMoveKind::board_end:
      out += '#';
      append_number(out, m.score[0]);
      out += '-';
      append_number(out, m.score[1]);
      return;
    case MankalahMoveKind::feed:
      out += '~';
      out += pit_letter(m.feed_from);
      out += '/';
      [[fallthrough]];
    case MankalahMoveKind::sow:
      out += pit_letter(m.beyt);
      if (m.taken > 0) {
        out += 'x';
        append_number(out, m.taken);
      }
      return;
  }
}

std::string mankalah_format(const MankalahMove& m) {
  std::string out;
  mankalah_format(m, out);
  return out;
}

}  // namespace beyt
