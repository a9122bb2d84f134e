// beyt select FILE... [conditions] [-o OUT] : the games that match every
// condition, written unchanged (as pgn-extract's selection): tag values equal
// or matching a regular expression, a date range, game, rules, result,
// validity, length, and a position reached at some ply. Streams: one game in
// memory at a time. The tag and date conditions are the library's
// (beyt/notation/select.hpp).
#include <iostream>
#include <map>
#include <optional>

#include "beyt/chars.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/select.hpp"
#include "collection.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct SelectOptions {
  CommonOptions common;
  std::vector<std::string> tags;     // NAME=VALUE or NAME~REGEX
  std::string date;                  // FROM..TO
  std::vector<std::string> games;    // any of these
  std::string rules;
  std::vector<std::string> results;  // any of these
  bool valid = false, invalid = false;
  std::int64_t min_turns = -1, max_turns = -1;
  std::string position;
  bool invert = false;
  bool count = false;
};

// Selects games and writes them.
class Selector : public PrintingSink {
 public:
  Selector(const SelectOptions& options, std::vector<notation::TagCondition> tags, std::optional<notation::Date> from,
           std::optional<notation::Date> to, std::vector<const Game*> games, RecordOutput* output)
      : o_(options), tags_(std::move(tags)), from_(from), to_(to), games_(std::move(games)), output_(output) {}

  void begin_input(Input&, notation::Format format) override {
    if (output_) output_->input_format(format);
  }

  std::uint64_t selected = 0;

  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    if (matches(record, input.name(), index) != o_.invert) {
      ++selected;
      if (output_) output_->writer().game(record);
    }
    return true;
  }

 private:
  bool matches(const notation::GameRecord& record, const std::string& file, std::uint32_t index) {
    for (const auto& t : tags_)
      if (!t.matches(record)) return false;
    if ((from_ || to_) && !notation::date_within(record, from_ ? &*from_ : nullptr, to_ ? &*to_ : nullptr))
      return false;
    if (!o_.results.empty()) {
      bool any = false;
      for (const auto& r : o_.results) any = any || r == record.result;
      if (!any) return false;
    }
    const auto turns = static_cast<std::int64_t>(record.moves.size());
    if (o_.min_turns >= 0 && turns < o_.min_turns) return false;
    if (o_.max_turns >= 0 && turns > o_.max_turns) return false;
    if (!games_.empty()) {
      const notation::TagPair* tag = record.find_tag("Game");
      bool any = false;
      const Game* named = tag ? find_game(tag->value) : nullptr;  // in any case, as the validator reads it
      for (const Game* g : games_) any = any || named == g;
      if (!any) return false;
    }
    if (o_.rules.empty() && o_.position.empty() && !o_.valid && !o_.invalid) return true;
    Start start;
    const bool resolved = !resolve(record, file, index, "", start);
    if (!o_.rules.empty()) {
      RuleSet wanted;
      if (!resolved || start.game->parse_rules(o_.rules, wanted) || wanted.values() != start.rules.values())
        return false;
    }
    if (o_.valid || o_.invalid) {
      notation::Replay replay;
      const bool valid = resolved && !notation::replay(record, file, index, {}, replay);
      if (o_.valid != valid) return false;
    }
    if (!o_.position.empty()) return resolved && reaches(record, start);
    return true;
  }

  // Does the main line reach the --position text at some ply (the start included)?
  bool reaches(const notation::GameRecord& record, const Start& start) {
    const State* target = target_for(*start.game, start.rules);
    if (!target) return false;
    State& state = *start.state;
    if (state.equals(*target)) return true;
    for (const auto& node : record.moves) {
      if (state.play_turn(node.move)) return false;
      if (state.equals(*target)) return true;
    }
    return false;
  }

  // The --position text as a State of `game` under `rules`, or null if it is
  // not a position there. Built once per game and rule set.
  const State* target_for(const Game& game, const RuleSet& rules) {
    std::string key = std::string(game.name()) + '\n' + rules.canonical();
    auto it = targets_.find(key);
    if (it == targets_.end()) {
      std::unique_ptr<State> state;
      if (game.new_state(rules, o_.position, state)) state.reset();
      it = targets_.emplace(std::move(key), std::move(state)).first;
    }
    return it->second.get();
  }

  const SelectOptions& o_;
  std::vector<notation::TagCondition> tags_;
  std::optional<notation::Date> from_, to_;
  std::vector<const Game*> games_;
  RecordOutput* output_;  // none with --count
  std::map<std::string, std::unique_ptr<State>> targets_;
};

}  // namespace

