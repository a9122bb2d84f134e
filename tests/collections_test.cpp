// The collection subcommands end to end, on the samples of all five games and
// on a mixed file of all of them in each input format (text, JSON, XML, JSON
// Lines): convert of several inputs, JSON Lines through the CLI (and the
// README's Python snippet that reads it), format, select, split, dedupe and
// stats.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <regex>
#include <set>

#include "beyt/game.hpp"
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::test;

using beyt::notation::GameRecord;

const std::vector<std::string> kFormats = {"beyt", "json", "xml", "jsonl"};

// A directory of its own for each test, removed at the end.
class Collections : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "." + info->name();
    for (char& c : name)
      if (c == '/') c = '-';
    dir_ = temp_dir() / name;
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string q(const std::string& name) const { return quote(path(name)); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  std::string read(const std::string& name) const { return slurp(dir_ / name); }

  /// Every sample of the five games (their .beyt, in file order) in one file
  /// per format: mixed.beyt, mixed.json, mixed.xml, mixed.jsonl.
  void make_mixed() {
    std::string inputs;
    for (const auto& p : sample_files(".beyt")) inputs += " " + quote(p.string());
    ASSERT_EQ(run("convert" + inputs + " -o " + q("mixed.beyt")).status, 0);
    for (const auto& f : kFormats)
      if (f != "beyt") ASSERT_EQ(run("convert " + q("mixed.beyt") + " -o " + q("mixed." + f)).status, 0);
  }

  fs::path dir_;
};

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The canonical text of every sample, one after the other.
std::string all_samples_text() {
  std::string all;
  for (const auto& p : sample_files(".beyt")) all += slurp(p);
  return all;
}

std::vector<GameRecord> read_records(const std::string& text) {
  struct Collect : beyt::notation::GameVisitor {
    std::vector<GameRecord> games;
    bool game(GameRecord&& r, std::uint32_t) override {
      games.push_back(std::move(r));
      return true;
    }
  } c;
  std::istringstream in(text);
  beyt::notation::Diagnostic d = beyt::notation::read_text(in, "x", c);
  EXPECT_FALSE(d) << beyt::notation::format_text(d);
  return c.games;
}

// --- convert: several inputs, JSON Lines ------------------------------------------

TEST_F(Collections, ConvertJoinsSeveralInputsOfAnyFormat) {
  const auto texts = sample_files(".beyt");
  ASSERT_GE(texts.size(), 11u);
  // Each sample in a different format, in turn: text, JSON, XML.
  std::string inputs;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    fs::path p = texts[i];
    if (i % 3 == 1) p.replace_extension(".json");
    if (i % 3 == 2) p.replace_extension(".xml");
    ASSERT_TRUE(fs::exists(p)) << p;
    inputs += " " + quote(p.string());
  }
  CliRun r = run("convert" + inputs + " -o " + q("all.xml"));
  ASSERT_EQ(r.status, 0) << r.out;
  r = run("convert " + q("all.xml") + " --to text");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, all_samples_text());
}

TEST_F(Collections, ConvertOfAnInputThatCannotBeOpenedWritesNothing) {
  CliRun r = run("convert " + quote(sample_files(".beyt").front().string()) + " " + q("missing.beyt") + " -o " +
                 q("out.json"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[E501]: cannot read '" + path("missing.beyt") + "': No such file or directory"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(path("out.json")));
}

TEST_F(Collections, JsonLinesRoundTripEverySampleByteIdentically) {
  for (const auto& p : sample_files(".beyt")) {
    SCOPED_TRACE(p.string());
    ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + q("s.jsonl")).status, 0);
    const std::string lines = read("s.jsonl");
    EXPECT_EQ(count_of(lines, "\n"), read_records(slurp(p)).size()) << "one line per game";
    CliRun back = run("convert " + q("s.jsonl") + " --to text");
    ASSERT_EQ(back.status, 0) << back.out;
    EXPECT_EQ(back.out, slurp(p));
    fs::path json = p;
    json.replace_extension(".json");  // from the JSON record, the same lines
    CliRun from_json = run("convert " + quote(json.string()) + " --to jsonl");
    EXPECT_EQ(from_json.out, lines);
    CliRun valid = run("validate " + q("s.jsonl"));
    EXPECT_EQ(valid.status, 0) << valid.out;
  }
}

