// JSON and XML records and JSON Lines: round trips, canonical bytes, places, every error,
// streaming, and the output checked against schemas/ by real validators
// (xmllint for the XSD, ajv-cli for the JSON Schema).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/json.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/xml.hpp"
#include "game_stream.hpp"

#ifndef BEYT_SOURCE_DIR
#error "BEYT_SOURCE_DIR must name the source tree (tests/CMakeLists.txt defines it)"
#endif

namespace fs = std::filesystem;
using namespace beyt;
using namespace beyt::notation;

namespace {

// --- helpers -----------------------------------------------------------------

struct Collect : GameVisitor {
  std::vector<GameRecord> games;
  std::vector<std::uint32_t> indices;
  bool game(GameRecord&& record, std::uint32_t index) override {
    games.push_back(std::move(record));
    indices.push_back(index);
    return true;
  }
};

struct Count : GameVisitor {
  std::uint32_t n = 0;
  std::uint32_t stop_after = 0;  // 0: never stop
  bool game(GameRecord&&, std::uint32_t index) override {
    ++n;
    EXPECT_EQ(index, n);
    return stop_after == 0 || n < stop_after;
  }
};

std::string to_json(const std::vector<GameRecord>& games) {
  std::ostringstream out;
  JsonWriter w(out);
  for (const auto& g : games) w.game(g);
  w.finish();
  return out.str();
}

std::string to_xml(const std::vector<GameRecord>& games) {
  std::ostringstream out;
  XmlWriter w(out);
  for (const auto& g : games) w.game(g);
  w.finish();
  return out.str();
}

Diagnostic read_json_text(const std::string& text, Collect& c) {
  std::istringstream in(text);
  return read_json(in, "t.json", c);
}

Diagnostic read_xml_text(const std::string& text, Collect& c) {
  std::istringstream in(text);
  return read_xml(in, "t.xml", c);
}

std::vector<GameRecord> from_json(const std::string& text) {
  Collect c;
  Diagnostic d = read_json_text(text, c);
  EXPECT_FALSE(d) << format_text(d);
  return c.games;
}

std::vector<GameRecord> from_xml(const std::string& text) {
  Collect c;
  Diagnostic d = read_xml_text(text, c);
  EXPECT_FALSE(d) << format_text(d);
  return c.games;
}

Node node(std::string move) {
  Node n;
  n.move = std::move(move);
  return n;
}

TagPair tag(std::string name, std::string value) {
  TagPair t;
  t.name = std::move(name);
  t.value = std::move(value);
  return t;
}

/// Records that use every feature of the model.
std::vector<GameRecord> rich_games() {
  std::vector<GameRecord> games;

  GameRecord a;
  a.tags = {tag("Event", "Cairo coffee-house games"), tag("Site", "القاهرة"), tag("Date", "1835.??.??"),
            tag("Round", "1"), tag("South", "Ḥasan \"the elder\" \\ co"), tag("North", "Ali & <Omar>"),
            tag("Result", "0-1"), tag("Game", "seega"), tag("Rules", "walker; size=7"),
            tag("Unknown_Tag9", "  spaced  "), tag("Empty", "")};
  Node m1 = node("c1,c5");
  m1.before = {" leading and trailing ", "two\nlines\n", ""};
  m1.nags = {0, 1, 255};
  m1.after = {"<tag> & ]]> \"q\" 'a'", "tab\there", "} closing brace, no line end", "ünïcödé ☃ 𝄞"};
  Node v1 = node("a3,e3");
  v1.after = {"in a variation"};
  Node v2 = node("b1,b2");
  Node v3 = node("d2,d4");
  v3.nags = {5};
  v2.variations = {{v3}, {}};  // a nested variation and an empty one
  m1.variations = {{v1, v2}, {node("a1,a2")}};
  Node m2 = node("a3,e3");
  Node m3 = node("b3-c3xc4-c5xd5");
  m3.after = {"\n"};
  Node m4 = node("--");
  Node m5 = node("~c4/b5-c4");
  m5.before = {"crlf\r\nand cr\r"};
  a.moves = {m1, m2, m3, m4, m5, node("1WBBB,4WWWW,2WWBB:1I-K,4K-O,2O-Q"), node("=4,4,4,4,4,4,4,4,4,4,4,4"),
             node("#40-32"), node("1m-n'"), node("12"), node("1-00"), node("*x")};
  a.result = "0-1";
  games.push_back(a);

  GameRecord b;  // no tags, comments only
  b.comments = {"a game with no moves", "  ", "line\nend"};
  b.result = "*";
  games.push_back(b);

  GameRecord c;  // empty
  c.result = "1/2-1/2";
  games.push_back(c);

  GameRecord d;
  d.tags = {tag("Game", "tab")};
  d.moves = {node("3"), node("2"), node("6")};
  d.result = "1-0";
  games.push_back(d);
  return games;
}

// --- JSON: round trips and canonical form -----------------------------------------

TEST(JsonRecords, RoundTripKeepsEverything) {
  const auto games = rich_games();
  const std::string json = to_json(games);
  EXPECT_EQ(from_json(json), games);
}

TEST(JsonRecords, OutputIsByteStable) {
  const std::string once = to_json(rich_games());
  const std::string twice = to_json(from_json(once));
  EXPECT_EQ(once, twice);
}

TEST(JsonRecords, OutputIsNlohmannDumpWithSchemaKeyOrder) {
  const std::string json = to_json(rich_games());
  EXPECT_EQ(nlohmann::ordered_json::parse(json).dump(2) + "\n", json);
  EXPECT_EQ(json.find('\r'), std::string::npos);
  EXPECT_NE(json.find("القاهرة"), std::string::npos);  // UTF-8, not \u escapes
}

TEST(JsonRecords, CanonicalText) {
  GameRecord g;
  g.tags = {tag("Game", "seega")};
  Node n = node("c1,c5");
  n.nags = {1};
  n.after = {"x"};
  n.variations = {{node("a3,e3")}};
  g.moves = {n, node("b3-c3")};
  g.result = "*";
  EXPECT_EQ(to_json({g}),
            "{\n"
            "  \"format\": \"beyt\",\n"
            "  \"version\": 1,\n"
            "  \"games\": [\n"
            "    {\n"
            "      \"tags\": {\n"
            "        \"Game\": \"seega\"\n"
            "      },\n"
            "      \"moves\": [\n"
            "        {\n"
            "          \"move\": \"c1,c5\",\n"
            "          \"nags\": [\n"
            "            1\n"
            "          ],\n"
            "          \"after\": [\n"
            "            \"x\"\n"
            "          ],\n"
            "          \"variations\": [\n"
            "            [\n"
            "              {\n"
            "                \"move\": \"a3,e3\"\n"
            "              }\n"
            "            ]\n"
            "          ]\n"
            "        },\n"
            "        {\n"
            "          \"move\": \"b3-c3\"\n"
            "        }\n"
            "      ],\n"
            "      \"result\": \"*\"\n"
            "    }\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(to_json({}), "{\n  \"format\": \"beyt\",\n  \"version\": 1,\n  \"games\": []\n}\n");
}

TEST(JsonRecords, ReaderAcceptsAnyKeyOrderSpacingAndBom) {
  const std::string text =
      "\xEF\xBB\xBF{\"games\":[{\"result\":\"1-0\",\"moves\":[{\"after\":[\"a\"],\"move\":\"x1\"}],"
      "\"tags\":{\"B\":\"2\",\"A\":\"1\"}}],\"version\":1,\"format\":\"beyt\"}";
  auto games = from_json(text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].tags[0].name, "B");  // input order kept
  EXPECT_EQ(games[0].moves[0].after, std::vector<std::string>{"a"});
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(games[0].loc.column, 11u);  // the BOM is no column: the game's "{" is the 11th character
}

TEST(JsonRecords, EscapesDecode) {
  auto games = from_json(
      R"({"format":"beyt","version":1,"games":[{"tags":{"A":"\u00e9\ud834\udd1e\"\\\/"},)"
      R"("comments":["\n\t\r\u00e9"],"moves":[],"result":"*"}]})");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tags[0].value, "é𝄞\"\\/");
  EXPECT_EQ(games[0].comments[0], "\n\t\r\xC3\xA9");
  EXPECT_EQ(to_json(games), to_json(from_json(to_json(games))));
}

TEST(JsonRecords, WriterReplacesInvalidUtf8) {
  GameRecord g;
  g.comments = {"a\xFF" "b"};
  auto back = from_json(to_json({g}));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].comments[0], "a\xEF\xBF\xBD" "b");
}

// --- JSON: places -------------------------------------------------------------

TEST(JsonRecords, PlacesOfValues) {
  const auto games = rich_games();
  const std::string json = to_json(games);
  const auto back = from_json(json);
  ASSERT_EQ(back.size(), games.size());

  // Finds the line and column (code points) of the first byte at `offset`.
  auto where = [&](std::uint64_t offset) {
    std::uint32_t line = 1, col = 1;
    for (std::uint64_t i = 0; i < offset; ++i) {
      const auto c = static_cast<unsigned char>(json[i]);
      if (c == '\n') ++line, col = 1;
      else if ((c & 0xC0) != 0x80) ++col;
    }
    return std::pair{line, col};
  };
  auto check = [&](const SourceLoc& loc, std::string_view expect_text, const std::string& pointer) {
    SCOPED_TRACE(pointer);
    EXPECT_EQ(loc.full_pointer(), pointer);
    ASSERT_LT(loc.offset, json.size());
    EXPECT_EQ(json.compare(loc.offset, expect_text.size(), expect_text), 0) << json.substr(loc.offset, 20);
    auto [line, col] = where(loc.offset);
    EXPECT_EQ(loc.line, line);
    EXPECT_EQ(loc.column, col);
  };
  const GameRecord& g = back[0];
  check(g.loc, "{\n      \"tags\"", "/games/0");
  check(g.tags[1].loc, "\"القاهرة\"", "/games/0/tags/Site");
  check(g.tags[1].value_loc, "القاهرة\"", "/games/0/tags/Site");
  check(g.moves[0].loc, "c1,c5\"", "/games/0/moves/0/move");
  check(g.moves[0].variations[0][1].loc, "b1,b2\"", "/games/0/moves/0/variations/0/1/move");
  check(g.moves[0].variations[0][1].variations[0][0].loc, "d2,d4\"",
        "/games/0/moves/0/variations/0/1/variations/0/0/move");
  check(g.moves[3].loc, "--\"", "/games/0/moves/3/move");
  check(g.result_loc, "\"0-1\"", "/games/0/result");
  check(back[3].moves[2].loc, "6\"", "/games/3/moves/2/move");

  // Columns count code points: the value after "Site": "القاهرة" on one line.
  EXPECT_EQ(g.tags[2].value_loc.column, 18u);  // `        "Date": "` is 17 columns
}

