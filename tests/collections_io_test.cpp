// The files the collection subcommands write go through the same safe path
// as convert's (cli/cli.hpp: Output, refuse_same_file):
//  * an output that is one of the inputs (the same path, through ./, a
//    symbolic or a hard link, standard input) is refused before anything is
//    read: E504, exit 2, nothing written, no file left behind;
//  * a write that fails is E503 with the system's reason (/dev/full);
//  * an input with a game that cannot be read leaves the previous output
//    byte for byte as it was, and no temporary file;
//  * format -i writes through that path: a link stays a link, the mode is
//    kept, a file that would not change is not replaced.
// For format -o, format -i, select -o, dedupe -o, split's parts and convert of
// several inputs. (stats writes to standard output only.)
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using namespace beyt::test;

const fs::path kSample = kRoot / "samples/seega/walker-5x5.beyt";
const fs::path kOther = kRoot / "samples/seega/lane-5x5.beyt";

// kSample with a second game whose comment never closes (E102).
std::string broken_text() { return slurp(kSample) + "\n[Event \"second\"]\n\n1. c1,c5 {never closed *\n"; }

// kSample without its Site tag: valid, and not in canonical form.
std::string lenient_text() {
  std::string text = slurp(kSample);
  const std::size_t at = text.find("[Site ");
  text.erase(at, text.find('\n', at) + 1 - at);
  return text;
}

TEST(CollectionFiles, AnOutputThatIsAnInputIsRefusedBeforeReading) {
  TempDir dir("collections-same");
  const fs::path a = dir / "a.beyt", b = dir / "b.beyt";
  const std::string original = slurp(kSample);
  spit(a, original);
  spit(b, slurp(kOther));
  fs::create_symlink("a.beyt", dir / "link.beyt");
  fs::create_hard_link(a, dir / "hard.beyt");
  fs::create_symlink("a.beyt", dir / "s1.beyt");  // split's first part, a link to an input
  const std::string d = dir.path().string();
  const std::string qa = quote(a.string()), qb = quote(b.string());
  const std::string dot = quote(d + "/./a.beyt"), link = quote(d + "/link.beyt"), hard = quote(d + "/hard.beyt");
  const std::string listing = dir.listing();
  std::vector<std::string> commands;
  for (const std::string cmd : {"format", "select", "dedupe", "convert"}) {
    commands.push_back(cmd + " " + qa + " -o " + qa);
    commands.push_back(cmd + " " + qa + " -o " + dot);
    commands.push_back(cmd + " " + qb + " " + link + " -o " + qa);   // the second input, by a link
    commands.push_back(cmd + " " + qb + " " + qa + " -o " + link);   // the output, a link
    commands.push_back(cmd + " " + qb + " " + hard + " -o " + qa);   // a hard link
    commands.push_back(cmd + " --to json " + qa + " -o " + qa);
    commands.push_back(cmd + " - -o " + qa + " < " + qa);            // standard input
  }
  commands.push_back("split " + qa + " --per 1 -o " + quote(d + "/s%d.beyt"));
  commands.push_back("split " + qb + " " + link + " --per 1 -o " + quote(d + "/s%d.beyt"));
  for (const auto& args : commands) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error[E504]"), std::string::npos) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("(the same file): nothing was read or written"), std::string::npos) << args << "\n"
                                                                                            << r.out;
    EXPECT_EQ(slurp(a), original) << args;
    EXPECT_EQ(dir.listing(), listing) << args;
  }
  // A part that is an input but only comes after a name that does not exist
  // yet is refused when it is reached: still exit 2, and no part is written.
  const fs::path r2 = dir / "r2.beyt";
  spit(r2, original + "\n" + slurp(kOther));
  CliRun late = run("split " + quote(r2.string()) + " --per 1 -o " + quote(d + "/r%d.beyt"));
  EXPECT_EQ(late.status, 2) << late.out;
  EXPECT_NE(late.out.find("error[E504]"), std::string::npos) << late.out;
  EXPECT_FALSE(fs::exists(dir / "r1.beyt"));
  EXPECT_EQ(slurp(r2), original + "\n" + slurp(kOther));
  // Another file is fine.
  EXPECT_EQ(run("select " + qa + " " + qb + " -o " + quote(d + "/out.beyt")).status, 0);
}