TEST_F(Collections, JsonLinesReportEachBadLineAndGoOn) {
  make_mixed();
  std::istringstream in(read("mixed.jsonl"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_GE(lines.size(), 11u);
  lines[2] = "{\"tags\":{},\"moves\":[],\"result\":\"2-0\"}";
  lines[5].resize(lines[5].size() / 2);  // cut short
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  write("bad.jsonl", text);
  CliRun v = run("validate " + q("bad.jsonl"));
  EXPECT_EQ(v.status, 1);
  EXPECT_NE(v.out.find(path("bad.jsonl") + ":3:32: /result: error[E151]: game 3"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find(path("bad.jsonl") + ":6:"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("error[E150]: game 6"), std::string::npos) << v.out;
  const std::string summary = std::to_string(lines.size()) + " games: " + std::to_string(lines.size() - 2) +
                              " valid, 2 invalid";
  EXPECT_NE(v.out.find(summary), std::string::npos) << v.out;
  // Every line is read and both bad ones are reported; an input with a
  // game that cannot be read is not converted (nothing is written).
  CliRun c = run("convert " + q("bad.jsonl") + " -o " + q("good.jsonl"));
  EXPECT_EQ(c.status, 1);
  EXPECT_EQ(count_of(c.out, "error[E15"), 2u) << c.out;
  EXPECT_FALSE(fs::exists(path("good.jsonl")));
  // select --valid keeps the lines that can be read and replay.
  CliRun s = run("select -q --valid " + q("bad.jsonl"));
  EXPECT_EQ(s.status, 1);
}

TEST_F(Collections, ReadmePythonReadsJsonLines) {
  ASSERT_EQ(std::system("command -v python3 >/dev/null 2>&1"), 0)
      << "python3 is missing: .ci/setup installs it (the README's JSON Lines example is Python)";
  // The README's snippet: the ```python block that reads archive.jsonl.
  const std::string readme = slurp(kRoot / "README.md");
  const std::regex block("```python\n([^`]*archive\\.jsonl[^`]*)```");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(readme, m, block)) << "README.md has no ```python block reading archive.jsonl";
  write("snippet.py", m[1].str());
  std::string inputs;
  for (const auto& p : sample_files(".beyt")) inputs += " " + quote(p.string());
  ASSERT_EQ(run("convert" + inputs + " -o " + q("archive.jsonl")).status, 0);
  const CliRun python = capture("cd " + quote(dir_.string()) + " && python3 snippet.py");
  ASSERT_EQ(python.status, 0) << python.out;
  const std::string& out = python.out;
  // It prints one line per game: its Game tag, result and number of turns.
  const auto games = read_records(all_samples_text());
  std::string want;
  for (const auto& g : games)
    want += g.find_tag("Game")->value + " " + g.result + " " + std::to_string(g.moves.size()) + "\n";
  EXPECT_EQ(out, want);
}

TEST_F(Collections, ReadmeAjvChecksJsonLinesLineByLine) {
  ASSERT_TRUE(fs::exists(kRoot / "node_modules/.bin/ajv"))
      << "ajv-cli is missing: run `npm ci` in " << kRoot << " (package.json lists ajv-cli)";
  // The README's ```sh block that splits archive.jsonl and runs ajv on it,
  // run where the schemas and node_modules are as in the source folder.
  const std::string readme = slurp(kRoot / "README.md");
  const std::regex block("```sh\n([^`]*split -l 1[^`]*archive\\.jsonl[^`]*)```");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(readme, m, block)) << "README.md has no ```sh block that checks archive.jsonl with ajv";
  write("snippet.sh", m[1].str());
  fs::create_directory_symlink(kRoot / "schemas", dir_ / "schemas");
  fs::create_directory_symlink(kRoot / "node_modules", dir_ / "node_modules");
  std::string inputs;
  for (const auto& p : sample_files(".beyt")) inputs += " " + quote(p.string());
  ASSERT_EQ(run("convert" + inputs + " -o " + q("archive.jsonl")).status, 0);
  const std::string good = slurp(path("archive.jsonl"));
  const CliRun valid = capture("cd " + quote(dir_.string()) + " && sh snippet.sh");
  EXPECT_EQ(valid.status, 0) << valid.out;
  const std::size_t games = read_records(all_samples_text()).size();
  EXPECT_EQ(count_of(valid.out, " valid\n"), games) << valid.out;
  // A line that is not a game of the schema: ajv names its file, after its line.
  std::string bad = good;
  const std::size_t second = bad.find('\n') + 1;
  const std::size_t result = bad.find("\"result\":\"", second) + 10;
  bad.replace(result, bad.find('"', result) - result, "2-0");
  write("archive.jsonl", bad);
  fs::remove_all(path("lines"));
  const CliRun invalid = capture("cd " + quote(dir_.string()) + " && sh snippet.sh");
  EXPECT_NE(invalid.status, 0) << invalid.out;
  EXPECT_NE(invalid.out.find("lines/line-000002.json invalid"), std::string::npos) << invalid.out;
  EXPECT_NE(invalid.out.find("lines/line-000001.json valid"), std::string::npos) << invalid.out;
  EXPECT_NE(invalid.out.find("instancePath: '/result'"), std::string::npos) << invalid.out;
}

// --- format ------------------------------------------------------------------------

TEST_F(Collections, FormatKeepsTheCanonicalSamplesAsTheyAre) {
  for (const auto& ext : {".beyt", ".json", ".xml"})
    for (const auto& p : sample_files(ext)) {
      CliRun r = run("format -q " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << r.out;
      EXPECT_EQ(r.out, slurp(p)) << p;
    }
}

TEST_F(Collections, FormatOfTheMixedFilePassesStrictValidationAndIsStable) {
  make_mixed();
  for (const auto& f : kFormats) {
    SCOPED_TRACE(f);
    CliRun once = run("format -q " + q("mixed." + f) + " -o " + q("once." + f));
    ASSERT_EQ(once.status, 0) << once.out;
    EXPECT_EQ(read("once." + f), read("mixed." + f));
    ASSERT_EQ(run("convert " + q("once." + f) + " -o " + q("once-text.beyt")).status, 0);
    CliRun strict = run("validate --strict " + q("once-text.beyt"));
    EXPECT_EQ(strict.status, 0) << strict.out;
  }
}

/// A game's lenient text: what format must turn back into `record`'s canonical text.
///  * tags in reverse order, Result and the defaulted roster tags left out,
///    blanks inside the brackets;
///  * no turn numbers, two blanks or a CRLF between turns, a tab;
///  * each turn without what the engine fills in: Seega's and Mankalah's
///    captures, Tâb's and Dleb's forfeits at the end of a turn, 'x' written
///    '-' in Tâb and Dleb.
/// `changed` counts the turns written otherwise.
std::string lenient_text(const GameRecord& record, const std::string& game, std::size_t& changed) {
  std::string out;
  for (auto it = record.tags.rbegin(); it != record.tags.rend(); ++it) {
    const std::string_view name = it->name;
    if (name == "Result" || (name == "Site" && it->value == "?") || (name == "Date" && it->value == "????.??.??"))
      continue;
    std::string value;
    for (char c : it->value) value += c == '"' || c == '\\' ? std::string{'\\', c} : std::string{c};
    out += "[ " + it->name + "   \"" + value + "\" ]\r\n";
  }
  out += "\r\n";
  static const std::regex seega_capture("x[a-i][1-9]"), mankalah_count("x[0-9]+"),
      trailing_forfeits("(^|,)[12346]--(,[12346]--)*$");
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    std::string m = record.moves[i].move;
    if (game == "seega") m = std::regex_replace(m, seega_capture, "");
    if (game == "mankalah") m = std::regex_replace(m, mankalah_count, "");
    if (game == "tab" || game == "dleb") {
      const auto colon = m.find(':');
      // Tâb: which of two equal throws a use spends is not written, and the
      // engine appends forfeits in the order of the throws it takes to be
      // left: only turns whose throws differ in value lose their forfeits.
      bool distinct = true;
      if (game == "tab" && colon != std::string::npos) {
        std::set<char> seen;
        std::istringstream throws(m.substr(0, colon));
        for (std::string t; std::getline(throws, t, ',');) distinct = seen.insert(t[0]).second && distinct;
      }
      if (colon != std::string::npos && distinct) {
        // The forfeits at the end (the canonical form appends the missing ones).
        std::string uses = std::regex_replace(m.substr(colon + 1), trailing_forfeits, "");
        for (char& c : uses)
          if (c == 'x') c = '-';
        m = uses.empty() ? m.substr(0, colon) : m.substr(0, colon + 1) + uses;
      }
    }
    changed += m != record.moves[i].move;
    out += m + (i % 7 == 6 ? "\r\n" : i % 5 == 4 ? "\t" : "  ");
  }
  return out + record.result + "\r\n\r\n";
}

class FormatGenerated : public Collections, public ::testing::WithParamInterface<std::string> {};

// 1000 generated games (200 under the sanitizers, which look at the code
// paths, not at how many games take them).
TEST_P(FormatGenerated, RestoresTheCanonicalFormOfGeneratedGames) {
  const std::string game = GetParam();
  const std::string count = BEYT_SANITIZED ? "200" : "1000";
  CliRun g = run("generate --game " + game + " --count " + count + " --seed 11 --max-turns 150 -o " + q("gen.beyt"));
  ASSERT_EQ(g.status, 0) << g.out;
  const std::string canonical = read("gen.beyt");
  CliRun strict = run("validate -q --strict " + q("gen.beyt"));
  ASSERT_EQ(strict.status, 0) << strict.out.substr(0, 2000);
  // Generated games are canonical already: format leaves them as they are.
  CliRun same = run("format -q " + q("gen.beyt") + " -o " + q("same.beyt"));
  ASSERT_EQ(same.status, 0) << same.out.substr(0, 2000);
  EXPECT_TRUE(read("same.beyt") == canonical);
  // Their lenient form is valid but not strict; format restores the canonical text.
  std::string lenient;
  std::size_t changed_moves = 0;
  for (const auto& record : read_records(canonical)) lenient += lenient_text(record, game, changed_moves);
  if (game != "umelbanat") EXPECT_GT(changed_moves, 100u) << "the turns are written as the engine would not";
  write("lenient.beyt", lenient);
  CliRun loose = run("validate -q " + q("lenient.beyt"));
  ASSERT_EQ(loose.status, 0) << loose.out.substr(0, 2000);
  CliRun not_strict = run("validate -q --strict " + q("lenient.beyt"));
  EXPECT_EQ(not_strict.status, 1);
  CliRun f = run("format " + q("lenient.beyt") + " -o " + q("formatted.beyt"));
  ASSERT_EQ(f.status, 0) << f.out.substr(0, 2000);
  EXPECT_NE(f.out.find(count + " games, " + count + " in canonical form, 0 invalid"), std::string::npos) << f.out;
  EXPECT_TRUE(read("formatted.beyt") == canonical) << "format did not restore the canonical text";
  // Twice changes nothing.
  CliRun again = run("format -q " + q("formatted.beyt") + " -o " + q("twice.beyt"));
  ASSERT_EQ(again.status, 0);
  EXPECT_TRUE(read("twice.beyt") == canonical);
}

INSTANTIATE_TEST_SUITE_P(Games, FormatGenerated,
                         ::testing::Values("seega", "tab", "dleb", "mankalah", "umelbanat"),
                         [](const auto& info) { return info.param; });

TEST_F(Collections, FormatKeepsInvalidGamesAsTheyWereAndReportsThem) {
  const std::string valid = "[Game \"seega\"]\n\n1. c1,c5 2. a3,e3 *\n\n";
  const std::string invalid = "[Game \"seega\"]\n[Event \"bad\"]\n\n1. b2,c4 {x} 2. b1,c4 *\n\n";
  write("two.beyt", invalid + valid);
  CliRun r = run("format " + q("two.beyt"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(path("two.beyt") + ":4:20: error[E304]: game 1, turn 2, North: c4 is occupied"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2 games, 1 in canonical form, 1 invalid (kept as they were)"), std::string::npos) << r.out;
  // The invalid game's content is unchanged (tag order included: JSON keeps it).
  EXPECT_EQ(run("format -q " + q("two.beyt") + " -o " + q("two.json")).status, 1);
  const auto j = nlohmann::ordered_json::parse(read("two.json"));
  EXPECT_EQ(j["games"][0]["tags"].dump(), "{\"Game\":\"seega\",\"Event\":\"bad\"}");
  EXPECT_EQ(j["games"][0]["moves"][1]["move"], "b1,c4");
  EXPECT_EQ(j["games"][1]["tags"].begin().key(), "Event");  // the valid one in roster order
}

TEST_F(Collections, FormatGivesRecordsWithoutAGameTagTheGameOfGame) {
  write("nogame.beyt", "1. c1,c5 2. a3,e3 *\n");
  EXPECT_EQ(run("format -q " + q("nogame.beyt")).status, 1);  // E201
  CliRun r = run("format -q --game SEEGA " + q("nogame.beyt") + " -o " + q("out.beyt"));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(read("out.beyt").find("[Game \"seega\"]"), std::string::npos);
  EXPECT_EQ(run("validate --strict " + q("out.beyt")).status, 0);
  CliRun bad = run("format --game sega " + q("nogame.beyt"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("did you mean 'seega'?"), std::string::npos) << bad.out;
}

TEST_F(Collections, FormatInPlaceCheckAndUnreadableFiles) {
  const std::string lenient = "[Game \"seega\"]\n1. c1,c5 2. a3,e3 *\n";
  write("a.beyt", lenient);
  const std::string canonical = run("format -q " + q("a.beyt")).out;
  write("b.beyt", canonical);
  write("broken.beyt", "[Game \"seega\"]\n1. c1,c5 ) *\n");
  fs::permissions(path("a.beyt"), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  // --check: writes nothing, lists what would change.
  CliRun check = run("format --check " + q("a.beyt") + " " + q("b.beyt"));
  EXPECT_EQ(check.status, 1);
  EXPECT_NE(check.out.find(path("a.beyt") + "\n"), std::string::npos) << check.out;
  EXPECT_EQ(check.out.find(path("b.beyt") + "\n"), std::string::npos) << check.out;
  EXPECT_EQ(read("a.beyt"), lenient);
  EXPECT_EQ(run("format --check " + q("b.beyt")).status, 0);
  // -i: the file is replaced (keeping its permissions) only when it changes.
  const auto before = fs::last_write_time(path("b.beyt"));
  CliRun in_place = run("format -i " + q("a.beyt") + " " + q("b.beyt"));
  EXPECT_EQ(in_place.status, 0) << in_place.out;
  EXPECT_NE(in_place.out.find("1 of 2 files rewritten"), std::string::npos) << in_place.out;
  EXPECT_EQ(read("a.beyt"), canonical);
  EXPECT_EQ(fs::status(path("a.beyt")).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(fs::last_write_time(path("b.beyt")), before);
  // A file with a syntax error is reported and left as it was; nothing else is left behind.
  CliRun broken = run("format -i " + q("broken.beyt"));
  EXPECT_EQ(broken.status, 1);
  EXPECT_NE(broken.out.find("error[E107]"), std::string::npos) << broken.out;
  EXPECT_NE(broken.out.find("is left as it was"), std::string::npos) << broken.out;
  EXPECT_EQ(read("broken.beyt"), "[Game \"seega\"]\n1. c1,c5 ) *\n");
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) files += e.is_regular_file();
  EXPECT_EQ(files, 3u) << "a temporary file was left behind";
  // JSON in place stays JSON.
  ASSERT_EQ(run("convert " + q("a.beyt") + " -o " + q("a.json")).status, 0);
  const std::string json = read("a.json");
  EXPECT_EQ(run("format -i " + q("a.json")).status, 0);
  EXPECT_EQ(read("a.json"), json);
}

TEST_F(Collections, FormatUsageErrors) {
  write("a.beyt", "[Game \"seega\"]\n*\n");
  const std::string a = q("a.beyt");
  for (const std::string& args : std::vector<std::string>{"", "-i -o x.beyt " + a, "--check -i " + a, "-i --to json " + a, "-i -",
                                 "--check -", "--to yaml " + a, "--from pgn " + a, "--frobnicate " + a}) {
    CliRun r = run("format " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("beyt format: "), std::string::npos) << r.out;
  }
  EXPECT_FALSE(fs::exists(path("x.beyt")));
}

// --- select ------------------------------------------------------------------------

/// The samples (in the mixed file's order) with their records.
struct Sample {
  std::string text;
  GameRecord record;
};

std::vector<Sample> samples() {
  std::vector<Sample> out;
  for (const auto& p : sample_files(".beyt")) {
    const std::string text = slurp(p);
    auto records = read_records(text);
    EXPECT_EQ(records.size(), 1u) << p;
    out.push_back({text, records.front()});
  }
  return out;
}

std::string tag_of(const GameRecord& r, const std::string& name) {
  const auto* t = r.find_tag(name);
  return t ? t->value : "";
}

/// Every position text of the main line, the start included (through the library).
std::vector<std::string> positions_of(const GameRecord& record) {
  beyt::notation::ReplayOptions options;
  options.stop_after = 0;
  beyt::notation::Replay replay;
  EXPECT_FALSE(beyt::notation::replay(record, "x", 1, options, replay));
  std::vector<std::string> out{replay.state->position_text()};
  for (const auto& node : record.moves) {
    EXPECT_FALSE(replay.state->play_turn(node.move));
    out.push_back(replay.state->position_text());
  }
  return out;
}

class Select : public Collections {
 protected:
  /// `select ARGS` on the mixed file in every format writes (in that format)
  /// exactly the samples `keep` holds for, in order; --invert the others;
  /// --count their number.
  template <typename Keep>
  void expect_selects(const std::string& args, Keep keep) {
    std::string want, others;
    std::size_t n = 0;
    for (const auto& s : all_) {
      const bool kept = keep(s.record);
      (kept ? want : others) += s.text;
      n += kept;
    }
    for (const auto& f : kFormats) {
      SCOPED_TRACE(args + " on mixed." + f);
      CliRun r = run("select " + args + " " + q("mixed." + f) + " -o " + q("out." + f));
      ASSERT_EQ(r.status, 0) << r.out;
      EXPECT_NE(r.out.find(std::to_string(n) + " of " + std::to_string(all_.size()) + " games selected"),
                std::string::npos)
          << r.out;
      EXPECT_EQ(run("convert " + q("out." + f) + " --to text").out, want);
      CliRun inverted = run("select -q --invert " + args + " " + q("mixed." + f) + " --to text");
      EXPECT_EQ(inverted.out, others);
      CliRun count = run("select -q --count " + args + " " + q("mixed." + f));
      EXPECT_EQ(count.out, std::to_string(n) + "\n");
    }
  }

  void SetUp() override {
    Collections::SetUp();
    make_mixed();
    all_ = samples();
    ASSERT_GE(all_.size(), 11u);
  }
  std::vector<Sample> all_;
};

TEST_F(Select, ByGameResultTurnsAndValidity) {
  expect_selects("--game Seega", [](const GameRecord& r) { return tag_of(r, "Game") == "seega"; });
  expect_selects("--game dleb --game UmElBanat", [](const GameRecord& r) {
    return tag_of(r, "Game") == "dleb" || tag_of(r, "Game") == "umelbanat";
  });
  expect_selects("--result 1-0 --result '*'", [](const GameRecord& r) { return r.result == "1-0" || r.result == "*"; });
  expect_selects("--min-turns 100", [](const GameRecord& r) { return r.moves.size() >= 100; });
  expect_selects("--min-turns 20 --max-turns 70",
                 [](const GameRecord& r) { return r.moves.size() >= 20 && r.moves.size() <= 70; });
  expect_selects("--valid", [](const GameRecord&) { return true; });
  expect_selects("--invalid", [](const GameRecord&) { return false; });
}

TEST_F(Select, ByTagsAndRules) {
  expect_selects("--tag Rules=lane", [](const GameRecord& r) { return tag_of(r, "Rules") == "lane"; });
  expect_selects("--tag 'Source~Lane' --tag 'Source~Manners'", [](const GameRecord& r) {
    return tag_of(r, "Source").find("Lane") != std::string::npos &&
           tag_of(r, "Source").find("Manners") != std::string::npos;
  });
  expect_selects("--tag 'Rules~^walker$'", [](const GameRecord& r) { return tag_of(r, "Rules") == "walker"; });
  expect_selects("--tag Site=?", [](const GameRecord&) { return true; });  // a roster tag's default
  expect_selects("--tag Missing=x", [](const GameRecord&) { return false; });
  // Rules compare by their values: Walker's defaults said out loud are walker.
  expect_selects("--rules 'Walker; Chain=optional'", [](const GameRecord& r) {
    return tag_of(r, "Game") == "seega" && tag_of(r, "Rules") == "walker";
  });
  expect_selects("--game tab --rules lane",
                 [](const GameRecord& r) { return tag_of(r, "Game") == "tab" && tag_of(r, "Rules") == "lane"; });
}

TEST_F(Select, ByAPositionReachedAtSomePly) {
  // A position in the middle of one sample, and a start shared by several.
  const Sample* seega = nullptr;
  for (const auto& s : all_)
    if (tag_of(s.record, "Rules") == "walker" && !s.record.find_tag("SetUp")) seega = &s;
  ASSERT_NE(seega, nullptr);
  const auto plies = positions_of(seega->record);
  ASSERT_GT(plies.size(), 20u);
  for (const std::string& target : {plies[17], plies.front(), plies.back()}) {
    SCOPED_TRACE(target);
    expect_selects("--position '" + target + "'", [&](const GameRecord& r) {
      const auto mine = positions_of(r);
      return std::find(mine.begin(), mine.end(), target) != mine.end();
    });
  }
  // Every game reaches its own last position; a Mankalah position text too.
  for (const auto& s : all_) {
    const std::string last = positions_of(s.record).back();
    CliRun r = run("select -q --count --position '" + last + "' " + q("mixed.jsonl"));
    EXPECT_NE(r.out, "0\n") << tag_of(s.record, "Game") << ": " << last;
  }
  // A text that is no position of any game is a usage error (issue 23), not 0 games.
  CliRun bad = run("select -q --count --position 'not a position' " + q("mixed.beyt"));
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("--position 'not a position': tab: "), std::string::npos) << bad.out;
}

TEST_F(Select, ByDateWithUnknownParts) {
  std::string text;
  for (const std::string date : {"1835.??.??", "1835.06.??", "1836.01.15", "1840.12.31", "????.??.??", "1841.01.01"})
    text += "[Date \"" + date + "\"]\n[Game \"seega\"]\n\n*\n\n";
  text += "[Game \"seega\"]\n\n*\n\n";  // no Date
  write("dates.beyt", text);
  auto dates = [&](const std::string& range) {
    CliRun r = run("select -q --date " + range + " " + q("dates.beyt") + " --to jsonl");
    EXPECT_EQ(r.status, 0) << r.out;
    std::string out;
    const std::regex date("\"Date\":\"([^\"]*)\"");
    for (std::sregex_iterator it(r.out.begin(), r.out.end(), date), end; it != end; ++it)
      out += (out.empty() ? "" : " ") + (*it)[1].str();
    return out;
  };
  EXPECT_EQ(dates("1835..1840"), "1835.??.?? 1835.06.?? 1836.01.15 1840.12.31");
  EXPECT_EQ(dates("1835.06..1840"), "1835.06.?? 1836.01.15 1840.12.31");  // 1835.??.?? may be before June
  EXPECT_EQ(dates("..1835.12"), "1835.??.?? 1835.06.??");
  EXPECT_EQ(dates("1840.12.31.."), "1840.12.31 1841.01.01");
  EXPECT_EQ(dates("1836.01.15"), "1836.01.15");
  EXPECT_EQ(dates("1836"), "1836.01.15");
}

TEST_F(Select, InvalidGamesAndUsageErrors) {
  write("two.beyt", "[Game \"seega\"]\n\n1. b2,c4 2. b1,c4 *\n\n" + all_.front().text);
  CliRun invalid = run("select -q --invalid " + q("two.beyt") + " --to jsonl");
  EXPECT_EQ(invalid.status, 0) << invalid.out;
  EXPECT_NE(invalid.out.find("\"b1,c4\""), std::string::npos) << invalid.out;
  EXPECT_EQ(run("select -q --valid --count " + q("two.beyt")).out, "1\n");
  // A game that cannot be read is reported: the exit status says the selection is incomplete.
  write("broken.beyt", "[Game \"seega\"]\n1. c1,c5 ) *\n\n" + all_.front().text);
  CliRun broken = run("select --count " + q("broken.beyt"));
  EXPECT_EQ(broken.status, 1);
  EXPECT_NE(broken.out.find("error[E107]"), std::string::npos) << broken.out;
  const std::string f = q("mixed.beyt");
  for (const std::string& args :
       std::vector<std::string>{"", "--valid --invalid " + f, "--tag Site " + f, "--tag =x " + f, "--tag 'Event~(' " + f,
                                "--date 1835-1840 " + f, "--date 18..1840 " + f, "--date 1835.13..1840 " + f,
                                "--result 2-0 " + f, "--game chess " + f, "--rules walkr " + f,
                                "--game tab --rules walker " + f, "--to yaml " + f, "--min-turns x " + f}) {
    CliRun r = run("select " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("beyt select: "), std::string::npos) << r.out;
  }
  CliRun hint = run("select --rules walkr " + f);
  EXPECT_NE(hint.out.find("did you mean 'walker'?"), std::string::npos) << hint.out;
  CliRun game = run("select --game Sega " + f);
  EXPECT_NE(game.out.find("did you mean 'seega'?"), std::string::npos) << game.out;
}

// --- split -------------------------------------------------------------------------

TEST_F(Collections, SplitIntoFilesOfNGamesInEveryFormat) {
  make_mixed();
  const std::size_t games = samples().size();
  for (const auto& f : kFormats) {
    SCOPED_TRACE(f);
    fs::create_directories(dir_ / f);
    CliRun r = run("split " + q("mixed." + f) + " --per 4 -o " + q(f + "/part-%03d." + f));
    ASSERT_EQ(r.status, 0) << r.out;
    const std::size_t files = (games + 3) / 4;
    EXPECT_NE(r.out.find(std::to_string(games) + " games into " + std::to_string(files) + " files"),
              std::string::npos)
        << r.out;
    std::string parts;
    for (std::size_t i = 1; i <= files; ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "/part-%03zu.", i);
      const std::string part = f + name + f;
      ASSERT_TRUE(fs::exists(path(part))) << part;
      CliRun lines = run("convert " + q(part) + " --to jsonl");
      EXPECT_EQ(count_of(lines.out, "\n"), i < files ? 4u : games - 4 * (files - 1)) << part;
      parts += " " + q(part);
    }
    EXPECT_FALSE(fs::exists(path(f + "/part-000." + f)));
    // Joined again, the parts are the file.
    ASSERT_EQ(run("convert" + parts + " -o " + q("joined." + f)).status, 0);
    EXPECT_EQ(read("joined." + f), read("mixed." + f));
  }
}

TEST_F(Collections, SplitNamesFormatsAndRefusals) {
  make_mixed();
  ASSERT_EQ(run("split -q " + q("mixed.beyt") + " --per 10 --to json -o " + q("100%% %d.txt")).status, 0);
  EXPECT_EQ(read("100% 1.txt").rfind("{\n  \"format\": \"beyt\"", 0), 0u);
  EXPECT_TRUE(fs::exists(path("100% 2.txt")));
  ASSERT_EQ(run("split -q " + q("mixed.jsonl") + " --per 100 -o " + q("w%4d.xml")).status, 0);
  EXPECT_TRUE(fs::exists(path("w   1.xml")));
  // An input is never overwritten: refused before anything is read.
  fs::copy_file(path("mixed.beyt"), path("in1.beyt"));
  CliRun same = run("split " + q("in1.beyt") + " --per 5 -o " + q("in%d.beyt"));
  EXPECT_EQ(same.status, 2);
  EXPECT_NE(same.out.find("error[E504]"), std::string::npos) << same.out;
  EXPECT_FALSE(fs::exists(path("in2.beyt")));
  EXPECT_EQ(read("in1.beyt"), read("mixed.beyt"));
  const std::string f = q("mixed.beyt");
  for (const std::string& args :
       std::vector<std::string>{"", f + " -o p%d.beyt", f + " --per 0 -o p%d.beyt", f + " --per x -o p%d.beyt",
                                f + " --per 2", f + " --per 2 -o p.beyt", f + " --per 2 -o p%d%d.beyt",
                                f + " --per 2 -o p%s.beyt", f + " --per 2 -o p%d.beyt --to yaml"}) {
    CliRun r = run("split " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
  }
}

// --- dedupe ------------------------------------------------------------------------

TEST_F(Collections, DedupeDropsTheSameGamesWrittenOtherwise) {
  make_mixed();
  // The samples again, written leniently (no comments, variations, turn
  // numbers, captures filled in by the engine, ...), after the mixed file.
  std::string lenient;
  std::size_t changed = 0;
  const auto all = samples();
  for (const auto& s : all) lenient += lenient_text(s.record, tag_of(s.record, "Game"), changed);
  write("lenient.beyt", lenient);
  for (const auto& f : kFormats) {
    SCOPED_TRACE(f);
    CliRun r = run("dedupe --report " + q("mixed." + f) + " " + q("lenient.beyt") + " -o " + q("unique." + f));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(read("unique." + f), read("mixed." + f));
    for (std::size_t i = 1; i <= all.size(); ++i) {
      const std::string pair = path("lenient.beyt") + " game " + std::to_string(i) + ": duplicate of " +
                               path("mixed." + f) + " game " + std::to_string(i) + "\n";
      EXPECT_NE(r.out.find(pair), std::string::npos) << pair << r.out;
    }
    EXPECT_NE(r.out.find(std::to_string(2 * all.size()) + " games, " + std::to_string(all.size()) + " kept, " +
                         std::to_string(all.size()) + " duplicates dropped"),
              std::string::npos)
        << r.out;
  }
}

TEST_F(Collections, DedupeComparesRulesAndStartByTheirMeaning) {
  std::unique_ptr<beyt::State> start;
  beyt::RuleSet rules;
  const beyt::Game* seega = beyt::find_game("seega");
  ASSERT_FALSE(seega->parse_rules("", rules));
  ASSERT_FALSE(seega->new_state(rules, "", start));
  const std::string moves = "\n1. c1,c5 2. a3,e3 *\n\n";
  const std::vector<std::pair<std::string, bool>> games = {
      {"[Game \"seega\"]\n", false},                                                     // 1: kept
      {"[Event \"x\"]\n[Game \"seega\"]\n[Rules \"walker; chain=optional\"]\n", true},   // 2: same rules
      {"[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"" + start->position_text() + "\"]\n", true},  // 3: same start
      {"[Game \"seega\"]\n[Rules \"lane\"]\n", false},                                   // 4: other rules
      {"[Game \"seega\"]\n[Annotator \"y\"]\n\n{a comment} 1. c1,c5 $1 (1. b2,c4) 2. a3,e3 *\n\n", true},  // 5
      {"[Game \"seega\"]\n\n1. c1,c5 2. a3,e4 *\n\n", false},                            // 6: another line
      {"[Game \"seega\"]\n\n1. c1,c5 2. c1,e3 *\n\n", false},                            // 7: invalid, as written
      {"[Game \"seega\"]\n[Event \"z\"]\n\n1. c1,c5 2. c1,e3 *\n\n", true},              // 8: the same invalid one
  };
  std::string text;
  for (const auto& [g, dup] : games) text += g + (g.find("\n\n") == std::string::npos ? moves : "");
  write("games.beyt", text);
  CliRun r = run("dedupe --report " + q("games.beyt") + " -o " + q("unique.beyt"));
  ASSERT_EQ(r.status, 0) << r.out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string dropped = path("games.beyt") + " game " + std::to_string(i + 1) + ": duplicate of ";
    EXPECT_EQ(r.out.find(dropped) != std::string::npos, games[i].second) << i + 1 << "\n" << r.out;
  }
  EXPECT_NE(r.out.find(path("games.beyt") + " game 8: duplicate of " + path("games.beyt") + " game 7"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(read_records(read("unique.beyt")).size(), 4u);
  // The same through the library's key (notation::game_identity, game_hash),
  // which dedupe uses: a game is a duplicate when its hash is an earlier one's.
  const std::vector<GameRecord> records = read_records(text);
  ASSERT_EQ(records.size(), games.size());
  std::vector<beyt::notation::GameHash> seen;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::string identity =
        beyt::notation::game_identity(records[i], "games.beyt", static_cast<std::uint32_t>(i + 1));
    const beyt::notation::GameHash h = beyt::notation::game_hash(identity);
    EXPECT_EQ(std::find(seen.begin(), seen.end(), h) != seen.end(), games[i].second) << i + 1;
    seen.push_back(h);
    // Replayed games by their meaning, the invalid ones (7, 8) as written.
    EXPECT_EQ(identity.substr(0, 2), i >= 6 ? "W\n" : "G\n") << i + 1 << ": " << identity;
  }
  EXPECT_EQ(beyt::notation::game_identity(records[0], "games.beyt", 1),
            "G\nseega\n" + [&] {
              std::string values;
              for (const auto& [name, value] : rules.values()) values += name + '=' + value + ';';
              return values;
            }() + "\n" + start->position_text() + "\nc1,c5 a3,e3 ");
  // Usage and reading errors.
  EXPECT_EQ(run("dedupe").status, 2);
  EXPECT_EQ(run("dedupe --to yaml " + q("games.beyt")).status, 2);
  EXPECT_EQ(run("dedupe " + q("missing.beyt")).status, 1);
  write("broken.beyt", "[Game \"seega\"]\n1. c1,c5 ) *\n");
  EXPECT_EQ(run("dedupe " + q("broken.beyt")).status, 1);
}

// --- stats -------------------------------------------------------------------------

TEST_F(Collections, StatsPerGameAndRuleSetInEveryFormat) {
  make_mixed();
  // The groups, worked out here from the records.
  struct Want {
    std::size_t games = 0;
    std::map<std::string, int> results;
    std::vector<std::size_t> turns;
    std::vector<std::size_t> ends;
    std::map<std::string, int> first;
  };
  std::map<std::pair<std::string, std::string>, Want> want;
  for (const auto& s : samples()) {
    const std::string game = tag_of(s.record, "Game");
    beyt::RuleSet rules;
    ASSERT_FALSE(beyt::find_game(game)->parse_rules(tag_of(s.record, "Rules"), rules));
    Want& w = want[{game, rules.canonical()}];
    ++w.games;
    ++w.results[s.record.result];
    w.turns.push_back(s.record.moves.size());
    if (!s.record.moves.empty()) ++w.first[s.record.moves.front().move];
    std::size_t ends = 0;
    for (const auto& node : s.record.moves) ends += node.move[0] == '#';
    w.ends.push_back(ends);
  }
  auto median = [](std::vector<std::size_t> v) {
    std::sort(v.begin(), v.end());
    return (static_cast<double>(v[(v.size() - 1) / 2]) + static_cast<double>(v[v.size() / 2])) / 2;
  };
  for (const auto& f : kFormats) {
    SCOPED_TRACE(f);
    CliRun r = run("stats --json " + q("mixed." + f));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j["games"], samples().size());
    EXPECT_EQ(j["unreadable"], 0);
    ASSERT_EQ(j["groups"].size(), want.size());
    for (const auto& g : j["groups"]) {
      SCOPED_TRACE(g.dump());
      auto it = want.find({g["game"], g["rules"]});
      ASSERT_NE(it, want.end());
      const Want& w = it->second;
      EXPECT_EQ(g["games"], w.games);
      EXPECT_EQ(g["valid"], w.games);
      EXPECT_EQ(g["invalid"], 0);
      for (const std::string token : {"1-0", "0-1", "1/2-1/2", "*"})
        EXPECT_EQ(g["results"][token], w.results.count(token) ? w.results.at(token) : 0) << token;
      EXPECT_EQ(g["turns"]["min"], *std::min_element(w.turns.begin(), w.turns.end()));
      EXPECT_EQ(g["turns"]["max"], *std::max_element(w.turns.begin(), w.turns.end()));
      EXPECT_EQ(g["turns"]["median"].get<double>(), median(w.turns));
      std::map<std::string, int> first;
      for (const auto& t : g["first_turns"]) first[t["turn"]] = t["games"];
      EXPECT_EQ(first, w.first);
      const std::string ends = g["game"] == "mankalah" ? "board_ends" : g["game"] == "umelbanat" ? "stage_ends" : "";
      EXPECT_EQ(g.contains("board_ends") || g.contains("stage_ends"), !ends.empty());
      if (!ends.empty()) {
        EXPECT_EQ(g[ends]["max"], *std::max_element(w.ends.begin(), w.ends.end()));
        EXPECT_EQ(g[ends]["median"].get<double>(), median(w.ends));
        EXPECT_EQ(g[ends]["total"], std::accumulate(w.ends.begin(), w.ends.end(), std::size_t{0}));
      }
    }
    CliRun table = run("stats " + q("mixed." + f));
    EXPECT_NE(table.out.find("seega, rules \"walker\": 2 games (2 valid, 0 invalid)\n"), std::string::npos)
        << table.out;
    EXPECT_NE(table.out.find("  board ends   min "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("  stage ends   min "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("all: " + std::to_string(samples().size()) + " games in " +
                             std::to_string(want.size()) + " groups\n"),
              std::string::npos)
        << table.out;
  }
}

TEST_F(Collections, StatsCountInvalidAndUnreadableGames) {
  write("games.beyt", "[Game \"seega\"]\n\n1. b2,c4 2. b1,c4 *\n\n[Game \"seega\"]\n\n1. b2,c4 2. b1,c5 3. a3,e3 *\n\n"
                      "[Game \"chess\"]\n\n1. e4 *\n\n[Game \"seega\"]\n1. c1,c5 ) *\n");
  EXPECT_EQ(run("stats --json " + q("games.beyt")).status, 1);  // a game could not be read
  CliRun r = run("stats --json --top 1 " + q("games.beyt") + " 2>/dev/null | cat");
  const auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(j["games"], 3);
  EXPECT_EQ(j["unreadable"], 1);
  ASSERT_EQ(j["groups"].size(), 2u);
  EXPECT_EQ(j["groups"][0]["game"], "seega");
  EXPECT_EQ(j["groups"][0]["valid"], 1);
  EXPECT_EQ(j["groups"][0]["invalid"], 1);
  EXPECT_EQ(j["groups"][0]["turns"]["median"], 2.5);
  EXPECT_EQ(j["groups"][0]["first_turns"].size(), 1u);
  EXPECT_EQ(j["groups"][0]["first_turns"][0]["games"], 2);
  EXPECT_EQ(j["groups"][1]["game"], "chess");  // as the record names it
  EXPECT_EQ(j["groups"][1]["invalid"], 1);
  CliRun table = run("stats " + q("games.beyt"));
  EXPECT_NE(table.out.find("error[E107]"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("all: 3 games in 2 groups; 1 could not be read"), std::string::npos) << table.out;
  EXPECT_EQ(run("stats").status, 2);
  EXPECT_EQ(run("stats --top x " + q("games.beyt")).status, 2);
}

TEST_F(Collections, WriteFailuresAndUnreadableRecordFilesAreReported) {
  make_mixed();
  const std::string mixed = q("mixed.beyt");
  for (const std::string cmd : {"convert", "format", "select", "dedupe"}) {
    SCOPED_TRACE(cmd);
    CliRun full = run(cmd + " " + mixed + " -o /dev/full");
    EXPECT_EQ(full.status, 1);
    EXPECT_NE(full.out.find("/dev/full: error[E503]: cannot write '/dev/full': No space left on device"),
              std::string::npos)
        << full.out;
    CliRun missing = run(cmd + " " + mixed + " -o " + q("no/such/dir/out.beyt"));
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.out.find("error[E503]: cannot write '" + path("no/such/dir/out.beyt") +
                               "': No such file or directory"),
              std::string::npos)
        << missing.out;
  }
  CliRun split = run("split " + mixed + " --per 3 -o " + q("no/such/dir/p%d.beyt"));
  EXPECT_EQ(split.status, 1);
  EXPECT_NE(split.out.find("error[E503]: cannot write '" + path("no/such/dir/p1.beyt") + "'"), std::string::npos)
      << split.out;
  // A JSON record with a syntax error stops at it: reported, exit 1.
  const std::string bad = quote((kRoot / "samples/invalid/E150-json-syntax.json").string());
  for (const std::string& cmd : std::vector<std::string>{"format", "format --check", "select",
                                                       "split --per 2 -o " + q("p%d.json"), "dedupe",
                                "stats"}) {
    CliRun r = run(cmd + " " + bad);
    EXPECT_EQ(r.status, 1) << cmd << "\n" << r.out;
    EXPECT_NE(r.out.find("E150-json-syntax.json:25:27: error[E150]"), std::string::npos) << cmd << "\n" << r.out;
  }
}

// --- every subcommand ----------------------------------------------------------------

TEST_F(Collections, EverySubcommandHasHelpAndRejectsUnknownOptions) {
  for (const std::string cmd : {"format", "select", "split", "dedupe", "stats"}) {
    CliRun help = run(cmd + " --help");
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_NE(help.out.find("beyt " + cmd + " [OPTION...] FILE..."), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("Exit status"), std::string::npos) << help.out;
    CliRun bad = run(cmd + " --frobnicate x.beyt");
    EXPECT_EQ(bad.status, 2) << cmd;
    EXPECT_NE(bad.out.find("(see: beyt " + cmd + " --help)"), std::string::npos) << bad.out;
  }
}

}  // namespace
