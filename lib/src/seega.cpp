// Seega: rules engine, Game/State and diagrams (beyt/seega.hpp).
// Sources: Lane 1836 ("SEEGA"), Walker 2011; docs/RULES.md §Seega;
// notation/NOTATION.md section 5.
#include "beyt/seega.hpp"
#include "text_board.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "engine_helpers.hpp"
#include "engine_state.hpp"
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

constexpr bool on_board(int file, int rank, int n) { return file >= 0 && rank >= 0 && file < n && rank < n; }
constexpr bool on_board(SeegaCell c, int n) { return c >= 0 && on_board(seega_file(c), seega_rank(c), n); }

// The bitboard of one cell, from a table (a variable shift of 128 bits costs
// more than a load).
constexpr std::array<SeegaBits, kSeegaCells> kBit = [] {
  std::array<SeegaBits, kSeegaCells> out{};
  for (int c = 0; c < kSeegaCells; ++c) out[c] = SeegaBits::cell(c);
  return out;
}();
constexpr SeegaBits bit(SeegaCell c) { return kBit[c]; }
// The same with one more entry, kNoCell: no cell, no bit (for lookups
// without a branch on "off the board").
constexpr std::uint8_t kNoCell = kSeegaCells;
constexpr std::array<SeegaBits, kSeegaCells + 1> kBitOrNone = [] {
  std::array<SeegaBits, kSeegaCells + 1> out{};
  for (int c = 0; c < kSeegaCells; ++c) out[c] = SeegaBits::cell(c);
  return out;
}();

// Bits in a word, and cells in a bitboard (SWAR: no popcnt instruction is
// assumed of the machine).
int popcount64(std::uint64_t w) {
  w = w - ((w >> 1) & 0x5555555555555555ull);
  w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
  w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((w * 0x0101010101010101ull) >> 56);
}
int popcount(SeegaBits b) { return popcount64(b.low) + (b.high ? popcount64(b.high) : 0); }

// An n x n board on the 9x9 index, made once per size: its cells as a
// bitboard, the cells with a neighbour to the left and to the right, and the
// neighbour of every cell in each direction (-1 off the board).
struct Geometry {
  SeegaBits board, has_left, has_right, centre;
  std::array<std::array<SeegaCell, 4>, kSeegaCells> next{};
  std::array<bool, kSeegaCells> on{};  // on this board
  std::array<SeegaBits, kSeegaCells> around{};  // the neighbours of each cell
  // [cell][direction]: the neighbour and the cell beyond it, kNoCell off the board.
  std::array<std::array<std::array<std::uint8_t, 2>, 4>, kSeegaCells> line{};

  static constexpr Geometry make(int n) {
    Geometry g;
    for (SeegaCell c = 0; c < kSeegaCells; ++c)
      for (int d = 0; d < 4; ++d) {
        int f = seega_file(c) + kDirFile[d], r = seega_rank(c) + kDirRank[d];
        g.next[c][d] = on_board(seega_file(c), seega_rank(c), n) && on_board(f, r, n) ? seega_cell(f, r) : SeegaCell{-1};
      }
    for (SeegaCell c = 0; c < kSeegaCells; ++c)
      for (int d = 0; d < 4; ++d) {
        const SeegaCell e = g.next[c][d], beyond = e >= 0 ? g.next[e][d] : SeegaCell{-1};
        g.line[c][d] = {e >= 0 ? static_cast<std::uint8_t>(e) : kNoCell,
                        beyond >= 0 ? static_cast<std::uint8_t>(beyond) : kNoCell};
      }
    for (SeegaCell c = 0; c < kSeegaCells; ++c) {
      if (!on_board(c, n)) continue;
      for (int d = 0; d < 4; ++d)
        if (g.next[c][d] >= 0) g.around[c] |= bit(g.next[c][d]);
      g.on[c] = true;
      g.board |= bit(c);
      if (c == seega_cell(n / 2, n / 2)) g.centre = bit(c);
      if (seega_file(c) > 0) g.has_left |= bit(c);
      if (seega_file(c) < n - 1) g.has_right |= bit(c);
    }
    return g;
  }
};

constexpr std::array<Geometry, 3> kGeometry{Geometry::make(5), Geometry::make(7), Geometry::make(9)};

// Precondition: n is 5, 7 or 9.
const Geometry& geometry(int n) { return kGeometry[static_cast<unsigned>(n - 5) >> 1]; }

// The neighbour of `c` in direction `d`, or -1 off the board.
SeegaCell neighbour(SeegaCell c, int d, int n) { return geometry(n).next[c][d]; }

