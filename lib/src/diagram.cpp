// Publication diagrams (beyt/diagram.hpp): page layout, last-move highlight,
// marks and arrows, and the diagram commands of comments.
#include "beyt/diagram.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

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

bool centre_of(const State& state, const std::string& cell, const DrawOptions& d, svg::Point& out,
               std::string& why) {
  if (state.drawing()->cell_centre(cell, d, out)) return true;
  why = "'" + cell + "' is not a cell of this " + std::string(state.game().title()) + " board";
  return false;
}

// Light squares under the cells the last move left and reached (colour only).
void draw_move_underlay(svg::Canvas& c, const BoardDrawing& s, const MoveCells& m, const DrawOptions& d) {
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

// The square outline of a cell the last move left (dashed) or reached (solid).
void move_outline(svg::Canvas& c, svg::Point p, bool left, const DrawOptions& d) {
  const double w = std::max(1.5, 0.06 * d.cell), half = 0.42 * d.cell;
  const char* colour = d.monochrome ? "#000" : kMoveLine;
  c.rect(p.x - half, p.y - half, 2 * half, 2 * half,
         left ? outline(colour, w, svg::number(2 * w) + " " + svg::number(1.5 * w)) : outline(colour, w));
}

// The cross of a capture, `k` px each way from `p`; in black and white over a
// white rim, so that it shows on a black piece or a line.
void capture_cross(svg::Canvas& c, svg::Point p, double k, const DrawOptions& d) {
  svg::Paint cross = outline(d.monochrome ? "#000" : kCaptureLine, std::max(2.0, 0.4 * k));
  cross.round = true;
  svg::Paint rim = outline("#fff", 2 * cross.stroke_width);
  rim.round = true;
  if (d.monochrome) {
    c.line({p.x - k, p.y - k}, {p.x + k, p.y + k}, rim);
    c.line({p.x - k, p.y + k}, {p.x + k, p.y - k}, rim);
  }
  c.line({p.x - k, p.y - k}, {p.x + k, p.y + k}, cross);
  c.line({p.x - k, p.y + k}, {p.x + k, p.y - k}, cross);
}

// Square outlines, dashed where a piece left, solid where it arrived: under
// the pieces, so that no mark of a piece (a daughter's ring, a kelb) is
// hidden by them. Legible in black and white.
void draw_move_outlines(svg::Canvas& c, const BoardDrawing& s, const MoveCells& m, const DrawOptions& d) {
  svg::Point p;
  for (const auto& cell : m.from)
    if (s.cell_centre(cell, d, p)) move_outline(c, p, true, d);
  for (const auto& cell : m.to)
    if (s.cell_centre(cell, d, p)) move_outline(c, p, false, d);
}

// A cross on each captured cell, over the pieces, where the game puts it
// (BoardDrawing::capture_mark): on the cell, or in its corner when the taker
// stands there.
void draw_captures(svg::Canvas& c, const BoardDrawing& s, const MoveCells& m, const DrawOptions& d) {
  for (const auto& cell : m.captured) {
    svg::Point p;
    double k = 0;
    if (s.capture_mark(cell, d, p, k)) capture_cross(c, p, k, d);
  }
}

// A dotted ring round the cell: never taken for a piece (solid rims), even
// on an empty cell in monochrome.
void mark_ring(svg::Canvas& c, svg::Point p, const DrawOptions& d) {
  const double w = std::max(2.0, 0.07 * d.cell);
  c.circle(p, 0.44 * d.cell, outline(d.monochrome ? "#000" : kMarkLine, w, svg::number(w) + " " + svg::number(w)));
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

// The legend's entries for the marks this layer draws, when a figure has them.
void add_move_legend(Legend& legend, const Figure& f, const DrawOptions& d) {
  const DrawOptions o = d.without_legend();
  if (!f.last_move.from.empty())
    legend.add("moved from", [o](svg::Canvas& c, svg::Point p) { move_outline(c, p, true, o); });
  if (!f.last_move.to.empty())
    legend.add("moved to", [o](svg::Canvas& c, svg::Point p) { move_outline(c, p, false, o); });
  if (!f.last_move.captured.empty())
    legend.add("taken", [o](svg::Canvas& c, svg::Point p) { capture_cross(c, p, 0.2 * o.cell, o); });
  if (!f.marks.empty()) legend.add("marked", [o](svg::Canvas& c, svg::Point p) { mark_ring(c, p, o); });
}

// One board with everything on it, at (0,0) of the current group.
bool draw_figure(svg::Canvas& c, const Figure& f, const DrawOptions& d, std::string& why) {
  const BoardDrawing& s = *f.state->drawing();
  std::vector<std::pair<svg::Point, svg::Point>> arrows;
  std::vector<svg::Point> marks;
  for (const auto& a : f.arrows) {
    svg::Point p, q;
    if (!centre_of(*f.state, a.from, d, p, why) || !centre_of(*f.state, a.to, d, q, why)) return false;
    arrows.push_back({p, q});
  }
  for (const auto& m : f.marks) {
    svg::Point p;
    if (!centre_of(*f.state, m, d, p, why)) return false;
    marks.push_back(p);
  }
  s.draw_board(c, d);
  if (!d.empty_board) {
    draw_move_underlay(c, s, f.last_move, d);
    draw_move_outlines(c, s, f.last_move, d);
  }
  s.draw_pieces(c, d);
  if (!d.empty_board) draw_captures(c, s, f.last_move, d);
  for (const auto& p : marks) mark_ring(c, p, d);
  for (const auto& [p, q] : arrows) draw_arrow(c, p, q, d);
  return true;
}

}  // namespace

namespace {

struct Fonts {
  svg::Font caption, title, page_caption, legend;
  explicit Fonts(const DrawOptions& d)
      : caption{d.font, d.font_px(), svg::Anchor::middle, false, false, "#000"},
        title{d.font, std::round(1.3 * d.font_px()), svg::Anchor::middle, true, false, "#000"},
        page_caption{d.font, d.font_px(), svg::Anchor::middle, false, true, "#000"},
        legend{d.font, d.font_px(), svg::Anchor::start, false, false, "#000"} {}
};

// Lines of text are 1.25 em apart.
constexpr double kLeading = 1.25;

// The legend: rows of entries (a symbol one cell wide, its words), wrapped
// to the width of the boards, the rows aligned on the left of a centred block.
struct LegendLayout {
  struct Item {
    std::size_t entry;
    double x;                        // the symbol's left edge, from the block's left
    std::vector<std::string> lines;  // its words, wrapped to the page
  };
  std::vector<std::vector<Item>> rows;
  std::vector<double> row_width, row_height;
  double width = 0, height = 0;
};

LegendLayout legend_layout(const Legend& legend, const DrawOptions& d, const svg::Font& font, double width) {
  LegendLayout l;
  if (legend.entries.empty()) return l;
  const double symbol = d.cell, gap = 0.2 * d.cell, between = 0.6 * d.cell;
  double x = 0;
  for (std::size_t i = 0; i < legend.entries.size(); ++i) {
    auto lines = svg::wrap(legend.entries[i].text, font, std::max(symbol, width - symbol - gap));
    double text = 0;
    for (const auto& line : lines) text = std::max(text, svg::text_width(line, font));
    const double w = symbol + gap + text;
    const double h = std::max(1.05 * d.cell, kLeading * font.size * static_cast<double>(lines.size()) + 0.15 * d.cell);
    if (l.rows.empty() || (x > 0 && x + between + w > width)) {
      l.rows.emplace_back();
      l.row_width.push_back(0);
      l.row_height.push_back(0);
      x = 0;
    } else if (x > 0) {
      x += between;
    }
    l.rows.back().push_back({i, x, std::move(lines)});
    x += w;
    l.row_width.back() = x;
    l.row_height.back() = std::max(l.row_height.back(), h);
  }
  l.width = *std::max_element(l.row_width.begin(), l.row_width.end());
  double rows = 0;
  for (double h : l.row_height) rows += h;
  l.height = std::round(0.5 * d.cell + rows);
  return l;
}

// Where everything goes on the page, in px. The page is as wide as its
// columns of boards and the gaps between them, plus the margins; every text
// is wrapped to that width.
struct Layout {
  svg::Size board;           // the largest board
  std::size_t cols = 1, rows = 1;
  double column = 0, gap = 0, caption_h = 0, title_h = 0, page_caption_h = 0;
  double width = 0, height = 0, left = 0, content = 0;
  std::vector<std::string> title, page_caption;
  std::vector<std::vector<std::string>> captions;  // per figure
  LegendLayout legend;

  svg::Point cell(std::size_t i, double margin) const {
    return {left + static_cast<double>(i % cols) * (column + gap),
            margin + title_h + static_cast<double>(i / cols) * (board.height + caption_h + gap)};
  }
};

// Height of a block of `lines` lines of `size` px: `first` em for the first
// line (with the space above it), kLeading em for each further one.
double block(std::size_t lines, double size, double first) {
  return lines == 0 ? 0 : std::round((first + kLeading * static_cast<double>(lines - 1)) * size);
}

double gap_of(std::size_t figures, const DrawOptions& d) { return figures > 1 ? std::round(1.5 * d.cell) : 0; }

double page_width(std::size_t cols, double board_width, double gap, double margin) {
  return std::ceil(static_cast<double>(cols) * board_width + static_cast<double>(cols - 1) * gap + 2 * margin);
}

Layout layout(const std::vector<Figure>& figures, const std::vector<std::string>& captions, std::size_t cols,
              const Legend& legend, const DrawOptions& d, const PageOptions& page, const Fonts& f) {
  Layout l;
  const std::size_t n = figures.size();
  for (const auto& fig : figures) {
    svg::Size b = fig.state->drawing()->board_size(d);
    l.board.width = std::max(l.board.width, b.width);
    l.board.height = std::max(l.board.height, b.height);
  }
  l.cols = std::min(cols, n);
  l.rows = (n + l.cols - 1) / l.cols;
  l.gap = gap_of(n, d);
  l.column = l.board.width;
  std::size_t caption_lines = 0;
  for (const auto& caption : captions) {
    l.captions.push_back(svg::wrap(caption, f.caption, l.column));
    caption_lines = std::max(caption_lines, l.captions.back().size());
  }
  l.content = static_cast<double>(l.cols) * l.column + static_cast<double>(l.cols - 1) * l.gap;
  l.title = svg::wrap(page.title, f.title, l.content);
  l.page_caption = svg::wrap(page.caption, f.page_caption, l.content);
  l.legend = legend_layout(legend, d, f.legend, l.content);
  l.caption_h = block(caption_lines, f.caption.size, 1.8);
  l.title_h = block(l.title.size(), f.title.size, 2);
  l.page_caption_h = block(l.page_caption.size(), f.caption.size, 2.5);
  l.width = page_width(l.cols, l.column, l.gap, page.margin);
  l.height = std::ceil(2 * page.margin + l.title_h + static_cast<double>(l.rows) * (l.board.height + l.caption_h) +
                       static_cast<double>(l.rows - 1) * l.gap + l.legend.height + l.page_caption_h);
  l.left = (l.width - l.content) / 2;
  return l;
}

// Lines of text centred on x, the first baseline at y.
void text_lines(svg::Canvas& c, const std::vector<std::string>& lines, double x, double y, const svg::Font& font) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    c.text({x, y + kLeading * font.size * static_cast<double>(i)}, lines[i], font);
}

void draw_legend(svg::Canvas& c, const Legend& legend, const LegendLayout& l, double centre, double top,
                 const DrawOptions& d, const svg::Font& font) {
  const double gap = 0.2 * d.cell, x0 = centre - l.width / 2;
  double y = top + 0.5 * d.cell;
  for (std::size_t r = 0; r < l.rows.size(); ++r) {
    const double mid = y + l.row_height[r] / 2;
    for (const auto& item : l.rows[r]) {
      legend.entries[item.entry].symbol(c, {x0 + item.x + d.cell / 2, mid});
      const double first = mid - kLeading * font.size * static_cast<double>(item.lines.size() - 1) / 2;
      for (std::size_t k = 0; k < item.lines.size(); ++k)
        c.centred_text({x0 + item.x + d.cell + gap, first + kLeading * font.size * static_cast<double>(k)},
                       item.lines[k], font);
    }
    y += l.row_height[r];
  }
}

}  // namespace

