// cli/collection.hpp - what the subcommands that work on collections of
// records share (convert, format, select, split, dedupe, stats): their
// common options, the games of several inputs read in order (the library's
// read_inputs, with the diagnostics printed), the checks before an output
// is opened, and the records they write; a record's game, rules and start
// position resolved as the validator does; the engine's canonical text of
// every move; the canonical tag order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/read_inputs.hpp"
#include "beyt/notation/record.hpp"
#include "cli.hpp"

namespace beyt::cli {

class CommandLine;

/// The options every collection subcommand has.
struct CommonOptions {
  std::vector<std::string> files;  ///< FILE... ("-": standard input)
  std::string output = "-";        ///< -o (subcommands that write records)
  std::string from, to;            ///< --from, --to
  std::string format;              ///< --format: the same as --to
  bool quiet = false;              ///< -q: no summary line
  bool force = false;              ///< --force: replace a write-protected output file
  std::optional<notation::Format> from_format;  ///< --from; else each input's own (Input::format)
  /// --to, else -o's extension, else --from, else the first FILE's extension;
  /// unset: the format of the first input read (its content).
  std::optional<notation::Format> out_format;
};

/// Adds, after the subcommand's own options: -o/--output (help `output_help`),
/// --to, --format (its other name) and --force when `output_help` is not
/// empty, --from, -q/--quiet when `quiet`,
/// and the FILE... positional (-h/--help comes with every command line).
void add_common_options(CommandLine& line, CommonOptions& o, std::string_view output_help, bool quiet = true);

/// Parses the command line (CommandLine::parse) and checks the common
/// options: a FILE given, --from and --to known formats; sets from_format
/// and out_format. False when the subcommand is done: --help printed (exit_code
/// 0) or a usage error printed (exit_code 2).
bool parse_common(CommandLine& line, int argc, char** argv, CommonOptions& o, int& exit_code);

/// What notation::read_inputs (the inputs' games read in order, streaming,
/// past the games that cannot be read: beyt/notation/read_inputs.hpp) met.
using notation::ReadSummary;

/// A GameSink (the library's) that prints every diagnostic as `beyt`
/// prints it: on standard error (err()), in text form with the quoted line
/// and caret (print_diagnostic), E501 with the system's reason.
class PrintingSink : public notation::GameSink {
 public:
  void diagnostic(const notation::Diagnostic& d, Input* input) override;
};

/// The read_inputs() options of the common options: the format of every
/// input (--from), the text notation's defaults.
notation::ReadInputsOptions read_options(const CommonOptions& o);

/// Checks that every one of `paths` can be read (notation::unreadable_input),
/// before an output is opened; prints the first that cannot (E501 with the
/// reason) on standard error.
bool inputs_exist(const std::vector<std::string>& paths);

/// The checks every subcommand that writes makes before it reads anything:
/// `output` is none of `inputs` (refuse_same_file: E504, exit 2), and every
/// input can be read (inputs_exist: E501, exit 1). Returns 0 or that exit code.
int check_inputs(std::string_view command, const std::vector<std::string>& inputs, const std::string& output);

/// The records a subcommand writes: to -o (or standard output) in
/// out_format, through Output (cli.hpp): a file appears whole, or not at all.
class RecordOutput {
 public:
  /// check_inputs, then opens o.output (E503 with the reason). Returns 0,
  /// or the exit code when the subcommand must stop.
  int open(std::string_view command, const CommonOptions& o);
  /// The writer, made at the first game (a subcommand that fails before any
  /// game writes nothing to standard output, not even an empty document).
  notation::RecordWriter& writer();
  /// The format of an input being read (notation::GameSink::begin_input): the
  /// output's format when neither --to, -o nor --from decided it (the first
  /// input's).
  void input_format(notation::Format f) {
    if (!format_) format_ = f;
  }
  /// Ends the records and puts the output in place, only when every game
  /// was read (`r`); else reports "beyt COMMAND: a game could not be read;
  /// nothing was written" and discards the output (standard output gets no
  /// end of document). False on a read or write failure.
  bool finish(std::string_view command, const ReadSummary& r);

 private:
  Output output_;
  std::string path_;
  std::optional<notation::Format> format_;
  std::optional<notation::RecordWriter> writer_;
};

// A record's game, rules and start position, the engine's canonical text of
// every move and the canonical tag order: the library's (beyt/notation/canonical.hpp).
using notation::canonical_tag_order;
using notation::canonicalise_line;
using notation::resolve;
using notation::Start;

}  // namespace beyt::cli
