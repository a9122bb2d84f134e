// Seega (beyt/seega.hpp): the turn text, the position text and the options
// (NOTATION.md section 5; docs/RULES.md §Seega).

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
// Move text (NOTATION.md section 5)
// ---------------------------------------------------------------------------

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

}  // namespace

namespace seega_impl {

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

}  // namespace seega_impl

namespace {

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

}  // namespace

namespace seega_impl {

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

}  // namespace seega_impl

namespace {

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

}  // namespace

std::string seega_cell_name(SeegaCell c) {
  const std::array<char, 2> name = cell_chars(c);
  return {name[0], name[1]};
}

Error SeegaOptions::from_rules(const RuleSet& rules, SeegaOptions& out) { return seega_options().read(rules, out); }

SeegaPosition SeegaPosition::initial(const SeegaOptions& o) {
  SeegaPosition p;
  p.size = o.size;
  return p;
}

Expected<SeegaPosition> SeegaPosition::parse(std::string_view text) {
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
  return p;
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
  // Each cell's name after a mark ('\0': none), written in place.
  auto cell = [&out](char mark, SeegaCell c) {
    const std::array<char, 2> name = cell_chars(c);
    const char text[3] = {mark, name[0], name[1]};
    out.append(mark ? text : text + 1, mark ? 3 : 2);
  };
  switch (m.kind) {
    case SeegaMoveKind::blocked: out += "--"; return;
    case SeegaMoveKind::place:
      cell('\0', m.place[0]);
      cell(',', m.place[1]);
      return;
    case SeegaMoveKind::removal:
      cell('~', m.removed);
      out += '/';
      break;
    case SeegaMoveKind::steps: break;
  }
  cell('\0', m.from);
  for (int i = 0; i < m.nsteps; ++i) {
    cell('-', m.steps[i].to);
    for (int j = 0; j < m.steps[i].ncaptures; ++j) cell('x', m.steps[i].captures[j]);
  }
}

std::string seega_format(const SeegaMove& m) {
  std::string out;
  seega_format(m, out);
  return out;
}

}  // namespace beyt
