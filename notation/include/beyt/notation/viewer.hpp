// beyt/notation/viewer.hpp - the game viewer: one self-contained HTML page
// that plays the games of a file through in a browser (docs/DIAGRAMS.md,
// "The viewer"; `beyt render FILE --format html -o game.html`).
//
// The page holds, for each game: its tags as a header, the move list with
// comments, NAGs and variations (every move a link), and for every position
// of the game (main line and variations) the SVG page that position_svg()
// draws, which is what `beyt render --format svg --ply PATH` writes for it.
// A small script only shows one of them at a time: buttons and the keys
// Home, Left, Right and End step through the line, the position is in the
// URL fragment (`#ply=12`, `#ply=12.1.14`, `#game=2&ply=5` when the page
// holds several games, which a chooser lists). Nothing is loaded from
// anywhere: no external script, style, font or image, no http: or https:
// in the page, so that it works from file:// and offline.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "beyt/notation/figures.hpp"

namespace beyt::notation {

struct ViewerOptions {
  DrawOptions draw;               ///< the boards (size, font, flip, monochrome, ...)
  FigureOptions figures;          ///< captions, highlight, arrows and marks on every board
  PageOptions page;               ///< each board's SVG page (margin, width, title, caption)
  bool title_from_tags = true;    ///< page.title is record_title() of each game
  bool caption_from_tags = true;  ///< page.caption is record_caption() of each game
  std::string file;               ///< the input's name, for diagnostics
};

/// Writes the viewer page game by game: the games of a file of any length
/// stream through it (each game's positions are drawn when it is added).
class ViewerWriter {
 public:
  ViewerWriter(std::ostream& out, ViewerOptions options);
  /// Adds game `index` (1-based, the game's number in the file: the page's
  /// fragment names it). `problem` is set to the validator's first error
  /// (notation::replay with variations): a bad Game, Rules or SetUp tag (the
  /// game is listed without boards), an illegal move in any line (that line
  /// stops before it) or a wrong result; the page shows it above the moves.
  /// Warnings about diagram commands in comments go to `warnings`. False
  /// with `why` when a board cannot be drawn at all (an arrow or mark of the
  /// options names a cell that is not on the board).
  bool add(const GameRecord& record, std::uint32_t index, Diagnostic& problem, std::vector<std::string>& warnings,
           std::string& why);
  /// Writes the script and the end of the page (a page without games says so).
  void finish();

 private:
  void begin(const GameRecord& first);
  std::ostream& out_;
  ViewerOptions options_;
  bool begun_ = false;
  std::uint32_t games_ = 0;
  std::uint32_t first_index_ = 1;  // the game whose fragment leaves out game=K
};

}  // namespace beyt::notation
