// beyt/options.hpp - rule options, presets and the `Rules` tag syntax.
//
// Every ambiguous rule of a source is an option a record can name
// (docs/RULES.md, "Readings and options": where a source is unclear beyt
// takes one default reading, and a reading a serious reader could also take
// is an option). docs/RULES.md and notation/NOTATION.md list every option of
// every game; tests/docs_test.cpp checks them against the games' tables.
//
// Rules text (the value of the `Rules` tag and of `--rules`):
//
//     rules   = [ item { ";" item } ] ;
//     item    = preset | name "=" value ;      (blanks around items ignored)
//
// A preset may only be the first item; later items override it. Without a
// preset the game's default preset applies. Example: "walker; size=7". A
// number is written in decimal digits without a leading zero ("60").
// Presets, option names and listed values match in any case of their ASCII
// letters ("Lane; Chain=Optional" is "lane; chain=optional"); the RuleSet
// holds the table's (lower-case) spelling.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "beyt/errors.hpp"

namespace beyt {

/// One rule option of a game, as listed by `beyt games`.
struct OptionSpec {
  std::string_view name;           ///< e.g. "chain"
  std::vector<std::string_view> values;  ///< allowed values; empty = free form
  std::string_view default_value;  ///< value under the default preset
  std::string_view help;           ///< one line: what the option decides
  std::string_view source;         ///< the published source (author, year, page) and the docs/RULES.md section
};

/// A named set of option values (e.g. Seega's "walker" and "lane").
struct Preset {
  std::string_view name;
  std::string_view settings;  ///< rules text without preset, e.g. "chain=mandatory"
  std::string_view help;
};

/// A complete assignment of every option of one game: each name appears once,
/// in the order of the game's OptionSpec table.
class RuleSet {
 public:
  /// The preset the rules text started from (the game's default if none named).
  const std::string& preset() const noexcept { return preset_; }
  /// Value of option `name`; empty string_view if the game has no such option.
  std::string_view get(std::string_view name) const noexcept;
  /// All (name, value) pairs in table order.
  const std::vector<std::pair<std::string, std::string>>& values() const noexcept { return values_; }
  /// Canonical rules text: the preset, then every option that differs from it,
  /// in table order ("walker; size=7"). Parsing it gives the same RuleSet.
  std::string canonical() const;

  /// Parses rules text against a game's options and presets.
  /// Errors: Code::bad_rules with `offset` at the offending item (byte offset
  /// into `text`): unknown preset, preset not first, unknown option, value not
  /// allowed, option given twice, empty item.
  static Error parse(std::string_view text, const std::vector<OptionSpec>& specs,
                     const std::vector<Preset>& presets, RuleSet& out);

 private:
  std::string preset_;
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::pair<std::string, std::string>> preset_values_;
};

}  // namespace beyt
