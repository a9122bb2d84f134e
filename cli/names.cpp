// Names typed on the command line (cli/names.hpp).
#include "names.hpp"

#include "beyt/notation/formats.hpp"

#include <algorithm>

#include "beyt/chars.hpp"

namespace beyt::cli {
namespace {

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Levenshtein distance without regard to case (two rows; names are short).
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t change = prev[j - 1] + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, change});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }

// The word of rules text `text` that starts at `at` (up to ';', '=' or the
// end, without trailing blanks), and what it is: a preset, an option name
// (followed by '=') or an option's value (after '=', of the option `option`).
enum class Item { preset, name, value };
Item item_at(std::string_view text, std::size_t at, std::string_view& word, std::string_view& option) {
  std::size_t end = text.find_first_of(";=", at);
  if (end == std::string_view::npos) end = text.size();
  std::size_t to = end;
  while (to > at && is_blank(text[to - 1])) --to;
  word = text.substr(at, to - at);
  std::size_t before = at;
  while (before > 0 && is_blank(text[before - 1])) --before;
  if (before > 0 && text[before - 1] == '=') {
    std::size_t name_to = before - 1, name_from = text.rfind(';', name_to);
    name_from = name_from == std::string_view::npos ? 0 : name_from + 1;
    while (name_from < name_to && is_blank(text[name_from])) ++name_from;
    while (name_to > name_from && is_blank(text[name_to - 1])) --name_to;
    option = text.substr(name_from, name_to - name_from);
    return Item::value;
  }
  return end < text.size() && text[end] == '=' ? Item::name : Item::preset;
}

}  // namespace

bool equal_nocase(std::string_view a, std::string_view b) noexcept { return chars::equal_ignoring_ascii_case(a, b); }

std::string suggest(std::string_view name, const std::vector<std::string_view>& known) {
  if (name.empty()) return {};
  const std::size_t limit = name.size() >= 5 ? 2 : 1;
  std::vector<std::string_view> near;
  for (auto k : known) {
    const bool prefix = name.size() >= 2 && k.size() > name.size() && equal_nocase(k.substr(0, name.size()), name);
    if (prefix || distance(name, k) <= limit) near.push_back(k);
  }
  if (near.empty()) return {};
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) {
    if (i > 0) out += i + 1 == near.size() ? " or " : ", ";
    out += "'" + std::string(near[i]) + "'";
  }
  return out + "?";
}

const Game* match_game(std::string_view name, std::string& error) {
  std::vector<std::string_view> names;
  for (const Game* g : game_table()) {
    if (equal_nocase(g->name(), name)) return g;
    names.push_back(g->name());
  }
  std::string hint = suggest(name, names);
  error = "unknown game '" + chars::excerpt(name) + "' (" + (hint.empty() ? "" : hint + " ") + "games: " + game_names() + ")";
  return nullptr;
}

Error match_rules(const Game& game, std::string_view text, RuleSet& out) {
  Error e = game.parse_rules(text, out);  // names and values in any case (beyt/options.hpp)
  if (!e || e.offset >= text.size()) return e;
  std::string_view word, option;
  std::vector<std::string_view> known;
  switch (item_at(text, e.offset, word, option)) {
    case Item::preset:
      for (const auto& p : game.presets()) known.push_back(p.name);
      break;
    case Item::name:
      for (const auto& o : game.options()) known.push_back(o.name);
      break;
    case Item::value:
      for (const auto& o : game.options())
        if (equal_nocase(o.name, option)) known = o.values;
      break;
  }
  const std::string hint = suggest(word, known);
  if (!hint.empty()) e.reason += "; " + hint;
  return e;
}

std::unique_ptr<State> position_from_options(std::string_view game_name, std::string_view rules_text,
                                             std::string_view position, std::string& error) {
  const Game* game = match_game(game_name, error);
  if (!game) return nullptr;
  const auto at = [](const Error& e) { return " (at character " + std::to_string(e.offset + 1) + ")"; };
  RuleSet rules;
  if (Error e = match_rules(*game, rules_text, rules)) {
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

std::string format_error(std::string_view option, std::string_view value) {
  std::vector<std::string_view> names;
  for (const notation::FormatInfo& f : notation::formats()) names.push_back(f.name);
  const std::string hint = suggest(value, names);
  return "--" + std::string(option) + ": unknown format '" + chars::excerpt(value) + "' (" +
         (hint.empty() ? std::string() : hint + " ") + "formats: " + notation::format_list(", ") + ")";
}

}  // namespace beyt::cli
