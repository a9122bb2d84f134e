// What may come next at a position (beyt/notation/moves.hpp).
#include "beyt/notation/moves.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace beyt::notation {

Choices choices_at(const State& state) {
  Choices c;
  c.game = std::string(state.game().name());
  c.position = state.position_text();
  c.turn = state.turn_in_progress();
  const Actor a = state.to_move();
  c.chance = a == Actor::chance;
  c.actor = a == Actor::chance || is_player(a) ? (c.chance ? std::string("chance") : state.player_label())
                                               : std::string(actor_name(a));
  c.result = std::string(result_token(state.outcome()));
  if (c.result == "*") c.player = state.player_label();
  c.outcomes = state.chance_outcomes();
  state.legal_events(c.events);
  return c;
}

namespace {
// Depth first from `s` (mid-turn or not): each listed event, applied.
bool turns_from(const State& s, std::vector<std::string>& out, std::size_t limit, std::vector<std::string>& listed) {
  const std::size_t mark = listed.size();
  s.legal_events(listed);
  for (std::size_t i = mark; i < listed.size(); ++i) {
    auto next = s.clone();
    std::string turn;
    if (next->apply(listed[i], &turn)) continue;
    if (!next->mid_turn()) {
      if (out.size() >= limit) return false;
      out.push_back(std::move(turn));
    } else if (!turns_from(*next, out, limit, listed)) {
      return false;
    }
  }
  listed.resize(mark);
  return true;
}
}  // namespace

bool whole_turns(const State& state, std::vector<std::string>& out, std::size_t limit) {
  if (state.to_move() == Actor::chance) return false;
  std::vector<std::string> listed;  // the events of each level, one after the other
  return turns_from(state, out, limit, listed);
}

namespace {
// A probability as text: as few digits as say it exactly (0.25, 0.375,
// 0.0625), at most 6 after the point.
std::string probability_text(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6f", p);
  std::string out = buffer;
  while (out.size() > 3 && out.back() == '0') out.pop_back();
  return out;
}
}  // namespace

std::string choices_text(const Choices& c) {
  std::string out;
  if (c.result != "*") return "the game is over: " + c.result + "\n";
  if (c.chance) {
    out = c.player + " throws (chance), " + std::to_string(c.outcomes.size()) + " outcomes:\n";
    for (const auto& o : c.outcomes) out += o.text + "  " + probability_text(o.probability) + "\n";
    return out;
  }
  out = c.actor + " to move, " + std::to_string(c.events.size()) + (c.events.size() == 1 ? " decision" : " decisions");
  out += ":\n";
  for (const auto& e : c.events) out += e + "\n";
  return out;
}

std::string choices_json(const Choices& c, std::string_view events_key) {
  nlohmann::ordered_json j;
  j["game"] = c.game;
  j["position"] = c.position;
  j["turn"] = c.turn;
  j["actor"] = c.actor;
  j["player"] = c.player;
  j["result"] = c.result;
  j["chance"] = c.chance;
  j["outcomes"] = nlohmann::ordered_json::array();
  for (const auto& o : c.outcomes) j["outcomes"].push_back({{"text", o.text}, {"probability", o.probability}});
  j[std::string(events_key)] = c.events;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace beyt::notation
