// beyt_compare: beyt's validation beside bare parsers, on the same bytes, in
// one run (issue 11's table). Run through bench/compare, which makes the
// corpora with `beyt generate`; figures and how to read them: bench/README.md.
//
//   beyt_compare --beyt PATH [--runs N] [--jobs-file FILE] CORPUS_DIR
//   beyt_compare --read-only FILE N   (for a profiler: the reader alone, N times)
//
// CORPUS_DIR holds GAME.beyt, GAME.json and GAME.xml for each game (the same
// games in the three formats). For each file it measures, in CPU seconds
// (the machine is shared: CPU time is steadier than wall time):
//   * validate: `beyt validate -q -j 1 FILE` as a child process (its CPU
//     time from wait4), so start-up, file reading and everything count;
//   * read: the streaming reader alone, each game handed over and dropped;
//   * replay: the engine alone over records already in memory (turns/s);
//   * the yardsticks on the same bytes: nlohmann::json::parse (DOM),
//     nlohmann::json::sax_parse with a handler that does nothing, pugixml's
//     load_buffer, and a memchr count of the lines;
//   * random playouts (legal-move generation + play, turns/s) per game.
// Then the ratios of issue 11's targets. With --jobs-file, also the wall
// time of `beyt validate -j 1` and `-j 2` on that file.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

extern char** environ;

namespace {

using namespace beyt;
using namespace beyt::notation;

// The games of the table, by name (bench/compare made a corpus of each).
std::vector<std::string> game_list() {
  std::vector<std::string> out;
  for (const Game* g : game_table()) out.emplace_back(g->name());
  return out;
}

// `beyt validate -q -j 1 FILE`, or without -j for a beyt that predates it
// (the figures before issue 11: `-j 1` is the sequential path).
bool g_has_jobs = true;
std::vector<std::string> validate_args(const std::string& beyt, const std::string& jobs, const std::string& path) {
  if (!g_has_jobs) return {beyt, "validate", "-q", path};
  return {beyt, "validate", "-q", "-j", jobs, path};
}

double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The least CPU time of `runs` calls of `work` (the least is the one the
// other loads on the machine disturbed least).
double best_cpu(int runs, const std::function<void()>& work) {
  double best = 1e300;
  for (int i = 0; i < runs; ++i) {
    const double t0 = cpu_now();
    work();
    best = std::min(best, cpu_now() - t0);
  }
  return best;
}

struct ChildTimes {
  double cpu = 0;   // user + system seconds of the child
  double wall = 0;
  int status = -1;  // exit status
};

// Runs argv with standard output and error to /dev/null.
ChildTimes run_child(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  ChildTimes t;
  const double w0 = wall_now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
    std::perror(argv[0]);
    std::exit(1);
  }
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  t.wall = wall_now() - w0;
  t.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
          static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return t;
}

ChildTimes best_child(int runs, const std::vector<std::string>& args) {
  ChildTimes best;
  best.cpu = best.wall = 1e300;
  for (int i = 0; i < runs; ++i) {
    ChildTimes t = run_child(args);
    if (t.status != 0) {
      std::cerr << "beyt_compare: '" << args[0] << " ... " << args.back() << "' exited with " << t.status << "\n";
      std::exit(1);
    }
    best.cpu = std::min(best.cpu, t.cpu);
    best.wall = std::min(best.wall, t.wall);
    best.status = t.status;
  }
  return best;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "beyt_compare: cannot read " << path << " (run bench/compare, which makes the corpora)\n";
    std::exit(1);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Collect : public GameVisitor {
 public:
  explicit Collect(std::vector<GameRecord>* keep) : keep_(keep) {}
  bool game(GameRecord&& record, std::uint32_t) override {
    ++games;
    if (keep_) keep_->push_back(std::move(record));
    return true;
  }
  bool error(const Diagnostic&) override {
    ++errors;
    return true;
  }
  std::uint64_t games = 0, errors = 0;

 private:
  std::vector<GameRecord>* keep_;
};

// A SAX handler that accepts everything and keeps nothing: the floor of any
// nlohmann-based reader.
struct NullSax : nlohmann::json_sax<nlohmann::json> {
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

struct Measure {
  std::string game;
  Format format = Format::text;
  double bytes = 0;
  std::uint64_t games = 0;
  std::uint64_t turns = 0;
  double validate = 0;  // CPU seconds of beyt validate -j 1
  double read = 0;      // reader alone
  double replay = 0;    // engine alone
  double yard = 0;      // the format's bare parse (DOM for JSON, pugixml for XML, memchr for text)
  double sax = 0;       // JSON only: nlohmann SAX with a null handler
};

double mbps(double bytes, double s) { return bytes / s / 1e6; }

Measure measure(const std::string& beyt, const std::string& path, const std::string& game, Format format, int runs) {
  Measure m;
  m.game = game;
  m.format = format;
  const std::string data = slurp(path);
  m.bytes = static_cast<double>(data.size());
  m.validate = best_child(runs, validate_args(beyt, "1", path)).cpu;
  m.read = best_cpu(runs, [&] {
    std::istringstream in(data);
    Collect c(nullptr);
    Diagnostic d = read_games(in, path, format, c);
    if (d || c.errors) {
      std::cerr << "beyt_compare: " << path << " does not read cleanly\n";
      std::exit(1);
    }
    m.games = c.games;
  });
  std::vector<GameRecord> records;
  {
    std::istringstream in(data);
    Collect c(&records);
    (void)read_games(in, path, format, c);
  }
  m.replay = best_cpu(runs, [&] {
    std::uint64_t turns = 0;
    std::uint32_t index = 0;
    for (const auto& r : records) {
      Replay out;
      if (replay(r, path, ++index, ReplayOptions{}, out)) {
        std::cerr << "beyt_compare: " << path << " game " << index << " does not replay\n";
        std::exit(1);
      }
      turns += out.turns;
    }
    m.turns = turns;
  });
  switch (format) {
    case Format::text:
      m.yard = best_cpu(runs, [&] {
        std::size_t lines = 0;
        const char* p = data.data();
        const char* end = p + data.size();
        while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))))) {
          ++lines;
          ++p;
        }
        if (lines == 0) std::exit(1);
      });
      break;
    case Format::json:
      m.yard = best_cpu(runs, [&] {
        auto j = nlohmann::json::parse(data);
        if (j.is_null()) std::exit(1);
      });
      m.sax = best_cpu(runs, [&] {
        NullSax sax;
        if (!nlohmann::json::sax_parse(data, &sax)) std::exit(1);
      });
      break;
    case Format::xml:
      m.yard = best_cpu(runs, [&] {
        pugi::xml_document doc;
        if (!doc.load_buffer(data.data(), data.size())) std::exit(1);
      });
      break;
  }
  return m;
}

