// The readers under attack: XML well-formedness checked against xmllint,
// the XSD against beyt's own XML, XML comments and processing
// instructions, control characters in diagnostics, CR line ends, a
// byte-order mark where a game starts, standard input and the default -j.
// Each test is named after what it checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "beyt/chars.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;
using namespace beyt::test;

// --- helpers -------------------------------------------------------------------

struct Collect : GameVisitor {
  std::vector<GameRecord> games;
  std::vector<Diagnostic> errors, warnings;
  bool game(GameRecord&& r, std::uint32_t) override {
    games.push_back(std::move(r));
    return true;
  }
  bool error(const Diagnostic& d) override {
    errors.push_back(d);
    return true;
  }
  void warning(const Diagnostic& w) override { warnings.push_back(w); }
};

/// Reads `text` in format `f`: the diagnostics met, the stopping one last.
std::vector<Diagnostic> read_all(const std::string& text, Format f, Collect& c, ReadOptions options = {}) {
  std::istringstream in(text);
  Diagnostic stop = read_games(in, "t", f, c, options);
  std::vector<Diagnostic> all = c.errors;
  if (stop) all.push_back(stop);
  return all;
}

std::string replace_first(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

void require_xmllint() {
  ASSERT_EQ(shell("xmllint --version >/dev/null 2>&1"), 0)
      << "xmllint is missing: .ci/setup installs it (apt-get install libxml2-utils)";
}

void require_ajv() {
  ASSERT_TRUE(fs::exists(kRoot / "node_modules/.bin/ajv"))
      << "ajv-cli is missing: run `npm ci` in " << kRoot << " (package.json lists it)";
}

/// True if `s` is valid UTF-8 throughout.
bool utf8(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const std::size_t len = chars::decode(p + i, s.size() - i, cp);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

// A game in the form the XML reader's quick path reads (every byte
// printable ASCII or LF, no annotation), and the same game where the full
// path must read it (a non-ASCII tag value).
const std::string kQuick =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<beyt version=\"1\">\n"
    "  <game>\n"
    "    <tag name=\"Event\">EVENT</tag>\n"
    "    <tag name=\"Game\">seega</tag>\n"
    "    <moves>\n"
    "      <move text=\"b2,c4\"/>\n"
    "      <move text=\"b1,d4\"/>\n"
    "    </moves>\n"
    "    <result>*</result>\n"
    "  </game>\n"
    "</beyt>\n";

// --- XML well-formedness ----------------------------------------------------

TEST(ReaderRobustness, XmlNotWellFormedIsE160InBothPaths) {
  struct Case {
    const char* from;
    const char* to;
    std::uint32_t line, column;
    const char* reason;
  } cases[] = {
      {">EVENT<", ">&foo;<", 4, 23, "undeclared entity &foo;"},
      {">EVENT<", ">a & b<", 4, 25, "a bare '&'"},
      {">EVENT<", ">&amp<", 4, 23, "entity reference &amp without its ';'"},
      {">EVENT<", ">&#65<", 4, 23, "character reference &#65< is not well formed"},
      {">EVENT<", ">&#;<", 4, 23, "character reference &#; is not well formed"},
      {">EVENT<", ">&#x1;<", 4, 23, "stands for U+0001 (SOH): XML 1.0 has no place for it"},
      {">EVENT<", ">&#xFFFE;<", 4, 23, "stands for U+FFFE (a noncharacter): XML 1.0 has no place for it"},
      {">EVENT<", ">a\x1b" "b<", 4, 24, "control character U+001B (ESC): XML 1.0 has no place for it"},
      {">EVENT<", ">a]]>b<", 4, 24, "']]>' in text"},
      {"<move text=\"b2,c4\"/>", "<move text=\"a1-a2\" text=\"a1-b1\"/>", 7, 26, "duplicate attribute text on <move>"},
      {"\"b2,c4\"", "\"b2<c4\"", 7, 21, "'<' in the value of attribute text"},
      {"</moves>", "</movez>", 9, 5, "end tag </movez> does not match the open element <moves>"},
      {"<moves>", "<moves><!-- a -- b -->", 6, 19, "'--' inside a comment"},
      {"<moves>", "<moves><?xml version=\"1.0\"?>", 6, 12, "an XML declaration ('<?xml ...?>') may stand only"},
      {"<tag name=\"Event\">", "<tag name=\"Event\"name=\"x\">", 4, 22, "expected a blank"},
      {"<move text=\"b1,d4\"/>", "<move text=\"b1,d4\"/ >", 8, 25, "'/' not followed by '>'"},
  };
  // The quick path; a game of printable ASCII with an annotation (pugixml
  // and the reader's own checks of the attributes it reads); a game with
  // a character beyond ASCII (the byte-by-byte check, xml_wellformed.hpp).
  // Each adds a line from the one given (0: none).
  const std::pair<std::string, std::uint32_t> paths[] = {
      {kQuick, 0},
      {replace_first(kQuick, "<moves>", "<comment>plain ASCII</comment>\n    <moves>"), 6},
      {replace_first(kQuick, "<tag name=\"Game\">", "<tag name=\"Site\">Qāhira</tag>\n    <tag name=\"Game\">"), 5},
  };
  for (const auto& [base, added] : paths) {
    {
      Collect c;
      ASSERT_TRUE(read_all(base, Format::xml, c).empty());
      ASSERT_EQ(c.games.size(), 1u);
    }
    {  // references to '<' and '&' where they may stand are no fault
      Collect c;
      const std::string refs = replace_first(replace_first(base, "\"b1,d4\"", "\"b1&lt;d4&amp;\""), ">EVENT<", ">&lt;&gt;&amp;<");
      ASSERT_TRUE(read_all(refs, Format::xml, c).empty()) << refs;
      ASSERT_EQ(c.games.size(), 1u);
      EXPECT_EQ(c.games[0].moves[1].move, "b1<d4&");
      EXPECT_EQ(c.games[0].tags[0].value, "<>&");
    }
    for (const Case& k : cases) {
      const std::string text = replace_first(base, k.from, k.to);
      SCOPED_TRACE(text);
      Collect c;
      const std::vector<Diagnostic> d = read_all(text, Format::xml, c);
      ASSERT_EQ(d.size(), 1u);
      EXPECT_EQ(code_id(d[0].code), "E160") << format_text(d[0]);
      const std::uint32_t line = k.line + (added != 0 && k.line >= added ? 1 : 0);
      EXPECT_EQ(d[0].loc.line, line) << format_text(d[0]);
      EXPECT_EQ(d[0].loc.column, k.column) << format_text(d[0]);
      EXPECT_NE(d[0].reason.find(k.reason), std::string::npos) << d[0].reason;
      EXPECT_TRUE(c.games.empty());
    }
  }
  // A game whose first fault is no beyt record (E161) and a later one not
  // XML (E160): the E160 is reported, in every path.
  for (const auto& [base, added] : paths) {
    const std::string text = replace_first(replace_first(base, "<tag name=\"Event\">", "<tag nme=\"Event\">"),
                                           "<move text=\"b1,d4\"/>", "<move text=\"b1,d4\" text=\"x\"/>");
    SCOPED_TRACE(text);
    Collect c;
    const std::vector<Diagnostic> d = read_all(text, Format::xml, c);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(code_id(d[0].code), "E160") << format_text(d[0]);
    EXPECT_NE(d[0].reason.find("duplicate attribute text on <move>"), std::string::npos) << d[0].reason;
  }
  // Outside the games too: the root's start tag, text between games, the
  // XML declaration, and what follows the root.
  const std::pair<std::string, std::string> outside[] = {
      {"<beyt version=\"1\">", "<beyt version=\"1\" version=\"1\">"},
      {"<beyt version=\"1\">", "<beyt version=\"1&\">"},
      {"<beyt version=\"1\">", "<beyt version=\"<1\">"},
      {"  <game>", "  &nbsp;<game>"},
      {"  <game>", "  ]]><game>"},
      {"version=\"1.0\" encoding", "version=\"1.0\"encoding"},
      {"version=\"1.0\"", "version=\"2.0\""},
      {"<?xml version", " <?xml version"},
      {"</beyt>\n", "</beyt>\n<beyt version=\"1\">\n"},
      {"</beyt>\n", "</beyt>\ntext\n"},
      {"</beyt>\n", "</beyt>\n<!-- -- -->\n"},
  };
  for (const auto& [from, to] : outside) {
    const std::string text = replace_first(kQuick, from, to);
    SCOPED_TRACE(text);
    Collect c;
    bool e160 = false;
    for (const Diagnostic& d : read_all(text, Format::xml, c)) e160 = e160 || d.code == Code::xml_syntax;
    EXPECT_TRUE(e160);
  }
}

// Every XML file of fuzz/corpus/xml and samples/, and some hundreds of
// mutations of them, through xmllint and beyt: what xmllint rejects as not
// well-formed, beyt rejects with E160 (or E101 where the bytes are not
// UTF-8: NOTATION.md section 11); what xmllint accepts, beyt never calls
// not well-formed (it may still refuse it as no beyt record, E161, or for
// the character policy, E110).
TEST(ReaderRobustness, XmlWellFormednessAgreesWithXmllint) {
  ASSERT_NO_FATAL_FAILURE(require_xmllint());
  TempDir dir("xml-differential");
  std::vector<std::pair<std::string, std::string>> bases;  // name, bytes
  for (const auto& p : files_in(kRoot / "fuzz/corpus/xml", ".xml")) bases.emplace_back("corpus-" + p.filename().string(), slurp(p));
  for (const auto& sub : {"seega", "tab", "dleb", "mankalah", "umelbanat", "invalid"})
    for (const auto& p : files_in(kRoot / "samples" / sub, ".xml"))
      bases.emplace_back(std::string(sub) + "-" + p.filename().string(), slurp(p));
  ASSERT_GE(bases.size(), 25u);

  // Mutations, made deterministically: each inserts, deletes or doubles
  // what well-formedness hangs on, at a place drawn from a fixed sequence.
  std::uint64_t state = 19;
  const auto next = [&state](std::size_t n) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return n == 0 ? 0 : static_cast<std::size_t>((state >> 33) % n);
  };
  const std::vector<std::string> inserts = {"&",     ";",     "<",      ">",        "]]>",      "&foo;",     "&amp",
                                            "&#65",  "&#;",   "&#x1;",  "&#xFFFE;", "&#x85;",   "&#127;",    "\"",
                                            "'",     "=",     "/",      "<!-- x -->", "<!-- a -- b -->", "<?pi x?>",
                                            "<?xml version=\"1.0\"?>", "<![CDATA[x]]>", "</x>", "<x>", "\x01", "\x7F",
                                            "--",    "\xEF\xBB\xBF", "&lt;", "&#x10FFFF;"};
  std::vector<std::pair<std::string, std::string>> inputs = bases;
  for (const auto& [name, bytes] : bases) {
    if (bytes.empty()) continue;
    for (int k = 0; k < 24; ++k) {
      std::string m = bytes;
      const int op = k % 8;
      if (op <= 2) {  // insert
        m.insert(next(m.size() + 1), inserts[next(inserts.size())]);
      } else if (op == 3) {  // delete one of the bytes markup hangs on
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < m.size(); ++i)
          if (std::string_view("<>&;\"'/=!?-[]").find(m[i]) != std::string_view::npos) at.push_back(i);
        if (!at.empty()) m.erase(at[next(at.size())], 1);
      } else if (op == 4) {  // double an attribute
        std::vector<std::size_t> at;
        for (std::size_t i = m.find(" text=\""); i != std::string::npos; i = m.find(" text=\"", i + 1)) at.push_back(i);
        for (std::size_t i = m.find(" name=\""); i != std::string::npos; i = m.find(" name=\"", i + 1)) at.push_back(i);
        if (!at.empty()) {
          const std::size_t a = at[next(at.size())];
          const std::size_t close = m.find('"', a + 7);
          if (close != std::string::npos) m.insert(close + 1, m.substr(a, close + 1 - a));
        }
      } else if (op == 5) {  // rename an end tag
        std::vector<std::size_t> at;
        for (std::size_t i = m.find("</"); i != std::string::npos; i = m.find("</", i + 1)) at.push_back(i);
        if (!at.empty()) m.insert(at[next(at.size())] + 2, "z");
      } else if (op == 6) {  // cut the input short
        m.resize(next(m.size()));
      } else {  // an insertion into a text or an attribute value
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < m.size(); ++i)
          if ((m[i] == '>' && i + 1 < m.size() && m[i + 1] != '<' && m[i + 1] != '\n') || (m[i] == '"' && i > 0 && m[i - 1] == '='))
            at.push_back(i + 1);
        if (!at.empty()) m.insert(at[next(at.size())], inserts[next(inserts.size())]);
      }
      inputs.emplace_back(name + "-m" + std::to_string(k), std::move(m));
    }
  }
  ASSERT_GE(inputs.size(), 300u);
  std::map<std::string, std::string> by_path;  // file -> name
  for (const auto& [name, bytes] : inputs) {
    const fs::path p = dir / (name + ".xml");
    spit(p, bytes);
    by_path[p.string()] = name;
  }
  // xmllint: a "parser error" is a well-formedness error (a namespace error
  // or a warning is not; xmllint's own exit status says the same per file).
  CliRun lint = capture("cd " + quote(dir.path().string()) + " && xmllint --noout *.xml");
  std::set<std::string> rejected;
  const std::regex error_line("^(.*\\.xml):[0-9]+: parser error : ");
  std::istringstream lines(lint.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, error_line)) rejected.insert((dir / m[1].str()).string());
  }
  ASSERT_FALSE(rejected.empty());
  // beyt: the codes of every diagnostic of each file.
  CliRun beyt = capture(kBeyt + " validate -q --diagnostics json " + quote(dir.path().string()) + "/*.xml 2>/dev/null");
  std::map<std::string, std::set<std::string>> codes;
  std::istringstream json_lines(beyt.out);
  for (std::string line; std::getline(json_lines, line);) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << line;
    codes[j["file"].get<std::string>()].insert(j["code"].get<std::string>());
  }
  std::size_t agreed_bad = 0, agreed_good = 0;
  for (const auto& [path, name] : by_path) {
    const std::set<std::string>& c = codes[path];
    const bool e160 = c.count("E160") > 0;
    if (rejected.count(path) > 0) {
      const bool ok = e160 || (c.count("E101") > 0 && !utf8(slurp(path)));
      EXPECT_TRUE(ok) << name << ": xmllint says not well-formed, beyt says "
                      << (c.empty() ? std::string("nothing") : *c.begin()) << "\n" << slurp(path);
      agreed_bad += ok;
    } else {
      EXPECT_FALSE(e160) << name << ": xmllint accepts it, beyt says E160\n" << slurp(path);
      agreed_good += !e160;
    }
  }
  // Both kinds are there in numbers.
  EXPECT_GE(agreed_bad, 150u);
  EXPECT_GE(agreed_good, 60u);
  std::printf("xml differential: %zu inputs, %zu not well-formed, %zu well-formed\n", by_path.size(), agreed_bad,
              agreed_good);
}

