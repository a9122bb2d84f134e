// tests/cli_run.hpp - running the `beyt` program from a test, and the
// bundled samples it runs on (cli_test.cpp, collections_test.cpp).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

/// Runs `command` in the shell: its exit status and standard output.
CliRun run_shell(const std::string& command) {
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

/// Runs `beyt ARGS`: its exit status, standard output and error.
CliRun run(const std::string& args) { return run_shell(std::string(BEYT_CLI_PATH) + " " + args + " 2>&1"); }

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

}  // namespace
