// beyt/notation/edit.hpp - records made and edited in code, as an editor
// enters them (the studio page, docs/STUDIO.md; the Python package's Game,
// docs/python/README.md): a new record from its game, rules and set-up; a
// move played at any position of a record goes on along its line, follows a
// move or a variation already there, or starts a new variation; turns given
// event by event are written as the engine writes the turn; the
// alternatives at a point reordered (promote, demote) or removed. Every edit
// replays the record through its rules engine, so that what it writes
// validates; an edit that fails leaves the record as it was.
//
// Positions are NodePaths (beyt/notation/figures.hpp): "0" the start, "12"
// the main line's turn 12, "12.1.14" turn 14 of the first variation of
// turn 12. A move's alternatives are the variations of the move they
// replace (NOTATION.md, "Variations"): at a point of a line the line's own
// move comes first, then the first move of each of its variations, in order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/expected.hpp"

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// Plays `move` (in the game's move syntax, NOTATION.md) at the position
/// `at` of game `index` (1-based; `file` and `index` only place a
/// diagnostic) and writes it into `record` in the engine's canonical text
/// (State::check):
///  * at the end of a line, the move is added to it;
///  * where the line goes on with the same move, or where one of the next
///    move's variations starts with it, nothing is added: `reached` is that
///    move. The same move: the same canonical text or, where the turn does
///    not start with a throw, the same position reached (Seega's two
///    placements written in either order);
///  * else the move starts a new variation of the next move (its last).
/// `reached` is the position after the move. When it ends the main line and
/// the game is over there, the result (the token and the Result tag) becomes
/// the engine's outcome.
/// Errors (the record is unchanged): the replay's diagnostic on the way to
/// `at` (a bad tag, an illegal move before it), a path the record does not
/// hold (Code::move_syntax, with the reason locate() gives), a move that
/// would open a variation nested deeper than kMaxVariationDepth (no reader
/// accepts it: Code::move_syntax), or the move's own error at `at` (its code
/// and the engine's reason; loc is the record's).
Diagnostic enter_move(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                      std::string_view move, NodePath& reached);

/// A new record of `game` (a name of the table in any case: "Seega" is
/// "seega") under `rules` (a Rules tag value, NOTATION.md section 3; empty:
/// the game's default preset) from `setup` (a position text in the game's
/// SetUp syntax; empty: the start): the seven-tag roster with its
/// defaults (Event "?", ..., Result "*"; kRoster), then the tags Game (the
/// table's spelling), Rules (spell_rules) and SetUp, each only when given;
/// no moves, result "*".
/// Errors, as `beyt validate` reports them (no file, game 1, no place):
/// E202 for an unknown game (naming the games), E203 for rules the game
/// does not have, E204 for a set-up that is no position of it.
Expected<GameRecord, Diagnostic> new_record(std::string_view game, std::string_view rules = {},
                                            std::string_view setup = {});

/// enter_move() for moves in a row from `at`, each either a whole turn (as
/// enter_move takes it) or one event of a turn (State::apply: a throw, one
/// use of a throw, a tebweez count, a sowing; as `beyt events` lists them).
/// The events of a turn are gathered and the turn goes into the record as
/// the engine writes it (State::apply's turn text), never as the caller
/// spelled its pieces; each turn then goes on along its line, follows the
/// same move already there, or starts a variation, as in enter_move. The
/// record is replayed once, to `at`. `reached` is the position after the
/// last turn (`at` when `moves` is empty). When the last turn ends the main
/// line and the game is over there, the result becomes the engine's.
/// Errors (the record unchanged): those of enter_move, for the first move
/// that fails (`turn` the turn it belongs to, `player` whose it is);
/// Code::wrong_phase when the moves end in the middle of a turn (the reason
/// gives the turn so far, e.g. "1,4,2:1I-K").
/// A turn that would open a variation nested deeper than kMaxVariationDepth
/// (no reader accepts it) is Code::move_syntax, "variations nested deeper
/// than 100 levels". `fault`, when given, receives which of `moves` failed
/// and the engine's byte offset in it (Error::offset).
struct MoveFault {
  std::size_t move = 0;      ///< index in `moves` of the move that failed
  std::uint32_t offset = 0;  ///< byte offset in it of the fault (0: the whole move)
};
Diagnostic enter_moves(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                       const std::vector<std::string>& moves, NodePath& reached, MoveFault* fault = nullptr);

/// Why `value` cannot be the value of the tag pair `name` in a record that
/// every format writes and reads back as it is; empty when it can. The
/// faults: a name not made of A-Z, a-z, 0-9 and _ (NOTATION.md section 3);
/// a value holding a character no record may hold (a control character, a
/// noncharacter, invalid UTF-8: NOTATION.md section 11, E110), which the
/// writers would write as U+FFFD; for Result, a token other than 1-0, 0-1,
/// 1/2-1/2 and *. The check of an editor's tag before it goes in (the
/// Python package's Game.tags).
std::string tag_fault(std::string_view name, std::string_view value);

/// Why `comment` cannot be a comment of a record that every format writes
/// and reads back as it is; empty when it can: a character no comment may
/// hold (controls but TAB, LF and CR; noncharacters; invalid UTF-8:
/// NOTATION.md section 11), or both '}' and a line end, which the text
/// notation cannot write (NOTATION.md section 10; the JSON and XML readers
/// refuse it, E151 and E161).
std::string comment_fault(std::string_view comment);

/// The move `path` names (not "0"), to edit its comments and NAGs in place;
/// null with `why` (locate()'s words) when the record has no such move.
/// The pointer is valid until the record's lines change.
Node* node_at(GameRecord& record, const NodePath& path, std::string& why);

/// How reorder_alternatives() moves an alternative among those at its point.
enum class Reorder : std::uint8_t {
  promote,          ///< one place up (the first variation changes place with the line's own move)
  demote,           ///< one place down
  promote_to_main,  ///< to the front: the line goes on with it, the others become its variations
};

/// Moves the alternative whose first move `path` names (a move of a line,
/// or the first move of a variation) among the alternatives at its point,
/// as python-chess's GameNode.promote, demote and promote_to_main do;
/// `moved` receives its new path. The line that comes first goes on as
/// the line; the others become the variations of its first move, in order
/// (a variation's first move keeps its own variations after them). When the
/// main line changes, so does the result: the engine's outcome when the new
/// main line ends the game, "*" when the old one ended it and the new one
/// does not; a result recorded otherwise (a resignation) stays.
/// Errors (the record unchanged): Code::move_syntax for a path the record
/// does not hold (locate()'s words), or an alternative that cannot go that
/// way ("turn 12 is the first alternative already", "... the last").
Diagnostic reorder_alternatives(GameRecord& record, const std::string& file, std::uint32_t index,
                                const NodePath& path, Reorder how, NodePath& moved);

/// Removes the move `path` names and every move after it in its line, with
/// their variations (python-chess's remove_variation): the alternative it
/// starts. When it was the first of several alternatives at its point, the
/// next one goes on as the line. The first move of a variation removes the
/// variation; its own variations take its place. The result as for
/// reorder_alternatives(). Errors (the record unchanged): Code::move_syntax
/// for a path the record does not hold, or "0".
Diagnostic remove_moves(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& path);

}  // namespace beyt::notation
