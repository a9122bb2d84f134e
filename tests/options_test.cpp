// Rules text parsing (beyt/options.hpp): presets, overrides, and every error
// with its offset.
#include <gtest/gtest.h>

#include "beyt/options.hpp"

namespace {

using beyt::Code;
using beyt::OptionSpec;
using beyt::Preset;
using beyt::RuleSet;

const std::vector<OptionSpec> kSpecs{
    {"size", {"5", "7", "9"}, "5", "board size", "test"},
    {"chain", {"optional", "mandatory"}, "optional", "chains", "test"},
    {"label", {}, "none", "free text", "test"},
};
const std::vector<Preset> kPresets{
    {"walker", "", "default"},
    {"lane", "chain=mandatory", "Lane's reading"},
};

RuleSet parse_ok(std::string_view text) {
  RuleSet rules;
  beyt::Error e = RuleSet::parse(text, kSpecs, kPresets, rules);
  EXPECT_FALSE(e) << text << ": " << e.reason;
  return rules;
}

TEST(Rules, EmptyTextIsTheDefaultPreset) {
  RuleSet r = parse_ok("");
  EXPECT_EQ(r.preset(), "walker");
  EXPECT_EQ(r.get("size"), "5");
  EXPECT_EQ(r.get("chain"), "optional");
  EXPECT_EQ(r.canonical(), "walker");
}

TEST(Rules, PresetThenOverrides) {
  RuleSet r = parse_ok("  lane ;size=7; label = hello world ");
  EXPECT_EQ(r.preset(), "lane");
  EXPECT_EQ(r.get("chain"), "mandatory");
  EXPECT_EQ(r.get("size"), "7");
  EXPECT_EQ(r.get("label"), "hello world");
  EXPECT_EQ(r.canonical(), "lane; size=7; label=hello world");
  EXPECT_EQ(parse_ok(r.canonical()).values(), r.values());
}

TEST(Rules, OverrideWithoutPresetKeepsTheDefault) {
  RuleSet r = parse_ok("chain=mandatory");
  EXPECT_EQ(r.preset(), "walker");
  EXPECT_EQ(r.canonical(), "walker; chain=mandatory");
  EXPECT_EQ(parse_ok("lane; chain=optional").canonical(), "lane; chain=optional");
  EXPECT_EQ(parse_ok("lane;").canonical(), "lane");
}

TEST(Rules, UnknownGetIsEmpty) { EXPECT_TRUE(parse_ok("").get("nothing").empty()); }

struct BadRules {
  const char* text;
  std::uint32_t offset;
  const char* says;
};

void PrintTo(const BadRules& b, std::ostream* os) { *os << '"' << b.text << '"'; }

class RulesErrors : public ::testing::TestWithParam<BadRules> {};

TEST_P(RulesErrors, CodeOffsetAndReason) {
  RuleSet rules;
  beyt::Error e = RuleSet::parse(GetParam().text, kSpecs, kPresets, rules);
  EXPECT_EQ(e.code, Code::bad_rules);
  EXPECT_EQ(e.offset, GetParam().offset) << e.reason;
  EXPECT_NE(e.reason.find(GetParam().says), std::string::npos) << e.reason;
}

INSTANTIATE_TEST_SUITE_P(All, RulesErrors,
                         ::testing::Values(BadRules{"murray", 0, "unknown preset 'murray'"},
                                           BadRules{"size=7; lane", 8, "a preset may only come first"},
                                           BadRules{"walker; colour=red", 8, "unknown option 'colour'"},
                                           BadRules{"walker; size=6", 13, "cannot be '6' (allowed: 5, 7, 9)"},
                                           BadRules{"size=7;size=9", 7, "given twice"},
                                           BadRules{"walker;;size=7", 7, "empty item"},
                                           BadRules{"size=", 5, "has no value"}));

}  // namespace
