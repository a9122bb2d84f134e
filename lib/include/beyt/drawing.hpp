// beyt/drawing.hpp - how a game shows a position: text diagrams and SVG
// boards (docs/DIAGRAMS.md).
//
// Drawing is not part of the rules: a State (beyt/game.hpp) keeps the rules,
// and a game that can show its positions gives a BoardDrawing of the State
// through State::drawing() (null for a game that has none). All five games
// of beyt draw. beyt/diagram.hpp lays the boards out on a page and draws,
// the same way for every game, what a user adds on top (the last move,
// marks, arrows) through cell_centre and capture_mark.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/svg.hpp"

namespace beyt {

/// Text diagram styles (BoardDrawing::render).
enum class DiagramStyle : std::uint8_t { unicode, ascii };

struct RenderOptions {
  DiagramStyle style = DiagramStyle::unicode;
  bool coordinates = true;     ///< letters/numbers on the margins
  bool show_to_move = true;    ///< a line naming the side to move
  bool empty_board = false;    ///< draw the labelled board without pieces
};

/// The marks of a plate that need words (`render --legend`, docs/DIAGRAMS.md):
/// each a symbol, drawn by whoever draws the mark on the board, and its words.
struct Legend {
  struct Entry {
    std::string text;                                        ///< "Nasrani: a kelb never moved"
    std::function<void(svg::Canvas&, svg::Point)> symbol;    ///< draws the mark centred on a point, one cell wide at most
  };
  std::vector<Entry> entries;
  /// Adds an entry unless one with the same text is there.
  void add(std::string text, std::function<void(svg::Canvas&, svg::Point)> symbol) {
    for (const auto& e : entries)
      if (e.text == text) return;
    entries.push_back({std::move(text), std::move(symbol)});
  }
};

/// How a game draws its board in SVG (docs/DIAGRAMS.md). Every length is in
/// px (CSS pixels: rsvg-convert writes one PNG pixel per px).
/// The sizes a drawing takes, px: a cell from kMinCell to kMaxCell; the
/// letters up to kMaxFontSize (0: 0.4 x cell). Every front end takes these
/// ranges (`beyt render --size`, `--font-size`; the Python package's
/// `cell`), and draw_options_problem says what lies outside them.
inline constexpr double kMinCell = 8;
inline constexpr double kMaxCell = 400;
inline constexpr double kMaxFontSize = 200;

struct DrawOptions {
  double cell = 40;             ///< side of a cell, beyt or point spacing
  std::string font = "serif";   ///< a generic or well-known family: the file stays self-contained
  double font_size = 0;         ///< letters on the margins; 0: 0.4 * cell
  bool monochrome = false;      ///< black and white only (print); else a few tints
  bool flipped = false;         ///< seen from North: North's side at the bottom
  bool coordinates = true;      ///< letters/numbers (or Lane's letters) on the margins
  bool empty_board = false;     ///< the labelled board without pieces
  /// When set, draw_board and draw_pieces add to it each mark they drew that
  /// needs words (a Nasrani, a slave, a daughter's ring, a marked centre).
  Legend* legend = nullptr;

  double font_px() const noexcept { return font_size > 0 ? font_size : 0.4 * cell; }
  /// These options without the legend: what a legend's symbol draws with.
  DrawOptions without_legend() const {
    DrawOptions o = *this;
    o.legend = nullptr;
    return o;
  }
};

/// Why `draw` cannot be drawn, or empty when it can: a `cell` outside
/// kMinCell..kMaxCell px or a `font_size` outside 0..kMaxFontSize px (NaN
/// and infinities too), e.g. "the cell size must be from 8 to 400 px, not
/// -40". svg_page refuses such options with this reason.
std::string draw_options_problem(const DrawOptions& draw);

/// The cells a move touches, named as BoardDrawing::cell_centre takes them:
/// where pieces left, where they arrived (each step of a chain), what was
/// captured.
struct MoveCells {
  std::vector<std::string> from;
  std::vector<std::string> to;
  std::vector<std::string> captured;
  bool empty() const noexcept { return from.empty() && to.empty() && captured.empty(); }
};

/// The drawing of one State's position: a view of that State, valid while
/// the State lives, always of its current position (after play_turn() or apply(), the new
/// one). Not owned through this interface (State::drawing() hands it out).
///
/// The SVG board occupies (0,0)-(board_size) in its own coordinates, its
/// coordinate margins included; everything scales with DrawOptions::cell and
/// honours `flipped`, `coordinates` and `monochrome` (docs/DIAGRAMS.md, "How
/// a game draws itself"). Cell names are the game's notation: "c3" (Seega),
/// Lane's "K" or "b2" (Tâb), "B7" (Dleb), "a".."f", "A".."F" (the mancala
/// games).
class BoardDrawing {
 public:
  /// The position as a text diagram (Unicode box drawing or ASCII), ending
  /// in '\n'; the last line names the side to move unless
  /// `options.show_to_move` is false.
  virtual std::string render(const RenderOptions& options) const = 0;

  /// Width and height of the SVG board, margins with letters included, px.
  virtual svg::Size board_size(const DrawOptions& options) const = 0;
  /// The board: background, lines or cells, patterns, margin letters.
  virtual void draw_board(svg::Canvas& canvas, const DrawOptions& options) const = 0;
  /// The pieces (counts, stacks, ...) of this position; nothing when
  /// options.empty_board. Drawn after the last-move underlay.
  virtual void draw_pieces(svg::Canvas& canvas, const DrawOptions& options) const = 0;
  /// The centre of the cell named `cell` (px, in the board's frame, flipped
  /// view included). False, `out` unchanged, if there is no such cell.
  virtual bool cell_centre(std::string_view cell, const DrawOptions& options, svg::Point& out) const = 0;
  /// The cells `move_text` touches when played from this position (the
  /// position before the move). Empty if the text is not a move here.
  virtual MoveCells move_cells(std::string_view move_text) const = 0;
  /// Every cell of the board, named as cell_centre takes them and as the
  /// moves listed at a turn's start name them (Seega `a1`..`e5`; Tâb Lane's
  /// letters where the width has them, else `a1`..; Dleb `A1`..`D20`; the
  /// mancala games `A`..`F`, `a`..`f`), appended to `out` in the game's
  /// order: what a page clicks on. Nothing (the default) where a game does
  /// not list them.
  virtual void cell_names(std::vector<std::string>& /*out*/) const {}
  /// Where the cross marking a capture on `cell` goes (its centre, px, in the
  /// board's frame) and its half-width (px). The default is the cell's centre
  /// and a fifth of a cell: the taken pieces have left the cell. Where the
  /// taker stands on the cell it took (Tâb, Dleb) the game puts a smaller
  /// cross in a corner, clear of the piece. False if there is no such cell.
  virtual bool capture_mark(std::string_view cell, const DrawOptions& options, svg::Point& centre,
                            double& half) const;

 protected:
  BoardDrawing() = default;
  BoardDrawing(const BoardDrawing&) = default;
  BoardDrawing& operator=(const BoardDrawing&) = default;
  ~BoardDrawing() = default;
};

}  // namespace beyt