// --- the XSD accepts beyt's own XML ---------------------------------------

// Comments holding '{}', '}', '{' and line breaks, put into the text of
// generated games (a '}' only in a ';' comment, which ends at the line end).
std::string with_comments(const std::string& text) {
  std::string out;
  std::size_t from = 0;
  int game = 0;
  for (std::size_t at = text.find("\n\n1. "); at != std::string::npos; at = text.find("\n\n1. ", from)) {
    out.append(text, from, at - from);
    out += "\n\n{a game comment with { and a\nline break} 1. ";
    from = at + 5;
    // after the first turn: '}' and '{}' in a comment to the line end;
    // after the second: '{' and two line breaks
    const std::size_t second = text.find(" 2. ", from);
    const std::size_t third = text.find(" 3. ", from);
    const std::size_t next = text.find("\n\n1. ", from);
    if (second != std::string::npos && second < next) {
      out.append(text, from, second - from);
      out += " ; closing } and {} " + std::to_string(++game) + "\n2. ";
      from = second + 4;
    }
    if (third != std::string::npos && third < next) {
      out.append(text, from, third - from);
      out += " {{ one\n{ two\r\nthree} 3. ";
      from = third + 4;
    }
  }
  out.append(text, from, std::string::npos);
  return out;
}

TEST(ReaderRobustness, XsdAcceptsBeytXmlOfEverySampleAndOfCommentsWithBraces) {
  ASSERT_NO_FATAL_FAILURE(require_xmllint());
  ASSERT_NO_FATAL_FAILURE(require_ajv());
  TempDir dir("xsd");
  std::vector<std::string> xml, json;
  // Every sample, whatever its format, as beyt writes it in XML and JSON.
  for (const std::string ext : {".beyt", ".json", ".xml"})
    for (const auto& p : sample_files(ext)) {
      const std::string stem = p.parent_path().filename().string() + "-" + p.stem().string() + ext.substr(1);
      for (const std::string to : {"xml", "json"}) {
        const std::string out = (dir / (stem + "." + to)).string();
        ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + quote(out)).status, 0) << p;
        (to == "xml" ? xml : json).push_back(out);
      }
    }
  // 1 000 generated games, 200 of each game, with comments holding braces
  // and line breaks.
  std::size_t games = 0;
  for (const std::string game : {"seega", "tab", "dleb", "mankalah", "umelbanat"}) {
    CliRun g = run("generate --game " + game + " --count 200 --seed 19 --max-turns 60");
    ASSERT_EQ(g.status, 0) << g.out;
    const std::string text = with_comments(g.out);
    ASSERT_NE(text.find("; closing } and {} 100\n"), std::string::npos) << game;
    const fs::path source = dir / ("generated-" + game + ".beyt");
    spit(source, text);
    ASSERT_EQ(run("validate -q " + quote(source.string())).status, 0) << game;
    for (const std::string to : {"xml", "json"}) {
      const std::string out = (dir / ("generated-" + game + "." + to)).string();
      ASSERT_EQ(run("convert " + quote(source.string()) + " -o " + quote(out)).status, 0);
      (to == "xml" ? xml : json).push_back(out);
    }
    const std::string written = slurp(dir / ("generated-" + game + ".xml"));
    EXPECT_NE(written.find("<after> closing } and {} 1</after>"), std::string::npos);
    EXPECT_NE(written.find("<after>{ one\n{ two&#13;\nthree</after>"), std::string::npos);
    EXPECT_NE(written.find("<comment>a game comment with { and a\nline break</comment>"), std::string::npos);
    // and beyt reads its XML back as the text it came from
    EXPECT_EQ(run("convert " + quote((dir / ("generated-" + game + ".xml")).string()) + " --to text").out,
              run("convert " + quote(source.string()) + " --to text").out);
    games += 200;
  }
  EXPECT_EQ(games, 1000u);
  std::string all_xml;
  for (const auto& p : xml) all_xml += " " + quote(p);
  CliRun lint = capture("xmllint --noout --schema " + quote((kRoot / "schemas/record.xsd").string()) + all_xml);
  EXPECT_EQ(lint.status, 0) << lint.out.substr(0, 4000);
  EXPECT_EQ(lint.out.find("fails to validate"), std::string::npos) << lint.out.substr(0, 4000);
  std::string all_json;
  for (const auto& p : json) all_json += " -d " + quote(p);
  CliRun ajv = capture("cd " + quote(kRoot.string()) +
                       " && ./node_modules/.bin/ajv validate --spec=draft2020 -s schemas/record.schema.json" + all_json);
  EXPECT_EQ(ajv.status, 0) << ajv.out.substr(0, 4000);
  EXPECT_EQ(ajv.out.find("invalid"), std::string::npos) << ajv.out.substr(0, 4000);
}