// Random playouts of `game` under its default rules (State::play_random):
// turns per CPU second.
double playouts(const std::string& name, double seconds) {
  const Game* game = find_game(name);
  RuleSet rules;
  (void)game->parse_rules("", rules);
  Rng rng(2026);
  std::uint64_t turns = 0;
  const double t0 = cpu_now();
  while (cpu_now() - t0 < seconds) {
    std::unique_ptr<State> state;
    (void)game->new_state(rules, "", state);
    std::string move;
    for (int t = 0; t < 400 && !state->is_terminal(); ++t) {
      state->play_random(rng, &move);  // the random player, as `beyt generate` plays
      if (move.empty()) break;
      ++turns;
    }
  }
  return static_cast<double>(turns) / (cpu_now() - t0);
}

void print_row(const Measure& m) {
  const char* yard_name = m.format == Format::text ? "memchr lines" : m.format == Format::json ? "nlohmann DOM" : "pugixml";
  std::printf("%-10s %-5s %7.1f %6llu %9.1f %9.0f %9.1f %10.2f  %-13s %8.1f",
              m.game.c_str(), std::string(format_name(m.format)).c_str(), m.bytes / 1e6,
              static_cast<unsigned long long>(m.games), mbps(m.bytes, m.validate),
              static_cast<double>(m.games) / m.validate, mbps(m.bytes, m.read),
              static_cast<double>(m.turns) / m.replay / 1e6, yard_name, mbps(m.bytes, m.yard));
  if (m.format == Format::json) std::printf("  SAX %6.1f", mbps(m.bytes, m.sax));
  std::printf("\n");
}

const Measure* find(const std::vector<Measure>& all, const std::string& game, Format f) {
  for (const auto& m : all)
    if (m.game == game && m.format == f) return &m;
  return nullptr;
}

void target(const char* what, double value, double goal, const char* unit) {
  std::printf("  %-58s %7.2f%s (target >= %.2f%s) %s\n", what, value, unit, goal, unit,
              value >= goal ? "met" : "NOT met");
}

}  // namespace

