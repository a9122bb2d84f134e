// Dleb's engine (beyt/dleb.hpp), shared by its files: the track, one use,
// the turn syntax's pieces, the legal moves of a value, the turn in progress
// and the field's geometry. Private to the library. Every rule cites Marin
// 1931 and docs/RULES.md §Dleb; readings where both are silent are in its
// Finer points.
#pragma once
#include "beyt/dleb.hpp"
#include "beyt/dleb_track.hpp"
#include "beyt/sticks_core.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../portable.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// What the engine's files share (each file's own helpers stay in its
// anonymous namespace; a file says `using namespace dleb_impl`).
namespace beyt::dleb_impl {

// ---------------------------------------------------------------------------
// The boustrophedon as data (docs/RULES.md §Dleb Track; Marin 1931 "Move of the Men":
// "A1 successively to B1, B2, B3 ... B20, C20 ... C1, D1 ... D20, ... and comes
// back through C20 ... C1, B1 ... B20, A20 ... etc.")
// ---------------------------------------------------------------------------

struct Segment {
  int line;      // 0 = A .. 3 = D
  bool upward;   // runs from cross-line 1 to N
};
inline constexpr std::array<Segment, 6> kSegments{{{0, false}, {1, true}, {2, false}, {3, true}, {2, false}, {1, true}}};

constexpr int home_line(Side s) { return s == Side::south ? 0 : 3; }
constexpr int home_segment(Side s) { return s == Side::south ? 0 : 3; }

inline bool on_field(DlebPoint p, int n) { return p >= 0 && dleb_line(p) < 4 && dleb_x(p) >= 1 && dleb_x(p) <= n; }

template <class F>
void for_each_point(int n, F&& f) {
  for (int l = 0; l < 4; ++l)
    for (int x = 1; x <= n; ++x) f(dleb_point(l, x));
}

// The front slave: the one furthest along the track (A1, A2, ... / D20, D19, ...).
// Each point's team and slave bytes are read as one word with its count.
inline DlebPoint front_slave(const DlebPosition& p, Side team) {
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

// Where a throw takes a man: the point, the segment it ends in, and whether
// the walk passes over an enemy of the team ("A man can pass over other men
// of its own kind, but not over an enemy").
struct DlebWalk {
  int to;
  int segment;
  bool over_enemy;
};

// The track from the place of the man on `from` (on the field) in
// `segment`: entry k is the place k steps on (beyt/dleb_track.hpp).
[[gnu::always_inline]] inline const std::uint16_t* track_from(const DlebPosition& p, DlebPoint from, int segment) {
  const int n = p.cross_lines;
  return DlebTrack::of(n).from(DlebTrack::place_of(from % kDlebStride, segment, n));
}

// The walk of a throw of `value` (1 to 6; 0, which no parsed turn has, is
// walked as one step) of the stack `st` on `from` (on the field), read off
// the track's table as list_free_moves reads it: the end is the place
// `value` on, the points passed over those in between.
[[gnu::always_inline]] inline DlebWalk walk_of(const DlebPosition& p, Side team, DlebPoint from, const DlebStack& st,
                                               int value) {
  const std::uint16_t* walk = track_from(p, from, st.segment);
  const int steps = std::max(value, 1);
  int over_enemy = 0;
  for (int s = 1; s < steps; ++s)
    over_enemy |= held_by(p.at(static_cast<DlebPoint>(walk[s] & DlebTrack::kPointMask)), opponent(team));
  return {walk[steps] & DlebTrack::kPointMask, walk[steps] >> DlebTrack::kSegmentAt, over_enemy != 0};
}

// use_fault's checks of the landing (the walk ended on u.to, passing over
// no enemy); sets u.eats.
[[gnu::always_inline]] inline Code landing_fault(const UseContext& ctx, const DlebPosition& p, DlebUse& u) {
  const DlebStack& dst = p.at(u.to);
  const bool taken = dst.count != 0, ours = dst.team == ctx.team;
  u.eats = taken & !ours;
  if (taken & ours & dst.slave) return Code::occupied;  // Finer points
  if (u.x_written & !u.eats) return Code::capture_mismatch;
  return Code::ok;
}

// use_fault's checks of the man moved by a throw of `value` (the stack `st`
// is the team's): a slave's, a free man's by a dleb while slaves wait. Ok,
// or the fault.
[[gnu::always_inline]] inline Code mover_fault(const UseContext& ctx, const DlebPosition& p, int value, DlebPoint from,
                                               const DlebStack& st) {
  if (st.slave) {
    // "This can only be done by means of a dleb"; front-first (docs/RULES.md §Dleb).
    if (value != 1) return Code::needs_tab;
    if (from != front_slave(p, ctx.team)) return Code::release_order;
  } else if (value == 1 && p.slaves(ctx.team) > 0) {
    // "each team is obliged to use all their dleb for this purpose until all
    // their men have been thus liberated".
    return Code::must_free;
  }
  return Code::ok;
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
  if (Code c = mover_fault(ctx, p, u.value, u.from, st); c != Code::ok) return c;
  // The walk of the throw (whether it passes over an enemy is judged after
  // the end: a wrong distance is the fault reported first).
  const DlebWalk walk = walk_of(p, ctx.team, u.from, st, u.value);
  if (walk.to != u.to) return Code::wrong_distance;
  end_segment = walk.segment;
  if (walk.over_enemy) return Code::pass_enemy;
  return landing_fault(ctx, p, u);
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
inline void uncount(DlebPosition& p, Side team, int n, int slaves) {
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
inline void do_move(const DlebOptions& o, DlebPosition& p, Side team, const DlebUse& u) {
  do_move(o, p, team, u, track_from(p, u.from, p.at(u.from).segment)[u.value] >> DlebTrack::kSegmentAt);
}

// ---------------------------------------------------------------------------
// Syntax (NOTATION.md §7)
// ---------------------------------------------------------------------------

// The checks below return false and fill `error` on the first fault
// (`fault`, `syntax`: out of line and cold, so that the hot paths that call
// them keep no string code): a legal turn then builds no Error on the way.
constexpr auto syntax = engine::expected<0>;

// The faces of a billet: W (white), B (black), G (on its side).
inline constexpr std::array<bool, 256> kFace = [] {
  std::array<bool, 256> out{};
  out['W'] = out['B'] = out['G'] = true;
  return out;
}();

// White sides of a throw (dleb_whites): each W counts 1, each G 16, so the
// sum's low nibble counts the whites and its high one the g·r.
inline constexpr std::array<std::uint8_t, 256> kWhiteOrGur = [] {
  std::array<std::uint8_t, 256> out{};
  out['W'] = 1;
  out['G'] = 16;
  return out;
}();

inline int whites(const DlebThrow& t, bool night) noexcept {
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
inline int whites4(const DlebThrow& t, std::uint32_t gur) noexcept {
  std::uint32_t faces;
  std::memcpy(&faces, t.faces.data(), sizeof faces);
  const std::uint32_t zero = zero_bytes((faces | gur) ^ 0x57575757u);  // 0x80 for each white
  return static_cast<int>(((zero >> 7) * 0x01010101u) >> 24);
}
static_assert('W' == 0x57 && 'G' == 0x47 && ('B' | 0x10) != 'W');

// A..D, then the cross-line: one to three digits, the first not 0, at most 100.
inline bool read_point(std::string_view t, std::size_t& i, DlebPoint& out) {
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

inline bool parse_move_part(std::string_view t, std::size_t& i, DlebUse& u, Error& error) {
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

// Legal moves of one value of the stack on `from`, if it is the team's
// (typed, no messages), to `f(use, end_segment)`: the whole double before
// one man. The walk is made once for both, and only the checks a move so
// made can fail (its man, its passage, its landing).
template <class F>
[[gnu::always_inline]] inline void for_each_move_from(const UseContext& ctx, const DlebPosition& p, int value,
                                                      DlebPoint from, F&& f) {
  const DlebStack& st = p.at(from);
  if (!st.count || st.team != ctx.team) return;
  if ((ctx.handicapped && value != 1) || mover_fault(ctx, p, value, from, st) != Code::ok) return;
  const DlebWalk walk = walk_of(p, ctx.team, from, st, value);
  if (walk.over_enemy) return;
  DlebUse u;
  u.value = static_cast<std::uint8_t>(value);
  u.from = from;
  u.to = static_cast<DlebPoint>(walk.to);
  if (landing_fault(ctx, p, u) != Code::ok) return;  // the same for the double and one man of it
  f(u, walk.segment);
  if (value == 1 && st.count > 1) {
    u.split = true;
    f(u, walk.segment);
  }
}

// Legal moves of one value (typed, no messages), to `f`, by point (line,
// then cross-line), the whole double before one man.
template <class F>
void for_each_move_of(const UseContext& ctx, const DlebPosition& p, int value, F&& f) {
  for_each_point(p.cross_lines,
                 [&](DlebPoint from) { for_each_move_from(ctx, p, value, from, [&f](const DlebUse& u, int) { f(u); }); });
}

// The points of a team's free men (its stacks that are no slaves), as bits
// (line l's cross-line x + 1 is bit x % 64 of word 2l + x / 64), walked in
// for_each_point's order (line, then cross-line: a point's number grows in
// that order): listed once a turn, then kept as the team's moves change them
// (a move empties at most its start and makes at most its end a free man's;
// a slave that moves is freed; the other team's men never move during the
// turn). Only free men move by a throw other than a dleb, and a dleb moves
// a free man only once the team has no slaves (Marin 1931; docs/RULES.md
// §Dleb): the random player walks these, and the front slave by itself.
class TeamPoints {
 public:
  // The points of `team`'s free men, sought line by line from the team's
  // own end of the field (South's line A, North's D) until every one is
  // found; without a branch per point (whose men stand where is no pattern
  // a branch predictor learns).
  void list(const DlebPosition& p, Side team) noexcept {
    bits_ = {};
    const int n = p.cross_lines;
    step_ = n > 64 ? 1 : 2;  // the words of cross-lines 65 to 100 are walked if the field has them
    narrow_ = n <= 32;
    // The free men: the men less the slaves' stacks (a slave stack of more
    // than one man, which no game makes, would only have the search go on).
    int left = p.count(team) - p.slaves(team);
    for (int k = 0; k < 4 && left > 0; ++k) {
      const int line = team == Side::south ? k : 3 - k;
      for (int x0 = 0; x0 < n; x0 += 64)
        bits_[static_cast<std::size_t>(2 * line + x0 / 64)] =
            run_of(p, line * kDlebStride + x0, std::min(n - x0, 64), team, left);
    }
  }
  // After a move of the team from `from` (`emptied`: none of its men left
  // there) to `to` (a free man's now: a slave moved is freed).
  void moved(DlebPoint from, bool emptied, DlebPoint to) noexcept {
    if (emptied) bits_[word(from)] &= ~bit(from);
    bits_[word(to)] |= bit(to);
  }
  // After a move of the other team to `at`: none of this team's men is
  // left there (eaten, if any stood there).
  void taken(DlebPoint at) noexcept { bits_[word(at)] &= ~bit(at); }
  // f(point, x0): x0 is the point's cross-line less one.
  // On a field of 32 cross-lines or fewer (Marin's 20) two lines are walked
  // as one word, A and B, then C and D: the end of a word's bits is a branch
  // no predictor learns, and this halves them.
  template <class F>
  void for_each(F&& f) const {
    if (narrow_) {
      for (std::size_t w = 0; w < bits_.size(); w += 4)
        for (std::uint64_t b = bits_[w] | bits_[w + 2] << 32; b; b &= b - 1) {
          const int bit = std::countr_zero(b), x0 = bit % 32;
          f(static_cast<DlebPoint>((static_cast<int>(w / 2) + bit / 32) * kDlebStride + x0), x0);
        }
      return;
    }
    for (std::size_t w = 0; w < bits_.size(); w += step_)
      for (std::uint64_t b = bits_[w]; b; b &= b - 1) {
        const int x0 = static_cast<int>(w % 2) * 64 + std::countr_zero(b);
        f(static_cast<DlebPoint>(static_cast<int>(w / 2) * kDlebStride + x0), x0);
      }
  }

 private:
  // The team's free stacks among the `count` points from `at` on (a line's,
  // from a cross-line 64k + 1), as bits; their men taken off `left`.
  static std::uint64_t run_of(const DlebPosition& p, int at, int count, Side team, int& left) noexcept {
    std::uint64_t run = 0;
#if defined(__SSE2__)
    // Each DlebStack a 32-bit lane (count in its low byte, the team in the
    // next, the slave flag in the third). A free stack of the team is one
    // whose three bytes lie between ours + 1 and ours + 255 (slave 0, the
    // team, a count of 1 to 255): two comparisons. Sixteen points a step
    // while they are all the field's (the lanes packed to bytes, one mask),
    // then four at a time masked to the field's points. The loads stay
    // within the line's 100 points (`at` is a multiple of 4 from the line's
    // first, its end at most 100).
    static_assert(sizeof(DlebStack) == 4 && offsetof(DlebStack, count) == 0 && offsetof(DlebStack, team) == 1 &&
                  offsetof(DlebStack, slave) == 2 && std::endian::native == std::endian::little && kDlebStride % 4 == 0);
    const int ours = static_cast<int>(team) << 8;
    const __m128i low_byte = _mm_set1_epi32(0xFF), stack_bytes = _mm_set1_epi32(0xFFFFFF);
    const __m128i above = _mm_set1_epi32(ours), below = _mm_set1_epi32(ours + 256);
    __m128i men = _mm_setzero_si128();
    // The lanes of the team's free stacks among the four points from at + x
    // (`field`: those of the four on the field), their men added to `men`.
    const auto own_of = [&](int x, __m128i field) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&p.points[static_cast<std::size_t>(at + x)]));
      const __m128i w = _mm_and_si128(v, stack_bytes);
      const __m128i own = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi32(w, above), _mm_cmpgt_epi32(below, w)), field);
      men = _mm_add_epi32(men, _mm_and_si128(own, _mm_and_si128(v, low_byte)));
      return own;
    };
    const __m128i all = _mm_set1_epi32(-1);
    int x = 0;
    for (; x + 16 <= count; x += 16) {
      const __m128i low = _mm_packs_epi32(own_of(x, all), own_of(x + 4, all));
      const __m128i high = _mm_packs_epi32(own_of(x + 8, all), own_of(x + 12, all));
      run |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(low, high)))) << x;
    }
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    for (; x < count; x += 4) {
      const __m128i own = own_of(x, _mm_cmpgt_epi32(_mm_set1_epi32(count - x), lane));
      run |= static_cast<std::uint64_t>(_mm_movemask_ps(_mm_castsi128_ps(own))) << x;
    }
    men = _mm_add_epi32(men, _mm_shuffle_epi32(men, _MM_SHUFFLE(1, 0, 3, 2)));
    men = _mm_add_epi32(men, _mm_shuffle_epi32(men, _MM_SHUFFLE(2, 3, 0, 1)));
    left -= _mm_cvtsi128_si32(men);
#else
    for (int x = 0; x < count; ++x) {
      const DlebStack& st = p.points[static_cast<std::size_t>(at + x)];
      const int own = held_by(st, team) & !st.slave;
      run |= static_cast<std::uint64_t>(own) << x;
      left -= st.count * own;
    }
#endif
    return run;
  }
  static std::size_t word(DlebPoint k) noexcept { return static_cast<std::size_t>(2 * dleb_line(k) + (dleb_x(k) - 1) / 64); }
  static std::uint64_t bit(DlebPoint k) noexcept { return std::uint64_t{1} << ((dleb_x(k) - 1) % 64); }
  static_assert(kDlebStride <= 128);
  std::array<std::uint64_t, 8> bits_{};
  std::size_t step_ = 1;
  bool narrow_ = false;
};

