// Seega: rules engine, Game/State and diagrams (beyt/seega.hpp).
// Sources: Lane 1836 ("SEEGA"), Walker 2011; docs/RULES.md §Seega;
// notation/NOTATION.md section 5.
#include "beyt/seega.hpp"
#include "text_board.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "game_table.hpp"
#include "position_fields.hpp"

namespace beyt {
namespace {

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

// Up, right, down, left: the fixed order of legal_moves.
constexpr int kDirFile[4] = {0, 1, 0, -1};
constexpr int kDirRank[4] = {1, 0, -1, 0};

bool on_board(int file, int rank, int n) { return file >= 0 && rank >= 0 && file < n && rank < n; }
bool on_board(SeegaCell c, int n) { return c >= 0 && on_board(seega_file(c), seega_rank(c), n); }

// The neighbour of `c` in direction `d`, or -1 off the board.
SeegaCell neighbour(SeegaCell c, int d, int n) {
  int f = seega_file(c) + kDirFile[d], r = seega_rank(c) + kDirRank[d];
  return on_board(f, r, n) ? seega_cell(f, r) : SeegaCell{-1};
}

bool adjacent(SeegaCell a, SeegaCell b, int n) {
  for (int d = 0; d < 4; ++d)
    if (neighbour(a, d, n) == b) return true;
  return false;
}

// Sort key of the canonical order: file, then rank.
int file_rank_key(SeegaCell c) { return seega_file(c) * kSeegaStride + seega_rank(c); }

// The n*n cells of a board in file-then-rank order (a1, a2, .., b1, ..).
template <class F>
void for_each_cell(int n, F&& f) {
  for (int file = 0; file < n; ++file)
    for (int rank = 0; rank < n; ++rank) f(seega_cell(file, rank));
}

SeegaPiece piece_of(Side s) { return s == Side::south ? SeegaPiece::south : SeegaPiece::north; }
SeegaCell centre_of(int n) { return seega_cell(n / 2, n / 2); }

Error fail(Code code, std::uint32_t offset, std::string reason) { return Error{code, std::move(reason), offset}; }

std::string side_str(Side s) { return std::string(side_name(s)); }

// ---------------------------------------------------------------------------
// Captures (Walker rules 8, 10-12; Lane; docs/RULES.md §Seega "Capture", "Centre")
// ---------------------------------------------------------------------------

// The enemies a piece `p` arriving on `to` takes: custodian capture in each
// direction; the centre piece is immune when centre_immune (Walker rule 12).
// Reads only the neighbours of `to`, so it also answers "would this step
// capture" before the step is made. Returns the count; `out` sorted.
int captures_at(const SeegaOptions& o, const SeegaPosition& w, SeegaCell to, SeegaPiece p,
                std::array<SeegaCell, kSeegaMaxListed>& out) {
  SeegaPiece enemy = p == SeegaPiece::south ? SeegaPiece::north : SeegaPiece::south;
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    SeegaCell e = neighbour(to, d, w.size);
    if (e < 0 || w.cells[e] != enemy) continue;
    if (o.centre_immune && e == centre_of(w.size)) continue;
    SeegaCell beyond = neighbour(e, d, w.size);
    if (beyond >= 0 && w.cells[beyond] == p) out[n++] = e;
  }
  for (int i = 1; i < n; ++i)  // insertion sort, at most 3
    for (int j = i; j > 0 && file_rank_key(out[j]) < file_rank_key(out[j - 1]); --j) std::swap(out[j], out[j - 1]);
  return n;
}

// Moves the piece on `from` to `to` and removes what it takes.
int step_and_capture(const SeegaOptions& o, SeegaPosition& w, SeegaCell from, SeegaCell to,
                     std::array<SeegaCell, kSeegaMaxListed>& out) {
  SeegaPiece p = w.cells[from];
  w.cells[from] = SeegaPiece::empty;
  w.cells[to] = p;
  int n = captures_at(o, w, to, p, out);
  for (int i = 0; i < n; ++i) w.cells[out[i]] = SeegaPiece::empty;
  return n;
}

// Whether the piece on `at` has a capturing step (a chain can go on).
bool can_capture_from(const SeegaOptions& o, const SeegaPosition& w, SeegaCell at) {
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  for (int d = 0; d < 4; ++d) {
    SeegaCell to = neighbour(at, d, w.size);
    if (to >= 0 && w.cells[to] == SeegaPiece::empty && captures_at(o, w, to, w.cells[at], caps) > 0) return true;
  }
  return false;
}

// Whether the blocked side `b` has a way after a step (or no piece left:
// docs/RULES.md §Seega, finer points: taking the last piece counts as opening).
bool way_open(const SeegaPosition& w, Side b) { return w.count(b) == 0 || seega_can_step(w, b); }

// Whether some first step of the mover opens a way for the blocked opponent.
bool any_opening_step(const SeegaOptions& o, const SeegaPosition& pos) {
  SeegaPiece mine = piece_of(pos.to_move);
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  bool found = false;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (found || pos.cells[c] != mine) return;
    for (int d = 0; d < 4 && !found; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || pos.cells[to] != SeegaPiece::empty) continue;
      SeegaPosition w = pos;
      step_and_capture(o, w, c, to, caps);
      found = way_open(w, opponent(pos.to_move));
    }
  });
  return found;
}

bool all_placed(const SeegaPosition& w) {
  bool full = true;
  for_each_cell(w.size, [&](SeegaCell c) {
    if (c != centre_of(w.size) && w.cells[c] == SeegaPiece::empty) full = false;
  });
  return full;
}

// ---------------------------------------------------------------------------
// Move text (NOTATION.md section 5)
// ---------------------------------------------------------------------------

bool read_cell(std::string_view t, std::size_t at, SeegaCell& out) {
  if (at + 2 > t.size()) return false;
  char f = t[at], r = t[at + 1];
  if (f < 'a' || f > 'i' || r < '1' || r > '9') return false;
  out = seega_cell(f - 'a', r - '1');
  return true;
}

Error syntax(std::size_t at, std::string what) {
  return fail(Code::move_syntax, static_cast<std::uint32_t>(at), "expected " + what + " (NOTATION.md section 5)");
}

