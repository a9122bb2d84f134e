// Internal: a game's rule options, stated once (docs/RULES.md, "Readings and
// options").
//
// Each game has one OptionTable over its Options struct (beyt/<game>.hpp):
// a row per option with its name, its one-line help, the published source of
// the reading, and the binding to the struct's member, which knows the
// option's values and reads them into the member:
//
//     opt::choice("chain", &SeegaOptions::chain,
//                 {{"optional", SeegaChain::optional}, {"mandatory", SeegaChain::mandatory}}, help, source)
//     opt::number("cross-lines", &DlebOptions::cross_lines, 4, 100, help, source)
//     opt::custom<SeegaOptions>("lane-opening", read_opening, write_opening, help, source)
//
// The default of an option is the struct's own initial value (written by the
// binding), so a default is stated once, in the struct. Everything else
// reads the table: Game::options() (its OptionSpec list: RuleSet::parse,
// `beyt games`, `beyt rules --json`, the tests of docs/RULES.md's tables)
// and Options::from_rules (OptionTable::read).
//
// Checks are where they were: RuleSet::parse refuses a value outside a
// choice's words, with its place in the rules text; the binding of a free
// form option (a number range, Seega's opening cells, Tâb's pieces) refuses
// a value the game cannot use when the Options read the RuleSet
// (Code::bad_rules, offset 0), in table order, so that a row may depend on
// the rows before it (Tâb's pieces on the width).
//
// A table adds little code to its game's source: the bindings are small
// classes with a virtual read and write, their messages are out of line
// (option_table.cpp). The engine's hot functions are compiled in the same
// unit and GCC's inlining budget is per unit: a first version of these
// tables over std::function pushed Mankalah's pit_sum out of line (8% more
// instructions to validate a Mankalah file).
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "beyt/options.hpp"
#include "engine_helpers.hpp"

namespace beyt {

/// How one option's value reaches its member of the Options struct `O`.
template <class O>
class OptionBinding {
 public:
  virtual ~OptionBinding() = default;
  /// Reads a value (never empty) into `out`; Code::bad_rules when the game
  /// cannot use it.
  virtual Error read(std::string_view value, O& out) const = 0;
  /// The member's value as the option's text (the default is write(O{})).
  virtual std::string write(const O& options) const = 0;
};

/// One option of a game bound to its member of the Options struct `O`; made
/// by opt::choice, opt::number or opt::custom.
template <class O>
struct OptionRow {
  /// name, values (empty: free form), help, source; OptionTable fills
  /// default_value.
  OptionSpec spec;
  std::unique_ptr<const OptionBinding<O>> binding;
};

namespace opt {

// The messages, out of line (lib/src/option_table.cpp).
/// The index of `value` in `words`, or words.size().
std::size_t find_word(const std::vector<std::string_view>& words, std::string_view value) noexcept;
/// "option NAME cannot be 'V' (A, B or C)".
Error not_a_word(std::string_view name, std::string_view value, const std::vector<std::string_view>& words);
/// "option NAME is a number from LO to HI, not 'V'".
Error not_a_number(std::string_view name, std::string_view value, int lo, int hi);

template <class O, class T>
class Choice final : public OptionBinding<O> {
 public:
  Choice(std::string_view name, T O::*member, std::vector<std::string_view> words, std::vector<T> values)
      : name_(name), member_(member), words_(std::move(words)), values_(std::move(values)) {}
  Error read(std::string_view value, O& out) const override {
    const std::size_t i = find_word(words_, value);
    if (i == words_.size()) return not_a_word(name_, value, words_);
    out.*member_ = values_[i];
    return Error::none();
  }
  std::string write(const O& o) const override {
    for (std::size_t i = 0; i < values_.size(); ++i)
      if (values_[i] == o.*member_) return std::string(words_[i]);
    return {};
  }

