// Tâb's engine (beyt/tab.hpp), shared by its files: the cells and routes,
// one use of one throw, the use syntax, the turn in progress and the board's
// geometry. Private to the library. Every rule cites Lane 1836 and
// docs/RULES.md §Tâb; readings where both are silent are listed in
// docs/RULES.md §Tâb Finer points.
#pragma once
#include "beyt/sticks_core.hpp"
#include "beyt/tab.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// What the engine's files share (each file's own helpers stay in its
// anonymous namespace; a file says `using namespace tab_impl`).
namespace beyt::tab_impl {

// ---------------------------------------------------------------------------
// Cells, rows and routes (docs/RULES.md §Tâb Board, Track)
// ---------------------------------------------------------------------------

// Lane's alphabet without J ("There is no J"; docs/RULES.md §Tâb Board).
inline constexpr std::string_view kLetters = "ABCDEFGHIKLMNOPQRSTUVWXYZ";
// The place in kLetters of 'A' + i, or -1 (J).
inline constexpr std::array<int, 26> kLetterIndex = [] {
  std::array<int, 26> out{};
  for (int i = 0; i < 26; ++i) out[static_cast<std::size_t>(i)] = static_cast<int>(kLetters.find(static_cast<char>('A' + i)));
  return out;
}();

constexpr int home_row(Side s) { return s == Side::south ? 0 : 3; }
constexpr int enemy_row(Side s) { return s == Side::south ? 3 : 0; }
// Place of a row on a side's route: South 0, 1, 2, 3; North 3, 2, 1, 0.
constexpr int route_index(Side s, int row) { return s == Side::south ? row : 3 - row; }
constexpr int min_progress(Side s, TabCell c) { return route_index(s, tab_row(c)) + 1; }

// Index of a cell's Lane letter in kLetters (docs/RULES.md §Tâb Board: A..I along
// South's row, K..S back along the row above it, k..s and a..i likewise).
constexpr int letter_index(TabCell c, int w) {
  int f = tab_file(c);
  switch (tab_row(c)) {
    case 0: return f;
    case 1: return w + (w - 1 - f);
    case 2: return w + f;
    default: return w - 1 - f;
  }
}

// The route of one side on a board of width w, as data (beyt/sticks.hpp).
// South: A..I, up to K, K..S, up to k, k..s; at s the fork: back to K (round
// the middle rows) or up into North's row at a, a..i, down to k. North
// mirrors it (docs/RULES.md §Tâb Track; Lane 1836: "from K to S, and from k to s;
// and may then either repeat the same round or enter his adversary's row").
inline StickTrack build_track(int w, Side s) {
  StickTrack t;
  auto link = [&t](TabCell from, TabCell to) { t.next[static_cast<std::size_t>(from)] = to; };
  for (int f = 0; f < w; ++f) {
    link(tab_cell(f, 0), f + 1 < w ? tab_cell(f + 1, 0) : tab_cell(w - 1, 1));  // A..I, up to K
    link(tab_cell(f, 1), f > 0 ? tab_cell(f - 1, 1) : tab_cell(0, 2));          // K..S, up to k
    link(tab_cell(f, 2), f + 1 < w ? tab_cell(f + 1, 2) : tab_cell(w - 1, 1));  // k..s, to K
    link(tab_cell(f, 3), f > 0 ? tab_cell(f - 1, 3) : tab_cell(0, 2));          // a..i, down to k
  }
  if (s == Side::south) {
    t.fork[static_cast<std::size_t>(tab_cell(w - 1, 2))] = tab_cell(w - 1, 3);  // s -> a
  } else {
    link(tab_cell(0, 1), tab_cell(0, 2));                                       // S -> k (round again)
    t.fork[static_cast<std::size_t>(tab_cell(0, 1))] = tab_cell(0, 0);          // S -> A
  }
  return t;
}

inline const StickTrack& track(int w, Side s) {
  static const auto tracks = [] {
    std::array<std::array<StickTrack, 2>, 16> all{};
    for (int width : {7, 9, 11, 13, 15})
      for (Side side : {Side::south, Side::north})
        all[static_cast<std::size_t>(width)][static_cast<std::size_t>(side)] = build_track(width, side);
    return all;
  }();
  return tracks[static_cast<std::size_t>(w)][static_cast<std::size_t>(s)];
}

// Where a walk of 1..6 steps can end, from every cell, for one width and
// side: sticks_walk's ends, worked out once (use_fault needs the path only
// under pass-enemy=no, and then walks).
struct WalkEnds {
  std::int8_t n = 0;
  std::array<std::int8_t, 2> end{{-1, -1}};
};
using EndsTable = std::array<std::array<WalkEnds, 7>, kTabCells>;

inline const EndsTable& walk_ends(int w, Side s) {
  static const auto* tables = [] {
    static std::array<std::array<EndsTable, 2>, 16> all{};  // static storage: no allocation
    auto* table = &all;
    for (int width : {7, 9, 11, 13, 15})
      for (Side side : {Side::south, Side::north})
        for (int c = 0; c < kTabCells; ++c)
          for (int steps = 1; steps <= 6; ++steps) {
            if (tab_file(static_cast<TabCell>(c)) >= width) continue;
            TrackWalk walk = sticks_walk(track(width, side), c, steps, true);
            WalkEnds& e = (*table)[static_cast<std::size_t>(width)][static_cast<std::size_t>(side)]
                              [static_cast<std::size_t>(c)][static_cast<std::size_t>(steps)];
            e.n = static_cast<std::int8_t>(walk.nends);
            e.end = walk.end;
          }
    return table;
  }();
  return (*tables)[static_cast<std::size_t>(w)][static_cast<std::size_t>(s)];
}

inline bool on_board(TabCell c, int w) { return c >= 0 && tab_file(c) < w && tab_row(c) < 4; }

template <class F>
void for_each_cell(int w, F&& f) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < w; ++c) f(tab_cell(c, r));
}

