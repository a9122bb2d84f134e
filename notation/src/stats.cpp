#include "beyt/notation/stats.hpp"

#include <algorithm>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>
#include <utility>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/replay.hpp"

namespace beyt::notation {
namespace {

/// Distinct first turns counted per group; beyond this many the others are
/// only counted together (a Mankalah tebweez is seldom repeated).
constexpr std::size_t kMaxFirstTurns = 10000;

/// Counts of a whole-number measure; min, median and max from them.
class Spread {
 public:
  void add(std::uint64_t v, std::uint64_t times = 1) {
    counts_[v] += times;
    n_ += times;
  }
  void merge(const Spread& other) {
    for (const auto& [v, c] : other.counts_) add(v, c);
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
  const std::map<std::uint64_t, std::uint64_t>& counts() const { return counts_; }

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
  std::string ends_name;  // GameFacts::referee_ends: "board" (Mankalah), "stage" (Um el-Banat), else empty
  std::uint64_t games = 0, valid = 0, invalid = 0;
  std::map<std::string, std::uint64_t> results{{"1-0", 0}, {"0-1", 0}, {"1/2-1/2", 0}, {"*", 0}};
  Spread turns, ends;
  std::map<std::string, std::uint64_t> first;
  std::uint64_t other_first = 0;  // first turns past kMaxFirstTurns distinct ones

  void count_first(const std::string& turn, std::uint64_t times) {
    if (first.size() < kMaxFirstTurns || first.count(turn)) first[turn] += times;
    else other_first += times;
  }
};

using Key = std::tuple<std::size_t, std::string, std::string>;

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

std::string median_text(double v) {
  std::ostringstream s;
  if (v == static_cast<double>(static_cast<std::uint64_t>(v))) s << static_cast<std::uint64_t>(v);
  else s << std::fixed << std::setprecision(1) << v;
  return s.str();
}

nlohmann::json spread_state(const Spread& s) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [v, c] : s.counts()) j.push_back({v, c});
  return j;
}

void spread_from(const nlohmann::json& j, Spread& s) {
  for (const auto& pair : j) s.add(pair.at(0).get<std::uint64_t>(), pair.at(1).get<std::uint64_t>());
}

}  // namespace

struct CollectionStats::Impl {
  std::map<Key, Group> groups;
  std::uint64_t games = 0;

  Group& group(const Key& key) {
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) {
      it->second.game = std::get<1>(key);
      it->second.rules = std::get<2>(key);
      const Game* game = find_game(it->second.game);
      if (game && game->name() == it->second.game) it->second.ends_name = game_facts(*game).referee_ends;
    }
    return it->second;
  }
};

