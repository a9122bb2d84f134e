// Publication diagrams (beyt/diagram.hpp): page layout, last-move highlight,
// marks and arrows, and the diagram commands of comments.
#include "beyt/diagram.hpp"

#include <algorithm>
#include <cmath>

namespace beyt {
namespace {

// Tints of the colour style; the monochrome style uses black only.
constexpr const char* kMoveTint = "#f2d675";    // under the from/to cells
constexpr const char* kMoveLine = "#8a6d00";
constexpr const char* kCaptureLine = "#b01c1c";
constexpr const char* kMarkLine = "#1d7a3a";
constexpr const char* kArrowFill = "#2456a6";

svg::Paint outline(const char* colour, double width, std::string dash = {}) {
  svg::Paint p;
  p.stroke = colour;
  p.stroke_width = width;
  p.dash = std::move(dash);
  return p;
}

bool centre_of(const State& s, const std::string& cell, const DrawOptions& d, svg::Point& out, std::string& why) {
  if (s.cell_centre(cell, d, out)) return true;
  why = "'" + cell + "' is not a cell of this " + std::string(s.game().title()) + " board";
  return false;
}

// Light squares under the cells the last move left and reached (colour only).
void draw_move_underlay(svg::Canvas& c, const State& s, const MoveCells& m, const DrawOptions& d) {
  if (d.monochrome) return;
  svg::Paint tint;
  tint.fill = kMoveTint;
  double half = d.cell / 2 - 1;
  for (const auto* cells : {&m.from, &m.to})
    for (const auto& cell : *cells) {
      svg::Point p;
      if (s.cell_centre(cell, d, p)) c.rect(p.x - half, p.y - half, 2 * half, 2 * half, tint);
    }
}

// Square outlines: dashed where a piece left, solid where it arrived; a
// cross on each captured cell. Legible in black and white.
void draw_move_overlay(svg::Canvas& c, const State& s, const MoveCells& m, const DrawOptions& d) {
  const double w = std::max(1.5, 0.06 * d.cell), half = 0.42 * d.cell;
  const char* colour = d.monochrome ? "#000" : kMoveLine;
  svg::Point p;
  for (const auto& cell : m.from)
    if (s.cell_centre(cell, d, p))
      c.rect(p.x - half, p.y - half, 2 * half, 2 * half,
             outline(colour, w, svg::number(2 * w) + " " + svg::number(1.5 * w)));
  for (const auto& cell : m.to)
    if (s.cell_centre(cell, d, p)) c.rect(p.x - half, p.y - half, 2 * half, 2 * half, outline(colour, w));
  svg::Paint cross = outline(d.monochrome ? "#000" : kCaptureLine, std::max(2.0, 0.08 * d.cell));
  cross.round = true;
  const double k = 0.2 * d.cell;
  // In black and white a white rim under the cross keeps it visible on a
  // black piece (Tâb, Dleb: the taking kelb or man stands on the cell).
  svg::Paint rim = outline("#fff", 2 * cross.stroke_width);
  rim.round = true;
  for (const auto& cell : m.captured)
    if (s.cell_centre(cell, d, p)) {
      if (d.monochrome) {
        c.line({p.x - k, p.y - k}, {p.x + k, p.y + k}, rim);
        c.line({p.x - k, p.y + k}, {p.x + k, p.y - k}, rim);
      }
      c.line({p.x - k, p.y - k}, {p.x + k, p.y + k}, cross);
      c.line({p.x - k, p.y + k}, {p.x + k, p.y - k}, cross);
    }
}

// A dotted ring round the cell: never taken for a piece (solid rims), even
// on an empty cell in monochrome.
void draw_marks(svg::Canvas& c, const std::vector<svg::Point>& marks, const DrawOptions& d) {
  const double w = std::max(2.0, 0.07 * d.cell);
  svg::Paint ring = outline(d.monochrome ? "#000" : kMarkLine, w, svg::number(w) + " " + svg::number(w));
  for (const auto& p : marks) c.circle(p, 0.44 * d.cell, ring);
}

// An arrow as one polygon (shaft and head) with a white rim, so that it shows
// over black pieces in monochrome.
void draw_arrow(svg::Canvas& c, svg::Point a, svg::Point b, const DrawOptions& d) {
  double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  if (len < 1e-6) return;
  double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  double start = 0.22 * d.cell, end = 0.12 * d.cell;
  double shaft = 0.06 * d.cell, head_w = 0.2 * d.cell, head_l = 0.32 * d.cell;
  if (len - start - end < head_l + 1) start = std::max(0.0, len - end - head_l - 1);
  svg::Point s{a.x + ux * start, a.y + uy * start}, t{b.x - ux * end, b.y - uy * end};
  svg::Point h{t.x - ux * head_l, t.y - uy * head_l};
  std::vector<svg::Point> pts{{s.x + nx * shaft, s.y + ny * shaft}, {h.x + nx * shaft, h.y + ny * shaft},
                              {h.x + nx * head_w, h.y + ny * head_w}, t,
                              {h.x - nx * head_w, h.y - ny * head_w}, {h.x - nx * shaft, h.y - ny * shaft},
                              {s.x - nx * shaft, s.y - ny * shaft}};
  svg::Paint paint;
  paint.fill = d.monochrome ? "#000" : kArrowFill;
  paint.stroke = "#fff";
  paint.stroke_width = std::max(1.0, 0.035 * d.cell);
  paint.round = true;
  c.polygon(pts, paint);
}

// One board with everything on it, at (0,0) of the current group.
bool draw_figure(svg::Canvas& c, const Figure& f, const DrawOptions& d, std::string& why) {
  const State& s = *f.state;
  std::vector<std::pair<svg::Point, svg::Point>> arrows;
  std::vector<svg::Point> marks;
  for (const auto& a : f.arrows) {
    svg::Point p, q;
    if (!centre_of(s, a.from, d, p, why) || !centre_of(s, a.to, d, q, why)) return false;
    arrows.push_back({p, q});
  }
  for (const auto& m : f.marks) {
    svg::Point p;
    if (!centre_of(s, m, d, p, why)) return false;
    marks.push_back(p);
  }
  s.draw_board(c, d);
  if (!d.empty_board) draw_move_underlay(c, s, f.last_move, d);
  s.draw_pieces(c, d);
  if (!d.empty_board) draw_move_overlay(c, s, f.last_move, d);
  draw_marks(c, marks, d);
  for (const auto& [p, q] : arrows) draw_arrow(c, p, q, d);
  return true;
}

}  // namespace

namespace {

struct Fonts {
  svg::Font caption, title, page_caption;
  explicit Fonts(const DrawOptions& d)
      : caption{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"},
        title{d.font, std::round(1.3 * d.font_px()), svg::Anchor::middle, true, false, "#000"},
        page_caption{d.font, d.font_px(), svg::Anchor::middle, false, true, "#000"} {}
};

// Where everything goes on the page, in px.
struct Layout {
  svg::Size board;           // the largest board
  std::size_t cols = 1, rows = 1;
  double column = 0, gap = 0, caption_h = 0, title_h = 0, page_caption_h = 0;
  double width = 0, height = 0, left = 0;

