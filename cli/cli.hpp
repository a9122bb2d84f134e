// cli/cli.hpp - what the subcommands of the `beyt` program share.
//
// One file per subcommand (validate.cpp, convert.cpp, render.cpp, games.cpp,
// rules.cpp, generate.cpp), each with an options struct, the CommandLine that binds
// them (command_line.hpp), and a run function that calls the library. main.cpp
// dispatches argv[1] through the table below.
// Exit codes: 0 success, 1 invalid records or failed work, 2 usage error.
//
// Reading and writing files goes through Input and Output, and nothing else,
// so that every subcommand keeps the same promises:
//   * An input is opened, checked (a directory, no permission, a read error:
//     E501 with the system's reason) and read as a stream, standard input
//     too: memory does not grow with the input. Its format is --from, else
//     its extension, else its content (Input::format).
//   * An output is written to a temporary file next to it, and only
//     Output::close() puts it in place (flushed, synced, renamed over the
//     target). Anything else leaves the target as it was and no temporary
//     file behind: an error (E503), an invalid input, an exception, return
//     without close(), or any signal that ends the process (beyt/io.hpp).
//     A write-protected target is refused (E503) unless --force.
//   * Standard output is checked at the end of every run (StandardOutput):
//     output that could not be written is E503 and exit 1.
//   * Running out of memory is E505 and exit 1 (out_of_memory), never an
//     abort; the outputs are discarded as for any other failure.
//   * An output that is one of the inputs is refused before anything is read
//     (refuse_same_file, E504, exit 2).
//   * Diagnostics and messages go to standard error through err(), which
//     flushes standard output first, so the two never interleave.
// A new subcommand uses them as convert does:
//
//   if (int rc = refuse_same_file("cmd", inputs, o.output)) return rc;
//   Input in; Output out; std::string error;
//   if (!open_input(in, path)) return kExitInvalid;  // E501 with the reason
//   notation::Format f = in.format(from);            // --from, extension or content
//   if (!out.open(o.output, error)) { print_file_error(err(), Code::write_error, ...); ... }
//   ... read from in.stream(), write to out.stream() ...
//   if (failed) return kExitInvalid;                 // out's destructor discards
//   if (!out.close(error)) { print_file_error(err(), Code::write_error, ...); ... }
//
// In-place editing (-i) is the same path with the input's own name as the
// output (no refuse_same_file): Output::open(path) writes beside it, and
// only close() renames the new file over the input, after it was read whole.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/io.hpp"
#include "beyt/io_process.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/input.hpp"

namespace beyt::cli {

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;
constexpr int kExitUsage = 2;

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(int argc, char** argv);
};

int run_validate(int argc, char** argv);
int run_convert(int argc, char** argv);
int run_render(int argc, char** argv);
int run_games(int argc, char** argv);
int run_rules(int argc, char** argv);
int run_generate(int argc, char** argv);
int run_format(int argc, char** argv);
int run_select(int argc, char** argv);
int run_split(int argc, char** argv);
int run_dedupe(int argc, char** argv);
int run_stats(int argc, char** argv);
int run_events(int argc, char** argv);
/// `beyt moves`, the old name of `beyt events`: the same, its JSON list keyed
/// "moves" as before.
int run_moves(int argc, char** argv);
int run_perft(int argc, char** argv);

/// The subcommand table, in the order `beyt --help` lists them.
const std::vector<Command>& commands();
/// The old names of subcommands, still run (`beyt moves`: now `beyt
/// events`) but not listed by `beyt --help` (its `events` line names it).
const std::vector<Command>& old_commands();

/// An input file or "-" (standard input), read as a stream in flat memory,
/// whose lines diagnostics quote: the library's (beyt/notation/input.hpp).
using Input = notation::InputFile;

/// An output file or "-" (standard output): written to a temporary file
/// beside it and renamed into place by close() only (beyt/io.hpp, the
/// library's safe-write layer, with its signal policy). open() refuses a
/// write-protected target unless given output_options(true) (--force).
using Output = io::OutputFile;

/// The OutputOptions of a subcommand: `force` from its --force, named so
/// in the message that refuses a write-protected file.
io::OutputOptions output_options(bool force);

/// Standard output for one run of the program: std::cout writes through a
/// buffer that keeps the first failed write (a full device, a closed pipe
/// with SIGPIPE ignored), so that no output is lost silently. main() makes
/// one around the subcommand and ends with finish().
class StandardOutput {
 public:
  StandardOutput();
  /// Puts std::cout's own buffer back.
  ~StandardOutput();
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;
  /// Flushes std::cout. When a write to it failed: prints "-: error[E503]:
  /// cannot write standard output: REASON" (as every E503 of "-") and returns
  /// kExitInvalid (or `exit_code` when that is kExitUsage); else `exit_code`.
  int finish(std::string_view command, int exit_code);

 private:
  std::unique_ptr<io::FdWriteBuf> buf_;
  std::streambuf* original_;
};

/// What the program is doing, for the message of a failure that has no
/// place of its own (out of memory, E505): "reading 'games.beyt'" (the
/// library's, beyt/io.hpp: Input::open sets it; a subcommand may say more).
using io::activity;
using io::set_activity;

/// The message of E505 and exit status 1, for main() and any thread that
/// catches std::bad_alloc: "beyt COMMAND: error[E505]: out of memory while
/// ACTIVITY; nothing was written" on standard error. Allocates as little as
/// it can.
int out_of_memory(std::string_view command);

/// For a subcommand with inputs and an output, called before anything is
/// read: when `output` is the same file as one of `inputs` (same device and
/// inode: "./a", symbolic and hard links count; "-" is standard input or
/// output, when they are regular files), prints an E504 error and returns
/// kExitUsage; else returns 0.
int refuse_same_file(std::string_view command, const std::vector<std::string>& inputs, const std::string& output);

/// Standard error, after standard output has been flushed.
std::ostream& err();

/// Prints a usage error ("beyt CMD: message") and returns kExitUsage.
int usage_error(std::string_view command, std::string_view message);

/// The format of `path` unless `forced` names one (the rule for outputs:
/// .json, .xml, anything else text). False if `forced` is unknown.
bool choose_format(const std::string& path, const std::string& forced, notation::Format& out);
/// A --from value: empty (none given) or a format name. False if unknown.
bool parse_format_option(const std::string& value, std::optional<notation::Format>& out);

/// Writes `d` in text (with the quoted line and caret) or JSON-lines form.
/// A read failure (E501 from a reader) gets the system's reason from `input`.
void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, Input* input, bool json);
/// Writes an error about a whole file ("PATH: error[E501]: REASON"), in text
/// or JSON-lines form: code io_error (reading) or write_error (writing).
void print_file_error(std::ostream& out, Code code, const std::string& path, const std::string& reason, bool json);
/// Opens `path` into `input` (Input::open); when it cannot be read, writes
/// the E501 error with the system's reason to standard error (text form)
/// and returns false.
bool open_input(Input& input, const std::string& path);

/// Keeps the K-th game of a file and stops reading there (render, moves).
class PickVisitor : public notation::GameVisitor {
 public:
  explicit PickVisitor(std::uint32_t wanted) : wanted_(wanted) {}
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    if (index != wanted_) return true;
    record_ = std::move(record);
    found_ = true;
    return false;
  }
  bool found() const { return found_; }
  const notation::GameRecord& record() const { return record_; }

 private:
  std::uint32_t wanted_;
  bool found_ = false;
  notation::GameRecord record_;
};

}  // namespace beyt::cli