bool adjacent(SeegaCell a, SeegaCell b, int n) {
  for (int d = 0; d < 4; ++d)
    if (neighbour(a, d, n) == b) return true;
  return false;
}

// The cells next to some cell of `b` (orthogonally), on the board. Boards
// of 5 and 7 lie in the low word (the last cell is g7 = 60): one word's
// shifts are half the work.
inline SeegaBits spread(SeegaBits b, const Geometry& g) {
  if (!g.board.high) {
    const std::uint64_t w = b.low, right = g.has_right.low, left = g.has_left.low;
    return {((w << kSeegaStride) | (w >> kSeegaStride) | ((w & right) << 1) | ((w & left) >> 1)) & g.board.low, 0};
  }
  return ((b << kSeegaStride) | (b >> kSeegaStride) | ((b & g.has_right) << 1) | ((b & g.has_left) >> 1)) & g.board;
}

SeegaBits empty_cells(const SeegaPosition& w) { return geometry(w.size).board & ~(w.pieces[0] | w.pieces[1]); }

// seega_outcome, inline for the engine's own calls (two words tested a turn).
// Walker rule 13: a player with no pieces loses. No other ending arises: a
// position in which neither side can step would need a board without an
// empty cell next to a piece, and with at most (n*n-1)/2 pieces a side (the
// set-up check) some cell is empty and, the grid being connected, some piece
// stands next to an empty cell. So the outcome needs only the two counts.
inline Result outcome(const SeegaPosition& pos) noexcept {
  if (pos.phase != SeegaPhase::move) return Result::unfinished;
  const bool s = static_cast<bool>(pos.pieces[0]), n = static_cast<bool>(pos.pieces[1]);
  if (s && n) return Result::unfinished;
  return s ? Result::south_wins : n ? Result::north_wins : Result::draw;
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

constexpr auto setup_error = engine::setup_error<5>;
constexpr auto syntax = engine::expected<5>;

// ---------------------------------------------------------------------------
// Captures (Walker rules 8, 10-12; Lane; docs/RULES.md §Seega "Capture", "Centre")
// ---------------------------------------------------------------------------

// The enemies a piece of side `s` arriving on `to` takes: custodian capture
// in each direction; the centre piece is immune when centre_immune (Walker
// rule 12). Reads only the neighbours of `to`, so it also answers "would this
// step capture" before the step is made. Returns the count; `out` sorted
// (file, then rank: the enemy to the left, below, above, to the right).
int captures_at(const SeegaOptions& o, const SeegaPosition& w, SeegaCell to, Side s,
                std::array<SeegaCell, kSeegaMaxListed>& out) {
  constexpr int kSorted[4] = {3, 2, 0, 1};  // left, down, up, right
  const Geometry& g = geometry(w.size);
  const SeegaBits own = w.pieces[static_cast<int>(s)];
  const SeegaBits enemy = w.pieces[static_cast<int>(opponent(s))] & ~(o.centre_immune ? g.centre : SeegaBits{});
  if (!(enemy & g.around[to])) return 0;  // the common case: no enemy next to `to`
  int n = 0;
  for (int d : kSorted) {
    SeegaCell e = g.next[to][d];
    if (e < 0 || !(enemy & bit(e))) continue;
    SeegaCell beyond = g.next[e][d];
    if (beyond >= 0 && (own & bit(beyond))) out[n++] = e;
  }
  return n;
}

// Moves the mover's piece on `from` to `to` and removes what it takes.
int step_and_capture(const SeegaOptions& o, SeegaPosition& w, SeegaCell from, SeegaCell to,
                     std::array<SeegaCell, kSeegaMaxListed>& out) {
  const int s = static_cast<int>(w.to_move);
  w.pieces[s] = (w.pieces[s] & ~bit(from)) | bit(to);
  int n = captures_at(o, w, to, w.to_move, out);
  for (int i = 0; i < n; ++i) w.pieces[1 - s] &= ~bit(out[i]);
  return n;
}

// Whether the mover's piece on `at` has a capturing step (a chain can go on).
bool can_capture_from(const SeegaOptions& o, const SeegaPosition& w, SeegaCell at) {
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  const SeegaBits empty = empty_cells(w);
  for (int d = 0; d < 4; ++d) {
    SeegaCell to = neighbour(at, d, w.size);
    if (to >= 0 && (empty & bit(to)) && captures_at(o, w, to, w.to_move, caps) > 0) return true;
  }
  return false;
}

// Whether the blocked side `b` has a way after a step (or no piece left:
// docs/RULES.md §Seega, finer points: taking the last piece counts as opening).
bool way_open(const SeegaPosition& w, Side b) { return w.count(b) == 0 || seega_can_step(w, b); }

// Whether some first step of the mover opens a way for the blocked opponent.
bool any_opening_step(const SeegaOptions& o, const SeegaPosition& pos) {
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)], empty = empty_cells(pos);
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  bool found = false;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (found || !(mine & bit(c))) return;
    for (int d = 0; d < 4 && !found; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || !(empty & bit(to))) continue;
      SeegaPosition w = pos;
      step_and_capture(o, w, c, to, caps);
      found = way_open(w, opponent(pos.to_move));
    }
  });
  return found;
}

