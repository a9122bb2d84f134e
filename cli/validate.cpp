// beyt validate FILE... : replay every game and report its errors: every
// independent one (notation::check_game), up to --max-errors a game.
#include <malloc.h>

#include <cstdlib>
#include <iostream>

#include "beyt/notation/validate_inputs.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct ValidateOptions {
  std::vector<std::string> files;
  std::string format;       // --from: forced input format, or empty (from the extension or the content)
  std::string old_format;   // --format, the older name of --from
  std::string game;         // game for records without a Game tag
  bool strict = false;
  bool json = false;        // --diagnostics json
  bool quiet = false;
  unsigned jobs = 1;        // -j: threads reading and replaying games (1: all in this thread)
  std::uint32_t max_errors = notation::kDefaultMaxErrors;  // per game; 0: no limit
};

// Prints what the library's validator finds (notation/validate_inputs.hpp),
// in input order and the same whatever -j, as text or JSON lines.
class Printer : public notation::InputsListener {
 public:
  explicit Printer(bool json) : json_(json) {}
  void diagnostic(const notation::Diagnostic& d, Input* input) override {
    print_diagnostic(std::cout, d, input, json_);
  }

 private:
  bool json_;
};

// BEYT_VALIDATE_CHUNK_BYTES: the size of the pieces a large text file is
// read in (a test hook: the tests cut small files into many pieces); unset
// or not a positive whole number: the library's 1 MiB.
void set_chunk_bytes(notation::ValidateInputsOptions& o) {
  const char* env = std::getenv("BEYT_VALIDATE_CHUNK_BYTES");
  if (!env) return;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(env, &end, 10);
  if (end != env && *end == '\0' && n > 0) o.chunk_bytes = n;
}

}  // namespace

int run_validate(int argc, char** argv) {
  ValidateOptions o;
  CommandLine line("validate",
                   "Replays every game of each FILE (" + notation::format_titles() + "; - for\n"
                   "standard input)\n"
                   "through its rules engine and reports each error of a game that does not follow\n"
                   "from another, in one run: every tag pair and syntax problem (the text reader\n"
                   "reads on past each), then the first illegal move (the replay cannot go past it)\n"
                   "and the result, as\n"
                   "file:line:column: error[CODE]: game N, turn T, PLAYER: reason (docs/ERRORS.md),\n"
                   "at most --max-errors a game.\n"
                   "A broken game does not stop the others: text goes on at the next tag section,\n"
                   "XML at the next <game>, JSON Lines at the next line, JSON after a structure\n"
                   "error; where that is not\n"
                   "possible (a JSON syntax error) the diagnostic and the summary say where\n"
                   "checking stopped. The summary (standard error) counts inputs, those that\n"
                   "could not be read, games, valid and invalid ones, errors and warnings.\n"
                   "Warnings (warning[W...]: a finished game recorded with *, a byte-order mark, an\n"
                   "input with no game) do not fail validation; --strict makes them errors.\n"
                   "Exit status: 0 all valid, 1 some invalid or unreadable, 2 usage error.");
  std::string diagnostics;
  line.option("strict",
              "also reject what the canonical form lacks (turn numbers, roster, move form) and make warnings errors",
              o.strict)
      .option("game", "game of records without a Game tag (see beyt games)", o.game)
      .option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)",
              o.format)
      .option("format", "the older name of --from (kept for scripts; --format is the output format elsewhere)",
              o.old_format)
      .option("diagnostics", "diagnostics as text (default) or json (one object per line)", diagnostics, "text")
      .option("j,jobs",
              "threads checking games (1: one thread): a text file over 1 MiB is read in pieces by "
              "every thread, other inputs by one while the others replay; the output is the same "
              "whatever N (default: the number of cores for a text file over 1 MiB, one thread for "
              "every other input)",
              o.jobs)
      .range(1, 4294967295.0L)
      .option("max-errors",
              "errors reported per game at most (default 20; 0: no limit): past it the rest of the game is "
              "not checked",
              o.max_errors)
      .option("q,quiet", "no summary line on standard error", o.quiet)
      .positional("files", "record files", o.files, "FILE...");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  std::string error;
  static constexpr std::string_view kDiagnostics[] = {"text", "json"};
  if (!match_option("diagnostics", "format", diagnostics, kDiagnostics, diagnostics, error))
    return usage_error("validate", error);
  o.json = diagnostics == "json";
  if (o.files.empty()) return usage_error("validate", "no FILE given");
  if (!fold_alias("format", o.old_format, "from", o.format, error)) return usage_error("validate", error);
  std::optional<notation::Format> format;
  if (!parse_format_option(o.format, format)) return usage_error("validate", format_error("from", o.format));
  if (!o.game.empty()) {
    const Game* game = match_game(o.game, error);
    if (!game) return usage_error("validate", error);
    o.game = std::string(game->name());
  }
  notation::ValidateInputsOptions v;
  v.default_game = o.game;
  v.strict = o.strict;
  v.max_errors = o.max_errors;
  v.format = format;
  v.jobs = line.count("jobs") > 0 ? o.jobs : 0;  // 0: the library's default (the cores for a text file over 1 MiB)
  set_chunk_bytes(v);
#ifdef M_TRIM_THRESHOLD
  // With threads, they free the records this thread read (batches): with
  // glibc's default threshold (128 KiB) each batch freed gave its pages back
  // to the system and the reading thread faulted them in again (115 000 page
  // faults, 0.5 s of CPU on 100 MB, as much as -j 2 gained). Kept instead:
  // the peak stays that of the batches in flight.
  // Setting it also fixes the size from which a block is mapped on its
  // own at 128 KiB (glibc no longer raises it as blocks are freed): a
  // chunk's entries (about 300 bytes a game, 270 games a MiB) would be
  // mapped and faulted in afresh for every chunk (4 600 page faults on
  // 100 MB). From the heap instead, used again chunk after chunk.
  // (The library leaves the allocator alone: a program's own choice.)
  if (notation::validation_threads(o.files, v) > 1) {
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_MMAP_THRESHOLD, 8 << 20);
  }
#endif
  Printer printer(o.json);
  const notation::ValidationTally tally = notation::validate_inputs(o.files, v, printer);
  std::cout.flush();  // every diagnostic before the summary
  if (!o.quiet) err() << validation_summary(tally) << "\n";
  return tally.failed() ? kExitInvalid : kExitOk;
}

}  // namespace beyt::cli
