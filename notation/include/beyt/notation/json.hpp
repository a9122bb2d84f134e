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
/// Errors: Code::json_syntax (line/column of the fault), Code::json_structure
/// (line/column and pointer of the value that is not as the schema says).
Diagnostic read_json(std::istream& in, const std::string& file, GameVisitor& visitor);

/// JSON Lines (`.jsonl`): one game object per line, each as a game of the
/// record file (GAME above), e.g.
///   {"tags":{"Game":"seega"},"moves":[{"move":"c1,c5"}],"result":"*"}
/// Reads every game, passing each to `visitor`; blank lines are skipped. An
/// error (Code::json_syntax, Code::json_structure; the line, column and the
/// pointer inside that line's game, game = its index) goes to
/// visitor.error(): reading goes on with the next line when it returns true,
/// else stops and returns the error. Streams: one line's game in memory.
Diagnostic read_jsonl(std::istream& in, const std::string& file, GameVisitor& visitor);

/// One line of JSON Lines: the game as the record file writes it, without
/// blanks (nlohmann's dump() layout), ending in '\n'.
std::string to_json_line(const GameRecord& record);

/// Streaming writer: begin on construction, one game per call, finish().
/// Output: canonical JSON, 2-space indent, LF, UTF-8, final newline.
/// What the text notation cannot hold (NOTATION.md section 10). Each returns
/// why `text` cannot stand in its place, or an empty view when it can. The
/// JSON and XML readers reject such records (E151, E161).
std::string_view move_text_problem(std::string_view text) noexcept;
std::string_view tag_name_problem(std::string_view name) noexcept;
std::string_view tag_value_problem(std::string_view value) noexcept;
std::string_view comment_problem(std::string_view comment) noexcept;

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
