// beyt validate -j N prints what -j 1 prints, byte for byte (standard output
// and error, in order), with the same exit status: on every sample, and on
// large files where valid and invalid games of every kind are mixed, read
// from a file and from standard input.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "cli_run.hpp"

namespace beyt::test {
namespace {

std::vector<fs::path> record_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".beyt" || ext == ".json" || ext == ".xml")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// `args` run with -j 1, then -j 2 and -j 4: the same output and status.
// `chunks`: the sizes of the chunks -j N cuts a text file into
// (BEYT_VALIDATE_CHUNK_BYTES; 0: the default), each tried in turn.
// `env_all`: variables set for every run ("NAME=VALUE ... ").
void expect_same_at_any_j(const std::string& args, const std::string& stdin_file = "",
                          const std::vector<unsigned>& chunks = {0}, const std::string& env_all = "") {
  auto with = [&](int j, unsigned chunk) {
    const std::string env =
        env_all + (chunk > 0 ? "BEYT_VALIDATE_CHUNK_BYTES=" + std::to_string(chunk) + " " : "");
    const std::string cmd = "validate -j " + std::to_string(j) + " " + args;
    return stdin_file.empty() ? capture(env + kBeyt + " " + cmd)
                              : capture("cat " + quote(stdin_file) + " | " + env + kBeyt + " " + cmd);
  };
  const CliRun one = with(1, 0);
  for (unsigned chunk : chunks)
    for (int j : {2, 4}) {
      const CliRun many = with(j, chunk);
      EXPECT_EQ(many.status, one.status) << args << " -j " << j << " in chunks of " << chunk;
      EXPECT_EQ(many.out, one.out) << args << " -j " << j << " in chunks of " << chunk;
    }
}

// Chunk sizes that cut a file at (nearly) every candidate game boundary, at
// some, and at few.
const std::vector<unsigned> kSmallChunks = {1, 700, 20000};

TEST(ValidateJobs, EverySampleSameAsOneThread) {
  const auto files = record_files(kRoot / "samples");
  ASSERT_GE(files.size(), 60u);
  for (const auto& f : files) {
    expect_same_at_any_j(quote(f.string()));
    // Under the sanitizers (each run of the instrumented program costs about
    // 0.1 s) the other two modes run on all samples at once, in
    // AllSamplesAtOnceAndAMissingFile; file by file they run here in the
    // normal build.
    if (BEYT_SANITIZED) continue;
    expect_same_at_any_j("--strict " + quote(f.string()));
    expect_same_at_any_j("--diagnostics json " + quote(f.string()));
  }
}

TEST(ValidateJobs, AllSamplesAtOnceAndAMissingFile) {
  std::string args;
  for (const auto& f : record_files(kRoot / "samples")) args += " " + quote(f.string());
  expect_same_at_any_j(args + " /nonexistent/beyt-missing.beyt");
  expect_same_at_any_j("--diagnostics json" + args);
  // Every text sample read in chunks (cut wherever a game may start).
  expect_same_at_any_j(args, "", {1, 40});
  expect_same_at_any_j("--strict" + args, "", {1});
}

// The N-th occurrence (0-based) of `what` in `s` gets `insert` before it.
void insert_before(std::string& s, std::string_view what, std::size_t n, const std::string& insert) {
  std::size_t at = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    at = s.find(what, i == 0 ? 0 : at + 1);
    ASSERT_NE(at, std::string::npos) << what << " #" << n;
  }
  s.insert(at, insert);
}

class MixedFiles : public ::testing::Test {
 protected:
  TempDir dir{"validate-jobs"};

  std::string generate(const std::string& game, int count, const std::string& format) {
    const fs::path out = dir.path() / (game + "." + format);
    EXPECT_EQ(shell(kBeyt + " generate --game " + game + " --seed 7 --count " + std::to_string(count) + " -o " +
                    quote(out.string())),
              0);
    return slurp(out);
  }
};

