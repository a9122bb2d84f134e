// Test helpers for running the `beyt` program (BEYT_CLI_PATH) on the
// bundled samples (BEYT_SOURCE_DIR), shared by the CLI test files.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace beyt::clitest {

namespace fs = std::filesystem;

inline const fs::path kRoot = BEYT_SOURCE_DIR;

struct CliRun {
  int status;
  std::string out;  // standard output and standard error, in order of arrival
};

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Runs `beyt ARGS` through the shell, standard error merged into the output.
inline CliRun run(const std::string& args) {
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

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<fs::path> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// Every game's sample files with extension `ext`: samples/<game>/ (not samples/invalid).
inline std::vector<fs::path> sample_files(const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& dir : fs::directory_iterator(kRoot / "samples")) {
    if (!dir.is_directory() || dir.path().filename() == "invalid") continue;
    for (const auto& p : files_in(dir.path(), ext)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// A fresh folder under the temporary directory for this test process.
inline fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("beyt-cli-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

}  // namespace beyt::clitest
