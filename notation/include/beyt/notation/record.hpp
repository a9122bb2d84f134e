// beyt/notation/record.hpp - the game record model shared by the text, JSON
// and XML formats.
//
// A record is syntax, not meaning: move texts are kept as written (in the
// game's move syntax) with their place in the input; a rules engine resolves
// them (beyt/game.hpp). Everything a format can carry is here, so that the
// three formats convert into each other without loss:
//   tags (in order), comments (several, before and after a move), NAGs,
//   recursive variations, the result token, the game's own comments.
// Turn numbers are not stored: they follow from the position of a move in
// its line (notation/NOTATION.md, "Turn numbers").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/stop.hpp"

namespace beyt::notation {

/// A place in an input. Text: 1-based line and column (column counts Unicode
/// code points), byte offset. JSON: the JSON Pointer of the value (RFC
/// 6901). XML: the element path (/beyt/game[1]/...). line == 0 means
/// "unknown".
///
/// The pointer is full_pointer(). Inside a game of a JSON or XML record
/// file the readers keep in `pointer` only its part after the game (or
/// after the game's moves), and say which part that is in `base` and
/// `game`: a move's "/12/move" or "/move[13]" fits a std::string's own
/// buffer, so that a place costs no allocation per move. The move text of
/// a main-line move of JSON is kept as numbers alone (`game`, `index`;
/// `pointer` empty): the pointer is written only when it is shown.
struct SourceLoc {
  /// What stands before `pointer` (N is `game`, 1-based; I is `index`, 0-based).
  enum class Base : std::uint8_t {
    none,        ///< nothing: `pointer` is the whole pointer (text, JSON Lines, errors)
    json_game,   ///< "/games/N-1"
    json_moves,  ///< "/games/N-1/moves"
    xml_game,    ///< "/beyt/game[N]"
    xml_moves,   ///< "/beyt/game[N]/moves"
    json_move,   ///< "/games/N-1/moves/I/move" (`pointer` is empty)
    jsonl_move,  ///< "/moves/I/move", in a line of JSON Lines (`pointer` is empty)
    xml_move,    ///< "/beyt/game[N]/moves/move[I+1]" (`pointer` is empty; I is `index`,
                 ///< as for JSON: a main-line move of XML is kept as numbers alone too)
  };

  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::uint64_t offset = 0;
  std::string pointer;          ///< the pointer's part after `base`
  std::uint32_t game = 0;       ///< with `base`: the game's 1-based index in its file
  std::uint32_t index = 0;      ///< with Base::json_move, jsonl_move: the move's 0-based index in the main line
  Base base = Base::none;

  /// The whole JSON Pointer or element path, e.g. "/games/0/moves/12/move"
  /// or "/beyt/game[1]/moves/move[13]"; empty where there is none (text).
  std::string full_pointer() const;

  /// Locations never take part in record equality: a record read from JSON
  /// equals the same record read from text.
  bool operator==(const SourceLoc&) const noexcept { return true; }
};

struct TagPair {
  std::string name;    ///< [A-Za-z0-9_]+
  std::string value;   ///< unescaped UTF-8
  SourceLoc loc;       ///< of the '[' (text) / the value (JSON, XML)
  SourceLoc value_loc; ///< of the first character of the value

  bool operator==(const TagPair&) const = default;
};

/// Deepest nesting of variations any reader accepts (a variation inside a
/// variation inside ... 100 levels; NOTATION.md section 2): enough for any
/// annotated game; it keeps the recursive writers and the validator off the
/// end of the stack, and an XML record (two elements a level) within
/// xmllint's default depth of 256.
inline constexpr unsigned kMaxVariationDepth = 100;

struct Node;
/// A sequence of turns: the main line, or one variation.
using Line = std::vector<Node>;

/// One turn (ply) with its annotations.
struct Node {
  std::string move;                   ///< move text as written, e.g. "b3-c3xc4"
  SourceLoc loc;                      ///< of the move text's first character
  std::vector<std::string> before;    ///< comments before the move ("N. {c} move")
  std::vector<std::uint8_t> nags;     ///< $1..$255 in order ("!" is $1, ...)
  std::vector<std::string> after;     ///< comments after the move
  std::vector<Line> variations;       ///< alternatives to this move, in order

  bool operator==(const Node&) const = default;
};

/// A main-line turn number of a text record that disagrees with the count of
/// the turns before it: `written` 17 where the turn is the `expected` 16th (a
/// turn left out), or 15 where it is the 16th (a turn written twice). The
/// lenient reader accepts wrong numbers (NOTATION.md section 2, "Turn
/// numbers"); it keeps the first such number here, and the validator
/// reports it (E111) when the move after it does not replay.
struct TurnNumberSlip {
  std::uint32_t written = 0;   ///< the number written; 0: every number agrees (or none is written)
  std::uint32_t expected = 0;  ///< the turn's place in the main line, counting from 1
  SourceLoc loc;               ///< of the number's first digit

