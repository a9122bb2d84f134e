// beyt validate FILE... : replay every game and report the first error of each.
#include <cxxopts.hpp>
#include <iostream>

#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "cli.hpp"

namespace beyt::cli {
namespace {

struct ValidateOptions {
  std::vector<std::string> files;
  std::string format;       // forced input format, or empty (from the extension)
  std::string game;         // game for records without a Game tag
  bool strict = false;
  bool json = false;        // --diagnostics json
  bool quiet = false;
};

struct Tally {
  std::uint64_t games = 0;
  std::uint64_t invalid = 0;
  bool failed_input = false;
};

class ValidatingVisitor : public notation::GameVisitor {
 public:
  ValidatingVisitor(const ValidateOptions& options, Input& input, Tally& tally)
      : options_(options), input_(input), tally_(tally) {}
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    notation::ReplayOptions replay_options;
    replay_options.default_game = options_.game;
    replay_options.strict = options_.strict;
    notation::Replay replay;
    ++tally_.games;
    notation::Diagnostic d = notation::replay(record, input_.name(), index, replay_options, replay);
    if (d) {
      ++tally_.invalid;
      print_diagnostic(std::cout, d, &input_, options_.json);
    }
    return true;
  }
  // JSON Lines: a line that cannot be read is one invalid game; the next goes on.
  bool error(const notation::Diagnostic& d) override {
    ++tally_.games;
    ++tally_.invalid;
    print_diagnostic(std::cout, d, &input_, options_.json);
    return true;
  }

 private:
  const ValidateOptions& options_;
  Input& input_;
  Tally& tally_;
};

// Text files go on after a syntax error: the reader skips to the next game.
void validate_text(const ValidateOptions& options, Input& input, Tally& tally) {
  notation::ReadOptions read_options;
  read_options.strict = options.strict;
  notation::TextReader reader(input.stream(), input.name(), read_options);
  ValidatingVisitor visitor(options, input, tally);
  notation::GameRecord record;
  for (;;) {
    if (reader.next(record)) {
      visitor.game(std::move(record), reader.game_index());
      record = {};
      continue;
    }
    const notation::Diagnostic& d = reader.error();
    if (!d) break;
    ++tally.games;
    ++tally.invalid;
    print_diagnostic(std::cout, d, &input, options.json);
    if (!reader.recover()) break;
  }
}

void validate_file(const ValidateOptions& options, const std::string& path, Tally& tally) {
  Input input;
  std::string error;
  notation::Format format;
  if (!choose_format(path, options.format, format)) return;  // checked before
  if (!input.open(path, error)) {
    notation::Diagnostic d;
    d.code = Code::io_error;
    d.reason = error;
    d.file = path;
    print_diagnostic(std::cout, d, nullptr, options.json);
    tally.failed_input = true;
    return;
  }
  if (format == notation::Format::text) {
    validate_text(options, input, tally);
    return;
  }
  ValidatingVisitor visitor(options, input, tally);
  notation::Diagnostic d = notation::read_games(input.stream(), path, format, visitor);
  if (d) {
    ++tally.invalid;
    print_diagnostic(std::cout, d, &input, options.json);
  }
}

}  // namespace

int run_validate(int argc, char** argv) {
  ValidateOptions o;
  cxxopts::Options spec("beyt validate",
                        "Replays every game of each FILE (text, JSON or XML; - for standard input)\n"
                        "through its rules engine and reports the first illegal move of each game as\n"
                        "file:line:column: error[CODE]: game N, turn T, PLAYER: reason (docs/ERRORS.md).\n"
                        "Exit status: 0 all valid, 1 some invalid, 2 usage error.");
  spec.positional_help("FILE...");
  spec.add_options()
      ("strict", "also reject what the canonical form lacks (turn numbers, roster, move form)",
       cxxopts::value(o.strict))
      ("game", "game of records without a Game tag (see beyt games)", cxxopts::value(o.game))
      ("format", "input format: text, json, xml or jsonl (default: from the extension)", cxxopts::value(o.format))
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
  notation::Format format;
  if (!choose_format("", o.format, format)) return usage_error("validate", "--format must be text, json or xml");
  if (!o.game.empty() && !find_game(o.game)) return usage_error("validate", "unknown game '" + o.game + "'");
  Tally tally;
  for (const auto& path : o.files) validate_file(o, path, tally);
  if (!o.quiet)
    std::cerr << "beyt validate: " << tally.games << (tally.games == 1 ? " game, " : " games, ")
              << tally.games - tally.invalid << " valid, " << tally.invalid << " invalid\n";
  return tally.invalid > 0 || tally.failed_input ? kExitInvalid : kExitOk;
}

}  // namespace beyt::cli
