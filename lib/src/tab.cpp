// Tâb (beyt/tab.hpp). Every rule cites Lane 1836 and
// docs/RULES.md §Tâb; readings where both are silent are listed in
// docs/RULES.md §Tâb Finer points.
#include "beyt/tab.hpp"
#include "engine_helpers.hpp"
#include "engine_state.hpp"
#include "text_board.hpp"
#include "position_fields.hpp"

#include <algorithm>
#include <cmath>

namespace beyt {
namespace {

// ---------------------------------------------------------------------------
// Cells, rows and routes (docs/RULES.md §Tâb Board, Track)
// ---------------------------------------------------------------------------

// Lane's alphabet without J ("There is no J"; docs/RULES.md §Tâb Board).
constexpr std::string_view kLetters = "ABCDEFGHIKLMNOPQRSTUVWXYZ";
// The place in kLetters of 'A' + i, or -1 (J).
constexpr std::array<int, 26> kLetterIndex = [] {
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
int letter_index(TabCell c, int w) {
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
StickTrack build_track(int w, Side s) {
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

const StickTrack& track(int w, Side s) {
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

const EndsTable& walk_ends(int w, Side s) {
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

bool on_board(TabCell c, int w) { return c >= 0 && tab_file(c) < w && tab_row(c) < 4; }

template <class F>
void for_each_cell(int w, F&& f) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < w; ++c) f(tab_cell(c, r));
}

// The foremost Nasrani of a side: nearest the exit of its home row (South's
// highest file, North's lowest). -1 if none.
TabCell foremost_nasrani(const TabPosition& p, Side s) {
  int r = home_row(s);
  for (int k = 0; k < p.width; ++k) {
    int f = s == Side::south ? p.width - 1 - k : k;
    const TabStack& st = p.at(tab_cell(f, r));
    if (st.count && st.side == s && st.nasrani) return tab_cell(f, r);
  }
  return -1;
}

// Kelbs of side `s` in row `r`: how many stacks and how many kelbs.
void row_holding(const TabPosition& p, Side s, int r, int& stacks, int& kelbs) {
  stacks = kelbs = 0;
  for (int f = 0; f < p.width; ++f) {
    const TabStack& st = p.at(tab_cell(f, r));
    if (st.count && st.side == s) {
      ++stacks;
      kelbs += st.count;
    }
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

// Why a use is illegal, without building a message (hot path of tab_uses).
// On success sets u.captures and `entered_fork` (the walk's branch).
Code use_fault(const UseContext& ctx, const TabPosition& p, TabUse& u) {
  if (!on_board(u.from, p.width)) return Code::not_own_piece;
  const TabStack& st = p.at(u.from);
  if (st.count == 0 || st.side != ctx.mover) return Code::not_own_piece;
  if (u.split && (u.value != 1 || st.count < 2)) return Code::split_illegal;
  if (st.nasrani) {
    // Lane 1836, táb: "Neither party can remove a kelb from its original place but
    // by throwing táb before each such removal"; "He must always commence
    // with the kelb in beyt I" (docs/RULES.md §Tâb Nasrani and Muslim).
    if (u.value != 1) return Code::needs_tab;
    // release=any: the first kelb freed in the game is the foremost Nasrani
    // on the board, whatever the opponent has taken; after it, any Nasrani
    // (docs/RULES.md §Tâb Finer points).
    bool none_freed = !p.freed[static_cast<std::size_t>(ctx.mover)];
    if ((!ctx.o.release_any || none_freed) && u.from != foremost_nasrani(p, ctx.mover)) return Code::release_order;
  }
  const WalkEnds& ends = walk_ends(p.width, ctx.mover)[static_cast<std::size_t>(u.from)][u.value];
  int branch = -1;
  for (int b = 0; b < ends.n; ++b)
    if (ends.end[static_cast<std::size_t>(b)] == u.to) branch = b;
  if (branch < 0) return Code::wrong_distance;
  const int from_row = tab_row(u.from), to_row = tab_row(u.to);
  const Side enemy = opponent(ctx.mover);
  if (to_row == enemy_row(ctx.mover) && from_row != to_row) {
    // Lane 1836, táb: "enter his adversary's row, as long as there is any kelb
    // remaining in that row"; "He cannot pass the same kelb again into his
    // adversary's row". docs/RULES.md §Tâb Finer points: an enemy kelb there when
    // the move starts; the history of an 'eggeh is the union of its kelbs'.
    int stacks = 0, kelbs = 0;
    row_holding(p, enemy, enemy_row(ctx.mover), stacks, kelbs);
    if (st.progress >= 4 || kelbs == 0) return Code::enemy_row_entry;
  }
  if (from_row == enemy_row(ctx.mover)) {
    // Lane 1836, táb: "cannot continue to circulate the kelb which has entered that
    // row until he has no kelb remaining in his own row; or unless he have
    // only an 'eggeh in his row, and does not throw táb". Finer points: one
    // stack of two or more and nothing else; no 1 among the turn's throws.
    int stacks = 0, kelbs = 0;
    row_holding(p, ctx.mover, home_row(ctx.mover), stacks, kelbs);
    bool only_eggeh = stacks == 1 && kelbs >= 2 && !ctx.tab_thrown;
    if (kelbs > 0 && !only_eggeh) return Code::enemy_row_locked;
  }
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

// Takes `n` kelbs of `side` off the count, `nasrani` of them Nasrani.
void uncount(TabPosition& p, Side side, int n, int nasrani) {
  auto& k = p.kelbs[static_cast<std::size_t>(side)];
  auto& q = p.nasrani[static_cast<std::size_t>(side)];
  k = static_cast<std::uint8_t>(k - n);
  q = static_cast<std::uint8_t>(q - nasrani);
}

// Applies a use that use_fault accepted (docs/RULES.md §Tâb Capture, Eggeh).
void do_use(TabPosition& p, Side mover, const TabUse& u) {
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

// The uses of one throw of `value` that use_fault accepts, to `f`, in a fixed
// order: by cell (row, then file), the whole stack before one of its kelbs,
// the main route before the fork.
template <class F>
void for_each_use(const TabOptions& o, const TabPosition& p, int value, bool tab_thrown, F&& f) {
  UseContext ctx{o, p.to_move, tab_thrown};
  for_each_cell(p.width, [&](TabCell c) {
    const TabStack& st = p.at(c);
    if (!st.count || st.side != p.to_move) return;
    TrackWalk walk = sticks_walk(track(p.width, p.to_move), c, value, true);
    for (int split = 0; split < (value == 1 && st.count > 1 ? 2 : 1); ++split)
      for (int b = 0; b < walk.nends; ++b) {
        TabUse u;
        u.value = static_cast<std::uint8_t>(value);
        u.from = c;
        u.to = walk.end[static_cast<std::size_t>(b)];
        u.split = split == 1;
        if (use_fault(ctx, p, u) == Code::ok) f(u);
      }
  });
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
constexpr auto kLetterCell = [] {
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

// tab_parse.
bool parse_turn(std::string_view t, int w, TabTurn& out, Error& error) {
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

void format_use(const TabUse& u, int w, bool grid, std::string& out) {
  out += static_cast<char>('0' + u.value);
  if (u.forfeit) {
    out += "--";
    return;
  }
  out += tab_cell_name(u.from, w, grid);
  out += u.captures || u.x_written ? 'x' : '-';
  out += tab_cell_name(u.to, w, grid);
  if (u.split) out += '\'';
}

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

bool no_throw_left(const TabUse& u, Error& error) {
  return fault(error, Code::throw_not_available, u.offset,
               "no throw of " + std::to_string(u.value) + " is left to use: each throw is used once (docs/RULES.md §Tâb)");
}

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

// tab_play with `t` as the storage of the turn (a State keeps one: a turn is
// some 1.5 KB, too many to fill anew every turn). The uses are checked and
// made on `pos` itself, once; a fault puts back what they changed.
Error play_into(const TabOptions& o, TabPosition& pos, std::string_view text, TabTurn& t, std::string* canonical) {
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
};

// The place of a throw of `value` among sticks_outcomes() (1, 2, 3, 4, 6),
// or among the 64th throw's outcomes (2, 3).
std::size_t outcome_index(int value, bool last_throw) {
  return last_throw ? static_cast<std::size_t>(value - 2) : static_cast<std::size_t>(value == 6 ? 4 : value - 1);
}

// The throws' outcomes: the stick counts (Lane 1836; beyt/sticks.hpp), on the
// 64th throw of a turn only those that end it (NOTATION.md section 6),
// their probabilities scaled.
std::vector<ChanceOutcome> throw_outcomes(int thrown) {
  std::vector<ChanceOutcome> all = sticks_outcomes();
  if (thrown < kMaxThrows - 1) return all;
  std::vector<ChanceOutcome> out;
  double total = 0;
  for (auto& c : all)
    if (!sticks_throw_again(c.text[0] - '0')) total += c.probability, out.push_back(std::move(c));
  for (auto& c : out) c.probability /= total;
  return out;
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
  if (t.text.nthrows == kMaxThrows - 1 && sticks_throw_again(th.value))
    return fail(Code::throw_sequence, 0, "the 64th throw of a turn ends it: a 2 or a 3 (NOTATION.md section 6)");
  add_throw(p, t, th, last);
  return Error::none();
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

// The value of the first throw, in throw order, not used yet.
int first_unused_value(const TabEvents& t) {
  return first_unused_throw(
      t.text.nthrows, [&t](int k) { return static_cast<int>(t.text.throws[static_cast<std::size_t>(k)].value); },
      t.avail);
}

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
  while (t.text.nuses < t.text.nthrows) {
    const int v = first_unused_value(t);
    TabUse chosen;
    chosen.value = static_cast<std::uint8_t>(v);
    chosen.forfeit = true;
    std::uint64_t count = 0;
    if (p.count(opponent(p.to_move)) > 0) for_each_use(o, p, v, t.tab_thrown, [&count](const TabUse&) { ++count; });
    std::uint64_t pick = count;  // the forfeit, listed after the uses
    if (count > 0) {
      pick = rng.below(count);
      std::uint64_t i = 0;
      for_each_use(o, p, v, t.tab_thrown, [&](const TabUse& u) {
        if (i++ == pick) chosen = u;
      });
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
  }
}

// ---------------------------------------------------------------------------
// Options and the Game table entry
// ---------------------------------------------------------------------------

// pieces: full, or the first N cells of each home row (N = the width is full).
Error read_pieces(std::string_view v, TabOptions& o) {
  int n = 0;
  if (v == "full") n = o.width;
  else if (!read_whole_number(v, 1, o.width, n))
    return bad_rules("option pieces is full or a number from 1 to the width, not '" + std::string(v) + "'");
  o.pieces = n == o.width ? 0 : n;
  return Error::none();
}
std::string write_pieces(const TabOptions& o) { return o.pieces == 0 ? "full" : std::to_string(o.pieces); }

const OptionTable<TabOptions>& tab_options() {
  static const OptionTable<TabOptions> table(
      opt::choice("width", &TabOptions::width, {{"7", 7}, {"9", 9}, {"11", 11}, {"13", 13}, {"15", 15}},
                  "cells in each of the four rows",
                  "Lane 1836, táb (\"usually seven, nine, eleven, thirteen, or fifteen\"); docs/RULES.md §Tâb"),
      opt::custom<TabOptions>(
          "pieces", read_pieces, write_pieces,
          "kelbs in every cell of the home rows (full), or only in the first N cells",
          "Lane 1836, táb (\"only in a certain number of beyts ... in the first four\"); docs/RULES.md §Tâb"),
      opt::choice("release", &TabOptions::release_any, {{"front-first", false}, {"any", true}},
                  "Nasrani are freed foremost first, or any (the first freed is always the foremost)",
                  "Lane 1836, táb (\"He must always commence with the kelb in beyt I\"); docs/RULES.md §Tâb"),
      opt::choice("enemy-row-safe", &TabOptions::enemy_row_safe, {{"yes", true}, {"no", false}},
                  "a kelb in the adversary's home row cannot be taken",
                  "Lane 1836, táb (\"he may leave it there in safety\"); docs/RULES.md §Tâb"),
      opt::choice("pass-enemy", &TabOptions::pass_enemy, {{"yes", true}, {"no", false}},
                  "a move may pass over enemy kelbs (no: Dleb's rule)",
                  "Lane 1836, táb, is silent; Marin 1931, p. 509, forbids it in dleb; docs/RULES.md §Tâb"),
      opt::choice("first", &TabOptions::first, {{"south", Side::south}, {"north", Side::north}},
                  "who throws first in the opening",
                  "Lane 1836, táb (\"They first throw alternately\"), names no one; docs/RULES.md §Tâb"));
  return table;
}

const std::vector<Preset>& tab_presets() {
  static const std::vector<Preset> presets{
      {"lane", "", "Lane 1836: the 9-wide board, full rows, front-first release, safe in the adversary's row"},
  };
  return presets;
}

// ---------------------------------------------------------------------------
// Position text (NOTATION.md §6)
// ---------------------------------------------------------------------------

Error parse_board(std::string_view b, std::size_t base, TabPosition& out) {
  int row = 3, file = 0, width = -1;
  for (std::size_t i = 0; i < b.size();) {
    char c = b[i];
    if (c == '/') {
      if (width < 0) width = file;
      if (file != width) return setup_error(base + i, "every row has the same number of cells");
      if (row == 0) return setup_error(base + i, "more than four rows");
      --row;
      file = 0;
      ++i;
      continue;
    }
    if (file >= 15) return setup_error(base + i, "a row is wider than 15 cells");
    TabStack st;
    if (c == '.') {
      ++i;
      ++file;
      continue;
    }
    if (c == 'S' || c == 'N') {
      st.count = 1;
      st.side = c == 'S' ? Side::south : Side::north;
      st.nasrani = true;
      ++i;
    } else if (c == 's' || c == 'n') {
      st.side = c == 's' ? Side::south : Side::north;
      ++i;
      int n = 0, digits = 0;
      while (i < b.size() && b[i] >= '0' && b[i] <= '9' && digits < 2) n = n * 10 + (b[i++] - '0'), ++digits;
      if (digits && n < 2) return setup_error(i - 1, "an 'eggeh count is 2 or more");
      st.count = static_cast<std::uint8_t>(digits ? n : 1);
      if (i < b.size() && b[i] == '^') {
        if (i + 1 >= b.size() || b[i + 1] < '1' || b[i + 1] > '4') return setup_error(i, "'^' and a digit 1-4");
        st.progress = static_cast<std::uint8_t>(b[i + 1] - '0');
        i += 2;
      }
    } else {
      return setup_error(base + i, std::string("unexpected '") + c + "': a cell is . S N s n");
    }
    TabCell cell = tab_cell(file, row);
    int min = min_progress(st.side, cell);
    if (st.progress == 0) st.progress = static_cast<std::uint8_t>(min);
    if (st.progress < min) return setup_error(base + i - 1, "a kelb's progress is at least its own row's");
    out.cells[static_cast<std::size_t>(cell)] = st;
    ++file;
  }
  if (row != 0) return setup_error(base + b.size(), "four rows, separated by '/'");
  if (file != width) return setup_error(base + b.size(), "every row has the same number of cells");
  if (!(width == 7 || width == 9 || width == 11 || width == 13 || width == 15))
    return setup_error(base, "a row of " + std::to_string(width) + " cells: the width is 7, 9, 11, 13 or 15");
  out.width = width;
  return Error::none();
}

// ---------------------------------------------------------------------------
// Diagram
// ---------------------------------------------------------------------------

struct Glyphs : BoxGlyphs {
  const char* kelb[2][2];  // [side][nasrani]
};
// ASCII kelbs are marks, not letters: they stand next to Lane's letters.
constexpr Glyphs kUnicode{kUnicodeBox, {{"●", "■"}, {"○", "□"}}};
constexpr Glyphs kAscii{kAsciiBox, {{"@", "#"}, {"*", "%"}}};

void rule_line(std::string& out, const Glyphs& g, int n, int width, bool margins, const char* l, const char* m,
               const char* r) {
  box_rule(out, g, n, width, margins ? "   " : "", l, m, r);
}

// A cell `width` characters wide (3, or 4 when an 'eggeh has ten kelbs or
// more). With letters the cell's letter stays in front of its kelb: " a ",
// "a● ", "a●3"; without: " ● ", " ●3", "●12".
std::string cell_text(const TabPosition& p, TabCell c, const Glyphs& g, bool empty_board, bool letters, int width) {
  const TabStack& st = p.at(c);
  std::string letter = letters ? tab_cell_name(c, p.width, false) : " ";
  std::string out;
  if (empty_board || !st.count) {
    out = " " + (letters ? letter : std::string(" ")) + " ";
  } else {
    std::string n = st.count > 1 ? std::to_string(st.count) : "";
    out = (letters || n.size() < 2 ? letter : std::string()) + g.kelb[static_cast<int>(st.side)][st.nasrani ? 1 : 0] + n;
  }
  std::size_t shown = 0;  // code points
  for (char ch : out) shown += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return out + std::string(static_cast<std::size_t>(width) > shown ? static_cast<std::size_t>(width) - shown : 0, ' ');
}

std::string status_line(const TabPosition& p) {
  Result r = tab_outcome(p);
  if (r != Result::unfinished) return "Game over: " + std::string(result_token(r)) + "\n";
  std::string out = std::string(side_name(p.to_move)) + " to move";
  if (p.opening) out += " (opening: one throw each until a táb)";
  return out + "\n";
}

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

// A cell name of this width, whole: Lane's letter or a grid name.
TabCell tab_parse_cell(std::string_view name, int w) {
  std::size_t i = 0;
  TabCell c = -1;
  bool grid = false;
  if (!tab_read_cell(name, i, w, c, grid) || i != name.size()) return -1;
  return c;
}

// Lane's letters, in the beyts: large in an empty beyt, in the top-left
// corner of an occupied one (at most 0.34 cell), inside the last move's
// outline and clear of the kelb.
void tab_draw_letters(const TabPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  const TabGeometry g = TabGeometry::of(pos.width, d);
  if (!g.letters) return;
  svg::Font big{d.font, std::max(d.font_px(), 0.45 * d.cell), svg::Anchor::middle, false, true, "#000"};
  svg::Font small{d.font, std::min(d.font_px(), 0.34 * d.cell), svg::Anchor::start, false, true, "#000"};
  for (int r = 0; r < 4; ++r)
    for (int file = 0; file < g.w; ++file) {
      TabCell cell = tab_cell(file, r);
      std::string name = tab_cell_name(cell, g.w, false);
      if (d.empty_board || !pos.at(cell).count) {
        c.centred_text(g.centre(cell), name, big);
      } else {
        svg::Point k = g.corner(cell);
        c.text({k.x + 0.13 * d.cell, k.y + 0.13 * d.cell + 0.72 * small.size}, name, small);
      }
    }
}

void tab_draw_board(const TabPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  const TabGeometry g = TabGeometry::of(pos.width, d);
  const double width = g.w * g.cell, height = 4 * g.cell;
  svg::Paint ground;
  ground.fill = d.monochrome ? "#fff" : "#efe2c4";
  c.rect(g.left, g.top, width, height, ground);
  // The home rows, set off from the two middle rows of the round: a darker
  // ground (colour) and heavy rules (both styles).
  if (!d.monochrome) {
    svg::Paint home;
    home.fill = "#dcc48f";
    c.rect(g.left, g.top, width, g.cell, home);
    c.rect(g.left, g.top + 3 * g.cell, width, g.cell, home);
  }
  svg::Paint rule;
  rule.stroke = "#000";
  rule.stroke_width = std::max(1.0, 0.025 * d.cell);
  for (int i = 1; i < g.w; ++i) c.line({g.left + i * g.cell, g.top}, {g.left + i * g.cell, g.top + height}, rule);
  c.line({g.left, g.top + 2 * g.cell}, {g.left + width, g.top + 2 * g.cell}, rule);
  svg::Paint heavy = rule;
  heavy.stroke_width = std::max(3.0, 0.08 * d.cell);
  for (int i : {1, 3}) c.line({g.left, g.top + i * g.cell}, {g.left + width, g.top + i * g.cell}, heavy);
  svg::Paint frame;
  frame.stroke = "#000";
  frame.stroke_width = std::max(1.5, 0.05 * d.cell);
  c.rect(g.left, g.top, width, height, frame);
  if (!d.coordinates) return;
  svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
  if (g.letters) {
    // With kelbs the letters are written by draw_pieces, over the tint of
    // the last move.
    if (d.empty_board) tab_draw_letters(pos, c, d);
    return;
  }
  for (int file = 0; file < g.w; ++file) {
    svg::Point p = g.centre(tab_cell(file, 0));
    c.centred_text({p.x, g.top + height + g.bottom / 2}, std::string(1, static_cast<char>('a' + file)), f);
  }
  for (int r = 0; r < 4; ++r)
    c.centred_text({g.left / 2, g.centre(tab_cell(0, r)).y}, std::to_string(r + 1), f);
}

// A kelb centred on `p`: a disc, South's black, North's white with a black
// rim; a Nasrani (never moved) carries a square in the other colour, the mark
// of its state; an 'eggeh its size.
void tab_kelb(svg::Canvas& c, svg::Point p, double r, Side side, bool nasrani, int count, const DrawOptions& d) {
  const bool south = side == Side::south;
  svg::Paint disc;
  disc.fill = south ? "#000" : "#fff";
  disc.stroke = "#000";
  disc.stroke_width = std::max(1.5, 0.06 * d.cell);
  c.circle(p, r, disc);
  if (count > 1) {
    svg::Font n{d.font, (count > 9 ? 0.3 : 0.36) * d.cell, svg::Anchor::middle, true, false, south ? "#fff" : "#000"};
    c.centred_text(p, std::to_string(count), n);
  } else if (nasrani) {
    svg::Paint badge;
    badge.fill = south ? "#fff" : "#000";
    const double h = 0.42 * r;
    c.rect(p.x - h, p.y - h, 2 * h, 2 * h, badge);
  }
}

void tab_draw_pieces(const TabPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  if (d.empty_board) return;
  tab_draw_letters(pos, c, d);
  const TabGeometry g = TabGeometry::of(pos.width, d);
  bool seen[2][2] = {}, eggeh = false;
  for (int row = 0; row < 4; ++row)
    for (int file = 0; file < g.w; ++file) {
      TabCell cell = tab_cell(file, row);
      const TabStack& st = pos.at(cell);
      if (!st.count) continue;
      tab_kelb(c, g.piece(cell), g.radius(), st.side, st.nasrani, st.count, d);
      seen[static_cast<int>(st.side)][st.nasrani ? 1 : 0] = true;
      eggeh = eggeh || st.count > 1;
    }
  if (!d.legend) return;
  const DrawOptions o = d.without_legend();
  const double r = g.radius();
  for (Side s : {Side::south, Side::north})
    for (bool nasrani : {true, false})
      if (seen[static_cast<int>(s)][nasrani ? 1 : 0])
        d.legend->add(std::string(side_name(s)) + (nasrani ? "'s Nasrani (never moved)" : "'s Muslim"),
                      [=](svg::Canvas& canvas, svg::Point p) { tab_kelb(canvas, p, r, s, nasrani, 1, o); });
  if (eggeh)
    d.legend->add("an 'eggeh of 3 kelbs",
                  [=](svg::Canvas& canvas, svg::Point p) { tab_kelb(canvas, p, r, Side::south, false, 3, o); });
}

bool tab_capture_mark(const TabPosition& pos, std::string_view cell, const DrawOptions& d, svg::Point& centre,
                      double& half) {
  TabCell c = tab_parse_cell(cell, pos.width);
  if (c < 0) return false;
  const TabGeometry g = TabGeometry::of(pos.width, d);
  centre = g.capture(c);
  half = g.capture_half();
  return true;
}

MoveCells tab_move_cells(const TabOptions& o, const TabPosition& pos, std::string_view text) {
  MoveCells out;
  TabTurn t;
  if (tab_parse(text, pos.width, t)) return out;
  TabTurn checked = t;
  if (!tab_check(o, pos, checked)) t = checked;  // captures filled in
  const bool grid = !tab_has_letters(pos.width);
  for (int k = 0; k < t.nuses; ++k) {
    const TabUse& u = t.uses[static_cast<std::size_t>(k)];
    if (u.forfeit || u.from < 0 || u.to < 0) continue;
    out.from.push_back(tab_cell_name(u.from, pos.width, grid));
    out.to.push_back(tab_cell_name(u.to, pos.width, grid));
    if (u.captures || u.x_written) out.captured.push_back(tab_cell_name(u.to, pos.width, grid));
  }
  return out;
}

// What a turn did, for a caption: an opening throw; the táb that ends the
// opening; the kelbs taken and where; the throws forfeited.
std::string tab_describe(const TabOptions& o, const TabPosition& pos, std::string_view text) {
  TabTurn t;
  if (tab_parse(text, pos.width, t) || tab_check(o, pos, t)) return {};
  const std::string side(side_name(pos.to_move));
  if (pos.opening && t.nthrows > 0 && t.throws[0].value != 1) {
    auto v = t.throws[0].value;
    return side + "'s opening throw: " + (v == 6 ? std::string("6 (no white side)") : std::to_string(v)) +
           ", no táb; " + std::string(side_name(opponent(pos.to_move))) + " throws next";
  }
  const bool grid = !tab_has_letters(pos.width);
  TabPosition after = pos;
  tab_apply(o, after, t);
  const int taken = pos.count(opponent(pos.to_move)) - after.count(opponent(pos.to_move));
  std::string where, forfeits;
  for (int k = 0; k < t.nuses; ++k) {
    const TabUse& u = t.uses[static_cast<std::size_t>(k)];
    if (u.forfeit) forfeits += (forfeits.empty() ? "" : ", ") + std::to_string(u.value);
    else if (u.captures) where += (where.empty() ? "" : ", ") + tab_cell_name(u.to, pos.width, grid);
  }
  std::vector<std::string> actions;
  if (taken > 0) actions.push_back("takes " + std::to_string(taken) + (taken == 1 ? " kelb" : " kelbs") + " (on " + where + ")");
  if (!forfeits.empty()) actions.push_back("forfeits " + forfeits);
  std::string out = pos.opening ? side + " throws táb: the opening ends" : std::string();
  if (!actions.empty()) {
    out += out.empty() ? side + " " : "; he ";
    for (std::size_t i = 0; i < actions.size(); ++i) out += (i ? " and " : "") + actions[i];
  }
  return out;
}

// ---------------------------------------------------------------------------
// Game and State
// ---------------------------------------------------------------------------

// Tâb as a Game and its States (lib/src/engine_state.hpp). A turn is a
// sequence of events: its throws (chance), then the use of each.
struct TabTraits {
  using Options = TabOptions;
  using Position = TabPosition;
  static constexpr std::string_view kName = "tab";
  static constexpr std::string_view kTitle = "Tâb";
  static constexpr std::string_view kSources =
      "Lane 1836, táb (with Lane's lettered board); docs/RULES.md §Tâb, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .events = true, .throw_faces = true, .describe_event = true, .position_text = true, .describe = true, .drawing = true,
      .cell_names = true, .capture_mark = true};
  static const OptionTable<TabOptions>& options() { return tab_options(); }
  static const std::vector<Preset>& presets() { return tab_presets(); }
  static TabPosition initial(const TabOptions& o) { return TabPosition::initial(o); }
  /// The freed field counts under release=any only (docs/RULES.md §Tâb Finer points).
  static std::string position_text(const TabOptions& o, const TabPosition& p) { return p.text(o.release_any); }
  static Error validate(const TabOptions& o, const TabPosition& p) { return tab_validate(o, p); }
  static const Game& game() { return tab_game(); }
  static Result outcome(const TabPosition& p) noexcept { return tab_outcome(p); }

  // The storage of the turn being played.
  struct Memory {
    TabTurn turn;
  };

  // Events: the throws, then the use of each throw.
  using Turn = TabEvents;
  static bool chance_due(const TabOptions&, const TabPosition&, const Turn& t) noexcept { return !t.thrown; }
  /// The values of the turn's throws not used yet, ascending, one entry per throw.
  static void throws_left(const Turn& t, std::vector<int>& out) { throws_left_of(t.avail, out); }
  static std::vector<ChanceOutcome> chance_outcomes(const TabOptions&, const TabPosition&, const Turn& t) {
    return throw_outcomes(t.text.nthrows);
  }
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
  static void decisions(const TabOptions& o, const TabPosition& p, const Turn& t, std::vector<std::string>& out) {
    tab_decisions(o, p, t, out);
  }
  static Error apply(const TabOptions& o, TabPosition& p, Turn& t, std::string_view e, bool& last) {
    // A use always has '-' (a move or a forfeit) or 'x'; a throw never.
    const bool use = e.find_first_of("-x") != std::string_view::npos;
    if (use && !t.thrown)
      return fail(Code::wrong_phase, 0, "a throw is due: the uses come when the throwing has ended on a 2 or 3 (Lane 1836)");
    if (!use && t.thrown)
      return fail(Code::wrong_phase, 0, "the throwing has ended: each throw is now used or forfeited (docs/RULES.md §Tâb)");
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
  static void turn_text(const TabOptions&, const TabPosition& p, const Turn& t, std::string& out) {
    tab_format(t.text, p.width, out);
  }
  static void random_events(const TabOptions& o, TabPosition& p, Turn& t, Rng& rng, std::vector<EventPick>* picks) {
    tab_random_events(o, p, t, rng, picks);
  }
  static Error split(std::string_view canonical, std::vector<std::string>& out) {
    return split_events(canonical, ",:", out);
  }

  static Error play(const TabOptions& o, TabPosition& p, Memory& memory, std::string_view text) {
    return play_into(o, p, text, memory.turn, nullptr);
  }
  static Error check(const TabOptions& o, const TabPosition& p, std::string_view text, std::string& canonical) {
    TabPosition copy = p;
    return tab_play(o, copy, text, &canonical);
  }
  static std::string render(const TabPosition& p, const RenderOptions& ro) { return tab_render(p, ro); }

  static svg::Size board_size(const TabPosition& p, const DrawOptions& d) { return TabGeometry::of(p.width, d).size(); }
  static void draw_board(const TabOptions&, const TabPosition& p, svg::Canvas& c, const DrawOptions& d) {
    tab_draw_board(p, c, d);
  }
  static void draw_pieces(const TabPosition& p, svg::Canvas& c, const DrawOptions& d) { tab_draw_pieces(p, c, d); }
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
  static MoveCells move_cells(const TabOptions& o, const TabPosition& p, std::string_view text) {
    return tab_move_cells(o, p, text);
  }
  static bool capture_mark(const TabPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& at,
                           double& half) {
    return tab_capture_mark(p, cell, d, at, half);
  }
  static std::string describe(const TabOptions& o, const TabPosition& p, std::string_view text) {
    return tab_describe(o, p, text);
  }
};
static_assert(EngineTraitsFor<TabTraits>);

}  // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

const Game& tab_game() {
  static const EngineGame<TabTraits> game;
  return game;
}

std::string tab_cell_name(TabCell c, int w, bool grid) {
  if (!grid && tab_has_letters(w)) {
    char l = kLetters[static_cast<std::size_t>(letter_index(c, w))];
    return std::string(1, tab_row(c) >= 2 ? static_cast<char>(l - 'A' + 'a') : l);
  }
  return {static_cast<char>('a' + tab_file(c)), static_cast<char>('1' + tab_row(c))};
}

bool tab_read_cell(std::string_view t, std::size_t& i, int w, TabCell& out, bool& grid) {
  return read_cell(t, i, w, out, grid);
}

Error TabOptions::from_rules(const RuleSet& rules, TabOptions& out) { return tab_options().read(rules, out); }

TabPosition TabPosition::initial(const TabOptions& o) {
  TabPosition p;
  p.width = o.width;
  p.to_move = o.first;
  // The first N cells in lettering order: A.. and a.. (docs/RULES.md §Tâb Pieces).
  for (int k = 0; k < o.kelbs(); ++k) {
    p.cells[static_cast<std::size_t>(tab_cell(k, 0))] = TabStack{1, Side::south, true, 1};
    p.cells[static_cast<std::size_t>(tab_cell(o.width - 1 - k, 3))] = TabStack{1, Side::north, true, 1};
  }
  p.recount();
  return p;
}

TabPosition::TabPosition(std::string_view text) { parse_or_throw(text, *this); }

Error TabPosition::parse(std::string_view text, TabPosition& out) {
  PositionFields<4> fields;
  if (Error e = read_position_fields(text, 3, "expected: board, side (S or N), phase (opening or play)", setup_error,
                                     fields))
    return e;
  const auto& [parts, at, count] = fields;
  TabPosition p;
  if (Error e = parse_board(parts[0], at[0], p)) return e;
  if (parts[1] != "S" && parts[1] != "N") return setup_error(at[1], "the side to move is S or N");
  p.to_move = parts[1] == "S" ? Side::south : Side::north;
  if (parts[2] != "opening" && parts[2] != "play") return setup_error(at[2], "the phase is opening or play");
  p.opening = parts[2] == "opening";
  p.recount();  // marks a side with a Muslim kelb on the board as having freed one
  if (count == 4) {
    // The sides that have freed a kelb in the game (docs/RULES.md §Tâb
    // Finer points): needed only when a side's freed kelbs have all been taken.
    const std::string_view f = parts[3];
    if (f != "-" && f != "S" && f != "N" && f != "SN")
      return setup_error(at[3], "the sides that have freed a kelb are -, S, N or SN");
    for (Side side : {Side::south, Side::north}) {
      const bool listed = f.find(side == Side::south ? 'S' : 'N') != std::string_view::npos;
      if (p.freed[static_cast<std::size_t>(side)] && !listed)
        return setup_error(at[3], std::string(side == Side::south ? "S" : "N") +
                                      " has a Muslim kelb on the board, so it has freed a kelb: list it");
      p.freed[static_cast<std::size_t>(side)] = listed;
    }
  }
  out = p;
  return Error::none();
}

// `freed` is history, not compared by operator==: not hashed either.
std::uint64_t TabPosition::hash() const noexcept {
  return PositionHash{}.add(width).add(cells).add(to_move).add(opening).add(kelbs).add(nasrani).value();
}

std::string TabPosition::text(bool freed_field) const {
  std::string out;
  for (int r = 3; r >= 0; --r) {
    for (int f = 0; f < width; ++f) {
      const TabStack& st = at(tab_cell(f, r));
      if (!st.count) {
        out += '.';
        continue;
      }
      bool s = st.side == Side::south;
      if (st.nasrani) {
        out += s ? 'S' : 'N';
        continue;
      }
      out += s ? 's' : 'n';
      if (st.count > 1) out += std::to_string(st.count);
      if (st.progress > min_progress(st.side, tab_cell(f, r))) {
        out += '^';
        out += static_cast<char>('0' + st.progress);
      }
    }
    if (r) out += '/';
  }
  out += to_move == Side::south ? " S" : " N";
  out += opening ? " opening" : " play";
  // The freed field only where the board does not tell it and it can still
  // decide a move: freed, no Muslim left, two Nasrani or more.
  const std::size_t s = static_cast<std::size_t>(Side::south), n = static_cast<std::size_t>(Side::north);
  auto unseen = [&](std::size_t k) { return freed[k] && kelbs[k] == nasrani[k] && nasrani[k] >= 2; };
  if (freed_field && (unseen(s) || unseen(n))) {
    out += ' ';
    if (freed[s]) out += 'S';
    if (freed[n]) out += 'N';
  }
  return out;
}

void TabPosition::recount() noexcept {
  kelbs = nasrani = {};
  for (const TabStack& st : cells) {
    if (!st.count) continue;
    kelbs[static_cast<std::size_t>(st.side)] = static_cast<std::uint8_t>(kelbs[static_cast<std::size_t>(st.side)] + st.count);
    nasrani[static_cast<std::size_t>(st.side)] = static_cast<std::uint8_t>(nasrani[static_cast<std::size_t>(st.side)] + st.nasrani);
    if (!st.nasrani) freed[static_cast<std::size_t>(st.side)] = true;  // a Muslim: the side has freed one
  }
}

Error tab_parse(std::string_view t, int w, TabTurn& out) {
  Error error;
  parse_turn(t, w, out, error);
  return error;
}

void tab_format(const TabTurn& t, int w, std::string& out) {
  for (int k = 0; k < t.nthrows; ++k) {
    if (k) out += ',';
    sticks_format_throw(t.throws[static_cast<std::size_t>(k)], out);
  }
  if (t.nuses == 0 && !t.colon) return;
  out += ':';
  for (int k = 0; k < t.nuses; ++k) {
    if (k) out += ',';
    format_use(t.uses[static_cast<std::size_t>(k)], w, t.grid || !tab_has_letters(w), out);
  }
}

std::string tab_format(const TabTurn& t, int w) {
  std::string out;
  tab_format(t, w, out);
  return out;
}

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
  return play_into(o, pos, text, t, canonical);
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

std::string tab_render(const TabPosition& p, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  const int n = p.width;
  // Lane's lettered box (docs/RULES.md §Tâb Board, letter for letter): on
  // widths with letters every cell keeps its letter, a kelb stands after it;
  // there are no margins. Other widths have grid margins.
  const bool letters = tab_has_letters(n) && ro.coordinates;
  const bool margins = ro.coordinates && !letters;
  int width = 3;
  if (!ro.empty_board)
    for_each_cell(n, [&](TabCell c) {
      if (p.at(c).count >= 10) width = 4;
    });
  std::string out;
  auto files = [&] {
    out += "   ";
    for (int f = 0; f < n; ++f) {
      out += std::string(static_cast<std::size_t>(width) / 2 + 1, ' ');
      out += static_cast<char>('a' + f);
      if (f + 1 < n) out += std::string(static_cast<std::size_t>(width - width / 2 - 1), ' ');
    }
    out += '\n';
  };
  if (margins) files();
  rule_line(out, g, n, width, margins, g.tl, g.tm, g.tr);
  for (int r = 3; r >= 0; --r) {
    if (margins) out += " " + std::to_string(r + 1) + " ";
    out += g.v;
    for (int f = 0; f < n; ++f) {
      out += cell_text(p, tab_cell(f, r), g, ro.empty_board, letters, width);
      out += g.v;
    }
    if (margins) out += " " + std::to_string(r + 1);
    if (r == 3) out += "   North's home row";
    if (r == 0) out += "   South's home row";
    out += '\n';
    if (r > 0) rule_line(out, g, n, width, margins, g.ml, g.mm, g.mr);
  }
  rule_line(out, g, n, width, margins, g.bl, g.bm, g.br);
  if (margins) files();
  if (!ro.empty_board) {
    out += std::string(g.kelb[0][1]) + " South Nasrani  " + g.kelb[0][0] + " South Muslim  " + g.kelb[1][1] +
           " North Nasrani  " + g.kelb[1][0] + " North Muslim  (a number: the kelbs of an 'eggeh)\n";
    if (ro.show_to_move) out += status_line(p);
  }
  return out;
}

Error tab_rewrite_cells(std::string_view text, int w, bool grid, std::string& out) {
  if (!grid && !tab_has_letters(w))
    return fail(Code::bad_rules, 0, "Lane's letters exist only for widths 7, 9 and 11 (docs/RULES.md §Tâb Board)");
  TabTurn t;
  if (Error e = tab_parse(text, w, t)) return e;
  t.grid = grid;
  out.clear();
  tab_format(t, w, out);
  return Error::none();
}

}  // namespace beyt
