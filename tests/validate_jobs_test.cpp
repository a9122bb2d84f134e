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
void expect_same_at_any_j(const std::string& args, const std::string& stdin_file = "") {
  auto with = [&](int j) {
    const std::string cmd = "validate -j " + std::to_string(j) + " " + args;
    return stdin_file.empty() ? run(cmd) : capture("cat " + quote(stdin_file) + " | " + kBeyt + " " + cmd);
  };
  const CliRun one = with(1);
  for (int j : {2, 4}) {
    const CliRun many = with(j);
    EXPECT_EQ(many.status, one.status) << args << " -j " << j;
    EXPECT_EQ(many.out, one.out) << args << " -j " << j;
  }
}

TEST(ValidateJobs, EverySampleSameAsOneThread) {
  const auto files = record_files(kRoot / "samples");
  ASSERT_GE(files.size(), 60u);
  for (const auto& f : files) {
    expect_same_at_any_j(quote(f.string()));
    expect_same_at_any_j("--strict " + quote(f.string()));
    expect_same_at_any_j("--diagnostics json " + quote(f.string()));
  }
}

TEST(ValidateJobs, AllSamplesAtOnceAndAMissingFile) {
  std::string args;
  for (const auto& f : record_files(kRoot / "samples")) args += " " + quote(f.string());
  expect_same_at_any_j(args + " /nonexistent/beyt-missing.beyt");
  expect_same_at_any_j("--diagnostics json" + args);
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
  EXPECT_NE(r.out.find("-j must be at least 1"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace beyt::test
