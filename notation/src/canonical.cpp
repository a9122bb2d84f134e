// A record in canonical form (beyt/notation/canonical.hpp).
#include "beyt/notation/canonical.hpp"

#include <functional>
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
    if (Error e = state.check_turn(node.move, canonical)) return e;
    if (Error e = state.play_turn(canonical)) return e;
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

std::string game_identity(const GameRecord& record, const std::string& file, std::uint32_t index) {
  std::string key;
  Start start;
  if (!resolve(record, file, index, "", start)) {
    key = "G\n";
    key += start.game->name();
    key += '\n';
    for (const auto& [name, value] : start.rules.values()) key += name + '=' + value + ';';
    key += '\n';
    key += start.state->position_text();
    key += '\n';
    std::string canonical;
    bool legal = true;
    for (const auto& node : record.moves) {
      if (start.state->check_turn(node.move, canonical) || start.state->play_turn(canonical)) {
        legal = false;
        break;
      }
      key += canonical;
      key += ' ';
    }
    if (legal) return key;
  }
  key = "W\n";
  for (auto name : {"Game", "Rules", "SetUp"}) {
    const TagPair* tag = record.find_tag(name);
    if (tag) key += tag->value;
    key += '\n';
  }
  for (const auto& node : record.moves) {
    key += node.move;
    key += ' ';
  }
  return key;
}

GameHash game_hash(std::string_view identity) noexcept {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : identity) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return {h, std::hash<std::string_view>{}(identity)};
}

}  // namespace beyt::notation