// --- XML comments and processing instructions ---------------------------

TEST(ReaderRobustness, XmlCommentsAndProcessingInstructionsAreNotDroppedSilently) {
  const std::string text = replace_first(
      replace_first(replace_first(kQuick, "<beyt version", "<?xml-stylesheet href=\"a.xsl\"?>\n<beyt version"),
                    "  <game>", "  <!-- between games -->\n  <game>"),
      "<moves>", "<moves><!-- in a game --><?pi x?>");
  Collect c;
  ASSERT_TRUE(read_all(text, Format::xml, c).empty());
  ASSERT_EQ(c.games.size(), 1u);
  ASSERT_EQ(c.warnings.size(), 4u);
  const std::pair<std::uint32_t, std::uint32_t> places[] = {{2, 1}, {4, 3}, {8, 12}, {8, 30}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(code_id(c.warnings[i].code), "W103");
    EXPECT_EQ(c.warnings[i].severity, Severity::warning);
    EXPECT_EQ(c.warnings[i].loc.line, places[i].first) << format_text(c.warnings[i]);
    EXPECT_EQ(c.warnings[i].loc.column, places[i].second) << format_text(c.warnings[i]);
    EXPECT_NE(c.warnings[i].reason.find("so format and convert drop it"), std::string::npos);
  }
  EXPECT_EQ(c.warnings[2].game, 1u);
  // Strict: each is an error; the one in the game refuses the game.
  Collect s;
  ReadOptions strict;
  strict.strict = true;
  const std::vector<Diagnostic> errors = read_all(text, Format::xml, s, strict);
  ASSERT_EQ(errors.size(), 3u);
  for (const Diagnostic& d : errors) EXPECT_EQ(code_id(d.code), "W103");
  EXPECT_TRUE(s.games.empty());

  // convert and format -i say so on standard error, and still write.
  TempDir dir("w103");
  const fs::path in = dir / "in.xml";
  spit(in, text);
  CliRun conv = run("convert " + quote(in.string()) + " -o " + quote((dir / "out.beyt").string()));
  EXPECT_EQ(conv.status, 0) << conv.out;
  std::size_t n = 0;
  for (std::size_t at = conv.out.find("warning[W103]"); at != std::string::npos; at = conv.out.find("warning[W103]", at + 1)) ++n;
  EXPECT_EQ(n, 4u) << conv.out;
  CliRun fmt = run("format -i " + quote(in.string()));
  EXPECT_EQ(fmt.status, 0) << fmt.out;
  EXPECT_NE(fmt.out.find("in.xml:8:12: /beyt/game[1]: warning[W103]: game 1: XML comment"), std::string::npos) << fmt.out;
  EXPECT_EQ(slurp(in).find("<!--"), std::string::npos);
  // validate counts them as warnings, and --strict as errors
  spit(in, text);
  CliRun v = run("validate " + quote(in.string()));
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(v.out.find("1 game: 1 valid, 0 invalid; 4 warnings"), std::string::npos) << v.out;
  EXPECT_EQ(run("validate --strict " + quote(in.string())).status, 1);
}

