// beyt/diagram.hpp - publication diagrams: one board or a figure sheet of
// several boards of one game on one SVG page (docs/DIAGRAMS.md).
//
// The games draw their boards and pieces (State::drawing(): BoardDrawing's
// draw_board, draw_pieces); this layer lays the boards out with a title,
// captions and page margins and draws, the same way for every game, what a
// user adds on top: the last move (from / to outlines, crosses on captured
// cells), marked cells (rings) and arrows. Cells are named in the game's own
// notation and found through BoardDrawing::cell_centre, so the layer knows
// no board shape.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/svg.hpp"

namespace beyt {

struct Arrow {
  std::string from;
  std::string to;
  bool operator==(const Arrow&) const = default;
};

/// One board on a page.
struct Figure {
  const State* state = nullptr;   ///< must have a drawing() (every game of beyt has)
  std::string caption;            ///< under the board, wrapped to its width ('\n' breaks); empty: none
  MoveCells last_move;            ///< highlighted; empty: nothing
  std::vector<Arrow> arrows;
  std::vector<std::string> marks;
};

/// The page is exactly as wide as its boards (and the gaps between them) plus
/// the margins: the title, the captions and the page caption wrap to that
/// width (svg::wrap), so that `width` scales the boards, not a long caption.
struct PageOptions {
  std::string title;      ///< above the boards; empty: none
  std::string caption;    ///< below everything; empty: none
  int columns = 0;        ///< boards per row; 0: default_columns()
  double margin = 20;     ///< page margin, px
  double width = 0;       ///< > 0: the page is scaled to this width in px (a column, a text block)
  bool to_move = false;   ///< a last caption line under each board: who moves next ("North to move")
  bool legend = false;    ///< a legend under the boards of the marks that need words
  svg::Backend backend = svg::Backend::svg;  ///< an SVG document, or the same page as a TikZ picture
};

/// The width of a text block of 160 mm in pt, and the smallest size of a
/// letter or numeral on a plate scaled to it (docs/DIAGRAMS.md, "Layout").
constexpr double kTextBlockPt = 160 / 25.4 * 72;
constexpr double kLegiblePt = 7;

/// Boards per row when PageOptions::columns is 0: as many as fit a 160 mm
/// text block with every letter and numeral of the page at kLegiblePt or
/// more (one when even one board does not: a Dleb field of 20 cross-lines
/// takes the whole block), the rows then filled evenly (four boards of three
/// that fit: two rows of two). `board_width`: the widest board, px;
/// `smallest_text`: the smallest letter or numeral on the page, px.
std::size_t default_columns(std::size_t figures, double board_width, double smallest_text, const DrawOptions& draw,
                            const PageOptions& page);

/// Writes the page of `figures` (at least one; each state with a
/// drawing()) to `out`: an
/// SVG document, or a TikZ picture with page.backend tikz (the same drawing
/// through the same calls). False with `why` set when a figure's state cannot
/// draw or an arrow or mark names a cell that is not on its board.
bool svg_page(const std::vector<Figure>& figures, const DrawOptions& draw, const PageOptions& page,
              std::string& out, std::string& why);

/// The legend alone, as `render --legend` writes it under a plate, for the
/// position `state` shows (a drawing() needed): the marks of its board and
/// pieces that need words (Tâb's Nasrani and Muslim kelbs, an 'eggeh;
/// Dleb's slaves, free men and doubles; a mancala daughter; Seega's centre),
/// each its symbol and words, in rows at most `width` px wide (a cell at
/// least), as one SVG document titled `title`. Empty when the position has
/// no such mark or `state` no drawing. `draw`'s sizes as svg_page takes them.
std::string legend_svg(const State& state, const DrawOptions& draw, double width, std::string_view title);

/// The line a text diagram ends with for `state`: who moves next ("North to
/// move", "North, player 1 to move (entered)") or that the game is over;
/// what PageOptions::to_move writes under a board.
std::string to_move_line(const State& state);

/// The caption of a board (the same in SVG and text diagrams):
/// "Initial position" at turn 0, else "After turn N: MOVE" with the move as
/// written (a stick game's throws are in it); then " (RESULT)" when `result`
/// is given (the last turn of a finished game); then, on a line of its own,
/// `description` (State::describe_played_turn: "North passes") when not empty.
std::string figure_caption(std::uint32_t turn, std::string_view move, std::string_view description = {},
                           std::string_view result = {});

/// Reads the diagram commands of a comment (NOTATION.md, "Diagram commands
/// in comments"): `[%arrow c2-c3,d4-d5]` and `[%mark c3,e5]`, any number,
/// anywhere in the comment; other text is ignored. Appends to `arrows` and
/// `marks`. False with `why` for a malformed command (an arrow without '-',
/// an empty cell name, a missing ']'); cells are checked by svg_page.
bool parse_diagram_commands(std::string_view comment, std::vector<Arrow>& arrows, std::vector<std::string>& marks,
                            std::string& why);
/// One arrow "c2-c3" (as --arrow and [%arrow] write it).
bool parse_arrow(std::string_view text, Arrow& out);

}  // namespace beyt
