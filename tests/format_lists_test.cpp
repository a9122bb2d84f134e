// Format knowledge only in the table of formats (notation/src/formats.cpp;
// issue 29, item 5): the command line's help texts and its man page (made
// from them by cli/docs/make_docs.cpp) spell the record formats as the
// table has them. A list of extensions, "(.beyt, .txt, ...)", holds every
// extension of the table in its order and no other; the man page's FILES
// lists each of them with the format's description; every extension they
// spell, alone or in a file name ("game.beyt"), is the table's or one of
// the few files beyt writes or names that are no records (kOthers); the
// formats' titles ("text, JSON, XML or JSON Lines") are the table's; and no
// line of the front ends' code spells an extension alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/notation/formats.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::test;
namespace notation = beyt::notation;

const fs::path kMan = fs::path(BEYT_CLI_PATH).parent_path() / "share/man/man1/beyt.1";

// Extensions the help texts and the man page may spell that are not record
// formats: (extension, what it is).
struct Other {
  const char* extension;
  const char* what;
};
const Other kOthers[] = {
    {".svg", "a plate `beyt render --format svg` writes"},
    {".html", "a viewer `beyt render --format html` writes"},
    {".md", "a document of beyt's (docs/ERRORS.md, notation/NOTATION.md)"},
    {".xsd", "the XML records' schema (schemas/record.xsd)"},
};

std::vector<std::string> table_extensions() {
  std::vector<std::string> out;
  for (const notation::FormatInfo& f : notation::formats())
    for (std::string_view e : f.extensions) out.emplace_back(e);
  return out;
}

// The man page as words: each line without its request (".TP", ".B "), and
// without the escapes for fonts, '-' and a leading '.' (\fB, \-, \&).
std::string man_words(const std::string& man) {
  std::string out;
  std::istringstream in(man);
  static const std::regex request("^\\.[A-Za-z]+ ?|^\\.\\\\\".*"), font("\\\\f[BIRP]|\\\\&");
  for (std::string line; std::getline(in, line);) {
    line = std::regex_replace(line, request, "");
    line = std::regex_replace(line, font, "");
    line = std::regex_replace(line, std::regex("\\\\-"), "-");
    out += line + "\n";
  }
  return out;
}

// The extensions `text` spells, alone (".beyt") or ending a file name
// ("game.beyt", "record.schema.json": ".json"); not "e.g." or "a1..o4".
std::vector<std::string> spelt_extensions(const std::string& text) {
  static const std::regex spelt("(^|[^.\\w])[\\w%*/-]*((?:\\.[a-z][a-z0-9]+)+)(?![\\w.]*\\w)");
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), spelt), end; it != end; ++it) {
    const std::string chain = (*it)[2];
    out.push_back(chain.substr(chain.rfind('.')));
  }
  return out;
}

// The lists of extensions alone in `text`: "(.beyt, .txt, .json)" gives
// {.beyt, .txt, .json}; so does a line "\fB.beyt\fR, \fB.txt\fR" of the man
// page once it is words.
std::vector<std::vector<std::string>> extension_lists(const std::string& text) {
  static const std::regex list("(?:^|[\\s(])(\\.[a-z][a-z0-9]*(?:,\\s+\\.[a-z][a-z0-9]*)+)\\b");
  std::vector<std::vector<std::string>> out;
  for (std::sregex_iterator it(text.begin(), text.end(), list), end; it != end; ++it) {
    std::vector<std::string> items;
    std::istringstream in((*it)[1].str());
    for (std::string item; std::getline(in, item, ',');) items.push_back(item.substr(item.find('.')));
    out.push_back(items);
  }
  return out;
}

// Every spelt extension is the table's or one of kOthers.
void expect_known_extensions(const std::string& where, const std::string& text) {
  const std::vector<std::string> table = table_extensions();
  for (const std::string& e : spelt_extensions(text)) {
    const bool other = std::any_of(std::begin(kOthers), std::end(kOthers), [&](const Other& o) { return e == o.extension; });
    EXPECT_TRUE(other || std::find(table.begin(), table.end(), e) != table.end())
        << where << " spells the extension " << e << ", which the table of formats does not have ("
        << notation::format_extensions() << ")";
  }
}

TEST(FormatLists, HelpListsTheExtensionsAndTitlesOfTheTable) {
  const std::vector<std::string> table = table_extensions();
  ASSERT_GE(table.size(), notation::formats().size());
  const std::vector<std::string> commands = subcommands();
  ASSERT_GE(commands.size(), 10u);
  std::size_t lists = 0;
  expect_known_extensions("beyt --help", run("--help").out);
  for (const std::string& c : commands) {
    SCOPED_TRACE(c);
    const std::string help = run(c + " --help").out;
    expect_known_extensions("beyt " + c + " --help", help);
    for (const auto& list : extension_lists(help)) {
      ++lists;
      EXPECT_EQ(list, table) << "beyt " << c << " --help lists extensions other than the table's";
    }
  }
  // convert says how an input's format is told: by its extension, all of them.
  const std::string convert = run("convert --help").out;
  EXPECT_EQ(extension_lists(convert).size(), 1u) << convert;
  EXPECT_GE(lists, 1u);
  // The formats by their titles, in table order.
  EXPECT_NE(convert.find("between " + notation::format_titles(" and ") + ",\n"), std::string::npos) << convert;
  EXPECT_NE(run("validate --help").out.find("(" + notation::format_titles() + ";"), std::string::npos);
  EXPECT_NE(run("--help").out.find("convert records between " + notation::format_titles(" and ") + ";"),
            std::string::npos);
  EXPECT_EQ(notation::format_titles(), "text, JSON, XML or JSON Lines");
}