// The foremost Nasrani of a side: nearest the exit of its home row (South's
// highest file, North's lowest). -1 if none.
inline TabCell foremost_nasrani(const TabPosition& p, Side s) {
  int r = home_row(s);
  for (int k = 0; k < p.width; ++k) {
    int f = s == Side::south ? p.width - 1 - k : k;
    const TabStack& st = p.at(tab_cell(f, r));
    if (st.count && st.side == s && st.nasrani) return tab_cell(f, r);
  }
  return -1;
}

static_assert(offsetof(TabStack, count) == 0 && offsetof(TabStack, side) == 1);  // held_by's bytes

// Kelbs of side `s` in row `r`: how many stacks and how many kelbs.
inline void row_holding(const TabPosition& p, Side s, int r, int& stacks, int& kelbs) {
  stacks = kelbs = 0;
  for (int f = 0; f < p.width; ++f) {
    const TabStack& st = p.at(tab_cell(f, r));
    const int own = held_by(st, s);
    stacks += own;
    kelbs += st.count * own;
  }
}

constexpr auto setup_error = engine::setup_error<6>;

// ---------------------------------------------------------------------------
// One use of one throw
// ---------------------------------------------------------------------------

struct UseContext {
  const TabOptions& o;
  Side mover;
  bool tab_thrown;   // a 1 among the turn's throws (Lane's lock)
};

