// beyt select FILE... [conditions] [-o OUT] : the games that match every
// condition, written unchanged (as pgn-extract's selection): tag values equal
// or matching a regular expression, a date range, game, rules, result,
// validity, length, and a position reached at some ply. Streams: one game in
// memory at a time.
#include <iostream>
#include <map>
#include <optional>
#include <regex>

#include "beyt/notation/replay.hpp"
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

struct TagCondition {
  std::string name;
  std::string value;               // '='
  std::optional<std::regex> regex;  // '~'
};

/// A date as the first and last day it may stand for, as YYYYMMDD numbers.
struct DateSpan {
  std::uint32_t first = 0, last = 0;
};

// "YYYY", "YYYY.MM" or "YYYY.MM.DD", each part digits or all '?' (PGN's
// Date form, parts may be left off). False if the year is unknown or the
// text is not a date.
bool parse_date(std::string_view text, DateSpan& out) {
  std::uint32_t parts[3] = {0, 0, 0};
  bool known[3] = {false, false, false};
  const std::size_t sizes[3] = {4, 2, 2};
  std::size_t at = 0;
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (at == text.size()) break;
      if (text[at] != '.') return false;
      ++at;
    }
    if (text.size() < at + sizes[i]) return false;
    std::string_view part = text.substr(at, sizes[i]);
    at += sizes[i];
    if (part.find_first_not_of('?') == std::string_view::npos) continue;
    for (char c : part)
      if (c < '0' || c > '9') return false;
    for (char c : part) parts[i] = parts[i] * 10 + static_cast<std::uint32_t>(c - '0');
    known[i] = true;
  }
  if (at != text.size() || !known[0]) return false;
  if ((known[1] && (parts[1] < 1 || parts[1] > 12)) || (known[2] && (parts[2] < 1 || parts[2] > 31))) return false;
  const std::uint32_t year = parts[0] * 10000;
  out.first = year + (known[1] ? parts[1] : 1) * 100 + (known[2] && known[1] ? parts[2] : 1);
  out.last = year + (known[1] ? parts[1] : 12) * 100 + (known[2] && known[1] ? parts[2] : 31);
  return true;
}

