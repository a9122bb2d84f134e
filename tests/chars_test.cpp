// One character policy for the three formats (beyt/chars.hpp; NOTATION.md
// section 11): for every class of character, in a tag value and in a
// comment, either all three readers accept and every round trip is
// byte-identical, or all three reject with E110 at the same character;
// writers never emit what a reader, xmllint, a strict JSON parser or
// rsvg-convert rejects.
#include <gtest/gtest.h>

#include <sstream>

#include "beyt/chars.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/svg.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;
using beyt::chars::Field;
using namespace beyt::test;

TEST(Chars, ThePolicy) {
  for (char32_t c : {U'\t', U'\n', U'\r'}) {
    EXPECT_TRUE(chars::allowed(c, Field::comment));
    EXPECT_FALSE(chars::allowed(c, Field::tag_value));
    EXPECT_FALSE(chars::allowed(c, Field::move));
  }
  for (char32_t c : {U'\0', U'\x01', U'\x1B', U'\x7F', U'\x80', U'\x85', U'\x9F', U'\xFDD0', U'\xFDEF', U'\xFFFE',
                     U'\xFFFF', U'\U0001FFFE', U'\U0010FFFF'})
    for (Field f : {Field::tag_value, Field::comment, Field::move}) EXPECT_FALSE(chars::allowed(c, f)) << unsigned(c);
  for (char32_t c : {U' ', U'~', U'\xA0', U'\x301', U'\xFDCF', U'\xFDF0', U'\xFFFD', U'\U0001D11E', U'\U0010FFFD'})
    for (Field f : {Field::tag_value, Field::comment, Field::move}) EXPECT_TRUE(chars::allowed(c, f)) << unsigned(c);
  EXPECT_EQ(chars::describe(0), "U+0000 (NUL)");
  EXPECT_EQ(chars::describe(0xFFFE), "U+FFFE (a noncharacter)");
  EXPECT_EQ(chars::describe(0x85), "U+0085 (a C1 control)");
  const chars::Problem p = chars::check("ab\xEF\xBF\xBF", Field::comment);
  EXPECT_EQ(p.offset, 2u);
  EXPECT_EQ(p.cp, 0xFFFFu);
  EXPECT_TRUE(chars::check("a\xC3", Field::comment).bad_utf8);
  EXPECT_FALSE(chars::check("tab\there", Field::comment));
  EXPECT_EQ(chars::sanitize("a\tb\x01\xEF\xBF\xBE" "c\xFF", Field::tag_value),
            "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD" "c\xEF\xBF\xBD");
}

// A class of characters: its UTF-8, its JSON and XML spellings, whether
// a tag value and a comment may hold it, and whether XML 1.0 has no place
// for it at all (not well-formed: E160 rather than E110 in XML).
struct Class {
  const char* name;
  std::string utf8, json, xml;
  bool in_tag, in_comment;
  bool xml_forbids = false;
};

const std::vector<Class>& classes() {
  static const std::vector<Class> all = {
      {"control SOH", "\x01", "\\u0001", "&#1;", false, false, true},
      {"control ESC raw in XML", "\x1B", "\\u001b", "\x1B", false, false, true},
      {"DEL", "\x7F", "\\u007f", "&#127;", false, false},
      {"C1 NEL", "\xC2\x85", "\\u0085", "&#x85;", false, false},
      {"NUL", std::string(1, '\0'), "\\u0000", "&#0;", false, false, true},
      {"TAB", "\t", "\\t", "&#9;", false, true},
      {"U+FFFE", "\xEF\xBF\xBE", "\\ufffe", "&#xFFFE;", false, false, true},
      {"U+FFFF raw", "\xEF\xBF\xBF", "\xEF\xBF\xBF", "\xEF\xBF\xBF", false, false, true},
      {"U+1FFFE", "\xF0\x9F\xBF\xBE", "\\ud83f\\udffe", "&#x1FFFE;", false, false},
      {"U+FDD0", "\xEF\xB7\x90", "\\ufdd0", "&#64976;", false, false},
      {"astral U+1D11E", "\xF0\x9D\x84\x9E", "\\ud834\\udd1e", "&#x1D11E;", true, true},
      {"combining U+0301 first", "\xCC\x81", "\\u0301", "&#769;", true, true},
      {"Arabic and a ZWJ", "\xD8\xB3\xE2\x80\x8D", "\xD8\xB3\\u200d", "\xD8\xB3&#x200D;", true, true},
  };
  return all;
}

