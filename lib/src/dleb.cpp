// Dleb (beyt/dleb.hpp). Every rule cites Marin 1931 and docs/RULES.md
// §Dleb; readings where both are silent are in its Finer points.
#include "beyt/dleb.hpp"
#include "engine_helpers.hpp"
#include "engine_state.hpp"
#include "portable.hpp"
#include "position_fields.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace beyt {
namespace {

// ---------------------------------------------------------------------------
// The boustrophedon as data (docs/RULES.md §Dleb Track; Marin 1931 "Move of the Men":
// "A1 successively to B1, B2, B3 ... B20, C20 ... C1, D1 ... D20, ... and comes
// back through C20 ... C1, B1 ... B20, A20 ... etc.")
// ---------------------------------------------------------------------------

struct Segment {
  int line;      // 0 = A .. 3 = D
  bool upward;   // runs from cross-line 1 to N
};
constexpr std::array<Segment, 6> kSegments{{{0, false}, {1, true}, {2, false}, {3, true}, {2, false}, {1, true}}};

constexpr int home_line(Side s) { return s == Side::south ? 0 : 3; }
constexpr int home_segment(Side s) { return s == Side::south ? 0 : 3; }

// Place on the 6N cycle of a point in a segment.
int cycle_of(DlebPoint p, int seg, int n) {
  int x = dleb_x(p);
  return seg * n + (kSegments[static_cast<std::size_t>(seg)].upward ? x - 1 : n - x);
}
// The place `steps` (0..6N) after place `c` of the 6N cycle (a subtraction,
// not a division).
int cycle_after(int c, int steps, int n) {
  const int after = c + steps;
  return after >= 6 * n ? after - 6 * n : after;
}
// A place on the cycle as its segment and the index in it, stepped one place
// at a time: the walk of a throw needs no division.
// The point itself is kept too, stepped by +1 or -1 within a segment and
// set afresh at a segment's start.
struct CycleCursor {
  int seg, k, n, at, dir;
  CycleCursor(DlebPoint p, int segment, int cross_lines) : seg(segment), k(0), n(cross_lines), at(p), dir(1) {
    const int x = dleb_x(p);
    const bool up = kSegments[static_cast<std::size_t>(seg)].upward;
    k = up ? x - 1 : n - x;
    dir = up ? 1 : -1;
  }
  void step() {
    if (++k == n) {
      k = 0;
      if (++seg == 6) seg = 0;
      const Segment& s = kSegments[static_cast<std::size_t>(seg)];
      at = s.line * kDlebStride + (s.upward ? 0 : n - 1);
      dir = s.upward ? 1 : -1;
    } else {
      at += dir;
    }
  }
  DlebPoint point() const { return static_cast<DlebPoint>(at); }
};
DlebPoint point_of(int c, int n) {
  int seg = c / n, k = c % n;
  const Segment& s = kSegments[static_cast<std::size_t>(seg)];
  return dleb_point(s.line, s.upward ? k + 1 : n - k);
}
bool on_field(DlebPoint p, int n) { return p >= 0 && dleb_line(p) < 4 && dleb_x(p) >= 1 && dleb_x(p) <= n; }

template <class F>
void for_each_point(int n, F&& f) {
  for (int l = 0; l < 4; ++l)
    for (int x = 1; x <= n; ++x) f(dleb_point(l, x));
}

// The front slave: the one furthest along the track (A1, A2, ... / D20, D19, ...).
// Each point's team and slave bytes are read as one word with its count.
DlebPoint front_slave(const DlebPosition& p, Side team) {
  if (p.slaves(team) == 0) return -1;
  static_assert(offsetof(DlebStack, count) == 0 && offsetof(DlebStack, team) == 1 && offsetof(DlebStack, slave) == 2);
  const auto word = [&p](int at) { return portable::bit_cast<std::uint32_t>(p.points[static_cast<std::size_t>(at)]); };
  // Bytes 1 and 2 (team, slave) as they must be, whichever the byte order;
  // then a count that is not 0.
  constexpr std::uint32_t kTeamAndSlave = 0x00FFFF00u;
  const std::uint32_t want = portable::bit_cast<std::uint32_t>(DlebStack{0, team, true, 0});
  const auto is_slave = [&](int at) {
    const std::uint32_t w = word(at);
    return ((w & kTeamAndSlave) == want) & (p.points[static_cast<std::size_t>(at)].count != 0);
  };
  if (team == Side::south) {
    for (int at = 0, end = p.cross_lines; at < end; ++at)
      if (is_slave(at)) return static_cast<DlebPoint>(at);
  } else {
    for (int at = 3 * kDlebStride + p.cross_lines - 1; at >= 3 * kDlebStride; --at)
      if (is_slave(at)) return static_cast<DlebPoint>(at);
  }
  return -1;
}

constexpr auto setup_error = engine::setup_error<7>;

// ---------------------------------------------------------------------------
// One use
// ---------------------------------------------------------------------------

struct UseContext {
  const DlebOptions& o;
  Side team;
  bool handicapped;
};

// The walk of a throw that leaves its segment, step by step: whether it
// ends on `u.to`; if so `end_segment` is where, and `over_enemy` whether
// it passes over an enemy. Out of line: most walks stay in their segment.
[[gnu::noinline]] bool walk_across(const UseContext& ctx, const DlebPosition& p, const DlebUse& u, int segment,
                                   int& end_segment, bool& over_enemy) {
  CycleCursor at(u.from, segment, p.cross_lines);
  for (int s = 1; s < u.value; ++s) {
    at.step();
    const DlebStack& over = p.at(at.point());
    over_enemy |= (over.count != 0) & (over.team != ctx.team);
  }
  at.step();
  end_segment = at.seg;
  return at.point() == u.to;
}

// On success `end_segment` is the segment the man ends in (for do_move).
[[gnu::always_inline]] inline Code use_fault(const UseContext& ctx, const DlebPosition& p, DlebUse& u, int& end_segment) {
  const int n = p.cross_lines;
  // on_field, with the cross-line kept for the walk.
  if (static_cast<unsigned>(u.from) >= static_cast<unsigned>(kDlebPoints)) return Code::not_own_piece;
  const int x0 = u.from % kDlebStride;  // the cross-line, less one
  if (x0 >= n) return Code::not_own_piece;
  const DlebStack& st = p.at(u.from);
  if (st.count == 0 || st.team != ctx.team) return Code::not_own_piece;
  // Marin 1931 "Handicapped Players": "no attention will be paid to any of his
  // throws with the exception of the dleb he may happen to cast".
  if (ctx.handicapped && u.kind == DlebUseKind::move && u.value != 1) return Code::handicapped_throw;
  if (u.split && (u.value != 1 || st.count < 2)) return Code::split_illegal;  // "Only a dleb can separate them"
  if (st.slave) {
    // "This can only be done by means of a dleb"; front-first (docs/RULES.md §Dleb).
    if (u.value != 1) return Code::needs_tab;
    if (u.from != front_slave(p, ctx.team)) return Code::release_order;
  } else if (u.value == 1 && p.slaves(ctx.team) > 0) {
    // "each team is obliged to use all their dleb for this purpose until all
    // their men have been thus liberated".
    return Code::must_free;
  }
  // The walk of the throw, noting on the way whether it passes over an enemy
  // (judged after the end: a wrong distance is the fault reported first).
  // "A man can pass over other men of its own kind, but not over an enemy."
  bool over_enemy = false;
  const bool up = kSegments[st.segment].upward;
  if ((up ? x0 : n - 1 - x0) + u.value < n) {  // the walk stays in its segment: a point steps by +1 or -1
    const int dir = up ? 1 : -1;
    // Where the walk ends (a value of 0, which no parsed turn has, is
    // judged as one step, as the walk one step at a time did).
    const int end = u.from + std::max<int>(u.value, 1) * dir;
    for (int at = u.from + dir; at != end; at += dir) {
      const DlebStack& over = p.points[static_cast<std::size_t>(at)];
      over_enemy |= (over.count != 0) & (over.team != ctx.team);
    }
    if (end != u.to) return Code::wrong_distance;
    end_segment = st.segment;
  } else if (!walk_across(ctx, p, u, st.segment, end_segment, over_enemy)) {
    return Code::wrong_distance;
  }
  if (over_enemy) return Code::pass_enemy;
  const DlebStack& dst = p.at(u.to);
  const bool taken = dst.count != 0, ours = dst.team == ctx.team;
  u.eats = taken & !ours;
  if (taken & ours & dst.slave) return Code::occupied;  // Finer points
  if (u.x_written & !u.eats) return Code::capture_mismatch;
  return Code::ok;
}

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
      const DlebStack& st = p.at(u.from);
      int c0 = cycle_of(u.from, st.segment, p.cross_lines);
      return "a throw of " + std::to_string(u.value) + " takes the man on " + dleb_point_name(u.from) + " to " +
             dleb_point_name(point_of((c0 + u.value) % (6 * p.cross_lines), p.cross_lines)) + ", not " +
             dleb_point_name(u.to) + " (docs/RULES.md §Dleb Track)";
    }
    case Code::pass_enemy: return "a man may not pass over an enemy (Marin 1931, p. 509, \"Taking Men\")";
    case Code::occupied: return "a man may not land on his own side's slave (docs/RULES.md §Dleb Finer points)";
    case Code::capture_mismatch: return "'x' written, but no enemy stands on " + dleb_point_name(u.to);
    default: return "illegal use";
  }
}