TEST(FormatLists, ManPageListsTheExtensionsOfTheTable) {
  const std::string man = slurp(kMan);
  ASSERT_FALSE(man.empty()) << kMan;
  const std::string words = man_words(man);
  expect_known_extensions("the man page", words);
  // FILES: a tag for each format, its extensions, then its description.
  const auto from = words.find("\nFILES\n"), to = words.find("\nEXIT STATUS\n");
  ASSERT_NE(from, std::string::npos) << words;
  ASSERT_NE(to, std::string::npos);
  const std::string files = words.substr(from, to - from);
  std::vector<std::string> listed;  // the tags: lines of extensions alone
  static const std::regex tag("\\.[a-z][a-z0-9]*(?:, \\.[a-z][a-z0-9]*)*");
  std::istringstream lines(files);
  for (std::string line; std::getline(lines, line);)
    if (std::regex_match(line, tag))
      for (const std::string& e : spelt_extensions(line)) listed.push_back(e);
  EXPECT_EQ(listed, table_extensions()) << files;
  for (const notation::FormatInfo& f : notation::formats()) {
    std::string tag;
    for (std::string_view e : f.extensions) tag += (tag.empty() ? "" : ", ") + std::string(e);
    EXPECT_NE(files.find("\n" + tag + "\n" + std::string(f.description) + "\n"), std::string::npos) << f.name << files;
  }
  EXPECT_NE(words.find("neighbours in " + notation::format_titles(" and ") + " "), std::string::npos);
}

// The front ends' files (as GameLists reads them, but for the Python
// package, whose docstrings name the formats): no line of code spells an
// extension of the table alone (".beyt", '.json'); a file name
// ("part-%03d.beyt", `${stem}.beyt`) is an example and may.
const char* const kFrontEnds[] = {"cli", "studio/page", "studio/binding.cpp", "bench", "notation/src/stats.cpp"};

// Why `line` (code, its comment taken out) fails: the extension it spells alone, or empty.
std::string bare_extension(const std::string& line) {
  std::string alternatives;
  for (const std::string& e : table_extensions()) alternatives += (alternatives.empty() ? "" : "|") + e.substr(1);
  const std::regex bare("(?:^|[^\\w.%*/{}$-])\\.(" + alternatives + ")(?![\\w-])");
  std::smatch m;
  return std::regex_search(line, m, bare) ? "." + m[1].str() : std::string();
}

TEST(FormatLists, FrontEndsSpellNoExtensionByHand) {
  std::size_t files = 0;
  for (const char* where : kFrontEnds) {
    std::vector<fs::path> paths;
    const fs::path p = kRoot / where;
    if (fs::is_regular_file(p)) paths.push_back(p);
    else
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() != ".md") paths.push_back(e.path());
    for (const fs::path& path : paths) {
      ++files;
      const bool python = path.extension() == ".py";
      std::istringstream in(slurp(path));
      std::size_t n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        const std::string t = line.substr(std::min(line.size(), line.find_first_not_of(" \t")));
        if (t.rfind("//", 0) == 0 || t.rfind("#", 0) == 0 || t.rfind("/*", 0) == 0 || t.rfind("* ", 0) == 0) continue;
        std::string code = line;
        if (!python && code.find(" // ") != std::string::npos) code.resize(code.find(" // "));
        const std::string e = bare_extension(code);
        if (!e.empty())
          ADD_FAILURE() << fs::relative(path, kRoot).generic_string() << ":" << n << ": the extension " << e
                        << " by hand (read the table: notation::formats(), format_extensions(), beyt.formats()):\n  "
                        << t;
      }
    }
  }
  EXPECT_GT(files, 20u);
}

// The check itself: it finds an extension the table lacks, and a list
// that misses one of the table's or adds one.
TEST(FormatLists, TheCheckFindsExtensionsAndLists) {
  EXPECT_EQ(spelt_extensions("beyt convert game.pgn -o out.json (.beyt, .txt); e.g. a1..o4, record.schema.json"),
            (std::vector<std::string>{".pgn", ".json", ".beyt", ".txt", ".json"}));
  EXPECT_EQ(extension_lists("the extension (.beyt, .json), else\n.xml, .jsonl\nnot .json alone"),
            (std::vector<std::vector<std::string>>{{".beyt", ".json"}, {".xml", ".jsonl"}}));
  EXPECT_NE(extension_lists("(" + notation::format_extensions() + ")").front(),
            extension_lists("(.beyt, .txt, .json, .xml)").front());
  EXPECT_EQ(bare_extension("  \"format is --from, else the extension (.beyt, .txt), else\\n\""), ".beyt");
  EXPECT_EQ(bare_extension("'convert this one to text (.beyt) first.'"), ".beyt");
  EXPECT_EQ(bare_extension("const char* ext = f == Format::json ? \".json\" : \".xml\";"), ".json");
  EXPECT_EQ(bare_extension("-o part-%03d.beyt writes part-001.beyt"), "");
  EXPECT_EQ(bare_extension("path = f\"{game}-{a.count}.beyt\"; schemas/record.schema.json; x.jsonl"), "");
  EXPECT_EQ(bare_extension("`${stem}.beyt` .beyt-like .json5"), "");
  EXPECT_EQ(man_words(".TP\n\\fB\\&.beyt\\fR, \\fB\\&.txt\\fR\nthe text notation\n.B \\-\\-from\n"),
            "\n.beyt, .txt\nthe text notation\n--from\n");
}

}  // namespace