struct Collect : GameVisitor {
  bool game(GameRecord&& r, std::uint32_t) override {
    games.push_back(std::move(r));
    return true;
  }
  std::vector<GameRecord> games;
};

Diagnostic read(const std::string& text, Format f, std::vector<GameRecord>& games) {
  std::istringstream in(text);
  Collect c;
  Diagnostic d = read_games(in, "t", f, c);
  games = std::move(c.games);
  return d;
}

// One record with `x` (a spelling of the class) in the Event tag or in the
// game's comment, in each format.
std::string text_record(const std::string& x, bool tag) {
  return tag ? "[Event \"a" + x + "b\"]\n\n*\n" : "[Event \"e\"]\n\n{a" + x + "b} *\n";
}
std::string json_record(const std::string& x, bool tag) {
  return std::string(R"({"format":"beyt","version":1,"games":[{"tags":{"Event":)") + (tag ? "\"a" + x + "b\"" : "\"e\"") +
         "}," + (tag ? "" : "\"comments\":[\"a" + x + "b\"],") + R"("moves":[],"result":"*"}]})";
}
std::string xml_record(const std::string& x, bool tag) {
  return std::string("<beyt version=\"1\"><game><tag name=\"Event\">") + (tag ? "a" + x + "b" : "e") + "</tag>" +
         (tag ? "" : "<comment>a" + x + "b</comment>") + "<moves/><result>*</result></game></beyt>";
}

TEST(Chars, EveryClassInEveryReader) {
  for (const Class& c : classes()) {
    for (bool tag : {true, false}) {
      SCOPED_TRACE(std::string(c.name) + (tag ? " in a tag value" : " in a comment"));
      std::vector<GameRecord> t, j, x;
      Diagnostic dt = read(text_record(c.utf8, tag), Format::text, t);
      Diagnostic dj = read(json_record(c.json, tag), Format::json, j);
      Diagnostic dx = read(xml_record(c.xml, tag), Format::xml, x);
      if (tag ? c.in_tag : c.in_comment) {
        ASSERT_FALSE(dt) << format_text(dt);
        ASSERT_FALSE(dj) << format_text(dj);
        ASSERT_FALSE(dx) << format_text(dx);
        ASSERT_EQ(t.size(), 1u);
        const std::string& held = tag ? t[0].tags[0].value : t[0].comments[0];
        EXPECT_EQ(held, "a" + c.utf8 + "b");
        EXPECT_EQ(j, t);
        EXPECT_EQ(x, t);
      } else {
        EXPECT_EQ(code_id(dt.code), "E110") << format_text(dt);
        EXPECT_EQ(code_id(dj.code), "E110") << format_text(dj);
        // XML: what XML 1.0 itself forbids is not well-formed (E160), as a
        // raw control character in a JSON string is no JSON (E150)
        EXPECT_EQ(code_id(dx.code), c.xml_forbids ? "E160" : "E110") << format_text(dx);
        // The text and XML readers point at the character itself (XML: at
        // the value, for a reference to what only the field refuses).
        EXPECT_EQ(dt.loc.column, tag ? 10u : 3u);
        EXPECT_EQ(dx.loc.column, tag ? (c.xml == "&#9;" ? 43u : 44u) : 60u);
        EXPECT_TRUE(t.empty() && j.empty() && x.empty());
      }
    }
  }
}

