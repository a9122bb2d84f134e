// beyt validate FILE... : replay every game and report the first error of each.
#include <algorithm>
#include <cxxopts.hpp>
#include <iostream>

#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "cli.hpp"
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
};

// The summary's counts (printed by summary()):
//  * inputs: the FILE arguments; of them, those that could not be read
//    (E501: not found, a directory, no permission, a read failure);
//  * games: every game a reader delimited, valid or invalid: a game is
//    invalid when its replay fails or a reader found an error inside it (it
//    is counted once, however many errors it has);
//  * errors outside any game that did not stop the reading (text: before
//    the first game);
//  * inputs whose checking stopped early: an error the reader cannot go on
//    from (JSON syntax; XML outside the games): the games after it were not
//    checked, and the diagnostic and the summary say where it stopped.
struct Tally {
  std::uint64_t inputs = 0;
  std::uint64_t unreadable = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::uint64_t outside = 0;
  std::uint64_t stopped = 0;
  std::uint64_t warnings = 0;
  std::string stop;  // where the last stop happened: "of x.json at game 5"

  bool failed() const { return unreadable + invalid + outside + stopped > 0; }
};

std::string count(std::uint64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "beyt validate: 2 inputs, 12 games: 10 valid, 2 invalid" and what else
// went wrong, then the warnings ("; 1 warning").
std::string summary(const Tally& t) {
  std::string s = "beyt validate: " + count(t.inputs, "input", "inputs");
  if (t.unreadable > 0) s += " (" + std::to_string(t.unreadable) + " could not be read)";
  s += ", " + count(t.valid + t.invalid, "game", "games") + ": " + std::to_string(t.valid) + " valid, " +
       std::to_string(t.invalid) + " invalid";
  if (t.outside > 0) s += "; " + count(t.outside, "error", "errors") + " outside the games";
  if (t.stopped == 1) s += "; checking " + t.stop + ": the rest was not checked";
  else if (t.stopped > 1) s += "; checking stopped early in " + std::to_string(t.stopped) + " inputs: the rest of each was not checked";
  if (t.warnings > 0) s += "; " + count(t.warnings, "warning", "warnings");
  return s;
}

class ValidatingVisitor : public notation::GameVisitor {
 public:
  ValidatingVisitor(const ValidateOptions& options, Input& input, Tally& tally)
      : options_(options), input_(input), tally_(tally) {}

  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    input_.forget_before(record.loc.offset);
    seen_ = std::max(seen_, index);
    notation::ReplayOptions replay_options;
    replay_options.default_game = options_.game;
    replay_options.strict = options_.strict;
    notation::Replay replay;
    notation::Diagnostic d = notation::replay(record, input_.name(), index, replay_options, replay);
    if (d) report(d);
    else ++tally_.valid;
    for (const auto& w : replay.warnings) warning(w);
    return true;
  }
  // An error that spoils one game: report it and go on with the next.
  bool error(const notation::Diagnostic& d) override {
    report(d);
    if (d.loc.line > 0) input_.forget_before(d.loc.offset);  // quoted: nothing before it is needed
    return true;
  }

  // A warning the reader met (W101): reported, counted, never a failure.
  void warning(const notation::Diagnostic& w) override {
    print_diagnostic(std::cout, w, &input_, options_.json);
    ++tally_.warnings;
  }

  // The error the reader stopped at (read_games' result).
  void stopped(notation::Diagnostic d) {
    if (d.code == Code::io_error) {
      ++tally_.unreadable;
      print_diagnostic(std::cout, d, &input_, options_.json);
      return;
    }
    ++tally_.stopped;
    std::string where;
    if (d.game > 0) where = "at game " + std::to_string(d.game);
    else if (seen_ > 0) where = "after game " + std::to_string(seen_);
    else where = "before the first game";
    d.reason += "; checking stopped here, " + where + ": the rest of the file was not checked";
    tally_.stop = "of " + input_.name() + " stopped " + where;
    report(d, false);
  }

 private:
  // Counts the game `d` spoils (once, however many errors it has), or an
  // error outside the games that did not stop the reading; prints `d`.
  void report(const notation::Diagnostic& d, bool count_outside = true) {
    if (d.game > 0) {
      seen_ = std::max(seen_, d.game);
      if (d.game != last_invalid_) ++tally_.invalid;
      last_invalid_ = d.game;
    } else if (count_outside) {
      ++tally_.outside;
    }
    print_diagnostic(std::cout, d, &input_, options_.json);
  }

  const ValidateOptions& options_;
  Input& input_;
  Tally& tally_;
  std::uint32_t seen_ = 0;          // the last game index met
  std::uint32_t last_invalid_ = 0;  // the last game counted invalid
};