std::size_t default_columns(std::size_t figures, double board_width, double smallest_text, const DrawOptions& d,
                            const PageOptions& page) {
  if (figures <= 1) return 1;
  std::size_t fit = 1;
  const double gap = gap_of(figures, d);
  for (std::size_t c = 2; c <= figures; ++c) {
    if (smallest_text * kTextBlockPt / page_width(c, board_width, gap, page.margin) < kLegiblePt) break;
    fit = c;
  }
  const std::size_t rows = (figures + fit - 1) / fit;
  return (figures + rows - 1) / rows;
}

std::string to_move_line(const State& state) {
  RenderOptions with, without;
  without.show_to_move = false;
  std::string a = state.drawing()->render(with);
  const std::string b = state.drawing()->render(without);
  if (a.size() <= b.size() || a.compare(0, b.size(), b) != 0) return {};
  a.erase(0, b.size());
  while (!a.empty() && (a.back() == '\n' || a.back() == ' ')) a.pop_back();
  while (!a.empty() && (a.front() == '\n' || a.front() == ' ')) a.erase(0, 1);
  const auto nl = a.rfind('\n');
  return nl == std::string::npos ? a : a.substr(nl + 1);
}

namespace {
// "the NAME must be from LOW to HIGH px, not VALUE", or empty when `value`
// is in range (NaN is not).
std::string out_of_range(std::string_view name, double value, double low, double high) {
  if (value >= low && value <= high) return {};
  std::ostringstream s;
  s << "the " << name << " must be from " << low << " to " << high << " px, not " << value;
  return s.str();
}
}  // namespace

