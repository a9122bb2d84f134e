// beyt/notation/select.hpp - conditions on a record's tags, as `beyt
// select` applies them (docs/COLLECTIONS.md): the one date grammar of the
// Date tag (NOTATION.md section 3), which the validator checks (E205) and
// date ranges compare, and tag conditions NAME=VALUE and NAME~REGEX, whose
// regular expressions are RE2's: matched in time linear in the value,
// whatever the expression (no backtracking on a record's data).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "beyt/notation/record.hpp"

namespace re2 {
class RE2;
}

namespace beyt::notation {

/// A date as the Date tag writes it: each part known, or 0 for "??"
/// ("????" for the year).
struct Date {
  std::uint32_t year = 0;   ///< 1..9999, or 0: unknown
  std::uint32_t month = 0;  ///< 1..12, or 0: unknown
  std::uint32_t day = 0;    ///< 1..31 (valid for the month when both are known), or 0: unknown

  /// The first and the last day the date may stand for, as YYYYMMDD numbers
  /// (1835.??.?? is 18350101 .. 18351231; 1835.02.?? 18350201 .. 18350228);
  /// an unknown year gives 0 .. 99991231. A day without its month stands
  /// for the whole year.
  std::uint32_t first_day() const noexcept;
  std::uint32_t last_day() const noexcept;
};

/// The days of `month` (1..12) in `year` (proleptic Gregorian calendar;
/// year 0: unknown, February then has 29).
std::uint32_t days_in_month(std::uint32_t year, std::uint32_t month) noexcept;

/// Reads a Date tag value: "YYYY.MM.DD", each part its digits or all '?'
/// (1835.??.??, ????.03.12): the year 0001 to 9999, the month 01 to 12,
/// the day 01 to the last day of the month (29 February only in a leap
/// year of the proleptic Gregorian calendar, or when the year is ????; 31
/// when the month is ??). False when `text` is not such a date, with `why`
/// the reason and what to write, for E205 ("the month 13 is not 01 to 12";
/// for "1835.3.12": "write 1835.03.12"; for "1835": "write 1835.??.??")
/// and `offset` the byte of `text` it is about (its part).
bool parse_date(std::string_view text, Date& out, std::string& why, std::uint32_t& offset);

/// Reads a bound of a date range (`select --date FROM..TO`): "YYYY",
/// "YYYY.MM" or "YYYY.MM.DD", digits only, with the checks of parse_date;
/// the parts left off are unknown. False with `why` as parse_date.
bool parse_date_bound(std::string_view text, Date& out, std::string& why);

/// Whether the Date of `record` lies wholly within [from, to] (either may
/// be absent: null). A record without a Date tag, or whose Date is not a
/// date (parse_date), or whose year is unknown, lies in no range.
bool date_within(const GameRecord& record, const Date* from, const Date* to);

/// One condition on a tag of a record: "NAME=VALUE", the tag's value is
/// VALUE, or "NAME~REGEX", the tag's value holds a match of REGEX (RE2
/// syntax: that of Go and Python's re without backreferences and
/// lookaround; UTF-8; anchor it with ^ and $). A roster tag the record
/// lacks has its default value (Site "?", Date "????.??.??"); another tag
/// the record lacks matches nothing. The values of Game and Rules compare
/// with '=' without regard to ASCII case (NOTATION.md section 3).
class TagCondition {
 public:
  TagCondition();
  ~TagCondition();
  TagCondition(const TagCondition&);
  TagCondition& operator=(const TagCondition&);
  TagCondition(TagCondition&&) noexcept;
  TagCondition& operator=(TagCondition&&) noexcept;

  /// Reads `text`. False with `why` when it is not NAME=VALUE or NAME~REGEX
  /// ("write NAME=VALUE or NAME~REGEX") or REGEX is not an expression RE2
  /// reads (RE2's reason, e.g. "missing ): (a").
  static bool parse(std::string_view text, TagCondition& out, std::string& why);

  /// Whether `record` satisfies the condition. Linear in the tag's value.
  bool matches(const GameRecord& record) const;

 private:
  std::string name_;
  std::string value_;                      // '='
  std::shared_ptr<const re2::RE2> regex_;  // '~' (null for '=')
};

}  // namespace beyt::notation
