// Tâb (beyt/tab.hpp): the turn text, the position text and the options
// (NOTATION.md §6; docs/RULES.md §Tâb).

#include "beyt/tab.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../position_fields.hpp"
#include "../../text_board.hpp"
#include "tab_internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace beyt {
using namespace tab_impl;
namespace tab_impl {

// The Lane letter of every cell of the widths that have them (kLetters at
// letter_index; the two upper rows in lower case).
constexpr auto kCellLetter = [] {
  std::array<std::array<char, kTabCells>, 12> out{};
  for (int w : {7, 9, 11})
    for (int row = 0; row < 4; ++row)
      for (int file = 0; file < w; ++file) {
        const TabCell c = tab_cell(file, row);
        const char l = kLetters[static_cast<std::size_t>(letter_index(c, w))];
        out[static_cast<std::size_t>(w)][static_cast<std::size_t>(c)] = row >= 2 ? static_cast<char>(l - 'A' + 'a') : l;
      }
  return out;
}();

// Writes the name of cell c at `at` (tab_cell_name's); returns the end.
[[gnu::always_inline]] inline char* write_cell(TabCell c, int w, bool grid, char* at) {
  if (!grid && tab_has_letters(w)) {
    *at++ = kCellLetter[static_cast<std::size_t>(w)][static_cast<std::size_t>(c)];
    return at;
  }
  *at++ = static_cast<char>('a' + tab_file(c));
  *at++ = static_cast<char>('1' + tab_row(c));
  return at;
}

// Writes a use's text at `at` (at most kUseChars); returns the end.
constexpr std::size_t kUseChars = 7;  // value, cell, 'x', cell, '\''
[[gnu::always_inline]] inline char* write_use(const TabUse& u, int w, bool grid, char* at) {
  *at++ = static_cast<char>('0' + u.value);
  if (u.forfeit) {
    *at++ = '-';
    *at++ = '-';
    return at;
  }
  at = write_cell(u.from, w, grid, at);
  *at++ = u.captures || u.x_written ? 'x' : '-';
  at = write_cell(u.to, w, grid, at);
  if (u.split) *at++ = '\'';
  return at;
}

void format_use(const TabUse& u, int w, bool grid, std::string& out) {
  char text[kUseChars];
  out.append(text, static_cast<std::size_t>(write_use(u, w, grid, text) - text));
}

}  // namespace tab_impl

namespace {

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

}  // namespace

namespace tab_impl {

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

}  // namespace tab_impl

namespace {

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

}  // namespace

std::string tab_cell_name(TabCell c, int w, bool grid) {
  char text[2];
  return std::string(text, write_cell(c, w, grid, text));
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

Expected<TabPosition> TabPosition::parse(std::string_view text) {
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
  return p;
}

// `freed` is history, not compared by operator==: not hashed either.
std::uint64_t TabPosition::hash() const noexcept {
  return PositionHash{}.add(width).add(cells).add(to_move).add(opening).add(kelbs).add(nasrani).value();
}

std::string TabPosition::text() const {
  TabOptions any;
  any.release_any = true;
  return text(any);
}

std::string TabPosition::text(const TabOptions& options) const {
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
  if (options.release_any && (unseen(s) || unseen(n))) {
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

// Written in a buffer on the stack, then appended at once.
void tab_format(const TabTurn& t, int w, std::string& out) {
  char text[kMaxThrows * 6 + 1 + kMaxThrows * (kUseChars + 1)];
  char* at = text;
  for (int k = 0; k < t.nthrows; ++k) {  // as sticks_format_throw writes it
    if (k) *at++ = ',';
    const StickThrow& th = t.throws[static_cast<std::size_t>(k)];
    *at++ = static_cast<char>('0' + th.value);
    if (th.has_faces) std::memcpy(at, th.faces.data(), 4), at += 4;
  }
  if (t.nuses > 0 || t.colon) {
    *at++ = ':';
    const bool grid = t.grid || !tab_has_letters(w);
    for (int k = 0; k < t.nuses; ++k) {
      if (k) *at++ = ',';
      at = write_use(t.uses[static_cast<std::size_t>(k)], w, grid, at);
    }
  }
  out.append(text, static_cast<std::size_t>(at - text));
}

std::string tab_format(const TabTurn& t, int w) {
  std::string out;
  tab_format(t, w, out);
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
