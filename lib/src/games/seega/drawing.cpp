// Seega (beyt/seega.hpp): the text diagram and the SVG drawing
// (docs/DIAGRAMS.md).

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
// Diagram (docs/RULES.md §Tâb box drawing; NOTATION.md section 5)
// ---------------------------------------------------------------------------

struct Glyphs : BoxGlyphs {
  const char *south, *north, *centre;
};
constexpr Glyphs kUnicode{kUnicodeBox, "●", "○", "×"};
constexpr Glyphs kAscii{kAsciiBox, "x", "o", "+"};

void rule_line(std::string& out, const Glyphs& g, int n, bool margins, const char* l, const char* m, const char* r) {
  box_rule(out, g, n, 3, margins ? "   " : "", l, m, r);
}

const char* glyph(const SeegaPosition& pos, SeegaCell c, const Glyphs& g, bool empty_board) {
  SeegaPiece p = empty_board ? SeegaPiece::empty : pos.piece(c);
  if (p == SeegaPiece::south) return g.south;
  if (p == SeegaPiece::north) return g.north;
  return c == centre_of(pos.size) ? g.centre : " ";
}

// "● South 3   ○ North 9": the legend, with the pieces each side has on the board.
std::string legend_line(const SeegaPosition& pos, const Glyphs& g) {
  return std::string(g.south) + " South " + std::to_string(pos.count(Side::south)) + "   " + g.north +
         " North " + std::to_string(pos.count(Side::north)) + "\n";
}

std::string status_line(const SeegaPosition& pos, const Glyphs& g) {
  Result r = outcome(pos);
  if (r != Result::unfinished) return legend_line(pos, g) + "Game over: " + std::string(result_token(r)) + "\n";
  std::string out = legend_line(pos, g) + side_str(pos.to_move) + " to move";
  if (pos.phase == SeegaPhase::place) {
    int pieces = (pos.size * pos.size - 1) / 2;
    int s = pieces - pos.count(Side::south), n = pieces - pos.count(Side::north);
    out += s == n ? " (placement: " + std::to_string(s) + " in hand each)"
                  : " (placement: South " + std::to_string(s) + ", North " + std::to_string(n) + " in hand)";
  } else if (pos.extra) {
    out += " (extra turn: open a way if you can)";
  }
  return out + "\n";
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md): the n x n board of squares, the marked
// centre hatched, South's pieces black discs and North's white discs
// with a black rim (told apart in monochrome), files a.. under the board and
// ranks 1.. on its left; flipped, North's side is at the bottom.
// ---------------------------------------------------------------------------

}  // namespace