  svg::Point cell(std::size_t i, double margin) const {
    return {left + static_cast<double>(i % cols) * (column + gap),
            margin + title_h + static_cast<double>(i / cols) * (board.height + caption_h + gap)};
  }
};

// How far a sheet's caption may reach past its column on both sides together:
// into the gap between columns, and no further than the page margin allows.
double caption_slack(const Layout& l, double margin) { return std::min(0.9 * l.gap, 1.6 * margin); }

// A sheet's caption longer than its column and the slack is set smaller, down
// to 0.6 of the size; a single board's page grows instead.
double caption_size(const std::string& caption, const Fonts& f, const Layout& l, std::size_t n, double margin) {
  double w = svg::text_width(caption, f.caption), room = l.column + caption_slack(l, margin);
  if (n == 1 || w <= room) return f.caption.size;
  return std::round(10 * f.caption.size * std::max(0.6, room / w)) / 10;
}

Layout layout(const std::vector<Figure>& figures, const DrawOptions& d, const PageOptions& page, const Fonts& f) {
  Layout l;
  const std::size_t n = figures.size();
  bool captions = false;
  for (const auto& fig : figures) {
    svg::Size b = fig.state->board_size(d);
    l.board.width = std::max(l.board.width, b.width);
    l.board.height = std::max(l.board.height, b.height);
    captions = captions || !fig.caption.empty();
  }
  l.cols = page.columns > 0 ? std::min<std::size_t>(static_cast<std::size_t>(page.columns), n) : std::min<std::size_t>(n, 3);
  l.rows = (n + l.cols - 1) / l.cols;
  l.gap = n > 1 ? std::round(1.5 * d.cell) : 0;
  l.column = l.board.width;
  for (const auto& fig : figures) {  // the column holds every caption at its size
    svg::Font font = f.caption;
    font.size = caption_size(fig.caption, f, l, n, page.margin);
    l.column = std::max(l.column, svg::text_width(fig.caption, font) - (n > 1 ? caption_slack(l, page.margin) : 0));
  }
  l.caption_h = captions ? std::round(1.8 * f.caption.size) : 0;
  l.title_h = page.title.empty() ? 0 : std::round(2 * f.title.size);
  l.page_caption_h = page.caption.empty() ? 0 : std::round(2.5 * f.caption.size);
  const double content = static_cast<double>(l.cols) * l.column + static_cast<double>(l.cols - 1) * l.gap;
  l.width = std::ceil(std::max({content, svg::text_width(page.title, f.title),
                                svg::text_width(page.caption, f.page_caption)}) + 2 * page.margin);
  l.height = std::ceil(2 * page.margin + l.title_h + static_cast<double>(l.rows) * (l.board.height + l.caption_h) +
                       static_cast<double>(l.rows - 1) * l.gap + l.page_caption_h);
  l.left = (l.width - content) / 2;
  return l;
}

}  // namespace

bool svg_page(const std::vector<Figure>& figures, const DrawOptions& d, const PageOptions& page, std::string& out,
              std::string& why) {
  if (figures.empty()) {
    why = "no board to draw";
    return false;
  }
  for (const auto& f : figures)
    if (!f.state || !f.state->can_draw()) {
      why = "SVG diagrams of " + std::string(f.state ? f.state->game().title() : "this game") +
            " are not available yet";
      return false;
    }
  const Fonts fonts(d);
  const Layout l = layout(figures, d, page, fonts);
  svg::Canvas c;
  if (!page.title.empty()) c.text({l.width / 2, page.margin + 0.975 * fonts.title.size}, page.title, fonts.title);
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const Figure& f = figures[i];
    const svg::Point at = l.cell(i, page.margin);
    c.begin_group(std::round(at.x + (l.column - f.state->board_size(d).width) / 2), std::round(at.y));
    if (!draw_figure(c, f, d, why)) return false;
    c.end_group();
    if (f.caption.empty()) continue;
    svg::Font font = fonts.caption;
    font.size = caption_size(f.caption, fonts, l, figures.size(), page.margin);
    c.text({at.x + l.column / 2, at.y + l.board.height + 0.8 * l.caption_h}, f.caption, font);
  }
  if (!page.caption.empty())
    c.text({l.width / 2, l.height - page.margin - 0.4 * fonts.caption.size}, page.caption, fonts.page_caption);
  std::string doc_title = page.title.empty() ? std::string(figures.front().state->game().title()) : page.title;
  out = c.document({l.width, l.height}, doc_title, page.width);
  return true;
}

bool parse_arrow(std::string_view text, Arrow& out) {
  auto dash = text.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == text.size()) return false;
  out.from = std::string(text.substr(0, dash));
  out.to = std::string(text.substr(dash + 1));
  return out.to.find('-') == std::string::npos;
}

