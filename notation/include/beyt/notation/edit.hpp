// beyt/notation/edit.hpp - a record written move by move, as an editor
// enters it (the studio page, docs/STUDIO.md): a move played at any
// position of a record goes on along its line, follows a move or a
// variation already there, or starts a new variation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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
/// hold (Code::move_syntax, with the reason locate() gives), or the move's
/// own error at `at` (its code and the engine's reason; loc is the record's).
Diagnostic enter_move(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                      std::string_view move, NodePath& reached);

}  // namespace beyt::notation
