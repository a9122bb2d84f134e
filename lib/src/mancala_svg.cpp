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
// The hollow leaves room round it, inside the square, for a daughter's ring.
double beyt_radius(const DrawOptions& d) { return 0.32 * d.cell; }
double ring_band(const DrawOptions& d) { return std::max(5.0, 0.17 * d.cell); }

svg::Paint stroke(const char* colour, double width) {
  svg::Paint p;
  p.stroke = colour;
  p.stroke_width = width;
  return p;
}

}  // namespace

Geometry Geometry::of(const DrawOptions& d) {
  Geometry g;
  g.cell = d.cell;
  g.pad = std::max(2.0, 0.08 * d.cell);
  g.rim = 0.2 * d.cell;
  double letters = d.coordinates ? std::max(g.pad, std::round(0.65 * d.cell)) : g.pad;
  g.label = std::round(1.5 * d.font_px());
  g.top = g.bottom = letters + g.label;
  g.flipped = d.flipped;
  return g;
}

svg::Size Geometry::size() const { return {pad + 2 * rim + 6 * cell + pad, top + 2 * rim + 2 * cell + bottom}; }

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

namespace {

// Each side's name and, in italics, his totals, centred over his row (above
// the letters of the top row, under those of the bottom row): the plate is
// balanced, as wide as the board.
void draw_labels(svg::Canvas& c, const DrawOptions& d, const std::array<std::string, 2>& totals) {
  const Geometry g = Geometry::of(d);
  const double centre = g.grid_x() + 3 * g.cell;
  const svg::Size size = g.size();
  svg::Font name{d.font, d.font_px(), svg::Anchor::start, false, false, "#000"};
  svg::Font italic = name;
  italic.italic = true;
  for (int row = 0; row < 2; ++row) {
    const Side side = g.seat(row);
    const std::string& t = totals[static_cast<int>(side)];
    const double y = row == 0 ? g.pad + g.label / 2 : size.height - g.pad - g.label / 2;
    if (t.empty()) {  // an empty board: the name alone
      svg::Font middle = name;
      middle.anchor = svg::Anchor::middle;
      c.centred_text({centre, y}, side_name(side), middle);
      continue;
    }
    // "North:" ends where the totals begin, a space apart, in any font.
    const std::string head = std::string(side_name(side)) + ":";
    const double space = svg::text_width(" ", name);
    const double w1 = svg::text_width(head, name), w2 = svg::text_width(t, italic);
    const double split = centre - (w1 + space + w2) / 2 + w1;
    svg::Font end = name;
    end.anchor = svg::Anchor::end;
    c.centred_text({split, y}, head, end);
    c.centred_text({split + space, y}, t, italic);
  }
}

// The ring of a daughter's house centred on `at`: a heavy band round the
// hollow, black for South's daughter, white between two black edges for
// North's (the colours of their pieces in the other games).
void daughter_ring(svg::Canvas& c, const DrawOptions& d, svg::Point at, Side owner) {
  const double band = ring_band(d), r = beyt_radius(d) + band / 2;
  c.circle(at, r, stroke("#000", band));
  if (owner == Side::north) c.circle(at, r, stroke("#fff", band - 2 * std::max(1.5, 0.045 * d.cell)));
}

}  // namespace

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
      c.path(svg::hatch_path(x0, y0, s, 0.125 * s), hatch);
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
    bool drawn = false;
    for (int row = 0; row < 2; ++row)
      for (int col = 0; col < 5; ++col) drawn = drawn || own[at(col, row)] != own[at(col + 1, row)];
    for (int col = 0; col < 6; ++col)
      if (own[at(col, 0)] != own[at(col, 1)]) {
        c.line({gx + col * s, gy + s}, {gx + (col + 1) * s, gy + s}, groove);
        drawn = true;
      }
    if (drawn && d.legend)
      d.legend->add("the groove between the owners' houses", [groove, s](svg::Canvas& canvas, svg::Point p) {
        canvas.line({p.x, p.y - 0.4 * s}, {p.x, p.y + 0.4 * s}, groove);
      });
  }
  // Lane's letters: f e d c b a over the top row, A B C D E F under the bottom one.
  if (d.coordinates) {
    svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
    for (int p = 0; p < kPits; ++p) {
      svg::Point at = g.centre(p);
      double y = g.row(p) == 0 ? g.label + (g.top - g.label + g.pad) / 2
                               : gy + 2 * s + g.rim + (g.bottom - g.label - g.pad) / 2;
      c.centred_text({at.x, y}, std::string(1, pit_letter(p)), f);
    }
  }
  if (d.empty_board) draw_labels(c, d, {});
  if (!d.legend) return;
  const DrawOptions o = d.without_legend();
  if (extras.owner) {
    d.legend->add("North's houses", [o](svg::Canvas& canvas, svg::Point at) {
      const double side = o.cell, x0 = at.x - side / 2, y0 = at.y - side / 2;
      svg::Paint ground;
      ground.fill = o.monochrome ? "#fff" : kNorthGround;
      if (!o.monochrome) canvas.rect(x0, y0, side, side, ground);
      canvas.path(svg::hatch_path(x0, y0, side, 0.125 * side),
                  stroke(o.monochrome ? "#000" : kHatch, std::max(0.75, 0.02 * side)));
      canvas.rect(x0, y0, side, side, stroke("#000", thin(o)));
    });
  }
}

void draw_counts(svg::Canvas& c, const DrawOptions& d, const Pits& pits, const std::array<std::string, 2>& totals) {
  if (d.empty_board) return;
  const Geometry g = Geometry::of(d);
  // The rims again, over the last move's tint.
  svg::Paint rim = stroke("#000", thin(d));
  for (int p = 0; p < kPits; ++p) c.circle(g.centre(p), beyt_radius(d), rim);
  svg::Font count{d.font, 0.37 * d.cell, svg::Anchor::middle, true, false, "#000"};
  for (int p = 0; p < kPits; ++p)
    if (pits[p] > 0) c.centred_text(g.centre(p), std::to_string(pits[p]), count);
  draw_labels(c, d, totals);
}

void draw_daughter(svg::Canvas& c, const DrawOptions& d, int pit, Side owner) {
  daughter_ring(c, d, Geometry::of(d).centre(pit), owner);
  if (!d.legend) return;
  const DrawOptions o = d.without_legend();
  d.legend->add(std::string(side_name(owner)) + "'s daughter", [o, owner](svg::Canvas& canvas, svg::Point at) {
    svg::Paint hollow = stroke("#000", thin(o));
    hollow.fill = o.monochrome ? "#fff" : kHollow;
    canvas.circle(at, beyt_radius(o), hollow);
    daughter_ring(canvas, o, at, owner);
  });
}

}  // namespace beyt::mancala_svg
