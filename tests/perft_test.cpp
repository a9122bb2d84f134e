// Perft (beyt/perft.hpp) and `beyt perft` (cli/perft.cpp): the counts of
// depth 1 and 2 of every game's default preset against counts made here
// from legal_events() and chance_outcomes() alone, and against counts known
// from the rules; divide against the whole; bulk counting against applying
// every leaf; the stop and the errors, of the library (a toy State that
// lists an event it does not apply) and of the command line. The published
// reference counts (docs/LIBRARY.md, "Perft") are checked by
// Docs.PerftReferenceCounts (tests/docs_test.cpp).
#include <gtest/gtest.h>

#include <numeric>

#include "beyt/perft.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::test;

std::unique_ptr<State> start_of(const Game& game, std::string_view rules_text = "", std::string_view setup = "") {
  RuleSet rules;
  EXPECT_FALSE(game.parse_rules(rules_text, rules)) << game.name() << " " << rules_text;
  std::unique_ptr<State> s;
  EXPECT_FALSE(game.new_state(rules, setup, s)) << game.name() << " " << setup;
  return s;
}

// The events at `s`, from chance_outcomes() at a throw (whose texts
// legal_events() must list, in its order), else from legal_events().
std::vector<std::string> events_at(const State& s) {
  std::vector<std::string> listed = s.legal_events();
  if (s.to_move() != Actor::chance) return listed;
  std::vector<std::string> outcomes;
  for (const ChanceOutcome& o : s.chance_outcomes()) outcomes.push_back(o.text);
  EXPECT_EQ(listed, outcomes) << "at a throw, legal_events() lists the outcomes";
  return outcomes;
}

// Depth 1 and 2 without perft: the events at `s`, and the events after each.
std::array<std::uint64_t, 2> two_plies(const State& s) {
  const std::vector<std::string> first = events_at(s);
  std::array<std::uint64_t, 2> out{first.size(), 0};
  for (const std::string& e : first) {
    std::unique_ptr<State> next = s.clone();
    EXPECT_FALSE(next->apply(e)) << e;
    out[1] += events_at(*next).size();
  }
  return out;
}

// The deepest depth up to 3 whose count, guessed from the growth of the
// ones before, stays under 200 000 (Seega's start: 2; the others: 3).
int cheap_depth(const State& s) {
  std::uint64_t before = 1;
  for (int depth = 1;; ++depth) {
    const std::uint64_t count = perft(s, depth)->leaves.back();
    if (depth == 3 || (before > 0 && count * count / before > 200000)) return depth;
    before = count;
  }
}

TEST(Perft, DepthsOneAndTwoOfEveryGameAreCountedFromTheLists) {
  for (const Game* game : game_table()) {
    auto s = start_of(*game);
    const auto expected = two_plies(*s);
    auto counts = perft(*s, 2);
    ASSERT_TRUE(counts) << game->name() << ": " << counts.error().reason;
    EXPECT_EQ(counts->leaves, (std::vector<std::uint64_t>{expected[0], expected[1]})) << game->name();
    EXPECT_GT(expected[1], 0u) << game->name();
    EXPECT_FALSE(counts->stopped);
    EXPECT_EQ(counts->applied, expected[0]) << "bulk counting applies the first ply only";
  }
}

TEST(Perft, CountsKnownFromTheRules) {
  // Seega under Walker's rules (Walker 2011; docs/RULES.md §Seega): a
  // placing turn puts two pieces on two empty cells, the centre excepted,
  // in either order alike: C(n*n - 1, 2) first turns, then C(n*n - 3, 2).
  const Game& seega = *find_game("seega");
  EXPECT_EQ(perft(*start_of(seega), 2)->leaves, (std::vector<std::uint64_t>{276, 276 * 231}));
  EXPECT_EQ(perft(*start_of(seega, "walker; size=7"), 1)->leaves, (std::vector<std::uint64_t>{1128}));
  EXPECT_EQ(perft(*start_of(seega, "walker; size=9"), 1)->leaves, (std::vector<std::uint64_t>{3160}));
  // Tâb (Lane 1836): a throw of four sticks shows 1, 2, 3, 4 or 6 white sides.
  EXPECT_EQ(perft(*start_of(*find_game("tab")), 1)->leaves, (std::vector<std::uint64_t>{5}));
  // Mankalah (docs/RULES.md §Mankalah): the first turn is the tebweez, 72
  // hasa in twelve counts, one event a beyt: C(72 + d, d) ways to write its
  // first d counts (d < 12).
  EXPECT_EQ(perft(*start_of(*find_game("mankalah")), 3)->leaves,
            (std::vector<std::uint64_t>{73, 73 * 74 / 2, 73 * 74 * 75 / 6}));
}