std::string draw_options_problem(const DrawOptions& draw) {
  std::string why = out_of_range("cell size", draw.cell, kMinCell, kMaxCell);
  if (why.empty()) why = out_of_range("font size", draw.font_size, 0, kMaxFontSize);
  return why;
}

bool svg_page(const std::vector<Figure>& figures, const DrawOptions& d, const PageOptions& page, std::string& out,
              std::string& why) {
  if (std::string problem = draw_options_problem(d); !problem.empty()) {
    why = std::move(problem);
    return false;
  }
  if (figures.empty()) {
    why = "no board to draw";
    return false;
  }
  for (const auto& f : figures)
    if (!f.state || !f.state->drawing()) {
      why = "SVG diagrams of " + std::string(f.state ? f.state->game().title() : "this game") +
            " are not available yet";
      return false;
    }
  const Fonts fonts(d);
  std::vector<std::string> captions;
  for (const auto& f : figures) {
    std::string caption = f.caption;
    if (page.to_move) {
      const std::string line = to_move_line(*f.state);
      if (!line.empty()) caption += (caption.empty() ? "" : "\n") + line;
    }
    captions.push_back(std::move(caption));
  }
  // A first drawing of each board, for what the layout needs to know: the
  // smallest letter (the default columns) and the marks that need words.
  Legend legend, moves;  // the game's marks, then those of the last move
  std::size_t cols = page.columns > 0 ? static_cast<std::size_t>(page.columns) : 1;
  if ((page.columns <= 0 && figures.size() > 1) || page.legend) {
    DrawOptions probe = d;
    if (page.legend) probe.legend = &legend;
    double smallest = fonts.caption.size, widest = 0;
    for (const auto& f : figures) {
      svg::Canvas scratch;
      if (!draw_figure(scratch, f, probe, why)) return false;
      if (page.legend && !d.empty_board) add_move_legend(moves, f, d);
      if (scratch.smallest_text() > 0) smallest = std::min(smallest, scratch.smallest_text());
      widest = std::max(widest, f.state->drawing()->board_size(d).width);
    }
    if (page.columns <= 0) cols = default_columns(figures.size(), widest, smallest, d, page);
    for (auto& e : moves.entries) legend.add(std::move(e.text), std::move(e.symbol));
  }
  const Layout l = layout(figures, captions, cols, legend, d, page, fonts);
  svg::Canvas c(page.backend, 0.75 * (page.width > 0 ? std::round(page.width) / l.width : 1));
  text_lines(c, l.title, l.width / 2, page.margin + 0.975 * fonts.title.size, fonts.title);
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const Figure& f = figures[i];
    const svg::Point at = l.cell(i, page.margin);
    c.begin_group(std::round(at.x + (l.column - f.state->drawing()->board_size(d).width) / 2), std::round(at.y));
    if (!draw_figure(c, f, d, why)) return false;
    c.end_group();
    text_lines(c, l.captions[i], at.x + l.column / 2, at.y + l.board.height + 1.44 * fonts.caption.size, fonts.caption);
  }
  const double boards_end = page.margin + l.title_h +
                            static_cast<double>(l.rows) * (l.board.height + l.caption_h) +
                            static_cast<double>(l.rows - 1) * l.gap;
  draw_legend(c, legend, l.legend, l.width / 2, boards_end, d, fonts.legend);
  const double page_caption_y = l.height - page.margin - l.page_caption_h + 2.1 * fonts.caption.size;
  text_lines(c, l.page_caption, l.width / 2, page_caption_y, fonts.page_caption);
  std::string doc_title = page.title.empty() ? std::string(figures.front().state->game().title()) : page.title;
  out = c.document({l.width, l.height}, doc_title, page.width);
  return true;
}

std::string legend_svg(const State& state, const DrawOptions& draw, double width, std::string_view title) {
  const BoardDrawing* drawing = state.drawing();
  if (!drawing) return {};
  Legend legend;
  DrawOptions probe = draw;
  probe.legend = &legend;
  svg::Canvas scratch;
  drawing->draw_board(scratch, probe);
  drawing->draw_pieces(scratch, probe);
  if (legend.entries.empty()) return {};
  const Fonts fonts(draw);
  const LegendLayout l = legend_layout(legend, draw, fonts.legend, std::max(width, draw.cell));
  svg::Canvas c;
  draw_legend(c, legend, l, l.width / 2, -0.25 * draw.cell, draw, fonts.legend);
  return c.document({l.width, l.height}, title);
}

std::string figure_caption(std::uint32_t turn, std::string_view move, std::string_view description,
                           std::string_view result) {
  std::string s = turn == 0 ? std::string("Initial position") : "After turn " + std::to_string(turn) + ": " + std::string(move);
  if (!result.empty()) s += " (" + std::string(result) + ")";
  if (!description.empty()) s += "\n" + std::string(description);
  return s;
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