  /// A place, not content: never takes part in record equality.
  bool operator==(const TurnNumberSlip&) const noexcept { return true; }
};

struct GameRecord {
  std::vector<TagPair> tags;          ///< in input order, names unique
  std::vector<std::string> comments;  ///< the game's comments, before its first turn
  Line moves;                         ///< the main line
  std::string result = "*";           ///< "1-0", "0-1", "1/2-1/2" or "*"
  SourceLoc loc;                      ///< of the game's first token
  SourceLoc result_loc;               ///< of the result token (line 0: none was written)
  /// Text without a result token: where the movetext ends, just after its
  /// last token (E402 points there); line 0 otherwise.
  SourceLoc moves_end;
  /// Text: the first main-line turn number that disagrees with its turn.
  TurnNumberSlip numbering;

  bool operator==(const GameRecord&) const = default;

  /// Value of tag `name`, or null.
  const TagPair* find_tag(std::string_view name) const noexcept;
  /// Sets tag `name` (replacing its value, or appending a new tag).
  void set_tag(std::string_view name, std::string value);
};

/// The seven-tag roster, in canonical order (NOTATION.md, "Tag pairs"):
/// Event, Site, Date, Round, South, North, Result; then Game, Rules, SetUp,
/// Source when present; then every other tag in input order.
inline constexpr std::string_view kRoster[] = {"Event", "Site", "Date", "Round",
                                               "South", "North", "Result"};
/// The tags that follow the roster in the canonical form, when present.
inline constexpr std::string_view kAfterRoster[] = {"Game", "Rules", "SetUp", "Source"};
/// Value the canonical writer gives a missing roster tag.
std::string_view roster_default(std::string_view name) noexcept;

struct Diagnostic;
struct GameErrors;

/// Errors kept per game by default (ReadOptions::max_errors,
/// ReplayOptions::max_errors, `validate --max-errors`): more than a
/// hand-written record holds (its independent slips are a handful), few
/// enough that an input that is no record at all (a wrong file) gives a
/// screenful per game, not thousands of lines.
inline constexpr std::uint32_t kDefaultMaxErrors = 20;

/// How the readers read (read_text, read_xml, read_json, read_jsonl).
struct ReadOptions {
  bool strict = false;  ///< reject what the canonical form lacks; every W code becomes an error
  /// The text reader reads on past a syntax error inside a game (at the
  /// next tag pair, token or turn number) and keeps up to this many errors
  /// of one game; at the limit it gives the game up and skips to the next
  /// one (kDefaultMaxErrors). 0: no limit.
  std::uint32_t max_errors = kDefaultMaxErrors;
  /// Ends the reading early once requested (beyt/stop.hpp), looked at
  /// before each game: read_games, TextReader::next and GameReader::next
  /// then end as at the end of the input (what was read stands, the rest is
  /// not read). Null (the default): read to the end.
  const Stop* stop = nullptr;
};

/// Receives games one at a time from a streaming reader (text, JSON or XML).
/// Memory does not grow with the file: each record is passed and dropped.
class GameVisitor {
 public:
  virtual ~GameVisitor() = default;
  /// Called with each complete game; return false to stop reading.
  virtual bool game(GameRecord&& record, std::uint32_t index) = 0;
  /// Called with an error that spoils one game only (Diagnostic::game is its
  /// 1-based index), when the reader can go on with the next game: text
  /// after any syntax error (at the next tag section), JSON after a
  /// structure error inside a game (E110, E151: the JSON is still well
  /// formed), JSON Lines after any error in a line (at the next line), XML
  /// after any error inside a <game> (at the next <game>).
  /// Return true to go on, false to stop: the reader then returns `error`.
  /// The default stops at the first error. Errors the reader cannot go on
  /// from (a JSON syntax error, an XML error outside the games, a read
  /// failure) never come here: the reader returns them.
  virtual bool error(const Diagnostic& error) {
    (void)error;
    return false;
  }
  /// Called with a game in which the reader found errors and read on (text:
  /// the syntax errors it recovered from, each at its place, up to
  /// ReadOptions::max_errors): `record` is the game as the reader recovered
  /// it, `errors` says what went wrong and how far the record can be
  /// trusted (GameErrors). Return true to go on with the next game, false
  /// to stop (the reader then returns the first error). The default passes
  /// the first error to error(), as for a game the reader could not read:
  /// a visitor that does not replay sees one error per broken game.
  virtual bool broken(GameRecord&& record, std::uint32_t index, const GameErrors& errors);
  /// Called with each warning the reader meets (a W code with
  /// Severity::warning, e.g. W101 for a byte-order mark), before the game or
  /// error that follows it in the input. The default ignores it.
  virtual void warning(const Diagnostic& warning) { (void)warning; }
};

}  // namespace beyt::notation