// What a check changes on the position it works on, so that a fault can put
// it back: the counts and stores as they were, and each point before its
// first change (a plain record: no initialisation of the whole log).
struct Undo {
  struct Point {
    DlebPoint at;
    std::uint32_t was;  // the DlebStack's bytes, copied whole (a DlebStack
                        // member would have the log initialised)
  };
  static_assert(sizeof(DlebStack) == sizeof(std::uint32_t) && std::is_trivially_copyable_v<DlebStack>);
  std::array<int, 2> stored;
  std::array<std::uint8_t, 2> men, slaves;
  int n = 0;
  std::array<Point, 2 * kDlebMaxUses> points;

  explicit Undo(const DlebPosition& p) : stored(p.stored), men(p.men), slaves(p.slave_count) {}
  void save(const DlebPosition& p, DlebPoint at) {
    points[static_cast<std::size_t>(n++)] = {at, portable::bit_cast<std::uint32_t>(p.at(at))};
  }
  void restore(DlebPosition& p) const {
    for (int k = n - 1; k >= 0; --k) {
      const Point& q = points[static_cast<std::size_t>(k)];
      p.points[static_cast<std::size_t>(q.at)] = portable::bit_cast<DlebStack>(q.was);
    }
    p.stored = stored;
    p.men = men;
    p.slave_count = slaves;
  }
};

// Takes `n` men of `team` off the count, `slaves` of them slaves.
void uncount(DlebPosition& p, Side team, int n, int slaves) {
  auto& m = p.men[static_cast<std::size_t>(team)];
  auto& s = p.slave_count[static_cast<std::size_t>(team)];
  m = static_cast<std::uint8_t>(m - n);
  s = static_cast<std::uint8_t>(s - slaves);
}

// Applies a checked move (docs/RULES.md §Dleb Moves, double men; Finer
// points), recording the points it changes in `undo` if given.
// `end_segment`: the segment the man ends in, as use_fault found it.
[[gnu::always_inline]] inline void do_move(const DlebOptions& o, DlebPosition& p, Side team, const DlebUse& u,
                                           int end_segment, Undo* undo = nullptr) {
  if (undo) {
    undo->save(p, u.from);
    undo->save(p, u.to);
  }
  DlebStack& src = p.points[static_cast<std::size_t>(u.from)];
  DlebStack moving = src;
  if (src.slave) uncount(p, team, 0, 1);  // liberated
  moving.slave = false;
  moving.segment = static_cast<std::uint8_t>(end_segment);
  if (u.split) {
    moving.count = 1;
    src.count = static_cast<std::uint8_t>(src.count - 1);
  } else {
    src = DlebStack{};
  }
  DlebStack& dst = p.points[static_cast<std::size_t>(u.to)];
  if (dst.count && dst.team == team) {
    dst.count = static_cast<std::uint8_t>(dst.count + moving.count);
    if (o.double_mover) dst.segment = moving.segment;  // default: the standing man's heading
  } else {
    if (dst.count) uncount(p, dst.team, dst.count, dst.slave);  // the enemy is eaten
    dst = moving;
  }
}

// A checked move whose walk is not known yet (dleb_apply, random turns).
void do_move(const DlebOptions& o, DlebPosition& p, Side team, const DlebUse& u) {
  CycleCursor at(u.from, p.at(u.from).segment, p.cross_lines);
  for (int s = 0; s < u.value; ++s) at.step();
  do_move(o, p, team, u, at.seg);
}

// ---------------------------------------------------------------------------
// Syntax (NOTATION.md §7)
// ---------------------------------------------------------------------------

// The checks below return false and fill `error` on the first fault
// (`fault`, `syntax`: out of line and cold, so that the hot paths that call
// them keep no string code): a legal turn then builds no Error on the way.
constexpr auto syntax = engine::expected<0>;

// The faces of a billet: W (white), B (black), G (on its side).
constexpr std::array<bool, 256> kFace = [] {
  std::array<bool, 256> out{};
  out['W'] = out['B'] = out['G'] = true;
  return out;
}();

// White sides of a throw (dleb_whites): each W counts 1, each G 16, so the
// sum's low nibble counts the whites and its high one the g·r.
constexpr std::array<std::uint8_t, 256> kWhiteOrGur = [] {
  std::array<std::uint8_t, 256> out{};
  out['W'] = 1;
  out['G'] = 16;
  return out;
}();

int whites(const DlebThrow& t, bool night) noexcept {
  int sum = 0;
  for (int k = 0; k < t.nfaces; ++k) sum += kWhiteOrGur[static_cast<unsigned char>(t.faces[static_cast<std::size_t>(k)])];
  return (sum & 15) + (night ? 0 : sum >> 4);
}

// 0x80 in each byte of `y` that is 0, 0 elsewhere (no carry crosses a byte).
constexpr std::uint32_t zero_bytes(std::uint32_t y) noexcept {
  constexpr std::uint32_t low = 0x7F7F7F7Fu;
  return ~(((y & low) + low) | y | low);
}
static_assert(zero_bytes(0x00FF0100u) == 0x80000080u);

// whites() of a throw of four billets, the four faces read as one word: by
// day G (0x47) is made W (0x57) by setting bit 4, which leaves every other
// byte other than W; the bytes equal to W are then counted without a branch.
// `gur` is 0x10101010 by day, 0 by night.
int whites4(const DlebThrow& t, std::uint32_t gur) noexcept {
  std::uint32_t faces;
  std::memcpy(&faces, t.faces.data(), sizeof faces);
  const std::uint32_t zero = zero_bytes((faces | gur) ^ 0x57575757u);  // 0x80 for each white
  return static_cast<int>(((zero >> 7) * 0x01010101u) >> 24);
}
static_assert('W' == 0x57 && 'G' == 0x47 && ('B' | 0x10) != 'W');

// A..D, then the cross-line: one to three digits, the first not 0, at most 100.
bool read_point(std::string_view t, std::size_t& i, DlebPoint& out) {
  const std::size_t n = t.size();
  if (i + 1 >= n) return false;
  const unsigned line = static_cast<unsigned char>(t[i]) - 'A';
  unsigned x = static_cast<unsigned char>(t[i + 1]) - '0';
  if (line > 3 || x - 1 > 8) return false;
  std::size_t j = i + 2;
  if (j < n) {  // a second digit, then a third (only 100 has three)
    if (const unsigned d = static_cast<unsigned char>(t[j]) - '0'; d <= 9) {
      x = 10 * x + d;
      if (++j < n) {
        if (const unsigned e = static_cast<unsigned char>(t[j]) - '0'; e <= 9) {
          x = 10 * x + e;
          ++j;
          if (x > 100) return false;
        }
      }
    }
  }
  out = dleb_point(static_cast<int>(line), static_cast<int>(x));
  i = j;
  return true;
}

