// beyt/notation/replay.hpp - the validator: replays a record through its
// game's rules engine and reports the first error with its place.
//
// What is checked, in document order (NOTATION.md; docs/ERRORS.md):
//   1. the Game tag (E201 missing, E202 unknown), Rules (E203), SetUp (E204),
//      the values of Result and Date (E205: the date grammar of
//      beyt/notation/select.hpp); a tag whose name differs only in case
//      from one beyt reads ([game "seega"]) is warning W201, and E201 names
//      it; with `strict`, a Game or Rules value not in its canonical
//      (lower-case) spelling (E124);
//   2. every move of the main line, and every variation from the position
//      before the move it replaces; the first illegal move stops the game
//      (E3xx with the column of the offending part of the move);
//      with `strict`, a move not written in canonical form (E122);
//   3. the result: the token after the moves against the Result tag (E402);
//      the Termination tag (E403); the replayed outcome against the result
//      (E401), or for a barrier ending the piece counts (E404). A game that
//      is over but recorded with `*` ("result unknown") is warning W401, an
//      error under `strict`.
//
// replay() stops at the first error. replay_errors() reports every error that
// does not follow from another (docs/ERRORS.md, "Several errors in one
// game"): the reader's syntax errors, every tag problem, the first illegal
// move, the result; each check that an earlier error leaves without ground
// (a tag in doubt, a move lost) is skipped rather than reported.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/expected.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

class ReplayCheckpoints;

struct ReplayOptions {
  /// Game for records without a Game tag (a name from the table), or empty.
  std::string default_game;
  /// Check that every move is written in canonical form (E122), and make
  /// the warnings (W401) errors.
  bool strict = false;
  /// Stop after this many turns of the main line (0 = initial position).
  /// Variations and the result are checked only when the whole line is replayed.
  std::uint32_t stop_after = std::numeric_limits<std::uint32_t>::max();
  /// Check variations too (the validator does; a renderer need not).
  bool variations = true;
  /// replay_errors: errors reported per game, at most (0: no limit).
  std::uint32_t max_errors = kDefaultMaxErrors;
  /// Positions of the main line kept from earlier replays of the same game
  /// (ReplayCheckpoints): the replay starts at the last one whose moves
  /// before it are those of `record`, and keeps new ones as it goes. Null:
  /// from the first turn, nothing kept. The errors are the same either way.
  ReplayCheckpoints* checkpoints = nullptr;
};

/// Positions of a game's main line kept between replays of that game while
/// it is edited (the studio's game under the cursor,
/// beyt/notation/incremental.hpp): a copy of the State after every `every`
/// turns, and what they were replayed from (the values of the Game, Rules
/// and SetUp tags, the default game, and every move of the main line before
/// them with its variations). A replay given them starts from the last one
/// whose turns before it are written the same (a change after turn k leaves
/// the positions up to k), if it checked as much as the replay checks
/// (strict, variations); a change to those tags drops all. Positions are
/// kept only where the turns before them replayed without error, so the
/// errors and warnings a replay reports do not depend on them. One game at
/// a time: another game's replay takes them over, unless it is shorter than
/// `every` turns (it has none to keep). Not thread-safe.
class ReplayCheckpoints {
 public:
  /// `every`: turns between two positions kept (at least 1).
  explicit ReplayCheckpoints(std::uint32_t every = 64) noexcept : every_(every ? every : 1) {}
  ReplayCheckpoints(ReplayCheckpoints&&) noexcept = default;
  ReplayCheckpoints& operator=(ReplayCheckpoints&&) noexcept = default;
  ~ReplayCheckpoints();
  /// Forgets every position.
  void clear() noexcept;
  /// How many positions are kept.
  std::size_t size() const noexcept { return points_.size(); }
  /// The main-line turn the last replay started from (0: the first).
  std::uint32_t resumed_at() const noexcept { return resumed_; }

 private:
  friend struct CheckpointsAccess;
  struct Point {
    std::uint32_t turn = 0;      // the position after this many main-line turns
    std::uint8_t checked = 0;    // what the replay to it checked (strict, variations)
    std::unique_ptr<State> state;
  };
  std::uint32_t every_;
  std::string key_;                // what the positions were replayed from, encoded
  std::vector<std::size_t> ends_;  // ends_[k]: the length of key_ that covers the tags and turns [0, k)
  std::vector<Point> points_;      // by turn
  std::uint32_t resumed_ = 0;
  std::string spare_key_;               // the buffers of the key before, for the next
  std::vector<std::size_t> spare_ends_;
};

/// What a replay leaves behind.
struct Replay {
  const Game* game = nullptr;
  RuleSet rules;
  std::unique_ptr<State> state;   ///< position after the last turn replayed
  std::uint32_t turns = 0;        ///< main-line turns replayed without error
  std::string last_move;          ///< text of the last turn replayed, as written
  /// Warnings of a record that is otherwise valid (W codes with
  /// Severity::warning; empty under ReplayOptions::strict, where they are
  /// the returned error).
  std::vector<Diagnostic> warnings;
};

