// The date grammar of the Date tag (beyt/notation/select.hpp): the
// validator's (E205) and select --date's. Apart from select.cpp, whose RE2
// the studio's WebAssembly build (studio/CMakeLists.txt) does without.
#include <array>
#include <string>

#include "beyt/notation/select.hpp"

namespace beyt::notation {
namespace {

bool all_of(std::string_view s, char c) { return !s.empty() && s.find_first_not_of(c) == std::string_view::npos; }
bool digits(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }

std::uint32_t number(std::string_view s) {
  std::uint32_t n = 0;
  for (char c : s) n = n * 10 + static_cast<std::uint32_t>(c - '0');
  return n;
}

bool leap(std::uint32_t year) { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0); }

constexpr std::array<std::string_view, 12> kMonths{"January", "February", "March",     "April",   "May",      "June",
                                                   "July",    "August",   "September", "October", "November", "December"};

// The '.'-separated parts of `text`: the first three, and how many there are
// (no allocation: the validator reads a Date for every game).
struct Parts {
  std::array<std::string_view, 3> part{};
  std::size_t count = 0;
  std::size_t size() const { return count; }
  std::string_view operator[](std::size_t i) const { return part[i]; }
};
Parts parts_of(std::string_view text) {
  Parts parts;
  for (std::size_t start = 0;;) {
    const std::size_t dot = text.find('.', start);
    if (parts.count < 3)
      parts.part[parts.count] = text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    ++parts.count;
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

// Checks the known parts; `offsets` are those of the year, month and day in
// the text. False with `why` and `offset`.
bool check(const Date& d, const std::uint32_t (&offsets)[3], std::string& why, std::uint32_t& offset) {
  if (d.month > 12) {
    why = "the month " + std::to_string(d.month) + " is not 01 to 12";
    offset = offsets[1];
    return false;
  }
  const std::uint32_t last = d.month ? days_in_month(d.year, d.month) : 31;
  if (d.day > last) {
    offset = offsets[2];
    if (!d.month) why = "a day is 01 to 31, not " + std::to_string(d.day);
    else if (d.month == 2 && d.day == 29) why = std::to_string(d.year) + " is not a leap year: February has 28 days";
    else why = std::string(kMonths[d.month - 1]) + " has " + std::to_string(last) + " days, not " + std::to_string(d.day);
    return false;
  }
  return true;
}

}  // namespace

std::uint32_t days_in_month(std::uint32_t year, std::uint32_t month) noexcept {
  constexpr std::uint32_t kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) return 0;
  if (month == 2 && (year == 0 || leap(year))) return 29;
  return kDays[month - 1];
}

std::uint32_t Date::first_day() const noexcept {
  if (year == 0) return 0;
  return year * 10000 + (month ? month : 1) * 100 + (month && day ? day : 1);
}

std::uint32_t Date::last_day() const noexcept {
  if (year == 0) return 99991231;
  return year * 10000 + (month ? month : 12) * 100 + (month && day ? day : month ? days_in_month(year, month) : 31);
}

bool parse_date(std::string_view text, Date& out, std::string& why, std::uint32_t& offset) {
  offset = 0;
  // The shape YYYY.MM.DD, each part digits or all '?', read in one pass (the
  // validator reads a Date for every game).
  constexpr std::uint32_t kFrom[3] = {0, 5, 8}, kSize[3] = {4, 2, 2};
  std::uint32_t value[3] = {0, 0, 0};
  bool known[3] = {false, false, false};
  bool shaped = text.size() == 10 && text[4] == '.' && text[7] == '.';
  for (int i = 0; shaped && i < 3; ++i) {
    bool all_digits = true, all_unknown = true;
    for (std::uint32_t j = kFrom[i]; j < kFrom[i] + kSize[i]; ++j) {
      const char c = text[j];
      all_digits = all_digits && c >= '0' && c <= '9';
      all_unknown = all_unknown && c == '?';
      value[i] = value[i] * 10 + static_cast<std::uint32_t>(c - '0');
    }
    known[i] = all_digits;
    if (!all_digits) value[i] = 0;
    shaped = all_digits || all_unknown;
  }
  if (!shaped) {
    // The date as it was probably meant: each part padded to its width,
    // the parts left off unknown ("1835.3.12" is 1835.03.12, "1835" 1835.??.??),
    // and a year first with '/' or '-' between the parts read with dots
    // ("1835/03/12", "1835-3-12": ISO 8601's order). A day or month first
    // ("12/03/1835") is not guessed at: its order differs between countries.
    std::string dotted(text);
    if (dotted.find('.') == std::string::npos)
      for (const char sep : {'/', '-'})
        if (dotted.find(sep) != std::string::npos) {
          for (char& c : dotted)
            if (c == sep) c = '.';
          break;
        }
    const Parts parts = parts_of(dotted);
    const auto part_ok = [](std::string_view p, std::size_t size) {
      return p.size() == size && (digits(p) || all_of(p, '?'));
    };
    std::string meant;
    bool fits = parts.size() <= 3 && part_ok(parts[0], 4);
    for (std::size_t i = 1; fits && i < 3; ++i) {
      const std::string_view p = i < parts.size() ? parts[i] : std::string_view("??");
      if (all_of(p, '?') && p.size() <= 2) meant += ".??";
      else if (digits(p) && p.size() <= 2) meant += (p.size() == 1 ? ".0" : ".") + std::string(p);
      else fits = false;
    }
    Date ignored;
    std::string ignored_why;
    std::uint32_t ignored_offset;
    if (fits) meant.insert(0, parts[0]);
    if (fits && parse_date(meant, ignored, ignored_why, ignored_offset)) why = "write " + meant;
    else why = "it is not YYYY.MM.DD (write ?? for unknown parts: 1835.??.?" "?)";
    return false;
  }
  Date d;
  d.year = value[0];
  d.month = value[1];
  d.day = value[2];
  if (known[0] && d.year == 0) {
    why = "there is no year 0000 (write ???? for an unknown year)";
    return false;
  }
  if (known[1] && d.month == 0) {
    why = "the month 00 is not 01 to 12 (write ?? for an unknown month)";
    offset = 5;
    return false;
  }
  if (known[2] && d.day == 0) {
    why = "the day 00 is not a day (write ?? for an unknown day)";
    offset = 8;
    return false;
  }
  if (!check(d, {0, 5, 8}, why, offset)) return false;
  out = d;
  return true;
}

bool parse_date_bound(std::string_view text, Date& out, std::string& why) {
  const Parts parts = parts_of(text);
  const std::size_t sizes[3] = {4, 2, 2};
  bool shaped = parts.size() <= 3;
  for (std::size_t i = 0; shaped && i < parts.size(); ++i) shaped = parts[i].size() == sizes[i] && digits(parts[i]);
  if (!shaped) {
    why = "'" + std::string(text) + "' is not YYYY, YYYY.MM or YYYY.MM.DD";
    return false;
  }
  Date d;
  d.year = number(parts[0]);
  if (parts.size() > 1) d.month = number(parts[1]);
  if (parts.size() > 2) d.day = number(parts[2]);
  const auto fail = [&](std::string reason) {
    why = "'" + std::string(text) + "': " + std::move(reason);
    return false;
  };
  if (d.year == 0) return fail("there is no year 0000");
  if (parts.size() > 1 && d.month == 0) return fail("the month 00 is not 01 to 12");
  if (parts.size() > 2 && d.day == 0) return fail("the day 00 is not a day");
  std::string reason;
  std::uint32_t offset;
  if (!check(d, {0, 5, 8}, reason, offset)) return fail(reason);
  out = d;
  return true;
}

bool date_within(const GameRecord& record, const Date* from, const Date* to) {
  const TagPair* tag = record.find_tag("Date");
  Date d;
  std::string why;
  std::uint32_t offset;
  if (!tag || !parse_date(tag->value, d, why, offset) || d.year == 0) return false;
  if (from && d.first_day() < from->first_day()) return false;
  if (to && d.last_day() > to->last_day()) return false;
  return true;
}

}  // namespace beyt::notation