 private:
  std::string_view name_;
  T O::*member_;
  std::vector<std::string_view> words_;
  std::vector<T> values_;
};

template <class O>
class Number final : public OptionBinding<O> {
 public:
  Number(std::string_view name, int O::*member, int lo, int hi) : name_(name), member_(member), lo_(lo), hi_(hi) {}
  Error read(std::string_view value, O& out) const override {
    if (read_whole_number(value, lo_, hi_, out.*member_)) return Error::none();
    return not_a_number(name_, value, lo_, hi_);
  }
  std::string write(const O& o) const override { return std::to_string(o.*member_); }

 private:
  std::string_view name_;
  int O::*member_;
  int lo_, hi_;
};

template <class O>
class Custom final : public OptionBinding<O> {
 public:
  using Read = Error (*)(std::string_view, O&);
  using Write = std::string (*)(const O&);
  Custom(Read reader, Write writer) : read_(reader), write_(writer) {}
  Error read(std::string_view value, O& out) const override { return read_(value, out); }
  std::string write(const O& o) const override { return write_(o); }

 private:
  Read read_;
  Write write_;
};

/// A choice of two or more words, each standing for one value of the member
/// (a bool, an enum, a Side, a number): the words are the option's values, in
/// this order. A word outside the list: "option NAME cannot be 'V' (A, B or C)".
template <class O, class T>
OptionRow<O> choice(std::string_view name, T O::*member, std::initializer_list<std::pair<std::string_view, T>> words,
                    std::string_view help, std::string_view source) {
  std::vector<std::string_view> names;
  std::vector<T> values;
  for (const auto& [word, value] : words) {
    names.push_back(word);
    values.push_back(value);
  }
  return {OptionSpec{name, names, {}, help, source},
          std::make_unique<Choice<O, T>>(name, member, std::move(names), std::move(values))};
}

/// A whole number from `lo` to `hi` (free form: the values list is empty).
/// Else: "option NAME is a number from LO to HI, not 'V'".
template <class O>
OptionRow<O> number(std::string_view name, int O::*member, int lo, int hi, std::string_view help,
                    std::string_view source) {
  return {OptionSpec{name, {}, {}, help, source}, std::make_unique<Number<O>>(name, member, lo, hi)};
}

/// Any other free form value: the game's own reader and writer (Seega's
/// opening cells, Tâb's pieces).
template <class O>
OptionRow<O> custom(std::string_view name, typename Custom<O>::Read read, typename Custom<O>::Write write,
                    std::string_view help, std::string_view source) {
  return {OptionSpec{name, {}, {}, help, source}, std::make_unique<Custom<O>>(read, write)};
}

}  // namespace opt

/// The rule options of one game, in the game's order (docs/RULES.md). Made
/// once (a function-local static of the game's source) and never copied:
/// the OptionSpecs point into it.
template <class O>
class OptionTable {
 public:
  template <class... Rows>
  explicit OptionTable(Rows&&... rows) {
    rows_.reserve(sizeof...(rows));
    (rows_.push_back(std::forward<Rows>(rows)), ...);
    const O defaults{};
    defaults_.reserve(rows_.size());
    for (const auto& row : rows_) defaults_.push_back(row.binding->write(defaults));
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      rows_[i].spec.default_value = defaults_[i];
      specs_.push_back(rows_[i].spec);
    }
  }
  OptionTable(const OptionTable&) = delete;
  OptionTable& operator=(const OptionTable&) = delete;

  /// The options as Game::options() lists them.
  const std::vector<OptionSpec>& specs() const noexcept { return specs_; }

  /// Options::from_rules: every option of `rules` read into a default `O`,
  /// in table order (an option the RuleSet lacks keeps its default); `out`
  /// is written only on success. Errors: Code::bad_rules, offset 0, from the
  /// first row that cannot use its value.
  Error read(const RuleSet& rules, O& out) const {
    O o{};
    for (const auto& row : rows_) {
      std::string_view value = rules.get(row.spec.name);
      if (value.empty()) continue;
      if (Error e = row.binding->read(value, o)) return e;
    }
    out = o;
    return Error::none();
  }

 private:
  std::vector<OptionRow<O>> rows_;
  std::vector<std::string> defaults_;  // the storage of each spec's default_value
  std::vector<OptionSpec> specs_;
};

}  // namespace beyt