TEST(Perft, BulkCountingAndApplyingEveryLeafAgree) {
  for (const Game* game : game_table()) {
    auto s = start_of(*game);
    const int depth = cheap_depth(*s);
    auto bulk = perft(*s, depth);
    PerftOptions every;
    every.bulk = false;
    auto applied = perft(*s, depth, every);
    ASSERT_TRUE(bulk && applied) << game->name();
    EXPECT_EQ(bulk->leaves, applied->leaves) << game->name();
    EXPECT_EQ(bulk->applied, std::accumulate(bulk->leaves.begin(), bulk->leaves.end() - 1, std::uint64_t{0}))
        << game->name();
    EXPECT_EQ(applied->applied, std::accumulate(applied->leaves.begin(), applied->leaves.end(), std::uint64_t{0}))
        << game->name();
  }
}

TEST(Perft, DivideSumsToTheWholeAndSplitsByTheFirstEvent) {
  for (const Game* game : game_table()) {
    auto s = start_of(*game);
    const std::string before = s->position_text();
    const int deepest = cheap_depth(*s);
    for (int depth = 1; depth <= deepest; ++depth) {
      auto divide = perft_divide(*s, depth);
      ASSERT_TRUE(divide) << game->name();
      std::vector<std::string> events;
      std::uint64_t sum = 0;
      for (const PerftBranch& b : divide->branches) {
        events.push_back(b.event);
        sum += b.count;
        if (depth == 1) EXPECT_EQ(b.count, 1u);
      }
      EXPECT_EQ(events, s->legal_events()) << game->name();
      EXPECT_EQ(divide->total, sum);
      EXPECT_EQ(divide->total, perft(*s, depth)->leaves.back()) << game->name() << " depth " << depth;
      EXPECT_FALSE(divide->stopped);
    }
    // Depth 2 by hand: each first event's count is the events after it.
    auto divide = perft_divide(*s, 2);
    for (const PerftBranch& b : divide->branches) {
      auto next = s->clone();
      ASSERT_FALSE(next->apply(b.event));
      EXPECT_EQ(b.count, events_at(*next).size()) << game->name() << " " << b.event;
    }
    EXPECT_EQ(s->position_text(), before) << "perft leaves its position as it was";
  }
}

TEST(Perft, DuringATurnAndAtTheEnd) {
  // Tâb after the throws 1 and 2: the uses of the two throws, then the
  // next turn's throws.
  auto tab = start_of(*find_game("tab"));
  ASSERT_FALSE(tab->apply("1"));
  ASSERT_FALSE(tab->apply("2"));
  const auto expected = two_plies(*tab);
  EXPECT_EQ(perft(*tab, 2)->leaves, (std::vector<std::uint64_t>{expected[0], expected[1]}));
  // A finished game lists nothing: every depth counts 0.
  auto over = start_of(*find_game("seega"), "walker", "5/5/5/2S2/5 N move");
  ASSERT_TRUE(over->is_terminal());
  EXPECT_EQ(perft(*over, 3)->leaves, (std::vector<std::uint64_t>{0, 0, 0}));
  EXPECT_TRUE(perft_divide(*over, 2)->branches.empty());
}

TEST(Perft, DepthOutOfRangeIsAnError) {
  auto s = start_of(*find_game("seega"));
  for (int depth : {0, -1, kPerftMaxDepth + 1}) {
    auto counts = perft(*s, depth);
    ASSERT_FALSE(counts);
    EXPECT_EQ(counts.error().code, Code::usage);
    EXPECT_NE(counts.error().reason.find("from 1 to 100, not " + std::to_string(depth)), std::string::npos)
        << counts.error().reason;
    auto divide = perft_divide(*s, depth);
    ASSERT_FALSE(divide);
    EXPECT_EQ(divide.error().code, Code::usage);
  }
}

