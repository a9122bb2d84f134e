// Hostile inputs every reader must refuse cleanly, never by crashing or
// hanging: variations nested past kMaxVariationDepth, in all three formats.
#include <gtest/gtest.h>

#include <sstream>

#include "beyt/notation/formats.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

class Count : public GameVisitor {
 public:
  bool game(GameRecord&&, std::uint32_t) override { return ++games, true; }
  int games = 0;
};

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

Diagnostic read(const std::string& input, Format format) {
  std::istringstream in(input);
  Count count;
  return read_games(in, "deep", format, count);
}

std::string text_nested(std::size_t n) { return "1. a " + repeat("(1. b ", n) + repeat(")", n) + " *\n"; }
std::string json_nested(std::size_t n) {
  return R"({"format":"beyt","version":1,"games":[{"tags":{},"moves":[)" +
         repeat(R"({"move":"a","variations":[[)", n) + R"({"move":"b"})" + repeat("]]}", n) +
         R"(],"result":"*"}]})";
}
std::string xml_nested(std::size_t n) {
  return R"(<beyt version="1"><game><moves>)" + repeat(R"(<move text="a"><variation>)", n) +
         R"(<move text="b"/>)" + repeat("</variation></move>", n) + "</moves><result>*</result></game></beyt>";
}

TEST(Limits, DeepestAllowedNestingReads) {
  EXPECT_FALSE(read(text_nested(kMaxVariationDepth), Format::text));
  EXPECT_FALSE(read(json_nested(kMaxVariationDepth), Format::json));
  EXPECT_FALSE(read(xml_nested(kMaxVariationDepth), Format::xml));
}

TEST(Limits, DeeperNestingIsAnErrorNotACrash) {
  for (std::size_t n : {std::size_t{kMaxVariationDepth + 1}, std::size_t{100000}}) {
    Diagnostic t = read(text_nested(n), Format::text);
    EXPECT_EQ(t.code, Code::unexpected_token) << n;
    Diagnostic j = read(json_nested(n), Format::json);
    EXPECT_EQ(j.code, Code::json_structure) << n;
    EXPECT_NE(j.reason.find("deeper than 100"), std::string::npos) << j.reason;
    Diagnostic x = read(xml_nested(n), Format::xml);
    EXPECT_EQ(x.code, Code::xml_structure) << n;
    EXPECT_NE(x.reason.find("deeper than 100"), std::string::npos) << x.reason;
  }
}

}  // namespace