/// Replays `record` (game `game_index`, 1-based, for the diagnostic) from
/// file `file`. Returns the first error, or a Diagnostic with Code::ok.
/// `out` holds the state reached (before the illegal move on error; null when
/// the game, rules or set-up could not be resolved).
Diagnostic replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                  const ReplayOptions& options, Replay& out);
/// The error `beyt validate` reports for `d`, the first illegal move of the
/// main line of `record` (as replay() or replay_to() return it): where that
/// move is the one right after a turn number that disagrees with its turn
/// (GameRecord::numbering: 18 after 16), E111 (Code::misnumbered_turn) at
/// the number, with the move's reason in it ("turn 18 follows turn 16: is
/// turn 17 missing? (read as turn 17, the move fails: ...)"); else `d`
/// itself. The turn and player of `d` are kept (the board stops before the
/// turn read). The studio's board says what validate lists.
Diagnostic misnumbered_turn(const GameRecord& record, const Diagnostic& d);
/// As replay(record, file, game_index, options, out): the Replay of a
/// valid record, or its first error. The state reached before an illegal
/// move goes with the error; a caller that draws it (`beyt render` of a
/// broken record) uses the form above.
Expected<Replay, Diagnostic> replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                                    const ReplayOptions& options = {});

/// The names of the tags beyt reads (NOTATION.md section 3): the roster,
/// Game, Rules, SetUp, Source, Termination, Annotator, Cells. Tag names are
/// case-sensitive, as in PGN.
bool is_known_tag(std::string_view name) noexcept;

/// The known tag (is_known_tag) whose name differs from `name` only in the
/// case of its ASCII letters ("Game" for "game"), or empty when `name` is
/// known itself or has no such twin.
std::string_view known_tag_twin(std::string_view name) noexcept;

/// Rules text for `game` in its canonical spelling: each preset, option
/// name and listed option value that matches one of the game's in any case
/// is written as the game's table writes it (lower case: "Lane; Chain=
/// Optional" gives "lane; chain=optional"); blanks, order and anything the
/// game does not know are kept as they are.
std::string spell_rules(const Game& game, std::string_view text);

/// Rewrites the values of the Game and Rules tags of `record` in their
/// canonical spelling (the game's name; spell_rules), as `beyt format` and
/// `beyt convert` write them. A Game value that names no game is left as
/// it is (the validator reports it). True if anything changed.
bool spell_game_and_rules(GameRecord& record);

/// Every independent error of game `game_index` of `file`, as `beyt
/// validate` reports them, appended to `errors` in this order:
///   * the reader's errors (`read`: the GameErrors of a text game with syntax
///     errors; null for a game read without error) and the tag checks of
///     replay() (all of them: Game, Rules, SetUp, Result, Date, each tag
///     named in another case (W201: an error under strict, else a warning;
///     none for a [game] when E201 names it), strict E124; none of a tag
///     the reader left in doubt), sorted by place;
///   * a last move that is a result written another way (`½-½`, `1/2`,
///     `0:1`; E108, "did you mean 1/2-1/2?"), or the last two or three
///     moves, a result split by blanks (`0 - 1`, `1/2 - 1/2`; one E108 at
///     its first part), read as that result;
///   * a move split by blanks (`b3-c3 xc4`: E301 at its second part, "write
///     b3-c3xc4"), joined as meant, the replay going on;
///   * the first illegal move of the moves the reader left intact (none if
///     the game could not be resolved); when it is the move right after a
///     turn number that disagrees with its turn (GameRecord::numbering), the
///     number instead (E111, "turn 17 follows turn 15: is turn 16
///     missing?", with the move's reason);
///   * the result checks of replay(), when every turn was replayed and the
///     reader left the result and the tags it needs intact; a movetext that
///     ends without a result token while the Result tag gives one is E402
///     at the end of the movetext.
/// At most options.max_errors (the last kept then says so). Warnings go to
/// out.warnings; `out` is as replay() leaves it. Never throws on bad input.
void replay_errors(const GameRecord& record, const GameErrors* read, const std::string& file,
                std::uint32_t game_index, const ReplayOptions& options, Replay& out,
                std::vector<Diagnostic>& errors);

/// The result a result-like token stands for: `½-½`, `1/2`, `1/2:1/2`,
/// `0.5-0.5` -> "1/2-1/2"; `0:1`, `0–1` (any dash) -> "0-1"; likewise
/// "1-0". Empty for anything else (and for the four result tokens
/// themselves).
std::string_view meant_result(std::string_view token) noexcept;

/// Code-point column of byte `offset` inside `text`, counted from `start`
/// (the column of text[0]). Used to place carets inside moves and tag values.
std::uint32_t column_at(std::string_view text, std::uint32_t start, std::uint32_t offset) noexcept;

}  // namespace beyt::notation
