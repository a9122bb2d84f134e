// Names typed on the command line (cli/names.hpp).
#include "names.hpp"

#include "beyt/notation/formats.hpp"

#include <algorithm>

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

// The span [from, to) of `text` without its blanks at both ends.
void trim(std::string_view text, std::size_t& from, std::size_t& to) {
  while (from < to && is_blank(text[from])) ++from;
  while (to > from && is_blank(text[to - 1])) --to;
}

// Rewrites text[from, to) to the spelling of `known` it equals without case;
// otherwise remembers a suggestion for an error at `from`.
void respell(std::string& text, std::size_t from, std::size_t to, const std::vector<std::string_view>& known,
             std::uint32_t& hint_offset, std::string& hint) {
  const std::string_view word(text.data() + from, to - from);
  for (auto name : known) {
    if (name == word) return;
    if (equal_nocase(name, word)) {
      text.replace(from, to - from, name);
      return;
    }
  }
  if (hint.empty()) {
    hint = suggest(word, known);
    hint_offset = static_cast<std::uint32_t>(from);
  }
}

}  // namespace

bool equal_nocase(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

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
  std::string list;
  for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
  std::string hint = suggest(name, names);
  error = "unknown game '" + std::string(name) + "' (" + (hint.empty() ? "" : hint + " ") + "games: " + list + ")";
  return nullptr;
}

Error match_rules(const Game& game, std::string_view text, RuleSet& out) {
  std::string spelled(text);
  std::vector<std::string_view> presets, options;
  for (const auto& p : game.presets()) presets.push_back(p.name);
  for (const auto& o : game.options()) options.push_back(o.name);
  std::uint32_t hint_offset = 0;
  std::string hint;
  bool first = true;
  for (std::size_t start = 0; start <= spelled.size();) {
    std::size_t end = spelled.find(';', start);
    if (end == std::string::npos) end = spelled.size();
    std::size_t from = start, to = end;
    trim(spelled, from, to);
    const std::size_t eq = spelled.find('=', from);
    if (from == to) {
      // an empty item: RuleSet::parse decides
    } else if (eq == std::string::npos || eq >= to) {
      if (first) respell(spelled, from, to, presets, hint_offset, hint);
    } else {
      std::size_t name_to = eq, value_from = eq + 1;
      trim(spelled, from, name_to);
      trim(spelled, value_from, to);
      respell(spelled, from, name_to, options, hint_offset, hint);
      for (const auto& o : game.options())
        if (o.name == std::string_view(spelled).substr(from, name_to - from) && !o.values.empty())
          respell(spelled, value_from, to, o.values, hint_offset, hint);
    }
    first = false;
    start = end + 1;
  }
  Error e = game.parse_rules(spelled, out);
  if (e && !hint.empty() && e.offset == hint_offset) e.reason += "; " + hint;
  return e;
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
  return "--" + std::string(option) + ": unknown format '" + std::string(value) + "' (" +
         (hint.empty() ? std::string() : hint + " ") + "formats: " + notation::format_list(", ") + ")";
}

}  // namespace beyt::cli
