// Shared CLI helpers (cli/cli.hpp): the subcommand table, Input and Output,
// the same-file check, diagnostics and usage errors.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>

#include "cli.hpp"

namespace beyt::cli {

const std::vector<Command>& commands() {
  // (The formats' titles from the table of formats.)
  static const std::string convert_summary = "convert records between " + notation::format_titles(" and ") + "; join several files";
  static const std::vector<Command> table{
      {"validate", "replay records and report every independent error of each game", run_validate},
      {"convert", convert_summary, run_convert},
      {"render", "draw the position after any turn as a diagram", run_render},
      {"events", "list the legal events, decisions or a throw's outcomes (old name: moves)", run_events},
      {"perft", "count the sequences of events to a depth (perft, divide)", run_perft},
      {"games", "list the games, their rule presets and options", run_games},
      {"rules", "print a game's rules, options and their sources (docs/RULES.md)", run_rules},
      {"generate", "write random legal games (tests, fuzz corpora, benchmarks)", run_generate},
      {"format", "rewrite records in canonical form (moves, tags, layout)", run_format},
      {"select", "keep the games that match conditions (tags, date, game, result, position)", run_select},
      {"split", "split records into files of N games", run_split},
      {"dedupe", "drop duplicate games (same game, rules, start and main line)", run_dedupe},
      {"stats", "count games, results, turns and first turns per game and rule set", run_stats},
  };
  return table;
}

const std::vector<Command>& old_commands() {
  static const std::vector<Command> table{
      {"moves", "the old name of events", run_moves},
  };
  return table;
}

namespace {

std::string cannot_write(const std::string& path, const std::string& reason) {
  return "cannot write " + (path == "-" ? std::string("standard output") : "'" + path + "'") + ": " + reason;
}

}  // namespace

// --- Output -------------------------------------------------------------------

io::OutputOptions output_options(bool force) {
  io::OutputOptions o;
  o.force = force;
  o.force_name = "--force";
  return o;
}

StandardOutput::StandardOutput() : buf_(std::make_unique<io::FdWriteBuf>(1)) {
  original_ = std::cout.rdbuf(buf_.get());
}

StandardOutput::~StandardOutput() {
  std::cout.flush();
  std::cout.rdbuf(original_);
}

int StandardOutput::finish(std::string_view command, int exit_code) {
  std::cout.flush();
  if (buf_->failure().empty() && std::cout.good()) return exit_code;
  const std::string reason = buf_->failure().empty() ? std::string("the write failed") : buf_->failure();
  (void)command;
  std::cout.clear();
  print_file_error(std::cerr, Code::write_error, "-", cannot_write("-", reason), false);
  return exit_code == kExitUsage ? kExitUsage : kExitInvalid;
}

int out_of_memory(std::string_view command) {
  std::cerr << "beyt " << command << ": error[" << code_id(Code::out_of_memory) << "]: out of memory while "
            << io::activity() << "; nothing was written\n";
  std::cerr.flush();
  return kExitInvalid;
}

// --- The same file --------------------------------------------------------------

int refuse_same_file(std::string_view command, const std::vector<std::string>& inputs, const std::string& output) {
  struct stat out {};
  const int out_status = output == "-" ? ::fstat(1, &out) : ::stat(output.c_str(), &out);
  if (out_status != 0 || !S_ISREG(out.st_mode)) return 0;  // nothing there yet, or not a file
  for (const auto& path : inputs) {
    struct stat in {};
    const int in_status = path == "-" ? ::fstat(0, &in) : ::stat(path.c_str(), &in);
    if (in_status != 0 || !S_ISREG(in.st_mode)) continue;
    if (in.st_dev != out.st_dev || in.st_ino != out.st_ino) continue;
    const std::string in_name = path == "-" ? std::string("standard input") : "'" + path + "'";
    const std::string out_name = output == "-" ? std::string("standard output") : "'" + output + "'";
    err() << "beyt " << command << ": error[" << code_id(Code::same_file) << "]: the output " << out_name
          << " is the input " << in_name
          << " (the same file): nothing was read or written; write to another file\n";
    return kExitUsage;
  }
  return 0;
}

// --- Messages -------------------------------------------------------------------

std::ostream& err() {
  std::cout.flush();
  io::drain_standard_output();
  return std::cerr;
}

int usage_error(std::string_view command, std::string_view message) {
  err() << "beyt " << command << ": " << message << "\n(see: beyt " << command << " --help)\n";
  return kExitUsage;
}

bool choose_format(const std::string& path, const std::string& forced, notation::Format& out) {
  if (!forced.empty()) return notation::parse_format(forced, out);
  out = notation::format_of_path(path);
  return true;
}

bool parse_format_option(const std::string& value, std::optional<notation::Format>& out) {
  out.reset();
  if (value.empty()) return true;
  notation::Format f;
  if (!notation::parse_format(value, f)) return false;
  out = f;
  return true;
}

void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, Input* input, bool json) {
  out << notation::format_diagnostic(d, input, json);
}

void print_file_error(std::ostream& out, Code code, const std::string& path, const std::string& reason, bool json) {
  notation::Diagnostic d;
  d.code = code;
  d.reason = reason;
  d.file = path;
  print_diagnostic(out, d, nullptr, json);
}

bool open_input(Input& input, const std::string& path) {
  std::string error;
  if (input.open(path, error)) return true;
  print_file_error(err(), Code::io_error, path, error, false);
  return false;
}

}  // namespace beyt::cli
