// beyt dedupe FILE... [-o OUT] [--report] : the games of the inputs without
// their duplicates. Two games are duplicates when they are of the same game
// under the same rules, from the same start position, with the same main
// line; tags, comments, NAGs, variations and the result are not compared.
// The first of each set is kept. Streams: a 128-bit hash of each game kept
// is all that is held (notation::game_identity, game_hash: canonical.hpp).
#include <iostream>
#include <unordered_map>

#include "collection.hpp"
#include "command_line.hpp"

namespace beyt::cli {
namespace {

struct DedupeOptions {
  CommonOptions common;
  bool report = false;
};

struct GameHashHasher {
  std::size_t operator()(const notation::GameHash& h) const noexcept {
    return static_cast<std::size_t>(h.a ^ (h.b << 1));
  }
};

// Where a kept game came from.
struct Origin {
  std::uint32_t input;  // index into the list of input names
  std::uint32_t game;
};

class Deduper : public PrintingSink {
 public:
  Deduper(const DedupeOptions& o, RecordOutput& output) : o_(o), output_(output) {}

  void begin_input(Input&, notation::Format format) override { output_.input_format(format); }

  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    if (inputs_.empty() || inputs_.back() != input.name()) inputs_.push_back(input.name());
    const Origin here{static_cast<std::uint32_t>(inputs_.size() - 1), index};
    const notation::GameHash hash = notation::game_hash(notation::game_identity(record, input.name(), index));
    auto [it, fresh] = seen_.try_emplace(hash, here);
    if (fresh) {
      output_.writer().game(record);
      return true;
    }
    ++dropped;
    if (o_.report)
      err() << input.name() << " game " << index << ": duplicate of " << inputs_[it->second.input] << " game "
                << it->second.game << "\n";
    return true;
  }

  std::uint64_t dropped = 0;

 private:
  const DedupeOptions& o_;
  RecordOutput& output_;
  std::vector<std::string> inputs_;
  std::unordered_map<notation::GameHash, Origin, GameHashHasher> seen_;
};

}  // namespace

int run_dedupe(int argc, char** argv) {
  DedupeOptions o;
  CommandLine line("dedupe",
                   "Writes the games of the inputs (FILE..., - for standard input) without\n"
                   "duplicates, keeping the first of each set, unchanged and in input order.\n"
                   "Two games are duplicates when game, rules, start position and main line are\n"
                   "equal: the rules compared by their option values (walker and \"walker;\n"
                   "chain=mandatory\" are equal), the start by the engine's position text (no\n"
                   "SetUp equals a SetUp of the initial position), the turns in the engine's\n"
                   "canonical text. Tags, comments, NAGs, variations and the result are not\n"
                   "compared. A game that does not replay is compared as written.\n"
                   "--report lists each game dropped on standard error:\n"
                   "  b.json game 3: duplicate of a.beyt game 1\n"
                   "Exit status: 0 done, 1 a game could not be read, 2 usage error.");
  line.option("report", "list the duplicates dropped, with the game each repeats", o.report);
  add_common_options(line, o.common, "output file (default: - standard output)");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  RecordOutput output;
  if (int rc = output.open("dedupe", o.common)) return rc;
  Deduper deduper(o, output);
  ReadSummary r = notation::read_inputs(o.common.files, read_options(o.common), deduper);
  if (!output.finish("dedupe", r)) return kExitInvalid;
  if (!o.common.quiet)
    err() << "beyt dedupe: " << r.games << (r.games == 1 ? " game, " : " games, ") << r.games - deduper.dropped
              << " kept, " << deduper.dropped << (deduper.dropped == 1 ? " duplicate" : " duplicates")
              << " dropped\n";
  return kExitOk;
}

}  // namespace beyt::cli