// One step "-cell{xcell}" at `i`; advances `i`.
Error parse_step(std::string_view t, std::size_t& i, SeegaStep& s) {
  s = SeegaStep{};
  s.offset = static_cast<std::uint16_t>(i);
  if (!read_cell(t, i + 1, s.to)) return syntax(i + 1, "a cell such as c3 after '-'");
  i += 3;
  while (i < t.size() && t[i] == 'x') {
    if (s.ncaptures == kSeegaMaxListed)
      return fail(Code::capture_mismatch, static_cast<std::uint32_t>(i), "no step takes more than three pieces");
    SeegaCell c = -1;
    if (!read_cell(t, i + 1, c)) return syntax(i + 1, "a captured cell after 'x'");
    s.capture_offsets[s.ncaptures] = static_cast<std::uint16_t>(i);
    s.captures[s.ncaptures++] = c;
    s.listed = true;
    i += 3;
  }
  return Error::none();
}

// A step-turn "cell-cell{xcell}{-cell{xcell}}" starting at `base`.
Error parse_steps(std::string_view t, std::size_t base, SeegaMove& m) {
  m.kind = m.kind == SeegaMoveKind::removal ? m.kind : SeegaMoveKind::steps;
  m.from_offset = static_cast<std::uint16_t>(base);
  if (!read_cell(t, base, m.from)) return syntax(base, "a cell such as b3");
  std::size_t i = base + 2;
  if (i >= t.size() || t[i] != '-') return syntax(i, "'-' and the destination");
  while (i < t.size()) {
    if (t[i] != '-') return syntax(i, "'-', 'x' or the end of the move");
    if (m.nsteps == kSeegaMaxSteps)
      return fail(Code::chain_illegal, static_cast<std::uint32_t>(i), "no chain is this long");
    if (Error e = parse_step(t, i, m.steps[m.nsteps])) return e;
    ++m.nsteps;
  }
  return Error::none();
}

// ---------------------------------------------------------------------------
// Checking a move (docs/RULES.md §Seega)
// ---------------------------------------------------------------------------

// Listed captures must be exactly the real ones (NOTATION.md section 5).
Error match_captures(const SeegaStep& s, const std::array<SeegaCell, kSeegaMaxListed>& real, int nreal) {
  if (!s.listed) return Error::none();
  for (int j = 0; j < s.ncaptures; ++j) {
    bool is_real = false, repeated = false;
    for (int k = 0; k < nreal; ++k) is_real = is_real || real[k] == s.captures[j];
    for (int k = 0; k < j; ++k) repeated = repeated || s.captures[k] == s.captures[j];
    if (!is_real || repeated)
      return fail(Code::capture_mismatch, s.capture_offsets[j],
                  seega_cell_name(s.captures[j]) + (repeated ? " is listed twice" : " is not taken by this step") +
                      " (custodian capture, Walker 2011, rule 8)");
  }
  if (s.ncaptures != nreal)
    return fail(Code::capture_mismatch, s.capture_offsets[0],
                "this step takes " + std::to_string(nreal) + " pieces, " + std::to_string(s.ncaptures) +
                    " listed (Walker 2011, rule 10: all trapped enemies are taken)");
  return Error::none();
}

// Extra turn: the first step must leave the blocked player a way if any
// first step can (Walker rule 7; docs/RULES.md §Seega, finer points).
Error check_opening(const SeegaOptions& o, const SeegaPosition& before, const SeegaPosition& after,
                    const SeegaMove& m) {
  Side blocked = opponent(before.to_move);
  if (way_open(after, blocked) || !any_opening_step(o, before)) return Error::none();
  return fail(Code::must_open_way, m.from_offset,
              "extra turn: the first step must open a way for " + side_str(blocked) +
                  ", and one can (Walker 2011, rule 7)");
}

// Resolves step `i` of `m` on `w` (the piece stands on `at`).
Error check_step(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, int i, SeegaCell at) {
  SeegaStep& s = m.steps[i];
  if (i > 0 && m.steps[i - 1].ncaptures == 0)
    return fail(Code::chain_illegal, s.offset, "the chain goes on only after a capturing step (Walker 2011, rule 9)");
  if (!adjacent(at, s.to, w.size))
    return fail(Code::bad_step, s.offset + 1u,
                seega_cell_name(s.to) + " is not one orthogonal step from " + seega_cell_name(at) + " (Walker 2011, rule 5)");
  if (w.cells[s.to] != SeegaPiece::empty) return fail(Code::occupied, s.offset + 1u, seega_cell_name(s.to) + " is occupied");
  std::array<SeegaCell, kSeegaMaxListed> real{{-1, -1, -1, -1}};
  int nreal = step_and_capture(o, w, at, s.to, real);
  if (i > 0 && nreal == 0)
    return fail(Code::chain_illegal, s.offset, "every chain step must capture (Walker 2011, rule 9; Lane 1836)");
  if (Error e = match_captures(s, real, nreal)) return e;
  s.captures = real;
  s.ncaptures = static_cast<std::uint8_t>(nreal);
  s.listed = true;
  return Error::none();
}

// A step-turn by the side to move of `w`; `w` becomes the position after it.
Error check_steps(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m) {
  if (w.cells[m.from] != piece_of(w.to_move))
    return fail(Code::not_own_piece, m.from_offset, "no piece of " + side_str(w.to_move) + " on " + seega_cell_name(m.from));
  const SeegaPosition before = w;
  SeegaCell at = m.from;
  for (int i = 0; i < m.nsteps; ++i) {
    if (Error e = check_step(o, w, m, i, at)) return e;
    if (i == 0 && before.extra)
      if (Error e = check_opening(o, before, w, m)) return e;
    at = m.steps[i].to;
  }
  const SeegaStep& last = m.steps[m.nsteps - 1];
  if (o.chain == SeegaChain::mandatory && last.ncaptures > 0 && can_capture_from(o, w, at))
    return fail(Code::chain_required, last.offset + 1u,
                "chain=mandatory: the piece on " + seega_cell_name(at) + " can capture again (Lane 1836: \"as long as he can\")");
  return Error::none();
}

Error check_cells_on_board(const SeegaMove& m, int n) {
  auto off = [&](SeegaCell c, std::size_t at) {
    return fail(Code::bad_step, static_cast<std::uint32_t>(at),
                seega_cell_name(c) + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " board");
  };
  if (m.kind == SeegaMoveKind::place)
    for (int i = 0; i < 2; ++i)
      if (!on_board(m.place[i], n)) return off(m.place[i], 3u * i);
  if (m.kind == SeegaMoveKind::removal && !on_board(m.removed, n)) return off(m.removed, 1);
  if (m.kind != SeegaMoveKind::steps && m.kind != SeegaMoveKind::removal) return Error::none();
  if (!on_board(m.from, n)) return off(m.from, m.from_offset);
  for (int i = 0; i < m.nsteps; ++i) {
    const SeegaStep& s = m.steps[i];
    if (!on_board(s.to, n)) return off(s.to, s.offset + 1u);
    for (int j = 0; j < s.ncaptures; ++j)
      if (!on_board(s.captures[j], n)) return off(s.captures[j], s.capture_offsets[j] + 1u);
  }
  return Error::none();
}