// Every cell but the centre holds a piece.
bool all_placed(const SeegaPosition& w) { return !(empty_cells(w) & ~geometry(w.size).centre); }

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

// The checks below return false and fill `error` on the first fault
// (`fault`, `syntax`): the success of a turn then costs no Error on the way
// (docs: seega_check).

// One step "-cell{xcell}" at `i`; advances `i`.
bool parse_step(std::string_view t, std::size_t& i, SeegaStep& s, Error& error) {
  s = SeegaStep{};
  s.offset = static_cast<std::uint16_t>(i);
  if (!read_cell(t, i + 1, s.to)) return syntax(error, i + 1, "a cell such as c3 after '-'");
  i += 3;
  while (i < t.size() && t[i] == 'x') {
    if (s.ncaptures == kSeegaMaxListed) return fault(error, Code::capture_mismatch, i, "no step takes more than three pieces");
    SeegaCell c = -1;
    if (!read_cell(t, i + 1, c)) return syntax(error, i + 1, "a captured cell after 'x'");
    s.capture_offsets[s.ncaptures] = static_cast<std::uint16_t>(i);
    s.captures[s.ncaptures++] = c;
    s.listed = true;
    i += 3;
  }
  return true;
}

// A step-turn "cell-cell{xcell}{-cell{xcell}}" starting at `base`.
bool parse_steps(std::string_view t, std::size_t base, SeegaMove& m, Error& error) {
  m.kind = m.kind == SeegaMoveKind::removal ? m.kind : SeegaMoveKind::steps;
  m.from_offset = static_cast<std::uint16_t>(base);
  if (!read_cell(t, base, m.from)) return syntax(error, base, "a cell such as b3");
  std::size_t i = base + 2;
  if (i >= t.size() || t[i] != '-') return syntax(error, i, "'-' and the destination");
  while (i < t.size()) {
    if (t[i] != '-') return syntax(error, i, "'-', 'x' or the end of the move");
    if (m.nsteps == kSeegaMaxSteps) return fault(error, Code::chain_illegal, i, "no chain is this long");
    if (!parse_step(t, i, m.steps[m.nsteps], error)) return false;
    ++m.nsteps;
  }
  return true;
}

// seega_parse.
bool parse_move(std::string_view t, SeegaMove& m, Error& error) {
  // Every field but the steps; each step is written whole when it is read.
  m.kind = SeegaMoveKind::blocked;
  m.place = {{-1, -1}};
  m.removed = m.from = -1;
  m.from_offset = 0;
  m.nsteps = 0;
  if (t == "--") return true;
  if (!t.empty() && t[0] == '~') {
    m.kind = SeegaMoveKind::removal;
    if (!read_cell(t, 1, m.removed)) return syntax(error, 1, "the removed cell after '~'");
    if (t.size() < 4 || t[3] != '/') return syntax(error, 3, "'/' after the removed cell");
    return parse_steps(t, 4, m, error);
  }
  if (!read_cell(t, 0, m.from)) return syntax(error, 0, "a cell such as c1, or '--'");
  if (t.size() > 2 && t[2] == ',') {
    m.kind = SeegaMoveKind::place;
    m.place[0] = m.from;
    m.from = -1;
    if (!read_cell(t, 3, m.place[1])) return syntax(error, 3, "the second cell of the pair");
    if (t.size() > 5) return syntax(error, 5, "the end of the placement");
    return true;
  }
  return parse_steps(t, 0, m, error);
}

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
template <class Word>
Word word_of(SeegaBits b) {
  if constexpr (std::is_same_v<Word, SeegaBits>) return b;
  else return b.low;
}

