// beyt/notation/incremental.hpp - validate() of a text record that is being
// edited, each change re-read and replayed only where it changed: what the
// studio page (docs/STUDIO.md) checks as the user types, on records of
// thousands of turns or collections of megabytes.
//
//   IncrementalValidator v("games.beyt");
//   v.update(text);                  // the first text: read and replayed whole
//   v.update(text_after_a_keystroke);  // only the game the change is in
//   for (const auto& d : v.diagnostics()) ...  // what validate_text(text) gives
//
// How: the input is held as the sequence of what validate finds in it
// (CheckedEntry: a game with its diagnostics, an error between games). A
// text reader that starts a game at the start of a line carries nothing
// over from what it read before but its place and its count of games
// (TextReader's promise; `validate -j` relies on it too). After a change,
// reading starts again at the last such game before the first changed byte
// (TextPlace), and hands over to the entries made before the change where
// it starts a game at the very byte, after the change, where one of them
// starts a game at the start of a line: from there on what they say is
// what a reading would say, their places and game indices shifted. A
// change that moves where games start (a '{' that opens a comment up to the
// end) is read on until such a byte, or the end.
//
// Within the game a change is in, the replay starts again from a position
// of its main line kept from its last replay, the last before the change
// (ReplayCheckpoints, beyt/notation/replay.hpp): a keystroke at the end of a
// game of 3 000 turns replays the turns after the last kept position, not
// all 3 000. read_game() gives that game as the reading read it, without
// reading it again.
//
// The work can be cut into slices (update's and resume's budget): a page
// that must answer its user at once reads on in later turns of its event
// loop. Until done(), the entries after the reading's place are those made
// before the change, their places moved with the text (provisional).
//
// Formats other than the text notation are validated whole at each change
// (validate_text): JSON and XML records are read as one document.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/validate.hpp"

namespace beyt::notation {

/// One thing validate finds in the input, in input order.
struct CheckedEntry {
  /// game: a game read (without error, or broken by syntax errors: then
  /// its errors are among its diagnostics); error: an error between games
  /// (strict layout, a byte-order mark under strict); end: the warnings
  /// met after the last game.
  enum class Kind : std::uint8_t { game, error, end };
  Kind kind = Kind::game;
  /// The game's 1-based index (error: Diagnostic::game; end: 0).
  std::uint32_t index = 0;
  /// Byte offset where it starts: a game's first token (its first '['); an
  /// error's place; for end, the length of the input.
  std::uint64_t offset = 0;
  /// Line and column (code points) of a game's first token; 0 when not a game.
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  /// Every diagnostic validate prints for it, in its order: the reader's
  /// warnings met before and in it (W101, W109), then the game's errors and
  /// warnings (CheckedGame), or the error.
  std::vector<Diagnostic> diagnostics;

  /// A game that starts a line: where a reading may start or hand over.
  bool starts_line() const noexcept { return kind == Kind::game && line > 0 && column == 1; }
};

/// validate_text() of a text that changes, re-read only where it changed
/// (see above). Not thread-safe; one text at a time.
class IncrementalValidator {
 public:
  /// `file` fills Diagnostic::file and, by its extension, decides the
  /// format as validate does (none: the content's first bytes decide).
  explicit IncrementalValidator(std::string file = {}, ValidateOptions options = {});
  ~IncrementalValidator();
  IncrementalValidator(const IncrementalValidator&) = delete;
  IncrementalValidator& operator=(const IncrementalValidator&) = delete;

  /// A new file name or options (strict, ...): the next update() reads the
  /// text anew from its first byte.
  void reset(std::string file, ValidateOptions options);

  /// The text is now `text`: reading starts again where it changed.
  /// `budget_ms` > 0: return after about that many milliseconds once one
  /// entry is read (resume() goes on); 0: read to the end. True when done().
  bool update(std::string text, double budget_ms = 0);
  /// update() of the text with bytes [from, to) replaced by `with` (`to`
  /// and `from` are clamped to the text): an edit the caller knows the place
  /// of, the text not given whole.
  bool edit(std::uint64_t from, std::uint64_t to, std::string_view with, double budget_ms = 0);
  /// Goes on reading after an update() that ran out of its budget: true when done().
  bool resume(double budget_ms = 0);
  /// Every entry reflects the text: diagnostics() is validate_text's.
  bool done() const noexcept;
  /// How far the reading of the current text has come (bytes): the text's
  /// length once done().
  std::uint64_t checked_to() const noexcept;
  /// Bytes read by the text reader since construction (each change adds
  /// what it re-read): what tests measure the re-reading by.
  std::uint64_t bytes_read() const noexcept;
  /// The main-line turn the last game checked was replayed from (0: its
  /// first turn): a change late in a long game replays it from a position
  /// kept before the change (ReplayCheckpoints, every 64 turns), with the
  /// errors a replay from the first turn gives. What tests measure the
  /// replaying by.
  std::uint32_t replayed_from() const noexcept;

  const std::string& text() const noexcept;
  Format format() const noexcept;
  /// The entries in input order (text notation only; empty for JSON and
  /// XML): those the reading has made, then, until done(), those made
  /// before the last change beyond its place (provisional).
  std::size_t entry_count() const noexcept;
  const CheckedEntry& entry(std::size_t i) const;
  /// The position of the last entry that starts at or before byte `offset`
  /// (entry_count() when none does).
  std::size_t entry_at(std::uint64_t offset) const noexcept;

  /// Every diagnostic, in validate's order (W102 last when the input holds
  /// nothing): validate_text(text(), file, format(), options) once done().
  std::vector<Diagnostic> diagnostics() const;
  /// The counts of diagnostics() by severity.
  std::size_t errors() const noexcept;
  std::size_t warnings() const noexcept;

  /// Game `index` (1-based) of the text notation read again, alone: the
  /// record as a reading of the whole text makes it (places and index the
  /// whole text's) and the reader's errors in it (`errors` cleared when
  /// none). False when no entry of the current reading holds that game, or
  /// for another format.
  bool read_game(std::uint32_t index, GameRecord& record, GameErrors& errors) const;
  /// Game `index` as read_game() gives it, without a copy, when it is the
  /// game the last change is in (the reading keeps that one: the game under
  /// a page's cursor, asked for at each keystroke); `errors`, when given,
  /// is set to the reader's errors in it. Null for any other game (then
  /// read_game() reads it again), before the reading has reached that game,
  /// and for another format. Valid until the next update(), edit(),
  /// resume() or reset().
  const GameRecord* changed_game(std::uint32_t index, const GameErrors** errors = nullptr) const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