int run_select(int argc, char** argv) {
  SelectOptions o;
  CommandLine line("select",
                   "Writes the games of each FILE (- for standard input) that match every\n"
                   "condition given, unchanged, in input order; --invert writes the others.\n"
                   "Conditions:\n"
                   "  --tag Site=Cairo        the tag's value is Cairo (a missing roster tag has\n"
                   "                          its default: ? for Site, ????.??.?? for Date)\n"
                   "  --tag 'Event~coffee'    the tag's value contains a match of the regular\n"
                   "                          expression (RE2 syntax, linear time; anchor it:\n"
                   "                          ~^Cairo$)\n"
                   "  --date 1835..1840       the Date lies wholly within the range: 1835.??.??\n"
                   "                          is in 1835..1840, not in 1835.06..1840; a bound is\n"
                   "                          YYYY, YYYY.MM or YYYY.MM.DD, either may be left out;\n"
                   "                          a Date that validate rejects (E205) is in no range\n"
                   "  --game seega --rules lane   the Game tag; the rules equal (option values\n"
                   "                          compared, so walker and walker; chain=mandatory\n"
                   "                          are the same rules)\n"
                   "  --result 1-0            the result token (--result may be repeated, as\n"
                   "                          --game and --tag)\n"
                   "  --valid / --invalid     replays without error (beyt validate) or not\n"
                   "  --min-turns / --max-turns   the main line's number of turns\n"
                   "  --position TEXT         the main line reaches the position (the SetUp text,\n"
                   "                          beyt render --format position) at some ply\n"
                   "Games that cannot be read are reported and never written (--count still\n"
                   "prints the count of the others).\n"
                   "Exit status: 0 every game read (whether any matched or not), 1 a game could\n"
                   "not be read, 2 usage error.");
  line.option("tag", "NAME=VALUE or NAME~REGEX (repeatable: all must hold)", o.tags)
      .option("date", "FROM..TO: the Date within this range", o.date)
      .option("game", "the game (repeatable: any of them)", o.games)
      .option("rules", "rules equal to these (with --game or the game of each record)", o.rules)
      .option("result", "1-0, 0-1, 1/2-1/2 or * (repeatable: any of them)", o.results)
      .option("valid", "games that replay without error", o.valid)
      .option("invalid", "games that do not replay", o.invalid)
      .option("min-turns", "at least N turns in the main line", o.min_turns)
      .range(0, 4294967295.0L)
      .option("max-turns", "at most N turns in the main line", o.max_turns)
      .range(0, 4294967295.0L)
      .option("position", "the main line reaches this position text", o.position)
      .option("invert", "write the games that do not match", o.invert)
      .option("count", "write nothing; print the number of games selected", o.count);
  add_common_options(line, o.common, "output file (default: - standard output)");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  if (o.valid && o.invalid) return usage_error("select", "--valid and --invalid exclude each other");

  std::vector<notation::TagCondition> tags;
  for (const auto& t : o.tags) {
    notation::TagCondition c;
    std::string why;
    if (!notation::TagCondition::parse(t, c, why))
      return usage_error("select", "--tag '" + chars::excerpt(t) + "': " + why);
    tags.push_back(std::move(c));
  }
  std::optional<notation::Date> from, to;
  if (!o.date.empty()) {
    const std::size_t dots = o.date.find("..");
    notation::Date bound;
    std::string why;
    if (dots == std::string::npos) {
      if (!notation::parse_date_bound(o.date, bound, why))
        return usage_error("select", "--date: " + why + " (write FROM..TO)");
      from = to = bound;
    } else {
      const std::string a = o.date.substr(0, dots), b = o.date.substr(dots + 2);
      if (!a.empty()) {
        if (!notation::parse_date_bound(a, bound, why)) return usage_error("select", "--date: " + why);
        from = bound;
      }
      if (!b.empty()) {
        if (!notation::parse_date_bound(b, bound, why)) return usage_error("select", "--date: " + why);
        to = bound;
      }
    }
  }
  std::vector<const Game*> games;
  for (const auto& name : o.games) {
    std::string error;
    const Game* g = match_game(name, error);
    if (!g) return usage_error("select", error);
    games.push_back(g);
  }
  if (!o.rules.empty()) {  // rules that no game (of --game) can read are a usage error
    std::string errors, hinted;  // the games' reasons; those with a suggestion
    bool any = false;
    for (const Game* g : games.empty() ? game_table() : games) {
      RuleSet rules;
      Error e = g->parse_rules(o.rules, rules);
      any = any || !e;
      if (!e) continue;
      const std::string reason = std::string(g->name()) + ": " + e.reason;
      errors += (errors.empty() ? "" : "; ") + reason;
      if (e.reason.find("did you mean") != std::string::npos) hinted += (hinted.empty() ? "" : "; ") + reason;
    }
    if (!any) return usage_error("select", "--rules '" + chars::excerpt(o.rules) + "': " + (hinted.empty() ? errors : hinted));
  }
  if (!o.position.empty()) {  // a position that no game (of --game, under --rules) can read is a usage error
    std::string errors;
    bool any = false;
    for (const Game* g : games.empty() ? game_table() : games) {
      RuleSet rules;
      if (g->parse_rules(o.rules, rules)) continue;  // rules this game cannot read (checked above)
      std::unique_ptr<State> state;
      Error e = g->new_state(rules, o.position, state);
      any = any || !e;
      if (e)
        errors += (errors.empty() ? "" : "; ") + std::string(g->name()) + ": " + e.reason + " (at character " +
                  std::to_string(e.offset + 1) + ")";
    }
    if (!any) return usage_error("select", "--position '" + chars::excerpt(o.position) + "': " + errors);
  }
  for (const auto& r : o.results) {
    Result ignored;
    if (!parse_result_token(r, ignored)) return usage_error("select", "--result must be 1-0, 0-1, 1/2-1/2 or *");
  }
  RecordOutput output;
  if (o.count) {
    if (!inputs_exist(o.common.files)) return kExitInvalid;
  } else if (int rc = output.open("select", o.common)) {
    return rc;
  }
  Selector selector(o, std::move(tags), from, to, std::move(games), o.count ? nullptr : &output);
  ReadSummary r = notation::read_inputs(o.common.files, read_options(o.common), selector);
  // --count prints the count of the games read even when one could not be
  // (and exits 1, as validate would); written games go out only when all were read.
  const bool all_read = !r.failed && r.unreadable == 0;
  if (!o.count && !output.finish("select", r)) return kExitInvalid;
  if (o.count) std::cout << selector.selected << "\n";
  if (!o.common.quiet) {
    std::ostream& e = err();
    e << "beyt select: " << selector.selected << " of " << r.games << (r.games == 1 ? " game" : " games")
      << " selected";
    if (!all_read) e << "; " << r.unreadable << (r.unreadable == 1 ? " error" : " errors") << " in games that could not be read";
    e << "\n";
  }
  return all_read ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