// The commonest turn, a step of the movement phase that takes nothing
// ("c3-c4", no extra turn owed), checked and made directly: a legal one
// shows by itself that the mover can step and that no chain follows. False,
// with `pos` unchanged, for any other turn or any fault: play_into then
// resolves the turn in full and reports the fault.
// quiet_step's work in words of type Word: std::uint64_t for the boards of
// 5 and 7 (their cells lie in the low word), SeegaBits for 9. `from` and
// `to` are cells of the 9x9 index (0..80), on this board or not.
template <class Word>
bool quiet_step_in(const SeegaOptions& o, SeegaPosition& pos, const Geometry& g, SeegaCell from, SeegaCell to) {
  const int mover = static_cast<int>(pos.to_move);
  const Word own = word_of<Word>(pos.pieces[mover]), other = word_of<Word>(pos.pieces[1 - mover]);
  const Word f = word_of<Word>(bit(from)), t = word_of<Word>(bit(to));
  // around[from] holds the on-board neighbours of an on-board `from` (none
  // for a cell off the board): `to` is on the board, next to `from`, empty.
  if (!(own & f) || !(word_of<Word>(g.board & g.around[from]) & ~(own | other) & t)) return false;
  // Would the piece take anything on `to` (captures_at's count > 0)? Without
  // a branch on the board: which neighbour is an enemy is a coin toss in a
  // replay. The piece from `from` never stands beyond `to`.
  const Word enemy = other & ~word_of<Word>(o.centre_immune ? g.centre : SeegaBits{});
  bool takes = false;
  for (const auto& [e, beyond] : g.line[to])
    takes |= static_cast<bool>(enemy & word_of<Word>(kBitOrNone[e])) &
             static_cast<bool>(own & word_of<Word>(kBitOrNone[beyond]));
  if (takes) return false;
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

// seega_play with `m` as the storage of the move (a State keeps one: a move
// is some 900 bytes, too many to fill anew every turn).
Error play_into(const SeegaOptions& o, SeegaPosition& pos, std::string_view text, SeegaMove& m,
                std::string* canonical) {
  Error error;  // the only object returned: no copy on the way out
  if (outcome(pos) != Result::unfinished) {
    fault(error, Code::game_over, 0, "the game is over");
    return error;
  }
  if (quiet_step(o, pos, text)) {
    if (canonical) canonical->assign(text);
    return error;
  }
  if (!parse_move(text, m, error)) return error;
  const SeegaPosition before = pos;  // the turn is checked and made on pos itself
  if (!resolve(o, pos, m, error)) {
    pos = before;
    return error;
  }
  finish_turn(o, pos, m);
  if (canonical) {
    canonical->clear();
    seega_format(m, *canonical);
  }
  return error;
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
    if (to < 0 || w.piece(to) != SeegaPiece::empty) continue;
    SeegaPosition next = w;
    SeegaStep& s = m.steps[depth];
    s = SeegaStep{};
    s.to = to;
    s.listed = true;
    s.ncaptures = static_cast<std::uint8_t>(step_and_capture(o, next, at, to, s.captures));
    if (s.ncaptures > 0) chain_dfs(o, next, m, depth + 1, to, emit);
  }
}

// The first step c -> to of a step-turn into `m`; `w` becomes the position
// after it.
void first_step(const SeegaOptions& o, const SeegaPosition& pos, SeegaCell c, SeegaCell to, SeegaMove& m,
                SeegaPosition& w) {
  w = pos;
  m.from = c;
  m.steps[0] = SeegaStep{};
  m.steps[0].to = to;
  m.steps[0].listed = true;
  m.steps[0].ncaptures = static_cast<std::uint8_t>(step_and_capture(o, w, c, to, m.steps[0].captures));
}

// Every step-turn of the side to move of `pos` (after a removal, if any).
template <class Emit>
void step_turns(const SeegaOptions& o, const SeegaPosition& pos, SeegaMove& m, Emit& emit) {
  bool must_open = pos.extra && any_opening_step(o, pos);
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)], empty = empty_cells(pos);
  SeegaPosition w;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (!(mine & bit(c))) return;
    for (int d = 0; d < 4; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || !(empty & bit(to))) continue;
      first_step(o, pos, c, to, m, w);
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
    if (pos.piece(pair[0]) == SeegaPiece::empty && pos.piece(pair[1]) == SeegaPiece::empty) emit(m);
    return;
  }
  const SeegaBits free = empty_cells(pos) & ~bit(centre_of(pos.size));
  for_each_cell(pos.size, [&](SeegaCell a) {
    if (!(free & bit(a))) return;
    for_each_cell(pos.size, [&](SeegaCell b) {
      if (file_rank_key(b) <= file_rank_key(a) || !(free & bit(b))) return;
      m.place = {a, b};
      emit(m);
    });
  });
}

