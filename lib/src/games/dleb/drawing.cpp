// Dleb (beyt/dleb.hpp): the text diagram, the SVG drawing and the words of a
// turn (docs/DIAGRAMS.md, "Dleb").

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
using namespace dleb_impl;
namespace {

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

}  // namespace

namespace dleb_impl {

// "A1".."D<n>", whole, or -1.
DlebPoint dleb_parse_point(std::string_view name, int n) {
  std::size_t i = 0;
  DlebPoint p = -1;
  if (!read_point(name, i, p) || i != name.size() || dleb_x(p) > n) return -1;
  return p;
}

// The drawing's size: the board of the position's cross-lines (BoardDrawing::board_size).
svg::Size dleb_board_size(const DlebPosition& pos, const DrawOptions& d) {
  return DlebGeometry::of(pos.cross_lines, d).size();
}

void dleb_draw_board(const DlebOptions&, const DlebPosition& pos, svg::Canvas& c, const DrawOptions& d) {
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

}  // namespace dleb_impl

namespace {

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

}  // namespace

namespace dleb_impl {

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

}  // namespace dleb_impl

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