// Every game's generated games, with every invalid text sample between them
// (syntax errors, bad tags, illegal moves, wrong results): many batches.
TEST_F(MixedFiles, TextWithInvalidGamesBetweenValidOnes) {
  std::vector<fs::path> invalid;
  for (const auto& f : record_files(kRoot / "samples/invalid"))
    if (f.extension() == ".beyt") invalid.push_back(f);
  ASSERT_GE(invalid.size(), 20u);
  std::string mixed;
  std::size_t next = 0;
  const std::string unclosed = "E102-unterminated-comment.beyt";  // swallows the rest: last
  for (const char* game : {"seega", "tab", "dleb", "mankalah", "umelbanat"}) {
    const std::string games = generate(game, 40, "beyt");
    // Cut between games (a line starting a tag section after a blank line).
    std::size_t from = 0;
    for (std::size_t at = games.find("\n\n[Event"); at != std::string::npos;
         at = games.find("\n\n[Event", at + 2)) {
      mixed += games.substr(from, at + 2 - from);
      from = at + 2;
      if (next < invalid.size() && invalid[next].filename() != unclosed) mixed += slurp(invalid[next]) + "\n";
      ++next;
    }
    mixed += games.substr(from) + "\n";
  }
  mixed += slurp(kRoot / "samples/invalid" / unclosed);
  const fs::path file = dir.path() / "mixed.beyt";
  spit(file, mixed);
  ASSERT_GT(mixed.size(), 500u * 1024);
  const CliRun one = run("validate -j 1 " + quote(file.string()));
  EXPECT_EQ(one.status, 1);
  EXPECT_NE(one.out.find("invalid"), std::string::npos);
  expect_same_at_any_j(quote(file.string()));
  expect_same_at_any_j("--diagnostics json " + quote(file.string()));
  expect_same_at_any_j("-", file.string());  // standard input: quoted lines kept while in flight
  expect_same_at_any_j(quote(file.string()) + " " + quote(file.string()));
  // Read in chunks by several threads: cut at every game, at some, at few.
  expect_same_at_any_j(quote(file.string()), "", kSmallChunks);
  expect_same_at_any_j("--strict " + quote(file.string()), "", kSmallChunks);
  expect_same_at_any_j(quote(file.string()) + " " + quote(file.string()), "", {1, 5000});
  // The same with CR LF line ends (the cut after "\n\r\n").
  std::string crlf;
  for (char c : mixed) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const fs::path crlf_file = dir.path() / "mixed-crlf.beyt";
  spit(crlf_file, crlf);
  expect_same_at_any_j(quote(crlf_file.string()), "", kSmallChunks);
}

// Text that looks like a game boundary to the cutting (a '[' at the start of
// a line after a blank line) but is not one, and errors right at a cut: -j N
// reading in chunks prints what -j 1 prints.
TEST_F(MixedFiles, ChunkBoundariesThatAreNotGameBoundaries) {
  const std::string games = generate("seega", 30, "beyt");
  const std::size_t half = games.find("\n\n[Event", games.size() / 2) + 2;
  const std::string head = games.substr(0, half), tail = games.substr(half);
  const std::string fake = "\n\n[Event \"not a game\"]\n[Site \"a comment\"]\n\n[Round \"1\"]\n";
  std::string text;
  // A comment before the first move holding blank lines and tag lines.
  text += "[Event \"comment\"]\n[Game \"Seega\"]\n\n{a comment" + fake + "}\n*\n\n";
  text += head;
  // A tag section with blank lines between its tags.
  text += "[Event \"spread\"]\n\n[Game \"Seega\"]\n\n\n[Site \"x\"]\n\n*\n\n";
  // A variation never closed before the next game (the error is at the cut).
  text += "[Event \"open\"]\n[Game \"Seega\"]\n\n1. c2 (1. d2\n\n";
  // A broken game followed by a comment with '[' lines: recovery stops at
  // the first of them, inside the comment.
  text += "[Event \"broken\"]\n[Game \"Seega\"]\n\n1. c2 ) {x" + fake + "} *\n\n";
  // A game with no result before the next game, and one after a result on
  // the same line.
  text += "[Event \"no result\"]\n[Game \"Seega\"]\n\n{}\n\n";
  text += "[Event \"same line\"]\n[Game \"Seega\"]\n\n* [Event \"x\"]\n\n";
  // A ';' comment, then a '%' escape line holding a blank-line-and-'[' look.
  text += "[Event \"semicolon\"]\n[Game \"Seega\"]\n\n; [Event\n\n%\n\n[Event \"after\"]\n*\n\n";
  // A comment that ends inside what looks like a tag value after a cut; the
  // '"' after it is an error, and the reading goes on at the next game. A
  // reader starting at the cut sees a tag section there that swallows the
  // next game's tags: it must not take over there.
  text += "[Event \"tricky\"]\n[Game \"Seega\"]\n\n{ c\n\n[Event \"a}\"]\n\n";
  text += "[Event \"next\"]\n[Game \"Seega\"]\n\n1. zz *\n\n";
  text += tail;
  // A comment never closed: it swallows the rest, many cuts included.
  text += "[Event \"unclosed\"]\n[Game \"Seega\"]\n\n{" + fake + head;
  const fs::path file = dir.path() / "boundaries.beyt";
  spit(file, text);
  const CliRun one = run("validate -j 1 " + quote(file.string()));
  EXPECT_EQ(one.status, 1);
  EXPECT_NE(one.out.find("error[E107]"), std::string::npos) << one.out;  // the open variation
  EXPECT_NE(one.out.find("error[E102]"), std::string::npos) << one.out;  // the unclosed comment
  // The last 2N chunks' worth of a file is cut in pieces of a 2N-th of what
  // is left (down to a 16th of a chunk): with a chunk just under the file's
  // size, the whole file is cut so, elsewhere at -j 2 and -j 4.
  const auto shrinking = static_cast<unsigned>(text.size() - 1);
  for (const std::string options : {"", "--strict ", "--diagnostics json "})
    expect_same_at_any_j(options + quote(file.string()), "", {1, 50, 333, 4096, shrinking});
}