bool parse_diagram_commands(std::string_view comment, std::vector<Arrow>& arrows, std::vector<std::string>& marks,
                            std::string& why) {
  std::size_t at = 0;
  while ((at = comment.find("[%", at)) != std::string_view::npos) {
    auto close = comment.find(']', at);
    if (close == std::string_view::npos) {
      why = "diagram command without ']'";
      return false;
    }
    std::string_view body = comment.substr(at + 2, close - at - 2);
    at = close + 1;
    auto space = body.find(' ');
    std::string_view name = body.substr(0, space);
    if (name != "arrow" && name != "mark") continue;  // another program's command
    std::string_view args = space == std::string_view::npos ? std::string_view{} : body.substr(space + 1);
    std::size_t start = 0;
    do {
      auto comma = args.find(',', start);
      std::string_view item = args.substr(start, comma == std::string_view::npos ? args.npos : comma - start);
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
      if (item.empty()) {
        why = "[%" + std::string(name) + "] with an empty cell";
        return false;
      }
      if (name == "mark") {
        marks.emplace_back(item);
      } else {
        Arrow a;
        if (!parse_arrow(item, a)) {
          why = "[%arrow] needs FROM-TO, not '" + std::string(item) + "'";
          return false;
        }
        arrows.push_back(std::move(a));
      }
      start = comma == std::string_view::npos ? args.npos : comma + 1;
    } while (start != std::string_view::npos);
  }
  return true;
}

}  // namespace beyt
