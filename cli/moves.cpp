// beyt moves FILE [--ply P] [--record K] [--json], or
// beyt moves --game G [--rules R] [--position TEXT] [--json]:
// what may come next at a position, a thin front end over
// notation::choices_at (beyt/notation/moves.hpp): the decisions of the
// player to move, or at a throw its outcomes with their probabilities.
#include <iostream>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/moves.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct MovesOptions {
  std::string input;
  std::string record = "1";
  std::string ply;       // "12", "12.1.14"; empty: the end of the main line
  std::string from;
  std::string game, rules, position;
  bool json = false;
};

int print(const State& state, bool json) {
  const notation::Choices c = notation::choices_at(state);
  std::cout << (json ? notation::choices_json(c) + "\n" : notation::choices_text(c));
  return kExitOk;
}

// --game G [--rules R] [--position TEXT].
int moves_of_position(const MovesOptions& o) {
  std::string error;
  std::unique_ptr<State> state = position_from_options(o.game, o.rules, o.position, error);
  if (!state) return usage_error("moves", error);
  return print(*state, o.json);
}

}  // namespace

int run_moves(int argc, char** argv) {
  MovesOptions o;
  CommandLine line("moves",
                   "Lists what may come next at a position: the legal decisions of the player\n"
                   "to move, each as the notation writes it (in Tâb and Dleb one use of a throw,\n"
                   "e.g. 4K-O, 1+, 6--; in the other games a whole turn), or, where a throw is\n"
                   "due, its outcomes with their probabilities (notation/NOTATION.md section 12).\n"
                   "The position is that of record K of FILE after turn N (default: after the\n"
                   "last turn of the main line; 12.1.14: turn 14 of the first variation of turn\n"
                   "12), or a position given by --game, --rules and --position.\n"
                   "  beyt moves game.beyt --ply 12\n"
                   "  beyt moves --game tab --json\n"
                   "  beyt moves --game seega --rules walker --position \"...\"");
  line.option("ply", "the position after this turn (0: the start; 12.1.14: in a variation)", o.ply)
      .option("record", "record K of FILE (default 1)", o.record)
      .option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)", o.from)
      .option("game", "without FILE: the game's name (see beyt games)", o.game)
      .option("rules", "with --game: the rules, e.g. \"walker; size=7\" (default: the first preset)", o.rules)
      .option("position", "with --game: a position text, as a SetUp tag holds it (default: the start)", o.position)
      .option("json", "one JSON object: game, position, turn, actor, result, chance, outcomes, moves", o.json)
      .positional("file", "a record file", o.input, "[FILE]");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.input.empty()) {
    if (o.game.empty()) return usage_error("moves", "no FILE given (or use --game NAME)");
    if (line.count("ply") || line.count("record") || line.count("from"))
      return usage_error("moves", "--ply, --record and --from go with a FILE");
    return moves_of_position(o);
  }
  if (!o.game.empty() || !o.rules.empty() || !o.position.empty())
    return usage_error("moves", "--game, --rules and --position go without a FILE; a record names its own");
  std::uint32_t wanted = 0;
  for (char c : o.record) {
    if (c < '0' || c > '9' || wanted > 100000000) return usage_error("moves", "--record K must be a record number");
    wanted = wanted * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (wanted == 0) return usage_error("moves", "--record K counts from 1");
  std::optional<notation::Format> from;
  if (!parse_format_option(o.from, from)) return usage_error("moves", format_error("from", o.from));
  Input input;
  if (!open_input(input, o.input)) return kExitInvalid;
  PickVisitor picker(wanted);
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), input.format(from), picker);
  if (!picker.found()) {
    if (d) {
      print_diagnostic(std::cerr, d, &input, false);
      return kExitInvalid;
    }
    return usage_error("moves", o.input + " has no game " + std::to_string(wanted));
  }
  const auto& record = picker.record();
  notation::NodePath path{{static_cast<std::uint32_t>(record.moves.size())}};
  if (!o.ply.empty() && !notation::NodePath::parse(o.ply, path))
    return usage_error("moves", "--ply takes a turn (12) or a turn of a variation (12.1.14), not '" + o.ply + "'");
  const notation::Node* node = nullptr;
  std::string why;
  if (!notation::locate(record, path, node, why)) return usage_error("moves", "game " + std::to_string(wanted) + ": " + why);
  notation::NodePosition at;
  d = notation::replay_to(record, input.name(), wanted, path, at);
  if (d) {
    print_diagnostic(std::cerr, d, &input, false);
    return kExitInvalid;
  }
  return print(*at.state, o.json);
}

}  // namespace beyt::cli