// A toy game: a complete binary tree, each position listing "a" and "b" up
// to `height` events. `broken` is listed after the events `broken_after`
// too, and does not apply; the stop is requested when the position
// `stop_at` (counted in the order listed) is listed.
struct Toy {
  int height = 3;
  std::string broken_after = "-";  // no position has it
  Stop* stop = nullptr;
  int stop_at = -1;
  int listed = 0;
};

class ToyState final : public State {
 public:
  explicit ToyState(Toy& toy) : State(*find_game("seega")), toy_(&toy) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  bool equals(const State&) const noexcept override { return false; }
  std::uint64_t hash() const noexcept override { return 0; }
  std::string position_text() const override { return path_; }
  Status status() const noexcept override {
    Status s;
    s.outcome = static_cast<int>(path_.size()) >= toy_->height ? Result::draw : Result::unfinished;
    s.to_move = s.whose_turn = s.outcome != Result::unfinished ? Actor::none : Actor::south;
    s.turns_played = static_cast<std::uint32_t>(path_.size());
    return s;
  }
  void list_events(std::vector<Event>* values, std::vector<std::string>* texts, std::vector<double>*) const override {
    if (toy_->listed++ == toy_->stop_at) toy_->stop->request();
    if (is_terminal()) return;
    list_text(values, texts, "a");
    list_text(values, texts, "b");
    if (path_ == toy_->broken_after) list_text(values, texts, "c");
  }
  Error resolve(std::string_view move, std::string* canonical, bool commit) override {
    if (move != "a" && move != "b") return Error{Code::move_syntax, "no such move", 0};
    if (canonical) canonical->assign(move);
    if (commit) path_ += move;
    return Error::none();
  }

 private:
  Toy* toy_;
  std::string path_;
};

TEST(Perft, TheToyTreeCountsPowersOfTwo) {
  Toy toy;
  toy.height = 4;
  ToyState s(toy);
  EXPECT_EQ(perft(s, 6)->leaves, (std::vector<std::uint64_t>{2, 4, 8, 16, 0, 0}));
}

TEST(Perft, AListedEventThatDoesNotApplyIsTheEnginesError) {
  Toy toy;
  toy.broken_after = "ab";
  ToyState s(toy);
  // Bulk counting counts it without applying it ...
  EXPECT_EQ(perft(s, 3)->leaves, (std::vector<std::uint64_t>{2, 4, 9}));
  // ... one ply deeper it is applied and fails, with its place.
  for (bool bulk : {true, false}) {
    PerftOptions o;
    o.bulk = bulk;
    auto counts = perft(s, bulk ? 4 : 3, o);
    ASSERT_FALSE(counts);
    EXPECT_EQ(counts.error().code, Code::move_syntax);
    EXPECT_EQ(counts.error().reason, "perft: 'c' is listed at seega position 'ab' but does not apply: no such move");
  }
  auto divide = perft_divide(s, 4);
  ASSERT_FALSE(divide);
  EXPECT_EQ(divide.error().code, Code::move_syntax);
  toy.broken_after = "";
  divide = perft_divide(s, 1);
  ASSERT_FALSE(divide);
  EXPECT_EQ(divide.error().reason, "perft: 'c' is listed at seega position '' but does not apply: no such move");
}

