// The `beyt` program end to end, on the bundled samples:
//  * every sample validates (exit 0), every invalid sample is rejected (exit 1)
//    with its documented code at the line and column of samples/invalid/expected.tsv;
//  * text -> JSON -> XML -> text gives the canonical text back byte for byte,
//    and the bundled .json/.xml of each sample are exactly what convert writes;
//  * render draws every sample after every turn; render --empty draws boards;
//  * usage errors exit 2.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = BEYT_SOURCE_DIR;

struct CliRun {
  int status;
  std::string out;  // standard output and standard error, in order of arrival
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliRun run(const std::string& args) {
  std::string command = std::string(BEYT_CLI_PATH) + " " + args + " 2>&1";
  CliRun r{0, {}};
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every game's sample folder: samples/<game>/ (not samples/invalid).
std::vector<fs::path> sample_files(const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& dir : fs::directory_iterator(kRoot / "samples")) {
    if (!dir.is_directory() || dir.path().filename() == "invalid") continue;
    for (const auto& p : files_in(dir.path(), ext)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("beyt-cli-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

TEST(Cli, EverySampleValidates) {
  ASSERT_GE(files_in(kRoot / "samples/seega", ".beyt").size(), 4u);
  for (const auto& ext : {".beyt", ".json", ".xml"})
    for (const auto& p : sample_files(ext)) {
      CliRun r = run("validate " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << "\n" << r.out;
    }
}

TEST(Cli, StrictValidationAcceptsTheCanonicalSamples) {
  for (const auto& p : sample_files(".beyt")) {
    CliRun r = run("validate --strict " + quote(p.string()));
    EXPECT_EQ(r.status, 0) << p << "\n" << r.out;
  }
}

struct Expected {
  std::string file, code;
  int line, column;
};

std::vector<Expected> expectations() {
  std::ifstream in(kRoot / "samples/invalid/expected.tsv");
  std::vector<Expected> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Expected e;
    fields >> e.file >> e.code >> e.line >> e.column;
    out.push_back(e);
  }
  return out;
}

TEST(Cli, EveryInvalidSampleIsRejectedWithItsCodeAndPlace) {
  auto expected = expectations();
  auto all = files_in(kRoot / "samples/invalid", ".beyt");
  for (const auto& ext : {".json", ".xml"})
    for (const auto& p : files_in(kRoot / "samples/invalid", ext)) all.push_back(p);
  ASSERT_EQ(expected.size(), all.size()) << "expected.tsv must list every invalid sample once";
  for (const auto& e : expected) {
    fs::path p = kRoot / "samples/invalid" / e.file;
    ASSERT_TRUE(fs::exists(p)) << p;
    bool strict = e.file.find("strict") != std::string::npos;
    CliRun r = run(std::string("validate ") + (strict ? "--strict " : "") + quote(p.string()));
    EXPECT_EQ(r.status, 1) << e.file << "\n" << r.out;
    std::string place = p.string() + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": ";
    EXPECT_NE(r.out.find(place), std::string::npos) << e.file << ": wanted " << place << "\n" << r.out;
    EXPECT_NE(r.out.find("error[" + e.code + "]"), std::string::npos) << e.file << "\n" << r.out;
    EXPECT_EQ(e.file.rfind(e.code + "-", 0), 0u) << "invalid samples are named after their code";
  }
}

TEST(Cli, JsonDiagnosticsAreOneObjectPerLine) {
  auto expected = expectations();
  ASSERT_FALSE(expected.empty());
  const auto& e = expected.front();
  CliRun r = run("validate --quiet --diagnostics json " + quote((kRoot / "samples/invalid" / e.file).string()));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"code\":\"" + e.code + "\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"line\":" + std::to_string(e.line)), std::string::npos) << r.out;
}

TEST(Cli, RoundTripsAreByteIdentical) {
  fs::path dir = temp_dir();
  for (const auto& p : sample_files(".beyt")) {
    std::string stem = p.stem().string();
    fs::path json = dir / (stem + ".json"), xml = dir / (stem + ".xml"), text = dir / (stem + ".beyt");
    ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + quote(json.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(json.string()) + " -o " + quote(xml.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(xml.string()) + " -o " + quote(text.string())).status, 0);
    EXPECT_EQ(slurp(text), slurp(p)) << "text -> JSON -> XML -> text changed " << p;
    // The bundled JSON and XML are exactly what convert writes.
    EXPECT_EQ(slurp(json), slurp(p.parent_path() / (stem + ".json"))) << stem;
    EXPECT_EQ(slurp(xml), slurp(p.parent_path() / (stem + ".xml"))) << stem;
    // And back the other way round.
    fs::path xml2 = dir / (stem + "-2.xml"), json2 = dir / (stem + "-2.json");
    ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + quote(xml2.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(xml2.string()) + " -o " + quote(json2.string())).status, 0);
    EXPECT_EQ(slurp(json2), slurp(json)) << stem;
  }
  fs::remove_all(dir);
}

TEST(Cli, StandardInputAndOutput) {
  auto samples = sample_files(".beyt");
  ASSERT_FALSE(samples.empty());
  CliRun r = run("convert - --to json < " + quote(samples.front().string()));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, slurp(samples.front().parent_path() / (samples.front().stem().string() + ".json")));
}

TEST(Cli, RenderEveryTurnOfEverySample) {
  for (const auto& p : sample_files(".beyt")) {
    CliRun whole = run("render --bare " + quote(p.string()));
    ASSERT_EQ(whole.status, 0) << whole.out;
    // Count the turns: render --ply N beyond the end is a usage error naming the count.
    CliRun too_far = run("render --ply 100000 " + quote(p.string()));
    EXPECT_EQ(too_far.status, 2);
    auto at = too_far.out.find("has only ");
    ASSERT_NE(at, std::string::npos) << too_far.out;
    int turns = std::stoi(too_far.out.substr(at + 9));
    for (int ply = 0; ply <= turns; ++ply) {
      CliRun r = run("render --ply " + std::to_string(ply) + " " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << " ply " << ply << "\n" << r.out;
      EXPECT_NE(r.out.find("─"), std::string::npos);  // box drawing (every game's Unicode diagram)
    }
    CliRun last = run("render --bare --ply " + std::to_string(turns) + " " + quote(p.string()));
    EXPECT_EQ(last.out, whole.out) << "the default is the position after the last turn";
    CliRun ascii = run("render --style ascii " + quote(p.string()));
    EXPECT_EQ(ascii.status, 0);
    EXPECT_EQ(ascii.out.find("─"), std::string::npos);
  }
}

TEST(Cli, RenderEmptyBoards) {
  for (const char* size : {"5", "7", "9"}) {
    CliRun r = run(std::string("render --empty --game seega --rules 'walker; size=") + size + "'");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("×"), std::string::npos) << "the centre is marked";
  }
  CliRun bad = run("render --empty --game seega --rules 'walker; size=6'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("size"), std::string::npos);
}

// RULES.md §1 (and seed 001 end): Lane's lettered 9-wide board, letter for
// letter, is what `render --empty --game tab` prints.
constexpr const char* kLaneBoard =
    "┌───┬───┬───┬───┬───┬───┬───┬───┬───┐\n"
    "│ i │ h │ g │ f │ e │ d │ c │ b │ a │   North's home row\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ k │ l │ m │ n │ o │ p │ q │ r │ s │\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ S │ R │ Q │ P │ O │ N │ M │ L │ K │\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ A │ B │ C │ D │ E │ F │ G │ H │ I │   South's home row\n"
    "└───┴───┴───┴───┴───┴───┴───┴───┴───┘\n";

TEST(Cli, RenderEmptyTabIsLanesBoard) {
  CliRun r = run("render --empty --game tab --bare");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, kLaneBoard);
  // The same box as RULES.md §1 prints it, when the rules digest is at hand.
  std::ifstream rules(kRoot / "../shared/RULES.md");
  if (rules) {
    std::string line, box;
    bool in_tab = false;
    while (std::getline(rules, line)) {
      if (line.rfind("## 1. ", 0) == 0) in_tab = true;
      if (in_tab && line.rfind("┌", 0) == 0) box.clear();
      if (in_tab && (line.rfind("┌", 0) == 0 || line.rfind("├", 0) == 0 || line.rfind("│", 0) == 0 ||
                     line.rfind("└", 0) == 0))
        box += line + "\n";
      if (in_tab && line.rfind("└", 0) == 0) break;
    }
    EXPECT_EQ(r.out, box);
  }
  for (const char* rules_text : {"width=7", "width=11", "width=13", "width=15; pieces=2"}) {
    CliRun w = run(std::string("render --empty --game tab --rules '") + rules_text + "'");
    EXPECT_EQ(w.status, 0) << rules_text << "\n" << w.out;
  }
  EXPECT_EQ(run("render --empty --game tab --rules 'width=8'").status, 2);
}

TEST(Cli, RenderEmptyDlebField) {
  CliRun r = run("render --empty --game dleb --bare --rules 'cross-lines=4'");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "    1  2  3  4\n"
            "D ─┼──┼──┼──┼─  D: North's line\n"
            "C ─┼──┼──┼──┼─  C: sea\n"
            "B ─┼──┼──┼──┼─  B: sea\n"
            "A ─┼──┼──┼──┼─  A: South's line\n"
            "    1  2  3  4\n");
}

