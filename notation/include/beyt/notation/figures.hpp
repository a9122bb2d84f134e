// beyt/notation/figures.hpp - the positions of a record as diagrams: the
// address of a position (main line or variation), replaying to it, and the
// one function that draws it. `beyt render --format svg --ply P`, the figure
// sheets, the text diagrams' captions and the HTML viewer (viewer.hpp) all
// draw through here, so that they cannot disagree (docs/DIAGRAMS.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/replay.hpp"

namespace beyt::notation {

/// The address of a position in a record, as `render --ply` and the viewer's
/// URL fragment write it (docs/DIAGRAMS.md, "Positions"):
///   "12"        the main line after turn 12 ("0": the initial position);
///   "12.1.14"   after turn 14 of the first variation of turn 12 (the
///               variation replaces turn 12, so its turns count on from 12);
///   "12.1.14.2.15"  nested: turn 15 of the second variation of that turn 14.
struct NodePath {
  std::vector<std::uint32_t> steps;  ///< turn, then (variation, turn) pairs: odd length

  bool main_line() const noexcept { return steps.size() == 1; }
  /// "12", "12.1.14".
  std::string text() const;
  /// Inverse of text(): numbers of 1 to 9 digits separated by '.', an odd
  /// count of them, variations counted from 1. False if malformed.
  static bool parse(std::string_view text, NodePath& out);
  bool operator==(const NodePath&) const = default;
};

/// Finds the position `path` names. `node` is the turn's node (null at turn
/// 0). False with `why` when the record has no such position: "game has
/// only 82 turns", "turn 12 has no variation 2", "variation 1 of turn 12
/// has turns 12 to 15".
bool locate(const GameRecord& record, const NodePath& path, const Node*& node, std::string& why);

/// The position a place in the record's text is at (an editor's cursor):
/// the last move, of the main line or a variation in the order of the text
/// (a move, then the variations that replace it), that starts at or before
/// line:column (Node::loc: 1-based, columns in code points). Returns that
/// move and its path in `path`; null and path "0" (the start) when none
/// does. Moves without a place (line 0: made by an edit, not read) are
/// passed over. Walks the moves before the place once.
const Node* move_before(const GameRecord& record, std::uint32_t line, std::uint32_t column, NodePath& path);

/// A position of a record, replayed.
struct NodePosition {
  NodePath path;
  std::unique_ptr<State> state;    ///< after the node's move (the initial position at turn 0)
  std::unique_ptr<State> before;   ///< before the node's move; null at turn 0
  const Node* node = nullptr;      ///< the node's move and comments; null at turn 0
  std::uint32_t turn = 0;          ///< the turn number (0: the start)
  bool end_of_game = false;        ///< the last turn of the main line: the result goes in the caption
};

/// Replays `record` (game `index` of `file`, for diagnostics) to `path`,
/// which must exist (locate). Returns the first error on the way: the Game,
/// Rules or SetUp tags (out.state null), or an illegal move (out.state is
/// the position before it). A wrong result is not checked here.
/// `checkpoints`: positions kept from earlier replays of this game (a board
/// shown again after an edit): the main line is replayed from the last one
/// it may start at (ReplayCheckpoints, beyt/notation/replay.hpp).
Diagnostic replay_to(const GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& path,
                     NodePosition& out, ReplayCheckpoints* checkpoints = nullptr);

/// replay_to() for several paths at once (`out[i]` for `paths[i]`): the
/// main line is played once for all its positions, however many. Returns the
/// first error, as replay_to.
Diagnostic replay_to_all(const GameRecord& record, const std::string& file, std::uint32_t index,
                         const std::vector<NodePath>& paths, std::vector<NodePosition>& out);

/// The caption of a position: figure_caption() with the move as written,
/// what the move did (State::describe_played_turn on the position before it) and,
/// after the last turn of the main line of a finished game, its result.
std::string node_caption(const GameRecord& record, const NodePosition& pos);

/// What every board of a record shows besides the position.
struct FigureOptions {
  bool captions = true;              ///< node_caption under the board
  bool highlight = true;             ///< the last move (BoardDrawing::move_cells on the position before)
  std::vector<Arrow> arrows;         ///< on every board (--arrow)
  std::vector<std::string> marks;    ///< on every board (--mark)
};

/// The figure of a position: its caption, last move, the diagram commands of
/// its comments (NOTATION.md, "Diagram commands in comments"; the game's own
/// comments at turn 0) and the arrows and marks of `options`. A malformed
/// command or a cell off the board is left out, with a warning appended to
/// `warnings` ("turn 3: [%mark q7] is not on the board (ignored)").
/// The figure points into `pos`, which must outlive it.
Figure node_figure(const GameRecord& record, const NodePosition& pos, const DrawOptions& draw,
                   const FigureOptions& options, std::vector<std::string>& warnings);

/// "Event, round R" from the tags; the game's title when there is no Event.
std::string record_title(const GameRecord& record, const Game& game);
/// "South – North, Date" from the tags (`1835.??.??` is written 1835); empty if none.
std::string record_caption(const GameRecord& record);

/// The SVG page of one position: node_figure() on svg_page(). This is the
/// page `beyt render --format svg --ply PATH` writes and the board the HTML
/// viewer shows for that position. False with `why` when an arrow or mark
/// names a cell that is not on the board.
bool position_svg(const GameRecord& record, const NodePosition& pos, const DrawOptions& draw,
                  const FigureOptions& options, const PageOptions& page, std::string& out, std::string& why,
                  std::vector<std::string>& warnings);

/// The SVG page of several positions of one record, a figure sheet: node_figure()
/// of each (in the order given) on one svg_page(); for one position, the page
/// position_svg() writes. This is what `beyt render --format svg --plies
/// A,B,C` (or `--ply`, `--every`) writes, and with page.backend tikz `--format
/// tikz`; the studio's plates and figure sheets are the same call. False with
/// `why` when an arrow or mark names a cell that is not on the board.
bool positions_svg(const GameRecord& record, const std::vector<NodePosition>& positions, const DrawOptions& draw,
                   const FigureOptions& options, const PageOptions& page, std::string& out, std::string& why,
                   std::vector<std::string>& warnings);

}  // namespace beyt::notation
