// beyt/notation/json.hpp - JSON records (schemas/record.schema.json).
//
//   { "format": "beyt", "version": 1, "games": [ GAME, ... ] }
//   GAME  = { "tags": {NAME: VALUE, ...}, "comments": [..]?, "moves": [NODE..],
//             "result": "1-0" | "0-1" | "1/2-1/2" | "*" }
//   NODE  = { "move": TEXT, "before": [..]?, "nags": [1..255]?, "after": [..]?,
//             "variations": [[NODE..], ...]? }
// Tag order is kept. The reader streams (SAX): one game in memory at a time.
// JSON Lines (read_jsonl, to_json_line): one GAME per line.
// Every value's place is kept: line/column and its JSON Pointer.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// Reads every game of a JSON record file, passing each to `visitor`.
/// Errors: Code::json_syntax (line/column of the fault; also for what is not
/// JSON at all, such as 0x1, 01 or a number out of range, in beyt's words),
/// Code::bad_utf8, Code::json_structure (line/column and pointer of the
/// value that is not as the schema says), Code::bad_character (a character
/// no record may hold, NOTATION.md section 11), Code::io_error (the stream
/// failed). After a structure or character error inside a game the reader
/// asks visitor.error() whether to go on with the next game (the JSON is
/// still well formed); after a syntax error it cannot, and returns it.
/// Records joined one after another (`cat a.json b.json`) are read in turn,
/// their games numbered on; a byte-order mark before one is W101 (to
/// visitor.warning(); an error under options.strict, to visitor.error()).
Diagnostic read_json(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options = {});

/// JSON Lines (`.jsonl`): one game object per line, each as a game of the
/// record file (GAME above), e.g.
///   {"tags":{"Game":"seega"},"moves":[{"move":"c1,c5"}],"result":"*"}
/// Reads every game, passing each to `visitor`; blank lines are skipped. An
/// error in a line (Code::json_syntax, Code::bad_utf8, Code::json_structure,
/// Code::bad_character; the line, column and the pointer inside that line's
/// game, game = its index) goes to
/// visitor.error(): reading goes on with the next line when it returns true,
/// else stops and returns the error. Streams: one line's game in memory.
/// A byte-order mark at the start of a line after the first (files joined)
/// is W101, as in read_json.
Diagnostic read_jsonl(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options = {});

/// One line of JSON Lines: the game as the record file writes it, without
/// blanks (nlohmann's dump() layout), ending in '\n'.
std::string to_json_line(const GameRecord& record);

/// What the text notation cannot hold (NOTATION.md section 10). Each returns
/// why `text` cannot stand in its place, or an empty view when it can. The
/// JSON and XML readers reject such records (E151, E161), after the
/// character policy (beyt/chars.hpp, E110) has had its say.
std::string_view move_text_problem(std::string_view text) noexcept;
std::string_view tag_name_problem(std::string_view name) noexcept;
std::string_view tag_value_problem(std::string_view value) noexcept;
std::string_view comment_problem(std::string_view comment) noexcept;

/// Streaming writer: begin on construction, one game per call, finish().
/// Output: canonical JSON, 2-space indent, LF, UTF-8, final newline.
/// Invalid UTF-8 and characters the policy excludes are written as U+FFFD.
class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out);
  ~JsonWriter();
  void game(const GameRecord& record);
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