TEST(Cli, ConvertTabCellsBothWays) {
  fs::path dir = temp_dir();
  fs::path sample = kRoot / "samples/tab/lane-9.beyt";
  fs::path grid = dir / "grid.beyt", back = dir / "back.beyt", gj = dir / "grid.json";
  ASSERT_EQ(run("convert --cells grid " + quote(sample.string()) + " -o " + quote(grid.string())).status, 0);
  std::string g = slurp(grid);
  EXPECT_NE(g.find("[Cells \"grid\"]"), std::string::npos);
  EXPECT_NE(g.find("1WBBB,2BWBW:1i1-i2,2i2-g2"), std::string::npos) << "Lane's I-K is i1-i2";
  EXPECT_EQ(run("validate --strict " + quote(grid.string())).status, 0);
  // Only the cells change: the comments, tags and throws stay.
  ASSERT_EQ(run("convert --cells lane " + quote(grid.string()) + " -o " + quote(back.string())).status, 0);
  EXPECT_EQ(slurp(back), slurp(sample));
  ASSERT_EQ(run("convert --cells grid " + quote(sample.string()) + " -o " + quote(gj.string())).status, 0);
  EXPECT_EQ(run("validate " + quote(gj.string())).status, 0);
  // Lane's letters do not reach 13 wide; other games pass unchanged.
  fs::path wide = dir / "wide.beyt";
  ASSERT_EQ(run("generate --game tab --rules width=13 --seed 2 --max-turns 30 -o " + quote(wide.string())).status, 0);
  EXPECT_EQ(run("convert --cells lane " + quote(wide.string())).status, 1);
  fs::path seega = kRoot / "samples/seega/lane-5x5.beyt";
  CliRun s = run("convert --cells grid " + quote(seega.string()));
  EXPECT_EQ(s.status, 0);
  EXPECT_EQ(s.out, slurp(seega));
  EXPECT_EQ(run("convert --cells letters " + quote(sample.string())).status, 2);
  fs::remove_all(dir);
}

