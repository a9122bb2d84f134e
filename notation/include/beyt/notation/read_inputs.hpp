// beyt/notation/read_inputs.hpp - the games of many inputs read in order, one
// at a time, past the games that cannot be read: how `beyt convert`,
// `format`, `select`, `split`, `dedupe` and `stats` read their FILE..., as a
// library call. It prints nothing: every game and every diagnostic goes to a
// GameSink, with the InputFile it was found in so that a front end can quote
// its line (format_diagnostic), as validate_inputs hands them to an
// InputsListener (beyt/notation/validate_inputs.hpp).
//
//   struct Titles : beyt::notation::GameSink {
//     bool game(GameRecord&& record, InputFile& input, std::uint32_t index) override {
//       const TagPair* event = record.find_tag("Event");
//       std::cout << input.name() << " game " << index << ": " << (event ? event->value : "?") << "\n";
//       return true;                                      // false: stop reading
//     }
//     void diagnostic(const Diagnostic& d, InputFile* input) override {
//       std::cerr << format_diagnostic(d, input, false);  // file:line:column: error[E110]: ...
//     }
//   } titles;
//   ReadSummary r = read_inputs({"a.beyt", "b.json"}, {}, titles);
//   if (r.failed || r.unreadable > 0) ...                 // something could not be read
//
// Memory stays flat: one game at a time (read_games), and of standard input
// only the bytes a diagnostic may still quote (InputFile).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/input.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// How read_inputs() reads: ReadOptions (strict, max_errors: the text
/// notation's, e.g. convert's --strict) and the format of every input.
struct ReadInputsOptions : ReadOptions {
  /// The format of every input (--from); none: each input's extension, else
  /// its content (InputFile::format).
  std::optional<Format> format;
};

/// Receives what read_inputs() reads, in the calling thread, in input order
/// and, within an input, in the order of the input: begin_input, then its
/// games and diagnostics as the reader meets them (a warning before the
/// game or error that follows it in the input; the error that stopped the
/// input last).
class GameSink {
 public:
  virtual ~GameSink() = default;
  /// The `index`-th game (1-based, as read_games counts: a game that could
  /// not be read has its index too) of `input`. Return false to stop
  /// reading: no further game, diagnostic or input follows
  /// (ReadSummary::stopped). `input` is valid during the call only.
  virtual bool game(GameRecord&& record, InputFile& input, std::uint32_t index) = 0;
  /// One diagnostic, counted already (ReadSummary), in one of these kinds:
  ///  * an error that spoilt one game (Diagnostic::game its index) or an
  ///    error between games that the reader read on past
  ///    (GameVisitor::error): reading goes on with the next game;
  ///  * the error that stopped an input (what read_games returns: a JSON
  ///    syntax error, an XML error outside the games, a read failure
  ///    Code::io_error): reading goes on with the next input;
  ///  * a reader's warning (Severity::warning: W101 a byte-order mark, W103
  ///    an XML comment a writer will not hold): fails nothing;
  ///  * E501 (Code::io_error, "cannot read 'PATH': REASON" with the
  ///    system's reason, Diagnostic::file the path) for an input that
  ///    cannot be opened, with `input` null: the next input follows.
  /// `input` is the input it was found in (format_diagnostic quotes its
  /// line and gives a read failure its reason), valid during the call only.
  virtual void diagnostic(const Diagnostic& d, InputFile* input) = 0;
  /// Before the first game or diagnostic of each input that could be
  /// opened, with the format it is read in.
  virtual void begin_input(InputFile& input, Format format) {
    (void)input;
    (void)format;
  }
};

/// What read_inputs() met, over all the inputs.
struct ReadSummary {
  std::uint64_t games = 0;       ///< games passed to GameSink::game
  std::uint64_t unreadable = 0;  ///< errors that spoilt a game, or stopped an input (not E501 of an unopened one)
  std::uint64_t warnings = 0;    ///< the readers' warnings passed on
  bool failed = false;           ///< an input could not be opened, or an error stopped an input
  bool stopped = false;          ///< the sink asked to stop (GameSink::game returned false)
};

/// Reads every game of each of `paths` ("-": standard input) in turn, in
/// options.format, else in the input's own (InputFile::format: the
/// extension, else the content), and passes each to `sink`, with every
/// diagnostic (GameSink::diagnostic says which, and what follows each).
/// What stops reading: GameSink::game returning false (the rest of that
/// input and the inputs after it are not read). An input that cannot be
/// opened, or an error an input cannot be read past, ends that input only.
/// Errors: bad input is reported to `sink`, never thrown; an exception from
/// the sink (or std::bad_alloc) ends the call and reaches the caller.
/// Sets the calling thread's activity (io::set_activity) to the input being
/// read, as InputFile::open does.
ReadSummary read_inputs(const std::vector<std::string>& paths, const ReadInputsOptions& options, GameSink& sink);

/// Whether every one of `paths` can be opened (InputFile::open), checked
/// before anything is read or written (the CLI's subcommands that write
/// check their inputs before they open an output): the E501 of the first
/// that cannot ("cannot read 'PATH': REASON", Code::io_error,
/// Diagnostic::file the path), else a Diagnostic of code ok. "-" (standard
/// input), a FIFO and a device are not opened (their writer would see a
/// reader go): their errors come when they are read.
Diagnostic unreadable_input(const std::vector<std::string>& paths);

}  // namespace beyt::notation
