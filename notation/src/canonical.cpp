// A record in canonical form (beyt/notation/canonical.hpp).
#include "beyt/notation/canonical.hpp"

#include <iterator>

#include "beyt/notation/replay.hpp"

namespace beyt::notation {

Diagnostic resolve(const GameRecord& record, const std::string& file, std::uint32_t index,
                   const std::string& default_game, Start& out) {
  ReplayOptions options;
  options.default_game = default_game;
  options.stop_after = 0;
  options.variations = false;
  Replay replayed;
  Diagnostic d = replay(record, file, index, options, replayed);
  out.game = replayed.game;
  out.rules = std::move(replayed.rules);
  out.state = std::move(replayed.state);
  return d;
}

Error canonicalise_line(Line& line, State& state) {
  std::string canonical;
  for (auto& node : line) {
    std::unique_ptr<State> before;
    if (!node.variations.empty()) before = state.clone();
    if (Error e = state.check(node.move, canonical)) return e;
    if (Error e = state.play(canonical)) return e;
    node.move = canonical;
    for (auto& variation : node.variations) {
      auto copy = before->clone();
      if (Error e = canonicalise_line(variation, *copy)) return e;
    }
  }
  return Error::none();
}

void canonical_tag_order(GameRecord& record) {
  std::vector<TagPair> ordered;
  ordered.reserve(record.tags.size() + std::size(kRoster));
  auto take = [&](std::string_view name) {
    for (auto& tag : record.tags)
      if (tag.name == name) {
        ordered.push_back(std::move(tag));
        tag.name.clear();  // taken
        return true;
      }
    return false;
  };
  for (auto name : kRoster) {
    if (take(name)) continue;
    TagPair tag;
    tag.name = std::string(name);
    tag.value = name == "Result" ? record.result : std::string(roster_default(name));
    ordered.push_back(std::move(tag));
  }
  for (auto name : kAfterRoster) take(name);
  for (auto& tag : record.tags)
    if (!tag.name.empty()) ordered.push_back(std::move(tag));
  record.tags = std::move(ordered);
}

Expected<GameRecord, Diagnostic> canonical_form(const GameRecord& record, const std::string& file,
                                                std::uint32_t index, const std::string& default_game) {
  return to_expected<GameRecord>([&](GameRecord& out) { return canonical_form(record, file, index, default_game, out); });
}

Diagnostic canonical_form(const GameRecord& record, const std::string& file, std::uint32_t index,
                          const std::string& default_game, GameRecord& out) {
  ReplayOptions replay_options;
  replay_options.default_game = default_game;
  Replay replayed;
  if (Diagnostic d = replay(record, file, index, replay_options, replayed)) return d;
  Start start;
  if (Diagnostic d = resolve(record, file, index, default_game, start)) return d;
  GameRecord canonical = record;
  if (Error e = canonicalise_line(canonical.moves, *start.state)) {  // an engine that contradicts itself
    Diagnostic d;
    d.code = e.code;
    d.reason = "the engine rejects the move it replayed: " + e.reason;
    d.file = file;
    d.game = index;
    d.loc = record.loc;
    return d;
  }
  if (!canonical.find_tag("Game")) canonical.set_tag("Game", std::string(start.game->name()));  // from default_game
  spell_game_and_rules(canonical);  // the canonical, lower-case spelling of Game and Rules (NOTATION.md section 3)
  canonical_tag_order(canonical);
  out = std::move(canonical);
  return {};
}

}  // namespace beyt::notation
