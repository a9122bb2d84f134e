// beyt/notation/diagnostic.hpp - an error with its place, as the validator
// and every reader report it.
//
// Text form (one per error, gcc-style, then the offending line and a caret):
//
//   games.beyt:14:9: error[E304]: game 1, turn 15, North: c4 is occupied
//      14 | 13. b4-c4 14. d2-d3 15. c3-c4
//         |                         ^
//
// For JSON and XML records the place also names the JSON Pointer or element
// path: `games.json:12:20: /games/0/moves/14/move: error[E304]: ...`.
// A warning (a W code, docs/ERRORS.md) reads `warning[W401]` instead.
// JSON lines form (`--diagnostics json`): one object per diagnostic with the
// keys file, line, column, pointer, severity ("error" or "warning"), code,
// name, game, turn, player, message. A diagnostic of the whole input (W102)
// has line and column 0.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "beyt/errors.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

struct Diagnostic {
  Code code = Code::ok;
  std::string reason;      ///< what is wrong, in words
  std::string file;        ///< as given on the command line; "-" for stdin
  SourceLoc loc;           ///< line/column (1-based), pointer for JSON/XML
  std::uint32_t game = 0;  ///< 1-based game index in the file; 0 = not in a game
  std::uint32_t turn = 0;  ///< 1-based turn number; 0 = not at a move
  std::string player;      ///< "South", "North" (or the actor); empty if none
  /// error, or warning for a W code reported leniently (docs/ERRORS.md).
  Severity severity = Severity::error;

  explicit operator bool() const noexcept { return code != Code::ok; }
};

/// `s` safe to print on a terminal: every character a terminal could act on
/// written out as JSON writes it (CR as \r, ESC as \u001b: every C0 control
/// but TAB, DEL and the C1 controls U+0080-U+009F), each byte that is not
/// valid UTF-8 as U+FFFD; everything else as it is (so TAB, which only moves
/// the cursor to the next tab stop, stays). The one escaping of every piece
/// of a diagnostic's text form.
std::string printable(std::string_view s);

/// "file:line:column: [pointer: ]error[CODE]: game N, turn T, PLAYER: reason"
/// ("warning[CODE]" for a warning; "file: " alone when loc.line is 0)
/// followed, when `source_line` is not empty, by the line and a caret under
/// loc.column. `first_column` is the column of source_line's first character:
/// 1 for a whole line, more for a piece cut from a long line (shown after
/// "..."). Ends in '\n'. Every piece (file, pointer, player, reason, the
/// line) is printable(): a record cannot clear the screen or hide its own
/// error; the caret stays under the character the column counts.
std::string format_text(const Diagnostic& d, std::string_view source_line = {}, std::uint32_t first_column = 1);
/// One JSON object on one line (no trailing newline). Keys as listed above.
std::string format_json(const Diagnostic& d);

}  // namespace beyt::notation