TEST(Chars, TabAndLineEndsInAMoveAreRejectedByAll) {
  std::vector<GameRecord> g;
  EXPECT_EQ(read(R"({"format":"beyt","version":1,"games":[{"tags":{},"moves":[{"move":"a\tb"}],"result":"*"}]})",
                 Format::json, g)
                .code,
            Code::bad_character);
  EXPECT_EQ(read(R"(<beyt version="1"><game><moves><move text="a&#9;b"/></moves><result>*</result></game></beyt>)",
                 Format::xml, g)
                .code,
            Code::bad_character);
  // In text a TAB ends the move: "b" is the next one; a control character is E110.
  EXPECT_FALSE(read("1. a\tb *", Format::text, g));
  EXPECT_EQ(read("1. a\x0B" "b *", Format::text, g).code, Code::bad_character);
}

TEST(Chars, XmlCharacterReferencesAreCheckedNotCut) {
  std::vector<GameRecord> g;
  // pugixml alone reads "&#0;" as the end of the text: "b2,c4" would pass.
  Diagnostic d = read(R"(<beyt version="1"><game><moves><move text="b2,c4&#0;junk"/></moves>)"
                      R"(<result>*</result></game></beyt>)",
                      Format::xml, g);
  // XML 1.0 has no place for U+0000: the XML is not well-formed.
  EXPECT_EQ(d.code, Code::xml_syntax);
  EXPECT_NE(d.reason.find("&#0; stands for U+0000 (NUL): XML 1.0 has no place for it"), std::string::npos) << d.reason;
  EXPECT_EQ(d.loc.column, 49u);
  for (const char* ref : {"&#x0;", "&#00;", "&#xFFFF;", "&#xD800;", "&#1114112;", "&#99999999999;", "&#x1F;"}) {
    Diagnostic r = read(std::string(R"(<beyt version="1"><game><comment>)") + ref +
                            "</comment><moves/><result>*</result></game></beyt>",
                        Format::xml, g);
    EXPECT_EQ(r.code, Code::xml_syntax) << ref;
  }
  // What XML allows but no record may hold: E110.
  for (const char* ref : {"&#x7F;", "&#x85;", "&#xFDD0;", "&#x1FFFE;", "&#x10FFFF;"}) {
    Diagnostic r = read(std::string(R"(<beyt version="1"><game><comment>)") + ref +
                            "</comment><moves/><result>*</result></game></beyt>",
                        Format::xml, g);
    EXPECT_EQ(r.code, Code::bad_character) << ref;
  }
  // Well-formed references to allowed characters read as they are.
  ASSERT_FALSE(read(R"(<beyt version="1"><game><comment>&#x41;&#66;&#9;&#10;&#13;&amp;</comment><moves/>)"
                    R"(<result>*</result></game></beyt>)",
                    Format::xml, g));
  EXPECT_EQ(g[0].comments[0], "AB\t\n\r&");
}

// A record holding every class in every field, as code may build one.
GameRecord hostile() {
  GameRecord g;
  std::string all;
  for (const Class& c : classes()) all += c.utf8;
  all += "\xFF\xC3";  // invalid UTF-8 too
  g.set_tag("Event", "e" + all);
  g.comments = {"c" + all};
  Node n;
  n.move = "m" + all;
  n.after = {"{" + all};
  g.moves.push_back(n);
  return g;
}

TEST(Chars, WritersNeverWriteWhatTheReadersReject) {
  const GameRecord g = hostile();
  for (Format out : {Format::text, Format::json, Format::xml}) {
    std::ostringstream buffer;
    {
      RecordWriter w(buffer, out);
      w.game(g);
      w.finish();
    }
    std::vector<GameRecord> back;
    Diagnostic d = read(buffer.str(), out, back);
    ASSERT_FALSE(d) << format_name(out) << ": " << format_text(d) << buffer.str();
    ASSERT_EQ(back.size(), 1u);
    // What a tag value may not hold became U+FFFD; TAB stays in comments.
    EXPECT_FALSE(chars::check(back[0].tags[0].value, Field::tag_value));
    EXPECT_NE(back[0].comments[0].find('\t'), std::string::npos);
    EXPECT_NE(back[0].comments[0].find("\xEF\xBF\xBD"), std::string::npos);
    EXPECT_FALSE(chars::check(back[0].comments[0], Field::comment));
  }
}

// --- Through the program, with the tools that read its output ---------------------