// Placement (Walker rule 3; Lane's prescribed first pair: lane-opening).
Error check_placement(const SeegaOptions& o, SeegaPosition& w, const SeegaMove& m) {
  if (m.kind != SeegaMoveKind::place)
    return fail(Code::wrong_phase, 0, "placement phase: two cells are placed, e.g. c1,c5 (Walker 2011, rule 3)");
  for (int i = 0; i < 2; ++i) {
    SeegaCell c = m.place[i];
    auto at = static_cast<std::uint32_t>(3 * i);
    if (c == o.centre()) return fail(Code::centre_placement, at, "no piece is placed on the centre (Walker 2011, rule 3; Lane 1836)");
    if (w.cells[c] != SeegaPiece::empty) return fail(Code::occupied, at, seega_cell_name(c) + " is occupied");
    if (i == 1 && c == m.place[0]) return fail(Code::occupied, at, "the pair names " + seega_cell_name(c) + " twice");
  }
  if (o.lane_opening && w.count(w.to_move) == 0) {
    const auto& want = o.opening[static_cast<int>(w.to_move)];
    for (int i = 0; i < 2; ++i)
      if (m.place[i] != want[0] && m.place[i] != want[1])
        return fail(Code::opening_cells, static_cast<std::uint32_t>(3 * i),
                    side_str(w.to_move) + "'s first pair goes on " + seega_cell_name(want[0]) + " and " +
                        seega_cell_name(want[1]) + " (lane-opening; Lane 1836: \"a, a\"/\"b, b\")");
  }
  return Error::none();
}

// "--" (blocked=extra-turn; Walker rule 7).
Error check_blocked(const SeegaOptions& o, const SeegaPosition& w) {
  if (seega_can_step(w, w.to_move))
    return fail(Code::blocked_wrong, 0, side_str(w.to_move) + " can step: '--' is only for a player who cannot move");
  if (o.blocked == SeegaBlocked::remove)
    return fail(Code::blocked_wrong, 0,
                "blocked=remove: the blocked turn is written ~cell/step, the opponent opening the way (Lane 1836)");
  return Error::none();
}

// "~c4/b5-c4" (blocked=remove; Lane: "open to him a way").
Error check_removal(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m) {
  if (o.blocked != SeegaBlocked::remove)
    return fail(Code::removal_illegal, 0, "a removal-turn needs blocked=remove (Lane); here the turn is '--'");
  if (seega_can_step(w, w.to_move))
    return fail(Code::blocked_wrong, 0, side_str(w.to_move) + " can step: no way needs opening");
  Side opp = opponent(w.to_move);
  bool next_to_blocked = false;
  for (int d = 0; d < 4; ++d) {
    SeegaCell c = neighbour(m.removed, d, w.size);
    next_to_blocked = next_to_blocked || (c >= 0 && w.cells[c] == piece_of(w.to_move));
  }
  if (w.cells[m.removed] != piece_of(opp) || !next_to_blocked)
    return fail(Code::removal_illegal, 1,
                "the removed piece must be " + side_str(opp) + "'s, next to a piece of " + side_str(w.to_move) +
                    " (Lane 1836; docs/RULES.md §Seega)");
  w.cells[m.removed] = SeegaPiece::empty;
  return check_steps(o, w, m);
}

// Checks `m` and computes the position after it into `w` (a copy of pos).
Error resolve(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m) {
  if (seega_outcome(w) != Result::unfinished) return fail(Code::game_over, 0, "the game is over");
  if (Error e = check_cells_on_board(m, w.size)) return e;
  if (w.phase == SeegaPhase::place) return check_placement(o, w, m);
  switch (m.kind) {
    case SeegaMoveKind::place:
      return fail(Code::wrong_phase, 0, "movement phase: pieces step, they are no longer placed");
    case SeegaMoveKind::blocked: return check_blocked(o, w);
    case SeegaMoveKind::removal: return check_removal(o, w, m);
    case SeegaMoveKind::steps: break;
  }
  if (!seega_can_step(w, w.to_move))
    return fail(Code::blocked_wrong, 0,
                side_str(w.to_move) + " cannot step: the turn is " +
                    (o.blocked == SeegaBlocked::remove ? "~cell/step (Lane 1836)" : "'--' (Walker 2011, rule 7)"));
  return check_steps(o, w, m);
}

// The position after a checked move (`w` is the position before it).
void finish_turn(const SeegaOptions& o, SeegaPosition& w, const SeegaMove& m) {
  Side mover = w.to_move;
  w.to_move = opponent(mover);
  w.extra = m.kind == SeegaMoveKind::blocked;
  if (m.kind == SeegaMoveKind::place) {
    w.cells[m.place[0]] = w.cells[m.place[1]] = piece_of(mover);
    if (all_placed(w)) {
      // Walker rule 4: the last placer steps first; first-placer: South,
      // who always places first (docs/RULES.md §Seega, finer points).
      w.phase = SeegaPhase::move;
      w.to_move = o.first_mover == SeegaFirstMover::last_placer ? mover : Side::south;
    }
  }
}

// ---------------------------------------------------------------------------
// Legal moves
// ---------------------------------------------------------------------------

template <class Emit>
void chain_dfs(const SeegaOptions& o, const SeegaPosition& w, SeegaMove& m, int depth, SeegaCell at, Emit& emit) {
  bool more = m.steps[depth - 1].ncaptures > 0 && depth < kSeegaMaxSteps && can_capture_from(o, w, at);
  if (o.chain == SeegaChain::optional || !more) {
    m.nsteps = static_cast<std::uint8_t>(depth);
    emit(m);
  }
  if (!more) return;
  for (int d = 0; d < 4; ++d) {
    SeegaCell to = neighbour(at, d, w.size);
    if (to < 0 || w.cells[to] != SeegaPiece::empty) continue;
    SeegaPosition next = w;
    SeegaStep& s = m.steps[depth];
    s = SeegaStep{};
    s.to = to;
    s.listed = true;
    s.ncaptures = static_cast<std::uint8_t>(step_and_capture(o, next, at, to, s.captures));
    if (s.ncaptures > 0) chain_dfs(o, next, m, depth + 1, to, emit);
  }
}

