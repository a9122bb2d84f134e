// Rules text: "preset; name=value; ..." (beyt/options.hpp).
#include "beyt/options.hpp"

#include <algorithm>

#include "beyt/chars.hpp"
#include "beyt/names.hpp"

namespace beyt {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Trims blanks; returns the trimmed view and moves `offset` to its start.
std::string_view trim(std::string_view s, std::uint32_t& offset) {
  while (!s.empty() && is_blank(s.front())) {
    s.remove_prefix(1);
    ++offset;
  }
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// Names and listed values match in any case of their ASCII letters
// (NOTATION.md section 3); the table's spelling is the canonical one.
bool same(std::string_view a, std::string_view b) { return chars::equal_ignoring_ascii_case(a, b); }

const OptionSpec* find_spec(const std::vector<OptionSpec>& specs, std::string_view name) {
  for (const auto& spec : specs)
    if (same(spec.name, name)) return &spec;
  return nullptr;
}

std::string allowed_list(const OptionSpec& spec) {
  std::string out;
  for (auto v : spec.values) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

// `text` and a blank after it, or nothing when it is empty.
std::string with_space(std::string text) { return text.empty() ? text : text + " "; }

Error rules_error(std::string reason, std::uint32_t offset) {
  return Error{Code::bad_rules, std::move(reason), offset};
}

// Applies "name=value" items of `text` (no preset allowed) onto `values`.
// `base` is the offset of `text` inside the whole rules text.
Error apply_items(std::string_view text, std::uint32_t base, bool preset_allowed,
                  const std::vector<OptionSpec>& specs, const std::vector<Preset>& presets,
                  std::string& preset_name,
                  std::vector<std::pair<std::string, std::string>>& values) {
  std::vector<std::string_view> seen;
  std::size_t start = 0;
  bool first = true;
  while (start <= text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    std::uint32_t item_offset = base + static_cast<std::uint32_t>(start);
    std::string_view item = trim(text.substr(start, end - start), item_offset);
    bool last = end == text.size();
    if (item.empty()) {
      // A trailing ';' and an empty text are fine; an empty item between two ';' is not.
      if (!(last || (first && text.find_first_not_of(" \t") == std::string_view::npos)))
        return rules_error("empty item between ';'", item_offset);
      if (last) break;
    } else if (item.find('=') == std::string_view::npos) {
      if (!preset_allowed || !first)
        return rules_error("'" + chars::excerpt(item) + "' is not name=value (a preset may only come first)",
                           item_offset);
      auto it = std::find_if(presets.begin(), presets.end(),
                             [&](const Preset& p) { return same(p.name, item); });
      if (it == presets.end()) {
        std::vector<std::string_view> known;
        for (const auto& p : presets) known.push_back(p.name);
        return rules_error(names::unknown("preset", item, known), item_offset);
      }
      preset_name = std::string(it->name);
      std::string ignored;
      if (Error e = apply_items(it->settings, 0, false, specs, presets, ignored, values))
        return rules_error("preset '" + preset_name + "' is malformed: " + e.reason, item_offset);
    } else {
      std::size_t eq = item.find('=');
      std::uint32_t name_offset = item_offset;
      std::string_view name = trim(item.substr(0, eq), name_offset);
      std::uint32_t value_offset = item_offset + static_cast<std::uint32_t>(eq) + 1;
      std::string_view value = trim(item.substr(eq + 1), value_offset);
      const OptionSpec* spec = find_spec(specs, name);
      if (!spec) {
        std::vector<std::string_view> known;
        for (const auto& s : specs) known.push_back(s.name);
        return rules_error(names::unknown("option", name, known), name_offset);
      }
      name = spec->name;
      if (std::find(seen.begin(), seen.end(), name) != seen.end())
        return rules_error("option '" + std::string(name) + "' given twice", name_offset);
      seen.push_back(name);
      if (value.empty()) return rules_error("option '" + std::string(name) + "' has no value", value_offset);
      if (!spec->values.empty()) {
        auto listed = std::find_if(spec->values.begin(), spec->values.end(),
                                   [&](std::string_view v) { return same(v, value); });
        if (listed == spec->values.end())
          return rules_error("option '" + std::string(name) + "' cannot be '" + chars::excerpt(value) +
                                 "' (" + with_space(names::suggest(value, spec->values)) + "allowed: " +
                                 allowed_list(*spec) + ")",
                             value_offset);
        value = *listed;
      }
      for (auto& [n, v] : values)
        if (n == name) v = std::string(value);
    }
    first = false;
    if (last) break;
    start = end + 1;
  }
  return Error::none();
}

}  // namespace

std::string_view RuleSet::get(std::string_view name) const noexcept {
  for (const auto& [n, v] : values_)
    if (n == name) return v;
  return {};
}

std::string RuleSet::canonical() const {
  std::string out = preset_;
  for (std::size_t i = 0; i < values_.size(); ++i) {
    if (values_[i].second == preset_values_[i].second) continue;
    if (!out.empty()) out += "; ";
    out += values_[i].first + "=" + values_[i].second;
  }
  return out;
}

Error RuleSet::parse(std::string_view text, const std::vector<OptionSpec>& specs,
                     const std::vector<Preset>& presets, RuleSet& out) {
  RuleSet result;
  for (const auto& spec : specs)
    result.values_.emplace_back(std::string(spec.name), std::string(spec.default_value));
  // The default preset applies first, so that options it sets are defaults too.
  if (!presets.empty()) {
    result.preset_ = std::string(presets.front().name);
    std::string ignored;
    if (Error e = apply_items(presets.front().settings, 0, false, specs, presets, ignored, result.values_))
      return rules_error("default preset is malformed: " + e.reason, 0);
  }
  // A named preset replaces the default one: start again from the specs.
  std::string_view rest = text;
  std::uint32_t offset = 0;
  rest = trim(rest, offset);
  std::string_view first_item = rest.substr(0, rest.find(';'));
  std::uint32_t ignored_offset = 0;
  first_item = trim(first_item, ignored_offset);
  if (!first_item.empty() && first_item.find('=') == std::string_view::npos) {
    for (std::size_t i = 0; i < specs.size(); ++i) result.values_[i].second = std::string(specs[i].default_value);
  }
  if (Error e = apply_items(text, 0, true, specs, presets, result.preset_, result.values_)) return e;
  // Remember the preset's own values so canonical() can print only differences.
  RuleSet base;
  for (const auto& spec : specs) base.values_.emplace_back(std::string(spec.name), std::string(spec.default_value));
  for (const auto& p : presets)
    if (p.name == result.preset_) {
      std::string ignored;
      if (Error e = apply_items(p.settings, 0, false, specs, presets, ignored, base.values_)) return e;
    }
  result.preset_values_ = base.values_;
  out = std::move(result);
  return Error::none();
}

}  // namespace beyt