bool have(const char* tool) { return shell(std::string("command -v ") + tool + " >/dev/null 2>&1") == 0; }

TEST(CliChars, AcceptedClassesRoundTripAndOutputsPassTheTools) {
  ASSERT_TRUE(have("xmllint")) << "xmllint is missing: install libxml2-utils (.ci/setup does)";
  ASSERT_TRUE(have("rsvg-convert")) << "rsvg-convert is missing: install librsvg2-bin (.ci/setup does)";
  ASSERT_TRUE(have("node")) << "node is missing (.ci/setup installs nodejs)";
  TempDir dir("chars");
  int n = 0;
  for (const Class& c : classes()) {
    for (bool tag : {true, false}) {
      if (!(tag ? c.in_tag : c.in_comment)) continue;
      SCOPED_TRACE(std::string(c.name) + (tag ? " in a tag value" : " in a comment"));
      const std::string stem = "r" + std::to_string(n++);
      const fs::path text = dir / (stem + ".beyt"), json = dir / (stem + ".json"), xml = dir / (stem + ".xml"),
                     back = dir / (stem + "-back.beyt"), svg = dir / (stem + ".svg");
      spit(text, "[Event \"a" + (tag ? c.utf8 : std::string()) + "b\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                 "[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n[Game \"seega\"]\n\n" +
                     (tag ? std::string() : "{a" + c.utf8 + "b} ") + "1. c1,c5 *\n\n");
      ASSERT_EQ(run("validate --strict " + quote(text.string())).status, 0) << slurp(text);
      ASSERT_EQ(run("convert " + quote(text.string()) + " -o " + quote(json.string())).status, 0);
      ASSERT_EQ(run("convert " + quote(json.string()) + " -o " + quote(xml.string())).status, 0);
      ASSERT_EQ(run("convert " + quote(xml.string()) + " -o " + quote(back.string())).status, 0);
      EXPECT_EQ(slurp(back), slurp(text)) << "text -> JSON -> XML -> text";
      EXPECT_EQ(shell("xmllint --noout --schema " + quote((kRoot / "schemas/record.xsd").string()) + " " +
                      quote(xml.string()) + " 2>/dev/null"),
                0);
      EXPECT_EQ(shell("node -e 'JSON.parse(require(\"fs\").readFileSync(0, \"utf8\"))' < " + quote(json.string())), 0);
      ASSERT_EQ(run("render --format svg " + quote(text.string()) + " -o " + quote(svg.string())).status, 0);
      EXPECT_EQ(shell("xmllint --noout " + quote(svg.string()) + " 2>/dev/null"), 0);
      EXPECT_EQ(shell("rsvg-convert " + quote(svg.string()) + " -o " + quote((dir / "t.png").string())), 0);
    }
  }
  EXPECT_EQ(n, 7);
}

TEST(CliChars, SvgTextPassesTheToolsWhateverItHolds) {
  TempDir dir("svg-chars");
  const fs::path svg = dir / "t.svg";
  const std::string title = "T\x01\x1B\xC2\x85\xEF\xBF\xBE\xEF\xBF\xBF\xFF\t<&>\xF0\x9D\x84\x9E\xCC\x81";
  CliRun r = run("render --format svg --title " + quote(title) + " --caption " + quote(title) + " " +
                 quote((kRoot / "samples/seega/walker-5x5.beyt").string()) + " -o " + quote(svg.string()));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(shell("xmllint --noout " + quote(svg.string()) + " 2>/dev/null"), 0) << slurp(svg);
  EXPECT_EQ(shell("rsvg-convert " + quote(svg.string()) + " -o " + quote((dir / "t.png").string())), 0);
  // The TAB is dropped with the other controls: SVG text holds none (NOTATION.md section 11).
  EXPECT_NE(slurp(svg).find("T\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD&lt;&amp;&gt;\xF0\x9D\x84\x9E\xCC\x81"),
            std::string::npos);
  EXPECT_EQ(svg::escape("a\x01\xEF\xBF\xBE\r\n"), "a\xEF\xBF\xBD\n");
}

}  // namespace
