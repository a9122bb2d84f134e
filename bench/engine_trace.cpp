// beyt_engine_trace: the differential harness of the rules engines. It
// records, ply by ply, everything the State interface says about a game, so
// that two builds of the engines can be compared byte for byte (one digest
// per game; the whole trace with --verbose):
//   * the canonical move text (State::check), position_text(), to_move,
//     player_label, turns_played, is_terminal, outcome,
//     chance_outcomes, the legal_events list, random_turn for a per-ply seed,
//     describe_played_turn, and from its drawing() move_cells, the capture_mark of
//     each captured cell and the text diagrams; clone()/equals() and the
//     rebuild from position_text();
//   * for mutated move texts (a character deleted, replaced, inserted or
//     swapped, the text cut short, the moves of the plies before and after):
//     the error of check() and of play() on a copy (code, offset, reason) and
//     the position after;
//   * at the end of a game, adjudicate() and the SVG page of the position.
//
// Usage:
//   beyt_engine_trace corpus N > corpus.tsv   N random games per rule set of
//                                             the conformance suite (and every
//                                             preset), one game a line:
//                                             game TAB rules TAB moves
//   beyt_engine_trace trace corpus.tsv [--verbose[=K]]   one digest a game
//   beyt_engine_trace samples FILE...  [--verbose[=K]]   every game of the
//                                             records (replay diagnostic too)
// bench/README.md says how the engine work used it.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

struct Case {
  const Game* game;
  std::string_view rules;
  int max_turns;
};

// The rule sets of tests/conformance_test.cpp: those of each game of the
// table (GameFacts::test_rules), and every preset.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> out;
    for (const Game* g : game_table()) {
      const auto& tested = game_facts(*g).test_rules;
      for (const TestRules& t : tested) out.push_back({g, t.rules, t.max_turns});
      for (const Preset& p : g->presets())
        if (std::none_of(tested.begin(), tested.end(), [&](const TestRules& t) { return t.rules == p.name; }))
          out.push_back({g, p.name, tested.empty() ? 400 : tested.front().max_turns});
    }
    return out;
  }();
  return all;
}

// FNV-1a, 64 bits: one digest per game.
struct Digest {
  std::uint64_t h = 1469598103934665603ull;
  void add(std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ '\n') * 1099511628211ull;
  }
};

class Trace {
 public:
  explicit Trace(bool verbose) : verbose_(verbose) {}
  void line(const std::string& s) {
    digest_.add(s);
    if (verbose_) std::cout << "  " << s << '\n';
  }
  std::uint64_t digest() const { return digest_.h; }

 private:
  bool verbose_;
  Digest digest_;
};

std::string error_text(const Error& e) {
  if (!e) return "ok";
  return std::string(code_name(e.code)) + "@" + std::to_string(e.offset) + " " + e.reason;
}

std::string cells_text(const MoveCells& c) {
  std::string out;
  for (const auto* list : {&c.from, &c.to, &c.captured}) {
    out += '[';
    for (const auto& s : *list) out += s + ' ';
    out += ']';
  }
  return out;
}

// Mutated texts of `move`: edits at a place chosen from the ply, and the
// moves of the neighbouring plies.
std::vector<std::string> mutations(const std::string& move, std::uint64_t seed, const std::string& prev,
                                   const std::string& next) {
  static const std::string alphabet = "abcdefghiABCDEFGHIKLMNOPQRSTUVWXYZ0123456789-x,:~/#=' WBG";
  std::vector<std::string> out;
  const std::size_t n = move.size();
  Rng rng(seed);
  if (n > 0) {
    auto at = [&] { return static_cast<std::size_t>(rng.below(n)); };
    auto any = [&] { return alphabet[rng.below(alphabet.size())]; };
    std::size_t p = at();
    out.push_back(move.substr(0, p) + move.substr(p + 1));                 // delete
    p = at();
    out.push_back(move.substr(0, p) + any() + move.substr(p + 1));         // replace
    p = at();
    out.push_back(move.substr(0, p) + any() + move.substr(p));             // insert
    out.push_back(move.substr(0, at()));                                   // cut short
    for (int k = 0; k < 2; ++k) {                                          // a letter or digit one up or down
      std::string s = move;
      p = at();
      s[p] = static_cast<char>(s[p] + (rng.below(2) ? 1 : -1));
      out.push_back(s);
    }
    p = at();
    if (p + 1 < n) {
      std::string s = move;
      std::swap(s[p], s[p + 1]);
      out.push_back(s);                                                    // swap
    }
    out.push_back(move + move.substr(at()));                               // repeat the tail
  }
  if (!prev.empty()) out.push_back(prev);
  if (!next.empty()) out.push_back(next);
  return out;
}