// The legal moves of `value`, listed once in for_each_move_of's order (the
// random player's draw among them: how many, then the one drawn), each with
// the segment its man ends in (do_move's), from the team's points `own`. A
// team holds at most one stack a point, each with two moves at most (the
// double and one man of it).
struct ListedMove {
  DlebPoint from, to;
  std::uint8_t segment;
  bool split, eats;
  // The move as a use of `value`.
  DlebUse use(int value) const {
    DlebUse u;
    u.value = static_cast<std::uint8_t>(value);
    u.from = from;
    u.to = to;
    u.split = split;
    u.eats = eats;
    return u;
  }
};
using MoveList = DrawList<ListedMove, 2 * kDlebPoints>;
static_assert(
    [] {
      for (int seg = 0; seg < 6; ++seg)
        if (kSegments[static_cast<std::size_t>(seg)].upward != ((seg & 1) != 0) ||
            DlebTrack::place_of(0, seg, 20) != seg * 20 + (kSegments[static_cast<std::size_t>(seg)].upward ? 0 : 19))
          return false;
      return true;
    }(),
    "DlebTrack's segments run as kSegments do");

// The moves of `value` by the team's free men (list_moves_of, below;
// `own()`: their points), in for_each_move_from's order and with its
// verdicts, the walk read off the track's table (beyt/dleb_track.hpp): the
// end is the place `value` on, the points passed over those in between. A
// man is listed unless its walk passes over an enemy ("A man can pass over
// other men of its own kind, but not over an enemy", Marin 1931) or ends on
// a slave of its own team (docs/RULES.md §Dleb Finer points); no slave is
// among them (use_fault: needs_tab; the caller lists a dleb's slave by
// itself). Whose men stand where is no pattern
// a branch predictor learns, so each man is judged without a branch and
// written to the list whatever the verdict, the list's size moved on by it.
// `kValue`, the throw's, is a constant: the walk's steps are unrolled, and
// only a dleb lists one man of a double.
template <int kValue, class Own>
[[gnu::always_inline]] inline void list_free_moves(const UseContext& ctx, const DlebPosition& p, Own&& own,
                                                   MoveList& out) {
  const int n = p.cross_lines;
  const DlebTrack& track = DlebTrack::of(n);
  const Side team = ctx.team, foe = opponent(team);
  own().for_each([&](DlebPoint from, int x0) {
    const DlebStack& st = p.at(from);
    const std::uint16_t* walk = track.from(DlebTrack::place_of(x0, st.segment, n));
    int refused = 0;
    for (int s = 1; s < kValue; ++s) refused |= held_by(p.at(static_cast<DlebPoint>(walk[s] & DlebTrack::kPointMask)), foe);
    const std::uint16_t end = walk[kValue];
    const DlebStack& dst = p.at(static_cast<DlebPoint>(end & DlebTrack::kPointMask));
    refused |= held_by(dst, team) & static_cast<int>(dst.slave);
    ListedMove m{from, static_cast<DlebPoint>(end & DlebTrack::kPointMask),
                 static_cast<std::uint8_t>(end >> DlebTrack::kSegmentAt), false, held_by(dst, foe) != 0};
    out.push_if(m, refused == 0);
    if constexpr (kValue == 1) {
      m.split = true;  // one man of a double: "Only a dleb can separate them"
      out.push_if(m, (refused == 0) & (st.count > 1));
    }
  });
}