// Selects games and writes them.
class Selector : public GameSink {
 public:
  Selector(const SelectOptions& options, std::vector<TagCondition> tags, std::optional<DateSpan> from,
           std::optional<DateSpan> to, std::vector<const Game*> games, RecordOutput* output)
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
    for (const auto& t : tags_) {
      const notation::TagPair* tag = record.find_tag(t.name);
      std::string_view value;
      if (tag) {
        value = tag->value;
      } else {
        value = notation::roster_default(t.name);
        bool roster = false;
        for (auto r : notation::kRoster) roster = roster || r == t.name;
        if (!roster) return false;
      }
      if (t.regex ? !std::regex_search(value.begin(), value.end(), *t.regex) : value != t.value) return false;
    }
    if (from_ || to_) {
      const notation::TagPair* date = record.find_tag("Date");
      DateSpan span;
      if (!date || !parse_date(date->value, span)) return false;
      if (from_ && span.first < from_->first) return false;
      if (to_ && span.last > to_->last) return false;
    }
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
      for (const Game* g : games_) any = any || (tag && tag->value == g->name());
      if (!any) return false;
    }
    if (o_.rules.empty() && o_.position.empty() && !o_.valid && !o_.invalid) return true;
    Start start;
    const bool resolved = !resolve(record, file, index, "", start);
    if (!o_.rules.empty()) {
      RuleSet wanted;
      if (!resolved || match_rules(*start.game, o_.rules, wanted) || wanted.values() != start.rules.values())
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
      if (state.play(node.move)) return false;
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
  std::vector<TagCondition> tags_;
  std::optional<DateSpan> from_, to_;
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
                   "  --tag 'Event~coffee'    the tag's value contains a match of the ECMAScript\n"
                   "                          regular expression (anchor it: ~^Cairo$)\n"
                   "  --date 1835..1840       the Date lies wholly within the range: 1835.??.??\n"
                   "                          is in 1835..1840, not in 1835.06..1840; a bound is\n"
                   "                          YYYY, YYYY.MM or YYYY.MM.DD, either may be left out\n"
                   "  --game seega --rules lane   the Game tag; the rules equal (option values\n"
                   "                          compared, so walker and walker; chain=mandatory\n"
                   "                          are the same rules)\n"
                   "  --result 1-0            the result token (--result may be repeated, as\n"
                   "                          --game and --tag)\n"
                   "  --valid / --invalid     replays without error (beyt validate) or not\n"
                   "  --min-turns / --max-turns   the main line's number of turns\n"
                   "  --position TEXT         the main line reaches the position (the SetUp text,\n"
                   "                          beyt render --format position) at some ply\n"
                   "Games that cannot be read are reported and never written.\n"
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
      .option("max-turns", "at most N turns in the main line", o.max_turns)
      .option("position", "the main line reaches this position text", o.position)
      .option("invert", "write the games that do not match", o.invert)
      .option("count", "write nothing; print the number of games selected", o.count);
  add_common_options(line, o.common, "output file (default: - standard output)");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  if (o.valid && o.invalid) return usage_error("select", "--valid and --invalid exclude each other");

  std::vector<TagCondition> tags;
  for (const auto& t : o.tags) {
    const std::size_t at = t.find_first_of("=~");
    if (at == std::string::npos || at == 0)
      return usage_error("select", "--tag '" + t + "': write NAME=VALUE or NAME~REGEX");
    TagCondition c;
    c.name = t.substr(0, at);
    if (t[at] == '=') {
      c.value = t.substr(at + 1);
    } else {
      try {
        c.regex.emplace(t.substr(at + 1), std::regex::ECMAScript);
      } catch (const std::regex_error& e) {
        return usage_error("select", "--tag '" + t + "': not a regular expression: " + e.what());
      }
    }
    tags.push_back(std::move(c));
  }
  std::optional<DateSpan> from, to;
  if (!o.date.empty()) {
    const std::size_t dots = o.date.find("..");
    DateSpan span;
    if (dots == std::string::npos) {
      if (!parse_date(o.date, span)) return usage_error("select", "--date '" + o.date + "': write FROM..TO");
      from = to = span;
    } else {
      const std::string a = o.date.substr(0, dots), b = o.date.substr(dots + 2);
      if (!a.empty()) {
        if (!parse_date(a, span)) return usage_error("select", "--date: '" + a + "' is not YYYY, YYYY.MM or YYYY.MM.DD");
        from = span;
      }
      if (!b.empty()) {
        if (!parse_date(b, span)) return usage_error("select", "--date: '" + b + "' is not YYYY, YYYY.MM or YYYY.MM.DD");
        to = span;
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
      Error e = match_rules(*g, o.rules, rules);
      any = any || !e;
      if (!e) continue;
      const std::string reason = std::string(g->name()) + ": " + e.reason;
      errors += (errors.empty() ? "" : "; ") + reason;
      if (e.reason.find("did you mean") != std::string::npos) hinted += (hinted.empty() ? "" : "; ") + reason;
    }
    if (!any) return usage_error("select", "--rules '" + o.rules + "': " + (hinted.empty() ? errors : hinted));
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
  ReadSummary r = read_inputs(o.common.files, o.common.from_format, selector);
  if (o.count ? r.failed || r.unreadable > 0 : !output.finish("select", r)) return kExitInvalid;
  if (o.count) std::cout << selector.selected << "\n";
  if (!o.common.quiet)
    err() << "beyt select: " << selector.selected << " of " << r.games << (r.games == 1 ? " game" : " games")
              << " selected\n";
  return kExitOk;
}

}  // namespace beyt::cli
