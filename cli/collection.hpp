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
#include "beyt/notation/formats.hpp"
#include "beyt/notation/record.hpp"
#include "cli.hpp"

namespace beyt::cli {

/// The options every collection subcommand has.
struct CommonOptions {
  std::vector<std::string> files;  ///< FILE... ("-": standard input)
  std::string output = "-";        ///< -o (subcommands that write records)
  std::string from, to;            ///< --from, --to
  bool quiet = false;              ///< -q: no summary line
  notation::Format in_format = notation::Format::text;   ///< of the first FILE (--from, its extension)
  notation::Format out_format = notation::Format::text;  ///< --to, else -o's extension, else in_format
};

/// Adds, after the subcommand's own options: -o/--output (help `output_help`)
/// and --to when `output_help` is not empty, --from, -q/--quiet when `quiet`,
/// -h/--help, and the FILE... positional.
void add_common_options(cxxopts::Options& spec, CommonOptions& o, std::string_view output_help, bool quiet = true);

/// Parses the command line (parse_command_line) and checks the common
/// options: a FILE given, --from and --to known formats; sets in_format and
/// out_format. False when the subcommand is done: --help printed (exit_code
/// 0) or a usage error printed (exit_code 2).
bool parse_common(cxxopts::Options& spec, int argc, char** argv, std::string_view command, CommonOptions& o,
                  int& exit_code);

/// Receives the games of the inputs, one at a time, in input order.
class GameSink {
 public:
  virtual ~GameSink() = default;
  /// The `index`-th game (1-based) of `input`. Return false to stop reading.
  virtual bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) = 0;
};

/// What read_inputs met.
struct ReadSummary {
  std::uint64_t games = 0;       ///< games passed to the sink
  std::uint64_t unreadable = 0;  ///< syntax errors: games (text, JSON Lines) or the rest of a file (JSON, XML)
  bool failed = false;           ///< an input could not be opened, or an error stopped a file
  bool stopped = false;          ///< the sink asked to stop
};

/// Reads every game of each of `paths` ("-": standard input) in turn, in the
/// format `from` names, else the one of its extension (choose_format), and
/// passes each to `sink`. A game that cannot be read is reported on standard
/// error as its diagnostic (file:line:column: error[CODE]: ...) and counted:
/// the text and JSON Lines readers go on with the next game; a JSON or XML
/// file stops there (ReadSummary::failed). An input that cannot be opened is
/// reported as "beyt COMMAND: cannot open 'x'". `from` must parse (checked by
/// the caller as a usage error).
ReadSummary read_inputs(std::string_view command, const std::vector<std::string>& paths, const std::string& from,
                        GameSink& sink, notation::ReadOptions options = {});

/// Checks that every one of `paths` but "-" can be opened, before an output
/// is opened; reports the first that cannot ("beyt COMMAND: cannot open 'x'").
bool inputs_exist(std::string_view command, const std::vector<std::string>& paths);

/// The format of the output: `to` if given, else that of `output`'s
/// extension when it is a file, else `fallback`. False if `to` is unknown.
bool output_format(const std::string& output, const std::string& to, notation::Format fallback,
                   notation::Format& out);

/// The records a subcommand writes: to -o (or standard output) in out_format.
class RecordOutput {
 public:
  /// Checks that the inputs exist (inputs_exist), then opens o.output.
  /// False, reported on standard error, if either fails.
  bool open(std::string_view command, const CommonOptions& o);
  notation::RecordWriter& writer() { return *writer_; }
  /// Ends the records. Closes the output only when every game was read (`r`);
  /// else reports "beyt COMMAND: a game could not be read" and leaves the
  /// output uncommitted. False on a read or write failure.
  bool finish(std::string_view command, const ReadSummary& r);

 private:
  Output output_;
  std::optional<notation::RecordWriter> writer_;
};

/// A record's game, rules and start position.
struct Start {
  const Game* game = nullptr;
  RuleSet rules;
  std::unique_ptr<State> state;  ///< the initial or SetUp position
};

/// Resolves the Game (or `default_game`), Rules and SetUp tags of `record`
/// and checks its Result and Date values, as the validator does before the
/// first move (notation::replay). Returns the validator's diagnostic (E2xx)
/// or code ok; `file` and `index` (1-based) only place the diagnostic.
notation::Diagnostic resolve(const notation::GameRecord& record, const std::string& file, std::uint32_t index,
                             const std::string& default_game, Start& out);

/// Rewrites every move of `line` to the canonical text the engine gives for
/// it (State::check: captures, counts and forfeits filled in), playing the
/// line from `state` (which ends at the line's last position); each
/// variation is rewritten from a copy of the position before its move.
/// Returns the first illegal move's error (the rest of `line` is left as it
/// was) or Error::none().
Error canonicalise_line(notation::Line& line, State& state);

/// Puts the tags of `record` in the canonical order (NOTATION.md section 3):
/// the roster, missing ones added (Result from the result token, the others
/// with roster_default), then Game, Rules, SetUp, Source, then the others in
/// the order they had.
void canonical_tag_order(notation::GameRecord& record);

}  // namespace beyt::cli