// What use_fault asks of the rows beyond the stack moved, the same for
// every use of one position: each worked out when first asked, once (a
// listing of a throw's uses asks it of one position for all of them).
class RowFacts {
 public:
  RowFacts(const TabPosition& p, Side mover) : p_(p), mover_(mover) {}
  // foremost_nasrani of the mover.
  TabCell foremost() {
    if (foremost_ == kUnknown) foremost_ = foremost_nasrani(p_, mover_);
    return foremost_;
  }
  // An enemy kelb stands in the mover's enemy row.
  bool enemy_in_row() {
    if (enemy_in_row_ < 0) {
      int stacks = 0, kelbs = 0;
      row_holding(p_, opponent(mover_), enemy_row(mover_), stacks, kelbs);
      enemy_in_row_ = kelbs > 0;
    }
    return enemy_in_row_ != 0;
  }
  // The mover's kelbs in his home row keep the one in the enemy row there:
  // some, and not one 'eggeh alone without a táb thrown.
  bool home_row_holds(bool tab_thrown) {
    if (holds_ < 0) {
      int stacks = 0, kelbs = 0;
      row_holding(p_, mover_, home_row(mover_), stacks, kelbs);
      const bool only_eggeh = stacks == 1 && kelbs >= 2 && !tab_thrown;
      holds_ = kelbs > 0 && !only_eggeh;
    }
    return holds_ != 0;
  }

 private:
  static constexpr TabCell kUnknown = -2;
  const TabPosition& p_;
  Side mover_;
  TabCell foremost_ = kUnknown;
  int enemy_in_row_ = -1, holds_ = -1;
};

// A Nasrani's own faults (docs/RULES.md §Tâb Nasrani and Muslim), or ok.
inline Code nasrani_fault(const UseContext& ctx, const TabPosition& p, const TabUse& u, RowFacts& rows) {
  // Lane 1836, táb: "Neither party can remove a kelb from its original place but
  // by throwing táb before each such removal"; "He must always commence
  // with the kelb in beyt I" (docs/RULES.md §Tâb Nasrani and Muslim).
  if (u.value != 1) return Code::needs_tab;
  // release=any: the first kelb freed in the game is the foremost Nasrani
  // on the board, whatever the opponent has taken; after it, any Nasrani
  // (docs/RULES.md §Tâb Finer points).
  bool none_freed = !p.freed[static_cast<std::size_t>(ctx.mover)];
  if ((!ctx.o.release_any || none_freed) && u.from != rows.foremost()) return Code::release_order;
  return Code::ok;
}

// use_fault's checks after the walk: the stack `st` on u.from reaches u.to
// by the walk's end `branch`. On success sets u.captures.
[[gnu::always_inline]] inline Code landing_fault(const UseContext& ctx, const TabPosition& p, TabUse& u,
                                                 const TabStack& st, int branch, RowFacts& rows) {
  const int from_row = tab_row(u.from), to_row = tab_row(u.to);
  const Side enemy = opponent(ctx.mover);
  // Lane 1836, táb: "enter his adversary's row, as long as there is any kelb
  // remaining in that row"; "He cannot pass the same kelb again into his
  // adversary's row". docs/RULES.md §Tâb Finer points: an enemy kelb there when
  // the move starts; the history of an 'eggeh is the union of its kelbs'.
  if (to_row == enemy_row(ctx.mover) && from_row != to_row && (st.progress >= 4 || !rows.enemy_in_row()))
    return Code::enemy_row_entry;
  // Lane 1836, táb: "cannot continue to circulate the kelb which has entered that
  // row until he has no kelb remaining in his own row; or unless he have
  // only an 'eggeh in his row, and does not throw táb". Finer points: one
  // stack of two or more and nothing else; no 1 among the turn's throws.
  if (from_row == enemy_row(ctx.mover) && rows.home_row_holds(ctx.tab_thrown)) return Code::enemy_row_locked;
  if (!ctx.o.pass_enemy) {
    const TrackWalk walk = sticks_walk(track(p.width, ctx.mover), u.from, u.value, true);
    for (int k = 0; k < walk.npath[static_cast<std::size_t>(branch)]; ++k) {
      const TabStack& over = p.at(walk.path[static_cast<std::size_t>(branch)][static_cast<std::size_t>(k)]);
      if (over.count && over.side == enemy) return Code::pass_enemy;
    }
  }
  const TabStack& dst = p.at(u.to);
  u.captures = false;
  if (dst.count && dst.side == ctx.mover && dst.nasrani) return Code::occupied;  // Finer points
  if (dst.count && dst.side == enemy) {
    // Lane 1836, táb: "he may leave it there in safety"; Finer points: "cannot be
    // landed on, but may be passed over".
    if (ctx.o.enemy_row_safe && to_row == enemy_row(enemy)) return Code::safe_cell;
    u.captures = true;  // "takes them all" (docs/RULES.md §Tâb Capture)
  }
  if (u.x_written && !u.captures) return Code::capture_mismatch;
  return Code::ok;
}