TEST(Cli, GamesListsPresetsAndOptions) {
  CliRun r = run("games");
  EXPECT_EQ(r.status, 0);
  for (const char* s : {"seega", "walker", "lane", "chain", "first-mover", "centre-immune", "blocked", "barrier", "tab",
                        "width", "pieces", "release", "enemy-row-safe", "pass-enemy", "dleb", "marin", "cross-lines",
                        "players", "time", "double-course"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
  EXPECT_EQ(run("games nosuchgame").status, 2);
}

TEST(Cli, GenerateIsDeterministicAndValid) {
  fs::path dir = temp_dir();
  fs::path a = dir / "a.beyt", b = dir / "b.beyt", j = dir / "c.json";
  ASSERT_EQ(run("generate --game seega --rules 'lane; size=7' --seed 9 --count 3 -o " + quote(a.string())).status, 0);
  ASSERT_EQ(run("generate --game seega --rules 'lane; size=7' --seed 9 --count 3 -o " + quote(b.string())).status, 0);
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_EQ(run("validate --strict " + quote(a.string())).status, 0);
  ASSERT_EQ(run("generate --game seega --seed 3 --count 2 -o " + quote(j.string())).status, 0);
  EXPECT_EQ(run("validate " + quote(j.string())).status, 0);
  fs::remove_all(dir);
}

TEST(Cli, UsageErrorsExitTwo) {
  for (const char* args : {"", "frobnicate", "validate", "validate --diagnostics xml x.beyt", "convert",
                           "convert x.beyt --to yaml", "render", "render --game 0 x.beyt",
                           "render --style fancy x.beyt", "generate", "generate --game chess",
                           "generate --game seega --rules size=4", "validate --nonsense x"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << "beyt " << args << "\n" << r.out;
  }
  for (const char* cmd : {"validate", "convert", "render", "games", "generate"}) {
    CliRun r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("beyt " + std::string(cmd)), std::string::npos);
  }
}

TEST(Cli, MissingFileIsReportedNotCrashed) {
  CliRun r = run("validate /nonexistent/file.beyt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[E501]"), std::string::npos) << r.out;
}

}  // namespace