// Every step-turn of the side to move of `pos` (after a removal, if any).
template <class Emit>
void step_turns(const SeegaOptions& o, const SeegaPosition& pos, SeegaMove& m, Emit& emit) {
  bool must_open = pos.extra && any_opening_step(o, pos);
  SeegaPiece mine = piece_of(pos.to_move);
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (pos.cells[c] != mine) return;
    for (int d = 0; d < 4; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || pos.cells[to] != SeegaPiece::empty) continue;
      SeegaPosition w = pos;
      m.from = c;
      m.steps[0] = SeegaStep{};
      m.steps[0].to = to;
      m.steps[0].listed = true;
      m.steps[0].ncaptures = static_cast<std::uint8_t>(step_and_capture(o, w, c, to, m.steps[0].captures));
      if (must_open && !way_open(w, opponent(pos.to_move))) continue;
      chain_dfs(o, w, m, 1, to, emit);
    }
  });
}

template <class Emit>
void placements(const SeegaOptions& o, const SeegaPosition& pos, Emit& emit) {
  SeegaMove m;
  m.kind = SeegaMoveKind::place;
  if (o.lane_opening && pos.count(pos.to_move) == 0) {
    auto pair = o.opening[static_cast<int>(pos.to_move)];
    if (file_rank_key(pair[1]) < file_rank_key(pair[0])) std::swap(pair[0], pair[1]);
    m.place = pair;
    if (pos.cells[pair[0]] == SeegaPiece::empty && pos.cells[pair[1]] == SeegaPiece::empty) emit(m);
    return;
  }
  SeegaCell centre = centre_of(pos.size);
  for_each_cell(pos.size, [&](SeegaCell a) {
    if (a == centre || pos.cells[a] != SeegaPiece::empty) return;
    for_each_cell(pos.size, [&](SeegaCell b) {
      if (file_rank_key(b) <= file_rank_key(a) || b == centre || pos.cells[b] != SeegaPiece::empty) return;
      m.place = {a, b};
      emit(m);
    });
  });
}

template <class Emit>
void for_each_legal(const SeegaOptions& o, const SeegaPosition& pos, Emit& emit) {
  if (seega_outcome(pos) != Result::unfinished) return;
  if (pos.phase == SeegaPhase::place) return placements(o, pos, emit);
  SeegaMove m;
  m.kind = SeegaMoveKind::steps;
  if (seega_can_step(pos, pos.to_move)) return step_turns(o, pos, m, emit);
  if (o.blocked == SeegaBlocked::extra_turn) {
    m.kind = SeegaMoveKind::blocked;
    return emit(m);
  }
  m.kind = SeegaMoveKind::removal;
  SeegaPiece mine = piece_of(pos.to_move), theirs = piece_of(opponent(pos.to_move));
  for_each_cell(pos.size, [&](SeegaCell r) {
    if (pos.cells[r] != theirs) return;
    bool next = false;
    for (int d = 0; d < 4; ++d) next = next || (neighbour(r, d, pos.size) >= 0 && pos.cells[neighbour(r, d, pos.size)] == mine);
    if (!next) return;
    SeegaPosition w = pos;
    w.cells[r] = SeegaPiece::empty;
    m.removed = r;
    step_turns(o, w, m, emit);
  });
}

// ---------------------------------------------------------------------------
// Options (docs/RULES.md §Seega) and the Game table entry
// ---------------------------------------------------------------------------

Error bad_rules(std::string reason) { return fail(Code::bad_rules, 0, std::move(reason)); }

// The default Lane opening pairs: middles of the edges (docs/RULES.md §Seega).
std::array<std::array<SeegaCell, 2>, 2> default_opening(int n) {
  int m = n / 2;
  return {{{seega_cell(m, 0), seega_cell(m, n - 1)}, {seega_cell(0, m), seega_cell(n - 1, m)}}};
}

// "c2+c4/b3+d3": South's pair / North's pair.
Error parse_opening(std::string_view v, SeegaOptions& o) {
  std::string why = "lane-opening '" + std::string(v) + "': ";
  if (v.size() != 11 || v[2] != '+' || v[5] != '/' || v[8] != '+')
    return bad_rules(why + "expected no, yes or two pairs such as c2+c4/b3+d3");
  std::array<SeegaCell, 4> cells{};
  for (int i = 0; i < 4; ++i) {
    if (!read_cell(v, static_cast<std::size_t>(3 * i), cells[i]) || !on_board(cells[i], o.size))
      return bad_rules(why + std::string(v.substr(static_cast<std::size_t>(3 * i), 2)) + " is not a cell of the board");
    if (cells[i] == o.centre()) return bad_rules(why + "the centre cannot be an opening cell");
    for (int j = 0; j < i; ++j)
      if (cells[j] == cells[i]) return bad_rules(why + seega_cell_name(cells[i]) + " is named twice");
  }
  o.opening = {{{cells[0], cells[1]}, {cells[2], cells[3]}}};
  return Error::none();
}

// Reads a two-valued option; `first` gives true.
Error read_choice(const RuleSet& r, std::string_view name, std::string_view first, std::string_view second,
                  bool& out) {
  std::string_view v = r.get(name);
  if (v.empty() || v == first || v == second) {
    out = v.empty() ? out : v == first;
    return Error::none();
  }
  return bad_rules("option " + std::string(name) + " cannot be '" + std::string(v) + "'");
}

const std::vector<OptionSpec>& seega_specs() {
  static const std::vector<OptionSpec> specs{
      {"size", {"5", "7", "9"}, "5", "board of n x n cells (khamsawee, seb'awee, tis'awee)",
       "Lane 1836, seega (khamsáwee, seb'áwee, tis'áwee); Walker 2011, Variations; docs/RULES.md §Seega"},
      {"first-mover", {"last-placer", "first-placer"}, "last-placer",
       "who makes the first step: the player who placed last, or the one who placed first",
       "Walker 2011, rule 4 (the second player begins the movement); Lane 1836, seega, names no one; docs/RULES.md §Seega"},
      {"chain", {"optional", "mandatory"}, "optional", "after a capture the same piece may / must go on capturing",
       "Walker 2011, rule 9 (\"may continue\") vs Lane 1836, seega (\"as long as he can ... he does so\"); docs/RULES.md §Seega"},
      {"centre-immune", {"yes", "no"}, "yes", "a piece on the centre cannot be captured",
       "Walker 2011, rule 12 and Illustration 2; Lane 1836, seega, has no such rule; docs/RULES.md §Seega"},
      {"blocked", {"extra-turn", "remove"}, "extra-turn",
       "a blocked player's opponent takes an extra turn, or removes his own piece to open a way",
       "Walker 2011, rule 7 (an extra turn) vs Lane 1836, seega (\"open to him, a way\"); docs/RULES.md §Seega"},
      {"lane-opening", {}, "no",
       "first pair of each player on prescribed cells: no, yes (middles of the edges) or e.g. c2+c4/b3+d3",
       "Lane 1836, seega (\"a, a\" and \"b, b\" on his figure); docs/RULES.md §Seega"},
      {"barrier", {"no", "yes"}, "no", "a barrier ending (Termination \"barrier\") goes to the side with more pieces",
       "Walker 2011, Variations (the barrier); docs/RULES.md §Seega"},
  };
  return specs;
}