TEST(CollectionFiles, AFullDeviceIsAWriteError) {
  const std::string two = quote(kSample.string()) + " " + quote(kOther.string());
  for (const std::string cmd : {"format", "select", "dedupe", "convert"}) {
    CliRun r = run(cmd + " " + two + " -o /dev/full");
    EXPECT_EQ(r.status, 1) << cmd << "\n" << r.out;
    EXPECT_NE(r.out.find("error[E503]: cannot write '/dev/full': No space left on device"), std::string::npos)
        << cmd << "\n" << r.out;
  }
  // Standard output on a full device: the same error, not a silent loss.
  for (const std::string cmd : {"format", "select", "dedupe", "convert", "stats"}) {
    const int status = shell(kBeyt + " " + cmd + " " + two + " > /dev/full 2>/dev/null");
    EXPECT_EQ(status, 1) << cmd;
  }
}

TEST(CollectionFiles, ABrokenInputLeavesThePreviousOutputAsItWas) {
  TempDir dir("collections-broken");
  const fs::path good = dir / "good.beyt", bad = dir / "bad.beyt";
  spit(good, slurp(kSample) + "\n" + slurp(kOther));
  spit(bad, broken_text());
  const std::string qg = quote(good.string()), qbad = quote(bad.string());
  struct Case {
    std::string name, before, after;  // command lines without -o
    std::string out;
  };
  const std::vector<Case> cases{
      {"format", "format " + qg, "format " + qg + " " + qbad, "formatted.json"},
      {"select", "select --game seega " + qg, "select --game seega " + qg + " " + qbad, "selected.xml"},
      {"dedupe", "dedupe " + qg, "dedupe " + qbad + " " + qg, "deduped.jsonl"},
      {"convert", "convert " + qg, "convert " + qg + " " + qbad, "all.beyt"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string out = quote((dir / c.out).string());
    CliRun first = run(c.before + " -o " + out);
    ASSERT_EQ(first.status, 0) << first.out;
    const std::string previous = slurp(dir / c.out);
    ASSERT_GT(previous.size(), 100u);
    const std::string listing = dir.listing();
    CliRun second = run(c.after + " -o " + out);
    EXPECT_EQ(second.status, 1) << second.out;
    EXPECT_NE(second.out.find("error[E102]"), std::string::npos) << second.out;
    EXPECT_EQ(slurp(dir / c.out), previous);
    EXPECT_EQ(dir.listing(), listing) << "no temporary file is left";
  }
  // split: the parts of an earlier split stay as they were.
  const std::string pattern = quote((dir / "part-%d.beyt").string());
  ASSERT_EQ(run("split -q " + qg + " --per 1 -o " + pattern).status, 0);
  const std::string part1 = slurp(dir / "part-1.beyt"), part2 = slurp(dir / "part-2.beyt");
  const std::string listing = dir.listing();
  CliRun split = run("split " + qbad + " --per 1 -o " + pattern);
  EXPECT_EQ(split.status, 1) << split.out;
  EXPECT_NE(split.out.find("no part was written"), std::string::npos) << split.out;
  EXPECT_EQ(slurp(dir / "part-1.beyt"), part1);
  EXPECT_EQ(slurp(dir / "part-2.beyt"), part2);
  EXPECT_EQ(dir.listing(), listing);
  // format -i: a broken file is left as it was.
  CliRun in_place = run("format -i " + qbad);
  EXPECT_EQ(in_place.status, 1) << in_place.out;
  EXPECT_EQ(slurp(bad), broken_text());
  EXPECT_EQ(dir.listing(), listing);
}

TEST(CollectionFiles, FormatInPlaceWritesThroughTheSafePath) {
  TempDir dir("collections-in-place");
  const fs::path file = dir / "game.beyt";
  spit(file, lenient_text());
  ::chmod(file.c_str(), 0640);
  fs::create_symlink("game.beyt", dir / "link.beyt");
  // Through the link: the file it names is rewritten, the link stays.
  CliRun r = run("format -q -i " + quote((dir / "link.beyt").string()));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(fs::is_symlink(dir / "link.beyt"));
  EXPECT_EQ(slurp(file), slurp(kSample));
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(dir.listing(), "game.beyt\nlink.beyt\n");
  // Already canonical: not replaced (the same inode).
  const ino_t inode = st.st_ino;
  r = run("format -i " + quote(file.string()));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("0 of 1 files rewritten"), std::string::npos) << r.out;
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_ino, inode);
  // A file that cannot be read: E501 with the reason, nothing made.
  r = run("format -i " + quote((dir / "missing.beyt").string()));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[E501]"), std::string::npos) << r.out;
  EXPECT_EQ(dir.listing(), "game.beyt\nlink.beyt\n");
}

}  // namespace
