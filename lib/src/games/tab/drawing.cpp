// Tâb (beyt/tab.hpp): the text diagram, the SVG drawing and the words of a
// turn (docs/DIAGRAMS.md, "Tâb").

#include "beyt/tab.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../position_fields.hpp"
#include "../../text_board.hpp"
#include "tab_internal.hpp"

#include <algorithm>
#include <cmath>

namespace beyt {
using namespace tab_impl;
namespace {

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

}  // namespace

namespace tab_impl {

// A cell name of this width, whole: Lane's letter or a grid name.
TabCell tab_parse_cell(std::string_view name, int w) {
  std::size_t i = 0;
  TabCell c = -1;
  bool grid = false;
  if (!tab_read_cell(name, i, w, c, grid) || i != name.size()) return -1;
  return c;
}

}  // namespace tab_impl

namespace {

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

}  // namespace

namespace tab_impl {

// The drawing's size: the board of the position's width (BoardDrawing::board_size).
svg::Size tab_board_size(const TabPosition& pos, const DrawOptions& d) { return TabGeometry::of(pos.width, d).size(); }

void tab_draw_board(const TabOptions&, const TabPosition& pos, svg::Canvas& c, const DrawOptions& d) {
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

}  // namespace tab_impl

namespace {

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

}  // namespace

namespace tab_impl {

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

}  // namespace tab_impl

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

}  // namespace beyt