// Everything the State says about its position.
void trace_position(const Game& game, const RuleSet& rules, const State& s, std::uint64_t seed, Trace& t) {
  t.line("pos " + s.position_text());
  Actor a = s.to_move();
  t.line("to_move " + std::string(actor_name(a)) + (a != Actor::none ? " / " + s.player_label() : std::string()) +
         " turns " + std::to_string(s.turns_played()) + " terminal " + std::to_string(s.is_terminal()) +
         " outcome " + std::string(result_token(s.outcome())));
  std::string chance = "chance";
  for (const auto& c : s.chance_outcomes()) chance += " " + c.text + "=" + std::to_string(c.probability);
  t.line(chance);
  std::vector<std::string> moves;
  s.legal_events(moves);
  std::string list = "legal " + std::to_string(moves.size());
  for (const auto& m : moves) list += " " + m;
  t.line(list);
  Rng rng(seed);
  t.line("random " + s.random_turn(rng));
  if (const BoardDrawing* board = s.drawing()) {
    RenderOptions ro;
    t.line(board->render(ro));
    ro.style = DiagramStyle::ascii;
    ro.coordinates = false;
    t.line(board->render(ro));
  }
  auto copy = s.clone();
  std::unique_ptr<State> rebuilt;
  Error e = game.new_state(rules, s.position_text(), rebuilt);
  t.line("clone " + std::to_string(copy->equals(s)) + " rebuilt " + error_text(e) + " " +
         std::to_string(rebuilt && rebuilt->equals(s)));
}

// A move text against `s`: check(), then play() on a copy.
void trace_attempt(const State& s, const std::string& text, Trace& t) {
  std::string canonical = "(unset)";
  Error e = s.check_turn(text, canonical);
  t.line("check '" + text + "' " + error_text(e) + (e ? std::string() : " -> " + canonical));
  auto copy = s.clone();
  Error p = copy->play_turn(text);
  t.line("play " + error_text(p) + " -> " + copy->position_text() + " equal " + std::to_string(copy->equals(s)));
}

void trace_end(const State& s, Trace& t) {
  for (const char* how : {"barrier", "resignation", "normal"}) {
    Result r = Result::unfinished;
    Error e = s.adjudicate(how, r);
    t.line(std::string("adjudicate ") + how + " " + error_text(e) + " " + std::string(result_token(r)));
  }
  if (!s.drawing()) return;
  for (bool flipped : {false, true}) {
    Figure f;
    f.state = &s;
    DrawOptions d;
    d.flipped = flipped;
    std::string page, why;
    bool ok = svg_page({f}, d, {}, page, why);
    t.line("svg " + std::to_string(ok) + " " + why);
    t.line(page);
  }
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return (a * 0x9E3779B97F4A7C15ull) ^ (b + 0x632BE59BD9B4E019ull); }

// Plays `moves` from `s`, tracing each ply; stops at the first illegal move.
// Returns the plies played.
std::size_t trace_line(const Game& game, const RuleSet& rules, State& s, const std::vector<std::string>& moves,
                       std::uint64_t seed, Trace& t) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::uint64_t ply_seed = mix(seed, i);
    trace_position(game, rules, s, ply_seed, t);
    const std::string& m = moves[i];
    const MoveCells cells = s.drawing() ? s.drawing()->move_cells(m) : MoveCells{};
    t.line("cells " + cells_text(cells));
    t.line("describe " + s.describe_played_turn(m));
    for (const auto& c : cells.captured) {
      DrawOptions d;
      svg::Point at;
      double half = 0;
      bool ok = s.drawing()->capture_mark(c, d, at, half);
      t.line("mark " + c + " " + std::to_string(ok) + " " + std::to_string(at.x) + "," + std::to_string(at.y) + " " +
             std::to_string(half));
    }
    for (const auto& bad : mutations(m, ply_seed, i ? moves[i - 1] : "", i + 1 < moves.size() ? moves[i + 1] : ""))
      trace_attempt(s, bad, t);
    std::string canonical;
    Error c = s.check_turn(m, canonical);
    t.line("move '" + m + "' check " + error_text(c) + (c ? std::string() : " -> " + canonical));
    auto before = s.clone();
    Error e = s.play_turn(m);
    t.line("played " + error_text(e) + " changed " + std::to_string(!before->equals(s)));
    if (e) return i;
  }
  trace_position(game, rules, s, mix(seed, moves.size()), t);
  trace_end(s, t);
  return moves.size();
}

std::vector<std::string> split_moves(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string m; in >> m;) out.push_back(m);
  return out;
}

int make_corpus(int per_case) {
  std::uint64_t k = 0;
  for (const Case& c : cases()) {
    const Game* game = c.game;
    RuleSet rules;
    if (Error e = game->parse_rules(c.rules, rules)) {
      std::cerr << c.rules << ": " << e.reason << '\n';
      return 1;
    }
    for (int g = 0; g < per_case; ++g, ++k) {
      Rng rng(mix(2026, k));
      std::unique_ptr<State> s;
      (void)game->new_state(rules, "", s);
      std::cout << game->name() << '\t' << c.rules << '\t';
      for (int t = 0; t < c.max_turns && !s->is_terminal(); ++t) {
        std::string m = s->random_turn(rng);
        if (m.empty() || s->play_turn(m)) break;
        std::cout << (t ? " " : "") << m;
      }
      std::cout << '\n';
    }
  }
  return 0;
}

