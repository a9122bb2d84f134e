// The table of diagnostic codes: stable ids, unique names, and the one
// documented table (docs/ERRORS.md) lists every code with its name.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "beyt/errors.hpp"

namespace {

using beyt::Code;

TEST(Errors, IdsAreStable) {
  EXPECT_EQ(beyt::code_id(Code::bad_utf8), "E101");
  EXPECT_EQ(beyt::code_id(Code::occupied), "E304");
  EXPECT_EQ(beyt::code_id(Code::result_mismatch), "E401");
  EXPECT_EQ(beyt::code_name(Code::occupied), "occupied");
  EXPECT_EQ(beyt::code_id(Code::byte_order_mark), "W101");
  EXPECT_EQ(beyt::code_id(Code::finished_unknown_result), "W401");
}

TEST(Errors, WCodesAreWarningsEveryOtherAnError) {
  for (const Code* c = beyt::all_codes_begin(); c != beyt::all_codes_end(); ++c)
    EXPECT_EQ(beyt::code_severity(*c) == beyt::Severity::warning, beyt::code_id(*c)[0] == 'W') << beyt::code_id(*c);
  EXPECT_EQ(beyt::code_severity(Code::result_mismatch), beyt::Severity::error);
  EXPECT_EQ(beyt::code_severity(Code::no_games), beyt::Severity::warning);
}

TEST(Errors, EveryCodeHasAUniqueNameAndSummary) {
  std::set<std::string_view> names;
  for (const Code* c = beyt::all_codes_begin(); c != beyt::all_codes_end(); ++c) {
    EXPECT_NE(*c, Code::ok);
    EXPECT_NE(beyt::code_name(*c), "unknown");
    EXPECT_TRUE(names.insert(beyt::code_name(*c)).second) << beyt::code_name(*c);
    EXPECT_FALSE(beyt::code_summary(*c).empty());
    if (c + 1 != beyt::all_codes_end()) {
      EXPECT_LT(static_cast<int>(*c), static_cast<int>(c[1]));
    }
  }
}

TEST(Errors, DocumentedTableListsEveryCode) {
  std::ifstream in(std::string(BEYT_SOURCE_DIR) + "/docs/ERRORS.md");
  ASSERT_TRUE(in) << "docs/ERRORS.md missing";
  std::stringstream all;
  all << in.rdbuf();
  const std::string doc = all.str();
  for (const Code* c = beyt::all_codes_begin(); c != beyt::all_codes_end(); ++c) {
    std::string row = "| " + beyt::code_id(*c) + " | `" + std::string(beyt::code_name(*c)) + "` |";
    EXPECT_NE(doc.find(row), std::string::npos) << "docs/ERRORS.md lacks the row " << row;
  }
}

}  // namespace
