// Names matched in any case, and the nearest names of an unknown one
// (beyt/names.hpp).
#include "beyt/names.hpp"

#include <algorithm>
#include <vector>

#include "beyt/chars.hpp"
#include "beyt/game.hpp"

namespace beyt::names {
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

}  // namespace

std::string_view match(std::string_view name, std::span<const std::string_view> known) noexcept {
  for (std::string_view k : known)
    if (chars::equal_ignoring_ascii_case(k, name)) return k;
  return {};
}

std::string suggest(std::string_view name, std::span<const std::string_view> known) {
  if (name.size() < 2) return {};  // one edit from every name of one letter
  const std::size_t limit = name.size() >= 5 ? 2 : 1;
  std::vector<std::string_view> near;
  for (std::string_view k : known) {
    const bool prefix = name.size() >= 2 && k.size() > name.size() &&
                        chars::equal_ignoring_ascii_case(k.substr(0, name.size()), name);
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

std::string unknown(std::string_view what, std::string_view name, std::span<const std::string_view> known) {
  std::string out = "unknown " + std::string(what) + " '" + chars::excerpt(name) + "' (";
  if (std::string hint = suggest(name, known); !hint.empty()) out += hint + " ";
  out += std::string(what) + "s: ";
  for (std::size_t i = 0; i < known.size(); ++i) out += (i > 0 ? ", " : "") + std::string(known[i]);
  return out + ")";
}

std::string unknown_game(std::string_view name) {
  std::vector<std::string_view> known;
  for (const Game* g : game_table()) known.push_back(g->name());
  return unknown("game", name, known);
}

}  // namespace beyt::names