// The end of a walk that is `to` (the later one if both are), or -1.
inline int branch_to(const WalkEnds& ends, TabCell to) {
  int branch = -1;
  for (int b = 0; b < ends.n; ++b)
    if (ends.end[static_cast<std::size_t>(b)] == to) branch = b;
  return branch;
}

// Why a use is illegal, without building a message (hot path of tab_uses).
// On success sets u.captures.
inline Code use_fault(const UseContext& ctx, const TabPosition& p, TabUse& u) {
  if (!on_board(u.from, p.width)) return Code::not_own_piece;
  const TabStack& st = p.at(u.from);
  if (st.count == 0 || st.side != ctx.mover) return Code::not_own_piece;
  if (u.split && (u.value != 1 || st.count < 2)) return Code::split_illegal;
  RowFacts rows(p, ctx.mover);
  if (st.nasrani)
    if (Code c = nasrani_fault(ctx, p, u, rows); c != Code::ok) return c;
  const int branch = branch_to(walk_ends(p.width, ctx.mover)[static_cast<std::size_t>(u.from)][u.value], u.to);
  if (branch < 0) return Code::wrong_distance;
  return landing_fault(ctx, p, u, st, branch, rows);
}

// Takes `n` kelbs of `side` off the count, `nasrani` of them Nasrani.
inline void uncount(TabPosition& p, Side side, int n, int nasrani) {
  auto& k = p.kelbs[static_cast<std::size_t>(side)];
  auto& q = p.nasrani[static_cast<std::size_t>(side)];
  k = static_cast<std::uint8_t>(k - n);
  q = static_cast<std::uint8_t>(q - nasrani);
}

// Applies a use that use_fault accepted (docs/RULES.md §Tâb Capture, Eggeh).
inline void do_use(TabPosition& p, Side mover, const TabUse& u) {
  if (u.forfeit) return;
  TabStack& src = p.cells[static_cast<std::size_t>(u.from)];
  TabStack moving = src;
  if (src.nasrani) {  // freed: a Muslim now
    uncount(p, mover, 0, 1);
    p.freed[static_cast<std::size_t>(mover)] = true;
  }
  moving.nasrani = false;
  if (u.split) {
    moving.count = 1;
    src.count = static_cast<std::uint8_t>(src.count - 1);
  } else {
    src = TabStack{};
    // Lane 1836, táb: "If he avail himself of a throw ... to bring them back into a
    // row through which they have already passed ... they become reduced to
    // a single kelb". Finer points: the destination row differs from the
    // start row and is one it has passed; the remaining kelb lands normally.
    int to_idx = route_index(mover, tab_row(u.to));
    if (moving.count > 1 && tab_row(u.to) != tab_row(u.from) && to_idx < moving.progress) {
      uncount(p, mover, moving.count - 1, 0);
      moving.count = 1;
    }
  }
  moving.progress = static_cast<std::uint8_t>(std::max<int>(moving.progress, route_index(mover, tab_row(u.to)) + 1));
  TabStack& dst = p.cells[static_cast<std::size_t>(u.to)];
  if (dst.count && dst.side == mover) {  // joins: an 'eggeh
    dst.count = static_cast<std::uint8_t>(dst.count + moving.count);
    dst.progress = std::max(dst.progress, moving.progress);
  } else {
    if (dst.count) uncount(p, dst.side, dst.count, dst.nasrani);  // the enemy kelbs are taken
    dst = moving;
  }
}