// A read failure in the middle of a text file, as when a disk breaks: the
// file reads up to a byte, and every read from there fails with EIO
// (tests/shims/read_fault.cpp, preloaded). -j 1 checks the games before it
// and then reports E501 with the system's reason; -j N, reading the file in
// chunks (those after the break fail at their first read), prints the same.
TEST_F(MixedFiles, ReadFailureInTheMiddleOfAFile) {
  const std::string games = generate("seega", 60, "beyt");
  const fs::path file = dir.path() / "breaks.beyt";
  spit(file, games);
  const std::size_t boundary = games.find("\n\n[Event", games.size() / 2) + 2;
  for (std::size_t at : {games.size() / 3, boundary, games.size() * 2 / 3 + 7}) {
    const std::string env = "LD_PRELOAD=" + quote(BEYT_READ_FAULT_LIB) + " BEYT_READ_FAULT_PATH=" +
                            quote(file.string()) + " BEYT_READ_FAULT_AT=" + std::to_string(at) +
                            " ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0\" ";
    const CliRun one = capture(env + kBeyt + " validate -j 1 " + quote(file.string()));
    EXPECT_EQ(one.status, 1) << at;
    // Inside a game, E501 names it; at a game boundary, none.
    EXPECT_EQ(one.out.find("error[E501]: game ") != std::string::npos, at != boundary) << at << "\n" << one.out;
    EXPECT_NE(one.out.find(": cannot read '" + file.string() + "': Input/output error\n"), std::string::npos)
        << at << "\n" << one.out;
    EXPECT_EQ(one.out.find("games: 0 valid"), std::string::npos) << at << "\n" << one.out;
    if (at == boundary) {  // every game before the break is checked (none lost with the reader's buffer)
      std::size_t before = 0;
      for (std::size_t i = games.find("[Event"); i < at; i = games.find("[Event", i + 1)) ++before;
      const std::string n = std::to_string(before);
      EXPECT_NE(one.out.find(", " + n + " games: " + n + " valid, 0 invalid"), std::string::npos) << one.out;
    }
    expect_same_at_any_j(quote(file.string()), "", {700, 20000}, env);
    expect_same_at_any_j("--diagnostics json " + quote(file.string()), "", {700}, env);
  }
}

