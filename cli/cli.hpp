// cli/cli.hpp - what the subcommands of the `beyt` program share.
//
// One file per subcommand (validate.cpp, convert.cpp, render.cpp, games.cpp,
// generate.cpp), each with an options struct, the cxxopts setup that binds
// them, and a run function that calls the library. main.cpp dispatches
// argv[1] through the table below (cxxopts has no subcommands).
// Exit codes: 0 success, 1 invalid records or failed work, 2 usage error.
#pragma once

#include <cstdint>
#include <cxxopts.hpp>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"

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
int run_generate(int argc, char** argv);
int run_format(int argc, char** argv);
int run_select(int argc, char** argv);
int run_split(int argc, char** argv);
int run_dedupe(int argc, char** argv);
int run_stats(int argc, char** argv);

/// The subcommand table, in the order `beyt --help` lists them.
const std::vector<Command>& commands();

/// An input file or "-" (standard input, read whole so that the lines of
/// diagnostics can be quoted).
class Input {
 public:
  /// Opens `path`; on failure returns false and sets `error`.
  bool open(const std::string& path, std::string& error);
  std::istream& stream() { return *stream_; }
  const std::string& name() const { return name_; }
  /// Line `n` (1-based) of the input without its line end; empty if none.
  /// Diagnostics come in file order, so a second reader moves forward from
  /// the last line asked for and only starts again for an earlier line.
  std::string line(std::uint32_t n);

 private:
  std::string name_;
  std::string buffered_;  // standard input only
  std::unique_ptr<std::istream> stream_;
  std::unique_ptr<std::istream> lines_;  // the second reader, for line()
  std::uint32_t next_line_ = 1;          // number of the line lines_ reads next
};

/// An output file or "-" (standard output).
class Output {
 public:
  bool open(const std::string& path, std::string& error);
  std::ostream& stream() { return *stream_; }
  /// Flushes and reports a write failure.
  bool close(std::string& error);

 private:
  std::string path_;
  std::unique_ptr<std::ostream> owned_;
  std::ostream* stream_ = nullptr;
};

/// Parses the command line of subcommand `command` with `spec` (which binds
/// the options to their struct). Returns the result, or nothing when the
/// command is done: `--help` printed (exit_code 0) or a usage error printed
/// (exit_code 2).
std::optional<cxxopts::ParseResult> parse_command_line(cxxopts::Options& spec, int argc, char** argv,
                                                       std::string_view command, int& exit_code);

/// Prints a usage error ("beyt CMD: message") and returns kExitUsage.
int usage_error(std::string_view command, std::string_view message);

/// The format of `path` unless `forced` names one. False if `forced` is unknown.
bool choose_format(const std::string& path, const std::string& forced, notation::Format& out);

/// Writes `d` in text (with the quoted line and caret) or JSON-lines form.
void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, Input* input, bool json);

}  // namespace beyt::cli
