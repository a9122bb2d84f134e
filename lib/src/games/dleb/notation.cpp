// Dleb (beyt/dleb.hpp): the turn text, the position text and the options
// (NOTATION.md §7; docs/RULES.md §Dleb).

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

namespace {
// The name of every point: its line's letter, then x in decimal (1 to 100,
// the most cross-lines), in four bytes (0 beyond the name), and its length.
struct PointName {
  std::array<char, 4> text;
  std::uint8_t size;
};
constexpr auto kPointNames = [] {
  std::array<PointName, kDlebPoints> out{};
  for (int p = 0; p < kDlebPoints; ++p) {
    PointName& name = out[static_cast<std::size_t>(p)];
    const int x = dleb_x(static_cast<DlebPoint>(p));
    std::size_t n = 0;
    name.text[n++] = static_cast<char>('A' + dleb_line(static_cast<DlebPoint>(p)));
    if (x >= 100) name.text[n++] = static_cast<char>('0' + x / 100);
    if (x >= 10) name.text[n++] = static_cast<char>('0' + x / 10 % 10);
    name.text[n++] = static_cast<char>('0' + x % 10);
    name.size = static_cast<std::uint8_t>(n);
  }
  return out;
}();

// Writes the point's name at `at`, which has room for four bytes; returns
// the end of the name.
[[gnu::always_inline]] inline char* write_point(DlebPoint p, char* at) {
  const PointName& name = kPointNames[static_cast<std::size_t>(p)];
  std::memcpy(at, name.text.data(), name.text.size());
  return at + name.size;
}
void append_point(DlebPoint p, std::string& out) {
  char text[4];
  out.append(text, static_cast<std::size_t>(write_point(p, text) - text));
}
// Writes a use's text at `at` (at most kUseChars); returns the end.
constexpr std::size_t kUseChars = 12;  // "+1" A100 'x' D100 '\''
[[gnu::always_inline]] inline char* write_use(const DlebUse& u, char* at) {
  switch (u.kind) {
    case DlebUseKind::forfeit:
      *at++ = static_cast<char>('0' + u.value);
      *at++ = '-';
      *at++ = '-';
      return at;
    case DlebUseKind::store:
      *at++ = '1';
      *at++ = '+';
      return at;
    case DlebUseKind::stored_move:
      *at++ = '+';
      *at++ = '1';
      break;
    case DlebUseKind::move: *at++ = static_cast<char>('0' + u.value); break;
  }
  at = write_point(u.from, at);
  *at++ = u.eats || u.x_written ? 'x' : '-';
  at = write_point(u.to, at);
  if (u.split) *at++ = '\'';
  return at;
}
}  // namespace
using namespace dleb_impl;
namespace dleb_impl {

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
  char text[kUseChars];
  out.append(text, static_cast<std::size_t>(write_use(u, text) - text));
}

}  // namespace dleb_impl

namespace {

// ---------------------------------------------------------------------------
// Options, position text, diagram, Game and State
// ---------------------------------------------------------------------------

}  // namespace

namespace dleb_impl {

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

}  // namespace dleb_impl

namespace {

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

}  // namespace


std::string dleb_point_name(DlebPoint p) {
  std::string out;
  append_point(p, out);
  return out;
}

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

Expected<DlebPosition> DlebPosition::parse(std::string_view text) {
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
  return p;
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

// Written in a buffer on the stack, then appended at once (a turn of the
// random player is about a hundred characters).
void dleb_format(const DlebTurn& t, std::string& out) {
  char text[kMaxThrows * 5 + 1 + kDlebMaxUses * (kUseChars + 1)];
  char* at = text;
  for (int k = 0; k < t.nthrows; ++k) {
    if (k) *at++ = ',';
    const DlebThrow& th = t.throws[static_cast<std::size_t>(k)];
    std::memcpy(at, th.faces.data(), th.nfaces);
    at += th.nfaces;
  }
  if (t.nuses > 0) {
    *at++ = ':';
    for (int k = 0; k < t.nuses; ++k) {
      if (k) *at++ = ',';
      at = write_use(t.uses[static_cast<std::size_t>(k)], at);
    }
  }
  out.append(text, static_cast<std::size_t>(at - text));
}

std::string dleb_format(const DlebTurn& t) {
  std::string out;
  dleb_format(t, out);
  return out;
}

}  // namespace beyt
