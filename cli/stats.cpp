// beyt stats FILE... [--json] : what a collection holds, per game and rule
// set: games, results, valid and invalid games, turns (min, median, max), the
// most frequent first turns, and for Mankalah and Um el-Banât the board and
// stage ends per game. Streams: only counters are kept.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "beyt/notation/replay.hpp"
#include "collection.hpp"
#include "command_line.hpp"

namespace beyt::cli {
namespace {

struct StatsOptions {
  CommonOptions common;
  bool json = false;
  std::uint32_t top = 5;
};

/// Distinct first turns counted per group; beyond this many the others are
/// only counted together (a Mankalah tebweez is seldom repeated).
constexpr std::size_t kMaxFirstTurns = 10000;

/// Counts of a whole-number measure; min, median and max from them.
class Spread {
 public:
  void add(std::uint64_t v) {
    ++counts_[v];
    ++n_;
  }
  std::uint64_t size() const { return n_; }
  std::uint64_t min() const { return counts_.empty() ? 0 : counts_.begin()->first; }
  std::uint64_t max() const { return counts_.empty() ? 0 : counts_.rbegin()->first; }
  std::uint64_t total() const {
    std::uint64_t t = 0;
    for (const auto& [v, c] : counts_) t += v * c;
    return t;
  }
  /// The middle value; for an even count the mean of the two middle values.
  double median() const {
    if (n_ == 0) return 0;
    return (nth((n_ - 1) / 2) + nth(n_ / 2)) / 2.0;
  }

 private:
  double nth(std::uint64_t k) const {  // 0-based, in sorted order
    for (const auto& [v, c] : counts_) {
      if (k < c) return static_cast<double>(v);
      k -= c;
    }
    return 0;
  }
  std::map<std::uint64_t, std::uint64_t> counts_;
  std::uint64_t n_ = 0;
};

struct Group {
  std::string game, rules;
  std::string ends_name;  // "board" (Mankalah), "stage" (Um el-Banat), else empty
  std::uint64_t games = 0, valid = 0, invalid = 0;
  std::map<std::string, std::uint64_t> results{{"1-0", 0}, {"0-1", 0}, {"1/2-1/2", 0}, {"*", 0}};
  Spread turns, ends;
  std::map<std::string, std::uint64_t> first;
  std::uint64_t other_first = 0;  // first turns past kMaxFirstTurns distinct ones
};

class Counter : public GameSink {
 public:
  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    Start start;
    const bool resolved = !resolve(record, input.name(), index, "", start);
    Group& g = group_of(record, resolved ? &start : nullptr);
    ++g.games;
    ++g.results[record.result];
    g.turns.add(record.moves.size());
    notation::Replay replay;
    const bool valid = resolved && !notation::replay(record, input.name(), index, {}, replay);
    ++(valid ? g.valid : g.invalid);
    if (record.moves.empty()) return true;
    std::string first = record.moves.front().move;
    if (resolved) {
      std::string canonical;
      if (!start.state->check(first, canonical)) first = canonical;
    }
    if (g.first.size() < kMaxFirstTurns || g.first.count(first)) ++g.first[first];
    else ++g.other_first;
    if (valid && !g.ends_name.empty()) {
      std::uint64_t ends = 0;
      for (const auto& node : record.moves) {
        if (start.state->to_move() == Actor::referee) ++ends;
        if (start.state->play(node.move)) break;
      }
      g.ends.add(ends);
    }
    return true;
  }

  std::vector<const Group*> groups() const {
    std::vector<const Group*> out;
    for (const auto& [key, g] : groups_) out.push_back(&g);
    return out;
  }

 private:
  Group& group_of(const notation::GameRecord& record, const Start* start) {
    std::string game, rules;
    std::size_t order = game_table().size();  // games beyt does not know come last
    if (start) {
      game = std::string(start->game->name());
      rules = start->rules.canonical();
      for (std::size_t i = 0; i < game_table().size(); ++i)
        if (game_table()[i] == start->game) order = i;
    } else {
      const notation::TagPair* g = record.find_tag("Game");
      const notation::TagPair* r = record.find_tag("Rules");
      game = g ? g->value : "";
      rules = r ? r->value : "";
    }
    auto [it, fresh] = groups_.try_emplace(std::make_tuple(order, game, rules));
    if (fresh) {
      it->second.game = game;
      it->second.rules = rules;
      if (game == "mankalah") it->second.ends_name = "board";
      if (game == "umelbanat") it->second.ends_name = "stage";
    }
    return it->second;
  }