// The legal moves of `value` (for_each_move_from's, in for_each_move_of's
// order) from the points of the team's free men `own()` (listed when first
// asked). While
// the team has slaves a dleb frees the front one (release_order,
// must_free): that man alone is walked.
template <class Own>
void list_moves_of(const UseContext& ctx, const DlebPosition& p, int value, Own&& own, MoveList& out) {
  const int slaves = p.slaves(ctx.team);
  if (value == 1 && slaves > 0)
    return for_each_move_from(ctx, p, value, front_slave(p, ctx.team), [&out](const DlebUse& u, int segment) {
      out.push({u.from, u.to, static_cast<std::uint8_t>(segment), u.split, u.eats});
    });
  if (slaves == p.count(ctx.team)) return;  // slaves only: no move but a dleb's
  switch (value) {  // a throw's value: 1, 2, 3, 4 or 6 (docs/RULES.md §Dleb)
    case 1: return list_free_moves<1>(ctx, p, own, out);
    case 2: return list_free_moves<2>(ctx, p, own, out);
    case 3: return list_free_moves<3>(ctx, p, own, out);
    case 4: return list_free_moves<4>(ctx, p, own, out);
    case 5: return list_free_moves<5>(ctx, p, own, out);
    default: return list_free_moves<6>(ctx, p, own, out);
  }
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
  // State::undo within a turn (lib/src/engine_state.hpp, MarkedTurn): an
  // event only appends to the lists of throws, uses and values, so the
  // counts and the rest take it back.
  struct Mark {
    int nthrows = 0, nuses = 0, nvalues = 0, left = 0, stage = 1, dleb = 0, gsse = 0;
    std::array<int, 7> avail{};
    std::uint16_t length = 0;
    bool colon = false, thrown = false, entering = false, handicapped = false, entered_now = false;
  };
  Mark mark() const noexcept {
    return Mark{text.nthrows, text.nuses, values.n, left, stage, dleb, gsse, avail, text.length,
                text.colon, thrown, entering, handicapped, entered_now};
  }
  void restore(const Mark& m) noexcept {
    text.nthrows = m.nthrows, text.nuses = m.nuses, values.n = m.nvalues, left = m.left, stage = m.stage;
    dleb = m.dleb, gsse = m.gsse, avail = m.avail, text.length = m.length, text.colon = m.colon;
    thrown = m.thrown, entering = m.entering, handicapped = m.handicapped, entered_now = m.entered_now;
  }
};

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