TEST(JsonRecords, ColumnsCountCodePoints) {
  auto games = from_json(
      "{\"format\":\"beyt\",\"version\":1,\"games\":[{\"tags\":{\"A\":\"☃☃\",\"B\":\"x\"},\"moves\":[],\"result\":\"*\"}]}");
  ASSERT_EQ(games.size(), 1u);
  // {"format":"beyt","version":1,"games":[{"tags":{"A":"☃☃","B":"x"}: "x" at column 61
  EXPECT_EQ(games[0].tags[1].loc.column, 61u);
  EXPECT_EQ(games[0].tags[1].loc.offset, 64u);  // two 3-byte snowmen
}

// --- JSON: errors, one case per line ------------------------------------------

struct ErrorCase {
  const char* text;
  Code code;
  std::uint32_t line;
  std::uint32_t column;
  const char* pointer;
  const char* reason;  // a part of the reason
};

#define G "{\"format\":\"beyt\",\"version\":1,\"games\":["
//        0        1         2         3        ^ column 39 starts the first game

/// The diagnostic with the line it points into and a caret.
std::string show(const Diagnostic& d, std::string_view text) {
  std::uint32_t line = 1;
  std::size_t start = 0;
  while (line < d.loc.line && start < text.size()) {
    const auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
    ++line;
  }
  auto end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  return format_text(d, text.substr(start, end - start));
}

void check_error(const Diagnostic& d, const ErrorCase& c) {
  const std::string shown = show(d, c.text);
  if (std::getenv("BEYT_DUMP_ERRORS") != nullptr)
    std::printf("@@ %u %u %s\n%s", d.loc.line, d.loc.column, d.loc.pointer.c_str(), shown.c_str());
  EXPECT_EQ(d.code, c.code) << shown;
  EXPECT_EQ(d.loc.line, c.line) << shown;
  EXPECT_EQ(d.loc.column, c.column) << shown;
  EXPECT_EQ(d.loc.pointer, c.pointer) << shown;
  EXPECT_NE(d.reason.find(c.reason), std::string::npos) << shown;
}