template <class Emit>
void for_each_legal(const SeegaOptions& o, const SeegaPosition& pos, Emit& emit) {
  if (outcome(pos) != Result::unfinished) return;
  if (pos.phase == SeegaPhase::place) return placements(o, pos, emit);
  SeegaMove m;
  m.kind = SeegaMoveKind::steps;
  if (seega_can_step(pos, pos.to_move)) return step_turns(o, pos, m, emit);
  if (o.blocked == SeegaBlocked::extra_turn) {
    m.kind = SeegaMoveKind::blocked;
    return emit(m);
  }
  m.kind = SeegaMoveKind::removal;
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)];
  const SeegaBits theirs = pos.pieces[static_cast<int>(opponent(pos.to_move))];
  const SeegaBits next_to_mine = spread(mine, geometry(pos.size));
  for_each_cell(pos.size, [&](SeegaCell r) {
    if (!(theirs & next_to_mine & bit(r))) return;
    SeegaPosition w = pos;
    w.set(r, SeegaPiece::empty);
    m.removed = r;
    step_turns(o, w, m, emit);
  });
}

// ---------------------------------------------------------------------------
// A random turn, drawn as from the list of legal turns (the same draw, the
// same turn) without listing them: count the turns, draw one, walk to it.
// ---------------------------------------------------------------------------

// The cells one step from those of `b` in direction d (up, right, down, left).
inline SeegaBits shifted(SeegaBits b, int d, const Geometry& g) {
  switch (d) {
    case 0: return (b << kSeegaStride) & g.board;
    case 1: return (b & g.has_right) << 1;
    case 2: return b >> kSeegaStride;
    default: return (b & g.has_left) >> 1;
  }
}

// Precondition: b holds some cell.
int lowest_cell(SeegaBits b) { return b.low ? std::countr_zero(b.low) : 64 + std::countr_zero(b.high); }

// The empty cells where a piece of the side to move captures on arrival: an
// enemy next to the cell (not an immune centre) with an own piece beyond.
// The piece that steps there never stands beyond (it comes from the other
// side), so the answer holds before the step as after it.
SeegaBits capture_targets(const SeegaOptions& o, const SeegaPosition& p) {
  const Geometry& g = geometry(p.size);
  const SeegaBits own = p.pieces[static_cast<int>(p.to_move)];
  const SeegaBits enemy = p.pieces[static_cast<int>(opponent(p.to_move))] & ~(o.centre_immune ? g.centre : SeegaBits{});
  SeegaBits out;
  for (int d = 0; d < 4; ++d) {
    const int back = (d + 2) % 4;
    out |= shifted(enemy & shifted(own, back, g), back, g);
  }
  return out & empty_cells(p);
}

// The turns of the movement phase that step_turns lists when the mover can
// step and owes no opening (no extra turn): a step that captures nothing is
// one turn; a capturing step, the chains from it (chain_dfs). `pick` counts
// down through them in their order; returns the number of turns when `pick`
// is null, else writes the picked turn into `out`.
std::uint64_t step_turns_fast(const SeegaOptions& o, const SeegaPosition& pos, std::uint64_t* pick, std::string& out) {
  const Geometry& g = geometry(pos.size);
  const SeegaBits own = pos.pieces[static_cast<int>(pos.to_move)], empty = empty_cells(pos);
  const SeegaBits takes = capture_targets(o, pos);
  std::optional<SeegaMove> m;  // made for the first capturing step only (900 bytes)
  SeegaPosition w;
  std::uint64_t n = 0;
  auto chains = [&](SeegaCell c, SeegaCell to) {
    auto emit = [&](const SeegaMove& turn) {
      if (pick && (*pick)-- == 0) seega_format(turn, out);
      ++n;
    };
    if (!m) m.emplace().kind = SeegaMoveKind::steps;
    first_step(o, pos, c, to, *m, w);
    chain_dfs(o, w, *m, 1, to, emit);
  };
  if (!pick) {  // count: the quiet steps by direction, the capturing ones one by one
    for (int d = 0; d < 4; ++d) {
      const SeegaBits dest = shifted(own, d, g) & empty;
      n += static_cast<std::uint64_t>(popcount(dest & ~takes));
      for (SeegaBits b = dest & takes; b; b = b.without_lowest()) {
        const auto to = static_cast<SeegaCell>(lowest_cell(b));
        chains(g.next[to][(d + 2) % 4], to);
      }
    }
    return n;
  }
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (out.size() || !(own & bit(c))) return;
    for (int d = 0; d < 4 && out.empty(); ++d) {
      const SeegaCell to = g.next[c][d];
      if (to < 0 || !(empty & bit(to))) continue;
      if (takes & bit(to)) {
        chains(c, to);
      } else if ((*pick)-- == 0) {
        const char text[5] = {static_cast<char>('a' + seega_file(c)), static_cast<char>('1' + seega_rank(c)), '-',
                              static_cast<char>('a' + seega_file(to)), static_cast<char>('1' + seega_rank(to))};
        out.append(text, 5);
      }
    }
  });
  return n;
}