// The cells of `side`'s stacks, as bits (kTabCells is 64: bit c is cell
// c), sought row by row from the side's home row until every kelb of the
// side is found (held_by: no branch per cell).
static_assert(kTabCells == 64);
inline std::uint64_t own_cells(const TabPosition& p, Side side) {
  std::uint64_t cells = 0;
  int left = p.count(side);
  for (int k = 0; k < 4 && left > 0; ++k) {
    const int row = route_index(side, k);  // the side's k-th row from home
    for (int c = tab_cell(0, row); c < tab_cell(p.width, row); ++c) {
      const TabStack& st = p.at(static_cast<TabCell>(c));
      const int own = held_by(st, side);
      cells |= static_cast<std::uint64_t>(own) << c;
      left -= st.count * own;
    }
  }
  return cells;
}
// After a use of the mover from `from` to `to` (the other side's stacks
// are not his: a capture changes none of his cells).
inline void own_cells_moved(const TabPosition& p, const TabUse& u, std::uint64_t& cells) {
  if (p.at(u.from).count == 0) cells &= ~(std::uint64_t{1} << u.from);
  cells |= std::uint64_t{1} << u.to;
}

// The uses of one throw of `value` that use_fault accepts, to `f`, in a fixed
// order: by cell (row, then file), the whole stack before one of its kelbs,
// the main route before the fork. `cells`: own_cells of the mover. Only
// the checks a listed use can fail are made (its stack is the mover's, the
// split a táb's of an 'eggeh, the end one of the walk's), the rows' facts
// once for all of them.
template <class F>
void for_each_use(const TabOptions& o, const TabPosition& p, int value, bool tab_thrown, std::uint64_t cells, F&& f) {
  UseContext ctx{o, p.to_move, tab_thrown};
  // A Nasrani moves by a táb only (use_fault's needs_tab): by another throw,
  // a side of Nasrani only has no use, and the walk passes over its Nasrani.
  const bool tab = value == 1;
  if (!tab && p.nasrani[static_cast<std::size_t>(p.to_move)] == p.kelbs[static_cast<std::size_t>(p.to_move)]) return;
  const EndsTable& table = walk_ends(p.width, p.to_move);  // sticks_walk's ends, worked out once
  RowFacts rows(p, p.to_move);
  TabUse u;
  u.value = static_cast<std::uint8_t>(value);
  for (; cells; cells &= cells - 1) {
    const TabCell c = static_cast<TabCell>(std::countr_zero(cells));
    const TabStack& st = p.at(c);
    u.from = c;
    if (st.nasrani && (!tab || nasrani_fault(ctx, p, u, rows) != Code::ok)) continue;
    const WalkEnds& walk = table[static_cast<std::size_t>(c)][static_cast<std::size_t>(value)];
    for (int split = 0; split < (tab && st.count > 1 ? 2 : 1); ++split)
      for (int b = 0; b < walk.n; ++b) {
        u.to = walk.end[static_cast<std::size_t>(b)];
        u.split = split == 1;
        if (landing_fault(ctx, p, u, st, branch_to(walk, u.to), rows) == Code::ok) f(u);
      }
  }
}
template <class F>
void for_each_use(const TabOptions& o, const TabPosition& p, int value, bool tab_thrown, F&& f) {
  for_each_use(o, p, value, tab_thrown, own_cells(p, p.to_move), f);
}

// ---------------------------------------------------------------------------
// Turn syntax (NOTATION.md §6)
// ---------------------------------------------------------------------------

// The cell a Lane letter names on a board of width `w`, or -1 (docs/RULES.md
// §Tâb Board).
constexpr TabCell letter_cell(char c, int w) {
  if (!tab_has_letters(w)) return -1;
  bool lower = c >= 'a' && c <= 'z';
  char up = lower ? static_cast<char>(c - 'a' + 'A') : c;
  int idx = up >= 'A' && up <= 'Z' ? kLetterIndex[static_cast<std::size_t>(up - 'A')] : -1;
  if (idx < 0 || idx >= 2 * w) return -1;
  int row = lower ? (idx < w ? 3 : 2) : (idx < w ? 0 : 1);
  int f = 0;
  switch (row) {
    case 0: f = idx; break;
    case 1: f = w - 1 - (idx - w); break;
    case 2: f = idx - w; break;
    default: f = w - 1 - idx; break;
  }
  return tab_cell(f, row);
}

