// beyt perft --game G [--rules R] [--position TEXT] --depth N [--divide]:
// how many sequences of events of each length follow a position, a thin
// front end over beyt::perft and beyt::perft_divide (beyt/perft.hpp),
// printed as chess programs print them.
#include <iostream>

#include "beyt/perft.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct PerftCliOptions {
  std::string game, rules, position;
  int depth = 0;
  bool divide = false;
};

}  // namespace

int run_perft(int argc, char** argv) {
  PerftCliOptions o;
  CommandLine line("perft",
                   "Counts the sequences of events of each length from a position, as chess\n"
                   "programs count moves to check a move generator: an event is what beyt events\n"
                   "lists (a decision, or each outcome of a throw, counted once, not weighted).\n"
                   "Prints one line a depth, 'depth N: COUNT', for N = 1 .. --depth; with --divide,\n"
                   "the count at --depth of each first event, 'EVENT: COUNT', then a blank line and\n"
                   "'Nodes searched: TOTAL'. Reference counts: docs/LIBRARY.md, \"Perft\".\n"
                   "  beyt perft --game seega --depth 3\n"
                   "  beyt perft --game tab --depth 4 --divide\n"
                   "  beyt perft --game mankalah --rules ghasheem --position \"...\" --depth 2");
  line.option("game", "the game's name (see beyt games)", o.game)
      .option("rules", "the rules, e.g. \"walker; size=7\" (default: the first preset)", o.rules)
      .option("position", "a position text, as a SetUp tag holds it (default: the start)", o.position)
      .option("depth", "count sequences of 1 to this many events", o.depth)
      .range(1, kPerftMaxDepth)
      .option("divide", "the count at --depth of each first event, then the total", o.divide);
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.game.empty()) return usage_error("perft", "no --game given (see beyt games)");
  if (!line.count("depth")) return usage_error("perft", "no --depth given (1 to " + std::to_string(kPerftMaxDepth) + ")");
  std::string error;
  std::unique_ptr<State> state = position_from_options(o.game, o.rules, o.position, error);
  if (!state) return usage_error("perft", error);
  set_activity("counting perft to depth " + std::to_string(o.depth));
  // A listed event that does not apply: a fault of the game's engine.
  const auto fault = [](const Error& e) {
    err() << "beyt perft: error[" << code_id(e.code) << "]: " << e.reason << "\n";
    return kExitInvalid;
  };
  if (o.divide) {
    PerftDivide divide;
    if (Error e = perft_divide(*state, o.depth, divide)) return fault(e);
    for (const PerftBranch& b : divide.branches) std::cout << b.event << ": " << b.count << "\n";
    std::cout << "\nNodes searched: " << divide.total << "\n";
    return kExitOk;
  }
  PerftCounts counts;
  if (Error e = perft(*state, o.depth, counts)) return fault(e);
  for (std::size_t d = 0; d < counts.leaves.size(); ++d)
    std::cout << "depth " << d + 1 << ": " << counts.leaves[d] << "\n";
  return kExitOk;
}

}  // namespace beyt::cli
