// The `beyt` program and the user's files (issue 8; cli/cli.hpp):
//  * an output that is an input is refused (exit 2, E504) before anything
//    is read, through ./, symbolic and hard links, and standard input;
//  * a failed, invalid or killed (SIGTERM, SIGINT, SIGHUP) conversion
//    leaves the previous output byte for byte and no stray file;
//  * inputs that are not files and outputs that cannot be written get E501
//    and E503 with the system's reason;
//  * the input format comes from the content for standard input and
//    unknown extensions, and a failed read writes nothing;
//  * validate's summary counts inputs, games, valid and invalid ones in
//    every combination, says where checking stopped, and never wraps;
//  * standard output is flushed before standard error;
//  * diagnostics quote the line for standard input too.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include "cli_run.hpp"

namespace {

using namespace beyt::test;

const fs::path kSample = kRoot / "samples/seega/lane-5x5.beyt";

// The temporary file an Output writes next to `target`, if there is one.
fs::path temporary_of(const fs::path& target) {
  const std::string prefix = "." + target.filename().string() + ".beyt-";
  for (const auto& e : fs::directory_iterator(target.parent_path()))
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  return {};
}

// The n-th (1-based) occurrence of `what` in `s` replaced by `with`.
std::string replace_nth(std::string s, const std::string& what, const std::string& with, int n) {
  std::size_t at = std::string::npos;
  for (int i = 0; i < n; ++i) {
    at = s.find(what, at == std::string::npos ? 0 : at + 1);
    if (at == std::string::npos) return s;
  }
  return s.replace(at, what.size(), with);
}

// --- The same file ---------------------------------------------------------------

TEST(CliFiles, OutputThatIsAnInputIsRefused) {
  TempDir dir("same");
  const fs::path a = dir / "a.beyt";
  const std::string original = slurp(kSample);
  spit(a, original);
  fs::create_symlink("a.beyt", dir / "link.beyt");
  fs::create_hard_link(a, dir / "hard.beyt");
  const std::string d = dir.path().string();
  for (const std::string& args :
       {"convert " + quote(a.string()) + " -o " + quote(a.string()),
        "convert " + quote(a.string()) + " -o " + quote(d + "/./a.beyt"),
        "convert " + quote(d + "/link.beyt") + " -o " + quote(a.string()),
        "convert " + quote(a.string()) + " -o " + quote(d + "/link.beyt"),
        "convert " + quote(d + "/hard.beyt") + " -o " + quote(a.string()),
        "convert " + quote(a.string()) + " --to json -o " + quote(a.string()),
        "convert - -o " + quote(a.string()) + " < " + quote(a.string()),
        "render " + quote(a.string()) + " -o " + quote(d + "/hard.beyt"),
        "render " + quote(a.string()) + " --format svg -o " + quote(a.string()),
        "render " + quote(d + "/link.beyt") + " --format html -o " + quote(a.string())}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error[E504]"), std::string::npos) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("(the same file)"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(a), original) << args;
    EXPECT_EQ(dir.listing(), "a.beyt\nhard.beyt\nlink.beyt\n") << args;
  }
  // Standard output appended to the input (the shell opens it, not beyt).
  EXPECT_EQ(shell(kBeyt + " convert " + quote(a.string()) + " >> " + quote(a.string()) +
                  " 2>/dev/null"),
            2);
  EXPECT_EQ(slurp(a), original);
  // Another file is fine; so is a pipe on both ends.
  EXPECT_EQ(run("convert " + quote(a.string()) + " -o " + quote(d + "/b.beyt")).status, 0);
  EXPECT_EQ(slurp(dir / "b.beyt"), original);
  EXPECT_EQ(run("convert - < " + quote(a.string()) + " | cat > /dev/null").status, 0);
}

// --- Writes that cannot destroy anything ------------------------------------------

TEST(CliFiles, FailedConvertLeavesTheOldOutput) {
  TempDir dir("failed");
  const fs::path out = dir / "out.json";
  ASSERT_EQ(run("convert " + quote(kSample.string()) + " -o " + quote(out.string())).status, 0);
  const std::string good = slurp(out);
  ASSERT_GT(good.size(), 100u);
  const fs::path bad = dir / "bad.beyt";
  spit(bad, slurp(kSample) + "\n[Event \"second\"]\n\n1. c1,c5 {never closed *\n");
  const std::string listing = dir.listing();
  for (const std::string& args : {
           "convert " + quote(bad.string()) + " -o " + quote(out.string()),                   // E102
           "convert " + quote(dir.path().string()) + " -o " + quote(out.string()),            // a directory
           "convert " + quote((dir / "missing.beyt").string()) + " -o " + quote(out.string()),  // no such file
           "convert --from json " + quote(kSample.string()) + " -o " + quote(out.string()),  // E150
           "convert --cells lane " + quote((kRoot / "samples/tab/lane-9.beyt").string()) + " --to nonsense -o " +
               quote(out.string()),                                                          // usage
       }) {
    CliRun r = run(args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_EQ(slurp(out), good) << args << "\n" << r.out;
    EXPECT_EQ(dir.listing(), listing) << args;
  }
  // A Tâb record too wide for Lane's letters fails in the middle: the same.
  const fs::path wide = dir / "wide.beyt";
  ASSERT_EQ(run("generate --game tab --rules width=13 --seed 2 --count 3 --max-turns 30 -o " + quote(wide.string()))
                .status,
            0);
  CliRun cells = run("convert --cells lane " + quote(wide.string()) + " -o " + quote(out.string()));
  EXPECT_EQ(cells.status, 1) << cells.out;
  EXPECT_EQ(slurp(out), good);
  EXPECT_EQ(dir.listing(), "bad.beyt\nout.json\nwide.beyt\n");
}

TEST(CliFiles, ReplacedFilesKeepTheirModeAndLinksAreWrittenThrough) {
  TempDir dir("mode");
  const fs::path out = dir / "out.beyt";
  spit(out, "old\n");
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_EQ(run("convert " + quote(kSample.string()) + " -o " + quote(out.string())).status, 0);
  EXPECT_EQ(slurp(out), slurp(kSample));
  EXPECT_EQ(fs::status(out).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  // A new file: 0666 less the umask (022 here).
  const fs::path fresh = dir / "fresh.beyt";
  ASSERT_EQ(shell("umask 022 && " + kBeyt + " convert " + quote(kSample.string()) + " -o " +
                  quote(fresh.string())),
            0);
  EXPECT_EQ(fs::status(fresh).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  // -o through a symbolic link replaces the file it points to; the link stays.
  fs::create_symlink("out.beyt", dir / "link.beyt");
  const fs::path xml = kRoot / "samples/seega/lane-5x5.xml";
  ASSERT_EQ(run("convert " + quote(xml.string()) + " --to text -o " + quote((dir / "link.beyt").string())).status, 0);
  EXPECT_TRUE(fs::is_symlink(dir / "link.beyt"));
  EXPECT_EQ(slurp(out), slurp(kSample));
  EXPECT_EQ(dir.listing(), "fresh.beyt\nlink.beyt\nout.beyt\n");
}

// Waits (up to a minute) until `target`'s temporary file holds some bytes.
bool wait_for_partial_output(const fs::path& target) {
  for (int i = 0; i < 60000; ++i) {
    const fs::path temp = temporary_of(target);
    std::error_code ec;
    if (!temp.empty() && fs::file_size(temp, ec) > 0 && !ec) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// A conversion killed in the middle of writing: the input comes through a
// FIFO that the test fills half way, so the kill always lands mid-write.
TEST(CliFiles, KilledConvertLeavesTheOldOutput) {
  TempDir dir("killed");
  const fs::path games = dir / "games.beyt";
  ASSERT_EQ(run("generate --game seega --seed 4 --count 200 -o " + quote(games.string())).status, 0);
  std::string text;
  for (int i = 0; i < 8; ++i) text += slurp(games);  // about 3 MB
  fs::remove(games);
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    SCOPED_TRACE(strsignal(sig));
    const fs::path out = dir / "out.json", fifo = dir / "in.beyt";
    ASSERT_EQ(run("convert " + quote(kSample.string()) + " -o " + quote(out.string())).status, 0);
    const std::string good = slurp(out);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const pid_t pid = spawn({"convert", fifo.string(), "-o", out.string()});
    const int w = ::open(fifo.c_str(), O_WRONLY);  // waits for the reader
    ASSERT_GE(w, 0);
    std::size_t written = 0;
    while (written < text.size() / 2) {
      const ssize_t n = ::write(w, text.data() + written, text.size() / 2 - written);
      ASSERT_GT(n, 0);
      written += static_cast<std::size_t>(n);
    }
    ASSERT_TRUE(wait_for_partial_output(out)) << "no partial output appeared";
    ASSERT_EQ(::kill(pid, sig), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ::close(w);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "status " << status;
    EXPECT_EQ(slurp(out), good) << "the old output is byte-identical";
    fs::remove(fifo);
    EXPECT_EQ(dir.listing(), "out.json\n") << "no temporary file is left";
    fs::remove(out);
  }
}

TEST(CliFiles, KilledGenerateLeavesNoFile) {
  TempDir dir("killed-generate");
  const fs::path out = dir / "many.xml";
  const pid_t pid = spawn({"generate", "--game", "mankalah", "--count", "1000000", "-o", out.string()});
  ASSERT_TRUE(wait_for_partial_output(out));
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  EXPECT_EQ(dir.listing(), "") << "neither the file nor its temporary file";
}

// --- Inputs that are not files, outputs that cannot be written ---------------------

TEST(CliFiles, InputsThatAreNotFiles) {
  TempDir dir("inputs");
  const std::string d = dir.path().string();
  CliRun v = run("validate " + quote(d));
  EXPECT_EQ(v.status, 1);
  EXPECT_NE(v.out.find(d + ": error[E501]: cannot read '" + d + "': Is a directory"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("1 input (1 could not be read), 0 games"), std::string::npos) << v.out;
  CliRun m = run("validate " + quote(d + "/gone.beyt") + " " + quote(kSample.string()));
  EXPECT_EQ(m.status, 1);
  EXPECT_NE(m.out.find("error[E501]: cannot read '" + d + "/gone.beyt': No such file or directory"),
            std::string::npos)
      << m.out;
  EXPECT_NE(m.out.find("2 inputs (1 could not be read), 1 game: 1 valid, 0 invalid"), std::string::npos) << m.out;
  CliRun c = run("convert " + quote(d) + " -o " + quote(d + "/out.json"));
  EXPECT_EQ(c.status, 1);
  EXPECT_NE(c.out.find("Is a directory"), std::string::npos) << c.out;
  CliRun r = run("render " + quote(d));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[E501]"), std::string::npos) << r.out;
  CliRun h = run("render " + quote(d) + " --format html -o " + quote(d + "/page.html"));
  EXPECT_EQ(h.status, 1);
  EXPECT_NE(h.out.find(d + ": error[E501]: cannot read '" + d + "': Is a directory"), std::string::npos) << h.out;
  // A read that fails (EIO: /proc/self/mem at offset 0 is no mapped memory),
  // whatever the format: E501, and nothing written.
  for (const char* format : {"", "--format text ", "--format json ", "--format xml "}) {
    CliRun io = run(std::string("validate ") + format + "/proc/self/mem");
    EXPECT_EQ(io.status, 1) << format << io.out;
    EXPECT_NE(io.out.find("/proc/self/mem: error[E501]: cannot read '/proc/self/mem': Input/output error"),
              std::string::npos)
        << format << io.out;
    EXPECT_NE(io.out.find("1 input (1 could not be read), 0 games"), std::string::npos) << io.out;
  }
  CliRun io = run("convert /proc/self/mem --to xml -o " + quote(d + "/io.xml"));
  EXPECT_EQ(io.status, 1) << io.out;
  EXPECT_FALSE(fs::exists(dir / "io.xml"));
  // A file that cannot be read (not as root: root reads everything).
  const fs::path locked = dir / "locked.beyt";
  spit(locked, slurp(kSample));
  fs::permissions(locked, fs::perms::none);
  if (::geteuid() != 0) {
    CliRun p = run("validate " + quote(locked.string()));
    EXPECT_EQ(p.status, 1);
    EXPECT_NE(p.out.find("Permission denied"), std::string::npos) << p.out;
  }
  EXPECT_EQ(dir.listing(), "locked.beyt\n");
}

TEST(CliFiles, WriteFailuresNameTheReason) {
  TempDir dir("writes");
  const std::string in = quote(kSample.string());
  struct Case {
    std::string args, reason;
  } cases[] = {
      {"convert " + in + " -o /dev/full", "cannot write '/dev/full': No space left on device"},
      {"generate --game seega --count 5 -o /dev/full", "No space left on device"},
      {"render " + in + " -o /dev/full", "No space left on device"},
      {"render " + in + " --format html -o /dev/full", "No space left on device"},
      {"convert " + in + " -o " + quote((dir / "no/such/folder/x.json").string()), "No such file or directory"},
      {"convert " + in + " -o " + quote(dir.path().string()), "Is a directory"},
  };
  for (const auto& c : cases) {
    CliRun r = run(c.args);
    EXPECT_EQ(r.status, 1) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find("error[E503]"), std::string::npos) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.reason), std::string::npos) << c.args << "\n" << r.out;
  }
  // Standard output full.
  EXPECT_EQ(shell(kBeyt + " convert " + in + " >/dev/full 2>" + quote((dir / "err").string())),
            1);
  EXPECT_NE(slurp(dir / "err").find("-: error[E503]: cannot write standard output: No space left on device"),
            std::string::npos)
      << slurp(dir / "err");
  fs::remove(dir / "err");
  // A folder that cannot be written: as root only a read-only file system
  // refuses (/sys), else a folder without write permission.
  const fs::path ro = dir / "ro";
  fs::create_directories(ro);
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string target = ::geteuid() == 0 ? std::string("/sys/beyt-test.json") : (ro / "x.json").string();
  CliRun r = run("convert " + in + " -o " + quote(target));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("error[E503]: cannot write '" + target + "': "), std::string::npos) << r.out;
  EXPECT_TRUE(fs::is_empty(ro));
}

// --- The input format from the content ---------------------------------------------

TEST(CliFormats, InputFormatFromTheContent) {
  TempDir dir("content");
  const fs::path json = kRoot / "samples/seega/lane-5x5.json", xml = kRoot / "samples/seega/lane-5x5.xml";
  // Standard input: JSON, XML and text each known by their first character.
  CliRun from_json = run("convert - --to xml < " + quote(json.string()));
  EXPECT_EQ(from_json.status, 0) << from_json.out;
  EXPECT_EQ(from_json.out, slurp(xml));
  CliRun from_xml = run("convert - --to json < " + quote(xml.string()));
  EXPECT_EQ(from_xml.out, slurp(json));
  CliRun from_text = run("convert - --to json < " + quote(kSample.string()));
  EXPECT_EQ(from_text.out, slurp(json)) << "a text record's '[Event \"' is not a JSON array";
  EXPECT_EQ(shell("cat " + quote(json.string()) + " | " + BEYT_CLI_PATH + " validate - 2>/dev/null"), 0);
  // Blanks and a byte-order mark before the first character.
  spit(dir / "padded.rec", "\xEF\xBB\xBF\n\n   \t" + slurp(json));
  CliRun padded = run("convert " + quote((dir / "padded.rec").string()) + " --to json");
  EXPECT_EQ(padded.status, 0) << padded.out;
  EXPECT_EQ(padded.out, slurp(json));
  // An unknown extension: the content decides; a known one: the extension.
  fs::copy_file(xml, dir / "game.record");
  EXPECT_EQ(run("validate " + quote((dir / "game.record").string())).status, 0);
  fs::copy_file(json, dir / "game.txt");
  CliRun txt = run("validate " + quote((dir / "game.txt").string()));
  EXPECT_EQ(txt.status, 1) << ".txt is text, whatever it holds";
  // --from overrides the content.
  CliRun forced = run("validate --format json - < " + quote(kSample.string()));
  EXPECT_EQ(forced.status, 1);
  EXPECT_NE(forced.out.find("error[E150]"), std::string::npos) << forced.out;
  EXPECT_EQ(run("render --from xml - < " + quote(xml.string())).status, 0);
  // A JSON array is JSON (and not a beyt record).
  CliRun array = capture("printf '[1, 2]' | " + kBeyt + " validate -");
  EXPECT_NE(array.out.find("error[E151]"), std::string::npos) << array.out;
}

TEST(CliFormats, FailedReadWritesNothing) {
  TempDir dir("nothing");
  const fs::path json = kRoot / "samples/seega/lane-5x5.json";
  spit(dir / "broken.json", replace_nth(slurp(json), "\"moves\": [", "\"moves\": [,", 1));
  // Standard output: not even an empty document.
  CliRun r = run("convert - --to xml < " + quote((dir / "broken.json").string()) + " 2>/dev/null | cat");
  EXPECT_EQ(r.out, "") << "no <beyt version=\"1\"></beyt> for a failed read";
  CliRun e = run("convert - --to json < /dev/null");
  EXPECT_EQ(e.status, 0) << "an empty input is an empty collection";
  EXPECT_EQ(e.out, "{\n  \"format\": \"beyt\",\n  \"version\": 1,\n  \"games\": []\n}\n");
  // A file: untouched.
  spit(dir / "out.xml", "keep me\n");
  CliRun f = run("convert " + quote((dir / "broken.json").string()) + " -o " + quote((dir / "out.xml").string()));
  EXPECT_EQ(f.status, 1);
  EXPECT_EQ(slurp(dir / "out.xml"), "keep me\n");
  // The viewer page of a record that cannot be read: the old page stays.
  spit(dir / "page.html", "keep me\n");
  CliRun h = run("render " + quote((dir / "broken.json").string()) + " --format html -o " +
                 quote((dir / "page.html").string()));
  EXPECT_EQ(h.status, 1);
  EXPECT_NE(h.out.find("error[E150]"), std::string::npos) << h.out;
  EXPECT_EQ(slurp(dir / "page.html"), "keep me\n");
  // An error after some games: the games before it went out, the document
  // is left unclosed (no reader takes it for whole).
  const std::string two = slurp(kSample) + slurp(kSample) + "[Event \"x\"]\n\n1. c1,c5 {open *\n";
  spit(dir / "two.beyt", two);
  CliRun p = run("convert " + quote((dir / "two.beyt").string()) + " --to xml 2>/dev/null | cat");
  EXPECT_NE(p.out.find("</game>"), std::string::npos);
  EXPECT_EQ(p.out.find("</beyt>"), std::string::npos) << p.out;
  EXPECT_EQ(dir.listing(), "broken.json\nout.xml\npage.html\ntwo.beyt\n");
}

// --- validate: honest counts -------------------------------------------------------

class CliCounts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("counts");
    const std::string three = slurp(kSample) + slurp(kSample) + slurp(kSample);
    spit(*dir_ / "three.beyt", three);
    ASSERT_EQ(run("convert " + quote((*dir_ / "three.beyt").string()) + " -o " + quote(path("three.json"))).status, 0);
    ASSERT_EQ(run("convert " + quote((*dir_ / "three.beyt").string()) + " -o " + quote(path("three.xml"))).status, 0);
    const std::string json = slurp(*dir_ / "three.json"), xml = slurp(*dir_ / "three.xml");
    // Game 2 broken in each way.
    spit(*dir_ / "text-syntax.beyt", replace_nth(three, "1. {", "1. ]{", 2));
    spit(*dir_ / "json-structure.json", replace_nth(json, "\"result\": \"0-1\"", "\"result\": 5", 2));
    spit(*dir_ / "json-syntax.json", replace_nth(json, "\"moves\": [", "\"moves\": [,", 2));
    spit(*dir_ / "json-both.json",
         replace_nth(replace_nth(json, "\"Site\": \"?\"", "\"Site\": 5", 2), "\"moves\": [", "\"moves\": [,", 2));
    spit(*dir_ / "json-chars.json", replace_nth(json, "\"Site\": \"?\"", "\"Site\": \"\\u0000\"", 2));
    spit(*dir_ / "xml-syntax.xml", replace_nth(xml, "</moves>", "</movez>", 2));
    spit(*dir_ / "xml-unclosed.xml", replace_nth(xml, "</moves>", "", 2));
    spit(*dir_ / "xml-structure.xml", replace_nth(xml, "<tag name=\"Site\">", "<tag nme=\"Site\">", 2));
    spit(*dir_ / "xml-chars.xml", replace_nth(xml, "<tag name=\"Site\">?", "<tag name=\"Site\">&#x85;", 2));
    spit(*dir_ / "xml-root.xml", "<record version=\"1\"/>\n");
    spit(*dir_ / "xml-after.xml", xml + "<x/>\n");
    spit(*dir_ / "replay.beyt", replace_nth(three, "1. {Lane: \"One of them places two of his kelbs in the 'eyns marked a, a\"} c1,c5",
                                            "1. c3,c5", 2));
    spit(*dir_ / "bom-strict.beyt", "\xEF\xBB\xBF" + slurp(kSample));
    spit(*dir_ / "empty.json", "{\"format\": \"beyt\", \"version\": 1, \"games\": []}\n");
    spit(*dir_ / "empty.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beyt version=\"1\">\n</beyt>\n");
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string path(const std::string& name) { return (*dir_ / name).string(); }
  static std::string summary_of(const std::string& args, int* status = nullptr) {
    CliRun r = run("validate " + args + " 2>&1 >/dev/null; echo $? > " + quote(path("status")));
    if (status) *status = std::stoi(slurp(*dir_ / "status"));
    EXPECT_EQ(r.out.find("18446744073709551615"), std::string::npos) << r.out;
    return r.out;
  }
  static TempDir* dir_;
};
TempDir* CliCounts::dir_ = nullptr;

TEST_F(CliCounts, EveryCombination) {
  const std::string d = dir_->path().string();
  struct Case {
    std::string files;
    std::string summary;
    int status;
  } cases[] = {
      {"three.beyt", "beyt validate: 1 input, 3 games: 3 valid, 0 invalid\n", 0},
      {"three.json three.xml", "beyt validate: 2 inputs, 6 games: 6 valid, 0 invalid\n", 0},
      {"text-syntax.beyt", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"replay.beyt", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"json-structure.json", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"json-chars.json", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"json-syntax.json",
       "beyt validate: 1 input, 2 games: 1 valid, 1 invalid; 1 error; checking of " + d +
           "/json-syntax.json stopped at game 2: the rest was not checked\n",
       1},
      {"json-both.json",
       "beyt validate: 1 input, 2 games: 1 valid, 1 invalid; 2 errors; checking of " + d +
           "/json-both.json stopped at game 2: the rest was not checked\n",
       1},
      {"xml-syntax.xml", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"xml-unclosed.xml", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"xml-structure.xml", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      {"xml-chars.xml", "beyt validate: 1 input, 3 games: 2 valid, 1 invalid; 1 error\n", 1},
      // well-formed, but no beyt record at all (E161, a root other than
      // <beyt>): one error, and the reading stops
      {"xml-root.xml",
       "beyt validate: 1 input, 0 games: 0 valid, 0 invalid; 1 error; checking of " + d +
           "/xml-root.xml stopped before the first game: the rest was not checked\n",
       1},
      {"xml-after.xml",
       "beyt validate: 1 input, 3 games: 3 valid, 0 invalid; 1 error; checking of " + d +
           "/xml-after.xml stopped after game 3: the rest was not checked\n",
       1},
      {"--strict bom-strict.beyt", "beyt validate: 1 input, 1 game: 1 valid, 0 invalid; 1 error outside the games\n", 1},
      {"three.beyt missing.beyt", "beyt validate: 2 inputs (1 could not be read), 3 games: 3 valid, 0 invalid\n", 1},
      // As the issue found them: E150 alone printed "0 games, 18446744073709551615
      // valid"; a valid file and an E151 file printed "1 game, 0 valid".
      {"@E150-json-syntax.json",
       "beyt validate: 1 input, 1 game: 0 valid, 1 invalid; 1 error; checking of " + (kRoot / "samples/invalid").string() +
           "/E150-json-syntax.json stopped at game 1: the rest was not checked\n",
       1},
      {"three.beyt @E151-json-structure.json", "beyt validate: 2 inputs, 4 games: 3 valid, 1 invalid; 1 error\n", 1},
      // Errors are counted (a game may have several), and warnings (W101,
      // W102, W401) after everything else: they fail nothing; --strict makes
      // them errors.
      {"bom-strict.beyt three.json", "beyt validate: 2 inputs, 4 games: 4 valid, 0 invalid; 1 warning\n", 0},
      {"@W102-no-games.beyt empty.json empty.xml",
       "beyt validate: 3 inputs, 0 games: 0 valid, 0 invalid; 3 warnings\n", 0},
      {"--strict @W102-no-games.beyt three.beyt",
       "beyt validate: 2 inputs, 3 games: 3 valid, 0 invalid; 1 error outside the games\n", 1},
      {"@W401-finished-unknown-result.beyt @E150-json-syntax.json",
       "beyt validate: 2 inputs, 2 games: 1 valid, 1 invalid; 1 error; checking of " + (kRoot / "samples/invalid").string() +
           "/E150-json-syntax.json stopped at game 1: the rest was not checked; 1 warning\n",
       1},
      {"--strict @W401-finished-unknown-result.beyt", "beyt validate: 1 input, 1 game: 0 valid, 1 invalid; 1 error\n", 1},
      {"json-syntax.json xml-root.xml three.beyt",
       "beyt validate: 3 inputs, 5 games: 4 valid, 1 invalid; 2 errors; checking stopped early in 2 inputs: the rest of "
       "each was not checked\n",
       1},
      {"json-syntax.json xml-after.xml",
       "beyt validate: 2 inputs, 5 games: 4 valid, 1 invalid; 2 errors; checking stopped early in 2 inputs: the rest of each "
       "was not checked\n",
       1},
  };
  for (const auto& c : cases) {
    std::string args;
    std::istringstream words(c.files);
    for (std::string w; words >> w;) {
      if (w.rfind("--", 0) == 0) args += w + " ";
      else if (w[0] == '@') args += quote((kRoot / "samples/invalid" / w.substr(1)).string()) + " ";
      else args += quote(path(w)) + " ";
    }
    int status = -1;
    EXPECT_EQ(summary_of(args, &status), c.summary) << c.files;
    EXPECT_EQ(status, c.status) << c.files;
  }
}

TEST_F(CliCounts, TheDiagnosticSaysWhereCheckingStopped) {
  CliRun r = run("validate --quiet " + quote(path("json-syntax.json")));
  EXPECT_NE(r.out.find("error[E150]: game 2: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; checking stopped here, at game 2: the rest of the file was not checked"), std::string::npos)
      << r.out;
  CliRun both = run("validate --quiet " + quote(path("json-both.json")));
  EXPECT_NE(both.out.find("error[E151]: game 2: expected a string, found a number"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("error[E150]: game 2: "), std::string::npos) << both.out;
  // XML goes on at the next game: the diagnostics of games 2 and the summary.
  CliRun xml = run("validate " + quote(path("xml-syntax.xml")));
  EXPECT_NE(xml.out.find("error[E160]: game 2: end tag </movez> does not match the open element <moves>"),
            std::string::npos)
      << xml.out;
  CliRun chars = run("validate " + quote(path("xml-chars.xml")));
  EXPECT_NE(chars.out.find("error[E110]: game 2: character reference &#x85; stands for U+0085 (a C1 control)"),
            std::string::npos)
      << chars.out;
}

TEST(CliValidate, EveryInvalidSampleIsCountedOnce) {
  std::string args;
  int files = 0, strict = 0, warnings = 0, no_game = 0, two_games = 0;
  for (const auto& e : fs::directory_iterator(kRoot / "samples/invalid")) {
    const std::string ext = e.path().extension().string();
    if (ext != ".beyt" && ext != ".json" && ext != ".xml") continue;
    args += quote(e.path().string()) + " ";
    ++files;
    const std::string name = e.path().filename().string();
    strict += name.find("strict") != std::string::npos;
    warnings += name[0] == 'W';
    no_game += name.rfind("W102", 0) == 0;
    two_games += name.rfind("W109", 0) == 0;  // its second game follows the first's missing result
  }
  CliRun r = run("validate " + args + " 2>&1 >/dev/null | cat");
  // Without --strict the strict samples are valid, and so are the W samples
  // (one warning each; W102 holds no game, W109 two); every other is one
  // invalid game.
  const std::string counts = std::to_string(files) + " inputs, " + std::to_string(files - no_game + two_games) +
                             " games: " + std::to_string(strict + warnings - no_game + two_games) + " valid, " +
                             std::to_string(files - strict - warnings) + " invalid";
  EXPECT_NE(r.out.find(counts), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; " + std::to_string(warnings) + " warnings\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("18446744073709551615"), std::string::npos);
}

TEST(CliValidate, StandardOutputIsFlushedBeforeStandardError) {
  const fs::path bad = kRoot / "samples/invalid/E304-occupied.beyt";
  CliRun r = run("validate " + quote(bad.string()) + " 2>&1 | cat");
  EXPECT_NE(r.out.find("^\nbeyt validate: 1 input, 1 game: 0 valid, 1 invalid; 1 error\n"), std::string::npos) << r.out;
  const std::size_t summary = r.out.find("beyt validate:");
  EXPECT_EQ(r.out.find("error[E304]") < summary, true);
  CliRun usage = run("validate --diagnostics xml " + quote(bad.string()) + " 2>&1 | cat");
  EXPECT_EQ(usage.out.rfind("beyt validate: --diagnostics", 0), 0u) << usage.out;
}

TEST(CliValidate, StandardInputDiagnosticsQuoteTheLine) {
  // The same diagnostic, line and caret from a pipe as from the file.
  for (const char* name : {"E304-occupied.beyt", "E151-json-structure.json", "E161-xml-structure.xml",
                           "E102-unterminated-comment.beyt"}) {
    const fs::path bad = kRoot / "samples/invalid" / name;
    CliRun file = run("validate --quiet " + quote(bad.string()));
    CliRun pipe = run("validate --quiet - < " + quote(bad.string()));
    std::string expected = file.out;
    expected.replace(0, bad.string().size(), "-");
    EXPECT_EQ(pipe.out, expected) << name;
    EXPECT_NE(pipe.out.find(" | "), std::string::npos) << name << ": the line is quoted\n" << pipe.out;
  }
  // Far into a long piped input: the game being checked is still held.
  TempDir dir("stdin-lines");
  std::string many;
  for (int i = 0; i < 400; ++i) many += slurp(kSample);
  many += slurp(kRoot / "samples/invalid/E304-occupied.beyt");
  spit(dir / "many.beyt", many);
  CliRun far = run("validate --quiet - < " + quote((dir / "many.beyt").string()));
  EXPECT_NE(far.out.find("error[E304]: game 401, turn 2, North: c4 is occupied\n 12012 | 1. b2,c4 2. b1,c4 *\n"),
            std::string::npos)
      << far.out;
}

TEST(CliValidate, ALongLineIsQuotedAroundThePlace) {
  // Minified JSON: one line of some 100 KB; the error at its end.
  TempDir dir("long-line");
  std::string json = "{\"format\":\"beyt\",\"version\":1,\"games\":[";
  for (int i = 0; i < 300; ++i) {
    json += i ? "," : "";
    json += "{\"tags\":{\"Game\":\"seega\",\"Note\":\"" + std::string(300, 'x') + "\"},\"moves\":[],\"result\":\"*\"}";
  }
  json += ",{\"tags\":{\"Game\":\"seega\"},\"moves\":[{\"move\":\"c3,c5\"}],\"result\":\"*\"}]}";
  spit(dir / "min.json", json);
  for (const std::string& source : {quote((dir / "min.json").string()), "- < " + quote((dir / "min.json").string())}) {
    CliRun r = run("validate --quiet " + source);
    EXPECT_NE(r.out.find("error[E314]: game 301, turn 1, South"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 1 | ..."), std::string::npos) << "a piece of the line\n" << r.out;
    EXPECT_NE(r.out.find("{\"move\":\"c3,c5\"}],\"result\":\"*\"}]}\n"), std::string::npos) << r.out;
    // The caret stands under the move's first character.
    const std::size_t quote_at = r.out.find(" 1 | ");
    const std::size_t caret = r.out.find('^');
    ASSERT_NE(caret, std::string::npos);
    const std::size_t line_start = r.out.rfind('\n', caret) + 1;
    EXPECT_EQ(r.out.substr(quote_at + (caret - line_start), 5), "c3,c5") << r.out;
  }
}

}  // namespace