// letter_cell for every byte and width, looked up by the move parser.
inline constexpr auto kLetterCell = [] {
  std::array<std::array<TabCell, 256>, 16> out{};
  for (int w = 0; w < 16; ++w)
    for (int c = 0; c < 256; ++c)
      out[static_cast<std::size_t>(w)][static_cast<std::size_t>(c)] = letter_cell(static_cast<char>(c), w);
  return out;
}();

// tab_read_cell, inlined into the move parser.
inline bool read_cell(std::string_view t, std::size_t& i, int w, TabCell& out, bool& grid) {
  if (i >= t.size()) return false;
  char c = t[i];
  if (i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9') {  // grid: file letter, rank digit
    int f = c - 'a', r = t[i + 1] - '1';
    if (f < 0 || f >= w || r < 0 || r > 3) return false;
    out = tab_cell(f, r);
    grid = true;
    i += 2;
    return true;
  }
  const TabCell cell = kLetterCell[static_cast<std::size_t>(w)][static_cast<unsigned char>(c)];
  if (cell < 0) return false;
  out = cell;
  grid = false;
  ++i;
  return true;
}

// The parser below returns false and fills `error` on the first fault
// ("expected WHAT"): a legal turn then builds no Error on the way.
constexpr auto syntax = engine::expected<0>;

[[gnu::always_inline]] inline bool parse_use(std::string_view t, std::size_t& i, int w, TabUse& u, bool& grid, bool first_cell,
                                             Error& error) {
  u = TabUse{};
  u.offset = static_cast<std::uint16_t>(i);
  if (i >= t.size() || sticks_whites(t[i] - '0') < 0)
    return syntax(error, i, "a use: the throw's value, e.g. 4K-O or 6--");
  u.value = static_cast<std::uint8_t>(t[i++] - '0');
  if (i + 1 < t.size() && t[i] == '-' && t[i + 1] == '-') {  // "--", without a memcmp
    u.forfeit = true;
    i += 2;
    return true;
  }
  bool g = false;
  if (!read_cell(t, i, w, u.from, g)) return syntax(error, i, "a cell of the board or '--' after the value");
  if (first_cell) grid = g;
  if (i >= t.size() || (t[i] != '-' && t[i] != 'x')) return syntax(error, i, "'-' or 'x' after the cell");
  u.x_written = t[i++] == 'x';
  u.to_offset = static_cast<std::uint16_t>(i);
  if (!read_cell(t, i, w, u.to, g)) return syntax(error, i, "the destination cell");
  if (i < t.size() && t[i] == '\'') {
    u.split = true;
    ++i;
  }
  return true;
}

// tab_parse (and play_into: inlined there, as the use syntax above).
inline bool parse_turn(std::string_view t, int w, TabTurn& out, Error& error) {
  out.nthrows = out.nuses = 0;
  out.colon = out.grid = false;
  std::size_t i = 0;
  for (;;) {
    if (out.nthrows == kMaxThrows) return syntax(error, i, "at most 64 throws in one turn");
    StickThrow& th = out.throws[static_cast<std::size_t>(out.nthrows)];
    if (i < t.size() && sticks_whites(t[i] - '0') >= 0 && (i + 1 == t.size() || (t[i + 1] != 'W' && t[i + 1] != 'B'))) {
      th = StickThrow{};  // a throw without faces, read here as sticks_read_throw reads it
      th.offset = static_cast<std::uint16_t>(i);
      th.value = static_cast<std::uint8_t>(t[i++] - '0');
    } else if (!sticks_read_throw(t, i, th, error)) {
      return false;
    }
    ++out.nthrows;
    if (i < t.size() && t[i] == ',') {
      ++i;
      continue;
    }
    break;
  }
  if (i == t.size()) return true;
  if (t[i] != ':') return syntax(error, i, "',' and another throw, or ':' and the uses of the throws");
  out.colon = true;
  ++i;
  bool first_cell = true;
  for (;;) {
    if (out.nuses == kMaxThrows) return syntax(error, i, "at most one use per throw");
    TabUse& u = out.uses[static_cast<std::size_t>(out.nuses)];
    if (!parse_use(t, i, w, u, out.grid, first_cell, error)) return false;
    first_cell = first_cell && u.forfeit;
    ++out.nuses;
    if (i == t.size()) return true;
    if (t[i] != ',') return syntax(error, i, "',' and the next use");
    ++i;
  }
}

// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): the
// throws one by one (chance), then the use of each throw, one by one, in any
// order of the throws (as the turn text may write them).
// ---------------------------------------------------------------------------

// The turn in progress: the turn as written so far (its throws, then its
// uses, each checked and made on the position) and what is left of it.
struct TabEvents {
  TabTurn text;                  // throws and uses so far (canonical: captures set)
  std::array<std::uint8_t, 7> avail{};  // throws of each value not used yet
  bool thrown = false;           // the throwing has ended (on a 2 or 3)
  bool tab_thrown = false;       // a 1 among the throws (Lane's lock)

  bool active() const noexcept { return text.nthrows > 0; }
  // What the rest depends on: the throws left (and during the throwing how
  // many were thrown: the 64th must end it), never the text's form.
  bool operator==(const TabEvents& o) const noexcept {
    return active() == o.active() && avail == o.avail && thrown == o.thrown && tab_thrown == o.tab_thrown &&
           (thrown || text.nthrows == o.text.nthrows);
  }
  std::uint64_t hash() const noexcept {
    return PositionHash{}.add(avail).add(thrown).add(tab_thrown).add(thrown ? 0 : text.nthrows).value();
  }
  // State::undo within a turn (lib/src/engine_state.hpp, MarkedTurn): an
  // event only appends to the lists of throws and uses, so the counts and
  // flags take it back.
  struct Mark {
    int nthrows = 0, nuses = 0;
    std::array<std::uint8_t, 7> avail{};
    bool thrown = false, tab_thrown = false, colon = false, grid = false;
  };
  Mark mark() const noexcept { return Mark{text.nthrows, text.nuses, avail, thrown, tab_thrown, text.colon, text.grid}; }
  void restore(const Mark& m) noexcept {
    text.nthrows = m.nthrows, text.nuses = m.nuses, avail = m.avail, thrown = m.thrown, tab_thrown = m.tab_thrown;
    text.colon = m.colon, text.grid = m.grid;
  }
};
// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md, "Tâb"): Lane's board of four rows of
// beyts. On widths 7, 9 and 11 every beyt carries its Lane letter (docs/RULES.md
// §Tâb Board), large when the beyt is empty; under a kelb the letter stays in
// the beyt's top-left corner, as large as a margin letter, and the kelb moves
// towards the bottom right, inside the beyt. Widths 13 and 15 have grid
// names on the margins (files a.. under the board, ranks 1..4 on its left).
// The home rows have a darker ground and heavy rules. Every kelb is a disc,
// South's black, North's white with a black rim; a Nasrani (never moved)
// carries a square of the other colour; an 'eggeh carries its size. A
// capture is crossed in the beyt's top-right corner, clear of the kelb that
// took. Flipped, North's home row is at the bottom.
// ---------------------------------------------------------------------------

struct TabGeometry {
  int w;
  double cell, left, top, bottom;
  bool flipped, letters;

