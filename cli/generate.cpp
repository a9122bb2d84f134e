// beyt generate --game G --rules R --seed S --count N : random legal games.
#include <iostream>

#include "beyt/game.hpp"
#include "beyt/notation/generate.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct GenerateOptions {
  std::string game;
  std::string rules;
  std::uint64_t seed = 1;
  std::uint32_t count = 1;
  std::uint32_t max_turns = 400;
  std::string output = "-";
  std::string to;
  std::string format;  // the same as --to
};

// One random playout from the initial position, as a record (the library's,
// beyt/notation/generate.hpp, which the Python package shares).
notation::GameRecord playout(const Game& game, const RuleSet& rules, Rng& rng, const GenerateOptions& o,
                             std::uint32_t round) {
  notation::GameRecord record;
  if (Error e = notation::random_game(game, rules, rng, o.seed, round, o.max_turns, record))
    throw std::runtime_error(e.reason);
  return record;
}

}  // namespace

int run_generate(int argc, char** argv) {
  GenerateOptions o;
  CommandLine line("generate",
                   "Writes N random legal games of a game under the given rules: each turn is\n"
                   "drawn uniformly from the legal turns (throws with the sticks' odds). The\n"
                   "same seed gives the same games. A game that has not ended after\n"
                   "--max-turns turns is written unfinished (*). The -o file is written to a\n"
                   "temporary file and renamed at the end: it appears whole or not at all.");
  line.option("game", "game name (see beyt games)", o.game)
      .option("rules", "rules text, e.g. \"walker; size=7\" (default: the default preset)", o.rules)
      .option("seed", "random seed", o.seed)
      .option("count", "number of games", o.count)
      .option("max-turns", "stop a game after this many turns", o.max_turns)
      .option("o,output", "output file (default: - standard output)", o.output)
      .option("to", "output format: " + notation::format_list() + " (default: from -o, else text)", o.to)
      .option("format", "the same as --to", o.format);
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.game.empty()) return usage_error("generate", "--game NAME is required (see beyt games)");
  std::string error;
  const Game* game = match_game(o.game, error);
  if (!game) return usage_error("generate", error);
  if (!fold_alias("format", o.format, "to", o.to, error)) return usage_error("generate", error);
  RuleSet rules;
  if (Error e = match_rules(*game, o.rules, rules))
    return usage_error("generate", "--rules: " + e.reason + " (at character " + std::to_string(e.offset + 1) + ")");
  notation::Format format;
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, format))
    return usage_error("generate", format_error("to", o.to));
  Output output;  // the file appears whole, or not at all (cli.hpp)
  if (!output.open(o.output, error)) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  Rng rng(o.seed);
  notation::RecordWriter writer(output.stream(), format);
  try {
    for (std::uint32_t i = 1; i <= o.count; ++i) writer.game(playout(*game, rules, rng, o, i));
  } catch (const std::runtime_error& e) {
    output.stream().setstate(std::ios::badbit);  // an unfinished document is not finished
    err() << "beyt generate: " << e.what() << "\n";
    return kExitInvalid;
  }
  writer.finish();
  if (!output.close(error)) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace beyt::cli
