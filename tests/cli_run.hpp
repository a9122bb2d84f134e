// Running the `beyt` program (BEYT_CLI_PATH) from the tests: the command line
// through the shell, its exit status and its output, the bundled samples
// (BEYT_SOURCE_DIR), and temporary folders; shared by the CLI test files.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace beyt::test {

namespace fs = std::filesystem;

inline const fs::path kRoot = BEYT_SOURCE_DIR;

struct CliRun {
  int status;       // exit status; -1 when killed by a signal
  std::string out;  // standard output and standard error, in order of arrival
};

/// `s` quoted for the shell.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// The program under test, for command lines.
inline const std::string kBeyt = BEYT_CLI_PATH;

/// Runs the shell command line `command`, with the standard error of its
/// last command joined to its output.
inline CliRun capture(std::string command) {
  command += " 2>&1";
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

/// Runs `sh -c "beyt ARGS 2>&1"` (ARGS may hold redirections and pipes).
inline CliRun run(const std::string& args) { return capture(kBeyt + " " + args); }

/// Starts `beyt ARGS` with standard output and error to /dev/null and every
/// signal at its default action and unblocked (whatever the test runner
/// ignores or blocks); its pid, to signal and wait for.
inline pid_t spawn(const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    for (int sig = 1; sig < NSIG; ++sig) ::signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    std::vector<char*> argv;
    std::string program = kBeyt;
    argv.push_back(program.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

/// Runs a shell command line as it is (no beyt in front); its exit status.
inline int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// The subcommands `beyt --help` lists, in its order.
inline std::vector<std::string> subcommands() {
  std::vector<std::string> out;
  std::istringstream in(run("--help").out);
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "commands:") listing = true;
    else if (listing && line.rfind("  ", 0) == 0) out.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return out;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

/// A fresh folder, removed with everything in it when the object goes.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(fs::temp_directory_path() / ("beyt-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }
  /// The names in the folder, sorted, one per line.
  std::string listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += n + "\n";
    return out;
  }

 private:
  fs::path path_;
};

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

/// A fresh folder under the temporary directory for this test process,
/// removed with what it holds when the process ends (ctest runs each test in
/// a process of its own: thousands of folders otherwise).
inline fs::path temp_dir() {
  struct Owned {
    fs::path path = fs::temp_directory_path() / ("beyt-cli-test-" + std::to_string(::getpid()));
    ~Owned() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  };
  static const Owned dir;
  fs::create_directories(dir.path);
  return dir.path;
}

}  // namespace beyt::test