const std::vector<Preset>& seega_presets() {
  static const std::vector<Preset> presets{
      {"walker", "", "Walker 2011: the modern rules, all options at their defaults"},
      {"lane", "lane-opening=yes; first-mover=first-placer; chain=mandatory; centre-immune=no; blocked=remove",
       "Lane 1836: prescribed first pairs, mandatory chains, no immune centre, removal opens a way"},
  };
  return presets;
}

// ---------------------------------------------------------------------------
// Diagram (docs/RULES.md §Tâb box drawing; NOTATION.md section 5)
// ---------------------------------------------------------------------------

struct Glyphs : BoxGlyphs {
  const char *south, *north, *centre;
};
constexpr Glyphs kUnicode{kUnicodeBox, "●", "○", "×"};
constexpr Glyphs kAscii{kAsciiBox, "x", "o", "+"};

void rule_line(std::string& out, const Glyphs& g, int n, bool margins, const char* l, const char* m, const char* r) {
  box_rule(out, g, n, 3, margins ? "   " : "", l, m, r);
}


const char* glyph(const SeegaPosition& pos, SeegaCell c, const Glyphs& g, bool empty_board) {
  SeegaPiece p = empty_board ? SeegaPiece::empty : pos.cells[c];
  if (p == SeegaPiece::south) return g.south;
  if (p == SeegaPiece::north) return g.north;
  return c == centre_of(pos.size) ? g.centre : " ";
}

// "● South 3   ○ North 9": the legend, with the pieces each side has on the board.
std::string legend_line(const SeegaPosition& pos, const Glyphs& g) {
  return std::string(g.south) + " South " + std::to_string(pos.count(Side::south)) + "   " + g.north +
         " North " + std::to_string(pos.count(Side::north)) + "\n";
}

std::string status_line(const SeegaPosition& pos, const Glyphs& g) {
  Result r = seega_outcome(pos);
  if (r != Result::unfinished) return legend_line(pos, g) + "Game over: " + std::string(result_token(r)) + "\n";
  std::string out = legend_line(pos, g) + side_str(pos.to_move) + " to move";
  if (pos.phase == SeegaPhase::place) {
    int pieces = (pos.size * pos.size - 1) / 2;
    int s = pieces - pos.count(Side::south), n = pieces - pos.count(Side::north);
    out += s == n ? " (placement: " + std::to_string(s) + " in hand each)"
                  : " (placement: South " + std::to_string(s) + ", North " + std::to_string(n) + " in hand)";
  } else if (pos.extra) {
    out += " (extra turn: open a way if you can)";
  }
  return out + "\n";
}

// ---------------------------------------------------------------------------
// Position text helpers
// ---------------------------------------------------------------------------

Error setup_error(std::size_t at, std::string reason) {
  return fail(Code::bad_setup, static_cast<std::uint32_t>(at), std::move(reason) + " (NOTATION.md section 5)");
}

// The rows of a board text, top row first, as written.
struct BoardScan {
  std::array<int, 9> widths{};
  std::array<std::array<SeegaPiece, 9>, 9> grid{};
  int rows = 0;
};

Error scan_rows(std::string_view b, BoardScan& scan) {
  int width = 0;
  bool last_digit = false;
  for (std::size_t i = 0; i <= b.size(); ++i) {
    char c = i < b.size() ? b[i] : '/';
    if (c == '/') {
      if (scan.rows == 9) return setup_error(i, "more than 9 rows");
      scan.widths[scan.rows++] = width;
      width = 0;
      last_digit = false;
      continue;
    }
    bool digit = c >= '1' && c <= '9';
    if (!digit && c != 'S' && c != 'N') return setup_error(i, std::string("unexpected '") + c + "' in the board");
    if (digit && last_digit) return setup_error(i, "a run of empty cells is one digit");
    if (width + (digit ? c - '0' : 1) > 9) return setup_error(i, "a row is wider than 9 cells");
    if (!digit) scan.grid[scan.rows][width] = c == 'S' ? SeegaPiece::south : SeegaPiece::north;
    width += digit ? c - '0' : 1;
    last_digit = digit;
  }
  return Error::none();
}

// The board part of a position text; sets out.size and out.cells.
Error parse_board(std::string_view b, SeegaPosition& out) {
  BoardScan scan;
  if (Error e = scan_rows(b, scan)) return e;
  const int n = scan.rows;
  if (n != 5 && n != 7 && n != 9) return setup_error(0, std::to_string(n) + " rows: a Seega board is 5, 7 or 9 wide");
  std::size_t row_start = 0;
  for (int r = 0; r < n; ++r) {
    if (scan.widths[r] != n)
      return setup_error(row_start, "row " + std::to_string(r + 1) + " has " + std::to_string(scan.widths[r]) +
                                        " cells, not " + std::to_string(n));
    row_start = b.find('/', row_start) + 1;
  }
  out.size = n;
  out.cells = {};
  for (int r = 0; r < n; ++r)
    for (int f = 0; f < n; ++f) out.cells[seega_cell(f, n - 1 - r)] = scan.grid[r][f];
  return Error::none();
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md): the n x n board of squares, Walker's marked
// centre as a saltire, South's pieces black discs and North's white discs
// with a black rim (told apart in monochrome), files a.. under the board and
// ranks 1.. on its left; flipped, North's side is at the bottom.
// ---------------------------------------------------------------------------

namespace {

struct SeegaGeometry {
  int n;
  double cell, left, top;
  bool flipped;

