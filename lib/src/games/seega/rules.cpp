// Seega (beyt/seega.hpp): a turn checked and made, the outcome, a
// position's validity. Sources: Lane 1836 ("SEEGA"), Walker 2011;
// docs/RULES.md §Seega; notation/NOTATION.md section 5.

#include "beyt/seega.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../position_fields.hpp"
#include "../../text_board.hpp"
#include "seega_internal.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

namespace beyt {
using namespace seega_impl;
namespace {

// ---------------------------------------------------------------------------
// Checking a move (docs/RULES.md §Seega)
// ---------------------------------------------------------------------------

// The cells step `i` of `m` takes ("c2", "b4 and d4", "nothing") and the
// move written with exactly those captures: the fix an E307 names.
struct CaptureFix {
  std::string cells, move;
};
CaptureFix capture_fix(const SeegaMove& m, int i, const std::array<SeegaCell, kSeegaMaxListed>& real, int nreal) {
  CaptureFix fix{nreal == 0 ? "nothing" : "", ""};
  for (int k = 0; k < nreal; ++k)
    fix.cells += (k == 0 ? "" : k + 1 == nreal ? " and " : ", ") + seega_cell_name(real[k]);
  SeegaMove fixed = m;
  fixed.steps[i].captures = real;
  fixed.steps[i].ncaptures = static_cast<std::uint8_t>(nreal);
  fix.move = seega_format(fixed);
  return fix;
}

// Listed captures must be exactly the real ones (NOTATION.md section 5).
bool match_captures(const SeegaMove& m, int i, const std::array<SeegaCell, kSeegaMaxListed>& real, int nreal,
                    Error& error) {
  const SeegaStep& s = m.steps[i];
  if (!s.listed) return true;
  for (int j = 0; j < s.ncaptures; ++j) {
    bool is_real = false, repeated = false;
    for (int k = 0; k < nreal; ++k) is_real = is_real || real[k] == s.captures[j];
    for (int k = 0; k < j; ++k) repeated = repeated || s.captures[k] == s.captures[j];
    if (!is_real || repeated) {
      const CaptureFix fix = capture_fix(m, i, real, nreal);
      return fault(error, Code::capture_mismatch, s.capture_offsets[j],
                   seega_cell_name(s.captures[j]) + (repeated ? " is listed twice" : " is not taken by this step") +
                       " (custodian capture, Walker 2011, rule 8); this step takes " + fix.cells + ": write " +
                       fix.move);
    }
  }
  if (s.ncaptures != nreal) {
    const CaptureFix fix = capture_fix(m, i, real, nreal);
    return fault(error, Code::capture_mismatch, s.capture_offsets[0],
                 "this step takes " + fix.cells + ", " + std::to_string(s.ncaptures) +
                     " listed (Walker 2011, rule 10: all trapped enemies are taken): write " + fix.move);
  }
  return true;
}

// Extra turn: the first step must leave the blocked player a way if any
// first step can (Walker rule 7; docs/RULES.md §Seega, finer points).
bool check_opening(const SeegaOptions& o, const SeegaPosition& before, const SeegaPosition& after,
                   const SeegaMove& m, Error& error) {
  Side blocked = opponent(before.to_move);
  if (way_open(after, blocked) || !any_opening_step(o, before)) return true;
  return fault(error, Code::must_open_way, m.from_offset,
               "extra turn: the first step must open a way for " + side_str(blocked) + ", and one can (Walker 2011, rule 7)");
}

// Resolves step `i` of `m` on `w` (the piece stands on `at`).
bool check_step(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, int i, SeegaCell at, Error& error) {
  SeegaStep& s = m.steps[i];
  if (i > 0 && m.steps[i - 1].ncaptures == 0)
    return fault(error, Code::chain_illegal, s.offset, "the chain goes on only after a capturing step (Walker 2011, rule 9)");
  if (!adjacent(at, s.to, w.size))
    return fault(error, Code::bad_step, s.offset + 1u,
                 seega_cell_name(s.to) + " is not one orthogonal step from " + seega_cell_name(at) + " (Walker 2011, rule 5)");
  if (w.piece(s.to) != SeegaPiece::empty)
    return fault(error, Code::occupied, s.offset + 1u, seega_cell_name(s.to) + " is occupied");
  std::array<SeegaCell, kSeegaMaxListed> real{{-1, -1, -1, -1}};
  int nreal = step_and_capture(o, w, at, s.to, real);
  if (i > 0 && nreal == 0)
    return fault(error, Code::chain_illegal, s.offset, "every chain step must capture (Walker 2011, rule 9; Lane 1836)");
  if (!match_captures(m, i, real, nreal, error)) return false;
  s.captures = real;
  s.ncaptures = static_cast<std::uint8_t>(nreal);
  s.listed = true;
  return true;
}

// A step-turn by the side to move of `w`; `w` becomes the position after it.
bool check_steps(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, Error& error) {
  if (w.piece(m.from) != piece_of(w.to_move))
    return fault(error, Code::not_own_piece, m.from_offset,
                 "no piece of " + side_str(w.to_move) + " on " + seega_cell_name(m.from));
  SeegaCell at = m.from;
  for (int i = 0; i < m.nsteps; ++i) {
    if (i == 0 && w.extra) {
      const SeegaPosition before = w;
      if (!check_step(o, w, m, i, at, error) || !check_opening(o, before, w, m, error)) return false;
    } else if (!check_step(o, w, m, i, at, error)) {
      return false;
    }
    at = m.steps[i].to;
  }
  const SeegaStep& last = m.steps[m.nsteps - 1];
  if (o.chain == SeegaChain::mandatory && last.ncaptures > 0 && can_capture_from(o, w, at))
    return fault(error, Code::chain_required, last.offset + 1u,
                 "chain=mandatory: the piece on " + seega_cell_name(at) + " can capture again (Lane 1836: \"as long as he can\")");
  return true;
}

bool check_cells_on_board(const SeegaMove& m, int n, Error& error) {
  const Geometry& g = geometry(n);
  auto on = [&g](SeegaCell c) { return c >= 0 && g.on[c]; };
  auto off = [&](SeegaCell c, std::size_t at) {
    return fault(error, Code::bad_step, at,
                 seega_cell_name(c) + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " board");
  };
  if (m.kind == SeegaMoveKind::place)
    for (int i = 0; i < 2; ++i)
      if (!on(m.place[i])) return off(m.place[i], 3u * i);
  if (m.kind == SeegaMoveKind::removal && !on(m.removed)) return off(m.removed, 1);
  if (m.kind != SeegaMoveKind::steps && m.kind != SeegaMoveKind::removal) return true;
  if (!on(m.from)) return off(m.from, m.from_offset);
  for (int i = 0; i < m.nsteps; ++i) {
    const SeegaStep& s = m.steps[i];
    if (!on(s.to)) return off(s.to, s.offset + 1u);
    for (int j = 0; j < s.ncaptures; ++j)
      if (!on(s.captures[j])) return off(s.captures[j], s.capture_offsets[j] + 1u);
  }
  return true;
}

// Placement (Walker rule 3; Lane's prescribed first pair: lane-opening).
bool check_placement(const SeegaOptions& o, const SeegaPosition& w, const SeegaMove& m, Error& error) {
  if (m.kind != SeegaMoveKind::place)
    return fault(error, Code::wrong_phase, 0, "placement phase: two cells are placed, e.g. c1,c5 (Walker 2011, rule 3)");
  for (int i = 0; i < 2; ++i) {
    SeegaCell c = m.place[i];
    auto at = static_cast<std::uint32_t>(3 * i);
    if (c == o.centre())
      return fault(error, Code::centre_placement, at, "no piece is placed on the centre (Walker 2011, rule 3; Lane 1836)");
    if (w.piece(c) != SeegaPiece::empty) return fault(error, Code::occupied, at, seega_cell_name(c) + " is occupied");
    if (i == 1 && c == m.place[0])
      return fault(error, Code::occupied, at, "the pair names " + seega_cell_name(c) + " twice");
  }
  if (o.lane_opening && w.count(w.to_move) == 0) {
    const auto& want = o.opening[static_cast<int>(w.to_move)];
    for (int i = 0; i < 2; ++i)
      if (m.place[i] != want[0] && m.place[i] != want[1])
        return fault(error, Code::opening_cells, static_cast<std::uint32_t>(3 * i),
                     side_str(w.to_move) + "'s first pair goes on " + seega_cell_name(want[0]) + " and " +
                         seega_cell_name(want[1]) + " (lane-opening; Lane 1836: \"a, a\"/\"b, b\")");
  }
  return true;
}

// "--" (blocked=extra-turn; Walker rule 7).
bool check_blocked(const SeegaOptions& o, const SeegaPosition& w, Error& error) {
  if (seega_can_step(w, w.to_move))
    return fault(error, Code::blocked_wrong, 0,
                 side_str(w.to_move) + " can step: '--' is only for a player who cannot move");
  if (o.blocked == SeegaBlocked::remove)
    return fault(error, Code::blocked_wrong, 0,
                 "blocked=remove: the blocked turn is written ~cell/step, the opponent opening the way (Lane 1836)");
  return true;
}

// "~c4/b5-c4" (blocked=remove; Lane: "open to him a way").
bool check_removal(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, Error& error) {
  if (o.blocked != SeegaBlocked::remove)
    return fault(error, Code::removal_illegal, 0, "a removal-turn needs blocked=remove (Lane); here the turn is '--'");
  if (seega_can_step(w, w.to_move))
    return fault(error, Code::blocked_wrong, 0, side_str(w.to_move) + " can step: no way needs opening");
  Side opp = opponent(w.to_move);
  bool next_to_blocked = false;
  for (int d = 0; d < 4; ++d) {
    SeegaCell c = neighbour(m.removed, d, w.size);
    next_to_blocked = next_to_blocked || (c >= 0 && w.piece(c) == piece_of(w.to_move));
  }
  if (w.piece(m.removed) != piece_of(opp) || !next_to_blocked)
    return fault(error, Code::removal_illegal, 1,
                 "the removed piece must be " + side_str(opp) + "'s, next to a piece of " + side_str(w.to_move) +
                     " (Lane 1836; docs/RULES.md §Seega)");
  w.set(m.removed, SeegaPiece::empty);
  return check_steps(o, w, m, error);
}

}  // namespace

namespace seega_impl {

// Checks `m` on `w`, a position of a game not over, which becomes the
// position after it.
bool resolve(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, Error& error) {
  if (!check_cells_on_board(m, w.size, error)) return false;
  if (w.phase == SeegaPhase::place) return check_placement(o, w, m, error);
  switch (m.kind) {
    case SeegaMoveKind::place:
      return fault(error, Code::wrong_phase, 0, "movement phase: pieces step, they are no longer placed");
    case SeegaMoveKind::blocked: return check_blocked(o, w, error);
    case SeegaMoveKind::removal: return check_removal(o, w, m, error);
    case SeegaMoveKind::steps: break;
  }
  if (!seega_can_step(w, w.to_move))
    return fault(error, Code::blocked_wrong, 0,
                 side_str(w.to_move) + " cannot step: the turn is " +
                     (o.blocked == SeegaBlocked::remove ? "~cell/step (Lane 1836)" : "'--' (Walker 2011, rule 7)"));
  return check_steps(o, w, m, error);
}

}  // namespace seega_impl

namespace {

// The position after a checked move (`w` is the position before it).
void finish_turn(const SeegaOptions& o, SeegaPosition& w, const SeegaMove& m) {
  Side mover = w.to_move;
  w.to_move = opponent(mover);
  w.extra = m.kind == SeegaMoveKind::blocked;
  if (m.kind == SeegaMoveKind::place) {
    w.pieces[static_cast<int>(mover)] |= bit(m.place[0]) | bit(m.place[1]);
    if (all_placed(w)) {
      // Walker rule 4: the last placer steps first; first-placer: South,
      // who always places first (docs/RULES.md §Seega, finer points).
      w.phase = SeegaPhase::move;
      w.to_move = o.first_mover == SeegaFirstMover::last_placer ? mover : Side::south;
    }
  }
}

// A bitboard as a Word of quiet_step_in: itself, or its low word (every
// cell of the boards of 5 and 7).
using seega_bits::word_of;

// The commonest turn, a step of the movement phase that takes nothing
// ("c3-c4", no extra turn owed), checked and made directly: a legal one
// shows by itself that the mover can step and that no chain follows. False,
// with `pos` unchanged, for any other turn or any fault: play_into then
// resolves the turn in full and reports the fault.
// quiet_step's work in words of type Word: std::uint64_t for the boards of
// 5 and 7 (their cells lie in the low word), SeegaBits for 9. `from` and
// `to` are cells of the 9x9 index (0..80), on this board or not.
template <class Word>
[[gnu::always_inline]] inline
bool quiet_step_in(const SeegaOptions& o, SeegaPosition& pos, const Geometry& g, SeegaCell from, SeegaCell to) {
  const int mover = static_cast<int>(pos.to_move);
  const Word own = word_of<Word>(pos.pieces[mover]), other = word_of<Word>(pos.pieces[1 - mover]);
  const Word f = word_of<Word>(bit(from)), t = word_of<Word>(bit(to));
  // around[from] holds the on-board neighbours of an on-board `from` (none
  // for a cell off the board): `to` is on the board, next to `from`, empty.
  if (!(own & f) || !(word_of<Word>(g.board & g.around[from]) & ~(own | other) & t)) return false;
  // Would the piece take anything on `to` (captures_at's count > 0)? On the
  // whole board's words, without a branch: which neighbour is an enemy is a
  // coin toss in a replay (seega_bits::captured: the piece from `from`
  // never stands beyond `to`).
  const Word enemy = other & ~word_of<Word>(o.centre_immune ? g.centre : SeegaBits{});
  if (seega_bits::captured(board_in<Word>(pos.size), t, own, enemy)) return false;
  if constexpr (std::is_same_v<Word, SeegaBits>) pos.pieces[mover] = (own & ~f) | t;
  else pos.pieces[mover].low = (own & ~f) | t;
  pos.to_move = opponent(pos.to_move);
  return true;
}

bool quiet_step(const SeegaOptions& o, SeegaPosition& pos, std::string_view t) {
  if (t.size() != 5 || t[2] != '-' || pos.phase != SeegaPhase::move || pos.extra) return false;
  SeegaCell from = -1, to = -1;
  if (!read_cell(t, 0, from) || !read_cell(t, 3, to)) return false;
  const Geometry& g = geometry(pos.size);
  return pos.size < 9 ? quiet_step_in<std::uint64_t>(o, pos, g, from, to) : quiet_step_in<SeegaBits>(o, pos, g, from, to);
}

// What play_into and play_value share. True, with the fault in `error`,
// when the game is over.
bool over(const SeegaPosition& pos, Error& error) {
  if (outcome(pos) == Result::unfinished) return false;
  fault(error, Code::game_over, 0, "the game is over");
  return true;
}
// The turn `m` resolved on `pos` itself (left as it was on a fault, false
// with the fault in `error`) and finished, its canonical text written.
bool resolve_and_finish(const SeegaOptions& o, SeegaPosition& pos, SeegaMove& m, Error& error,
                        std::string* canonical) {
  const SeegaPosition before = pos;
  if (!resolve(o, pos, m, error)) {
    pos = before;
    return false;
  }
  finish_turn(o, pos, m);
  if (canonical) {
    canonical->clear();
    seega_format(m, *canonical);
  }
  return true;
}

}  // namespace

namespace seega_impl {

// seega_play with `m` as the storage of the move (a State keeps one, its
// Memory, and plays its turns here: a move is some 900 bytes, too many to
// fill anew every turn).
Error play_into(const SeegaOptions& o, SeegaPosition& pos, SeegaMove& m, std::string_view text,
                std::string* canonical) {
  Error error;  // the only object returned: no copy on the way out
  if (over(pos, error)) return error;
  if (quiet_step(o, pos, text)) {
    if (canonical) canonical->assign(text);
    return error;
  }
  if (parse_move(text, m, error)) resolve_and_finish(o, pos, m, error, canonical);
  return error;
}

// A turn as a value (State::apply(Event), State::legal_events(values)):
// bits 0-1 of the low word the kind (SeegaMoveKind); bits 2-8 the first
// cell (a placement's first, a step-turn's piece), 9-15 the second (a
// placement's second, a removal's removed piece); bits 16-21 the number of
// steps, then two bits a step, its direction (Geometry::next's index): 21
// steps in the low word, the rest (up to kSeegaMaxSteps) in the high word.
// Every bit a turn does not use is 0, so each turn has one value.
namespace {
constexpr int kFirstDir = 22;
void put_dir(std::uint64_t& low, std::uint64_t& high, int i, std::uint64_t d) {
  const int at = kFirstDir + 2 * i;
  if (at < 64)
    low |= d << at;
  else
    high |= d << (at - 64);
}
int dir_at(std::uint64_t low, std::uint64_t high, int i) {
  const int at = kFirstDir + 2 * i;
  return static_cast<int>(((at < 64 ? low >> at : high >> (at - 64))) & 3u);
}

// The turn `e` codes on a board of side `n`, into `m` (steps with their
// captures not listed: resolve() finds them); false for a value that codes
// no turn there (a cell off the board, a step off it, a stray bit).
bool move_of(Event e, int n, SeegaMove& m) noexcept {
  if (e.is_text()) return false;
  const Geometry& g = geometry(n);
  const std::uint64_t low = e.low(), high = e.high();
  auto cell = [&](int shift, SeegaCell& c) {
    c = static_cast<SeegaCell>((low >> shift) & 127u);
    return c < kSeegaCells && g.on[c];
  };
  m.kind = static_cast<SeegaMoveKind>(low & 3u);
  m.place = {-1, -1};
  m.removed = -1;
  m.from = -1;
  m.from_offset = 0;
  m.nsteps = 0;
  switch (m.kind) {
    case SeegaMoveKind::blocked: return low == static_cast<std::uint64_t>(SeegaMoveKind::blocked) && high == 0;
    case SeegaMoveKind::place:  // the two cells as listed: the first before the second
      return low >> 16 == 0 && high == 0 && cell(2, m.place[0]) && cell(9, m.place[1]) &&
             file_rank_key(m.place[0]) < file_rank_key(m.place[1]);
    case SeegaMoveKind::removal:
      if (!cell(9, m.removed)) return false;
      break;
    case SeegaMoveKind::steps:
      if ((low >> 9 & 127u) != 0) return false;
      break;
  }
  const int nsteps = static_cast<int>(low >> 16 & 63u);
  if (!cell(2, m.from) || nsteps < 1 || nsteps > kSeegaMaxSteps) return false;
  const int used = kFirstDir + 2 * nsteps;  // the bits past the last step are 0
  if (used < 64 ? (low >> used != 0 || high != 0) : (used - 64 < 64 && high >> (used - 64) != 0)) return false;
  SeegaCell at = m.from;
  for (int i = 0; i < nsteps; ++i) {
    const SeegaCell to = g.next[at][dir_at(low, high, i)];
    if (to < 0) return false;
    m.steps[i] = SeegaStep{};
    m.steps[i].to = to;
    at = to;
  }
  m.nsteps = static_cast<std::uint8_t>(nsteps);
  return true;
}
}  // namespace

Event event_of(const SeegaMove& m, int n) noexcept {
  std::uint64_t low = static_cast<std::uint64_t>(m.kind), high = 0;
  switch (m.kind) {
    case SeegaMoveKind::blocked: return Event::code(low, 0);
    case SeegaMoveKind::place:
      return Event::code(low | static_cast<std::uint64_t>(m.place[0]) << 2 | static_cast<std::uint64_t>(m.place[1]) << 9,
                         0);
    case SeegaMoveKind::removal: low |= static_cast<std::uint64_t>(m.removed) << 9; break;
    case SeegaMoveKind::steps: break;
  }
  low |= static_cast<std::uint64_t>(m.from) << 2 | static_cast<std::uint64_t>(m.nsteps) << 16;
  const Geometry& g = geometry(n);
  SeegaCell at = m.from;
  for (int i = 0; i < m.nsteps; ++i) {
    const SeegaCell to = m.steps[i].to;
    std::uint64_t d = 0;
    while (d < 3 && g.next[at][d] != to) ++d;
    put_dir(low, high, i, d);
    at = to;
  }
  return Event::code(low, high);
}

// play_into of the turn a value codes: no text read, the same checks
// (a value listed at another position is refused as its text would be).
Error play_value(const SeegaOptions& o, SeegaPosition& pos, SeegaMove& m, Event event, std::string* canonical) {
  Error error;
  if (over(pos, error)) return error;
  // A one-step turn that takes nothing (most turns of the movement phase):
  // quiet_step's work, on the cells the value codes.
  const std::uint64_t low = event.low();
  if ((low & 3u) == static_cast<std::uint64_t>(SeegaMoveKind::steps) && (low >> 9 & 127u) == 0 &&
      (low >> 16) == (1u | (low >> 22 & 3u) << 6) &&
      event.high() == 0 && pos.phase == SeegaPhase::move && !pos.extra) {
    const auto from = static_cast<SeegaCell>(low >> 2 & 127u);
    const Geometry& g = geometry(pos.size);
    const SeegaCell to = from < kSeegaCells ? g.next[from][low >> 22 & 3u] : SeegaCell{-1};
    if (to >= 0 && (pos.size < 9 ? quiet_step_in<std::uint64_t>(o, pos, g, from, to)
                                 : quiet_step_in<SeegaBits>(o, pos, g, from, to))) {
      if (canonical) canonical->clear(), append_step(from, to, *canonical);
      return error;
    }
  }
  if (!move_of(event, pos.size, m)) return engine::no_such_event("Seega turn");
  if (!resolve_and_finish(o, pos, m, error, canonical)) error.offset = 0;  // into no text
  return error;
}

}  // namespace seega_impl

Error seega_check(const SeegaOptions& o, const SeegaPosition& pos, SeegaMove& m) {
  SeegaPosition w = pos;
  Error error;
  if (!over(pos, error)) resolve(o, w, m, error);
  return error;
}

void seega_apply(const SeegaOptions& o, SeegaPosition& pos, const SeegaMove& m) {
  if (m.kind == SeegaMoveKind::removal) pos.set(m.removed, SeegaPiece::empty);
  if (m.kind == SeegaMoveKind::steps || m.kind == SeegaMoveKind::removal) {
    std::array<SeegaCell, kSeegaMaxListed> caps{};
    SeegaCell at = m.from;
    for (int i = 0; i < m.nsteps; ++i) {
      step_and_capture(o, pos, at, m.steps[i].to, caps);
      at = m.steps[i].to;
    }
  }
  finish_turn(o, pos, m);
}

Error seega_play(const SeegaOptions& o, SeegaPosition& pos, std::string_view text, std::string* canonical) {
  SeegaMove m;
  return play_into(o, pos, m, text, canonical);
}

// A piece with an empty neighbour: the empty cells next to the side's pieces.
bool seega_can_step(const SeegaPosition& pos, Side side) noexcept {
  return static_cast<bool>(spread(pos.pieces[static_cast<int>(side)], geometry(pos.size)) & empty_cells(pos));
}

// Walker rule 13 (outcome, above).
Result seega_outcome(const SeegaPosition& pos) noexcept { return outcome(pos); }

Error seega_validate(const SeegaOptions& o, const SeegaPosition& pos) {
  auto bad = [](std::string why) { return fail(Code::bad_setup, 0, std::move(why) + " (docs/RULES.md §Seega)"); };
  if (pos.size != o.size)
    return bad("the board is " + std::to_string(pos.size) + "x" + std::to_string(pos.size) + " but the rules say size=" +
               std::to_string(o.size));
  int s = pos.count(Side::south), n = pos.count(Side::north), max = o.pieces();
  if (s > max || n > max) return bad("a side has more than " + std::to_string(max) + " pieces");
  if (pos.phase == SeegaPhase::move) {
    if (pos.extra && o.blocked != SeegaBlocked::extra_turn) return bad("'extra' needs blocked=extra-turn");
    return Error::none();
  }
  if (pos.extra) return bad("'extra' belongs to the movement phase");
  if (pos.piece(o.centre()) != SeegaPiece::empty) return bad("no piece stands on the centre during placement");
  if (s % 2 || n % 2) return bad("pieces are placed two at a time");
  if (pos.to_move == Side::south ? s != n : s != n + 2)
    return bad("South places first, two per turn: the counts do not fit the side to move");
  if (s + n == 2 * max) return bad("every piece is placed: the phase is 'move'");
  if (!o.lane_opening) return Error::none();
  for (Side side : {Side::south, Side::north})
    for (SeegaCell c : o.opening[static_cast<int>(side)])
      if (pos.count(side) == 0 && pos.piece(c) != SeegaPiece::empty)
        return bad("lane-opening: " + seega_cell_name(c) + " must be free for " + side_str(side) + "'s first pair");
  return Error::none();
}

}  // namespace beyt
