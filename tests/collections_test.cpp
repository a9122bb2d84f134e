// The collection subcommands end to end, on the samples of all five games and
// on a mixed file of all of them in each input format (text, JSON, XML, JSON
// Lines): convert of several inputs, JSON Lines through the CLI (and the
// README's Python snippet that reads it), format, select, split, dedupe and
// stats.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "cli_run.hpp"

namespace {

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
  EXPECT_NE(r.out.find("cannot open '" + path("missing.beyt") + "'"), std::string::npos) << r.out;
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
  const std::string summary = std::to_string(lines.size()) + " games, " + std::to_string(lines.size() - 2) +
                              " valid, 2 invalid";
  EXPECT_NE(v.out.find(summary), std::string::npos) << v.out;
  // The other lines are converted; the bad ones are reported, and the exit status says so.
  CliRun c = run("convert " + q("bad.jsonl") + " -o " + q("good.jsonl"));
  EXPECT_EQ(c.status, 1);
  EXPECT_EQ(count_of(c.out, "error[E15"), 2u) << c.out;
  EXPECT_EQ(count_of(read("good.jsonl"), "\n"), lines.size() - 2);
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
  const std::string command = "cd " + quote(dir_.string()) + " && python3 snippet.py 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), pipe)) > 0;) out.append(buf.data(), n);
  ASSERT_EQ(pclose(pipe), 0) << out;
  // It prints one line per game: its Game tag, result and number of turns.
  const auto games = read_records(all_samples_text());
  std::string want;
  for (const auto& g : games)
    want += g.find_tag("Game")->value + " " + g.result + " " + std::to_string(g.moves.size()) + "\n";
  EXPECT_EQ(out, want);
}

}  // namespace