// A random legal turn, uniform over seega_legal's list, into `out`.
void random_turn(const SeegaOptions& o, const SeegaPosition& pos, Rng& rng, std::string& out) {
  if (outcome(pos) != Result::unfinished) return;
  const bool fast = pos.phase == SeegaPhase::move && !pos.extra && seega_can_step(pos, pos.to_move);
  if (fast) {
    std::uint64_t pick = step_turns_fast(o, pos, nullptr, out);
    if (pick == 0) return;
    pick = rng.below(pick);
    step_turns_fast(o, pos, &pick, out);
    return;
  }
  if (pos.phase == SeegaPhase::place && !(o.lane_opening && pos.count(pos.to_move) == 0)) {
    // Placements: the pairs (a, b), a before b, of the free cells in
    // file-then-rank order.
    std::array<SeegaCell, kSeegaCells> free{};
    std::uint64_t nfree = 0;
    const SeegaBits open = empty_cells(pos) & ~bit(centre_of(pos.size));
    for_each_cell(pos.size, [&](SeegaCell c) {
      if (open & bit(c)) free[nfree++] = c;
    });
    if (nfree < 2) return;
    std::uint64_t k = rng.below(nfree * (nfree - 1) / 2), a = 0;
    for (; k >= nfree - 1 - a; ++a) k -= nfree - 1 - a;
    out += seega_cell_name(free[a]);
    out += ',';
    out += seega_cell_name(free[a + 1 + k]);
    return;
  }
  std::uint64_t n = 0;  // any other turn: count them, draw one, write only that one
  auto count = [&n](const SeegaMove&) { ++n; };
  for_each_legal(o, pos, count);
  if (n == 0) return;
  const std::uint64_t pick = rng.below(n);
  std::uint64_t i = 0;
  auto write = [&](const SeegaMove& m) {
    if (i++ == pick) seega_format(m, out);
  };
  for_each_legal(o, pos, write);
}

// ---------------------------------------------------------------------------
// Options (docs/RULES.md §Seega) and the Game table entry
// ---------------------------------------------------------------------------

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

// lane-opening: no, yes (the middles of the edges) or the two pairs; the
// size, read before it in the table, decides which cells there are.
Error read_opening(std::string_view v, SeegaOptions& o) {
  o.lane_opening = v != "no";
  if (v == "yes") o.opening = default_opening(o.size);
  else if (o.lane_opening) return parse_opening(v, o);
  return Error::none();
}
std::string write_opening(const SeegaOptions& o) {
  if (!o.lane_opening) return "no";
  if (o.opening == default_opening(o.size)) return "yes";
  const auto& p = o.opening;
  return seega_cell_name(p[0][0]) + "+" + seega_cell_name(p[0][1]) + "/" + seega_cell_name(p[1][0]) + "+" +
         seega_cell_name(p[1][1]);
}