// --- control characters in diagnostics -----------------------------------

TEST(ReaderRobustness, DiagnosticsEscapeControlCharactersInEveryPiece) {
  Diagnostic d;
  d.code = Code::json_structure;
  d.file = "a\x1b[2Jb.json";
  d.reason = "unknown key \"\x07\"";
  d.player = "So\x1buth";
  d.game = 1;
  d.loc.line = 3;
  d.loc.column = 10;
  d.loc.pointer = "/games/0/\x1b]0;title\x07";
  const std::string line = "\x1b[8m\"\x1b\": 1 \r\x9b";  // ESC[8m hides the rest; CR returns; a raw C1 CSI byte
  const std::string out = format_text(d, line);
  for (const char c : out) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_TRUE(u >= 0x20 || c == '\n') << "byte " << static_cast<int>(u) << " in\n" << out;
  }
  EXPECT_NE(out.find("a\\u001b[2Jb.json:3:10: /games/0/\\u001b]0;title\\u0007: error[E151]: game 1, So\\u001buth: "
                     "unknown key \"\\u0007\"\n"),
            std::string::npos)
      << out;
  // the caret under the character of column 10, the '1', after the escapes
  EXPECT_NE(out.find(" 3 | \\u001b[8m\"\\u001b\": 1 \\r\xEF\xBF\xBD\n"
                     "   | " + std::string(19, ' ') + "^\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(printable("tab\tand \xC2\x85 NEL"), "tab\tand \\u0085 NEL");

  // From the command line: a JSON key and a text move with ESC, quoted.
  TempDir dir("escape");
  spit(dir / "k.json", "{\"format\":\"beyt\",\"version\":1,\"games\":[{\"tags\":{},\"\\u001b[2J\":1,\"moves\":[],\"result\":\"*\"}]}");
  spit(dir / "m.beyt", "[Game \"seega\"]\n\n1. b2,c4\x1b[8m *\n");
  for (const char* f : {"k.json", "m.beyt"}) {
    CliRun r = run("validate " + quote((dir / f).string()));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\\u001b"), std::string::npos) << r.out;
  }
}

// --- CR line ends ---------------------------------------------------------

// The same record with LF, CR, CR LF and mixed line ends: each reader
// places the same illegal move at the same line and column, and the caret
// of the quoted line stands under the move.
TEST(ReaderRobustness, CrLineEndsArePlacedAsLfInEveryReader) {
  TempDir dir("cr");
  const fs::path sample = kRoot / "samples/seega/walker-5x5.beyt";
  for (const std::string fmt : {"beyt", "json", "xml", "jsonl"}) {
    const fs::path lf = dir / ("lf." + fmt);
    ASSERT_EQ(run("convert " + quote(sample.string()) + " -o " + quote(lf.string())).status, 0);
    const std::string bad = replace_first(slurp(lf), "a4,d3", "a4,b2");  // turn 4: b2 is taken
    std::string where;
    for (const std::string ends : {"lf", "cr", "crlf", "mixed"}) {
      if (fmt == "jsonl" && (ends == "cr" || ends == "mixed")) continue;  // a JSON Lines line ends with LF
      std::string text;
      int k = 0;
      for (const char c : bad) {
        if (c != '\n') {
          text += c;
          continue;
        }
        const std::string e = ends == "lf" ? "\n" : ends == "cr" ? "\r" : ends == "crlf" ? "\r\n" : (k % 3 == 0 ? "\n" : k % 3 == 1 ? "\r" : "\r\n");
        text += e;
        ++k;
      }
      const fs::path p = dir / (ends + "." + fmt);
      spit(p, text);
      CliRun r = run("validate " + quote(p.string()));
      SCOPED_TRACE(fmt + ", " + ends + ":\n" + r.out);
      EXPECT_EQ(r.status, 1);
      const std::size_t colon = r.out.find(": ", p.string().size());
      ASSERT_NE(colon, std::string::npos);
      const std::string place = r.out.substr(p.string().size(), colon - p.string().size());  // ":L:C"
      if (where.empty()) where = place;
      EXPECT_EQ(place, where);
      // the caret under the move's first character
      std::istringstream lines(r.out);
      std::string first, quoted, caret;
      std::getline(lines, first);
      std::getline(lines, quoted);
      std::getline(lines, caret);
      ASSERT_EQ(quoted.find('\r'), std::string::npos);
      const std::size_t at = caret.find('^');
      ASSERT_NE(at, std::string::npos);
      ASSERT_LT(at + 2, quoted.size());
      EXPECT_EQ(quoted.substr(at - 3, 5), "a4,b2");  // at b2, the cell taken
    }
  }
}

// --- a byte-order mark where a game starts -----------------------------------

TEST(ReaderRobustness, ByteOrderMarkWhereAGameStartsIsW101AndTheGamesAreCounted) {
  TempDir dir("bom");
  const fs::path sample = kRoot / "samples/seega/walker-5x5.beyt";
  for (const std::string fmt : {"beyt", "json", "jsonl", "xml"}) {
    const fs::path one = dir / ("one." + fmt);
    ASSERT_EQ(run("convert " + quote(sample.string()) + " -o " + quote(one.string())).status, 0);
    const std::string bytes = slurp(one);
    const fs::path two = dir / ("two." + fmt);
    spit(two, "\xEF\xBB\xBF" + bytes + "\xEF\xBB\xBF" + bytes);  // two files, each with its mark, joined
    CliRun r = run("validate " + quote(two.string()));
    SCOPED_TRACE(fmt + ":\n" + r.out);
    EXPECT_NE(r.out.find("1 input, 2 games: 2 valid, 0 invalid"), std::string::npos);
    if (fmt == "xml") {
      // two documents joined are not well-formed XML: E160, and the second one's games are read on
      EXPECT_EQ(r.status, 1);
      EXPECT_NE(r.out.find("error[E160]: a byte-order mark after the root element: a second document starts here"),
                std::string::npos);
      EXPECT_NE(r.out.find("1 error outside the games"), std::string::npos);
    } else {
      EXPECT_EQ(r.status, 0);
      EXPECT_NE(r.out.find("warning[W101]: UTF-8 byte-order mark where a game starts (two files joined?)"),
                std::string::npos);
      EXPECT_EQ(r.out.find("E108"), std::string::npos);
      CliRun strict = run("validate --strict " + quote(two.string()));
      EXPECT_EQ(strict.status, 1) << strict.out;
      EXPECT_NE(strict.out.find("error[W101]"), std::string::npos) << strict.out;
      EXPECT_NE(strict.out.find("2 games: 2 valid, 0 invalid"), std::string::npos) << strict.out;
    }
  }
  // In XML, a mark between two games of one record (games pasted in) is W101.
  Collect c;
  const std::string pasted = replace_first(kQuick, "  <game>", "  \xEF\xBB\xBF<game>");
  EXPECT_TRUE(read_all(pasted, Format::xml, c).empty());
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(code_id(c.warnings[0].code), "W101");
  EXPECT_EQ(c.games.size(), 1u);
}

// --- standard input -----------------------------------------------------------

// One game longer than what standard input holds for quoting (64 MiB): the
// same diagnostic and summary as from the file (the speed is measured in
// bench/README.md, not here).
TEST(ReaderRobustness, StandardInputReadsAGameOver64MiBAsTheFileDoes) {
  TempDir dir("stdin");
  const fs::path p = dir / "big.beyt";
  {
    std::ofstream out(p, std::ios::binary);
    out << "[Event \"big\"]\n[Game \"seega\"]\n\n{";
    const std::string words(1 << 20, 'w');
    for (int i = 0; i < 66; ++i) out << words << '\n';
    out << "}\n1. b2,c4 2. b1,c4 *\n";
  }
  CliRun file = run("validate " + quote(p.string()));
  CliRun piped = capture("cat " + quote(p.string()) + " | " + kBeyt + " validate -");
  EXPECT_EQ(file.status, 1);
  EXPECT_NE(file.out.find(":71:16: error[E304]: game 1, turn 2, North: c4 is occupied"), std::string::npos) << file.out;
  std::string expected = file.out;
  // the same but for the name
  for (std::size_t at = expected.find(p.string()); at != std::string::npos; at = expected.find(p.string()))
    expected.replace(at, p.string().size(), "-");
  EXPECT_EQ(piped.out, expected);
}

// --- the default -j -------------------------------------------------------------

// Whichever path the default takes for an input, it prints what -j 1 prints.
TEST(ReaderRobustness, DefaultJobsPrintsWhatOneThreadPrints) {
  TempDir dir("jobs");
  const fs::path text = dir / "g.beyt";
  ASSERT_EQ(run("generate --game tab --count 300 --seed 19 -o " + quote(text.string())).status, 0);
  spit(text, replace_first(slurp(text), " 5. ", " 5. {a comment} ;x\n"));
  for (const std::string fmt : {"json", "xml", "jsonl", "beyt"}) {
    const fs::path p = dir / ("g2." + fmt);
    ASSERT_EQ(run("convert " + quote(text.string()) + " -o " + quote(p.string())).status, 0);
    std::string bytes = replace_first(slurp(p), "1I-K", "1I-Z");  // an illegal move in game 1
    spit(p, bytes);
    CliRun one = run("validate -j 1 " + quote(p.string()));
    CliRun dflt = run("validate " + quote(p.string()));
    CliRun four = run("validate -j 4 " + quote(p.string()));
    EXPECT_EQ(one.status, 1) << fmt;
    EXPECT_EQ(dflt.out, one.out) << fmt;
    EXPECT_EQ(four.out, one.out) << fmt;
  }
  // All at once, the text read in pieces (small ones: the test hook) and the
  // others in this thread, in turn: the same output as one thread.
  std::string all;
  for (const std::string fmt : {"xml", "beyt", "json", "jsonl", "beyt"}) all += " " + quote((dir / ("g2." + fmt)).string());
  CliRun one = run("validate -j 1" + all);
  CliRun dflt = capture("BEYT_VALIDATE_CHUNK_BYTES=20000 " + kBeyt + " validate" + all);
  EXPECT_EQ(dflt.out, one.out);
  EXPECT_NE(one.out.find("5 inputs, 1500 games: 1495 valid, 5 invalid"), std::string::npos) << one.out;
}

}  // namespace
