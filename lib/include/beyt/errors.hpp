// beyt/errors.hpp - stable diagnostic codes shared by every reader, engine and
// the validator.
//
// Every error that beyt reports carries one of these codes. The codes are
// stable: once published, a code keeps its number and meaning. The one table
// of codes lives in lib/src/errors.cpp (an exhaustive switch) and is printed
// in docs/ERRORS.md; a test checks that the two agree.
//
// Ranges:
//   E1xx  text notation syntax (notation/NOTATION.md); E110 a character no
//         record may hold, in any of the three formats
//   E15x  JSON record structure, E16x XML record structure
//   E2xx  tags: game, rules, set-up position
//   E3xx  moves: the move text does not parse, or the move is illegal
//   E4xx  result: the Result tag disagrees with the replayed game
//   E5xx  input/output
//   Wxxx  warnings: odd but not illegal (W1xx the text, W2xx the tags, W4xx
//         the result).
//         `beyt validate` reports them and still exits 0; with --strict
//         they are errors under the same code (W109 is E109 there, the
//         error it softens). A W code is 1000 + its
//         number in the enum (W401 is 1401).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace beyt {

enum class Code : std::uint16_t {
  ok = 0,

  // --- E1xx: text notation syntax -------------------------------------
  bad_utf8 = 101,              ///< the input is not valid UTF-8
  unterminated_comment = 102,  ///< '{' without a closing '}'
  unterminated_string = 103,   ///< tag value without its closing '"'
  bad_tag = 104,               ///< malformed tag pair: '[' Name "value" ']'
  duplicate_tag = 105,         ///< the same tag name twice in one game
  bad_nag = 106,               ///< '$' not followed by 0..255
  unbalanced_variation = 107,  ///< ')' without '(' or '(' never closed
  unexpected_token = 108,      ///< a character or token with no place here
  missing_result = 109,        ///< game text ends without a result token
  bad_character = 110,         ///< a character no record may hold (any format; NOTATION.md §11)
  misnumbered_turn = 111,      ///< a turn number off its turn, and the move after it fails (a turn left out?)
  // strict mode (--strict): what the canonical form has and the input lacks
  strict_turn_number = 120,    ///< turn number missing or wrong
  strict_roster = 121,         ///< a roster tag is missing or out of order
  strict_move_form = 122,      ///< move text not in canonical form
  strict_layout = 123,         ///< BOM, CR, tab or other non-canonical layout
  strict_spelling = 124,       ///< a Game or Rules value not in its canonical (lower-case) spelling

  // --- E15x/E16x: JSON and XML records --------------------------------
  json_syntax = 150,           ///< the JSON text does not parse
  json_structure = 151,        ///< valid JSON, but not a beyt record
  xml_syntax = 160,            ///< the XML text does not parse
  xml_structure = 161,         ///< valid XML, but not a beyt record

  // --- E2xx: tags -------------------------------------------------------
  missing_game = 201,          ///< no Game tag (and no --game given)
  unknown_game = 202,          ///< Game tag names no game in the table
  bad_rules = 203,             ///< Rules tag: unknown preset/option or bad value
  bad_setup = 204,             ///< SetUp tag: not a position of this game
  bad_tag_value = 205,         ///< a known tag with a malformed value