  static SeegaGeometry of(int n, const DrawOptions& d) {
    double pad = std::max(2.0, 0.08 * d.cell);
    double margin = d.coordinates ? std::max(pad, std::round(0.75 * d.cell)) : pad;
    return {n, d.cell, margin, pad, d.flipped};
  }
  svg::Size size() const {
    double board = n * cell;
    return {left + board + top, top + board + (left > top ? left : top)};
  }
  // Column and row (from the top-left) of a cell on the drawing.
  int column(int file) const { return flipped ? n - 1 - file : file; }
  int row(int rank) const { return flipped ? rank : n - 1 - rank; }
  svg::Point centre(SeegaCell c) const {
    return {left + (column(seega_file(c)) + 0.5) * cell, top + (row(seega_rank(c)) + 0.5) * cell};
  }
};

// "c3" on an n x n board, or -1.
SeegaCell seega_parse_cell(std::string_view name, int n) {
  if (name.size() < 2 || name.size() > 2 || name[0] < 'a' || name[0] >= 'a' + n || name[1] < '1' ||
      name[1] >= '1' + n)
    return -1;
  return seega_cell(name[0] - 'a', name[1] - '1');
}

void seega_draw_board(const SeegaPosition& pos, const SeegaOptions& o, svg::Canvas& c, const DrawOptions& d) {
  const SeegaGeometry g = SeegaGeometry::of(pos.size, d);
  const double side = g.n * g.cell;
  svg::Paint ground;
  ground.fill = d.monochrome ? "#fff" : "#efe2c4";
  ground.stroke = "#000";
  ground.stroke_width = std::max(1.5, 0.05 * d.cell);
  c.rect(g.left, g.top, side, side, ground);
  svg::Paint rule;
  rule.stroke = "#000";
  rule.stroke_width = std::max(1.0, 0.025 * d.cell);
  for (int i = 1; i < g.n; ++i) {
    double at = i * g.cell;
    c.line({g.left + at, g.top}, {g.left + at, g.top + side}, rule);
    c.line({g.left, g.top + at}, {g.left + side, g.top + at}, rule);
  }
  // The marked centre of Walker's board: a saltire.
  svg::Point m = g.centre(o.centre());
  double k = 0.34 * g.cell;
  svg::Paint saltire = rule;
  saltire.stroke_width = std::max(1.0, 0.04 * d.cell);
  saltire.stroke = d.monochrome ? "#000" : "#7a5a2a";
  c.line({m.x - k, m.y - k}, {m.x + k, m.y + k}, saltire);
  c.line({m.x - k, m.y + k}, {m.x + k, m.y - k}, saltire);
  if (!d.coordinates) return;
  svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
  for (int i = 0; i < g.n; ++i) {
    svg::Point file = g.centre(seega_cell(i, 0)), rank = g.centre(seega_cell(0, i));
    c.centred_text({file.x, g.top + side + g.left / 2}, std::string(1, static_cast<char>('a' + i)), f);
    c.centred_text({g.left / 2, rank.y}, std::to_string(i + 1), f);
  }
}

void seega_draw_pieces(const SeegaPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  if (d.empty_board) return;
  const SeegaGeometry g = SeegaGeometry::of(pos.size, d);
  svg::Paint black, white;
  black.fill = "#000";
  white.fill = "#fff";
  white.stroke = black.stroke = "#000";
  white.stroke_width = black.stroke_width = std::max(1.5, 0.06 * d.cell);
  const double r = 0.33 * g.cell;
  for (int rank = 0; rank < g.n; ++rank)
    for (int file = 0; file < g.n; ++file) {
      SeegaCell cell = seega_cell(file, rank);
      if (pos.cells[cell] == SeegaPiece::empty) continue;
      c.circle(g.centre(cell), r, pos.cells[cell] == SeegaPiece::south ? black : white);
    }
}

MoveCells seega_move_cells(const SeegaOptions& o, const SeegaPosition& pos, std::string_view text) {
  MoveCells out;
  SeegaMove m;
  if (seega_parse(text, m)) return out;
  SeegaMove checked = m;
  if (!seega_check(o, pos, checked)) m = checked;  // captures filled in
  switch (m.kind) {
    case SeegaMoveKind::place:
      for (SeegaCell c : m.place) out.to.push_back(seega_cell_name(c));
      break;
    case SeegaMoveKind::removal:
      if (m.removed >= 0) out.captured.push_back(seega_cell_name(m.removed));
      [[fallthrough]];
    case SeegaMoveKind::steps:
      if (m.from >= 0) out.from.push_back(seega_cell_name(m.from));
      for (int i = 0; i < m.nsteps; ++i) {
        const SeegaStep& s = m.steps[i];
        out.to.push_back(seega_cell_name(s.to));
        for (int j = 0; j < s.ncaptures; ++j) out.captured.push_back(seega_cell_name(s.captures[j]));
      }
      break;
    case SeegaMoveKind::blocked: break;
  }
  // A chain may step onto a cell it emptied earlier in the turn: that cell
  // holds the moving piece now and is shown as reached, not crossed out.
  std::erase_if(out.captured, [&out](const std::string& c) {
    return std::find(out.to.begin(), out.to.end(), c) != out.to.end();
  });
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// Game and State
// ---------------------------------------------------------------------------

class SeegaState final : public State {
 public:
  SeegaState(const SeegaOptions& o, const SeegaPosition& p) : options_(o), pos_(p), outcome_(seega_outcome(p)) {}

  const Game& game() const noexcept override { return seega_game(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<SeegaState>(*this); }
  bool equals(const State& other) const noexcept override {
    auto* o = dynamic_cast<const SeegaState*>(&other);
    return o && o->options_ == options_ && o->pos_ == pos_;
  }
  std::string position_text() const override { return pos_.text(); }
  Actor to_move() const noexcept override { return is_terminal() ? Actor::none : actor_of(pos_.to_move); }
  std::uint32_t turns_played() const noexcept override { return turns_; }
  bool is_terminal() const noexcept override { return outcome_ != Result::unfinished; }
  Result outcome() const noexcept override { return outcome_; }

  void legal_moves(std::vector<std::string>& out) const override {
    auto emit = [&out](const SeegaMove& m) { out.push_back(seega_format(m)); };
    for_each_legal(options_, pos_, emit);
  }
  Error play(std::string_view text) override {
    if (Error e = seega_play(options_, pos_, text)) return e;
    ++turns_;
    outcome_ = seega_outcome(pos_);
    return Error::none();
  }
  Error check(std::string_view text, std::string& canonical) const override {
    SeegaPosition copy = pos_;
    return seega_play(options_, copy, text, &canonical);
  }
  Error adjudicate(std::string_view termination, Result& out) const override;
  std::string render(const RenderOptions& options) const override { return seega_render(pos_, options); }

  bool can_draw() const noexcept override { return true; }
  svg::Size board_size(const DrawOptions& d) const override { return SeegaGeometry::of(pos_.size, d).size(); }
  void draw_board(svg::Canvas& c, const DrawOptions& d) const override { seega_draw_board(pos_, options_, c, d); }
  void draw_pieces(svg::Canvas& c, const DrawOptions& d) const override { seega_draw_pieces(pos_, c, d); }
  bool cell_centre(std::string_view cell, const DrawOptions& d, svg::Point& out) const override {
    SeegaCell c = seega_parse_cell(cell, pos_.size);
    if (c < 0) return false;
    out = SeegaGeometry::of(pos_.size, d).centre(c);
    return true;
  }
  MoveCells move_cells(std::string_view text) const override { return seega_move_cells(options_, pos_, text); }

 private:
  SeegaOptions options_;
  SeegaPosition pos_;
  Result outcome_;  // seega_outcome(pos_), kept with the position
  std::uint32_t turns_ = 0;
};

// Walker, Variations: a barrier ending goes to the side with more pieces
// (equal counts: a draw, our reading). Needs barrier=yes.
Error SeegaState::adjudicate(std::string_view termination, Result& out) const {
  if (termination != "barrier") return State::adjudicate(termination, out);
  if (!options_.barrier)
    return fail(Code::bad_termination, 0, "a barrier ending needs the option barrier=yes (Walker, Variations)");
  int s = pos_.count(Side::south), n = pos_.count(Side::north);
  out = s > n ? Result::south_wins : n > s ? Result::north_wins : Result::draw;
  return Error::none();
}

class SeegaGame final : public Game {
 public:
  std::string_view name() const noexcept override { return "seega"; }
  std::string_view title() const noexcept override { return "Seega"; }
  std::string_view sources() const noexcept override {
    return "Lane 1836, seega; Walker 2011, rules 1-13 and Variations; docs/RULES.md §Seega, docs/SOURCES.md";
  }
  const std::vector<OptionSpec>& options() const noexcept override { return seega_specs(); }
  const std::vector<Preset>& presets() const noexcept override { return seega_presets(); }
  Error new_state(const RuleSet& rules, std::string_view setup, std::unique_ptr<State>& out) const override {
    SeegaOptions o;
    if (Error e = SeegaOptions::from_rules(rules, o)) return e;
    SeegaPosition pos = SeegaPosition::initial(o.size);
    if (!setup.empty()) {
      if (Error e = SeegaPosition::parse(setup, pos)) return e;
      if (Error e = seega_validate(o, pos)) return e;
    }
    out = std::make_unique<SeegaState>(o, pos);
    return Error::none();
  }
};

}  // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

const Game& seega_game() {
  static const SeegaGame game;
  return game;
}

std::string seega_cell_name(SeegaCell c) {
  return {static_cast<char>('a' + seega_file(c)), static_cast<char>('1' + seega_rank(c))};
}

Error SeegaOptions::from_rules(const RuleSet& rules, SeegaOptions& out) {
  SeegaOptions o;
  std::string_view size = rules.get("size");
  if (!size.empty() && size != "5" && size != "7" && size != "9")
    return bad_rules("option size cannot be '" + std::string(size) + "' (5, 7 or 9)");
  o.size = size.empty() ? 5 : size[0] - '0';
  bool last = true, optional = true, extra = true;
  if (Error e = read_choice(rules, "first-mover", "last-placer", "first-placer", last)) return e;
  if (Error e = read_choice(rules, "chain", "optional", "mandatory", optional)) return e;
  if (Error e = read_choice(rules, "centre-immune", "yes", "no", o.centre_immune)) return e;
  if (Error e = read_choice(rules, "blocked", "extra-turn", "remove", extra)) return e;
  if (Error e = read_choice(rules, "barrier", "yes", "no", o.barrier)) return e;
  o.first_mover = last ? SeegaFirstMover::last_placer : SeegaFirstMover::first_placer;
  o.chain = optional ? SeegaChain::optional : SeegaChain::mandatory;
  o.blocked = extra ? SeegaBlocked::extra_turn : SeegaBlocked::remove;
  std::string_view lane = rules.get("lane-opening");
  o.lane_opening = !lane.empty() && lane != "no";
  if (lane == "yes") o.opening = default_opening(o.size);
  else if (o.lane_opening)
    if (Error e = parse_opening(lane, o)) return e;
  out = o;
  return Error::none();
}

SeegaPosition SeegaPosition::initial(int n) {
  SeegaPosition p;
  p.size = n;
  return p;
}

SeegaPosition::SeegaPosition(std::string_view text) {
  if (Error e = parse(text, *this)) throw std::invalid_argument(e.reason);
}

Error SeegaPosition::parse(std::string_view text, SeegaPosition& out) {
  PositionFields<4> fields;
  std::size_t extra = 0;
  if (!split_position_fields(text, fields, extra)) return setup_error(extra, "unexpected text after the position");
  const auto& parts = fields.parts;
  const auto& at = fields.at;
  const int count = fields.count;
  if (count < 3) return setup_error(text.size(), "expected: board, side (S or N), phase (place or move)");
  SeegaPosition p;
  if (Error e = parse_board(parts[0], p)) {
    e.offset += static_cast<std::uint32_t>(at[0]);
    return e;
  }
  if (parts[1] != "S" && parts[1] != "N") return setup_error(at[1], "the side to move is S or N");
  p.to_move = parts[1] == "S" ? Side::south : Side::north;
  if (parts[2] != "place" && parts[2] != "move") return setup_error(at[2], "the phase is place or move");
  p.phase = parts[2] == "place" ? SeegaPhase::place : SeegaPhase::move;
  if (count == 4 && parts[3] != "extra") return setup_error(at[3], "only 'extra' may follow the phase");
  p.extra = count == 4;
  out = p;
  return Error::none();
}

std::string SeegaPosition::text() const {
  std::string out;
  for (int r = size - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < size; ++f) {
      SeegaPiece p = cells[seega_cell(f, r)];
      if (p == SeegaPiece::empty) { ++run; continue; }
      if (run) out += static_cast<char>('0' + run);
      run = 0;
      out += p == SeegaPiece::south ? 'S' : 'N';
    }
    if (run) out += static_cast<char>('0' + run);
    if (r) out += '/';
  }
  out += to_move == Side::south ? " S" : " N";
  out += phase == SeegaPhase::place ? " place" : " move";
  if (extra) out += " extra";
  return out;
}

int SeegaPosition::count(Side side) const noexcept {
  const SeegaPiece mine = piece_of(side);
  int n = 0;
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) n += cells[seega_cell(file, rank)] == mine;
  return n;
}

