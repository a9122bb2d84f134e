// beyt/notation/viewer.hpp - the game viewer: one self-contained HTML page
// that plays the games of a file through in a browser (docs/DIAGRAMS.md,
// "The viewer"; `beyt render FILE --format html -o game.html`).
//
// The page holds, for each game: its tags as a header, the move list with
// comments, NAGs and variations (every move a link), and for every position
// of the game (main line and variations) the bare SVG board that
// position_svg() draws, which is what `beyt render --format svg --bare --ply
// PATH` writes for it, with the position's caption as text under it.
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
  FigureOptions figures;          ///< captions (the page's text under the board), highlight, arrows, marks
  PageOptions page;               ///< each board's SVG (margin, width, legend); to_move: a caption line
  bool title_from_tags = true;    ///< the header's title is record_title() (else page.title when not empty)
  bool caption_from_tags = true;  ///< the header's players are record_caption() (else page.caption when not empty)
  std::string file;               ///< the input's name, for diagnostics
};

/// The boards the viewer page of `record` holds at most: the initial
/// position and one for every turn of every line (a turn after an illegal
/// move has none). A page weighs a few KB a board.
std::uint64_t viewer_positions(const GameRecord& record);

/// Writes the viewer page game by game. Each board goes to the page as it is
/// drawn: memory grows with the record (its move list), not with the page.
class ViewerWriter {
 public:
  ViewerWriter(std::ostream& out, ViewerOptions options);
  /// Adds game `index` (1-based, the game's number in the file: the page's
  /// fragment names it), with `problem` above its moves: the validator's
  /// first error (notation::replay with variations), a bad Game, Rules or
  /// SetUp tag (the game is then listed without boards), an illegal move in
  /// any line (that line stops before it) or a wrong result.
  /// Each position's board is its bare SVG (no title, captions or page
  /// caption: the header shows the title and the players, the position's
  /// caption is the text under the board). Warnings about diagram commands
  /// in comments go to `warnings`. False with `why` when a board cannot be
  /// drawn at all (an arrow or mark of the options names a cell that is not
  /// on the board): nothing of this game is written then.
  bool add(const GameRecord& record, std::uint32_t index, const Diagnostic& problem,
           std::vector<std::string>& warnings, std::string& why);
  /// Writes the script and the end of the page (a page without games says so).
  void finish();

 private:
  std::string begin(const GameRecord& first);  // the page's head
  std::ostream& out_;
  ViewerOptions options_;
  bool begun_ = false;
  std::uint32_t games_ = 0;
  std::uint32_t first_index_ = 1;  // the game whose fragment leaves out game=K
};

}  // namespace beyt::notation