TEST(Perft, AStopEndsTheWalkAndSaysSo) {
  Toy toy;
  Stop stop;
  toy.stop = &stop;
  ToyState s(toy);
  // Requested before the call: nothing is counted.
  stop.request();
  PerftCounts counts;
  EXPECT_FALSE(perft(s, 3, counts, PerftOptions{&stop}));
  EXPECT_TRUE(counts.stopped);
  EXPECT_EQ(counts.leaves, (std::vector<std::uint64_t>{0, 0, 0}));
  PerftDivide divide;
  EXPECT_FALSE(perft_divide(s, 3, divide, PerftOptions{&stop}));
  EXPECT_TRUE(divide.stopped);
  EXPECT_TRUE(divide.branches.empty());
  // Requested while the third position is listed: the walk ends at the
  // next position, short of the whole.
  Stop later;
  toy.stop = &later;
  toy.listed = 0;
  toy.stop_at = 1;  // "a"
  EXPECT_FALSE(perft(s, 3, counts, PerftOptions{&later}));
  EXPECT_TRUE(counts.stopped);
  EXPECT_LT(counts.leaves[2], 8u);
  // Divide, requested while the first branch is counted: no branch is
  // listed (a branch cut short is left out too).
  Stop in_divide;
  toy.stop = &in_divide;
  toy.listed = 0;
  toy.stop_at = 2;  // the root, "a", then "aa"
  EXPECT_FALSE(perft_divide(s, 3, divide, PerftOptions{&in_divide}));
  EXPECT_TRUE(divide.stopped);
  EXPECT_TRUE(divide.branches.empty());
}

// --- beyt perft ---------------------------------------------------------------

TEST(CliPerft, PrintsADepthALine) {
  CliRun r = run("perft --game seega --depth 2");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "depth 1: 276\ndepth 2: 63756\n");
  r = run("perft --game Seega --rules 'walker; size=7' --depth 1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "depth 1: 1128\n");
}

TEST(CliPerft, DivideAsChessProgramsPrintIt) {
  for (const Game* game : game_table()) {
    CliRun r = run("perft --divide --depth 2 --game " + std::string(game->name()));
    ASSERT_EQ(r.status, 0) << r.out;
    auto divide = perft_divide(*start_of(*game), 2);
    std::string expected;
    for (const PerftBranch& b : divide->branches) expected += b.event + ": " + std::to_string(b.count) + "\n";
    expected += "\nNodes searched: " + std::to_string(divide->total) + "\n";
    EXPECT_EQ(r.out, expected) << game->name();
  }
}

TEST(CliPerft, FromAPositionText) {
  // Mankalah after the opening distribution of its sample (ply 1), and Tâb
  // between turns: the command counts what the library counts there.
  for (const auto& [game, rules, file, ply] :
       {std::tuple<std::string, std::string, std::string, int>{"mankalah", "ghasheem",
                                                                "samples/mankalah/ghasheem-match.beyt", 1},
        {"tab", "lane", "samples/tab/lane-9.beyt", 6}}) {
    CliRun position = run("render " + quote((kRoot / file).string()) + " --format position --ply " + std::to_string(ply));
    ASSERT_EQ(position.status, 0) << position.out;
    const std::string text = position.out.substr(0, position.out.find('\n'));
    CliRun r = run("perft --game " + game + " --rules " + rules + " --position " + quote(text) + " --depth 2");
    ASSERT_EQ(r.status, 0) << r.out;
    auto counts = perft(*start_of(*find_game(game), rules, text), 2);
    EXPECT_EQ(r.out, "depth 1: " + std::to_string(counts->leaves[0]) + "\ndepth 2: " +
                         std::to_string(counts->leaves[1]) + "\n")
        << game;
  }
}

TEST(CliPerft, UsageErrors) {
  const auto usage = [](const std::string& args, const std::string& message) {
    CliRun r = run("perft " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << ": " << r.out;
    EXPECT_EQ(r.out.find("depth 1:"), std::string::npos) << args << ": nothing is counted";
  };
  usage("--depth 2", "beyt perft: no --game given");
  usage("--game seega", "beyt perft: no --depth given (1 to 100)");
  usage("--game nosuchgame --depth 1", "unknown game 'nosuchgame'");
  usage("--game seeg --depth 1", "did you mean 'seega'?");
  usage("--game seega --depth 0", "--depth: '0' is not a whole number from 1 to 100");
  usage("--game seega --depth -2", "is not a whole number from 1 to 100");
  usage("--game seega --depth 101", "--depth: '101' is not a whole number from 1 to 100");
  usage("--game seega --depth x", "--depth: 'x' is not a whole number from 1 to 100");
  usage("--game seega --rules 'walker; size=8' --depth 1", "beyt perft: --rules: ");
  usage("--game tab --position nonsense --depth 1", "beyt perft: --position: ");
  usage("--game tab --depth 1 extra", "unexpected argument 'extra'");
}

}  // namespace