bool parse_move_part(std::string_view t, std::size_t& i, DlebUse& u, Error& error) {
  if (!read_point(t, i, u.from)) return syntax(error, i, "a point such as A1");
  if (i >= t.size() || (t[i] != '-' && t[i] != 'x')) return syntax(error, i, "'-' or 'x' after the point");
  u.x_written = t[i++] == 'x';
  u.to_offset = static_cast<std::uint16_t>(i);
  if (!read_point(t, i, u.to)) return syntax(error, i, "the destination point");
  if (i < t.size() && t[i] == '\'') {
    u.split = true;
    ++i;
  }
  return true;
}

// A use before its text is read (copied whole: cheaper than its fields one by one).
constexpr DlebUse kBlankUse{};

[[gnu::always_inline]] inline bool parse_use(std::string_view t, std::size_t& i, DlebUse& u, Error& error) {
  std::memcpy(&u, &kBlankUse, sizeof u);
  u.offset = static_cast<std::uint16_t>(i);
  if (i < t.size() && t[i] == '+') {  // a stored dleb played
    if (i + 1 >= t.size() || t[i + 1] != '1') return syntax(error, i + 1, "'1' after '+': only dleb are stored");
    u.kind = DlebUseKind::stored_move;
    u.value = 1;
    i += 2;
    return parse_move_part(t, i, u, error);
  }
  if (i >= t.size() || sticks_whites(t[i] - '0') < 0) return syntax(error, i, "a use: the throw's value, e.g. 2B3-B5");
  u.value = static_cast<std::uint8_t>(t[i++] - '0');
  if (i + 1 < t.size() && t[i] == '-' && t[i + 1] == '-') {  // "--", without a memcmp
    u.kind = DlebUseKind::forfeit;
    i += 2;
    return true;
  }
  if (i < t.size() && t[i] == '+') {
    u.kind = DlebUseKind::store;
    ++i;
    return true;
  }
  return parse_move_part(t, i, u, error);
}

// Whether a DlebThrow is, byte for byte, the word nfaces | faces << 8 |
// offset << 48 (a little-endian machine).
constexpr bool kThrowAsWord = std::endian::native == std::endian::little && sizeof(DlebThrow) == 8 &&
                              offsetof(DlebThrow, nfaces) == 0 && offsetof(DlebThrow, faces) == 1 &&
                              offsetof(DlebThrow, offset) == 6;

// dleb_parse.
bool parse_turn(std::string_view t, DlebTurn& out, Error& error) {
  out.nthrows = out.nuses = 0;
  out.colon = false;
  out.length = static_cast<std::uint16_t>(std::min<std::size_t>(t.size(), 65535));
  std::size_t i = 0;
  for (;;) {
    if (out.nthrows == kMaxThrows) return syntax(error, i, "at most 64 throws in one turn");
    // The faces gathered in a register, then the throw stored whole (a
    // byte stored at a varying index and read back whole stalls).
    DlebThrow th;
    th.offset = static_cast<std::uint16_t>(i);
    std::uint32_t faces = 0;
    unsigned nfaces = 0;
    if (i + 4 <= t.size()) {  // four bytes at once, without a branch per billet
      const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(t[i + k]); };
      const unsigned is_face = kFace[byte(0)] | kFace[byte(1)] << 1 | kFace[byte(2)] << 2 | kFace[byte(3)] << 3;
      nfaces = static_cast<unsigned>(std::countr_one(is_face));
      const std::uint64_t word = byte(0) | byte(1) << 8 | byte(2) << 16 | static_cast<std::uint64_t>(byte(3)) << 24;
      faces = static_cast<std::uint32_t>(word & ((std::uint64_t{1} << (8 * nfaces)) - 1));
      i += nfaces;
    } else {
      for (; i < t.size() && kFace[static_cast<unsigned char>(t[i])]; ++i, ++nfaces)
        faces |= static_cast<std::uint32_t>(static_cast<unsigned char>(t[i])) << (8 * nfaces);
    }
    if constexpr (kThrowAsWord) {  // the 8 bytes made in a register and stored at once
      th = portable::bit_cast<DlebThrow>(nfaces | std::uint64_t{faces} << 8 | std::uint64_t{th.offset} << 48);
    } else {
      th.nfaces = static_cast<std::uint8_t>(nfaces);
      th.faces = {static_cast<char>(faces), static_cast<char>(faces >> 8), static_cast<char>(faces >> 16),
                  static_cast<char>(faces >> 24)};
    }
    out.throws[static_cast<std::size_t>(out.nthrows)] = th;
    if (th.nfaces < 2) return syntax(error, i, "a throw: two to four billets, each W, B or G");
    ++out.nthrows;
    if (i < t.size() && t[i] == ',') {
      ++i;
      continue;
    }
    break;
  }
  if (i == t.size()) return true;
  if (t[i] != ':') return syntax(error, i, "',' and another throw, or ':' and the uses");
  out.colon = true;
  ++i;
  // The uses counted in a register, written to `out` on the way out (as
  // many as were read whole, the same on a fault): `out.nuses` would be
  // read again after every byte a use stores.
  int nuses = 0;
  for (;;) {
    if (nuses == kDlebMaxUses) {
      out.nuses = nuses;
      return syntax(error, i, "fewer uses");
    }
    if (!parse_use(t, i, out.uses[static_cast<std::size_t>(nuses)], error)) {
      out.nuses = nuses;
      return false;
    }
    ++nuses;
    if (i == t.size()) {
      out.nuses = nuses;
      return true;
    }
    if (t[i] != ',') {
      out.nuses = nuses;
      return syntax(error, i, "',' and the next use");
    }
    ++i;
  }
}

void format_use(const DlebUse& u, std::string& out) {
  switch (u.kind) {
    case DlebUseKind::forfeit: out += static_cast<char>('0' + u.value); out += "--"; return;
    case DlebUseKind::store: out += "1+"; return;
    case DlebUseKind::stored_move: out += "+1"; break;
    case DlebUseKind::move: out += static_cast<char>('0' + u.value); break;
  }
  out += dleb_point_name(u.from);
  out += u.eats || u.x_written ? 'x' : '-';
  out += dleb_point_name(u.to);
  if (u.split) out += '\'';
}

// ---------------------------------------------------------------------------
// Throws: entry stages or the throw-again rule
// ---------------------------------------------------------------------------

// The values of a turn's throws, in order.
struct ThrowValues {
  int n = 0;
  std::array<std::uint8_t, kMaxThrows> value;  // the first n are written
};

struct Available {
  std::array<int, 7> count{};  // by value
  bool entered_now = false;    // dag
  ThrowValues values;          // of a player who has entered: his throws'
};

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