const OptionTable<SeegaOptions>& seega_options() {
  static const OptionTable<SeegaOptions> table(
      opt::choice("size", &SeegaOptions::size, {{"5", 5}, {"7", 7}, {"9", 9}},
                  "board of n x n cells (khamsawee, seb'awee, tis'awee)",
                  "Lane 1836, seega (khamsáwee, seb'áwee, tis'áwee); Walker 2011, Variations; docs/RULES.md §Seega"),
      opt::choice("first-mover", &SeegaOptions::first_mover,
                  {{"last-placer", SeegaFirstMover::last_placer}, {"first-placer", SeegaFirstMover::first_placer}},
                  "who makes the first step: the player who placed last, or the one who placed first",
                  "Walker 2011, rule 4 (the second player begins the movement); Lane 1836, seega, names no one; "
                  "docs/RULES.md §Seega"),
      opt::choice("chain", &SeegaOptions::chain,
                  {{"optional", SeegaChain::optional}, {"mandatory", SeegaChain::mandatory}},
                  "after a capture the same piece may / must go on capturing",
                  "Walker 2011, rule 9 (\"may continue\") vs Lane 1836, seega (\"as long as he can ... he does "
                  "so\"); docs/RULES.md §Seega"),
      opt::choice("centre-immune", &SeegaOptions::centre_immune, {{"yes", true}, {"no", false}},
                  "a piece on the centre cannot be captured",
                  "Walker 2011, rule 12 and Illustration 2; Lane 1836, seega, has no such rule; docs/RULES.md §Seega"),
      opt::choice("blocked", &SeegaOptions::blocked,
                  {{"extra-turn", SeegaBlocked::extra_turn}, {"remove", SeegaBlocked::remove}},
                  "a blocked player's opponent takes an extra turn, or removes his own piece to open a way",
                  "Walker 2011, rule 7 (an extra turn) vs Lane 1836, seega (\"open to him, a way\"); "
                  "docs/RULES.md §Seega"),
      opt::custom<SeegaOptions>(
          "lane-opening", read_opening, write_opening,
          "first pair of each player on prescribed cells: no, yes (middles of the edges) or e.g. c2+c4/b3+d3",
          "Lane 1836, seega (\"a, a\" and \"b, b\" on his figure); docs/RULES.md §Seega"),
      opt::choice("barrier", &SeegaOptions::barrier, {{"no", false}, {"yes", true}},
                  "a barrier ending (Termination \"barrier\") goes to the side with more pieces",
                  "Walker 2011, Variations (the barrier); docs/RULES.md §Seega"));
  return table;
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
  SeegaPiece p = empty_board ? SeegaPiece::empty : pos.piece(c);
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
  Result r = outcome(pos);
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

// The board part of a position text; sets out.size and out.pieces.
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
  out.pieces = {};
  for (int r = 0; r < n; ++r)
    for (int f = 0; f < n; ++f) out.set(seega_cell(f, n - 1 - r), scan.grid[r][f]);
  return Error::none();
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md): the n x n board of squares, the marked
// centre hatched, South's pieces black discs and North's white discs
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
  // The marked centre: a hatched square, which a piece on it leaves showing
  // at its corners and no one takes for a capture's cross.
  svg::Point m = g.centre(o.centre());
  auto centre_mark = [](svg::Canvas& canvas, svg::Point at, const DrawOptions& opt) {
    svg::Paint hatch;
    hatch.stroke = opt.monochrome ? "#000" : "#7a5a2a";
    hatch.stroke_width = std::max(0.75, 0.025 * opt.cell);
    const double h = opt.cell / 2;
    canvas.path(svg::hatch_path(at.x - h, at.y - h, opt.cell, 0.14 * opt.cell), hatch);
  };
  centre_mark(c, m, d);
  if (d.legend) {
    const DrawOptions copy = d.without_legend();
    d.legend->add("the centre", [=](svg::Canvas& canvas, svg::Point at) {
      svg::Paint frame;
      frame.stroke = "#000";
      frame.stroke_width = std::max(1.0, 0.025 * copy.cell);
      canvas.rect(at.x - copy.cell / 2, at.y - copy.cell / 2, copy.cell, copy.cell, frame);
      centre_mark(canvas, at, copy);
    });
  }
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
      if (pos.piece(cell) == SeegaPiece::empty) continue;
      c.circle(g.centre(cell), r, pos.piece(cell) == SeegaPiece::south ? black : white);
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

// Seega as a Game and its States (lib/src/engine_state.hpp).
struct SeegaTraits {
  using Options = SeegaOptions;
  using Position = SeegaPosition;
  static constexpr std::string_view kName = "seega";
  static constexpr std::string_view kTitle = "Seega";
  static constexpr std::string_view kSources =
      "Lane 1836, seega; Walker 2011, rules 1-13 and Variations; docs/RULES.md §Seega, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{.adjudicate = true, .drawing = true, .cell_names = true};
  static const OptionTable<SeegaOptions>& options() { return seega_options(); }
  static const std::vector<Preset>& presets() { return seega_presets(); }
  static SeegaPosition initial(const SeegaOptions& o) { return SeegaPosition::initial(o.size); }
  static Error validate(const SeegaOptions& o, const SeegaPosition& p) { return seega_validate(o, p); }
  static const Game& game() { return seega_game(); }
  static Result outcome(const SeegaPosition& p) noexcept { return seega_outcome(p); }