int main(int argc, char** argv) {
  std::string beyt, dir, jobs_file;
  int runs = 2;
  if (argc == 4 && std::string(argv[1]) == "--read-only") {
    // For a profiler: read FILE (format from its extension) N times, nothing else.
    const std::string data = slurp(argv[2]);
    for (int i = 0, n = std::atoi(argv[3]); i < n; ++i) {
      std::istringstream in(data);
      Collect c(nullptr);
      (void)read_games(in, argv[2], format_of_path(argv[2]), c);
    }
    return 0;
  }
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--beyt" && i + 1 < argc) beyt = argv[++i];
    else if (a == "--jobs-file" && i + 1 < argc) jobs_file = argv[++i];
    else if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else if (!a.empty() && a[0] != '-') dir = a;
    else {
      std::cerr << "usage: beyt_compare --beyt PATH [--runs N] [--jobs-file FILE] CORPUS_DIR\n";
      return 2;
    }
  }
  if (beyt.empty() || dir.empty()) {
    std::cerr << "usage: beyt_compare --beyt PATH [--runs N] [--jobs-file FILE] CORPUS_DIR\n";
    return 2;
  }
  g_has_jobs = run_child({beyt, "validate", "-q", "-j", "1", "/dev/null"}).status != 2;
  const std::vector<std::string> games = game_list();
  std::vector<Measure> all;
  std::printf("CPU-time rates, best of %d runs. validate = `beyt validate -q -j 1` (whole process);\n"
              "read = reader alone; replay = engine alone (M turns/s); yardstick on the same bytes.\n\n",
              runs);
  std::printf("%-10s %-5s %7s %6s %9s %9s %9s %10s  %-13s %8s\n", "game", "fmt", "MB", "games", "valid MB/s",
              "games/s", "read MB/s", "replay M/s", "yardstick", "MB/s");
  std::fflush(stdout);
  for (const std::string& game : games) {
    for (Format f : {Format::text, Format::json, Format::xml}) {
      const std::string ext(format_info(f).extensions[0]);  // the usual one (the table of formats)
      all.push_back(measure(beyt, dir + "/" + game + ext, game, f, runs));
      print_row(all.back());
      std::fflush(stdout);
    }
  }

  std::printf("\nRandom playouts (default rules, legal-move generation + play), M turns/s:");
  for (const std::string& game : games) std::printf(" %s %.2f", game.c_str(), playouts(game, 1.0) / 1e6);
  std::printf("\n");

  std::printf("\nTargets (issue 11):\n");
  for (const std::string& game : games) {
    const Measure* text = find(all, game, Format::text);
    const Measure* json = find(all, game, Format::json);
    // games/s of text validate over games/s of a DOM parse of the same games as JSON
    const double ratio = json->yard / text->validate;
    std::string what = std::string(game) + " text validate games/s / nlohmann DOM games/s";
    target(what.c_str(), ratio, game == "seega" ? 5.0 : 3.0, "x");
  }
  for (const std::string& game : games) {
    const Measure* json = find(all, game, Format::json);
    std::string what = std::string(game) + " JSON validate MB/s / nlohmann DOM MB/s";
    target(what.c_str(), json->yard / json->validate, 1.5, "x");
  }
  for (const std::string& game : games) {
    const Measure* xml = find(all, game, Format::xml);
    std::string what = std::string(game) + " XML validate MB/s / pugixml parse MB/s";
    target(what.c_str(), 100.0 * xml->yard / xml->validate, 30.0, "%");
  }
  {
    const Measure* s = find(all, "seega", Format::text);
    target("seega engine replay (M turns/s)", static_cast<double>(s->turns) / s->replay / 1e6, 10.0, "");
    for (const std::string& game : games) {
      if (game == "seega") continue;
      const Measure* m = find(all, game, Format::text);
      std::string what = std::string(game) + " engine replay (M turns/s)";
      target(what.c_str(), static_cast<double>(m->turns) / m->replay / 1e6, 5.0, "");
    }
  }

  if (!jobs_file.empty() && g_has_jobs) {
    const double bytes = static_cast<double>(slurp(jobs_file).size());
    ChildTimes one = best_child(runs, {beyt, "validate", "-q", "-j", "1", jobs_file});
    ChildTimes two = best_child(runs, {beyt, "validate", "-q", "-j", "2", jobs_file});
    std::printf("\nParallel validation of %s (%.0f MB), wall time, best of %d:\n", jobs_file.c_str(), bytes / 1e6,
                runs);
    std::printf("  -j 1: %.2f s (%.1f MB/s, CPU %.2f s); -j 2: %.2f s (%.1f MB/s, CPU %.2f s)\n", one.wall,
                mbps(bytes, one.wall), one.cpu, two.wall, mbps(bytes, two.wall), two.cpu);
    target("validate -j 2 speed-up over -j 1 (wall)", one.wall / two.wall, 1.7, "x");
  }
  return 0;
}
