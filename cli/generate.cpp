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
  bool force = false;
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
                   "--max-turns turns is cut there and written unfinished (*). Random games\n"
                   "run long: at the default of 400 turns, of 600 games of each game (seed 1)\n"
                   "298 Seega, 91 Tab, 375 Dleb, 93 Mankalah and 592 Um el-Banat games are\n"
                   "cut (Um el-Banat's median is about 11 650 turns and its longest 135 298,\n"
                   "and some Tab games never end): --max-turns 200000 finishes the Um el-Banat\n"
                   "games. The -o file is written to a temporary file and renamed at the end:\n"
                   "it appears whole or not at all.");
  line.option("game", "game name (see beyt games)", o.game)
      .option("rules", "rules text, e.g. \"walker; size=7\" (default: the default preset)", o.rules)
      .option("seed", "random seed", o.seed)
      .with_default()
      .option("count", "number of games", o.count)
      .range(1, 4294967295.0L)
      .with_default()
      .option("max-turns", "stop a game after this many turns (written unfinished, *)", o.max_turns)
      .range(1, 4294967295.0L)
      .with_default()
      .option("o,output", "output file (default: - standard output)", o.output)
      .option("to", "output format: " + notation::format_list() + " (default: from -o, else text)", o.to)
      .option("format", "the same as --to", o.format)
      .option("force", "replace the output file even if it is write-protected (as cp -f)", o.force);
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.game.empty()) return usage_error("generate", "--game NAME is required (see beyt games)");
  std::string error;
  const Game* game = match_game(o.game, error);
  if (!game) return usage_error("generate", error);
  if (!fold_alias("format", o.format, "to", o.to, error)) return usage_error("generate", error);
  RuleSet rules;
  if (Error e = game->parse_rules(o.rules, rules))
    return usage_error("generate", "--rules: " + e.reason + " (at character " + std::to_string(e.offset + 1) + ")");
  notation::Format format;
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, format))
    return usage_error("generate", format_error("to", o.to));
  Output output;  // the file appears whole, or not at all (cli.hpp)
  if (!output.open(o.output, error, output_options(o.force))) {
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