namespace seega_impl {

// "c3" on an n x n board, or -1.
SeegaCell seega_parse_cell(std::string_view name, int n) {
  if (name.size() < 2 || name.size() > 2 || name[0] < 'a' || name[0] >= 'a' + n || name[1] < '1' ||
      name[1] >= '1' + n)
    return -1;
  return seega_cell(name[0] - 'a', name[1] - '1');
}

// The drawing's size: the board of the position's size (BoardDrawing::board_size).
svg::Size seega_board_size(const SeegaPosition& pos, const DrawOptions& d) { return SeegaGeometry::of(pos.size, d).size(); }

void seega_draw_board(const SeegaOptions& o, const SeegaPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  const SeegaGeometry g = SeegaGeometry::of(pos.size, d);
  const double side = g.n * g.cell;
  svg::Paint ground;
  ground.fill = d.monochrome ? "#fff" : "#efe2c4";
  ground.stroke = "#000";
  ground.stroke_width = std::max(1.5, 0.05 * d.cell);
  c.rect(g.left, g.top, side, side, ground);
  svg::Paint rule;
  rule.stroke = "#000";
  rule.stroke_width = std::max(1.0, 0.025 * d.cell);
  for (int i = 1; i < g.n; ++i) {
    double at = i * g.cell;
    c.line({g.left + at, g.top}, {g.left + at, g.top + side}, rule);
    c.line({g.left, g.top + at}, {g.left + side, g.top + at}, rule);
  }
  // The marked centre: a hatched square, which a piece on it leaves showing
  // at its corners and no one takes for a capture's cross.
  svg::Point m = g.centre(o.centre());
  auto centre_mark = [](svg::Canvas& canvas, svg::Point at, const DrawOptions& opt) {
    svg::Paint hatch;
    hatch.stroke = opt.monochrome ? "#000" : "#7a5a2a";
    hatch.stroke_width = std::max(0.75, 0.025 * opt.cell);
    const double h = opt.cell / 2;
    canvas.path(svg::hatch_path(at.x - h, at.y - h, opt.cell, 0.14 * opt.cell), hatch);
  };
  centre_mark(c, m, d);
  if (d.legend) {
    const DrawOptions copy = d.without_legend();
    d.legend->add("the centre", [=](svg::Canvas& canvas, svg::Point at) {
      svg::Paint frame;
      frame.stroke = "#000";
      frame.stroke_width = std::max(1.0, 0.025 * copy.cell);
      canvas.rect(at.x - copy.cell / 2, at.y - copy.cell / 2, copy.cell, copy.cell, frame);
      centre_mark(canvas, at, copy);
    });
  }
  if (!d.coordinates) return;
  svg::Font f{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"};
  for (int i = 0; i < g.n; ++i) {
    svg::Point file = g.centre(seega_cell(i, 0)), rank = g.centre(seega_cell(0, i));
    c.centred_text({file.x, g.top + side + g.left / 2}, std::string(1, static_cast<char>('a' + i)), f);
    c.centred_text({g.left / 2, rank.y}, std::to_string(i + 1), f);
  }
}

void seega_draw_pieces(const SeegaPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  if (d.empty_board) return;
  const SeegaGeometry g = SeegaGeometry::of(pos.size, d);
  svg::Paint black, white;
  black.fill = "#000";
  white.fill = "#fff";
  white.stroke = black.stroke = "#000";
  white.stroke_width = black.stroke_width = std::max(1.5, 0.06 * d.cell);
  const double r = 0.33 * g.cell;
  for (int rank = 0; rank < g.n; ++rank)
    for (int file = 0; file < g.n; ++file) {
      SeegaCell cell = seega_cell(file, rank);
      if (pos.piece(cell) == SeegaPiece::empty) continue;
      c.circle(g.centre(cell), r, pos.piece(cell) == SeegaPiece::south ? black : white);
    }
}

MoveCells seega_move_cells(const SeegaOptions& o, const SeegaPosition& pos, std::string_view text) {
  MoveCells out;
  SeegaMove m;
  if (seega_parse(text, m)) return out;
  SeegaMove checked = m;
  if (!seega_check(o, pos, checked)) m = checked;  // captures filled in
  switch (m.kind) {
    case SeegaMoveKind::place:
      for (SeegaCell c : m.place) out.to.push_back(seega_cell_name(c));
      break;
    case SeegaMoveKind::removal:
      if (m.removed >= 0) out.captured.push_back(seega_cell_name(m.removed));
      [[fallthrough]];
    case SeegaMoveKind::steps:
      if (m.from >= 0) out.from.push_back(seega_cell_name(m.from));
      for (int i = 0; i < m.nsteps; ++i) {
        const SeegaStep& s = m.steps[i];
        out.to.push_back(seega_cell_name(s.to));
        for (int j = 0; j < s.ncaptures; ++j) out.captured.push_back(seega_cell_name(s.captures[j]));
      }
      break;
    case SeegaMoveKind::blocked: break;
  }
  // A chain may step onto a cell it emptied earlier in the turn: that cell
  // holds the moving piece now and is shown as reached, not crossed out.
  std::erase_if(out.captured, [&out](const std::string& c) {
    return std::find(out.to.begin(), out.to.end(), c) != out.to.end();
  });
  return out;
}

}  // namespace seega_impl

std::string seega_render(const SeegaPosition& pos, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  const int n = pos.size;
  const bool margins = ro.coordinates;
  std::string out;
  if (margins) box_files_line(out, n);
  rule_line(out, g, n, margins, g.tl, g.tm, g.tr);
  for (int r = n - 1; r >= 0; --r) {
    if (margins) out += " " + std::to_string(r + 1) + " ";
    out += g.v;
    for (int f = 0; f < n; ++f) {
      out += ' ';
      out += glyph(pos, seega_cell(f, r), g, ro.empty_board);
      out += ' ';
      out += g.v;
    }
    if (margins) out += " " + std::to_string(r + 1);
    out += '\n';
    if (r > 0) rule_line(out, g, n, margins, g.ml, g.mm, g.mr);
  }
  rule_line(out, g, n, margins, g.bl, g.bm, g.br);
  if (margins) box_files_line(out, n);
  if (ro.show_to_move && !ro.empty_board) out += status_line(pos, g);
  return out;
}

}  // namespace beyt
