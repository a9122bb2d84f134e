// Names typed on the command line (cli/names.hpp).
#include "names.hpp"

#include "beyt/notation/formats.hpp"

#include <vector>

#include "beyt/names.hpp"

namespace beyt::cli {

const Game* match_game(std::string_view name, std::string& error) {
  if (const Game* g = find_game(name)) return g;
  error = names::unknown_game(name);
  return nullptr;
}

std::unique_ptr<State> position_from_options(std::string_view game_name, std::string_view rules_text,
                                             std::string_view position, std::string& error) {
  const Game* game = match_game(game_name, error);
  if (!game) return nullptr;
  const auto at = [](const Error& e) { return " (at character " + std::to_string(e.offset + 1) + ")"; };
  RuleSet rules;
  if (Error e = game->parse_rules(rules_text, rules)) {
    error = "--rules: " + e.reason + at(e);
    return nullptr;
  }
  std::unique_ptr<State> state;
  if (Error e = game->new_state(rules, position, state)) {
    error = "--position: " + e.reason + at(e);
    return nullptr;
  }
  return state;
}

bool fold_alias(std::string_view alias_name, const std::string& alias, std::string_view current_name,
                std::string& current, std::string& error) {
  if (alias.empty()) return true;
  if (!current.empty() && current != alias) {
    error = "--" + std::string(alias_name) + " is the older name of --" + std::string(current_name) + ": give one";
    return false;
  }
  current = alias;
  return true;
}

bool match_option(std::string_view option, std::string_view what, std::string_view value,
                  std::span<const std::string_view> known, std::string& out, std::string& error) {
  const std::string_view name = names::match(value, known);
  if (name.empty()) {
    error = "--" + std::string(option) + ": " + names::unknown(what, value, known);
    return false;
  }
  out = std::string(name);
  return true;
}

std::string format_error(std::string_view option, std::string_view value) {
  std::vector<std::string_view> known;
  for (const notation::FormatInfo& f : notation::formats()) known.push_back(f.name);
  return "--" + std::string(option) + ": " + names::unknown("format", value, known);
}

}  // namespace beyt::cli
