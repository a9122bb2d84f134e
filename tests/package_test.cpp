// The library as a package: one version number (project(beyt VERSION ...),
// generated into beyt/version.hpp, printed by `beyt --version`), the umbrella
// header <beyt/beyt.hpp> (this file includes no other beyt header) naming
// every public header, and public headers free of compiler extensions.
// The headers' compilation alone with -Wpedantic -Werror is the
// Headers.EachAloneWithoutExtensions test (tests/CMakeLists.txt); the
// installed package, static and shared, the InstalledPackage tests.
#include <beyt/beyt.hpp>

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace beyt::test {
namespace {

// The public headers' folders: the engines', the records' and the umbrella
// header's (docs/LIBRARY.md "Layers"); installed, one include/beyt.
const std::vector<fs::path>& public_header_dirs() {
  static const std::vector<fs::path> dirs{kRoot / "lib/include", kRoot / "notation/include", kRoot / "include"};
  return dirs;
}

// The public headers as a program includes them ("beyt/seega.hpp"), the
// generated beyt/version.hpp among them.
std::set<std::string> public_headers() {
  std::set<std::string> out{"beyt/version.hpp"};
  for (const fs::path& dir : public_header_dirs())
    for (const auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".hpp")
        out.insert(fs::relative(e.path(), dir).generic_string());
  return out;
}

fs::path source_of(const std::string& header) {
  for (const fs::path& dir : public_header_dirs())
    if (fs::exists(dir / header)) return dir / header;
  return kRoot / "cmake/version.hpp.in";  // beyt/version.hpp's template
}

TEST(Package, VersionIsTheProjectsOne) {
  EXPECT_EQ(std::string(BEYT_VERSION_STRING), BEYT_PROJECT_VERSION);
  EXPECT_EQ(beyt::version(), BEYT_PROJECT_VERSION);
  EXPECT_EQ(std::to_string(BEYT_VERSION_MAJOR) + "." + std::to_string(BEYT_VERSION_MINOR) + "." +
                std::to_string(BEYT_VERSION_PATCH),
            BEYT_PROJECT_VERSION);
}

TEST(Package, BeytVersionPrintsTheProjectVersion) {
  const CliRun r = run("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, std::string("beyt ") + BEYT_PROJECT_VERSION + "\n");
}

// The version is written once: in project(), nowhere else in the sources
// (the Python package's setup.py reads it there).
TEST(Package, TheVersionIsWrittenOnce) {
  const std::string version = BEYT_PROJECT_VERSION;
  std::vector<std::string> places;
  for (const char* top : {"CMakeLists.txt", "README.md", "cli", "cmake", "docs", "lib", "notation", "studio", "tests",
                          "bench", "fuzz", "python", "setup.py", "pyproject.toml"}) {
    const fs::path p = kRoot / top;
    std::vector<fs::path> files;
    if (fs::is_regular_file(p)) files.push_back(p);
    if (fs::is_directory(p))
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() != ".svg") files.push_back(e.path());
    for (const fs::path& f : files) {
      std::istringstream in(slurp(f));
      int n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        if (line.find(version) != std::string::npos)
          places.push_back(fs::relative(f, kRoot).string() + ":" + std::to_string(n) + ": " + line);
      }
    }
  }
  ASSERT_EQ(places.size(), 1u) << ::testing::PrintToString(places);
  EXPECT_TRUE(places[0].starts_with("CMakeLists.txt:")) << places[0];
  EXPECT_NE(places[0].find("project(beyt VERSION " + version + " "), std::string::npos) << places[0];
}

TEST(Package, TheUmbrellaHeaderIncludesEveryPublicHeader) {
  std::set<std::string> included;
  const std::regex include(R"re(^#include "(beyt/[^"]+)")re");
  std::istringstream in(slurp(kRoot / "include/beyt/beyt.hpp"));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, include)) included.insert(m[1]);
  }
  std::set<std::string> expected = public_headers();
  expected.erase("beyt/beyt.hpp");
  EXPECT_EQ(included, expected);
}

// The installed package ships lib/include, notation/include and include
// only: a public header names no private one (lib/private, notation/private:
// the character policy, the sowing and stick cores, the JSON and XML readers,
// the process-wide side of the outputs) and no engine internals (a `detail`
// namespace). The private headers are not public ones under another folder.
TEST(Package, PublicHeadersIncludeNoPrivateHeader) {
  const std::set<std::string> all = public_headers();
  std::set<std::string> private_headers;
  for (const fs::path& dir : {kRoot / "lib/private", kRoot / "notation/private"})
    for (const auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".hpp")
        private_headers.insert(fs::relative(e.path(), dir).generic_string());
  EXPECT_TRUE(private_headers.contains("beyt/chars.hpp") && private_headers.contains("beyt/sowing.hpp") &&
              private_headers.contains("beyt/io_process.hpp") && private_headers.contains("beyt/sticks_core.hpp") && private_headers.contains("beyt/notation/json.hpp"))
      << ::testing::PrintToString(private_headers);
  const std::regex include(R"re(^\s*#\s*include\s*["<](beyt/[^">]+)[">])re");
  const std::regex detail(R"re(\bnamespace\s+(detail|engine|opt)\b)re");
  for (const std::string& header : all) {
    EXPECT_FALSE(private_headers.contains(header)) << header << " is both public and private";
    std::istringstream in(slurp(source_of(header)));
    int n = 0;
    for (std::string line; std::getline(in, line);) {
      ++n;
      std::smatch m;
      if (std::regex_search(line, m, include))
        EXPECT_TRUE(all.contains(m[1])) << header << ":" << n << " includes " << m[1] << ", which is not public";
      const std::string code = line.substr(0, line.find("//"));
      EXPECT_FALSE(std::regex_search(code, detail)) << header << ":" << n << ": " << line;
    }
  }
}

// What -Wpedantic does not see: an extension behind __extension__ (as
// `__extension__ typedef unsigned __int128` was), attributes, builtins,
// inline assembly, pragmas other than `once`. Comments are not code.
TEST(Package, PublicHeadersUseNoCompilerExtension) {
  const std::regex extension(
      R"re(__int128|__extension__|__attribute__|__declspec|__builtin_|__typeof|\btypeof\b|\basm\b|__asm|__restrict|__thread\b|__label__|__real__|__imag__|#\s*pragma(?!\s+once\s*$))re");
  for (const std::string& header : public_headers()) {
    std::istringstream in(slurp(source_of(header)));
    int n = 0;
    for (std::string line; std::getline(in, line);) {
      ++n;
      const std::string code = line.substr(0, line.find("//"));
      EXPECT_FALSE(std::regex_search(code, extension)) << header << ":" << n << ": " << line;
    }
  }
}

// The umbrella is enough to use the library: a game, a record, a replay.
TEST(Package, TheUmbrellaHeaderIsEnoughToReplayARecord) {
  std::istringstream in("[Game \"seega\"]\n[Result \"*\"]\n\n1. c1,c5 2. a3,e3 *\n");
  notation::TextReader reader(in, "package_test");
  notation::GameRecord record;
  ASSERT_TRUE(reader.next(record));
  notation::Replay replay;
  const notation::Diagnostic d = notation::replay(record, "package_test", 1, {}, replay);
  EXPECT_FALSE(d) << d.reason;
  EXPECT_EQ(replay.state->position_text(), "2S2/5/N3N/5/2S2 S place");
  EXPECT_NE(find_game("seega"), nullptr);
}

}  // namespace
}  // namespace beyt::test
