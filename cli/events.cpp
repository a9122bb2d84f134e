// beyt events FILE [--ply P] [--record K] [--json], or
// beyt events --game G [--rules R] [--position TEXT] [--json]:
// the events that may come next at a position, a thin front end over
// notation::choices_at (beyt/notation/moves.hpp): the decisions of the
// player to move, or at a throw its outcomes with their probabilities.
// `beyt moves` is its old name: the same, the JSON list keyed "moves".
#include <iostream>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/moves.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct EventsOptions {
  std::string command;  // "events", or "moves" (the old name)
  std::string input;
  std::string record = "1";
  std::string ply;       // "12", "12.1.14"; empty: the end of the main line
  std::string from;
  std::string game, rules, position;
  bool json = false;
};

int print(const State& state, const EventsOptions& o) {
  const notation::Choices c = notation::choices_at(state);
  std::cout << (o.json ? notation::choices_json(c, o.command) + "\n" : notation::choices_text(c));
  return kExitOk;
}

// --game G [--rules R] [--position TEXT].
int events_of_position(const EventsOptions& o) {
  std::string error;
  std::unique_ptr<State> state = position_from_options(o.game, o.rules, o.position, error);
  if (!state) return usage_error(o.command, error);
  return print(*state, o);
}

int run(int argc, char** argv, std::string_view command) {
  EventsOptions o;
  o.command = std::string(command);
  CommandLine line(o.command,
                   "Lists the events that may come next at a position: the legal decisions of\n"
                   "the player to move, each as the notation writes it (in Tâb and Dleb one use\n"
                   "of a throw, e.g. 4K-O, 1+, 6--; in the other games a whole turn), or, where a\n"
                   "throw is due, its outcomes with their probabilities (notation/NOTATION.md\n"
                   "section 12). The position is that of record K of FILE after turn N (default:\n"
                   "after the last turn of the main line; 12.1.14: turn 14 of the first variation\n"
                   "of turn 12), or a position given by --game, --rules and --position.\n"
                   "`beyt moves` is the old name of this command (its JSON list keyed \"moves\").\n"
                   "  beyt events game.beyt --ply 12\n"
                   "  beyt events --game tab --json\n"
                   "  beyt events --game seega --rules walker --position \"...\"");
  line.option("ply", "the position after this turn (0: the start; 12.1.14: in a variation)", o.ply)
      .option("record", "record K of FILE (default 1)", o.record)
      .option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)", o.from)
      .option("game", "without FILE: the game's name (see beyt games)", o.game)
      .option("rules", "with --game: the rules, e.g. \"walker; size=7\" (default: the first preset)", o.rules)
      .option("position", "with --game: a position text, as a SetUp tag holds it (default: the start)", o.position)
      .option("json", "one JSON object: game, position, turn, actor, result, chance, outcomes, events", o.json)
      .positional("file", "a record file", o.input, "[FILE]");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.input.empty()) {
    if (o.game.empty()) return usage_error(o.command, "no FILE given (or use --game NAME)");
    if (line.count("ply") || line.count("record") || line.count("from"))
      return usage_error(o.command, "--ply, --record and --from go with a FILE");
    return events_of_position(o);
  }
  if (!o.game.empty() || !o.rules.empty() || !o.position.empty())
    return usage_error(o.command, "--game, --rules and --position go without a FILE; a record names its own");
  std::uint32_t wanted = 0;
  for (char c : o.record) {
    if (c < '0' || c > '9' || wanted > 100000000) return usage_error(o.command, "--record K must be a record number");
    wanted = wanted * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (wanted == 0) return usage_error(o.command, "--record K counts from 1");
  std::optional<notation::Format> from;
  if (!parse_format_option(o.from, from)) return usage_error(o.command, format_error("from", o.from));
  Input input;
  if (!open_input(input, o.input)) return kExitInvalid;
  PickVisitor picker(wanted);
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), input.format(from), picker);
  if (!picker.found()) {
    if (d) {
      print_diagnostic(std::cerr, d, &input, false);
      return kExitInvalid;
    }
    return usage_error(o.command, o.input + " has no game " + std::to_string(wanted));
  }
  const auto& record = picker.record();
  notation::NodePath path{{static_cast<std::uint32_t>(record.moves.size())}};
  if (!o.ply.empty() && !notation::NodePath::parse(o.ply, path))
    return usage_error(o.command, "--ply takes a turn (12) or a turn of a variation (12.1.14), not '" + o.ply + "'");
  const notation::Node* node = nullptr;
  std::string why;
  if (!notation::locate(record, path, node, why)) return usage_error(o.command, "game " + std::to_string(wanted) + ": " + why);
  notation::NodePosition at;
  d = notation::replay_to(record, input.name(), wanted, path, at);
  if (d) {
    print_diagnostic(std::cerr, d, &input, false);
    return kExitInvalid;
  }
  return print(*at.state, o);
}

}  // namespace

int run_events(int argc, char** argv) { return run(argc, argv, "events"); }

int run_moves(int argc, char** argv) { return run(argc, argv, "moves"); }

}  // namespace beyt::cli