  static TabGeometry of(int w, const DrawOptions& d) {
    double pad = std::max(2.0, 0.08 * d.cell);
    bool letters = tab_has_letters(w) && d.coordinates;
    double margin = d.coordinates && !letters ? std::max(pad, std::round(0.75 * d.cell)) : pad;
    return {w, d.cell, margin, pad, margin, d.flipped, letters};
  }
  svg::Size size() const { return {left + w * cell + top, top + 4 * cell + bottom}; }
  int column(int file) const { return flipped ? w - 1 - file : file; }
  int line(int row) const { return flipped ? row : 3 - row; }
  svg::Point corner(TabCell c) const { return {left + column(tab_file(c)) * cell, top + line(tab_row(c)) * cell}; }
  svg::Point centre(TabCell c) const {
    svg::Point p = corner(c);
    return {p.x + cell / 2, p.y + cell / 2};
  }
  // A kelb: below and right of the letter on lettered boards, else centred;
  // inside the beyt, clear of its edges and of the last move's outline.
  svg::Point piece(TabCell c) const {
    svg::Point p = corner(c);
    return letters ? svg::Point{p.x + 0.6 * cell, p.y + 0.62 * cell} : svg::Point{p.x + cell / 2, p.y + cell / 2};
  }
  double radius() const { return (letters ? 0.22 : 0.27) * cell; }
  // The capture cross: in the top-right corner, outside the kelb.
  svg::Point capture(TabCell c) const {
    svg::Point k = corner(c);
    return letters ? svg::Point{k.x + 0.8 * cell, k.y + 0.2 * cell} : svg::Point{k.x + 0.84 * cell, k.y + 0.16 * cell};
  }
  double capture_half() const { return (letters ? 0.11 : 0.1) * cell; }
};

// Defined in the engine's files (rules.cpp, events.cpp, notation.cpp, drawing.cpp).
std::string use_reason(Code code, const UseContext& ctx, const TabPosition& p, const TabUse& u, bool grid);
bool no_throw_left(const TabUse& u, Error& error);
Error play_into(const TabOptions& o, TabPosition& pos, TabTurn& t, std::string_view text, std::string* canonical);
svg::Size tab_board_size(const TabPosition& pos, const DrawOptions& d);
void format_use(const TabUse& u, int w, bool grid, std::string& out);
const OptionTable<TabOptions>& tab_options();
const std::vector<Preset>& tab_presets();
TabCell tab_parse_cell(std::string_view name, int w);
void tab_draw_board(const TabOptions& o, const TabPosition& pos, svg::Canvas& c, const DrawOptions& d);
void tab_draw_pieces(const TabPosition& pos, svg::Canvas& c, const DrawOptions& d);
bool tab_capture_mark(const TabPosition& pos, std::string_view cell, const DrawOptions& d, svg::Point& centre,
                      double& half);
MoveCells tab_move_cells(const TabOptions& o, const TabPosition& pos, std::string_view text);
std::string tab_describe(const TabOptions& o, const TabPosition& pos, std::string_view text);
void tab_random_events(const TabOptions& o, TabPosition& p, TabEvents& t, Rng& rng, std::vector<EventPick>* picks);

// One use that is no forfeit, on the position `w` the uses before it leave
// (the throw is available): false and `error` on a fault.
inline bool use_allowed(const UseContext& ctx, const TabPosition& w, TabUse& u, bool grid, Error& error) {
  if (w.count(opponent(ctx.mover)) == 0)
    return fault(error, Code::game_over, u.offset,
                 "the adversary has no kelb left: the rest of the throws are forfeits (docs/RULES.md §Tâb Finer points)");
  if (Code c = use_fault(ctx, w, u); c != Code::ok) {
    // The caret: at the destination for faults of the landing or the path,
    // at the value for a Nasrani without táb, else at the origin cell.
    std::uint32_t at = c == Code::wrong_distance || c == Code::safe_cell || c == Code::capture_mismatch ||
                               c == Code::occupied || c == Code::enemy_row_entry || c == Code::pass_enemy
                           ? u.to_offset
                       : c == Code::needs_tab ? u.offset
                                              : u.offset + 1u;
    return fault(error, c, at, use_reason(c, ctx, w, u, grid));
  }
  return true;
}

}  // namespace beyt::tab_impl
