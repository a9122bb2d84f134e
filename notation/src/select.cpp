// Conditions on a record's tags (beyt/notation/select.hpp): NAME=VALUE and
// NAME~REGEX with RE2. The dates are in dates.cpp.
#include "beyt/notation/select.hpp"

#include <re2/re2.h>

namespace beyt::notation {

// --- TagCondition -------------------------------------------------------------------

TagCondition::TagCondition() = default;
TagCondition::~TagCondition() = default;
TagCondition::TagCondition(const TagCondition&) = default;
TagCondition& TagCondition::operator=(const TagCondition&) = default;
TagCondition::TagCondition(TagCondition&&) noexcept = default;
TagCondition& TagCondition::operator=(TagCondition&&) noexcept = default;

bool TagCondition::parse(std::string_view text, TagCondition& out, std::string& why) {
  const std::size_t at = text.find_first_of("=~");
  if (at == std::string_view::npos || at == 0) {
    why = "write NAME=VALUE or NAME~REGEX";
    return false;
  }
  TagCondition c;
  c.name_ = std::string(text.substr(0, at));
  const std::string_view rest = text.substr(at + 1);
  if (text[at] == '=') {
    c.value_ = std::string(rest);
  } else {
    RE2::Options options;
    options.set_log_errors(false);  // the reason is returned, not printed
    auto regex = std::make_shared<const RE2>(re2::StringPiece(rest.data(), rest.size()), options);
    if (!regex->ok()) {
      why = "not a regular expression (RE2 syntax): " + regex->error();
      return false;
    }
    c.regex_ = std::move(regex);
  }
  out = std::move(c);
  return true;
}

bool TagCondition::matches(const GameRecord& record) const {
  std::string_view value;
  if (const TagPair* tag = record.find_tag(name_)) {
    value = tag->value;
  } else {
    bool roster = false;
    for (auto r : kRoster) roster = roster || r == name_;
    if (!roster) return false;
    value = roster_default(name_);
  }
  if (regex_) return RE2::PartialMatch(re2::StringPiece(value.data(), value.size()), *regex_);
  if (name_ != "Game" && name_ != "Rules") return value == value_;
  if (value.size() != value_.size()) return false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto lower = [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; };
    if (lower(value[i]) != lower(value_[i])) return false;
  }
  return true;
}

}  // namespace beyt::notation