// W102: an input that holds no game at all (an error under --strict,
// counted as an error outside the games).
void no_games(const ValidateOptions& options, Input& input, notation::Format format, Tally& tally) {
  notation::Diagnostic d;
  d.code = Code::no_games;
  d.reason = format == notation::Format::text ? "no game in this input: it is empty or holds only blanks"
                                              : "no game in this input: its list of games is empty";
  d.file = input.name();
  d.severity = options.strict ? Severity::error : Severity::warning;
  print_diagnostic(std::cout, d, &input, options.json);
  if (options.strict) ++tally.outside;
  else ++tally.warnings;
}

void validate_file(const ValidateOptions& options, const std::string& path, Tally& tally) {
  ++tally.inputs;
  Input input;
  std::string error;
  if (!input.open(path, error)) {
    print_file_error(std::cout, Code::io_error, path, error, options.json);
    ++tally.unreadable;
    return;
  }
  std::optional<notation::Format> forced;
  parse_format_option(options.format, forced);  // checked before
  const notation::Format format = input.format(forced);
  const Tally before = tally;
  ValidatingVisitor visitor(options, input, tally);
  notation::ReadOptions read_options;
  read_options.strict = options.strict;
  notation::Diagnostic d = notation::read_games(input.stream(), path, format, visitor, read_options);
  if (d) visitor.stopped(std::move(d));  // the visitor goes on wherever the reader can
  if (tally.valid == before.valid && tally.invalid == before.invalid && tally.outside == before.outside &&
      tally.stopped == before.stopped && tally.unreadable == before.unreadable)
    no_games(options, input, format, tally);
}

}  // namespace

int run_validate(int argc, char** argv) {
  ValidateOptions o;
  cxxopts::Options spec("beyt validate",
                        "Replays every game of each FILE (text, JSON, XML or JSON Lines; - for\n"
                        "standard input)\n"
                        "through its rules engine and reports the first illegal move of each game as\n"
                        "file:line:column: error[CODE]: game N, turn T, PLAYER: reason (docs/ERRORS.md).\n"
                        "A broken game does not stop the others: text goes on at the next tag section,\n"
                        "XML at the next <game>, JSON Lines at the next line, JSON after a structure\n"
                        "error; where that is not\n"
                        "possible (a JSON syntax error) the diagnostic and the summary say where\n"
                        "checking stopped. The summary (standard error) counts inputs, those that\n"
                        "could not be read, games, valid and invalid ones, and warnings.\n"
                        "Warnings (warning[W...]: a finished game recorded with *, a byte-order mark, an\n"
                        "input with no game) do not fail validation; --strict makes them errors.\n"
                        "Exit status: 0 all valid, 1 some invalid or unreadable, 2 usage error.");
  spec.positional_help("FILE...");
  spec.add_options()
      ("strict", "also reject what the canonical form lacks (turn numbers, roster, move form) and make warnings errors",
       cxxopts::value(o.strict))
      ("game", "game of records without a Game tag (see beyt games)", cxxopts::value(o.game))
      ("from", "input format: text, json, xml or jsonl (default: from the extension, else the content)",
       cxxopts::value(o.format))
      ("format", "the older name of --from (kept for scripts; --format is the output format elsewhere)",
       cxxopts::value(o.old_format))
      ("diagnostics", "diagnostics as text (default) or json (one object per line)",
       cxxopts::value<std::string>()->default_value("text"))
      ("q,quiet", "no summary line on standard error", cxxopts::value(o.quiet))
      ("h,help", "this help")
      ("files", "record files", cxxopts::value(o.files));
  spec.parse_positional({"files"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "validate", exit_code);
  if (!parsed) return exit_code;
  std::string diagnostics = (*parsed)["diagnostics"].as<std::string>();
  if (diagnostics != "text" && diagnostics != "json")
    return usage_error("validate", "--diagnostics must be text or json");
  o.json = diagnostics == "json";
  if (o.files.empty()) return usage_error("validate", "no FILE given");
  std::string error;
  if (!fold_alias("format", o.old_format, "from", o.format, error)) return usage_error("validate", error);
  std::optional<notation::Format> format;
  if (!parse_format_option(o.format, format)) return usage_error("validate", format_error("from", o.format));
  if (!o.game.empty()) {
    const Game* game = match_game(o.game, error);
    if (!game) return usage_error("validate", error);
    o.game = std::string(game->name());
  }
  Tally tally;
  for (const auto& path : o.files) validate_file(o, path, tally);
  std::cout.flush();  // every diagnostic before the summary
  if (!o.quiet) err() << summary(tally) << "\n";
  return tally.failed() ? kExitInvalid : kExitOk;
}

}  // namespace beyt::cli