SeegaPiece SeegaPosition::at(std::string_view cell) const noexcept {
  SeegaCell c = -1;
  if (cell.size() != 2 || !read_cell(cell, 0, c) || !on_board(c, size)) return SeegaPiece::empty;
  return cells[c];
}

Error seega_parse(std::string_view t, SeegaMove& m) {
  m = SeegaMove{};
  if (t == "--") {
    m.kind = SeegaMoveKind::blocked;
    return Error::none();
  }
  if (!t.empty() && t[0] == '~') {
    m.kind = SeegaMoveKind::removal;
    if (!read_cell(t, 1, m.removed)) return syntax(1, "the removed cell after '~'");
    if (t.size() < 4 || t[3] != '/') return syntax(3, "'/' after the removed cell");
    return parse_steps(t, 4, m);
  }
  if (!read_cell(t, 0, m.from)) return syntax(0, "a cell such as c1, or '--'");
  if (t.size() > 2 && t[2] == ',') {
    m.kind = SeegaMoveKind::place;
    m.place[0] = m.from;
    m.from = -1;
    if (!read_cell(t, 3, m.place[1])) return syntax(3, "the second cell of the pair");
    if (t.size() > 5) return syntax(5, "the end of the placement");
    return Error::none();
  }
  return parse_steps(t, 0, m);
}