// One use (or stored dleb) of a turn on the position `w` the uses before it
// leave, spending its throw from `avail` (`left`: the throws not used yet):
// false and `error` on a fault. `w` is changed as the use does (its points
// recorded in `undo` if given).
// `o`, `team` and `enemy` are ctx's, passed as the caller holds them.
[[gnu::always_inline]] inline bool use_one(const DlebOptions& o, const UseContext& ctx, Side team, Side enemy,
                                           DlebUse& u, std::array<int, 7>& avail, int& left, DlebPosition& w,
                                           Undo* undo, Error& error) {
  if (u.kind == DlebUseKind::stored_move) {
    if (w.stored[static_cast<std::size_t>(team)] == 0)
      return fault(error, Code::stored_dleb, u.offset, std::string(side_name(team)) + " has no stored dleb");
  } else {
    if (avail[u.value] == 0)
      return fault(error, Code::throw_not_available, u.offset,
                  "no throw of " + std::to_string(u.value) + " is left to use: each throw is used once");
    --avail[u.value];
    --left;
  }
  if (u.kind == DlebUseKind::forfeit) {
    if (u.value == 1 && w.slaves(team) > 0 && w.count(enemy) > 0)
      return fault(error, Code::must_free, u.offset, "a dleb cannot be forgone while slaves remain (docs/RULES.md §Dleb Finer points)");
    return true;
  }
  if (w.count(enemy) == 0)
    return fault(error, Code::game_over, u.offset, "every enemy man is eaten: the rest of the throws are forgone");
  if (u.kind == DlebUseKind::store) {
    // Marin 1931 "Storing the dleb": "When one team has liberated all its men
    // ... it can even store them up"; "Only dleb can be stored up".
    if (u.value != 1) return fault(error, Code::stored_dleb, u.offset, "only dleb are stored (Marin 1931, p. 510: \"Only dleb can be stored up\")");
    if (w.slaves(team) > 0)
      return fault(error, Code::must_free, u.offset, "a dleb is stored only when all the team's men are free (Marin 1931, p. 509)");
    ++w.stored[static_cast<std::size_t>(team)];
    return true;
  }
  int end_segment = 0;
  if (Code c = use_fault(ctx, w, u, end_segment); c != Code::ok) {
    std::uint32_t at = c == Code::wrong_distance || c == Code::capture_mismatch || c == Code::occupied ||
                               c == Code::pass_enemy
                           ? u.to_offset
                       : c == Code::not_own_piece || c == Code::release_order || c == Code::must_free
                           ? u.offset + (u.kind == DlebUseKind::stored_move ? 2u : 1u)
                           : u.offset;
    return fault(error, c, at, use_reason(c, ctx, w, u));
  }
  if (u.kind == DlebUseKind::stored_move) --w.stored[static_cast<std::size_t>(team)];
  do_move(o, w, team, u, end_segment, undo);
  return true;
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

// dleb_play with `t` as the storage of the turn (a State keeps one: a turn
// is some 2.5 KB). The uses are checked and made on `pos` itself, once; a
// fault puts back what they changed.
Error play_into(const DlebOptions& o, DlebPosition& pos, std::string_view text, DlebTurn& t, std::string* canonical) {
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

// ---------------------------------------------------------------------------
// Options, position text, diagram, Game and State
// ---------------------------------------------------------------------------

const OptionTable<DlebOptions>& dleb_options() {
  static const OptionTable<DlebOptions> table(
      opt::number("cross-lines", &DlebOptions::cross_lines, 4, 100, "number of cross-lines N (points A1..DN), 4 to 100",
                  "Marin 1931, p. 508 (\"Twenty cross-lines are a convenient number, but there may be fewer or "
                  "more\"); docs/RULES.md §Dleb"),
      opt::number("players", &DlebOptions::players, 1, kDlebMaxPlayers,
                  "players in each team, 1 to 8; partners play in succession",
                  "Marin 1931, p. 508 (\"The players may be 2, 4, 6, 8, or more\"); docs/RULES.md §Dleb"),
      opt::choice("first", &DlebOptions::first, {{"south", Side::south}, {"north", Side::north}},
                  "the team that won the start (the deciding throws are not moves)",
                  "Marin 1931, p. 508, \"The Start\" (the deciding throws move no man); docs/RULES.md §Dleb"),
      opt::choice("time", &DlebOptions::night, {{"day", false}, {"night", true}},
                  "a billet on its side (G) counts white by day, black by night",
                  "Marin 1931, p. 508 (a g·r \"is counted as white if the game is played during the day time\"); "
                  "docs/RULES.md §Dleb"),
      opt::choice("double-course", &DlebOptions::double_mover, {{"standing", false}, {"mover", true}},
                  "a double of men with different headings takes the standing man's heading, or the mover's",
                  "Marin 1931, p. 510, \"Double Men\", is silent on headings; docs/RULES.md §Dleb"));
  return table;
}

const std::vector<Preset>& dleb_presets() {
  static const std::vector<Preset> presets{
      {"marin", "", "Marin 1931: 20 cross-lines, one player a side, by day"},
  };
  return presets;
}

Error parse_field(std::string_view b, std::size_t base, DlebPosition& out) {
  int line = 3, x = 0, width = -1;
  for (std::size_t i = 0; i < b.size();) {
    char c = b[i];
    if (c == '/') {
      if (width < 0) width = x;
      if (x != width || line == 0) return setup_error(base + i, "four lines of the same length, separated by '/'");
      --line;
      x = 0;
      ++i;
      continue;
    }
    if (x >= 100) return setup_error(base + i, "at most 100 cross-lines");
    ++x;
    if (c == '.') {
      ++i;
      continue;
    }
    DlebStack st;
    std::size_t at = i;
    if (c == 'S' || c == 'N') {
      st = DlebStack{1, c == 'S' ? Side::south : Side::north, true, 0};
      st.segment = static_cast<std::uint8_t>(home_segment(st.team));
      if (line != home_line(st.team)) return setup_error(base + i, "a slave stands on its team's own line");
      ++i;
    } else if (c == 's' || c == 'n') {
      st.team = c == 's' ? Side::south : Side::north;
      ++i;
      int n = 0, digits = 0;
      while (i < b.size() && b[i] >= '0' && b[i] <= '9' && digits < 3) n = n * 10 + (b[i++] - '0'), ++digits;
      if (digits && n < 2) return setup_error(base + at, "a double has 2 or more men");
      st.count = static_cast<std::uint8_t>(digits ? n : 1);
      bool bc = line == 1 || line == 2;
      bool mark = i < b.size() && (b[i] == '>' || b[i] == '<');
      if (bc != mark) return setup_error(base + i, "a man on B or C has a heading, '>' (toward D) or '<' (toward A)");
      if (line == 0) st.segment = 0;
      else if (line == 3) st.segment = 3;
      else st.segment = static_cast<std::uint8_t>(b[i] == '>' ? line : (line == 1 ? 5 : 4));
      if (mark) ++i;
    } else {
      return setup_error(base + i, std::string("unexpected '") + c + "': a point is . S N s n");
    }
    out.points[static_cast<std::size_t>(dleb_point(line, x))] = st;
  }
  if (line != 0 || x != width) return setup_error(base + b.size(), "four lines of the same length");
  if (width < 4) return setup_error(base, "at least 4 cross-lines");
  out.cross_lines = width;
  return Error::none();
}

struct Glyphs {
  const char *line, *empty;
  const char* man[2][2];  // [team][slave]
};
constexpr Glyphs kUnicode{"─", "┼", {{"●", "■"}, {"○", "□"}}};
constexpr Glyphs kAscii{"-", "+", {{"x", "X"}, {"o", "O"}}};

std::string status_line(const DlebPosition& p) {
  Result r = dleb_outcome(p);
  if (r != Result::unfinished) return "Game over: " + std::string(result_token(r)) + "\n";
  std::string out = std::string(side_name(p.to_move));
  if (p.players > 1) out += ", player " + std::to_string(p.player + 1);
  out += " to move";
  bool in = p.entered[static_cast<std::size_t>(p.to_move)][static_cast<std::size_t>(p.player)];
  out += in ? " (entered)" : dleb_handicapped(p) ? " (handicapped: only his dleb count)" : " (entry stages)";
  for (Side s : {Side::south, Side::north})
    if (p.stored[static_cast<std::size_t>(s)])
      out += "; " + std::string(side_name(s)) + " stores " + std::to_string(p.stored[static_cast<std::size_t>(s)]) +
             " dleb";
  return out + "\n";
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md, "Dleb"): the field of Marin's four lines
// A (South's, at the bottom) to D, crossed by N cross-lines numbered above
// and below, the lines lettered on both sides. The men stand on the points:
// South black, North white with a black rim; a slave (never moved) is a
// square, a free man a disc; a double carries its count. Above 20
// cross-lines the spacing along the lines shrinks (to half a cell at most)
// and only every fifth cross-line is numbered. Flipped, line D is at the
// bottom and cross-line 1 on the right.
// ---------------------------------------------------------------------------

struct DlebGeometry {
  int n;
  double cell, step, left, top;
  bool flipped;

  static DlebGeometry of(int n, const DrawOptions& d) {
    double step = n <= 20 ? d.cell : std::max(0.5 * d.cell, d.cell * 20 / n);
    double pad = std::max(2.0, 0.08 * d.cell);
    double margin = d.coordinates ? std::max(pad, std::round(0.75 * d.cell)) : pad;
    return {n, d.cell, step, margin, margin, d.flipped};
  }
  // The field is n steps wide (half a step beyond the end cross-lines) and
  // four cells high (half a cell beyond lines A and D).
  svg::Size size() const { return {2 * left + n * step, 2 * top + 4 * cell}; }
  double x_of(int x) const { return left + ((flipped ? n - x : x - 1) + 0.5) * step; }
  double y_of(int line) const { return top + ((flipped ? line : 3 - line) + 0.5) * cell; }
  svg::Point centre(DlebPoint p) const { return {x_of(dleb_x(p)), y_of(dleb_line(p))}; }
  // Whether cross-line x gets its number (all of them up to 20; else 1 and
  // every fifth).
  bool numbered(int x) const { return n <= 20 || x == 1 || x % 5 == 0; }
};

// "A1".."D<n>", whole, or -1.
DlebPoint dleb_parse_point(std::string_view name, int n) {
  std::size_t i = 0;
  DlebPoint p = -1;
  if (!read_point(name, i, p) || i != name.size() || dleb_x(p) > n) return -1;
  return p;
}

void dleb_draw_board(const DlebPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  const DlebGeometry g = DlebGeometry::of(pos.cross_lines, d);
  const svg::Size size = g.size();
  svg::Paint ground;
  ground.fill = d.monochrome ? "#fff" : "#efe2c4";
  ground.stroke = d.monochrome ? "none" : "#000";
  ground.stroke_width = d.monochrome ? 0 : std::max(1.0, 0.025 * d.cell);
  if (!d.monochrome) c.rect(g.left, g.top, g.n * g.step, 4 * g.cell, ground);
  svg::Paint rule;
  rule.stroke = "#000";
  rule.stroke_width = std::max(1.0, 0.025 * d.cell);
  svg::Paint heavy = rule;
  heavy.stroke_width = std::max(1.5, 0.05 * d.cell);
  const double x0 = g.x_of(1), x1 = g.x_of(g.n);
  const double ya = g.y_of(0), yd = g.y_of(3);
  for (int x = 1; x <= g.n; ++x) c.line({g.x_of(x), std::min(ya, yd)}, {g.x_of(x), std::max(ya, yd)}, rule);
  // The teams' lines A and D heavier than the sea lines B and C.
  for (int l = 0; l < 4; ++l)
    c.line({std::min(x0, x1), g.y_of(l)}, {std::max(x0, x1), g.y_of(l)}, l == 0 || l == 3 ? heavy : rule);
  if (!d.coordinates) return;
  svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
  svg::Font num = f;
  num.size = std::min(f.size, std::max(0.25 * d.cell, 0.9 * g.step));
  for (int x = 1; x <= g.n; ++x) {
    if (!g.numbered(x)) continue;
    c.centred_text({g.x_of(x), g.top / 2}, std::to_string(x), num);
    c.centred_text({g.x_of(x), size.height - g.top / 2}, std::to_string(x), num);
  }
  for (int l = 0; l < 4; ++l) {
    std::string name(1, static_cast<char>('A' + l));
    c.centred_text({g.left / 2, g.y_of(l)}, name, f);
    c.centred_text({size.width - g.left / 2, g.y_of(l)}, name, f);
  }
}

// A man centred on `p`, `r` px: a disc, team South black, team North white
// with a black rim; a slave (never moved) bears a square in the other
// colour, as the text diagrams mark a slave with a square (■ □; a square
// alone for the man read as a checkbox on a page); a double carries its count.
void dleb_man(svg::Canvas& c, svg::Point p, double r, Side team, bool slave, int count, const DrawOptions& d) {
  const bool south = team == Side::south;
  svg::Paint paint;
  paint.fill = south ? "#000" : "#fff";
  paint.stroke = "#000";
  paint.stroke_width = std::max(1.0, 0.05 * d.cell);
  c.circle(p, r, paint);
  if (slave) {
    svg::Paint mark;
    mark.fill = south ? "#fff" : "#000";
    const double h = 0.42 * r;
    c.rect(p.x - h, p.y - h, 2 * h, 2 * h, mark);
  }
  if (count > 1) {
    svg::Font k{d.font, 1.25 * r, svg::Anchor::middle, true, false, south ? "#fff" : "#000"};
    c.centred_text(p, std::to_string(count), k);
  }
}

void dleb_draw_pieces(const DlebPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  if (d.empty_board) return;
  const DlebGeometry g = DlebGeometry::of(pos.cross_lines, d);
  const double r = std::min(0.3 * g.cell, 0.42 * g.step);
  bool seen[2][2] = {}, doubled = false;
  for (int l = 0; l < 4; ++l)
    for (int x = 1; x <= g.n; ++x) {
      const DlebStack& st = pos.at(dleb_point(l, x));
      if (!st.count) continue;
      dleb_man(c, g.centre(dleb_point(l, x)), r, st.team, st.slave, st.count, d);
      seen[static_cast<int>(st.team)][st.slave ? 1 : 0] = true;
      doubled = doubled || st.count > 1;
    }
  if (!d.legend) return;
  const DrawOptions o = d.without_legend();
  for (Side s : {Side::south, Side::north})
    for (bool slave : {true, false})
      if (seen[static_cast<int>(s)][slave ? 1 : 0])
        d.legend->add(std::string(side_name(s)) + (slave ? "'s slave (never moved)" : "'s free man"),
                      [=](svg::Canvas& canvas, svg::Point p) { dleb_man(canvas, p, r, s, slave, 1, o); });
  if (doubled)
    d.legend->add("a double of 2 men",
                  [=](svg::Canvas& canvas, svg::Point p) { dleb_man(canvas, p, r, Side::south, false, 2, o); });
}

MoveCells dleb_move_cells(const DlebOptions& o, const DlebPosition& pos, std::string_view text) {
  MoveCells out;
  DlebTurn t;
  if (dleb_parse(text, t)) return out;
  DlebTurn checked = t;
  if (!dleb_check(o, pos, checked)) t = checked;  // eats filled in
  for (int k = 0; k < t.nuses; ++k) {
    const DlebUse& u = t.uses[static_cast<std::size_t>(k)];
    if ((u.kind != DlebUseKind::move && u.kind != DlebUseKind::stored_move) || u.from < 0 || u.to < 0) continue;
    if (dleb_x(u.from) > pos.cross_lines || dleb_x(u.to) > pos.cross_lines) continue;
    out.from.push_back(dleb_point_name(u.from));
    out.to.push_back(dleb_point_name(u.to));
    if (u.eats || u.x_written) out.captured.push_back(dleb_point_name(u.to));
  }
  return out;
}

// The cross of an eaten man: above and right of the point, clear of the man
// that ate (who stands on it), and short of the next point when the
// cross-lines are close.
bool dleb_capture_mark(const DlebPosition& pos, std::string_view name, const DrawOptions& d, svg::Point& centre,
                       double& half) {
  DlebPoint p = dleb_parse_point(name, pos.cross_lines);
  if (p < 0) return false;
  const DlebGeometry g = DlebGeometry::of(pos.cross_lines, d);
  svg::Point at = g.centre(p);
  half = 0.1 * d.cell;
  centre = {at.x + std::min(0.36 * d.cell, 0.5 * g.step), at.y - 0.36 * d.cell};
  return true;
}

// What a turn did, for a caption: who plays (with teams), whether he entered
// or stays out, the men eaten, the dleb stored or played from store.
std::string dleb_describe(const DlebOptions& o, const DlebPosition& pos, std::string_view text) {
  DlebTurn t;
  if (dleb_parse(text, t) || dleb_check(o, pos, t)) return {};
  std::string who(side_name(pos.to_move));
  if (pos.players > 1) who += ", player " + std::to_string(pos.player + 1);
  const auto team = static_cast<std::size_t>(pos.to_move), player = static_cast<std::size_t>(pos.player);
  DlebPosition after = pos;
  dleb_apply(o, after, t);
  std::vector<std::string> parts;
  const bool was_in = pos.entered[team][player];
  if (!was_in && after.entered[team][player]) parts.push_back("enters");
  else if (!was_in && !dleb_handicapped(pos)) parts.push_back("does not enter yet");
  const int eaten = pos.count(opponent(pos.to_move)) - after.count(opponent(pos.to_move));
  std::string where;
  int stored = 0, from_store = 0;
  for (int k = 0; k < t.nuses; ++k) {
    const DlebUse& u = t.uses[static_cast<std::size_t>(k)];
    if (u.eats) where += (where.empty() ? "" : ", ") + dleb_point_name(u.to);
    stored += u.kind == DlebUseKind::store;
    from_store += u.kind == DlebUseKind::stored_move;
  }
  if (eaten > 0) parts.push_back("eats " + std::to_string(eaten) + (eaten == 1 ? " man" : " men") + " (on " + where + ")");
  if (stored > 0) parts.push_back("stores " + std::to_string(stored) + " dleb");
  if (from_store > 0) parts.push_back("plays " + std::to_string(from_store) + " stored dleb");
  if (parts.empty()) return {};
  std::string out = who;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? " " : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

// Legal moves of one value for the random player (typed, no messages), to
// `f`, by point (line, then cross-line), the whole double before one man.
template <class F>
void for_each_move_of(const UseContext& ctx, const DlebPosition& p, int value, F&& f) {
  const int n = p.cross_lines;
  for_each_point(n, [&](DlebPoint from) {
    const DlebStack& st = p.at(from);
    if (!st.count || st.team != ctx.team) return;
    DlebPoint to = point_of(cycle_after(cycle_of(from, st.segment, n), value, n), n);
    for (int split = 0; split < (value == 1 && st.count > 1 ? 2 : 1); ++split) {
      DlebUse u;
      u.value = static_cast<std::uint8_t>(value);
      u.from = from;
      u.to = to;
      u.split = split == 1;
      int end_segment = 0;
      if (use_fault(ctx, p, u, end_segment) == Code::ok) f(u);
    }
  });
}

// The legal moves of `value`: how many, and the one numbered `pick`.
std::uint64_t count_moves_of(const UseContext& ctx, const DlebPosition& p, int value) {
  std::uint64_t n = 0;
  for_each_move_of(ctx, p, value, [&n](const DlebUse&) { ++n; });
  return n;
}
DlebUse move_of(const UseContext& ctx, const DlebPosition& p, int value, std::uint64_t pick) {
  DlebUse out;
  std::uint64_t i = 0;
  for_each_move_of(ctx, p, value, [&](const DlebUse& u) {
    if (i++ == pick) out = u;
  });
  return out;
}


// ---------------------------------------------------------------------------
// Events (beyt/game.hpp "Turns and events"; NOTATION.md section 12): the
// throws one by one (chance: billets), then the use of each throw value,
// one by one, in any order, a stored dleb played among them.
// ---------------------------------------------------------------------------

// The turn in progress.
struct DlebEvents {
  DlebTurn text;                         // throws and uses so far (canonical: eats set)
  std::array<int, 7> avail{};            // throws of each value not used yet
  int left = 0;                          // their sum
  bool thrown = false;                   // the throwing has ended
  bool entering = false, handicapped = false;  // the player, at the turn's start
  int stage = 1, dleb = 0, gsse = 0;     // entering: the stage and the score
  bool entered_now = false;              // dag
  ThrowValues values;                    // an entered player's: his throws' values

  bool active() const noexcept { return text.nthrows > 0; }
  // What the rest depends on, never the text's form (billets in another order).
  bool operator==(const DlebEvents& o) const noexcept {
    return active() == o.active() && avail == o.avail && thrown == o.thrown && entering == o.entering &&
           handicapped == o.handicapped && stage == o.stage && dleb == o.dleb && gsse == o.gsse &&
           entered_now == o.entered_now && (thrown || text.nthrows == o.text.nthrows);
  }
  std::uint64_t hash() const noexcept {
    return PositionHash{}
        .add(avail)
        .add(thrown)
        .add(entering)
        .add(handicapped)
        .add(stage)
        .add(dleb)
        .add(gsse)
        .add(entered_now)
        .add(thrown ? 0 : text.nthrows)
        .value();
  }
};

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

// Records a throw that throw_possible allows; `last`: it ends the turn.
void add_throw(const DlebOptions& o, const DlebPosition& p, DlebEvents& t, const DlebThrow& th, bool& last) {
  if (!t.active()) {
    t.entering = entering_now(p, t);
    t.handicapped = dleb_handicapped(p);
  }
  t.text.throws[static_cast<std::size_t>(t.text.nthrows++)] = th;
  const int w = whites(th, o.night);
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
Error apply_throw(const DlebOptions& o, const DlebPosition& p, DlebEvents& t, std::string_view e, bool& last) {
  DlebThrow th;
  std::size_t i = 0;
  for (; i < e.size() && i < 4 && kFace[static_cast<unsigned char>(e[i])]; ++i) th.faces[i] = e[i];
  th.nfaces = static_cast<std::uint8_t>(i);
  if (i < 2 || i != e.size()) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected a throw: two to four billets, each W, B or G");
  const int need = billets_due(p, t);
  if (th.nfaces != need)
    return fail(Code::throw_sequence, 0,
                entering_now(p, t) ? "at entry stage " + std::to_string(t.stage) + " the player throws " + std::to_string(need) +
                                         " billets (Marin 1931, p. 509, \"Entering the game\")"
                                   : std::string("a player who has entered throws the four billets"));
  if (!throw_possible(p, t, whites(th, o.night)))
    return fail(Code::throw_sequence, 0, "the 64th throw of a turn must end it (NOTATION.md section 7)");
  add_throw(o, p, t, th, last);
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
  if (t.text.nuses == kDlebMaxUses) return fail(Code::move_syntax, 0, "too many uses");
  if (u.kind == DlebUseKind::stored_move && t.left == 0)
    return fail(Code::stored_dleb, 0, "a stored dleb is played before the turn's last use");
  std::array<int, 7> avail = t.avail;
  int left = t.left;
  DlebPosition w = p;
  const UseContext ctx{o, p.to_move, t.handicapped};
  if (!use_one(o, ctx, ctx.team, opponent(ctx.team), u, avail, left, w, nullptr, error)) return error;
  p = w;
  t.avail = avail;
  t.left = left;
  t.text.uses[static_cast<std::size_t>(t.text.nuses++)] = u;
  last = t.left == 0;
  return Error::none();
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

// Makes a decision the lists gave (its checks passed).
void add_decision(const DlebOptions& o, DlebPosition& p, DlebEvents& t, const DlebUse& u, bool& last) {
  const Side team = p.to_move;
  switch (u.kind) {
    case DlebUseKind::move: do_move(o, p, team, u); break;
    case DlebUseKind::store: ++p.stored[static_cast<std::size_t>(team)]; break;
    case DlebUseKind::stored_move:
      --p.stored[static_cast<std::size_t>(team)];
      do_move(o, p, team, u);
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

// beyt's random player (NOTATION.md section 12), drawing as the whole-turn
// player before the events did (same Rng, same turns): the billets, each
// white with probability 1/2; then, before the first use, half the time a
// stored dleb played on a uniformly drawn move; then each throw in order on
// a uniformly drawn move or store, forfeited only when it has neither.
void dleb_random_events(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng, std::vector<EventPick>* picks) {
  bool last = false;
  while (!t.thrown) {
    const int n = billets_due(p, t);
    DlebThrow th;
    int w = 0;
    do {
      th.nfaces = static_cast<std::uint8_t>(n);
      std::uint64_t bits = rng.below(1u << n);
      for (int k = 0; k < n; ++k) th.faces[static_cast<std::size_t>(k)] = (bits >> k) & 1 ? 'W' : 'B';
      w = whites(th, o.night);
    } while (!throw_possible(p, t, w));  // the turn's 64th throw ends it
    if (picks) picks->push_back({true, billet_index(p, t, w), std::string(th.faces.data(), th.nfaces)});
    add_throw(o, p, t, th, last);
    if (last) return;
  }
  const Side team = p.to_move;
  const UseContext ctx{o, team, t.handicapped};
  if (t.text.nuses == 0 && p.stored[static_cast<std::size_t>(team)] > 0 && rng.below(2) == 0) {
    if (std::uint64_t n = count_moves_of(ctx, p, 1)) {
      const std::uint64_t pick = rng.below(n);
      DlebUse u = move_of(ctx, p, 1, pick);
      u.kind = DlebUseKind::stored_move;
      if (picks) {
        std::string text;
        format_use(u, text);
        picks->push_back({false, static_cast<std::size_t>(pick), std::move(text)});
      }
      add_decision(o, p, t, u, last);
    }
  }
  while (t.left > 0) {
    const int v = first_unused_value(t);
    DlebUse chosen;
    chosen.value = static_cast<std::uint8_t>(v);
    chosen.kind = DlebUseKind::forfeit;
    const bool alive = p.count(opponent(team)) > 0;
    const std::uint64_t moves = alive && !(t.handicapped && v != 1) ? count_moves_of(ctx, p, v) : 0;
    const bool can_store = alive && v == 1 && p.slaves(team) == 0;
    const std::uint64_t options = moves + (can_store ? 1 : 0);
    std::uint64_t pick = options;  // the forfeit, listed after the moves and the store
    if (options) {
      pick = rng.below(options);
      if (pick < moves) chosen = move_of(ctx, p, v, pick);
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
    add_decision(o, p, t, chosen, last);
  }
}

// Dleb as a Game and its States (lib/src/engine_state.hpp). A turn is a
// sequence of events: its throws (chance), then the use of each.
struct DlebTraits {
  using Options = DlebOptions;
  using Position = DlebPosition;
  static constexpr std::string_view kName = "dleb";
  static constexpr std::string_view kTitle = "Dleb";
  static constexpr std::string_view kSources =
      "Marin 1931, pp. 508-510 (7. dleb); docs/RULES.md §Dleb, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{
      .player_label = true, .events = true, .throw_faces = true, .describe_event = true, .describe = true, .drawing = true,
      .cell_names = true, .capture_mark = true};
  static const OptionTable<DlebOptions>& options() { return dleb_options(); }
  static const std::vector<Preset>& presets() { return dleb_presets(); }
  static DlebPosition initial(const DlebOptions& o) { return DlebPosition::initial(o); }
  static Error validate(const DlebOptions& o, const DlebPosition& p) { return dleb_validate(o, p); }
  static const Game& game() { return dleb_game(); }
  static Result outcome(const DlebPosition& p) noexcept { return dleb_outcome(p); }
  // "South, player 2" when the teams have partners.
  static std::string player_label(const DlebPosition& p, Actor a) {
    std::string out(actor_name(a));
    if (p.players > 1 && is_player(a)) out += ", player " + std::to_string(p.player + 1);
    return out;
  }
  // The storage of the turn being played.
  struct Memory {
    DlebTurn turn;
  };

  // Events: the throws, then the use of each throw value.
  using Turn = DlebEvents;
  static bool chance_due(const DlebOptions&, const DlebPosition&, const Turn& t) noexcept { return !t.thrown; }
  /// The values of the turn's throws not used yet, ascending, one entry per throw.
  static void throws_left(const Turn& t, std::vector<int>& out) { throws_left_of(t.avail, out); }
  static std::vector<ChanceOutcome> chance_outcomes(const DlebOptions&, const DlebPosition& p, const Turn& t) {
    std::array<BilletOutcome, 5> list;
    const int n = billet_outcomes(p, t, list), billets = billets_due(p, t);
    std::vector<ChanceOutcome> out;
    for (int k = 0; k < n; ++k)
      out.push_back({billets_text(billets, list[static_cast<std::size_t>(k)].whites),
                     list[static_cast<std::size_t>(k)].probability});
    return out;
  }
  /// The billets due (four, or three and two at the entry stages), each
  /// black, white or on its side (Marin 1931, pp. 508-509; NOTATION.md section 7).
  static ThrowFaces throw_faces(const DlebOptions& o, const DlebPosition& p, const Turn& t) {
    return {{{'B', "black (bark) up"}, {'W', "white (flat) up"},
             {'G', std::string("on its side (g·r): counted ") + (o.night ? "black, by night" : "white, by day")}},
            billets_due(p, t)};
  }
  /// The billets are the throw as written.
  static void throw_text(std::string_view faces, std::string& out) { out.assign(faces); }
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
  static void decisions(const DlebOptions& o, const DlebPosition& p, const Turn& t, std::vector<std::string>& out) {
    dleb_decisions(o, p, t, out);
  }
  static Error apply(const DlebOptions& o, DlebPosition& p, Turn& t, std::string_view e, bool& last) {
    // A throw is billets only; a use begins with its value or '+'.
    const bool use = e.empty() || !kFace[static_cast<unsigned char>(e[0])];
    if (use && !t.thrown)
      return fail(Code::wrong_phase, 0, "a throw is due: the uses come when the throwing has ended (Marin 1931, p. 508)");
    if (!use && t.thrown)
      return fail(Code::wrong_phase, 0, "the throwing has ended: each throw is now used or forgone (docs/RULES.md §Dleb)");
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
  static void turn_text(const DlebOptions&, const DlebPosition&, const Turn& t, std::string& out) {
    dleb_format(t.text, out);
  }
  static void random_events(const DlebOptions& o, DlebPosition& p, Turn& t, Rng& rng, std::vector<EventPick>* picks) {
    dleb_random_events(o, p, t, rng, picks);
  }
  static Error split(std::string_view canonical, std::vector<std::string>& out) {
    const std::size_t first = out.size();
    if (Error e = split_events(canonical, ",:", out)) return e;
    if (out.size() > first && out.back()[0] == '+')
      return fail(Code::stored_dleb, static_cast<std::uint32_t>(canonical.rfind('+')),
                  "as events, a stored dleb is played before the turn's last use (NOTATION.md section 12)");
    return Error::none();
  }
  static Error play(const DlebOptions& o, DlebPosition& p, Memory& memory, std::string_view text) {
    return play_into(o, p, text, memory.turn, nullptr);
  }
  static Error check(const DlebOptions& o, const DlebPosition& p, std::string_view text, std::string& canonical) {
    DlebPosition copy = p;
    return dleb_play(o, copy, text, &canonical);
  }
  static std::string render(const DlebPosition& p, const RenderOptions& ro) { return dleb_render(p, ro); }

  static svg::Size board_size(const DlebPosition& p, const DrawOptions& d) {
    return DlebGeometry::of(p.cross_lines, d).size();
  }
  static void draw_board(const DlebOptions&, const DlebPosition& p, svg::Canvas& c, const DrawOptions& d) {
    dleb_draw_board(p, c, d);
  }
  static void draw_pieces(const DlebPosition& p, svg::Canvas& c, const DrawOptions& d) { dleb_draw_pieces(p, c, d); }
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
  static MoveCells move_cells(const DlebOptions& o, const DlebPosition& p, std::string_view text) {
    return dleb_move_cells(o, p, text);
  }
  static bool capture_mark(const DlebPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& at,
                           double& half) {
    return dleb_capture_mark(p, cell, d, at, half);
  }
  static std::string describe(const DlebOptions& o, const DlebPosition& p, std::string_view text) {
    return dleb_describe(o, p, text);
  }
};
static_assert(EngineTraitsFor<DlebTraits>);

}  // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

const Game& dleb_game() {
  static const EngineGame<DlebTraits> game;
  return game;
}

std::string dleb_point_name(DlebPoint p) { return static_cast<char>('A' + dleb_line(p)) + std::to_string(dleb_x(p)); }

Error DlebOptions::from_rules(const RuleSet& rules, DlebOptions& out) { return dleb_options().read(rules, out); }

DlebPosition DlebPosition::initial(const DlebOptions& o) {
  DlebPosition p;
  p.cross_lines = o.cross_lines;
  p.players = o.players;
  p.to_move = o.first;
  // "The points of junction of the cross-lines with the lines A and D are
  // covered with two sets of stones" (Marin 1931 "The Men").
  for (int x = 1; x <= o.cross_lines; ++x) {
    p.points[static_cast<std::size_t>(dleb_point(0, x))] = DlebStack{1, Side::south, true, 0};
    p.points[static_cast<std::size_t>(dleb_point(3, x))] = DlebStack{1, Side::north, true, 3};
  }
  p.recount();
  return p;
}

DlebPosition::DlebPosition(std::string_view text) { parse_or_throw(text, *this); }

Error DlebPosition::parse(std::string_view text, DlebPosition& out) {
  PositionFields<4> fields;
  if (Error e = read_position_fields(text, 4, "expected: field, turn (S1), entered flags (10/01), stored (0/0)",
                                     setup_error, fields))
    return e;
  const auto& [parts, at, count] = fields;
  DlebPosition p;
  if (Error e = parse_field(parts[0], at[0], p)) return e;
  std::string_view turn = parts[1];
  if (turn.size() != 2 || (turn[0] != 'S' && turn[0] != 'N') || turn[1] < '1' || turn[1] > '8')
    return setup_error(at[1], "the turn is the team (S or N) and the player (1-8), e.g. S1");
  p.to_move = turn[0] == 'S' ? Side::south : Side::north;
  p.player = turn[1] - '1';
  std::string_view flags = parts[2];
  std::size_t slash = flags.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash > kDlebMaxPlayers || flags.size() != 2 * slash + 1)
    return setup_error(at[2], "entered flags: one 0 or 1 per player of each team, e.g. 10/01");
  p.players = static_cast<int>(slash);
  for (std::size_t k = 0; k < flags.size(); ++k) {
    if (k == slash) continue;
    if (flags[k] != '0' && flags[k] != '1') return setup_error(at[2] + k, "an entered flag is 0 or 1");
    std::size_t team = k < slash ? 0 : 1, player = k < slash ? k : k - slash - 1;
    p.entered[team][player] = flags[k] == '1';
  }
  if (p.player >= p.players) return setup_error(at[1], "no such player in the team");
  std::string_view st = parts[3];
  std::size_t s2 = st.find('/');
  int a = 0, b = 0;
  if (s2 == std::string_view::npos || !read_whole_number(st.substr(0, s2), 0, 999, a) ||
      !read_whole_number(st.substr(s2 + 1), 0, 999, b))
    return setup_error(at[3], "stored dleb: South's count / North's count, e.g. 0/2");
  p.stored = {a, b};
  p.recount();
  out = p;
  return Error::none();
}

std::uint64_t DlebPosition::hash() const noexcept {
  return PositionHash{}
      .add(cross_lines)
      .add(players)
      .add(points)
      .add(to_move)
      .add(player)
      .add(entered)
      .add(stored)
      .add(men)
      .add(slave_count)
      .value();
}

std::string DlebPosition::text() const {
  std::string out;
  for (int l = 3; l >= 0; --l) {
    for (int x = 1; x <= cross_lines; ++x) {
      const DlebStack& st = at(dleb_point(l, x));
      if (!st.count) {
        out += '.';
        continue;
      }
      bool s = st.team == Side::south;
      if (st.slave) {
        out += s ? 'S' : 'N';
        continue;
      }
      out += s ? 's' : 'n';
      if (st.count > 1) out += std::to_string(st.count);
      if (l == 1 || l == 2) out += st.segment == 1 || st.segment == 2 ? '>' : '<';
    }
    if (l) out += '/';
  }
  out += to_move == Side::south ? " S" : " N";
  out += static_cast<char>('1' + player);
  out += ' ';
  for (int team = 0; team < 2; ++team) {
    if (team) out += '/';
    for (int k = 0; k < players; ++k) out += entered[static_cast<std::size_t>(team)][static_cast<std::size_t>(k)] ? '1' : '0';
  }
  out += ' ' + std::to_string(stored[0]) + "/" + std::to_string(stored[1]);
  return out;
}

void DlebPosition::recount() noexcept {
  men = slave_count = {};
  for (const DlebStack& st : points) {
    if (!st.count) continue;
    const auto team = static_cast<std::size_t>(st.team);
    men[team] = static_cast<std::uint8_t>(men[team] + st.count);
    slave_count[team] = static_cast<std::uint8_t>(slave_count[team] + st.slave);
  }
}


int dleb_whites(const DlebThrow& t, bool night) noexcept { return whites(t, night); }

Error dleb_parse(std::string_view t, DlebTurn& out) {
  Error error;
  parse_turn(t, out, error);
  return error;
}

void dleb_format(const DlebTurn& t, std::string& out) {
  for (int k = 0; k < t.nthrows; ++k) {
    if (k) out += ',';
    const DlebThrow& th = t.throws[static_cast<std::size_t>(k)];
    out.append(th.faces.data(), th.nfaces);
  }
  if (t.nuses == 0) return;
  out += ':';
  for (int k = 0; k < t.nuses; ++k) {
    if (k) out += ',';
    format_use(t.uses[static_cast<std::size_t>(k)], out);
  }
}

std::string dleb_format(const DlebTurn& t) {
  std::string out;
  dleb_format(t, out);
  return out;
}

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
  return play_into(o, pos, text, t, canonical);
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

std::string dleb_render(const DlebPosition& p, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  const int n = p.cross_lines;
  std::string out;
  auto numbers = [&] {
    out += "  ";
    for (int x = 1; x <= n; ++x) {
      std::string s = std::to_string(x);
      out += std::string(3 - s.size(), ' ') + s;
    }
    out += '\n';
  };
  if (ro.coordinates) numbers();
  for (int l = 3; l >= 0; --l) {
    out += ro.coordinates ? std::string(1, static_cast<char>('A' + l)) + " " : std::string();
    for (int x = 1; x <= n; ++x) {
      const DlebStack& st = p.at(dleb_point(l, x));
      if (ro.empty_board || !st.count) {
        out += g.line;
        out += g.empty;
        out += g.line;
        continue;
      }
      out += g.line;
      out += g.man[static_cast<int>(st.team)][st.slave ? 1 : 0];
      if (st.count > 1 && st.count < 10) out += std::to_string(st.count);
      else if (st.count >= 10) out += "+";
      else out += g.line;
    }
    if (l == 3) out += "  D: North's line";
    if (l == 2) out += "  C: sea";
    if (l == 1) out += "  B: sea";
    if (l == 0) out += "  A: South's line";
    out += '\n';
  }
  if (ro.coordinates) numbers();
  if (!ro.empty_board) {
    out += std::string(g.man[0][1]) + " South slave  " + g.man[0][0] + " South man  " + g.man[1][1] +
           " North slave  " + g.man[1][0] + " North man  (a digit: a double man of that many)\n";
    if (ro.show_to_move) out += status_line(p);
  }
  return out;
}

}  // namespace beyt