TEST(JsonRecords, Errors) {
  const ErrorCase cases[] = {
      // syntax
      {"", Code::json_syntax, 1, 1, "", "expected a value, found the end of the input"},
      {"{\"format\":\"beyt\",", Code::json_syntax, 1, 18, "", "expected a key (a string), found the end of the input"},
      {"{\n  \"format\": tru\n}", Code::json_syntax, 2, 13, "", "'tru' is not a JSON value"},
      {"{\"format\" \"beyt\"}", Code::json_syntax, 1, 11, "", "expected ':' after the key, found a string"},
      {G "]}x", Code::json_syntax, 1, 41, "", "expected the end of the input after the record, found 'x'"},
      {G "]}\n\n  ]", Code::json_syntax, 3, 3, "", "expected the end of the input after the record, found ']'"},
      {"{\"format\":\"\xC3\x28\"}", Code::bad_utf8, 1, 13, "", "invalid UTF-8 in a string"},
      {"{12:1}", Code::json_syntax, 1, 2, "", "expected a key (a string), found a number"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\"}]\n,\"result\":\"*\",}]}", Code::json_syntax, 2, 15, "", "expected a key (a string), found '}'"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\"}}],\"result\":\"*\"}]}", Code::json_syntax, 1, 72, "", "expected ',' or ']' after an element of an array, found '}'"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"nags\":[1 2]}],\"result\":\"*\"}]}", Code::json_syntax, 1, 82, "", "expected ',' or ']' after an element of an array, found a number"},
      // not JSON at all, though a structure error would come first (E150, not E151)
      {"{\"format\":\"beyt\",\"version\":0x1,\"games\":[]}", Code::json_syntax, 1, 28, "", "'0x1' is not a JSON value"},
      {"{\"format\":\"beyt\",\"version\":01,\"games\":[]}", Code::json_syntax, 1, 28, "", "'01' is not a JSON value"},
      {"{\"format\":\"beyt\",\"version\":1e999,\"games\":[]}", Code::json_syntax, 1, 28, "", "number 1e999 is out of range"},
      {"{\"format\":\"beyt\",\"version\":-,\"games\":[]}", Code::json_syntax, 1, 28, "", "'-' is not a JSON value"},
      {"{\"format\":\"beyt\",\"version\":+1,\"games\":[]}", Code::json_syntax, 1, 28, "", "'+1' is not a JSON value"},
      {"{\"format\":\"beyt\",\"version\":1.,\"games\":[]}", Code::json_syntax, 1, 28, "", "'1.' is not a JSON value"},
      {"{\"format\":\"beyt\",\"version\":truex,\"games\":[]}", Code::json_syntax, 1, 28, "", "'truex' is not a JSON value"},
      {"{\"format\":\"b\\x\"}", Code::json_syntax, 1, 14, "", "unknown escape in a string"},
      {"{\"format\":\"b\\u12\"}", Code::json_syntax, 1, 17, "", "four hexadecimal digits"},
      {"{\"format\":\"b\\ud800\"}", Code::json_syntax, 1, 19, "", "an unpaired surrogate"},
      {"{\"format\":\"b\x01\"}", Code::json_syntax, 1, 13, "", "control character U+0001 (SOH) in a string"},
      {"{\"format\":\"b", Code::json_syntax, 1, 13, "", "a string is not closed"},
      {"{\"format\":\"b\" // c\n}", Code::json_syntax, 1, 15, "", "JSON has no comments"},
      // after a line end and its indentation (which the lexer is not given)
      {"{\n  \"format\": \"beyt\",\n    x", Code::json_syntax, 3, 5, "", "'x' is not a JSON value"},
      {"{\n  \"format\": -\n    }", Code::json_syntax, 2, 13, "", "'-' is not a JSON value"},
      {"{\n  \"format\": \"beyt\",\n    ", Code::json_syntax, 3, 5, "", "expected a key (a string), found the end of the input"},
      {"{\n  \"format\": \"b\n    \"}", Code::json_syntax, 2, 15, "", "control character U+000A (LF) in a string"},
      {"{\"format\":\"beyt\",\"version\":1\n      ]", Code::json_syntax, 2, 7, "", "expected ',' or '}' after a member of an object, found ']'"},
      {"{\n  \"format\": \"beyt\",\n  \"version\": 1\n    \n  \n      :", Code::json_syntax, 6, 7, "", "found ':'"},
      {"{\n  \"format\": \"beyt\",\n  \"version\": 1.\n    }", Code::json_syntax, 3, 14, "", "'1.' is not a JSON value"},
      // the record
      {"[]", Code::json_structure, 1, 1, "", "expected an object, found an array"},
      {"{\"format\":\"pgn\",\"version\":1,\"games\":[]}", Code::json_structure, 1, 11, "/format", "is not \"beyt\""},
      {"{\"format\":\"beyt\",\"version\":2,\"games\":[]}", Code::json_structure, 1, 28, "/version", "version 2"},
      {"{\"format\":\"beyt\",\"version\":1.0,\"games\":[]}", Code::json_structure, 1, 28, "/version", "expected the number 1, found a number"},
      {"{\"format\":\"beyt\",\"games\":[]}", Code::json_structure, 1, 1, "", "missing key \"version\""},
      {"{\"format\":\"beyt\",\"version\":1,\"games\":{}}", Code::json_structure, 1, 38, "/games", "expected an array of games, found an object"},
      {"{\"format\":\"beyt\",\"version\":1,\"extra\":0}", Code::json_structure, 1, 30, "/extra", "unknown key \"extra\" in the record"},
      {"{\"format\":\"beyt\",\"format\":\"beyt\"}", Code::json_structure, 1, 18, "/format", "duplicate key \"format\""},
      // a game
      {G "1]}", Code::json_structure, 1, 39, "/games/0", "expected a game object, found a number"},
      {G "{\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 39, "/games/0", "missing key \"tags\" in a game"},
      {G "{\"tags\":{},\"result\":\"*\"}]}", Code::json_structure, 1, 39, "/games/0", "missing key \"moves\""},
      {G "{\"tags\":{},\"moves\":[]}]}", Code::json_structure, 1, 39, "/games/0", "missing key \"result\""},
      {G "{\"tags\":{},\"moves\":[],\"result\":\"2-0\"}]}", Code::json_structure, 1, 70, "/games/0/result", "result \"2-0\""},
      {G "{\"tags\":{},\"moves\":[],\"result\":null}]}", Code::json_structure, 1, 70, "/games/0/result", "found null"},
      {G "{\"tags\":{},\"moves\":[],\"result\":\"*\",\"x\":1}]}", Code::json_structure, 1, 74, "/games/0/x", "unknown key \"x\" in a game"},
      {G "{\"tags\":[],\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 47, "/games/0/tags", "expected an object of tags, found an array"},
      {G "{\"tags\":{\"A\":1},\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 52, "/games/0/tags/A", "expected a string, found a number"},
      {G "{\"tags\":{\"A b\":\"1\"},\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 48, "/games/0/tags/A b", "tag name \"A b\""},
      {G "{\"tags\":{\"a/~\":\"1\"},\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 48, "/games/0/tags/a~1~0", "tag name"},
      {G "{\"tags\":{\"A\":\"1\",\"A\":\"2\"},\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 56, "/games/0/tags/A", "duplicate tag \"A\""},
      {G "{\"tags\":{\"A\":\"a\\nb\"},\"moves\":[],\"result\":\"*\"}]}", Code::bad_character, 1, 52, "/games/0/tags/A", "U+000A (LF) in a tag value"},
      {G "{\"tags\":{\"A\":\"a\\tb\"},\"moves\":[],\"result\":\"*\"}]}", Code::bad_character, 1, 52, "/games/0/tags/A", "U+0009 (TAB) in a tag value"},
      {G "{\"tags\":{},\"comments\":\"x\",\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 61, "/games/0/comments", "expected an array of strings"},
      {G "{\"tags\":{},\"comments\":[\"}\\n\"],\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 1, 62, "/games/0/comments/0", "both '}' and a line end"},
      {G "{\"tags\":{},\"comments\":[\"ok\",\n 7],\"moves\":[],\"result\":\"*\"}]}", Code::json_structure, 2, 2, "/games/0/comments/1", "expected a string, found a number"},
      // moves
      {G "{\"tags\":{},\"moves\":{},\"result\":\"*\"}]}", Code::json_structure, 1, 58, "/games/0/moves", "expected an array of moves"},
      {G "{\"tags\":{},\"moves\":[\"a1\"],\"result\":\"*\"}]}", Code::json_structure, 1, 59, "/games/0/moves/0", "expected a move object, found a string"},
      {G "{\"tags\":{},\"moves\":[{}],\"result\":\"*\"}]}", Code::json_structure, 1, 59, "/games/0/moves/0", "missing key \"move\" in a move"},
      {G "{\"tags\":{},\"moves\":[{\"move\":3}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "expected a string, found a number"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "is empty"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a 1\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "contains a blank"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a\\n1\"}],\"result\":\"*\"}]}", Code::bad_character, 1, 67, "/games/0/moves/0/move", "U+000A (LF) in a move"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a{1\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "contains one of"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1$\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "contains one of"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1!\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "contains one of"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1?\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "contains one of"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"1/2-1/2\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "is a result token"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"*\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "is a result token"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"12.c3\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 67, "/games/0/moves/0/move", "turn number"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"mov\":1}],\"result\":\"*\"}]}", Code::json_structure, 1, 72, "/games/0/moves/0/mov", "unknown key \"mov\" in a move"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"nags\":[256]}],\"result\":\"*\"}]}", Code::json_structure, 1, 80, "/games/0/moves/0/nags/0", "NAG 256"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"nags\":[1,-1]}],\"result\":\"*\"}]}", Code::json_structure, 1, 82, "/games/0/moves/0/nags/1", "NAG -1"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"nags\":[1.5]}],\"result\":\"*\"}]}", Code::json_structure, 1, 80, "/games/0/moves/0/nags/0", "expected an integer from 0 to 255"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"nags\":1}],\"result\":\"*\"}]}", Code::json_structure, 1, 79, "/games/0/moves/0/nags", "expected an array of integers"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"before\":[true]}],\"result\":\"*\"}]}", Code::json_structure, 1, 82, "/games/0/moves/0/before/0", "found a boolean"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"after\":[\"{\\r}\"]}],\"result\":\"*\"}]}", Code::json_structure, 1, 81, "/games/0/moves/0/after/0", "both '}' and a line end"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"variations\":[{}]}],\"result\":\"*\"}]}", Code::json_structure, 1, 86, "/games/0/moves/0/variations/0", "expected an array of moves"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"variations\":[[{\"move\":\"b1\"},{\"move\":\"b 2\"}]]}],\"result\":\"*\"}]}", Code::json_structure, 1, 109, "/games/0/moves/0/variations/0/1/move", "contains a blank"},
      {G "{\"tags\":{},\"moves\":[{\"move\":\"a1\",\"move\":\"a2\"}],\"result\":\"*\"}]}", Code::json_structure, 1, 72, "/games/0/moves/0/move", "duplicate key \"move\""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    Collect col;
    check_error(read_json_text(c.text, col), c);
  }
}

TEST(JsonRecords, ErrorNamesGameAndTurn) {
  const std::string text = G
      "{\"tags\":{},\"moves\":[],\"result\":\"*\"},\n"
      "{\"tags\":{},\"moves\":[{\"move\":\"a1\"},{\"move\":\"a2\",\"variations\":[[{\"move\":\"b1\"},{\"move\":\"\"}]]}],"
      "\"result\":\"*\"}]}";
  Collect c;
  Diagnostic d = read_json_text(text, c);
  EXPECT_EQ(c.games.size(), 1u);  // the first game was passed on before the error
  EXPECT_EQ(d.code, Code::json_structure);
  EXPECT_EQ(d.game, 2u);
  EXPECT_EQ(d.turn, 3u);  // variation of turn 2, its second move
  EXPECT_EQ(d.file, "t.json");
  EXPECT_EQ(d.loc.pointer, "/games/1/moves/1/variations/0/1/move");
  EXPECT_EQ(format_text(d).rfind("t.json:2:", 0), 0u) << format_text(d);
}

// --- JSON: streaming ------------------------------------------------------------

using beyt::test::GameStreamBuf;

TEST(JsonRecords, StreamsManyGames) {
  GameRecord g = rich_games()[0];
  std::string whole = to_json({g});
  const std::string head = "{\n  \"format\": \"beyt\",\n  \"version\": 1,\n  \"games\": [\n";
  const std::string tail = "\n  ]\n}\n";
  const std::string game = whole.substr(head.size(), whole.size() - head.size() - tail.size());
  GameStreamBuf buf(head, game, ",\n", tail, 20000);
  std::istream in(&buf);
  struct Check : GameVisitor {
    GameRecord expect;
    std::uint32_t n = 0;
    std::uint32_t last_line = 0;
    bool game(GameRecord&& r, std::uint32_t index) override {
      ++n;
      EXPECT_EQ(index, n);
      if (n % 4999 == 1) {
        EXPECT_EQ(r, expect);
        EXPECT_EQ(r.loc.full_pointer(), "/games/" + std::to_string(n - 1));
        EXPECT_GT(r.loc.line, last_line);
        last_line = r.loc.line;
      }
      return true;
    }
  } check;
  check.expect = g;
  Diagnostic d = read_json(in, "big.json", check);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(check.n, 20000u);
}

TEST(JsonRecords, VisitorCanStop) {
  std::vector<GameRecord> games(10, rich_games()[3]);
  std::istringstream in(to_json(games));
  Count count;
  count.stop_after = 3;
  Diagnostic d = read_json(in, "t.json", count);
  EXPECT_FALSE(d);
  EXPECT_EQ(count.n, 3u);
}

// --- XML: round trips and canonical form ------------------------------------------

TEST(XmlRecords, RoundTripKeepsEverything) {
  const auto games = rich_games();
  EXPECT_EQ(from_xml(to_xml(games)), games);
}

TEST(XmlRecords, OutputIsByteStable) {
  const std::string once = to_xml(rich_games());
  EXPECT_EQ(to_xml(from_xml(once)), once);
  EXPECT_EQ(once.find('\r'), std::string::npos);
}

TEST(XmlRecords, JsonAndXmlGiveTheSameModel) {
  const auto games = rich_games();
  const auto via_json = from_json(to_json(games));
  const auto via_xml = from_xml(to_xml(via_json));
  EXPECT_EQ(via_json, via_xml);
  EXPECT_EQ(to_json(from_xml(to_xml(games))), to_json(games));
}

TEST(XmlRecords, CanonicalText) {
  GameRecord g;
  g.tags = {tag("Game", "seega")};
  Node n = node("c1,c5");
  n.before = {" b "};
  n.nags = {1};
  n.after = {"x<&>\ny"};
  n.variations = {{node("a3,e3")}, {}};
  g.moves = {n, node("b3-c3")};
  g.result = "*";
  GameRecord empty;
  empty.comments = {""};
  EXPECT_EQ(to_xml({g, empty}),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<beyt version=\"1\">\n"
            "  <game>\n"
            "    <tag name=\"Game\">seega</tag>\n"
            "    <moves>\n"
            "      <move text=\"c1,c5\">\n"
            "        <before> b </before>\n"
            "        <nag>1</nag>\n"
            "        <after>x&lt;&amp;&gt;\ny</after>\n"
            "        <variation>\n"
            "          <move text=\"a3,e3\"/>\n"
            "        </variation>\n"
            "        <variation/>\n"
            "      </move>\n"
            "      <move text=\"b3-c3\"/>\n"
            "    </moves>\n"
            "    <result>*</result>\n"
            "  </game>\n"
            "  <game>\n"
            "    <comment></comment>\n"
            "    <moves/>\n"
            "    <result>*</result>\n"
            "  </game>\n"
            "</beyt>\n");
  EXPECT_EQ(to_xml({}), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beyt version=\"1\">\n</beyt>\n");
}

TEST(XmlRecords, ReaderAcceptsCdataCommentsPisAndOtherSpacing) {
  const std::string text =
      "\xEF\xBB\xBF<?xml version='1.0' encoding='utf-8'?>\n<!-- a </game> in a comment -->\n<?pi </game>?>\n"
      "<beyt version='1' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
      " xsi:noNamespaceSchemaLocation='record.xsd'><game><tag name='A'>x<![CDATA[</game> <&>]]>y</tag>"
      "<comment>a<!-- gone -->b</comment><moves><move text='a1'><before/><nag> 7 </nag></move></moves>"
      "<result>0-1</result></game><!-- between --><game><moves/><result>*</result></game></beyt>\n<!-- after -->\n";
  auto games = from_xml(text);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags[0].value, "x</game> <&>y");
  EXPECT_EQ(games[0].comments, std::vector<std::string>{"ab"});
  EXPECT_EQ(games[0].moves[0].before, std::vector<std::string>{""});
  EXPECT_EQ(games[0].moves[0].nags, std::vector<std::uint8_t>{7});
  EXPECT_EQ(games[0].result, "0-1");
  EXPECT_EQ(games[1].result, "*");
  EXPECT_EQ(from_xml("<beyt version=\"1\"/>").size(), 0u);
}

// --- XML: places ------------------------------------------------------------------

TEST(XmlRecords, PlacesOfElements) {
  const std::string xml = to_xml(rich_games());
  const auto back = from_xml(xml);
  ASSERT_EQ(back.size(), 4u);
  auto where = [&](std::uint64_t offset) {
    std::uint32_t line = 1, col = 1;
    for (std::uint64_t i = 0; i < offset; ++i) {
      const auto c = static_cast<unsigned char>(xml[i]);
      if (c == '\n') ++line, col = 1;
      else if ((c & 0xC0) != 0x80) ++col;
    }
    return std::pair{line, col};
  };
  auto check = [&](const SourceLoc& loc, std::string_view expect_text, const std::string& pointer) {
    SCOPED_TRACE(pointer);
    EXPECT_EQ(loc.full_pointer(), pointer);
    ASSERT_LT(loc.offset, xml.size());
    EXPECT_EQ(xml.compare(loc.offset, expect_text.size(), expect_text), 0) << xml.substr(loc.offset, 20);
    auto [line, col] = where(loc.offset);
    EXPECT_EQ(loc.line, line);
    EXPECT_EQ(loc.column, col);
  };
  const GameRecord& g = back[0];
  check(g.loc, "<game>", "/beyt/game[1]");
  check(g.tags[1].loc, "<tag name=\"Site\">", "/beyt/game[1]/tag[2]");
  check(g.tags[1].value_loc, "القاهرة</tag>", "/beyt/game[1]/tag[2]");
  check(g.tags[2].value_loc, "1835", "/beyt/game[1]/tag[3]");
  EXPECT_EQ(g.tags[2].value_loc.column, 22u);  // `    <tag name="Date">`
  check(g.moves[0].loc, "c1,c5\"", "/beyt/game[1]/moves/move[1]");
  check(g.moves[0].variations[0][1].loc, "b1,b2\"", "/beyt/game[1]/moves/move[1]/variation[1]/move[2]");
  check(g.moves[0].variations[0][1].variations[0][0].loc, "d2,d4\"",
        "/beyt/game[1]/moves/move[1]/variation[1]/move[2]/variation[1]/move[1]");
  check(g.moves[3].loc, "--\"", "/beyt/game[1]/moves/move[4]");
  check(g.result_loc, "0-1</result>", "/beyt/game[1]/result");
  check(back[3].moves[2].loc, "6\"", "/beyt/game[4]/moves/move[3]");
  check(back[3].loc, "<game>", "/beyt/game[4]");
}

// Many games (more than one read buffer, so that games straddle it), XML
// comments holding "</game>" inside some games, multi-byte text, LF and CRLF:
// every move's place is its text's line, column (code points) and offset.
TEST(XmlRecords, PlacesOfEveryMoveInALongInput) {
  std::vector<GameRecord> games;
  for (int g = 0; g < 150; ++g) {
    GameRecord r;
    r.set_tag("Event", "é ✓ " + std::to_string(g));
    r.comments.push_back("ü\nline two " + std::to_string(g));
    for (int m = 0; m < 40; ++m) {
      Node n = node(std::string(1, static_cast<char>('a' + (g + m) % 5)) + std::to_string(1 + m % 5) + "-ç" +
                    std::to_string(m));
      if (m % 7 == 0) n.after.push_back("ø\nwith ✓ " + std::to_string(m));
      if (m % 11 == 3) n.variations.push_back({node("v1"), node("v2")});
      r.moves.push_back(std::move(n));
    }
    r.result = "1-0";
    games.push_back(std::move(r));
  }
  std::string lf = to_xml(games);
  // "</game>" in XML comments inside every third game (before its moves)
  const std::string_view skipped = "<!-- </game> --><?pi </game>?>";
  for (std::size_t at = 0, g = 0; (at = lf.find("<moves>", at)) != std::string::npos; ++g) {
    if (g % 3 == 0) {
      lf.insert(at, skipped);
      at += skipped.size();
    }
    at += 7;
  }
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  ASSERT_GT(lf.size(), 3u * 64 * 1024);

  for (const std::string* xml : {&lf, &crlf}) {
    SCOPED_TRACE(xml == &lf ? "LF" : "CRLF");
    const auto back = from_xml(*xml);
    ASSERT_EQ(back, games);
    // line and column of every byte offset, counted the slow way
    std::vector<std::pair<std::uint32_t, std::uint32_t>> where(xml->size() + 1);
    std::uint32_t line = 1, col = 1;
    for (std::size_t i = 0; i <= xml->size(); ++i) {
      where[i] = {line, col};
      if (i == xml->size()) break;
      const auto c = static_cast<unsigned char>((*xml)[i]);
      if (c == '\n') line++, col = 1;
      else if ((c & 0xC0) != 0x80) ++col;
    }
    int checked = 0;
    auto check_line = [&](auto& self, const Line& moves, const std::string& prefix) -> void {
      for (std::size_t m = 0; m < moves.size(); ++m) {
        const Node& n = moves[m];
        const std::string pointer = prefix + "/move[" + std::to_string(m + 1) + "]";
        ASSERT_EQ(n.loc.full_pointer(), pointer);
        ASSERT_LT(n.loc.offset, xml->size());
        ASSERT_EQ(xml->compare(n.loc.offset, n.move.size() + 1, n.move + "\""), 0) << pointer;
        ASSERT_EQ(std::pair(n.loc.line, n.loc.column), where[n.loc.offset]) << pointer;
        ++checked;
        for (std::size_t v = 0; v < n.variations.size(); ++v)
          self(self, n.variations[v], pointer + "/variation[" + std::to_string(v + 1) + "]");
      }
    };
    for (std::size_t g = 0; g < back.size(); ++g) {
      const std::string game = "/beyt/game[" + std::to_string(g + 1) + "]";
      ASSERT_EQ(back[g].loc.full_pointer(), game);
      ASSERT_EQ(std::pair(back[g].loc.line, back[g].loc.column), where[back[g].loc.offset]);
      ASSERT_EQ(xml->compare(back[g].loc.offset, 6, "<game>"), 0);
      ASSERT_EQ(std::pair(back[g].result_loc.line, back[g].result_loc.column), where[back[g].result_loc.offset]);
      ASSERT_EQ(xml->compare(back[g].result_loc.offset, 3, "1-0"), 0);
      const TagPair& tag = back[g].tags[0];
      ASSERT_EQ(std::pair(tag.value_loc.line, tag.value_loc.column), where[tag.value_loc.offset]);
      ASSERT_EQ(xml->compare(tag.value_loc.offset, tag.value.size(), tag.value), 0);
      check_line(check_line, back[g].moves, game + "/moves");
    }
    EXPECT_EQ(checked, 150 * (40 + 2 * 4));
  }
}

// Games as `beyt generate` writes them (plain ASCII: tags, comments, moves
// without annotations) are read by a quick path without pugixml; games a
// little different (a NAG, single quotes, a CR, a tab, an entity, spacing
// inside a tag, a game that starts mid-line) by the full path. Both give
// the same records, and every place is the line, column and offset of its
// text, counted the slow way.
TEST(XmlRecords, QuickAndFullPathsGiveTheSamePlaces) {
  std::vector<GameRecord> games;
  for (int g = 0; g < 400; ++g) {
    GameRecord r;
    r.set_tag("Event", "plain " + std::to_string(g));
    r.set_tag("Site", "?");
    if (g % 5 == 1) r.comments = {"one comment", "and \"two\" > one"};
    for (int m = 0; m < 60 + g % 7; ++m)
      r.moves.push_back(node(std::string(1, static_cast<char>('a' + (g + m) % 5)) + std::to_string(1 + m % 5) +
                             (m % 3 == 0 ? ",b2" : "-c3xd" + std::to_string(m))));
    if (g % 9 == 4) r.moves[3].nags = {1};  // full path
    r.result = g % 3 == 0 ? "1-0" : g % 3 == 1 ? "*" : "1/2-1/2";
    games.push_back(std::move(r));
  }
  std::string xml = to_xml(games);
  // A few games in other spellings, each taken by the full path but for the
  // last two (blanks in "</game >", and a game that starts mid-line).
  const std::pair<std::string_view, std::string_view> edits[] = {
      {"<tag name=\"Site\">", "<tag name='Site'>"},  {"\"Event\">plain ", "\"Event\">plain&#32;"},
      {"  <move text=\"b1", "\t<move text=\"b1"},    {"<result>*</result>", "<result>*</result>\r"},
      {"<move text=\"a2-c3xd1\"/>", "<move text=\"a2-c3xd1\" />"},
      {"</game>\n  <game>\n    <tag name=\"Event\">plain 2", "</game >\n  <game>\n    <tag name=\"Event\">plain 2"},
      {"</game>\n  <game>\n    <tag name=\"Event\">plain 3", "</game> <game> <tag name=\"Event\">plain 3"}};
  for (std::size_t k = 0; k < 3; ++k)  // each edit in three places far apart
    for (const auto& [from, to] : edits) {
      std::size_t at = xml.find(from, xml.size() * k / 3);
      if (at == std::string::npos) at = xml.find(from);
      ASSERT_NE(at, std::string::npos) << from;
      xml.replace(at, from.size(), to);
    }
  ASSERT_GT(xml.size(), 3u * 64 * 1024);
  const auto back = from_xml(xml);
  ASSERT_EQ(back, games);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> where(xml.size() + 1);
  std::uint32_t line = 1, col = 1;
  for (std::size_t i = 0; i <= xml.size(); ++i) {
    where[i] = {line, col};
    if (i < xml.size() && xml[i] == '\n') line++, col = 1;
    else ++col;
  }
  auto check = [&](const SourceLoc& loc, std::string_view text, const std::string& pointer) {
    ASSERT_EQ(loc.full_pointer(), pointer);
    ASSERT_LT(loc.offset, xml.size());
    ASSERT_EQ(xml.compare(loc.offset, text.size(), text), 0) << pointer;
    ASSERT_EQ(std::pair(loc.line, loc.column), where[loc.offset]) << pointer;
  };
  std::size_t checked = 0;
  for (std::size_t g = 0; g < back.size(); ++g) {
    const std::string game = "/beyt/game[" + std::to_string(g + 1) + "]";
    check(back[g].loc, "<game>", game);
    for (std::size_t t = 0; t < back[g].tags.size(); ++t) {
      const std::string pointer = game + "/tag[" + std::to_string(t + 1) + "]";
      check(back[g].tags[t].loc, "<tag name=", pointer);
      if (xml.compare(back[g].tags[t].value_loc.offset, 10, "plain&#32;") != 0)
        check(back[g].tags[t].value_loc, back[g].tags[t].value + "</tag>", pointer);
    }
    for (std::size_t m = 0; m < back[g].moves.size(); ++m, ++checked)
      check(back[g].moves[m].loc, back[g].moves[m].move + "\"",
            game + "/moves/move[" + std::to_string(m + 1) + "]");
    check(back[g].result_loc, back[g].result + "</result>", game + "/result");
  }
  EXPECT_GT(checked, 400u * 60);
}

// A main-line move's place is kept as numbers (Base::xml_move: the game and the
// move's index, no pointer text) by both paths; a move in a variation keeps
// its path after the game's moves. Reading games one after another reuses the
// last game's turns: a longer game, a shorter one, one read by the full path,
// then a quick one again.
TEST(XmlRecords, MainLineMovePlacesAreNumbers) {
  const std::string xml =
      "<beyt version=\"1\">\n"
      "<game><moves><move text=\"a1\"/><move text=\"b2\"/><move text=\"c3\"/></moves><result>*</result></game>\n"
      "<game><moves><move text=\"d4\"/></moves><result>*</result></game>\n"
      "<game><moves><move text=\"e5\"><nag>1</nag><variation><move text=\"f6\"/></variation></move>"
      "<move text=\"g7\"/></moves><result>*</result></game>\n"
      "<game><moves><move text=\"h8\"/><move text=\"i9\"/></moves><result>*</result></game>\n"
      "</beyt>\n";
  // the reader's record is copied, not taken, as validate -j 1 leaves it
  struct Copy : GameVisitor {
    std::vector<GameRecord> games;
    bool game(GameRecord&& record, std::uint32_t) override {
      games.push_back(record);
      return true;
    }
  } copy;
  std::istringstream in(xml);
  ASSERT_FALSE(read_xml(in, "g.xml", copy));
  const std::vector<GameRecord>& games = copy.games;
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games, from_xml(xml));
  const std::vector<std::vector<std::string>> texts = {{"a1", "b2", "c3"}, {"d4"}, {"e5", "g7"}, {"h8", "i9"}};
  for (std::size_t g = 0; g < games.size(); ++g) {
    ASSERT_EQ(games[g].moves.size(), texts[g].size()) << g;
    for (std::size_t m = 0; m < texts[g].size(); ++m) {
      const Node& n = games[g].moves[m];
      SCOPED_TRACE(n.move);
      EXPECT_EQ(n.move, texts[g][m]);
      EXPECT_EQ(n.loc.base, SourceLoc::Base::xml_move);
      EXPECT_EQ(n.loc.pointer, "");
      EXPECT_EQ(n.loc.game, g + 1);
      EXPECT_EQ(n.loc.index, m);
      EXPECT_EQ(n.loc.line, g + 2);
      EXPECT_EQ(n.loc.full_pointer(), "/beyt/game[" + std::to_string(g + 1) + "]/moves/move[" + std::to_string(m + 1) + "]");
      EXPECT_EQ(xml.compare(n.loc.offset, n.move.size() + 1, n.move + "\""), 0);
      EXPECT_TRUE(n.before.empty() && n.after.empty());
      EXPECT_EQ(n.nags.empty(), g != 2 || m != 0);  // e5, read by the full path
      EXPECT_EQ(n.variations.empty(), g != 2 || m != 0);
    }
  }
  const Node& f6 = games[2].moves[0].variations.at(0).at(0);
  EXPECT_EQ(f6.loc.base, SourceLoc::Base::xml_moves);
  EXPECT_EQ(f6.loc.pointer, "/move[1]/variation[1]/move[1]");
  EXPECT_EQ(f6.loc.full_pointer(), "/beyt/game[3]/moves/move[1]/variation[1]/move[1]");
}

// --- XML: errors, one case per line ---------------------------------------------

#define X "<beyt version=\"1\">"
//         ^ 1           ^ column 19 starts the first game
#define XG X "<game>"
//                 ^ column 25 is the first child of the game

TEST(XmlRecords, Errors) {
  const ErrorCase cases[] = {
      // syntax
      {"", Code::xml_syntax, 1, 1, "", "no root element"},
      {"  \n  hello", Code::xml_syntax, 2, 3, "", "text before the root element"},
      {"<beyt version=\"1\"", Code::xml_syntax, 1, 1, "", "start tag is not closed"},
      {X, Code::xml_syntax, 1, 19, "/beyt", "<beyt> is not closed"},
      {X "</bey>", Code::xml_syntax, 1, 19, "/beyt", "does not match <beyt>"},
      {X "</beyt><x/>", Code::xml_syntax, 1, 26, "", "content after the root element"},
      {XG "<moves></game></beyt>", Code::xml_syntax, 1, 32, "/beyt/game[1]", "end tag </game> does not match the open element <moves>"},
      {XG "<moves>\n<move text=\"a1\"></moves>", Code::xml_syntax, 2, 17, "/beyt/game[1]", "end tag </moves> does not match the open element <move>"},
      {XG "<moves>\n<move text=\"a1\">", Code::xml_syntax, 2, 17, "/beyt/game[1]", "<game> is not closed"},
      {XG "<result>*</result>", Code::xml_syntax, 1, 43, "/beyt/game[1]", "<game> is not closed"},
      {XG "<tag name=a>1</tag></game></beyt>", Code::xml_syntax, 1, 35, "/beyt/game[1]", "attribute"},
      // well-formed XML, but no beyt record
      {"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><beyt version=\"1\"/>", Code::xml_structure, 1, 21, "", "only UTF-8"},
      {XG "<tag name=\"A\">\xC3\x28</tag><moves/><result>*</result></game></beyt>", Code::bad_utf8, 1, 39, "/beyt/game[1]", "invalid UTF-8"},
      // the record
      {"<record version=\"1\"/>", Code::xml_structure, 1, 1, "/record", "not <beyt>"},
      {"<beyt/>", Code::xml_structure, 1, 1, "/beyt", "missing attribute version"},
      {"<beyt version=\"2\"/>", Code::xml_structure, 1, 1, "/beyt", "version \"2\""},
      {"<beyt version=\"1\" v=\"1\"/>", Code::xml_structure, 1, 1, "/beyt", "unknown attribute v"},
      {"<!DOCTYPE beyt><beyt version=\"1\"/>", Code::xml_structure, 1, 1, "", "DOCTYPE"},
      {X "\n <gmae/></beyt>", Code::xml_structure, 2, 2, "/beyt/gmae", "unknown element <gmae> in <beyt>"},
      {X "text</beyt>", Code::xml_structure, 1, 19, "/beyt", "text in <beyt>"},
      // a game
      {X "<game/></beyt>", Code::xml_structure, 1, 19, "/beyt/game[1]", "missing element <moves>"},
      {XG "<moves/></game></beyt>", Code::xml_structure, 1, 19, "/beyt/game[1]", "missing element <result>"},
      {X "<game id=\"1\"><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 19, "/beyt/game[1]", "unknown attribute id on <game>"},
      {XG "<moves/><result>2-0</result></game></beyt>", Code::xml_structure, 1, 41, "/beyt/game[1]/result", "result \"2-0\""},
      {XG "<moves/><result> * </result></game></beyt>", Code::xml_structure, 1, 41, "/beyt/game[1]/result", "result \" * \""},
      {XG "<moves/><result>*</result><result>*</result></game></beyt>", Code::xml_structure, 1, 51, "/beyt/game[1]/result", "out of order"},
      {XG "<result>*</result><moves/></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]/result", "out of order"},
      {XG "<moves/><tag name=\"A\">1</tag><result>*</result></game></beyt>", Code::xml_structure, 1, 33, "/beyt/game[1]/tag[1]", "out of order"},
      {XG "<moves/><extra/><result>*</result></game></beyt>", Code::xml_structure, 1, 33, "/beyt/game[1]/extra", "unknown element <extra> in <game>"},
      {XG "oops<moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]", "text in <game>"},
      {XG "<tag>1</tag><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]/tag[1]", "missing attribute name"},
      {XG "<tag name=\"A\" x=\"\">1</tag><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]/tag[1]", "unknown attribute x on <tag>"},
      {XG "<tag name=\"A-B\">1</tag><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]/tag[1]", "tag name \"A-B\""},
      {XG "<tag name=\"A\">1</tag>\n<tag name=\"A\">2</tag><moves/><result>*</result></game></beyt>", Code::xml_structure, 2, 1, "/beyt/game[1]/tag[2]", "duplicate tag \"A\""},
      {XG "<tag name=\"A\">1\n2</tag><moves/><result>*</result></game></beyt>", Code::bad_character, 1, 39, "/beyt/game[1]/tag[1]", "U+000A (LF) in a tag value"},
      {XG "<tag name=\"A\">1<b/></tag><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 40, "/beyt/game[1]/tag[1]/b", "unexpected element <b> in <tag>"},
      {XG "<comment>}\n</comment><moves/><result>*</result></game></beyt>", Code::xml_structure, 1, 34, "/beyt/game[1]/comment[1]", "both '}' and a line end"},
      // moves
      {XG "<moves><mvoe/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 32, "/beyt/game[1]/moves/mvoe", "unknown element <mvoe> in <moves>"},
      {XG "<moves x=\"1\"/><result>*</result></game></beyt>", Code::xml_structure, 1, 25, "/beyt/game[1]/moves", "unknown attribute x on <moves>"},
      {XG "<moves><move/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 32, "/beyt/game[1]/moves/move[1]", "missing attribute text"},
      {XG "<moves><move text=\"a1\" t=\"\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 32, "/beyt/game[1]/moves/move[1]", "unknown attribute t on <move>"},
      {XG "<moves><move text=\"a1\"/>\n  <move text=\"\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 2, 15, "/beyt/game[1]/moves/move[2]", "is empty"},
      {XG "<moves><move text=\"a 1\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "contains a blank"},
      {XG "<moves><move  x:y=\"2\" text='a)'/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 32, "/beyt/game[1]/moves/move[1]", "unknown attribute x:y"},
      {XG "<moves><move text='a)'/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "contains one of"},
      {XG "<moves><move text=\"0-1\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "is a result token"},
      {XG "<moves><move text=\"3.a1\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "turn number"},
      // the quick path's one-pass test of a move text: each start it looks closer at
      {XG "<moves><move text=\"a1\"/><move text=\"12.\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 61, "/beyt/game[1]/moves/move[2]", "turn number"},
      {XG "<moves><move text=\"1/2-1/2\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "is a result token"},
      {XG "<moves><move text=\"*\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "is a result token"},
      {XG "<moves><move text=\"a$\"/></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 44, "/beyt/game[1]/moves/move[1]", "contains one of"},
      {XG "<moves><move text=\"a&#10;1\"/></moves><result>*</result></game></beyt>", Code::bad_character, 1, 44, "/beyt/game[1]/moves/move[1]", "U+000A (LF) in a move"},
      {XG "<moves><move text=\"a1\"><nag>256</nag></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 53, "/beyt/game[1]/moves/move[1]/nag[1]", "NAG \"256\""},
      {XG "<moves><move text=\"a1\"><nag>1</nag><nag>x</nag></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 65, "/beyt/game[1]/moves/move[1]/nag[2]", "NAG \"x\""},
      {XG "<moves><move text=\"a1\"><nag>-1</nag></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 53, "/beyt/game[1]/moves/move[1]/nag[1]", "NAG \"-1\""},
      {XG "<moves><move text=\"a1\"><after/><before/></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 56, "/beyt/game[1]/moves/move[1]/before[1]", "out of order"},
      {XG "<moves><move text=\"a1\"><after/><nag>1</nag></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 56, "/beyt/game[1]/moves/move[1]/nag[1]", "out of order"},
      {XG "<moves><move text=\"a1\"><variation/><after/></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 60, "/beyt/game[1]/moves/move[1]/after[1]", "out of order"},
      {XG "<moves><move text=\"a1\"><comment/></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 48, "/beyt/game[1]/moves/move[1]/comment", "unknown element <comment> in <move>"},
      {XG "<moves><move text=\"a1\">x</move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 48, "/beyt/game[1]/moves/move[1]", "text in <move>"},
      {XG "<moves><move text=\"a1\"><after>{\r\n}</after></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 55, "/beyt/game[1]/moves/move[1]/after[1]", "both '}' and a line end"},
      {XG "<moves><move text=\"a1\"><variation><move text=\"b1\"/><move text=\"b!\"/></variation></move></moves><result>*</result></game></beyt>", Code::xml_structure, 1, 88, "/beyt/game[1]/moves/move[1]/variation[1]/move[2]", "contains one of"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    Collect col;
    check_error(read_xml_text(c.text, col), c);
  }
}

TEST(XmlRecords, ErrorNamesGameAndTurn) {
  const std::string text = X "<game><moves/><result>*</result></game>\n<game><moves><move text=\"a1\"/>"
                             "<move text=\"a2\"><variation><move text=\"b1\"/><move text=\"\"/></variation></move>"
                             "</moves><result>*</result></game></beyt>";
  Collect c;
  Diagnostic d = read_xml_text(text, c);
  EXPECT_EQ(c.games.size(), 1u);
  EXPECT_EQ(d.code, Code::xml_structure);
  EXPECT_EQ(d.game, 2u);
  EXPECT_EQ(d.turn, 3u);
  EXPECT_EQ(d.loc.pointer, "/beyt/game[2]/moves/move[2]/variation[1]/move[2]");
}

// --- XML: streaming -------------------------------------------------------------

TEST(XmlRecords, StreamsManyGames) {
  GameRecord g = rich_games()[0];
  const std::string whole = to_xml({g});
  const std::string head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beyt version=\"1\">\n";
  const std::string tail = "</beyt>\n";
  const std::string game = whole.substr(head.size(), whole.size() - head.size() - tail.size());
  GameStreamBuf buf(head, game, "", tail, 20000);
  std::istream in(&buf);
  std::uint32_t n = 0;
  struct Check : GameVisitor {
    GameRecord expect;
    std::uint32_t* n;
    bool game(GameRecord&& r, std::uint32_t index) override {
      ++*n;
      EXPECT_EQ(index, *n);
      if (*n % 4999 == 1) {
        EXPECT_EQ(r, expect);
        EXPECT_EQ(r.loc.full_pointer(), "/beyt/game[" + std::to_string(*n) + "]");
        EXPECT_EQ(r.loc.column, 3u);
      }
      return true;
    }
  } check;
  check.expect = g;
  check.n = &n;
  Diagnostic d = read_xml(in, "big.xml", check);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(n, 20000u);
}

TEST(XmlRecords, GamesAcrossTheBufferBoundary) {
  // The reader reads 64 KiB at a time: put a game's start, a comment, a CDATA
  // section with "</game>" in it and a quoted '>' across every byte near the
  // boundary, and a game far larger than the buffer.
  for (std::size_t pad = 65536 - 120; pad < 65536 + 8; pad += 1) {
    std::string text = X;
    text += "<!--" + std::string(pad - text.size() - 7, 'x') + "-->";
    text += "\n<game><!-- </game> --><tag name=\"A\"><![CDATA[</game>]]>&lt;</tag><comment>x</comment>"
            "<moves><move text=\"a>1\"/></moves><result>*</result></game></beyt>";
    Collect c;
    Diagnostic d = read_xml_text(text, c);
    ASSERT_FALSE(d) << pad << ": " << format_text(d);
    ASSERT_EQ(c.games.size(), 1u);
    EXPECT_EQ(c.games[0].tags[0].value, "</game><");
    EXPECT_EQ(c.games[0].moves[0].move, "a>1");
    EXPECT_EQ(c.games[0].loc.line, 2u);
  }
  GameRecord big;
  big.comments = {std::string(200000, 'c')};
  for (int i = 0; i < 3000; ++i) big.moves.push_back(node("m" + std::to_string(i)));
  const std::vector<GameRecord> games{big, rich_games()[0], big};
  const std::string xml = to_xml(games);
  EXPECT_EQ(from_xml(xml), games);
  const auto back = from_xml(xml);
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[2].moves[2999].loc.full_pointer(), "/beyt/game[3]/moves/move[3000]");
}

TEST(XmlRecords, VisitorCanStop) {
  std::vector<GameRecord> games(10, rich_games()[3]);
  std::istringstream in(to_xml(games));
  Count count;
  count.stop_after = 4;
  EXPECT_FALSE(read_xml(in, "t.xml", count));
  EXPECT_EQ(count.n, 4u);
}

// --- formats.hpp -------------------------------------------------------------------

TEST(Formats, NamesAndDispatch) {
  Format f{};
  EXPECT_TRUE(parse_format("json", f));
  EXPECT_EQ(f, Format::json);
  EXPECT_TRUE(parse_format("beyt", f));
  EXPECT_EQ(f, Format::text);
  EXPECT_TRUE(parse_format("xml", f));
  EXPECT_EQ(format_name(f), "xml");
  EXPECT_FALSE(parse_format("pgn", f));
  EXPECT_EQ(format_of_path("a/b.JSON"), Format::json);
  EXPECT_EQ(format_of_path("games.xml"), Format::xml);
  EXPECT_EQ(format_of_path("games.beyt"), Format::text);
  EXPECT_EQ(format_of_path("json"), Format::text);

  const auto games = rich_games();
  for (Format fmt : {Format::json, Format::xml}) {
    SCOPED_TRACE(format_name(fmt));
    std::ostringstream out;
    {
      RecordWriter w(out, fmt);
      for (const auto& g : games) w.game(g);
      w.finish();
    }
    EXPECT_EQ(out.str(), fmt == Format::json ? to_json(games) : to_xml(games));
    std::istringstream in(out.str());
    Collect c;
    EXPECT_FALSE(read_games(in, "x", fmt, c));
    EXPECT_EQ(c.games, games);
  }
}

// Each row of the table of formats has its media type, the type the studio's
// downloads are given (docs/STUDIO.md), in the form RFC 6838 gives one
// (type/subtype, no parameters), one per format; and the media type went in
// as a column of its own: the names, other names, extensions and
// descriptions the command line and the Python package read are those of
// before, in the same order.
TEST(Formats, EveryFormatHasAMediaType) {
  const auto token = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.+-") == std::string_view::npos;
  };
  std::vector<std::string_view> types;
  for (const FormatInfo& f : formats()) {
    SCOPED_TRACE(f.name);
    const std::size_t slash = f.media_type.find('/');
    ASSERT_NE(slash, std::string_view::npos) << f.media_type;
    EXPECT_TRUE(token(f.media_type.substr(0, slash)) && token(f.media_type.substr(slash + 1))) << f.media_type;
    EXPECT_EQ(std::count(types.begin(), types.end(), f.media_type), 0) << f.media_type << " twice";
    types.push_back(f.media_type);
    EXPECT_EQ(format_info(f.format).media_type, f.media_type);
    for (std::string_view ext : f.extensions) {
      Format by_ext{};
      EXPECT_TRUE(format_of_extension(std::string("a") + std::string(ext), by_ext)) << ext;
      EXPECT_EQ(by_ext, f.format) << ext;
    }
  }
  EXPECT_EQ(format_info(Format::text).media_type, "text/plain");
  EXPECT_EQ(format_info(Format::json).media_type, "application/json");
  EXPECT_EQ(format_info(Format::xml).media_type, "application/xml");
  EXPECT_EQ(format_info(Format::jsonl).media_type, "application/jsonl");

  std::vector<std::string> rows;
  for (const FormatInfo& f : formats()) {
    std::string row = std::string(f.name) + " |";
    for (std::string_view a : f.aliases) row += " " + std::string(a);
    row += " |";
    for (std::string_view e : f.extensions) row += " " + std::string(e);
    rows.push_back(row + " | " + std::string(f.description));
  }
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "text | beyt | .beyt .txt | the text notation (notation/NOTATION.md)",
                      "json | | .json | a JSON record file (schemas/record.schema.json)",
                      "xml | | .xml | an XML record file (schemas/record.xsd)",
                      "jsonl | | .jsonl | JSON Lines, one game object per line",
                  }));
  EXPECT_EQ(format_list(), "text, json, xml or jsonl");
  EXPECT_EQ(format_from_name("pgn").error().reason, "unknown format 'pgn' (formats: text, json, xml, jsonl)");
}

TEST(Formats, TextJsonXmlTextKeepsTheCanonicalText) {
  const std::string input =
      "[Event \"Cairo\"]\n[Game \"seega\"]\n[Annotator \"Ḥasan \\\"x\\\"\"]\n\n"
      "{before the game} 1. c1,c5 {South places first} { two } 2. a3,e3 $1 (2. b1,b2 {alt} (2. d1,d2)) "
      "3. b1,b2 ; a } brace\n4. d2,d4 $5 $255 {x\ny} *\n";
  auto read = [](const std::string& text, Format f) {
    std::istringstream in(text);
    Collect c;
    Diagnostic d = read_games(in, "x", f, c);
    EXPECT_FALSE(d) << format_text(d);
    return c.games;
  };
  auto write = [](const std::vector<GameRecord>& games, Format f) {
    std::ostringstream out;
    RecordWriter w(out, f);
    for (const auto& g : games) w.game(g);
    w.finish();
    return out.str();
  };
  const auto games = read(input, Format::text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].moves.size(), 4u);
  EXPECT_EQ(games[0].moves[1].variations.size(), 1u);
  const std::string text = write(games, Format::text);
  const std::string json = write(read(text, Format::text), Format::json);
  const std::string xml = write(read(json, Format::json), Format::xml);
  EXPECT_EQ(write(read(xml, Format::xml), Format::text), text);
  EXPECT_EQ(read(xml, Format::xml), read(text, Format::text));
}

// --- JSON Lines ---------------------------------------------------------------------

std::string to_jsonl(const std::vector<GameRecord>& games) {
  std::string out;
  for (const auto& g : games) out += to_json_line(g);
  return out;
}

/// Collects games and the errors of the lines it is told to go past.
struct CollectAll : Collect {
  std::vector<Diagnostic> errors;
  bool go_on = true;
  bool error(const Diagnostic& d) override {
    errors.push_back(d);
    return go_on;
  }
};

Diagnostic read_jsonl_text(const std::string& text, Collect& c) {
  std::istringstream in(text);
  return read_jsonl(in, "t.jsonl", c);
}

TEST(JsonLines, RoundTripKeepsEverything) {
  const auto games = rich_games();
  const std::string text = to_jsonl(games);
  Collect c;
  Diagnostic d = read_jsonl_text(text, c);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(c.games, games);
  EXPECT_EQ(c.indices, (std::vector<std::uint32_t>{1, 2, 3, 4}));
  EXPECT_EQ(to_jsonl(c.games), text);  // byte-stable
}

TEST(JsonLines, EachLineIsTheGameOfTheRecordFileDumpedWithoutBlanks) {
  const auto games = rich_games();
  const auto record = nlohmann::ordered_json::parse(to_json(games));
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string line = to_json_line(games[i]);
    ASSERT_EQ(line.back(), '\n');
    EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line per game";
    const auto game = nlohmann::ordered_json::parse(line);
    EXPECT_EQ(game, record["games"][i]);
    EXPECT_EQ(game.dump() + "\n", line);  // nlohmann's compact layout, keys in schema order
  }
  EXPECT_NE(to_json_line(games[0]).find("القاهرة"), std::string::npos);  // UTF-8, not \u escapes
}

TEST(JsonLines, BlankLinesCrlfAndBomAreAccepted) {
  const auto games = rich_games();
  std::string text = "\xEF\xBB\xBF" + to_json_line(games[3]) + "\n   \n" + to_json_line(games[2]);
  text.insert(text.find('\n'), "\r");
  Collect c;
  Diagnostic d = read_jsonl_text(text + "\t\n", c);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(c.games, (std::vector<GameRecord>{games[3], games[2]}));
  EXPECT_EQ(c.indices, (std::vector<std::uint32_t>{1, 2}));
  Collect none;
  EXPECT_FALSE(read_jsonl_text("", none));
  EXPECT_FALSE(read_jsonl_text("\n\n", none));
  EXPECT_TRUE(none.games.empty());
}

TEST(JsonLines, PlacesAreThoseOfTheFile) {
  const std::string text = "\n" + to_json_line(rich_games()[3]) + "  {\"tags\":{},\"moves\":[{\"move\":\"ä\"},{\"move\":\"x\"}],\"result\":\"*\"}\n";
  Collect c;
  ASSERT_FALSE(read_jsonl_text(text, c));
  ASSERT_EQ(c.games.size(), 2u);
  EXPECT_EQ(c.games[0].loc.line, 2u);
  EXPECT_EQ(c.games[0].loc.column, 1u);
  EXPECT_EQ(c.games[0].loc.pointer, "");
  const Node& second = c.games[1].moves[1];
  EXPECT_EQ(second.loc.line, 3u);
  EXPECT_EQ(second.loc.column, 45u);  // code points: the 'ä' before it counts one
  EXPECT_EQ(second.loc.full_pointer(), "/moves/1/move");
  EXPECT_EQ(c.games[1].result_loc.line, 3u);
}

TEST(JsonLines, AnErrorInOneLineDoesNotStopTheOthers) {
  const auto games = rich_games();
  const std::string good = to_json_line(games[3]);
  const std::string text = good +                                            // line 1, game 1
                           "{\"tags\":{},\"moves\":[],\"result\":\"2-0\"}\n" +  // 2: structure
                           "\n" +                                            // 3: blank
                           "{\"tags\":{},\"moves\":[] \"result\":\"*\"}\n" +    // 4: syntax
                           "[1]\n" +                                         // 5: not a game
                           "{\"tags\":{},\"moves\":[],\"result\":\"*\"} 7\n" +  // 6: after the game
                           "{\"tags\":{\"Game\":\"seega\"},\"moves\":[{\"move\":\"c1,c5\"}\n" +  // 7: cut short
                           good;                                             // 8, game 7
  CollectAll c;
  Diagnostic d = read_jsonl_text(text, c);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(c.games, (std::vector<GameRecord>{games[3], games[3]}));
  EXPECT_EQ(c.indices, (std::vector<std::uint32_t>{1, 7}));
  struct Want {
    Code code;
    std::uint32_t line, column, game;
    std::string pointer;
  };
  const std::vector<Want> want = {
      {Code::json_structure, 2, 32, 2, "/result"},
      {Code::json_syntax, 4, 23, 3, ""},
      {Code::json_structure, 5, 1, 4, ""},
      {Code::json_syntax, 6, 37, 5, ""},
      {Code::json_syntax, 7, 51, 6, ""},  // the line end
  };
  ASSERT_EQ(c.errors.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(format_text(c.errors[i]));
    EXPECT_EQ(c.errors[i].code, want[i].code);
    EXPECT_EQ(c.errors[i].loc.line, want[i].line);
    EXPECT_EQ(c.errors[i].loc.column, want[i].column);
    EXPECT_EQ(c.errors[i].game, want[i].game);
    EXPECT_EQ(c.errors[i].file, "t.jsonl");
    if (c.errors[i].code == Code::json_structure) EXPECT_EQ(c.errors[i].loc.pointer, want[i].pointer);
  }
  // A visitor that does not go on stops at the first error, which is returned.
  CollectAll stop;
  stop.go_on = false;
  d = read_jsonl_text(text, stop);
  EXPECT_EQ(d.code, Code::json_structure);
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(stop.games.size(), 1u);
  Collect plain;  // the default GameVisitor::error stops too
  EXPECT_EQ(read_jsonl_text(text, plain).loc.line, 2u);
}

TEST(JsonLines, StreamsManyGamesAndTheVisitorCanStop) {
  const GameRecord g = rich_games()[0];
  const std::string line = to_json_line(g);
  GameStreamBuf buf("", line, "", "\n", 20000);  // the tail: a blank line
  std::istream in(&buf);
  struct Check : GameVisitor {
    GameRecord expect;
    std::uint32_t n = 0;
    bool game(GameRecord&& r, std::uint32_t index) override {
      ++n;
      EXPECT_EQ(index, n);
      if (n % 4999 == 1) {
        EXPECT_EQ(r, expect);
        EXPECT_EQ(r.loc.line, n);
      }
      return true;
    }
  } check;
  check.expect = g;
  Diagnostic d = read_jsonl(in, "big.jsonl", check);
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(check.n, 20000u);

  std::istringstream ten(to_jsonl(std::vector<GameRecord>(10, rich_games()[3])));
  Count count;
  count.stop_after = 3;
  EXPECT_FALSE(read_jsonl(ten, "t.jsonl", count));
  EXPECT_EQ(count.n, 3u);
}

TEST(JsonLines, FormatNameExtensionAndRecordWriter) {
  Format f{};
  EXPECT_TRUE(parse_format("jsonl", f));
  EXPECT_EQ(f, Format::jsonl);
  EXPECT_EQ(format_name(f), "jsonl");
  EXPECT_EQ(format_of_path("archive.JSONL"), Format::jsonl);
  EXPECT_EQ(format_of_path("archive.jsonl.beyt"), Format::text);
  const auto games = rich_games();
  std::ostringstream out;
  {
    RecordWriter w(out, Format::jsonl);
    for (const auto& g : games) w.game(g);
    w.finish();
  }
  EXPECT_EQ(out.str(), to_jsonl(games));
  std::istringstream in(out.str());
  Collect c;
  EXPECT_FALSE(read_games(in, "x", Format::jsonl, c));
  EXPECT_EQ(c.games, games);
  std::ostringstream empty;
  {
    RecordWriter w(empty, Format::jsonl);
    w.finish();
  }
  EXPECT_EQ(empty.str(), "");  // no games, no lines
}

TEST(TextRecords, AVisitorCanGoOnPastASyntaxError) {
  const std::string text = "[Game \"seega\"]\n1. c1,c5 *\n\n[Game \"seega\"]\n1. c1,c5 ) *\n\n"
                           "[Game \"seega\" x]\n*\n\n[Game \"tab\"]\n1. 3 *\n";
  CollectAll c;
  std::istringstream in(text);
  Diagnostic d = read_text(in, "t.beyt", c);
  EXPECT_FALSE(d) << format_text(d);
  ASSERT_EQ(c.games.size(), 2u);
  EXPECT_EQ(c.indices, (std::vector<std::uint32_t>{1, 4}));
  ASSERT_EQ(c.errors.size(), 2u);
  EXPECT_EQ(c.errors[0].code, Code::unbalanced_variation);
  EXPECT_EQ(c.errors[0].loc.line, 5u);
  EXPECT_EQ(c.errors[1].loc.line, 7u);
  CollectAll stop;
  stop.go_on = false;
  std::istringstream again(text);
  d = read_games(again, "t.beyt", Format::text, stop);
  EXPECT_EQ(d.code, Code::unbalanced_variation);
  EXPECT_EQ(stop.games.size(), 1u);
}

// --- schemas: the writers' output against real validators ----------------------

struct CommandResult {
  int status;
  std::string output;
};

CommandResult run_command(const std::string& command) {
  CommandResult r{-1, {}};
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  r.status = pclose(p);
  return r;
}

std::string quote(const fs::path& p) { return "'" + p.string() + "'"; }

class Schemas : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("beyt_records_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::string& text) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

  static std::string xmllint(const fs::path& file) {
    return "xmllint --noout --schema " + quote(source() / "schemas/record.xsd") + " " + quote(file);
  }
  static std::string ajv(const fs::path& file) {
    return "cd " + quote(source()) + " && ./node_modules/.bin/ajv validate --spec=draft2020 -s schemas/record.schema.json -d " +
           quote(file);
  }
  static fs::path source() { return fs::path(BEYT_SOURCE_DIR); }

  static void require_tools() {
    ASSERT_EQ(run_command("xmllint --version").status, 0)
        << "xmllint is missing: install libxml2-utils (apt-get install libxml2-utils)";
    ASSERT_TRUE(fs::exists(source() / "node_modules/.bin/ajv"))
        << "ajv-cli is missing: run `npm ci` in " << source() << " (package.json lists ajv-cli)";
  }

  fs::path dir_;
};

TEST_F(Schemas, WriterOutputIsValid) {
  ASSERT_NO_FATAL_FAILURE(require_tools());
  const auto games = rich_games();
  const fs::path xml = write("rich.xml", to_xml(games));
  const fs::path json = write("rich.json", to_json(games));
  const fs::path none_xml = write("none.xml", to_xml({}));
  const fs::path none_json = write("none.json", to_json({}));
  for (const auto& p : {xml, none_xml}) {
    CommandResult r = run_command(xmllint(p));
    EXPECT_EQ(r.status, 0) << r.output;
  }
  for (const auto& p : {json, none_json}) {
    CommandResult r = run_command(ajv(p));
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find(" valid"), std::string::npos) << r.output;
  }
}

TEST_F(Schemas, TheDeepestNestingAReaderAcceptsIsWrittenAsXmlThatXmllintReads) {
  ASSERT_NO_FATAL_FAILURE(require_tools());
  // kMaxVariationDepth variations, one inside the other, the deepest move
  // with a comment: xmllint's default depth (256 elements) holds it
  // (NOTATION.md section 2).
  GameRecord g;
  g.set_tag("Game", "seega");
  g.result = "*";
  Line* line = &g.moves;
  for (unsigned level = 0; level <= kMaxVariationDepth; ++level) {
    line->push_back(Node{"b2,c4", {}, {}, {}, {}, {}});
    if (level < kMaxVariationDepth) line = &line->back().variations.emplace_back();
  }
  line->back().after.push_back("the deepest");
  const fs::path xml = write("deep.xml", to_xml({g}));
  CommandResult r = run_command(xmllint(xml));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(from_xml(to_xml({g})), std::vector<GameRecord>{g});
}

TEST_F(Schemas, JsonLinesHoldGamesOfTheRecordSchema) {
  ASSERT_NO_FATAL_FAILURE(require_tools());
  // Every line validates against schemas/game.schema.json as it stands (a
  // game of the record schema, which it refers to by its $id), and a line
  // that is no game does not.
  std::string files;
  int n = 0;
  for (const auto& g : rich_games()) files += " " + quote(write("line" + std::to_string(++n) + ".json", to_json_line(g)));
  const fs::path bad = write("bad-line.json", "{\"tags\":{},\"moves\":[],\"result\":\"2-0\"}\n");
  const std::string line_ajv = "cd " + quote(source()) +
                               " && ./node_modules/.bin/ajv validate --spec=draft2020 -s schemas/game.schema.json "
                               "-r schemas/record.schema.json -d ";
  CommandResult r = run_command(line_ajv + "'" + (dir_ / "line*.json").string() + "'");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("invalid"), std::string::npos) << r.output;
  CommandResult b = run_command(line_ajv + quote(bad));
  EXPECT_NE(b.status, 0) << b.output;
  EXPECT_NE(b.output.find("invalid"), std::string::npos) << b.output;
}

TEST_F(Schemas, InvalidRecordsAreRejected) {
  ASSERT_NO_FATAL_FAILURE(require_tools());
  GameRecord g = rich_games()[3];
  const std::string json = to_json({g});
  const std::string xml = to_xml({g});
  auto replace = [](std::string s, const std::string& from, const std::string& to) {
    const auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
  };
  const std::pair<std::string, std::string> bad_json[] = {
      {"move-blank", replace(json, "\"move\": \"3\"", "\"move\": \"3 4\"")},
      {"move-result", replace(json, "\"move\": \"3\"", "\"move\": \"1-0\"")},
      {"move-turn", replace(json, "\"move\": \"3\"", "\"move\": \"3.\"")},
      {"move-bang", replace(json, "\"move\": \"3\"", "\"move\": \"3!\"")},
      {"move-empty", replace(json, "\"move\": \"3\"", "\"move\": \"\"")},
      {"nag", replace(json, "\"move\": \"3\"", "\"move\": \"3\", \"nags\": [256]")},
      {"unknown-key", replace(json, "\"move\": \"3\"", "\"move\": \"3\", \"note\": \"x\"")},
      {"result", replace(json, "\"result\": \"1-0\"", "\"result\": \"2-0\"")},
      {"missing-moves", replace(json, "\"moves\": [", "\"mooves\": [")},
      {"tag-name", replace(json, "\"Game\":", "\"Ga me\":")},
      {"tag-value", replace(json, "\"tab\"", "\"t\\nab\"")},
      {"chars-comment", replace(json, "\"move\": \"3\"", "\"move\": \"3\", \"after\": [\"\\u0085\"]")},
      {"chars-move", replace(json, "\"move\": \"3\"", "\"move\": \"3\\ufdd0\"")},
      {"comment", replace(json, "\"move\": \"3\"", "\"move\": \"3\", \"after\": [\"}\\n\"]")},
      {"version", replace(json, "\"version\": 1", "\"version\": 2")},
      {"format", replace(json, "\"format\": \"beyt\"", "\"format\": \"pgn\"")},
  };
  for (const auto& [name, text] : bad_json) {
    SCOPED_TRACE(name);
    Collect c;
    // the reader agrees (a line end in a tag value: the character policy, E110)
    const bool chars = name == "tag-value" || name.rfind("chars-", 0) == 0;
    EXPECT_EQ(read_json_text(text, c).code, chars ? Code::bad_character : Code::json_structure);
    CommandResult r = run_command(ajv(write("bad-" + name + ".json", text)));
    EXPECT_NE(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("invalid"), std::string::npos) << r.output;
  }
  const std::pair<std::string, std::string> bad_xml[] = {
      {"move-blank", replace(xml, "text=\"3\"", "text=\"3 4\"")},
      {"move-result", replace(xml, "text=\"3\"", "text=\"1/2-1/2\"")},
      {"move-star", replace(xml, "text=\"3\"", "text=\"*\"")},
      {"move-turn", replace(xml, "text=\"3\"", "text=\"3.a\"")},
      {"move-paren", replace(xml, "text=\"3\"", "text=\"(3\"")},
      {"move-empty", replace(xml, "text=\"3\"", "text=\"\"")},
      {"nag", replace(xml, "<move text=\"3\"/>", "<move text=\"3\"><nag>256</nag></move>")},
      {"order", replace(xml, "<move text=\"3\"/>", "<move text=\"3\"><after/><nag>1</nag></move>")},
      {"unknown-element", replace(xml, "<move text=\"3\"/>", "<move text=\"3\"><note/></move>")},
      {"unknown-attribute", replace(xml, "<move text=\"3\"/>", "<move text=\"3\" by=\"S\"/>")},
      {"missing-text", replace(xml, "<move text=\"3\"/>", "<move/>")},
      {"result", replace(xml, "<result>1-0</result>", "<result>2-0</result>")},
      {"missing-result", replace(xml, "<result>1-0</result>", "")},
      {"tag-name", replace(xml, "name=\"Game\"", "name=\"Ga-me\"")},
      {"tag-value", replace(xml, ">tab<", ">t\nab<")},
      {"chars-comment", replace(xml, "<move text=\"3\"/>", "<move text=\"3\"><after>&#x85;</after></move>")},
      {"chars-move", replace(xml, "text=\"3\"", "text=\"3&#xFDD0;\"")},
      {"duplicate-tag", replace(xml, "<tag name=\"Game\">tab</tag>", "<tag name=\"Game\">tab</tag><tag name=\"Game\">x</tag>")},
      {"comment", replace(xml, "<move text=\"3\"/>", "<move text=\"3\"><after>}\n</after></move>")},
      {"version", replace(xml, "version=\"1\">", "version=\"2\">")},
      {"root", replace(replace(xml, "<beyt ", "<record "), "</beyt>", "</record>")},
  };
  for (const auto& [name, text] : bad_xml) {
    SCOPED_TRACE(name);
    Collect c;
    const bool chars = name == "tag-value" || name.rfind("chars-", 0) == 0;
    EXPECT_EQ(read_xml_text(text, c).code, chars ? Code::bad_character : Code::xml_structure);
    CommandResult r = run_command(xmllint(write("bad-" + name + ".xml", text)));
    EXPECT_NE(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("fails to validate"), std::string::npos) << r.output;
  }
}

// Inside a game of a record file, a move's place keeps only the part of its
// pointer after the game's moves (short enough to need no allocation), or
// for JSON its numbers alone; the whole pointer is printed, in a replay
// error as in the reader's own.
TEST(RecordPlaces, ReplayErrorsPrintTheWholePointer) {
  const std::string json =
      "{\"format\":\"beyt\",\"version\":1,\"games\":[\n"
      "{\"tags\":{\"Game\":\"seega\"},\"moves\":[],\"result\":\"*\"},\n"
      "{\"tags\":{\"Game\":\"seega\"},\"moves\":[{\"move\":\"c1,c5\"},{\"move\":\"zz\"}],\"result\":\"*\"}]}\n";
  const std::string xml =
      "<beyt version=\"1\"><game><moves/><result>*</result></game>\n"
      "<game><tag name=\"Game\">seega</tag><moves><move text=\"c1,c5\"/><move text=\"zz\"/></moves>"
      "<result>*</result></game></beyt>\n";
  struct Case {
    std::vector<GameRecord> games;
    SourceLoc::Base base;
    const char* part;
    const char* pointer;
    std::uint32_t line;
  };
  const Case cases[] = {
      {from_json(json), SourceLoc::Base::json_move, "", "/games/1/moves/1/move", 3},
      {from_xml(xml), SourceLoc::Base::xml_move, "", "/beyt/game[2]/moves/move[2]", 2},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.pointer);
    ASSERT_EQ(c.games.size(), 2u);
    const Node& bad = c.games[1].moves[1];
    EXPECT_EQ(bad.loc.pointer, c.part);
    EXPECT_EQ(bad.loc.base, c.base);
    EXPECT_EQ(bad.loc.game, 2u);
    EXPECT_EQ(bad.loc.full_pointer(), c.pointer);
    EXPECT_EQ(bad.loc.line, c.line);
    Replay out;
    const Diagnostic d = replay(c.games[1], "g", 2, ReplayOptions{}, out);
    ASSERT_TRUE(d);
    const std::string where = "g:" + std::to_string(c.line) + ":" + std::to_string(bad.loc.column) + ": " + c.pointer + ": error[";
    EXPECT_EQ(format_text(d).rfind(where, 0), 0u) << format_text(d);
    EXPECT_NE(format_json(d).find(std::string("\"pointer\":\"") + c.pointer + "\""), std::string::npos)
        << format_json(d);
  }
}

// The JSON reader keeps the bytes from the last value token on while the
// lexer reads further; a string longer than its buffer (64 KiB) must leave
// the places after it, and those of errors after it, as they are.
TEST(JsonRecords, PlacesAfterAStringLongerThanTheBuffer) {
  std::string comment;
  for (int i = 0; i < 30000; ++i) comment += i % 7 == 0 ? "é\\\"x" : "abcdé";
  const std::string head = "{\"format\":\"beyt\",\"version\":1,\"games\":[{\"tags\":{},\"comments\":[\"" + comment +
                           "\"],\n  \"moves\":[{\"move\":\"ü1\",\"before\":[\"ö\"]},{\"move\":";
  const std::string tail = "}],\"result\":\"*\"}]}\n";
  // `"moves":[{"move":"ü1","before":["ö"]},{"move":` is 46 code points after
  // two blanks: the value after it is at column 49 of line 2.
  const auto games = from_json(head + "\"c1,c5\"" + tail);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].moves.size(), 2u);
  const SourceLoc& at = games[0].moves[1].loc;
  EXPECT_EQ(at.line, 2u);
  EXPECT_EQ(at.column, 50u);  // after the opening quote
  EXPECT_EQ(at.offset, head.size() + 1);
  EXPECT_EQ(at.full_pointer(), "/games/0/moves/1/move");

  Collect c;
  Diagnostic d = read_json_text(head + "5" + tail, c);
  EXPECT_EQ(d.code, Code::json_structure) << format_text(d);
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.column, 49u);
  EXPECT_EQ(d.loc.pointer, "/games/0/moves/1/move");

  d = read_json_text(head + "tru" + tail, c);
  EXPECT_EQ(d.code, Code::json_syntax) << format_text(d);
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.column, 49u);
  EXPECT_NE(d.reason.find("'tru'"), std::string::npos) << format_text(d);
}

}  // namespace
