// The SVG board of the mancala games (mancala_svg.hpp; docs/DIAGRAMS.md).
#include "mancala_svg.hpp"

#include <algorithm>
#include <cmath>

namespace beyt::mancala_svg {

namespace {

constexpr const char* kWood = "#e2c792";       // the board
constexpr const char* kHollow = "#f8f0dc";     // inside a beyt
constexpr const char* kNorthGround = "#c49a5c";  // Um el-Banât: North's houses (with the hatching)
constexpr const char* kHatch = "#5a3d17";

double thin(const DrawOptions& d) { return std::max(1.0, 0.025 * d.cell); }
double beyt_radius(const DrawOptions& d) { return 0.38 * d.cell; }

svg::Paint stroke(const char* colour, double width) {
  svg::Paint p;
  p.stroke = colour;
  p.stroke_width = width;
  return p;
}

// Diagonal hatching of the square (x0,y0)-(x0+s,y0+s), lines x + y = k, as one path.
std::string hatch_path(double x0, double y0, double s, double step) {
  std::string d;
  for (double k = x0 + y0 + step; k < x0 + y0 + 2 * s - step / 2; k += step) {
    double ax = std::max(x0, k - (y0 + s)), bx = std::min(x0 + s, k - y0);
    if (!d.empty()) d += ' ';
    d += "M " + svg::number(ax) + "," + svg::number(k - ax) + " L " + svg::number(bx) + "," + svg::number(k - bx);
  }
  return d;
}

}  // namespace

Geometry Geometry::of(const DrawOptions& d) {
  Geometry g;
  g.cell = d.cell;
  g.pad = std::max(2.0, 0.08 * d.cell);
  g.rim = 0.2 * d.cell;
  double letters = d.coordinates ? std::max(g.pad, std::round(0.65 * d.cell)) : g.pad;
  g.top = g.bottom = letters;
  g.panel = std::round(4.2 * d.cell);
  g.flipped = d.flipped;
  return g;
}

svg::Size Geometry::size() const {
  return {pad + 2 * rim + 6 * cell + panel + pad, top + 2 * rim + 2 * cell + bottom};
}

int Geometry::column(int pit) const {
  int c = south_row(pit) ? pit : kPits - 1 - pit;  // A..F left to right; f..a left to right
  return flipped ? 5 - c : c;
}

int Geometry::row(int pit) const {
  int r = south_row(pit) ? 1 : 0;
  return flipped ? 1 - r : r;
}

svg::Point Geometry::centre(int pit) const {
  return {grid_x() + (column(pit) + 0.5) * cell, grid_y() + (row(pit) + 0.5) * cell};
}

int parse_pit(std::string_view name) noexcept { return name.size() == 1 ? pit_of_letter(name[0]) : -1; }

void draw_board(svg::Canvas& c, const DrawOptions& d, const BoardExtras& extras) {
  const Geometry g = Geometry::of(d);
  const double s = g.cell, gx = g.grid_x(), gy = g.grid_y();
  svg::Paint board = stroke("#000", std::max(1.5, 0.05 * s));
  board.fill = d.monochrome ? "#fff" : kWood;
  c.rect(g.pad, g.top, 6 * s + 2 * g.rim, 2 * s + 2 * g.rim, board, 0.35 * s);
  // The ground of each square: North's houses hatched (Um el-Banât).
  if (extras.owner) {
    svg::Paint ground;
    ground.fill = d.monochrome ? "#fff" : kNorthGround;
    svg::Paint hatch = stroke(d.monochrome ? "#000" : kHatch, std::max(0.75, 0.02 * s));
    for (int p = 0; p < kPits; ++p) {
      if ((*extras.owner)[p] != Side::north) continue;
      double x0 = gx + g.column(p) * s, y0 = gy + g.row(p) * s;
      if (!d.monochrome) c.rect(x0, y0, s, s, ground);
      c.path(hatch_path(x0, y0, s, 0.125 * s), hatch);
    }
  }
  // Lane's figure: a row of six squares over another.
  svg::Paint rule = stroke("#000", thin(d));
  c.rect(gx, gy, 6 * s, 2 * s, rule);
  c.line({gx, gy + s}, {gx + 6 * s, gy + s}, rule);
  for (int k = 1; k < 6; ++k) c.line({gx + k * s, gy}, {gx + k * s, gy + 2 * s}, rule);
  // The beyts: round hollows.
  svg::Paint hollow = stroke("#000", thin(d));
  hollow.fill = d.monochrome ? "#fff" : kHollow;
  for (int p = 0; p < kPits; ++p) c.circle(g.centre(p), beyt_radius(d), hollow);
  // Davies' groove: a heavy line between houses of different owners.
  if (extras.owner) {
    const auto& own = *extras.owner;
    svg::Paint groove = stroke("#000", std::max(3.0, 0.12 * s));
    groove.round = true;
    auto at = [&](int col, int row) {  // the pit drawn at (col, row)
      for (int p = 0; p < kPits; ++p)
        if (g.column(p) == col && g.row(p) == row) return p;
      return 0;
    };
    for (int row = 0; row < 2; ++row)
      for (int col = 0; col < 5; ++col)
        if (own[at(col, row)] != own[at(col + 1, row)])
          c.line({gx + (col + 1) * s, gy + row * s}, {gx + (col + 1) * s, gy + (row + 1) * s}, groove);
    for (int col = 0; col < 6; ++col)
      if (own[at(col, 0)] != own[at(col, 1)]) c.line({gx + col * s, gy + s}, {gx + (col + 1) * s, gy + s}, groove);
  }
  // Lane's letters: f e d c b a over the top row, A B C D E F under the bottom one.
  if (d.coordinates) {
    svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
    for (int p = 0; p < kPits; ++p) {
      svg::Point at = g.centre(p);
      double y = g.row(p) == 0 ? g.top / 2 + g.pad / 2 : gy + 2 * s + g.rim + g.bottom / 2 - g.pad / 2;
      c.centred_text({at.x, y}, std::string(1, pit_letter(p)), f);
    }
  }
  // Each side's name at the right of his row.
  svg::Font name{d.font, d.font_px(), svg::Anchor::start, false, false, "#000"};
  for (int row = 0; row < 2; ++row)
    c.centred_text({gx + 6 * s + g.rim + 0.3 * s, gy + (row + 0.5) * s - 0.2 * s}, side_name(g.seat(row)), name);
}

void draw_counts(svg::Canvas& c, const DrawOptions& d, const Pits& pits, const std::array<std::string, 2>& totals) {
  if (d.empty_board) return;
  const Geometry g = Geometry::of(d);
  // The rims again, over the last move's tint.
  svg::Paint rim = stroke("#000", thin(d));
  for (int p = 0; p < kPits; ++p) c.circle(g.centre(p), beyt_radius(d), rim);
  svg::Font count{d.font, 0.42 * d.cell, svg::Anchor::middle, true, false, "#000"};
  for (int p = 0; p < kPits; ++p)
    if (pits[p] > 0) c.centred_text(g.centre(p), std::to_string(pits[p]), count);
  svg::Font small{d.font, d.font_px(), svg::Anchor::start, false, true, "#000"};
  for (int row = 0; row < 2; ++row) {
    const std::string& t = totals[static_cast<int>(g.seat(row))];
    if (!t.empty())
      c.centred_text({g.grid_x() + 6 * g.cell + g.rim + 0.3 * g.cell, g.grid_y() + (row + 0.5) * g.cell + 0.25 * g.cell},
                     t, small);
  }
}

void draw_daughter(svg::Canvas& c, const DrawOptions& d, int pit, Side owner) {
  const Geometry g = Geometry::of(d);
  // A heavy ring round the hollow, between it and the square's edge: black
  // for South's daughter, white between two black edges for North's (the
  // colours of their pieces in the other games). The count inside stays clear.
  const double band = std::max(4.0, 0.11 * g.cell), r = 0.38 * g.cell + band / 2;
  c.circle(g.centre(pit), r, stroke("#000", band));
  if (owner == Side::north) c.circle(g.centre(pit), r, stroke("#fff", band - 2 * std::max(1.2, 0.035 * g.cell)));
}

}  // namespace beyt::mancala_svg
