// beyt/notation/validate.hpp - `beyt validate` of one input as a library
// function: every game read and replayed, the readers' errors and warnings,
// where checking had to stop, and an input with no game (W102), in the order
// and with the words `beyt validate` prints them (docs/ERRORS.md). The
// command line (through validate_inputs.hpp, which validates many inputs in
// parallel) and the studio page (docs/STUDIO.md) both validate through here,
// so that their diagnostics cannot differ.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

class ReplayCheckpoints;  // beyt/notation/replay.hpp

struct ValidateOptions {
  /// Game of records without a Game tag (a name from the table), or empty.
  std::string default_game;
  /// Reject what the canonical form lacks (E120..E123) and make warnings
  /// errors (`validate --strict`).
  bool strict = false;
  /// Errors reported per game, at most (`validate --max-errors`; 0: no
  /// limit): ReadOptions::max_errors, ReplayOptions::max_errors.
  std::uint32_t max_errors = kDefaultMaxErrors;
  /// Ends the validation early once requested (beyt/stop.hpp): the readers
  /// look at it before each game (ReadOptions::stop), validate_inputs before
  /// each input too. What was reported by then stands; the rest is not
  /// checked, and the counts are incomplete. Null (the default): check all.
  const Stop* stop = nullptr;
};

/// One game checked: its errors, every one that does not follow from
/// another (none when it is valid), and the warnings of a game that is
/// otherwise valid (W401; none under strict).
struct CheckedGame {
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
};

/// Checks game `index` (1-based) of `file` as the validator does: the
/// errors the reader found in it (`read`, GameVisitor::broken; null for a
/// game read without error), the tags, the main line, every variation and
/// the result (notation::replay_errors: docs/ERRORS.md, "Several errors in
/// one game"). `checkpoints`: positions kept from earlier checks of this
/// game as it is edited (ReplayOptions::checkpoints,
/// beyt/notation/replay.hpp): the same result, replayed from the last turn
/// the edit left as it was.
CheckedGame check_game(const GameRecord& record, const std::string& file, std::uint32_t index,
                       const ValidateOptions& options, const GameErrors* read = nullptr,
                       ReplayCheckpoints* checkpoints = nullptr);

/// The error a reader stopped at (read_games' result, not an io_error), as
/// validate reports it: its reason ends in "; checking stopped here, at game
/// N: the rest of the file was not checked" ("after game N" when the error
/// lies after the last game met, `last_game` (0: none), "before the first
/// game" before any). `where` receives "at game N" (or the other forms).
Diagnostic stopped_diagnostic(Diagnostic d, std::uint32_t last_game, std::string& where);

/// W102: `file` holds no game (text: it is empty or holds only blanks; JSON,
/// XML: its list of games is empty). A warning, an error under `strict`.
Diagnostic no_games_diagnostic(const std::string& file, Format format, bool strict);

/// Receives what validate() finds in one input, in input order.
class ValidationListener {
 public:
  virtual ~ValidationListener() = default;
  /// Game `index`, starting at byte `offset` of the input, checked (with the
  /// errors the reader found in it, if any).
  virtual void game(std::uint32_t index, std::uint64_t offset, const CheckedGame& checked) = 0;
  /// An error that spoils one game (Diagnostic::game); the reader goes on.
  virtual void error(const Diagnostic& d) = 0;
  /// A warning the reader met (W101 a byte-order mark, W103 an XML comment
  /// or processing instruction).
  virtual void warning(const Diagnostic& w) = 0;
  /// The error the reader stopped at: stopped_diagnostic()'s form with
  /// `where` as it gives it, or a read failure (Code::io_error) as it came.
  virtual void stopped(const Diagnostic& d, const std::string& where) = 0;
  /// The input held no game: no_games_diagnostic().
  virtual void no_games(const Diagnostic& d) = 0;
};

/// The counts of `beyt validate`'s summary line (validation_summary):
///  * inputs: the inputs given; of them, those that could not be read
///    (E501: not found, a directory, no permission, a read failure);
///  * valid, invalid: every game a reader delimited; a game is invalid when
///    its replay fails or a reader found an error inside it (counted once,
///    however many errors it has);
///  * outside: errors outside any game that did not stop the reading (text:
///    before the first game; W102 under strict);
///  * stopped: inputs whose checking stopped early (an error the reader
///    cannot go on from: JSON syntax, XML outside the games); `stop` says
///    where the last one stopped ("of x.json stopped at game 5");
///  * warnings: W codes reported as warnings.
struct ValidationTally {
  std::uint64_t inputs = 0;
  std::uint64_t unreadable = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::uint64_t outside = 0;
  std::uint64_t stopped = 0;
  /// Every error diagnostic (a game may have several), but those of the
  /// inputs that could not be read (counted in `unreadable`).
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::string stop;

  /// validate exits 1: something could not be read, or is invalid.
  bool failed() const noexcept { return unreadable + invalid + outside + stopped > 0; }
  /// Adds the counts of `other` (a later input); `stop` becomes other's when it has one.
  void add(const ValidationTally& other);
};

/// "beyt validate: 2 inputs, 12 games: 10 valid, 2 invalid; 5 errors", then what else
/// went wrong (" (1 outside the games)", "; checking of x.json stopped
/// at game 5: the rest was not checked") and the warnings ("; 1 warning"):
/// the line `beyt validate` ends with on standard error.
std::string validation_summary(const ValidationTally& tally);

/// A ValidationListener that keeps, for one input, every diagnostic in the
/// order `beyt validate` prints them and counts them as its summary does
/// (ValidationTally; `inputs` is 1). For programs and front ends that want
/// validate's report as values (the Python package's beyt.validate).
class ValidationReport : public ValidationListener {
 public:
  explicit ValidationReport(bool strict = false) : strict_(strict) { tally_.inputs = 1; }
  void game(std::uint32_t index, std::uint64_t offset, const CheckedGame& checked) override;
  void error(const Diagnostic& d) override;
  void warning(const Diagnostic& w) override;
  void stopped(const Diagnostic& d, const std::string& where) override;
  void no_games(const Diagnostic& d) override;

  /// The input could not be opened: E501 with `reason` ("cannot read 'PATH':
  /// No such file or directory"), counted unreadable.
  void unreadable(const std::string& file, const std::string& reason);

  const std::vector<Diagnostic>& diagnostics() const noexcept { return diagnostics_; }
  const ValidationTally& tally() const noexcept { return tally_; }

 private:
  void report(const Diagnostic& d, bool count_outside);
  bool strict_;
  ValidationTally tally_;
  std::vector<Diagnostic> diagnostics_;
  std::uint32_t last_invalid_ = 0;
};

/// Validates one input read from `in` in format `format`, as `beyt validate
/// -j 1` does, telling `listener` everything it finds.
void validate(std::istream& in, const std::string& file, Format format, const ValidateOptions& options,
              ValidationListener& listener);

/// validate() of a whole input held in memory: every diagnostic `beyt
/// validate` prints for it, in its order (a game's errors, then its
/// warnings). Empty when every game is valid and nothing is to warn about.
std::vector<Diagnostic> validate_text(std::string_view input, const std::string& file, Format format,
                                      const ValidateOptions& options);

}  // namespace beyt::notation
