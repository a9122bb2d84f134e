// beyt stats FILE... [--json] : what a collection holds, per game and rule
// set: games, results, valid and invalid games, turns (min, median, max), the
// most frequent first turns, and for Mankalah and Um el-Banât the board and
// stage ends per game. Streams: only counters are kept.
#include <iostream>

#include "beyt/notation/stats.hpp"
#include "collection.hpp"
#include "command_line.hpp"

namespace beyt::cli {
namespace {

struct StatsOptions {
  CommonOptions common;
  bool json = false;
  std::uint32_t top = 5;
};

// The counters and both forms of the report are the library's
// (beyt/notation/stats.hpp), which the Python package shares.
class Counter : public PrintingSink {
 public:
  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    stats_.add(record, input.name(), index);
    return true;
  }
  const notation::CollectionStats& groups() const { return stats_; }

 private:
  notation::CollectionStats stats_;
};

void print_json(std::ostream& os, const notation::CollectionStats& stats, const ReadSummary& r, const StatsOptions& o) {
  os << stats.json(o.top, r.unreadable);
}

void print_table(std::ostream& os, const notation::CollectionStats& stats, const ReadSummary& r, const StatsOptions& o) {
  os << stats.table(o.top, r.unreadable);
}

}  // namespace

int run_stats(int argc, char** argv) {
  StatsOptions o;
  CommandLine line("stats",
                   "Counts what the inputs (FILE..., - for standard input) hold, per game and\n"
                   "rule set (the rules in their canonical text): games, results, valid and\n"
                   "invalid games (beyt validate), turns of the main line (min, median, max),\n"
                   "the most frequent first turns (in the engine's canonical text), and for\n"
                   "Mankalah and Um el-Banat the board or stage ends per valid game. A table\n"
                   "for people, or with --json one object for scripts:\n"
                   "  {\"games\": N, \"unreadable\": N, \"groups\": [{\"game\": \"seega\", \"rules\":\n"
                   "  \"walker\", \"games\": N, \"valid\": N, \"invalid\": N, \"results\": {\"1-0\": N,\n"
                   "  \"0-1\": N, \"1/2-1/2\": N, \"*\": N}, \"turns\": {\"min\": N, \"median\": N,\n"
                   "  \"max\": N}, \"first_turns\": [{\"turn\": \"c1,c5\", \"games\": N}, ...],\n"
                   "  \"board_ends\" (Mankalah) or \"stage_ends\" (Um el-Banat): {\"games\": N,\n"
                   "  \"min\": N, \"median\": N, \"max\": N, \"total\": N}}, ...]}\n"
                   "A median of an even count is the mean of the two middle values.\n"
                   "Exit status: 0 every game read, 1 a game could not be read, 2 usage error.");
  line.option("json", "one JSON object on standard output", o.json)
      .option("top", "how many first turns to list", o.top)
      .with_default();
  add_common_options(line, o.common, "", false);
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  Counter counter;
  ReadSummary r = notation::read_inputs(o.common.files, read_options(o.common), counter);
  // Standard output: a write that fails (a full device) is E503 at the end
  // of the run (StandardOutput, main.cpp).
  if (o.json) print_json(std::cout, counter.groups(), r, o);
  else print_table(std::cout, counter.groups(), r, o);
  return r.failed || r.unreadable > 0 ? kExitInvalid : kExitOk;
}

}  // namespace beyt::cli
