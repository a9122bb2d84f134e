// cli/collection.hpp - what the subcommands that work on collections of
// records share (convert, format, select, split, dedupe, stats): the games
// of several inputs read in order, streaming, past the games that cannot be
// read; a record's game, rules and start position resolved as the validator
// does; the engine's canonical text of every move; the canonical tag order.
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

/// Receives the games of the inputs, one at a time, in input order.
class GameSink {
 public:
  virtual ~GameSink() = default;
  /// The `index`-th game (1-based) of `input`. Return false to stop reading.
  virtual bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) = 0;
  /// Called before the games of each input, with the format it is read in.
  virtual void begin_input(Input& input, notation::Format format) {
    (void)input;
    (void)format;
  }
};

/// What read_inputs met.
struct ReadSummary {
  std::uint64_t games = 0;       ///< games passed to the sink
  std::uint64_t unreadable = 0;  ///< errors that spoilt a game, or stopped a file (a JSON syntax error)
  bool failed = false;           ///< an input could not be read, or an error stopped a file
  bool stopped = false;          ///< the sink asked to stop
};

/// Reads every game of each of `paths` ("-": standard input) in turn, in the
/// format `from` gives, else its own (Input::format: the extension, else the
/// content), and passes each to `sink`. An error that spoils one game is
/// reported on standard error as its diagnostic (file:line:column:
/// error[CODE]: ...) and counted, and the reader goes on with the next game
/// (GameVisitor::error); an error the reader cannot go on from (a JSON
/// syntax error, a read failure) ends that input (ReadSummary::failed). An
/// input that cannot be opened gets E501 with the system's reason. The
/// readers' warnings (W101, W103: what the output will not hold) are
/// reported on standard error too, and fail nothing.
ReadSummary read_inputs(const std::vector<std::string>& paths, std::optional<notation::Format> from,
                        GameSink& sink, notation::ReadOptions options = {});

/// Checks that every one of `paths` can be read (Input::open), before an
/// output is opened; reports the first that cannot (E501 with the reason).
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
  /// The format of an input being read (GameSink::begin_input): the
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