  static void legal_moves(const SeegaOptions& o, const SeegaPosition& p, std::vector<std::string>& out) {
    auto emit = [&out](const SeegaMove& m) { out.push_back(seega_format(m)); };
    for_each_legal(o, p, emit);
  }
  static void random_move(const SeegaOptions& o, const SeegaPosition& p, Rng& rng, std::string& out) {
    random_turn(o, p, rng, out);
  }
  // The storage of the move being played.
  struct Memory {
    SeegaMove move;
  };
  static Error play(const SeegaOptions& o, SeegaPosition& p, Memory& memory, std::string_view text) {
    return play_into(o, p, text, memory.move, nullptr);
  }
  static Error check(const SeegaOptions& o, const SeegaPosition& p, std::string_view text, std::string& canonical) {
    SeegaPosition copy = p;
    return seega_play(o, copy, text, &canonical);
  }
  static constexpr std::string_view kTermination = "barrier";
  static Error adjudicate(const SeegaOptions& o, const SeegaPosition& p, Result& out);
  static std::string render(const SeegaPosition& p, const RenderOptions& ro) { return seega_render(p, ro); }

  static svg::Size board_size(const SeegaPosition& p, const DrawOptions& d) { return SeegaGeometry::of(p.size, d).size(); }
  static void draw_board(const SeegaOptions& o, const SeegaPosition& p, svg::Canvas& c, const DrawOptions& d) {
    seega_draw_board(p, o, c, d);
  }
  static void draw_pieces(const SeegaPosition& p, svg::Canvas& c, const DrawOptions& d) { seega_draw_pieces(p, c, d); }
  /// a1..a5, b1..: file by file.
  static void cell_names(const SeegaPosition& p, std::vector<std::string>& out) {
    for (int file = 0; file < p.size; ++file)
      for (int rank = 0; rank < p.size; ++rank) out.push_back(seega_cell_name(seega_cell(file, rank)));
  }
  static bool cell_centre(const SeegaPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& out) {
    SeegaCell c = seega_parse_cell(cell, p.size);
    if (c < 0) return false;
    out = SeegaGeometry::of(p.size, d).centre(c);
    return true;
  }
  static MoveCells move_cells(const SeegaOptions& o, const SeegaPosition& p, std::string_view text) {
    return seega_move_cells(o, p, text);
  }
};
static_assert(EngineTraitsFor<SeegaTraits>);

// Walker, Variations: a barrier ending goes to the side with more pieces
// (equal counts: a draw, our reading). Needs barrier=yes.
Error SeegaTraits::adjudicate(const SeegaOptions& o, const SeegaPosition& p, Result& out) {
  if (!o.barrier)
    return fail(Code::bad_termination, 0, "a barrier ending needs the option barrier=yes (Walker, Variations)");
  int s = p.count(Side::south), n = p.count(Side::north);
  out = s > n ? Result::south_wins : n > s ? Result::north_wins : Result::draw;
  return Error::none();
}


}  // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

const Game& seega_game() {
  static const EngineGame<SeegaTraits> game;
  return game;
}

std::string seega_cell_name(SeegaCell c) {
  return {static_cast<char>('a' + seega_file(c)), static_cast<char>('1' + seega_rank(c))};
}

Error SeegaOptions::from_rules(const RuleSet& rules, SeegaOptions& out) { return seega_options().read(rules, out); }

SeegaPosition SeegaPosition::initial(int n) {
  SeegaPosition p;
  p.size = n;
  return p;
}

SeegaPosition::SeegaPosition(std::string_view text) { parse_or_throw(text, *this); }

Error SeegaPosition::parse(std::string_view text, SeegaPosition& out) {
  PositionFields<4> fields;
  if (Error e = read_position_fields(text, 3, "expected: board, side (S or N), phase (place or move)", setup_error,
                                     fields))
    return e;
  const auto& [parts, at, count] = fields;
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
      SeegaPiece p = piece(seega_cell(f, r));
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

std::uint64_t SeegaPosition::hash() const noexcept {
  return PositionHash{}.add(size).add(pieces).add(to_move).add(phase).add(extra).value();
}

int SeegaPosition::count(Side side) const noexcept {
  return popcount(pieces[static_cast<int>(side)] & geometry(size).board);
}

SeegaPiece SeegaPosition::at(std::string_view cell) const noexcept {
  SeegaCell c = -1;
  if (cell.size() != 2 || !read_cell(cell, 0, c) || !on_board(c, size)) return SeegaPiece::empty;
  return piece(c);
}

Error seega_parse(std::string_view t, SeegaMove& m) {
  Error error;
  parse_move(t, m, error);
  return error;
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
  Error error;
  if (outcome(pos) != Result::unfinished) fault(error, Code::game_over, 0, "the game is over");
  else resolve(o, w, m, error);
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
  return play_into(o, pos, text, m, canonical);
}

void seega_legal(const SeegaOptions& o, const SeegaPosition& pos, std::vector<SeegaMove>& out) {
  auto emit = [&out](const SeegaMove& m) { out.push_back(m); };
  for_each_legal(o, pos, emit);
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