void seega_format(const SeegaMove& m, std::string& out) {
  switch (m.kind) {
    case SeegaMoveKind::blocked: out += "--"; return;
    case SeegaMoveKind::place:
      out += seega_cell_name(m.place[0]) + "," + seega_cell_name(m.place[1]);
      return;
    case SeegaMoveKind::removal: out += "~" + seega_cell_name(m.removed) + "/"; break;
    case SeegaMoveKind::steps: break;
  }
  out += seega_cell_name(m.from);
  for (int i = 0; i < m.nsteps; ++i) {
    out += '-';
    out += seega_cell_name(m.steps[i].to);
    for (int j = 0; j < m.steps[i].ncaptures; ++j) out += 'x' + seega_cell_name(m.steps[i].captures[j]);
  }
}

std::string seega_format(const SeegaMove& m) {
  std::string out;
  seega_format(m, out);
  return out;
}

Error seega_check(const SeegaOptions& o, const SeegaPosition& pos, SeegaMove& m) {
  SeegaPosition w = pos;
  return resolve(o, w, m);
}

void seega_apply(const SeegaOptions& o, SeegaPosition& pos, const SeegaMove& m) {
  if (m.kind == SeegaMoveKind::removal) pos.cells[m.removed] = SeegaPiece::empty;
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
  if (seega_outcome(pos) != Result::unfinished) return fail(Code::game_over, 0, "the game is over");
  SeegaMove m;
  if (Error e = seega_parse(text, m)) return e;
  SeegaPosition w = pos;
  if (Error e = resolve(o, w, m)) return e;
  finish_turn(o, w, m);
  pos = w;
  if (canonical) *canonical = seega_format(m);
  return Error::none();
}

void seega_legal(const SeegaOptions& o, const SeegaPosition& pos, std::vector<SeegaMove>& out) {
  auto emit = [&out](const SeegaMove& m) { out.push_back(m); };
  for_each_legal(o, pos, emit);
}

bool seega_can_step(const SeegaPosition& pos, Side side) noexcept {
  SeegaPiece mine = piece_of(side);
  bool found = false;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (found || pos.cells[c] != mine) return;
    for (int d = 0; d < 4; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      found = found || (to >= 0 && pos.cells[to] == SeegaPiece::empty);
    }
  });
  return found;
}

// Walker rule 13: a player with no pieces loses. No other ending arises: a
// position in which neither side can step would need a board without an
// empty cell next to a piece, and with at most (n*n-1)/2 pieces a side (the
// set-up check) some cell is empty and, the grid being connected, some piece
// stands next to an empty cell. So the outcome needs only the two counts.
Result seega_outcome(const SeegaPosition& pos) noexcept {
  if (pos.phase != SeegaPhase::move) return Result::unfinished;
  int s = pos.count(Side::south), n = pos.count(Side::north);
  if (s == 0 || n == 0) return s == n ? Result::draw : s == 0 ? Result::north_wins : Result::south_wins;
  return Result::unfinished;
}

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
  if (pos.cells[o.centre()] != SeegaPiece::empty) return bad("no piece stands on the centre during placement");
  if (s % 2 || n % 2) return bad("pieces are placed two at a time");
  if (pos.to_move == Side::south ? s != n : s != n + 2)
    return bad("South places first, two per turn: the counts do not fit the side to move");
  if (s + n == 2 * max) return bad("every piece is placed: the phase is 'move'");
  if (!o.lane_opening) return Error::none();
  for (Side side : {Side::south, Side::north})
    for (SeegaCell c : o.opening[static_cast<int>(side)])
      if (pos.count(side) == 0 && pos.cells[c] != SeegaPiece::empty)
        return bad("lane-opening: " + seega_cell_name(c) + " must be free for " + side_str(side) + "'s first pair");
  return Error::none();
}

std::string seega_render(const SeegaPosition& pos, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  const int n = pos.size;
  const bool margins = ro.coordinates;
  std::string out;
  if (margins) box_files_line(out, n);
  rule_line(out, g, n, margins, g.tl, g.tm, g.tr);
  for (int r = n - 1; r >= 0; --r) {
    if (margins) out += " " + std::to_string(r + 1) + " ";
    out += g.v;
    for (int f = 0; f < n; ++f) {
      out += ' ';
      out += glyph(pos, seega_cell(f, r), g, ro.empty_board);
      out += ' ';
      out += g.v;
    }
    if (margins) out += " " + std::to_string(r + 1);
    out += '\n';
    if (r > 0) rule_line(out, g, n, margins, g.ml, g.mm, g.mr);
  }
  rule_line(out, g, n, margins, g.bl, g.bm, g.br);
  if (margins) box_files_line(out, n);
  if (ro.show_to_move && !ro.empty_board) out += status_line(pos, g);
  return out;
}

}  // namespace beyt