// Defined in the engine's files (rules.cpp, events.cpp, notation.cpp, drawing.cpp).
std::string use_reason(Code code, const UseContext& ctx, const DlebPosition& p, const DlebUse& u);
void next_player(DlebPosition& pos);
Error play_into(const DlebOptions& o, DlebPosition& pos, DlebTurn& t, std::string_view text, std::string* canonical);
svg::Size dleb_board_size(const DlebPosition& pos, const DrawOptions& d);
bool parse_turn(std::string_view t, DlebTurn& out, Error& error);
void format_use(const DlebUse& u, std::string& out);
const OptionTable<DlebOptions>& dleb_options();
const std::vector<Preset>& dleb_presets();
DlebPoint dleb_parse_point(std::string_view name, int n);
void dleb_draw_board(const DlebOptions& o, const DlebPosition& pos, svg::Canvas& c, const DrawOptions& d);
void dleb_draw_pieces(const DlebPosition& pos, svg::Canvas& c, const DrawOptions& d);
bool dleb_capture_mark(const DlebPosition& pos, std::string_view name, const DrawOptions& d, svg::Point& centre,
                       double& half);
MoveCells dleb_move_cells(const DlebOptions& o, const DlebPosition& pos, std::string_view text);
std::string dleb_describe(const DlebOptions& o, const DlebPosition& pos, std::string_view text);
void dleb_random_events(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng, std::vector<EventPick>* picks);
// What the random player keeps from one of its turns to the next (the
// `random_memory` hook, lib/src/engine_hooks.hpp): the points of each
// team's free men, found once (TeamPoints::list), then moved with the men.
struct DlebRandomMemory {
  std::array<TeamPoints, 2> points;  // by Side
};
// dleb_random_events (the same draws, the same events) with the points of
// `kept`, listed anew when `fresh`, and left there for the next turn.
void dleb_random_events_kept(const DlebOptions& o, DlebPosition& p, DlebEvents& t, Rng& rng,
                             std::vector<EventPick>* picks, DlebRandomMemory& kept, bool fresh);

// One use (or stored dleb) of a turn on the position `w` the uses before it
// leave, spending its throw from `avail` (`left`: the throws not used yet):
// false and `error` on a fault. `w` is changed as the use does (its points
// recorded in `undo` if given), and only once every check has passed: a
// fault leaves `w` as it was (events.cpp's play_use relies on it).
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

}  // namespace beyt::dleb_impl
