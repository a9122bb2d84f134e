// beyt/notation/validate_inputs.hpp - `beyt validate FILE...` as a library
// call: many inputs checked by N threads, everything found in them handed to
// a listener in input order, exactly as `beyt validate -j N` prints it
// whatever N. The command line (cli/validate.cpp), the Python package
// (beyt.validate) and examples/validate_dir.cpp validate through here.
//
//   struct Printer : beyt::notation::InputsListener {
//     void diagnostic(const Diagnostic& d, InputFile* input) override {
//       std::cout << format_diagnostic(d, input, false);  // file:line:column: error[E304]: ...
//     }
//   } printer;
//   ValidateInputsOptions options;
//   options.jobs = 2;
//   ValidationTally t = validate_inputs({"a.beyt", "b.json"}, options, printer);
//   std::cerr << validation_summary(t) << "\n";
//
// How the threads share the work (the same output whatever it is):
//  * A regular text file of more than `chunk_bytes` (1 MiB) is read in
//    pieces: cut where a game probably starts (a '[' line after a blank
//    line), each piece read and replayed by one thread with a reader of its
//    own; the reading that counts follows the first piece and hands over to
//    the next only where both readers start a game at the same byte, so a
//    wrong cut (a '[' line inside a comment) changes nothing.
//  * Any other input (JSON, XML, JSON Lines, standard input, a small text
//    file) has one reader, in the calling thread, which cuts its games into
//    batches of about 4 096 turns that the threads replay (only when `jobs`
//    is given: with the default they are checked in the calling thread, as
//    threads gained nothing there on two cores: notation/src/validate_inputs.cpp).
//  * At most 2N batches (8N pieces) are in flight: memory is bounded by them
//    and by the bytes of standard input a diagnostic may still quote.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/input.hpp"
#include "beyt/notation/validate.hpp"

namespace beyt::notation {

/// What validate_inputs() checks and how many threads it takes:
/// ValidateOptions (default_game, strict, max_errors: validate's --game,
/// --strict, --max-errors) and these.
struct ValidateInputsOptions : ValidateOptions {
  /// The format of every input (validate's --from); none: each input's
  /// extension, else its content (InputFile::format).
  std::optional<Format> format;
  /// Threads checking games, the calling thread included (validate's -j,
  /// at most 256). 0, the default (validate without -j): the number of
  /// cores when some input is read in pieces (a regular text file of more
  /// than chunk_bytes), checked by them, and every other input in the
  /// calling thread alone; 1: everything in the calling thread; N > 1:
  /// every input through N threads.
  unsigned jobs = 0;
  /// The size of a piece of a text file read in pieces (bytes, more than
  /// 0); the default 1 MiB. Smaller pieces are for tests.
  std::uint64_t chunk_bytes = std::uint64_t{1} << 20;
};

/// Receives what validate_inputs() finds, in the calling thread only, in
/// input order and, within an input, in the order `beyt validate` prints it
/// (a game's errors, then its warnings; the readers' errors and warnings in
/// their places; where checking stopped; W102 at the end of an input with
/// no game). The same calls in the same order whatever `jobs`.
class InputsListener {
 public:
  virtual ~InputsListener() = default;
  /// One diagnostic (an error or a warning, Diagnostic::severity), counted
  /// already. `input` is the input it was found in, for quoting its line
  /// (format_diagnostic), valid during the call only; null for an input
  /// that could not be opened (E501, "cannot read 'PATH': REASON").
  virtual void diagnostic(const Diagnostic& d, InputFile* input) = 0;
  /// Input `path` is done: its counts (`inputs` 1; `stop` set when its
  /// checking stopped early). After its last diagnostic, before the next
  /// input's first.
  virtual void input_done(const std::string& path, const ValidationTally& tally) {
    (void)path;
    (void)tally;
  }
};

/// Validates each of `paths` ("-": standard input, at most once) as `beyt
/// validate` does: every game read and replayed (check_game), the readers'
/// errors and warnings, where checking had to stop, W102 for an input with
/// no game, E501 for one that cannot be read (then the next input). Every
/// diagnostic goes to `listener` as it is printed in order, and the counts
/// of all the inputs are returned (validation_summary gives validate's
/// last line; failed() its exit status 1).
///
/// Threads: `options.jobs` (see there), made for the call and joined before
/// it returns, with the asynchronous signals blocked (io::SignalsBlocked:
/// the program's signal policy runs in the calling thread). The listener is
/// called in the calling thread only.
/// Errors: bad input is reported through the listener, never thrown. An
/// exception from a thread (std::bad_alloc: out of memory) or from the
/// listener ends the call, after the threads are joined, and is thrown in
/// the calling thread; what the listener has received by then stands.
/// Memory: see the file's comment. A program that frees records in one
/// thread that another allocated may want glibc's M_TRIM_THRESHOLD raised
/// (mallopt), as `beyt validate` does: the library leaves the process's
/// allocator settings alone.
ValidationTally validate_inputs(const std::vector<std::string>& paths, const ValidateInputsOptions& options,
                                InputsListener& listener);

/// The threads validate_inputs(`paths`, `options`) takes, the calling
/// thread included: options.jobs (at most 256), or for 0 the number of
/// cores when some input is read in pieces, else 1. Looks at the inputs
/// (stat, and the format of a large file) without reading them.
unsigned validation_threads(const std::vector<std::string>& paths, const ValidateInputsOptions& options);

}  // namespace beyt::notation