// One game larger than many chunks (a long comment full of blank lines and
// '[' lines, then a long movetext), between ordinary games; a file of blanks
// alone (W102 once), an empty file, a byte-order mark (W101 once).
TEST_F(MixedFiles, OneHugeGameAndInputsWithoutGames) {
  const std::string games = generate("tab", 10, "beyt");
  std::string huge = "[Event \"huge\"]\n[Game \"Tab\"]\n\n{";
  for (int i = 0; i < 3000; ++i) huge += "line " + std::to_string(i) + "\n\n[Event \"" + std::to_string(i) + "\"]\n";
  huge += "} *\n\n";
  const fs::path file = dir.path() / "huge.beyt";
  spit(file, games + huge + games + huge);
  ASSERT_GT(fs::file_size(file), 100u * 1024);
  expect_same_at_any_j(quote(file.string()), "", {1, 1000, 30000});
  expect_same_at_any_j("--strict " + quote(file.string()), "", {1000});

  const fs::path blanks = dir.path() / "blanks.beyt";
  spit(blanks, "\n\n  \n\n");
  const fs::path empty = dir.path() / "empty.beyt";
  spit(empty, "");
  const fs::path bom = dir.path() / "bom.beyt";
  spit(bom, "\xEF\xBB\xBF" + games);
  const std::string files = quote(blanks.string()) + " " + quote(empty.string()) + " " + quote(bom.string());
  const CliRun one = run("validate -j 1 " + files);
  EXPECT_EQ(one.out.find("warning[W101]"), one.out.rfind("warning[W101]")) << one.out;
  EXPECT_NE(one.out.find("warning[W101]"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("warning[W102]"), std::string::npos) << one.out;
  expect_same_at_any_j(files, "", {1, 3, 1000});
  expect_same_at_any_j("--strict " + files, "", {1, 1000});
}

// JSON and XML with illegal moves (replay errors) and structure errors (the
// reader goes on at the next game) in several places.
TEST_F(MixedFiles, JsonAndXmlWithInvalidGames) {
  std::string json = generate("seega", 120, "json");
  for (std::size_t n : {3000u, 1000u, 10u}) insert_before(json, "\"move\": \"", n, "\"move\": \"zz-illegal\", \"x\": 0, ");
  insert_before(json, "\"move\": \"", 7000, "\"move\": 7, ");  // not a string: E151
  insert_before(json, "\"result\"", 50, "\"nags\": [], ");     // unknown key in a game: E151
  const fs::path jf = dir.path() / "mixed.json";
  spit(jf, json);
  std::string xml = generate("dleb", 120, "xml");
  for (std::size_t n : {4000u, 2000u, 5u}) insert_before(xml, "<move text=\"", n, "<move text=\"zz\"/>");
  insert_before(xml, "<move text=\"", 3000, "<bogus/>");
  const fs::path xf = dir.path() / "mixed.xml";
  spit(xf, xml);
  for (const auto& f : {jf, xf}) {
    const CliRun one = run("validate -j 1 " + quote(f.string()));
    EXPECT_EQ(one.status, 1) << one.out;
    expect_same_at_any_j(quote(f.string()));
    expect_same_at_any_j("-", f.string());
  }
  expect_same_at_any_j(quote(jf.string()) + " " + quote(xf.string()));
}

// Warnings go through the batches too, in their place: a byte-order mark
// (W101, from the reader), a finished game recorded with * (W401, from the
// replay), inputs without games (W102), from files and standard input.
TEST_F(MixedFiles, WarningsInTheirPlace) {
  const fs::path inv = kRoot / "samples/invalid";
  const fs::path empty = dir.path() / "empty.beyt";
  spit(empty, "\n\n");
  const std::string files = quote((inv / "W101-byte-order-mark.beyt").string()) + " " + quote(empty.string()) + " " +
                            quote((inv / "W401-finished-unknown-result.beyt").string()) + " " +
                            quote((inv / "W102-no-games.beyt").string());
  const CliRun one = run("validate -j 1 " + files);
  EXPECT_NE(one.out.find("warning[W101]"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("warning[W102]"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("warning[W401]"), std::string::npos) << one.out;
  expect_same_at_any_j(files);
  expect_same_at_any_j("--strict " + files);
  expect_same_at_any_j("-", (inv / "W101-byte-order-mark.beyt").string());
  expect_same_at_any_j("-", empty.string());
}

TEST(ValidateJobs, ZeroJobsIsAUsageError) {
  CliRun r = run("validate -j 0 " + quote((kRoot / "samples/seega").string()));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--jobs: '0' is not a whole number from 1 to 4294967295"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace beyt::test