  std::map<std::tuple<std::size_t, std::string, std::string>, Group> groups_;
};

// The `top` most frequent first turns, most frequent first (ties by text).
std::vector<std::pair<std::string, std::uint64_t>> top_first(const Group& g, std::uint32_t top) {
  std::vector<std::pair<std::string, std::uint64_t>> all(g.first.begin(), g.first.end());
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (all.size() > top) all.resize(top);
  return all;
}

nlohmann::ordered_json number(double v) {
  if (v == static_cast<double>(static_cast<std::uint64_t>(v))) return static_cast<std::uint64_t>(v);
  return v;
}

void print_json(std::ostream& os, const std::vector<const Group*>& groups, const ReadSummary& r, const StatsOptions& o) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  out["games"] = r.games;
  out["unreadable"] = r.unreadable;
  out["groups"] = nlohmann::ordered_json::array();
  for (const Group* g : groups) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    j["game"] = g->game;
    j["rules"] = g->rules;
    j["games"] = g->games;
    j["valid"] = g->valid;
    j["invalid"] = g->invalid;
    j["results"] = nlohmann::ordered_json::object();
    for (auto token : {"1-0", "0-1", "1/2-1/2", "*"}) j["results"][token] = g->results.at(token);
    j["turns"] = {{"min", g->turns.min()}, {"median", number(g->turns.median())}, {"max", g->turns.max()}};
    j["first_turns"] = nlohmann::ordered_json::array();
    for (const auto& [move, count] : top_first(*g, o.top)) j["first_turns"].push_back({{"turn", move}, {"games", count}});
    if (!g->ends_name.empty())
      j[g->ends_name + "_ends"] = {{"games", g->ends.size()}, {"min", g->ends.min()},
                                   {"median", number(g->ends.median())}, {"max", g->ends.max()},
                                   {"total", g->ends.total()}};
    out["groups"].push_back(std::move(j));
  }
  os << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

std::string median_text(double v) {
  std::ostringstream s;
  if (v == static_cast<double>(static_cast<std::uint64_t>(v))) s << static_cast<std::uint64_t>(v);
  else s << std::fixed << std::setprecision(1) << v;
  return s.str();
}

void print_table(std::ostream& os, const std::vector<const Group*>& groups, const ReadSummary& r, const StatsOptions& o) {
  for (const Group* g : groups) {
    os << (g->game.empty() ? "(no Game tag)" : g->game) << ", rules "
              << (g->rules.empty() ? "(default)" : "\"" + g->rules + "\"") << ": " << g->games
              << (g->games == 1 ? " game" : " games") << " (" << g->valid << " valid, " << g->invalid
              << " invalid)\n";
    os << "  results      ";
    const char* sep = "";
    for (auto token : {"1-0", "0-1", "1/2-1/2", "*"}) {
      os << sep << token << ": " << g->results.at(token);
      sep = ", ";
    }
    os << "\n  turns        min " << g->turns.min() << ", median " << median_text(g->turns.median())
              << ", max " << g->turns.max() << "\n";
    if (!g->ends_name.empty())
      os << "  " << g->ends_name << " ends   min "
                << g->ends.min() << ", median " << median_text(g->ends.median()) << ", max " << g->ends.max()
                << " per valid game (" << g->ends.total() << " in all)\n";
    auto firsts = top_first(*g, o.top);
    if (!firsts.empty()) {
      os << "  first turns  ";
      for (std::size_t i = 0; i < firsts.size(); ++i)
        os << (i ? ", " : "") << firsts[i].first << " (" << firsts[i].second << ")";
      os << "\n";
    }
  }
  os << "all: " << r.games << (r.games == 1 ? " game" : " games") << " in " << groups.size()
            << (groups.size() == 1 ? " group" : " groups");
  if (r.unreadable > 0) os << "; " << r.unreadable << " could not be read";
  os << "\n";
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
  ReadSummary r = read_inputs(o.common.files, o.common.from_format, counter);
  // Standard output: a write that fails (a full device) is E503 at the end
  // of the run (StandardOutput, main.cpp).
  if (o.json) print_json(std::cout, counter.groups(), r, o);
  else print_table(std::cout, counter.groups(), r, o);
  return r.failed || r.unreadable > 0 ? kExitInvalid : kExitOk;
}

}  // namespace beyt::cli