  // --- E3xx: moves ------------------------------------------------------
  move_syntax = 301,           ///< move text not in the game's move syntax
  game_over = 302,             ///< a move after the game has ended
  wrong_phase = 303,           ///< e.g. a step during placement
  occupied = 304,              ///< destination not empty
  not_own_piece = 305,         ///< no piece of the mover on the origin
  bad_step = 306,              ///< not one orthogonal step / off the board
  capture_mismatch = 307,      ///< listed captures differ from the real ones
  chain_illegal = 308,         ///< chain step that does not capture, or wrong piece
  chain_required = 309,        ///< mandatory chain stopped early
  blocked_wrong = 310,         ///< "blocked" claimed while a move exists, or missed
  removal_illegal = 311,       ///< Lane's removal: wrong piece or not allowed
  must_open_way = 312,         ///< extra turn that does not open a way when it could
  opening_cells = 313,         ///< Lane's prescribed opening cells not used
  centre_placement = 314,      ///< placement on the centre
  // mancala games (Mankalah, Um el-Banât): E320-E339
  endless_sowing = 320,        ///< the relay sowing never ends (a position repeats within the move)
  wrong_start_beyt = 321,      ///< ghasheem: not F (f) or the nearest non-empty beyt to it
  not_own_beyt = 322,          ///< sowing from an empty beyt/house or one not the mover's
  bad_distribution = 323,      ///< tebweez: not 72 hasa, not 12 counts, or akil pairs broken
  feed_wrong = 324,            ///< empty-side feed missing, not due, or from/into the wrong beyt
  board_score = 325,           ///< board or stage end with a score other than the replayed one
  turn_illegal = 326,          ///< turning the board when it may not be turned
  daughter_house = 327,        ///< Um el-Banât: sowing from a daughter's house
  pass_wrong = 328,            ///< Um el-Banât: a pass while a house can be sown
  peck_sequence = 329,         ///< Um el-Banât: sowing again without a peck, or stopping after one
  // stick games (Tâb, Dleb): throws and their uses
  throw_faces = 340,       ///< the faces (W/B) do not give the throw's value
  throw_sequence = 341,    ///< throws break the throw-again or opening rule
  throw_not_available = 342, ///< a use of a throw not thrown, or used twice
  needs_tab = 343,         ///< a Nasrani moved without its táb
  release_order = 344,     ///< a Nasrani freed out of order (front-first)
  wrong_distance = 345,    ///< the destination is not the throw's value along the track
  enemy_row_entry = 346,   ///< entering the enemy home row when not allowed
  enemy_row_locked = 347,  ///< moving a kelb in the enemy row under Lane's lock
  safe_cell = 348,         ///< landing on an enemy kelb safe in its adversary row
  split_illegal = 349,     ///< an 'eggeh split without táb, or not from an 'eggeh
  pass_enemy = 350,        ///< passing over an enemy where the rules forbid it
  handicapped_throw = 351, ///< a handicapped player used a throw other than dleb
  must_free = 352,         ///< a dleb not used for liberation while slaves remain
  stored_dleb = 353,       ///< a stored dleb that cannot be stored or played
  illegal_move = 399,          ///< any other illegal move (reason in the text)

  // --- E4xx: result -------------------------------------------------------
  result_mismatch = 401,       ///< Result tag differs from the replayed outcome
  result_token_mismatch = 402, ///< result token after the moves differs from the tag
  bad_termination = 403,       ///< Termination tag unknown, or not allowed by the rules
  barrier_count = 404,         ///< barrier ending: the result does not follow the counts

  // --- E5xx: input/output -----------------------------------------------
  io_error = 501,              ///< an input cannot be opened or read
  usage = 502,                 ///< a command-line usage error
  write_error = 503,           ///< an output cannot be written (the old file is kept)
  same_file = 504,             ///< the output is one of the inputs
  out_of_memory = 505,         ///< memory ran out (nothing is written)
  stale_parts = 506,           ///< split: parts of an earlier split beyond the last part written
  nothing_to_undo = 507,       ///< State::undo with nothing kept to take back

  // --- Wxxx: warnings (1000 + the number) --------------------------------
  byte_order_mark = 1101,      ///< W101: a UTF-8 byte-order mark starts a text record, or stands between games
  no_games = 1102,             ///< W102: the input holds no game at all (an empty file)
  xml_markup_dropped = 1103,   ///< W103: an XML comment or processing instruction, which no record can hold
  no_result_before_tags = 1109,  ///< W109: a game's moves end without a result, and the next game's tags follow (E109 under strict)
  tag_name_case = 1201,        ///< W201: a tag named as one beyt reads but for its case ([game "seega"]): not read
  finished_unknown_result = 1401,  ///< W401: the replayed game is over, but its result is * (unknown)
};

/// How grave a diagnostic is. E codes are errors; W codes are warnings
/// unless --strict (ReplayOptions::strict, ReadOptions::strict) makes them
/// errors.
enum class Severity : std::uint8_t { error, warning };

/// W codes are numbered from here: Code value = kWarningBase + number.
inline constexpr std::uint16_t kWarningBase = 1000;

/// Severity::warning for the W codes, Severity::error for every other.
constexpr Severity code_severity(Code code) noexcept {
  return static_cast<std::uint16_t>(code) > kWarningBase ? Severity::warning : Severity::error;
}

/// "E304" for Code::occupied, "W401" for Code::finished_unknown_result.
/// Every Code has one; never empty.
std::string code_id(Code code);
/// Short stable name, e.g. "occupied". Never empty.
std::string_view code_name(Code code);
/// One-sentence summary for the documentation table.
std::string_view code_summary(Code code);
/// Every code except Code::ok, in ascending order (for docs and tests).
const Code* all_codes_begin();
const Code* all_codes_end();

/// An error as a value: a code, a human-readable reason and, where the error
/// is inside a text (a move token, a tag value), the byte offset from the
/// start of that text so that a caret can be placed under it.
struct Error {
  Code code = Code::ok;
  std::string reason;
  std::uint32_t offset = 0;  ///< byte offset inside the text being resolved

  explicit operator bool() const noexcept { return code != Code::ok; }
  static Error none() { return {}; }
};

}  // namespace beyt