// --verbose prints every trace; --verbose=K only that of game K.
long verbose_game(int argc, char** argv, int from) {
  for (int i = from; i < argc; ++i) {
    if (std::strcmp(argv[i], "--verbose") == 0) return -1;
    if (std::strncmp(argv[i], "--verbose=", 10) == 0) return std::atol(argv[i] + 10);
  }
  return -2;
}

int trace_corpus(const char* path, long verbose) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << '\n';
    return 1;
  }
  std::string row;
  long index = 0;
  Digest all;
  for (; std::getline(in, row); ++index) {
    std::size_t a = row.find('\t'), b = row.find('\t', a + 1);
    std::string name = row.substr(0, a), rules_text = row.substr(a + 1, b - a - 1);
    const Game* game = find_game(name);
    RuleSet rules;
    (void)game->parse_rules(rules_text, rules);
    std::unique_ptr<State> s;
    (void)game->new_state(rules, "", s);
    bool v = verbose == -1 || verbose == index;
    if (v) std::cout << "game " << index << " " << name << " [" << rules_text << "]\n";
    Trace t(v);
    std::size_t plies = trace_line(*game, rules, *s, split_moves(row.substr(b + 1)), mix(7, static_cast<std::uint64_t>(index)), t);
    char digest[17];
    std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(t.digest()));
    all.add(digest);
    if (verbose == -2) std::cout << index << ' ' << name << ' ' << plies << ' ' << digest << '\n';
  }
  std::printf("total %ld games %016llx\n", index, static_cast<unsigned long long>(all.h));
  return 0;
}

// Every game of the sample records: the validator's diagnostic, then the
// trace of the main line and of each variation from its position.
class SampleVisitor : public GameVisitor {
 public:
  SampleVisitor(std::string file, long verbose, long& index) : file_(std::move(file)), verbose_(verbose), index_(index) {}
  bool game(GameRecord&& record, std::uint32_t number) override {
    bool v = verbose_ == -1 || verbose_ == index_;
    Trace t(v);
    if (v) std::cout << "game " << index_ << " " << file_ << " #" << number << "\n";
    Replay r;
    Diagnostic d = replay(record, file_, number, ReplayOptions{}, r);
    t.line("replay " + std::string(code_name(d.code)) + " " + std::to_string(d.loc.line) + ":" +
           std::to_string(d.loc.column) + " turn " + std::to_string(d.turn) + " " + d.player + " " + d.reason);
    if (r.game && r.state) {
      std::unique_ptr<State> s;
      const TagPair* setup = record.find_tag("SetUp");
      (void)r.game->new_state(r.rules, setup ? std::string_view(setup->value) : "", s);
      trace_tree(*r.game, r.rules, *s, record.moves, mix(11, static_cast<std::uint64_t>(index_)), t);
    }
    char digest[17];
    std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(t.digest()));
    if (verbose_ == -2) std::cout << index_ << ' ' << file_ << " #" << number << ' ' << digest << '\n';
    ++index_;
    return true;
  }

 private:
  void trace_tree(const Game& game, const RuleSet& rules, State& s, const Line& line, std::uint64_t seed, Trace& t) {
    std::vector<std::string> moves;
    for (const Node& n : line) moves.push_back(n.move);
    auto start = s.clone();
    trace_line(game, rules, s, moves, seed, t);
    // Each variation from the position before the move it replaces.
    auto at = start->clone();
    for (std::size_t i = 0; i < line.size(); ++i) {
      for (const Line& variation : line[i].variations) {
        auto copy = at->clone();
        t.line("variation at " + std::to_string(i));
        trace_tree(game, rules, *copy, variation, mix(seed, i), t);
      }
      if (at->play_turn(line[i].move)) break;
    }
  }

  std::string file_;
  long verbose_;
  long& index_;
};

int trace_samples(int argc, char** argv, long verbose) {
  long index = 0;
  for (int i = 2; i < argc; ++i) {
    if (std::strncmp(argv[i], "--verbose", 9) == 0) continue;
    std::ifstream in(argv[i], std::ios::binary);
    SampleVisitor visitor(argv[i], verbose, index);
    Diagnostic d = read_games(in, argv[i], format_of_path(argv[i]), visitor);
    if (verbose == -2) std::cout << argv[i] << " read " << code_name(d.code) << ' ' << d.loc.line << ':' << d.loc.column << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::strcmp(argv[1], "corpus") == 0) return make_corpus(std::atoi(argv[2]));
  if (argc >= 3 && std::strcmp(argv[1], "trace") == 0) return trace_corpus(argv[2], verbose_game(argc, argv, 3));
  if (argc >= 3 && std::strcmp(argv[1], "samples") == 0) return trace_samples(argc, argv, verbose_game(argc, argv, 2));
  std::cerr << "usage: beyt_engine_trace corpus N | trace FILE [--verbose[=K]] | samples FILE... [--verbose[=K]]\n";
  return 2;
}
