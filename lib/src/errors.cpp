// The one table of diagnostic codes (see beyt/errors.hpp, docs/ERRORS.md).
#include "beyt/errors.hpp"

#include <array>
#include <cstdio>

namespace beyt {
namespace {

struct CodeInfo {
  Code code;
  std::string_view name;
  std::string_view summary;
};

// Ascending by number. docs/ERRORS.md prints this table; errors_test checks it.
constexpr std::array kCodes{
    CodeInfo{Code::bad_utf8, "bad-utf8", "The input is not valid UTF-8."},
    CodeInfo{Code::unterminated_comment, "unterminated-comment", "A '{' comment is never closed."},
    CodeInfo{Code::unterminated_string, "unterminated-string", "A tag value has no closing '\"' on its line."},
    CodeInfo{Code::bad_tag, "bad-tag", "A tag pair is not '[' Name \"value\" ']'."},
    CodeInfo{Code::duplicate_tag, "duplicate-tag", "The same tag name appears twice in one game."},
    CodeInfo{Code::bad_nag, "bad-nag", "'$' is not followed by a number from 0 to 255."},
    CodeInfo{Code::unbalanced_variation, "unbalanced-variation", "A ')' without its '(' or a '(' never closed."},
    CodeInfo{Code::unexpected_token, "unexpected-token", "A character or token that has no place here."},
    CodeInfo{Code::missing_result, "missing-result", "The movetext ends without a result token (strict), or a tag section follows a game with no result (strict; leniently W109)."},
    CodeInfo{Code::bad_character, "bad-character", "A tag value, comment or move holds a character no record may hold (a control character, or a noncharacter such as U+FDD0), in any format: NOTATION.md section 11 (where JSON or XML itself has no place for it, E150 or E160)."},
    CodeInfo{Code::misnumbered_turn, "misnumbered-turn", "A turn number disagrees with the count of the turns before it (17 where the turn is the 16th), and the move after it does not replay: a turn is probably left out or written twice."},
    CodeInfo{Code::strict_turn_number, "strict-turn-number", "Strict: a move without its turn number, or with a wrong one."},
    CodeInfo{Code::strict_roster, "strict-roster", "Strict: a roster tag is missing or out of the canonical order."},
    CodeInfo{Code::strict_move_form, "strict-move-form", "Strict: a move is not written in its canonical form."},
    CodeInfo{Code::strict_layout, "strict-layout", "Strict: a CR, tab or other non-canonical layout (a byte-order mark is W101)."},
    CodeInfo{Code::strict_spelling, "strict-spelling", "Strict: a Game or Rules value not in its canonical spelling (the game's name, presets, option names and listed values in lower case: [Game \"seega\"], not [Game \"Seega\"])."},
    CodeInfo{Code::json_syntax, "json-syntax", "The JSON text does not parse."},
    CodeInfo{Code::json_structure, "json-structure", "Valid JSON, but not a beyt record as schemas/record.schema.json says."},
    CodeInfo{Code::xml_syntax, "xml-syntax", "The XML is not well-formed (XML 1.0): an undeclared entity, a bare '&', ']]>' in text, an attribute twice, a character XML forbids, a mismatched tag, ... (NOTATION.md section 10)."},
    CodeInfo{Code::xml_structure, "xml-structure", "Well-formed XML, but not a beyt record as schemas/record.xsd says (or a DOCTYPE, or an encoding other than UTF-8)."},
    CodeInfo{Code::missing_game, "missing-game", "No Game tag and no --game option: the game cannot be replayed."},
    CodeInfo{Code::unknown_game, "unknown-game", "The Game tag names no game that beyt knows."},
    CodeInfo{Code::bad_rules, "bad-rules", "The Rules tag names an unknown preset or option, or a value the option does not allow."},
    CodeInfo{Code::bad_setup, "bad-setup", "The SetUp tag is not a position of this game under these rules."},
    CodeInfo{Code::bad_tag_value, "bad-tag-value", "A tag that beyt reads has a malformed value."},
    CodeInfo{Code::move_syntax, "move-syntax", "The move text is not in the game's move syntax."},
    CodeInfo{Code::game_over, "game-over", "A move after the game has ended."},
    CodeInfo{Code::wrong_phase, "wrong-phase", "A move of the wrong phase (e.g. a step during placement)."},
    CodeInfo{Code::occupied, "occupied", "The destination is not empty."},
    CodeInfo{Code::not_own_piece, "not-own-piece", "No piece of the player to move stands on the origin."},
    CodeInfo{Code::bad_step, "bad-step", "Not one orthogonal step, or off the board."},
    CodeInfo{Code::capture_mismatch, "capture-mismatch", "The captures written differ from the captures the move makes."},
    CodeInfo{Code::chain_illegal, "chain-illegal", "A chain step that captures nothing, or follows a step that captured nothing."},
    CodeInfo{Code::chain_required, "chain-required", "The chain stops while the piece can still capture (chain=mandatory)."},
    CodeInfo{Code::blocked_wrong, "blocked-wrong", "A blocked turn while a move exists, or a move by a blocked player."},
    CodeInfo{Code::removal_illegal, "removal-illegal", "Lane's removal: not allowed here, or the wrong piece."},
    CodeInfo{Code::must_open_way, "must-open-way", "An extra turn whose first step does not open a way, though one could."},
    CodeInfo{Code::opening_cells, "opening-cells", "The first pair is not on the prescribed opening cells (lane-opening)."},
    CodeInfo{Code::centre_placement, "centre-placement", "A piece placed on the centre."},
    CodeInfo{Code::endless_sowing, "endless-sowing", "The relay sowing never ends: a position repeats within the move, so the move is illegal."},
    CodeInfo{Code::wrong_start_beyt, "wrong-start-beyt", "Mankalah ghasheem: the sowing does not start from F (f) or the nearest non-empty beyt to it."},
    CodeInfo{Code::not_own_beyt, "not-own-beyt", "A sowing from an empty beyt or house, or from one that is not the mover's."},
    CodeInfo{Code::bad_distribution, "bad-distribution", "Mankalah tebweez: not twelve counts of 72 hasa in all, or (akil) a beyt filled without its pair."},
    CodeInfo{Code::feed_wrong, "feed-wrong", "Mankalah empty side: a feed that is missing, not due, or from or into the wrong beyt."},
    CodeInfo{Code::board_score, "board-score", "A board or stage end whose score differs from the replayed one."},
    CodeInfo{Code::turn_illegal, "turn-illegal", "Mankalah: the board turned other than by the other party right after the distribution."},
    CodeInfo{Code::daughter_house, "daughter-house", "Um el-Banat: a sowing from a daughter's house."},
    CodeInfo{Code::pass_wrong, "pass-wrong", "Um el-Banat: a pass while the player has a house to sow from."},
    CodeInfo{Code::peck_sequence, "peck-sequence", "Um el-Banat: a further sowing after a sowing that did not peck, or none after a peck when one is possible."},
    CodeInfo{Code::throw_faces, "throw-faces", "A throw's faces (W/B) do not give the value written with them."},
    CodeInfo{Code::throw_sequence, "throw-sequence", "A turn's throws break the throw-again rule (1, 4, 6 throw again; 2, 3 end the throwing) or the opening rule."},
    CodeInfo{Code::throw_not_available, "throw-not-available", "A use names a throw value that the turn did not throw, or one already used (a throw used twice)."},
    CodeInfo{Code::needs_tab, "needs-tab", "A Nasrani (a kelb in its original cell) moved without a táb, or by more than the one step of the táb."},
    CodeInfo{Code::release_order, "release-order", "A Nasrani freed out of order: the foremost must be freed first (release=front-first: always the foremost)."},
    CodeInfo{Code::wrong_distance, "wrong-distance", "The destination is not where the throw's value takes the piece along its track."},
    CodeInfo{Code::enemy_row_entry, "enemy-row-entry", "Entering the adversary's home row while it holds none of his kelbs, or a second time."},
    CodeInfo{Code::enemy_row_locked, "enemy-row-locked", "A kelb in the adversary's home row moved while its owner still has kelbs in his own home row (Lane's lock)."},
    CodeInfo{Code::safe_cell, "safe-cell", "A landing on an enemy kelb that is safe in its owner's adversary row."},
    CodeInfo{Code::split_illegal, "split-illegal", "A kelb split off an 'eggeh by a throw other than táb, or from a single kelb."},
    CodeInfo{Code::pass_enemy, "pass-enemy", "A move passes over an enemy piece where the rules forbid it (Tâb pass-enemy=no; Dleb)."},
    CodeInfo{Code::handicapped_throw, "handicapped-throw", "A handicapped Dleb player moved with a throw other than a dleb (only his dleb count)."},
    CodeInfo{Code::must_free, "must-free", "A dleb not used to free the front slave while the team still has slaves (Dleb: liberation is compulsory)."},
    CodeInfo{Code::stored_dleb, "stored-dleb", "Storing a throw that is not a dleb or while slaves remain, or playing a stored dleb the team does not have."},
    CodeInfo{Code::illegal_move, "illegal-move", "Any other illegal move; the message gives the rule."},
    CodeInfo{Code::result_mismatch, "result-mismatch", "The Result tag differs from the outcome of the replayed game."},
    CodeInfo{Code::result_token_mismatch, "result-token-mismatch", "The result token after the moves differs from the Result tag."},
    CodeInfo{Code::bad_termination, "bad-termination", "The Termination tag is unknown or not allowed by the rules."},
    CodeInfo{Code::barrier_count, "barrier-count", "A barrier ending whose result does not follow the piece counts."},
    CodeInfo{Code::io_error, "io-error", "An input cannot be opened or read (a directory, no permission, a read error); the message gives the system's reason."},
    CodeInfo{Code::usage, "usage", "The command line is not valid."},
    CodeInfo{Code::write_error, "write-error", "An output cannot be written (no space, no permission, no such folder, a file size limit, a write-protected file or folder without --force, standard output closed or full); the message gives the system's reason, and the file that was there is left as it was."},
    CodeInfo{Code::same_file, "same-file", "The output is one of the inputs (the same file, through any path or link): nothing is read or written."},
    CodeInfo{Code::out_of_memory, "out-of-memory", "Memory ran out (the message says while doing what): the subcommand stops with exit status 1 and writes no output file."},
    CodeInfo{Code::stale_parts, "stale-parts", "split: the output pattern's next names after the last part written exist (parts of an earlier split), so the set of parts would mix two runs: refused unless --force; nothing is written."},
    CodeInfo{Code::nothing_to_undo, "nothing-to-undo", "State::undo with nothing kept to take back: a State keeps no history until State::keep_history(true), nothing played since, or all of it taken back; the position is unchanged."},
    CodeInfo{Code::byte_order_mark, "byte-order-mark", "A text record starts with a UTF-8 byte-order mark (the canonical form has none), or one stands where a game starts, in text, JSON, XML or JSON Lines (two files joined): it is passed over."},
    CodeInfo{Code::no_games, "no-games", "The input holds no game: an empty text file or one of only blanks and % escape lines; a JSON or XML record with an empty list of games."},
    CodeInfo{Code::xml_markup_dropped, "xml-markup-dropped", "An XML comment or processing instruction (such as <?xml-stylesheet?>): the record model has no place for it, so format and convert drop it."},
    CodeInfo{Code::no_result_before_tags, "no-result-before-tags", "A game's moves end without a result token and the next game's tag section follows: read as * (unknown). Under --strict it is E109."},
    CodeInfo{Code::tag_name_case, "tag-name-case", "A tag whose name differs only in case from one beyt reads ([game \"seega\"] for Game): tag names are case-sensitive, so it is not read; the message names the tag meant."},
    CodeInfo{Code::finished_unknown_result, "finished-unknown-result", "The replayed game is over, but the record gives its result as * (unknown): write the result."},
};

constexpr std::array<Code, kCodes.size()> make_code_list() {
  std::array<Code, kCodes.size()> out{};
  for (std::size_t i = 0; i < kCodes.size(); ++i) out[i] = kCodes[i].code;
  return out;
}
constexpr auto kCodeList = make_code_list();

const CodeInfo* find(Code code) noexcept {
  for (const auto& info : kCodes)
    if (info.code == code) return &info;
  return nullptr;
}

}  // namespace

std::string code_id(Code code) {
  char buf[8];
  const auto n = static_cast<unsigned>(code);
  if (code_severity(code) == Severity::warning)
    std::snprintf(buf, sizeof buf, "W%03u", n - kWarningBase);
  else
    std::snprintf(buf, sizeof buf, "E%03u", n);
  return buf;
}

std::string_view code_name(Code code) {
  if (code == Code::ok) return "ok";
  const CodeInfo* info = find(code);
  return info ? info->name : "unknown";
}

std::string_view code_summary(Code code) {
  if (code == Code::ok) return "No error.";
  const CodeInfo* info = find(code);
  return info ? info->summary : "Unknown code.";
}

const Code* all_codes_begin() { return kCodeList.data(); }
const Code* all_codes_end() { return kCodeList.data() + kCodeList.size(); }

}  // namespace beyt