CollectionStats::CollectionStats() : impl_(std::make_unique<Impl>()) {}
CollectionStats::~CollectionStats() = default;
CollectionStats::CollectionStats(const CollectionStats& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
CollectionStats& CollectionStats::operator=(const CollectionStats& other) {
  if (this != &other) *impl_ = *other.impl_;
  return *this;
}
CollectionStats::CollectionStats(CollectionStats&&) noexcept = default;
CollectionStats& CollectionStats::operator=(CollectionStats&&) noexcept = default;

std::uint64_t CollectionStats::games() const noexcept { return impl_->games; }

void CollectionStats::add(const GameRecord& record, const std::string& file, std::uint32_t index) {
  Start start;
  const bool resolved = !resolve(record, file, index, "", start);
  std::string game, rules;
  std::size_t order = game_table().size();  // games beyt does not know come last
  if (resolved) {
    game = std::string(start.game->name());
    rules = start.rules.canonical();
    for (std::size_t i = 0; i < game_table().size(); ++i)
      if (game_table()[i] == start.game) order = i;
  } else {
    const TagPair* g = record.find_tag("Game");
    const TagPair* r = record.find_tag("Rules");
    game = g ? g->value : "";
    rules = r ? r->value : "";
  }
  Group& g = impl_->group({order, game, rules});
  ++impl_->games;
  ++g.games;
  ++g.results[record.result];
  g.turns.add(record.moves.size());
  Replay replayed;
  const bool valid = resolved && !replay(record, file, index, {}, replayed);
  ++(valid ? g.valid : g.invalid);
  if (record.moves.empty()) return;
  std::string first = record.moves.front().move;
  if (resolved) {
    std::string canonical;
    if (!start.state->check_turn(first, canonical)) first = canonical;
  }
  g.count_first(first, 1);
  if (valid && !g.ends_name.empty()) {
    std::uint64_t ends = 0;
    for (const auto& node : record.moves) {
      if (start.state->to_move() == Actor::referee) ++ends;
      if (start.state->play_turn(node.move)) break;
    }
    g.ends.add(ends);
  }
}

void CollectionStats::merge(const CollectionStats& other) {
  impl_->games += other.impl_->games;
  for (const auto& [key, o] : other.impl_->groups) {
    Group& g = impl_->group(key);
    g.games += o.games;
    g.valid += o.valid;
    g.invalid += o.invalid;
    for (const auto& [token, n] : o.results) g.results[token] += n;
    g.turns.merge(o.turns);
    g.ends.merge(o.ends);
    for (const auto& [turn, n] : o.first) g.count_first(turn, n);
    g.other_first += o.other_first;
  }
}

std::string CollectionStats::json(std::uint32_t top, std::uint64_t unreadable) const {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  out["games"] = impl_->games;
  out["unreadable"] = unreadable;
  out["groups"] = nlohmann::ordered_json::array();
  for (const auto& [key, g] : impl_->groups) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    j["game"] = g.game;
    j["rules"] = g.rules;
    j["games"] = g.games;
    j["valid"] = g.valid;
    j["invalid"] = g.invalid;
    j["results"] = nlohmann::ordered_json::object();
    for (auto token : {"1-0", "0-1", "1/2-1/2", "*"}) j["results"][token] = g.results.at(token);
    j["turns"] = {{"min", g.turns.min()}, {"median", number(g.turns.median())}, {"max", g.turns.max()}};
    j["first_turns"] = nlohmann::ordered_json::array();
    for (const auto& [move, count] : top_first(g, top)) j["first_turns"].push_back({{"turn", move}, {"games", count}});
    if (!g.ends_name.empty())
      j[g.ends_name + "_ends"] = {{"games", g.ends.size()}, {"min", g.ends.min()},
                                  {"median", number(g.ends.median())}, {"max", g.ends.max()},
                                  {"total", g.ends.total()}};
    out["groups"].push_back(std::move(j));
  }
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string CollectionStats::table(std::uint32_t top, std::uint64_t unreadable) const {
  std::ostringstream os;
  for (const auto& [key, g] : impl_->groups) {
    os << (g.game.empty() ? "(no Game tag)" : g.game) << ", rules "
       << (g.rules.empty() ? "(default)" : "\"" + g.rules + "\"") << ": " << g.games
       << (g.games == 1 ? " game" : " games") << " (" << g.valid << " valid, " << g.invalid << " invalid)\n";
    os << "  results      ";
    const char* sep = "";
    for (auto token : {"1-0", "0-1", "1/2-1/2", "*"}) {
      os << sep << token << ": " << g.results.at(token);
      sep = ", ";
    }
    os << "\n  turns        min " << g.turns.min() << ", median " << median_text(g.turns.median()) << ", max "
       << g.turns.max() << "\n";
    if (!g.ends_name.empty())
      os << "  " << g.ends_name << " ends   min " << g.ends.min() << ", median " << median_text(g.ends.median())
         << ", max " << g.ends.max() << " per valid game (" << g.ends.total() << " in all)\n";
    auto firsts = top_first(g, top);
    if (!firsts.empty()) {
      os << "  first turns  ";
      for (std::size_t i = 0; i < firsts.size(); ++i)
        os << (i ? ", " : "") << firsts[i].first << " (" << firsts[i].second << ")";
      os << "\n";
    }
  }
  const std::size_t n = impl_->groups.size();
  os << "all: " << impl_->games << (impl_->games == 1 ? " game" : " games") << " in " << n
     << (n == 1 ? " group" : " groups");
  if (unreadable > 0) os << "; " << unreadable << " could not be read";
  os << "\n";
  return os.str();
}

std::string CollectionStats::state() const {
  nlohmann::json out = nlohmann::json::object();
  out["games"] = impl_->games;
  out["groups"] = nlohmann::json::array();
  for (const auto& [key, g] : impl_->groups) {
    nlohmann::json j = {{"order", std::get<0>(key)}, {"game", g.game}, {"rules", g.rules}, {"games", g.games},
                        {"valid", g.valid}, {"invalid", g.invalid}, {"results", g.results},
                        {"turns", spread_state(g.turns)}, {"ends", spread_state(g.ends)}, {"first", g.first},
                        {"other_first", g.other_first}};
    out["groups"].push_back(std::move(j));
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool CollectionStats::from_state(std::string_view text, CollectionStats& out) {
  try {
    const nlohmann::json in = nlohmann::json::parse(text);
    CollectionStats s;
    s.impl_->games = in.at("games").get<std::uint64_t>();
    for (const auto& j : in.at("groups")) {
      Group& g = s.impl_->group({j.at("order").get<std::size_t>(), j.at("game").get<std::string>(),
                                 j.at("rules").get<std::string>()});
      g.games = j.at("games").get<std::uint64_t>();
      g.valid = j.at("valid").get<std::uint64_t>();
      g.invalid = j.at("invalid").get<std::uint64_t>();
      g.results = j.at("results").get<std::map<std::string, std::uint64_t>>();
      spread_from(j.at("turns"), g.turns);
      spread_from(j.at("ends"), g.ends);
      g.first = j.at("first").get<std::map<std::string, std::uint64_t>>();
      g.other_first = j.at("other_first").get<std::uint64_t>();
    }
    out = std::move(s);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace beyt::notation
